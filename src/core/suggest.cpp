// Closest-name suggestions for error messages.
// Optimal string alignment distance (restricted Damerau-Levenshtein), case-insensitive with '-'
// and '_' identified; Wagner-Fischer table, O(|a| |b|) time and memory for words <= 64 chars.
#include "core/suggest.hpp"

#include <algorithm>
#include <cctype>
#include <limits>

namespace bc {

namespace {

constexpr std::size_t kMaxWord = 64;
constexpr std::size_t kFar = std::numeric_limits<std::size_t>::max() / 2;

std::string fold(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = c == '-' ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::size_t edit_distance(std::string_view a_in, std::string_view b_in) {
  if (a_in.size() > kMaxWord || b_in.size() > kMaxWord) return kFar;
  const std::string a = fold(a_in), b = fold(b_in);
  const std::size_t n = a.size(), m = b.size();
  std::vector<std::size_t> d((n + 1) * (m + 1));
  auto at = [&](std::size_t i, std::size_t j) -> std::size_t& { return d[i * (m + 1) + j]; };
  for (std::size_t i = 0; i <= n; ++i) at(i, 0) = i;
  for (std::size_t j = 0; j <= m; ++j) at(0, j) = j;
  for (std::size_t i = 1; i <= n; ++i)
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      std::size_t v = std::min({at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        v = std::min(v, at(i - 2, j - 2) + 1);
      at(i, j) = v;
    }
  return at(n, m);
}

std::vector<std::string> did_you_mean(std::string_view word, const std::vector<std::string>& candidates,
                                      std::size_t max_count) {
  std::vector<std::string> out;
  if (word.empty() || word.size() > kMaxWord) return out;
  if (std::find(candidates.begin(), candidates.end(), word) != candidates.end()) return out;
  const std::size_t limit = std::max<std::size_t>(1, (word.size() + 1) / 3);
  std::vector<std::pair<std::size_t, std::size_t>> scored;  // (distance, index)
  const std::string w = fold(word);
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    std::size_t dist = edit_distance(word, candidates[i]);
    // a prefix of three or more letters ("eps" for "epsilon", "epsilon" for "eps") is close too
    const std::string c = fold(candidates[i]);
    const std::size_t shorter = std::min(w.size(), c.size());
    if (dist > limit && shorter >= 3 && w.compare(0, shorter, c, 0, shorter) == 0) dist = limit;
    if (dist <= limit) scored.emplace_back(dist, i);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  for (const auto& [dist, i] : scored) {
    if (out.size() >= max_count) break;
    if (std::find(out.begin(), out.end(), candidates[i]) == out.end()) out.push_back(candidates[i]);
  }
  return out;
}

std::string suggestion(std::string_view word, const std::vector<std::string>& candidates) {
  std::vector<std::string> best = did_you_mean(word, candidates, 2);
  if (best.size() == 2 && edit_distance(word, best[1]) > edit_distance(word, best[0])) best.pop_back();
  if (best.empty()) return "";
  if (best.size() == 1) return " (did you mean " + best[0] + "?)";
  return " (did you mean " + best[0] + " or " + best[1] + "?)";
}

}  // namespace bc
