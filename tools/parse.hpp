// Validation at the CLI boundary (STYLE.md: the parser owns exit codes). Every numeric option is
// taken as text and parsed here, so that each bad value gets the same one-line message:
//   --d must be an integer >= 2, got "1"
// All functions throw bc::UsageError (exit code 2).
#pragma once

#include "core/flint.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace bc::cli {

/// Largest integer parameter accepted (d, l, ...): 2^62, so that sums like 2l+d stay in 64 bits.
inline constexpr std::uint64_t max_index = std::uint64_t{1} << 62;

/// Decimal integer in [lo, hi]; rejects signs, spaces, exponents, empty text and overflow.
std::uint64_t parse_uint(const std::string& opt, const std::string& value, std::uint64_t lo,
                         std::uint64_t hi = max_index);

/// Exact rational from decimal ("0.3", "-1e-4") or fraction ("3/10") notation.
Fmpq parse_rational(const std::string& opt, const std::string& value);

/// Nonnegative big integer (decimal digits only, at most max_digits of them).
Fmpz parse_bigint(const std::string& opt, const std::string& value, std::uint64_t lo,
                  long max_digits = 10000);

/// Comma-separated integers and inclusive ranges "a:b" or "a:b:step"; at most max_count values.
std::vector<std::uint64_t> parse_uint_list(const std::string& opt, const std::string& value, std::uint64_t lo,
                                           std::uint64_t hi, size_t max_count = 1000000);

/// An angle: radians as an exact decimal or fraction ("0.5", "1/3"), or a rational multiple of
/// pi ("pi", "pi/6", "2*pi/3", "2pi/3", "0.25*pi"). Sets times_pi accordingly.
void parse_angle(const std::string& opt, const std::string& value, Fmpq& coef, bool& times_pi);

/// A choice among names; message lists them.
std::string parse_choice(const std::string& opt, const std::string& value,
                         std::initializer_list<const char*> choices);

}  // namespace bc::cli
