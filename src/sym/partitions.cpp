// Partitions: enumeration (reverse lexicographic), p(n) by Euler's pentagonal recurrence,
// z_lambda. Cost: O(p(n) n) for the enumeration, O(n^1.5) for p(n).
#include "sym/partitions.hpp"

#include "core/errors.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace bc::sym {

std::uint64_t partition_count(ulong n) {
  if (n > max_partition_index)
    throw DomainError(fmt::format("partition_count: n must be <= {}, got {}", max_partition_index, n));
  // p(m) = sum_{k>=1} (-1)^{k+1} [p(m - k(3k-1)/2) + p(m - k(3k+1)/2)]
  std::vector<std::int64_t> p(n + 1, 0);
  p[0] = 1;
  for (ulong m = 1; m <= n; ++m) {
    std::int64_t s = 0;
    for (ulong k = 1;; ++k) {
      const ulong g1 = k * (3 * k - 1) / 2, g2 = k * (3 * k + 1) / 2;
      if (g1 > m) break;
      const std::int64_t sign = (k % 2) ? 1 : -1;
      s += sign * p[m - g1];
      if (g2 <= m) s += sign * p[m - g2];
    }
    p[m] = s;
  }
  return static_cast<std::uint64_t>(p[n]);
}

std::uint64_t partition_count_rows(ulong n, ulong rows) {
  if (n > max_partition_index)
    throw DomainError(fmt::format("partition_count_rows: n must be <= {}, got {}", max_partition_index, n));
  // partitions of n into parts of size <= rows (conjugation), coin-change recurrence
  const ulong r = std::min(rows, n);
  std::vector<std::uint64_t> q(n + 1, 0);
  q[0] = 1;
  for (ulong part = 1; part <= r; ++part)
    for (ulong m = part; m <= n; ++m) q[m] += q[m - part];
  return q[n];
}

std::vector<Partition> partitions(ulong n) {
  std::vector<Partition> out;
  if (n == 0) {
    out.emplace_back();
    return out;
  }
  // reverse lexicographic successor: find the rightmost part > 1, decrease it, redistribute
  Partition a{static_cast<std::uint32_t>(n)};
  for (;;) {
    out.push_back(a);
    ulong ones = 0;
    while (!a.empty() && a.back() == 1) a.pop_back(), ++ones;
    if (a.empty()) break;
    const std::uint32_t k = --a.back();
    ulong rest = ones + 1;
    while (rest > 0) {
      const std::uint32_t piece = static_cast<std::uint32_t>(std::min<ulong>(k, rest));
      a.push_back(piece);
      rest -= piece;
    }
  }
  return out;
}

ulong weight(const Partition& p) {
  ulong s = 0;
  for (auto v : p) s += v;
  return s;
}

std::string partition_str(const Partition& p) {
  if (p.empty()) return "0";
  std::string s;
  for (size_t i = 0; i < p.size();) {
    size_t j = i;
    while (j < p.size() && p[j] == p[i]) ++j;
    s += (i ? " " : "") + std::to_string(p[i]);
    if (j - i > 1) s += "^" + std::to_string(j - i);
    i = j;
  }
  return s;
}

namespace {

// A token of the notation: "k" or "k^m" (m copies of the part k); false if malformed.
bool parse_run(const std::string& tok, std::uint64_t& part, std::uint64_t& reps) {
  const auto caret = tok.find('^');
  const std::string a = tok.substr(0, caret), b = caret == std::string::npos ? "1" : tok.substr(caret + 1);
  for (const std::string* s : {&a, &b})
    if (s->empty() || s->size() > 7 || s->find_first_not_of("0123456789") != std::string::npos) return false;
  part = std::stoull(a);
  reps = std::stoull(b);
  return true;
}

}  // namespace

Partition parse_partition(const std::string& opt, const std::string& text) {
  auto bad = [&](const char* why) {
    std::string shown = text.size() > 60 ? text.substr(0, 57) + "..." : text;
    return UsageError(
        fmt::format("{} must be a partition: non-increasing positive parts, in exponent "
                    "notation (3 1^2) or joined by '+' (3+1+1){}, got \"{}\"",
                    opt, why, shown));
  };
  // Tokens are separated by ' ' or '+'; an empty token ("3++1", "+3", "3+") is malformed.
  Partition p;
  std::uint64_t total = 0;
  for (size_t i = 0; i <= text.size();) {
    const size_t j = std::min(text.find_first_of(" +", i), text.size());
    std::uint64_t part = 0, reps = 0;
    if (!parse_run(text.substr(i, j - i), part, reps)) throw bad("");
    if (part == 0) throw bad(" (parts are positive)");
    if (part > 1000000) throw bad(" (part too large)");
    if (reps == 0) throw bad(" (an exponent must be positive)");
    if (!p.empty() && part > p.back()) throw bad(" (parts must not increase)");
    if ((total += reps) > 1000000) throw bad(" (too many parts)");
    p.insert(p.end(), reps, static_cast<std::uint32_t>(part));
    i = j + 1;
  }
  return p;
}

void part_product(fmpz_t res, const Partition& p) {
  fmpz_one(res);
  for (auto v : p) fmpz_mul_ui(res, res, v);
}

void multiplicity_factorials(fmpz_t res, const Partition& p) {
  fmpz_one(res);
  Fmpz f;
  for (size_t i = 0; i < p.size();) {
    size_t j = i;
    while (j < p.size() && p[j] == p[i]) ++j;
    fmpz_fac_ui(f.x, j - i);
    fmpz_mul(res, res, f.x);
    i = j;
  }
}

void z_lambda(fmpz_t res, const Partition& p) {
  Fmpz a;
  part_product(a.x, p);
  multiplicity_factorials(res, p);
  fmpz_mul(res, res, a.x);
}

}  // namespace bc::sym
