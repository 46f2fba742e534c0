// Helpers for the unit tests: reference-data loading and ball comparisons.
// Accuracy claims are checked by interval containment or by digit counts, never with
// doctest::Approx (STYLE.md).
#pragma once

#include "core/flint.hpp"

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace bc::test {

/// Rows of a data/ CSV file (comment lines starting with '#' and the header are skipped).
std::vector<std::vector<std::string>> read_csv(const std::string& name);

/// Ball around a decimal reference printed with `digits` significant digits: radius one unit in
/// the last printed digit (the published-value rule of STYLE.md).
Arb decimal_ball(const std::string& text, long digits, slong prec = 512);

/// True if the two balls overlap.
bool overlaps(const arb_t a, const arb_t b);

/// Number of leading decimal digits in which the midpoints of a and b agree (relative).
double agreeing_digits(const arb_t a, const arb_t b);

/// The arguments streamed into one string. For INFO contexts that name structured bindings:
/// doctest's INFO captures its expression in a lambda, and clang 14 (the sanitizer build) refuses
/// to capture a structured binding, so the message is built first: `const auto w = cat(...);
/// INFO(w);`.
template <class... T>
std::string cat(const T&... v) {
  std::ostringstream s;
  (s << ... << v);
  return s.str();
}

/// Seed for randomised tests: BOUNDCHECK_SEED or a fixed default; printed by the caller.
std::uint64_t test_seed();

}  // namespace bc::test
