// Resource limits: requests whose output or cost would exceed these are refused up front with
// the estimate (PRODUCT.md "Errors"). One place, so the CLI help and the refusals agree.
#pragma once

#include <cstdint>
#include <string>

namespace bc::limits {

/// Largest exact integer printed, in decimal digits (a 10 MB number).
inline constexpr double max_integer_digits = 1.0e7;
/// Largest total output of one command, in characters.
inline constexpr double max_output_chars = 2.0e8;
/// Largest --digits accepted.
inline constexpr long max_digits = 20000;
/// Largest working precision any adaptive loop may reach, in bits.
inline constexpr long max_working_bits = 4000000;
/// Largest estimated cost of one evaluation, in "bit-operations" (terms x working bits); about a
/// minute of work on one core.
inline constexpr double max_bit_operations = 5.0e11;

/// Throws ResourceError("<what>: estimated <estimate> exceeds the limit <limit> (<hint>)").
[[noreturn]] void refuse(const std::string& what, double estimate, double limit, const std::string& unit,
                         const std::string& hint);

/// Refuses if estimate > limit.
void check(const std::string& what, double estimate, double limit, const std::string& unit,
           const std::string& hint);

}  // namespace bc::limits
