// Sweep values from ranges and command-line lists (see table/values.hpp). Exact ranges step in
// FLINT rationals, so 0.1:0.5:0.1 gives 0.1 .. 0.5 with no rounding; log ranges are doubles
// rounded to integers or 6 significant digits. Cost: O(number of values).
#include "table/values.hpp"

#include "core/decimal.hpp"

#include <fmt/format.h>

#include <cmath>
#include <set>

namespace bc::cli::table {

std::vector<std::string> step_range(const Fmpq& a, const Fmpq& b, const Fmpq& s, size_t max_count) {
  // count = floor((b - a)/s) + 1, checked before materialising anything
  Fmpq span;
  fmpq_sub(span.x, b.x, a.x);
  fmpq_div(span.x, span.x, s.x);
  Fmpz cnt;
  fmpz_fdiv_q(cnt.x, fmpq_numref(span.x), fmpq_denref(span.x));
  fmpz_add_ui(cnt.x, cnt.x, 1);  // the values a, a + s, ..., up to b
  if (fmpz_cmp_ui(cnt.x, max_count) > 0)
    throw RangeError(fmt::format("the range has {} values, more than the limit of {}", cnt.str(), max_count));
  std::vector<std::string> out;
  Fmpq v = a;
  for (slong i = 0; i < fmpz_get_si(cnt.x); ++i) {
    out.push_back(v.str());
    fmpq_add(v.x, v.x, s.x);
  }
  return out;
}

std::vector<std::string> log_range(const Fmpq& a, const Fmpq& b, long per_decade, size_t max_count) {
  const double la = std::log10(fmpq_get_d(a.x)), lb = std::log10(fmpq_get_d(b.x));
  const double count = std::floor((lb - la) * static_cast<double>(per_decade) + 1e-9) + 1;
  if (count > static_cast<double>(max_count))
    throw RangeError(fmt::format("the range has {} values, more than the limit of {}", count, max_count));
  // integers when both ends are integers (head counts, dimensions), else 6 significant digits
  const bool integral = fmpz_is_one(fmpq_denref(a.x)) && fmpz_is_one(fmpq_denref(b.x));
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (long k = 0; k < static_cast<long>(count); ++k) {
    const double v = std::pow(10.0, la + static_cast<double>(k) / static_cast<double>(per_decade));
    std::string s;
    if (integral) {
      if (v >= 9.0e15) throw RangeError("log-spaced integers above 9e15 are not supported; give a list");
      s = fmt::format("{}", static_cast<long long>(std::llround(v)));
    } else {
      s = fmt::format("{:.6g}", v);
    }
    if (seen.insert(s).second) out.push_back(s);
  }
  return out;
}

namespace {

// the most values one command-line option may spell out: what a command's own list option accepts
// (parse_uint_list), so that an over-long range is refused before 10^7 strings are built
constexpr size_t kMaxListValues = 1000000;

/// Splits at commas outside parentheses ("1,log(1,1e6,4)" -> two parts).
std::vector<std::string> split_top(const std::string& v) {
  std::vector<std::string> parts;
  std::string cur;
  int depth = 0;
  for (char c : v) {
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == ',' && depth == 0) {
      parts.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  parts.push_back(cur);
  return parts;
}

bool numeric_word(const std::string& w) {
  if (w.empty()) return false;
  if (parse_exact_rational(w)) return true;
  // angles such as pi/6, 2*pi/3 (the command parses them; here we only recognise the shape)
  return w.find("pi") != std::string::npos && w.find_first_not_of("0123456789.+-*/epi") == std::string::npos;
}

/// "log(from,to,per_decade)" spelled out.
std::vector<std::string> log_values(const std::string& opt, const std::string& p) {
  auto args = split_top(p.substr(4, p.size() - 5));
  std::optional<Fmpq> a, b, k;
  if (args.size() == 3)
    a = parse_exact_rational(args[0]), b = parse_exact_rational(args[1]), k = parse_exact_rational(args[2]);
  if (!a || !b || !k || fmpq_sgn(a->x) <= 0 || fmpq_cmp(a->x, b->x) > 0 || !fmpz_is_one(fmpq_denref(k->x)) ||
      fmpz_cmp_si(fmpq_numref(k->x), 1) < 0 || fmpz_cmp_si(fmpq_numref(k->x), 1000) > 0)
    throw UsageError(fmt::format(
        "--{} log(from,to,per_decade) needs 0 < from <= to and per_decade in 1..1000, got \"{}\"", opt, p));
  return log_range(*a, *b, fmpz_get_si(fmpq_numref(k->x)), kMaxListValues);
}

/// "a:b" or "a:b:step" spelled out; nullopt when the ends are not numbers (the command decides).
std::optional<std::vector<std::string>> colon_values(const std::string& opt, const std::string& p,
                                                     size_t c1) {
  const auto c2 = p.find(':', c1 + 1);
  auto a = parse_exact_rational(p.substr(0, c1));
  auto b = parse_exact_rational(p.substr(c1 + 1, c2 == std::string::npos ? std::string::npos : c2 - c1 - 1));
  std::optional<Fmpq> st =
      c2 == std::string::npos ? std::optional<Fmpq>(Fmpq(1, 1)) : parse_exact_rational(p.substr(c2 + 1));
  if (!a || !b || !st) return std::nullopt;
  if (fmpq_sgn(st->x) <= 0 || fmpq_cmp(a->x, b->x) > 0)
    throw UsageError(fmt::format("--{} ranges need a <= b and step > 0, got \"{}\"", opt, p));
  try {
    return step_range(*a, *b, *st, kMaxListValues);
  } catch (const UsageError& e) {
    throw UsageError(
        fmt::format("--{} must be a list of at most {} values: {}", opt, kMaxListValues, e.what()));
  }
}

}  // namespace

std::optional<std::vector<std::string>> cli_values(const std::string& opt, const std::string& value) {
  auto parts = split_top(value);
  bool any_list = parts.size() > 1;
  std::vector<std::string> out;
  for (const auto& p : parts) {
    if (p.rfind("log(", 0) == 0 && p.back() == ')') {
      auto vals = log_values(opt, p);
      out.insert(out.end(), vals.begin(), vals.end());
      any_list = true;
      continue;
    }
    if (const auto c1 = p.find(':'); c1 != std::string::npos) {
      auto vals = colon_values(opt, p, c1);
      if (!vals) return std::nullopt;
      out.insert(out.end(), vals->begin(), vals->end());
      any_list = true;
      continue;
    }
    if (!numeric_word(p)) return std::nullopt;
    out.push_back(p);
  }
  if (!any_list) return std::nullopt;
  return out;
}

}  // namespace bc::cli::table
