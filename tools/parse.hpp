// Validation at the CLI boundary (STYLE.md: the parser owns exit codes). Every numeric option is
// taken as text and parsed here, so that each bad value gets the same one-line message:
//   --d must be an integer >= 2, got "1"
// All functions throw bc::UsageError (exit code 2).
#pragma once

#include "core/flint.hpp"

#include <cstdint>
#include <string>

namespace bc::cli {

/// Largest integer parameter accepted (d, l, ...): 2^62, so that sums like 2l+d stay in 64 bits.
inline constexpr std::uint64_t max_index = std::uint64_t{1} << 62;

/// Decimal integer in [lo, hi]; rejects signs, spaces, exponents, empty text and overflow.
std::uint64_t parse_uint(const std::string& opt, const std::string& value, std::uint64_t lo,
                         std::uint64_t hi = max_index);

/// Exact rational from decimal ("0.3", "-1e-4") or fraction ("3/10") notation.
Fmpq parse_rational(const std::string& opt, const std::string& value);

/// A choice among names; message lists them.
std::string parse_choice(const std::string& opt, const std::string& value,
                         std::initializer_list<const char*> choices);

}  // namespace bc::cli
