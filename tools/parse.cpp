#include "parse.hpp"

#include "core/decimal.hpp"
#include "core/errors.hpp"

#include <fmt/format.h>

#include <cctype>

namespace bc::cli {

namespace {
std::string quoted(const std::string& v) {
  std::string s = v.size() > 60 ? v.substr(0, 57) + "..." : v;
  for (char& c : s)
    if (!std::isprint(static_cast<unsigned char>(c))) c = '?';
  return "\"" + s + "\"";
}
std::string rule(std::uint64_t lo, std::uint64_t hi) {
  if (hi == max_index) return fmt::format("an integer >= {}", lo);
  return fmt::format("an integer in [{}, {}]", lo, hi);
}
}  // namespace

std::uint64_t parse_uint(const std::string& opt, const std::string& value, std::uint64_t lo,
                         std::uint64_t hi) {
  auto bad = [&](const std::string& why = "") {
    return UsageError(fmt::format("{} must be {}{}, got {}", opt, rule(lo, hi), why, quoted(value)));
  };
  if (value.empty() || value.size() > 20) throw bad(value.size() > 20 ? " (too large)" : "");
  std::uint64_t v = 0;
  for (char c : value) {
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

std::string parse_choice(const std::string& opt, const std::string& value,
                         std::initializer_list<const char*> choices) {
  for (const char* c : choices)
    if (value == c) return value;
  throw UsageError(fmt::format("{} must be one of {}, got {}", opt, fmt::join(choices, "|"), quoted(value)));
}

}  // namespace bc::cli
