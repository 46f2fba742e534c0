#include "parse.hpp"

#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "core/flint.hpp"
#include "output/cell_value.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cmath>

namespace bc::cli {

namespace {
std::string quoted(const std::string& v) {
  std::string s = out::clip_digits(v);  // a 5000-digit value as "7777777777...(5,000 digits)"
  if (s.size() > 60) s = s.substr(0, 57) + "...";
  for (char& c : s)
    if (!std::isprint(static_cast<unsigned char>(c))) c = '?';
  return "\"" + s + "\"";
}
std::string rule(std::uint64_t lo, std::uint64_t hi) {
  if (hi == max_index) return fmt::format("an integer >= {}", lo);
  return fmt::format("an integer in [{}, {}]", lo, hi);
}
bool all_digits(const std::string& s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string::npos;
}

/// An exactly integral value written as 1e6, 1.5e3, 1000000.0 or 10^6, as its decimal digits
/// (issue 20 §3: what a spec, verify --expr and Python's floats already accept). Returns
/// `value` unchanged when it is none of these forms; "" when it is one of them but not an
/// integer; throws too_large() when it would have more than max_digits digits (made only then: a
/// million list values are parsed in a sweep's pricing, and a message formatted for each took half
/// of it).
template <class TooLarge>
std::string integral_digits(const std::string& value, size_t max_digits, const TooLarge& too_large) {
  if (all_digits(value)) return value;
  if (const auto caret = value.find('^'); caret != std::string::npos) {
    const std::string b = value.substr(0, caret), e = value.substr(caret + 1);
    if (!all_digits(b) || !all_digits(e) || b.size() > 20 || e.size() > 9) return value;
    const double base = std::stod(b), ex = std::stod(e);
    if (base > 1 && ex * std::log10(base) > static_cast<double>(max_digits)) throw too_large();
    Fmpz r, bb;
    fmpz_set_str(bb.x, b.c_str(), 10);
    fmpz_pow_ui(r.x, bb.x, static_cast<ulong>(ex));
    return r.str();
  }
  // mantissa digits[.digits] and an optional exponent e[+]digits (no sign: options are >= 0)
  const auto epos = value.find_first_of("eE");
  const std::string mant = value.substr(0, epos),
                    ex = epos == std::string::npos ? "0" : value.substr(epos + 1);
  const auto dot = mant.find('.');
  const std::string ip = mant.substr(0, dot), fp = dot == std::string::npos ? "" : mant.substr(dot + 1);
  const std::string exd = !ex.empty() && ex[0] == '+' ? ex.substr(1) : ex;
  if (ip.empty() || (!fp.empty() && !all_digits(fp)) || !all_digits(ip) || !all_digits(exd) ||
      exd.size() > 6 || (dot == std::string::npos && epos == std::string::npos))
    return value;
  const long shift = std::stol(exd) - static_cast<long>(fp.size());  // value = ip fp * 10^shift
  std::string digits = ip + fp;
  if (shift >= 0) {
    if (digits.size() + static_cast<size_t>(shift) > max_digits + 1) throw too_large();
    digits.append(static_cast<size_t>(shift), '0');
  } else {
    const size_t drop = static_cast<size_t>(-shift);
    if (drop > digits.size()) return digits.find_first_not_of('0') == std::string::npos ? "0" : "";
    if (digits.find_first_not_of('0', digits.size() - drop) != std::string::npos) return "";  // 1.5, 2.5e0
    digits.resize(digits.size() - drop);
  }
  const auto nz = digits.find_first_not_of('0');
  return nz == std::string::npos ? "0" : digits.substr(nz);
}
}  // namespace

std::uint64_t parse_uint(const std::string& opt, const std::string& value, std::uint64_t lo,
                         std::uint64_t hi) {
  auto bad = [&](const std::string& why = "") {
    return UsageError(fmt::format("{} must be {}{}, got {}", opt, rule(lo, hi), why, quoted(value)));
  };
  const std::string digits = integral_digits(value, 20, [&] { return bad(" (too large)"); });
  if (digits.empty()) throw bad(" (not an integer)");
  if (digits.size() > 20) throw bad(" (too large)");
  std::uint64_t v = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') throw bad();
    std::uint64_t digit = static_cast<std::uint64_t>(c - '0');
    if (v > (UINT64_MAX - digit) / 10) throw bad(" (too large)");
    v = v * 10 + digit;
  }
  if (v < lo) throw bad();
  if (v > hi) throw bad(hi == max_index ? " and <= 2^62" : "");
  return v;
}

Fmpq parse_rational(const std::string& opt, const std::string& value) {
  auto q = parse_exact_rational(value);
  if (!q)
    throw UsageError(fmt::format("{} must be a decimal number (e.g. 0.3, -1e-4) or a fraction p/q, got {}",
                                 opt, quoted(value)));
  return *q;
}

Fmpz parse_bigint(const std::string& opt, const std::string& value, std::uint64_t lo, long max_digits) {
  auto bad = [&]() {
    return UsageError(fmt::format("{} must be an integer >= {} (at most {} digits), got {}", opt, lo,
                                  max_digits, quoted(value)));
  };
  const std::string digits = integral_digits(value, static_cast<size_t>(max_digits), bad);
  if (digits.empty() || static_cast<long>(digits.size()) > max_digits) throw bad();
  for (char c : digits)
    if (c < '0' || c > '9') throw bad();
  Fmpz out;
  fmpz_set_str(out.x, digits.c_str(), 10);
  if (fmpz_cmp_ui(out.x, lo) < 0) throw bad();
  return out;
}

std::vector<std::uint64_t> parse_uint_list(const std::string& opt, const std::string& value, std::uint64_t lo,
                                           std::uint64_t hi, size_t max_count) {
  std::vector<std::uint64_t> out;
  auto bad = [&](const std::string& why) {
    return UsageError(
        fmt::format("{} must be integers or ranges a:b[:step] in [{}, {}] separated by commas{}, got {}", opt,
                    lo, hi, why, quoted(value)));
  };
  if (value.empty()) throw bad("");
  size_t start = 0;
  while (start <= value.size()) {
    size_t comma = value.find(',', start);
    std::string item = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    std::vector<std::string> parts;
    size_t s0 = 0;
    for (;;) {
      size_t c = item.find(':', s0);
      parts.push_back(item.substr(s0, c == std::string::npos ? std::string::npos : c - s0));
      if (c == std::string::npos) break;
      s0 = c + 1;
    }
    if (parts.size() > 3) throw bad("");
    std::vector<std::uint64_t> v;
    for (const auto& p : parts) {
      try {
        v.push_back(parse_uint(opt, p, 0, UINT64_MAX >> 2));
      } catch (const UsageError&) {
        throw bad(
            fmt::format(" ({} is not an integer below 2^62, which a list's values must be)", quoted(p)));
      }
    }
    std::uint64_t a = v[0], b = v.size() > 1 ? v[1] : v[0], step = v.size() > 2 ? v[2] : 1;
    if (step == 0 || b < a) throw bad(" (ranges need a <= b and step >= 1)");
    if (a < lo || b > hi) throw bad("");
    if ((b - a) / step + 1 > max_count || out.size() + (b - a) / step + 1 > max_count)
      throw bad(fmt::format(" (at most {} values)", max_count));
    for (std::uint64_t x = a; x <= b; x += step) {
      out.push_back(x);
      if (x > b - step) break;  // no overflow past b
    }
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

void parse_angle(const std::string& opt, const std::string& value, Fmpq& coef, bool& times_pi) {
  auto bad = [&]() {
    return UsageError(
        fmt::format("{} must be radians (0.5, 1/3) or a rational multiple of pi (pi/6, 2*pi/3), got {}", opt,
                    quoted(value)));
  };
  auto pos = value.find("pi");
  if (pos == std::string::npos) {
    auto q = parse_exact_rational(value);
    if (!q) throw bad();
    coef = *q;
    times_pi = false;
    return;
  }
  std::string before = value.substr(0, pos), after = value.substr(pos + 2);
  Fmpq a(1, 1), b(1, 1);
  if (!before.empty()) {
    if (before.back() == '*') before.pop_back();
    if (before.empty()) throw bad();
    auto q = parse_exact_rational(before);
    if (!q) throw bad();
    a = *q;
  }
  if (!after.empty()) {
    // one divisor only: "pi/6/2" is not pi/3
    if (after[0] != '/' || after.find('/', 1) != std::string::npos) throw bad();
    auto q = parse_exact_rational(after.substr(1));
    if (!q || fmpq_is_zero(q->x)) throw bad();
    b = *q;
  }
  fmpq_div(coef.x, a.x, b.x);
  times_pi = true;
}

std::string parse_choice(const std::string& opt, const std::string& value,
                         std::initializer_list<const char*> choices) {
  for (const char* c : choices)
    if (value == c) return value;
  throw UsageError(fmt::format("{} must be one of {}, got {}", opt, fmt::join(choices, "|"), quoted(value)));
}

}  // namespace bc::cli
