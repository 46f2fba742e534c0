// The values a sweep axis stands for, in both spellings users type them: a spec's
// `{ from, to, step | per_decade }` ranges (tools/table/spec.cpp reads the TOML, these functions
// make the values) and the command line's "a,b,c", "a:b[:step]" and "log(from,to,per_decade)"
// (cli_values). Values are the exact text a user would type after the option, so the command's
// own parser validates each one. Cost: O(number of values).
#pragma once

#include "core/errors.hpp"
#include "core/flint.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace bc::cli::table {

/// A range whose size or shape is refused (a UsageError: the caller adds the file, line and field).
struct RangeError : UsageError {
  using UsageError::UsageError;
};

/// from, from + step, ..., <= to, exactly (as printed rationals). Throws RangeError above max_count.
std::vector<std::string> step_range(const Fmpq& from, const Fmpq& to, const Fmpq& step, size_t max_count);
/// per_decade log-spaced values from..to (integers, deduplicated, when both ends are integers;
/// else 6 significant digits). Throws RangeError above max_count.
std::vector<std::string> log_range(const Fmpq& from, const Fmpq& to, long per_decade, size_t max_count);

/// The values a command-line value stands for, or nullopt if it is one plain value:
/// "a,b,c", "a:b" and "a:b:step" (exact arithmetic), "log(from,to,per_decade)" (log-spaced;
/// integers when both ends are). Throws UsageError naming the option on a malformed range.
std::optional<std::vector<std::string>> cli_values(const std::string& opt, const std::string& value);

}  // namespace bc::cli::table
