// Error types. Library code throws; only tools/ decides exit codes and prints.
//   UsageError    -> exit 2: the invocation breaks an option's rule (bad number, d = 1, ...).
//   DomainError   -> exit 1: well-formed request outside where a result is defined or proven.
//   ResourceError -> exit 1: the answer would be too large or too slow; refused up front.
// Messages are one line and name the option or function, the rule and the value.
#pragma once

#include <stdexcept>
#include <string>

namespace bc {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct DomainError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct ResourceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace bc
