// Error types. Library code throws; only tools/ decides exit codes and prints.
//   UsageError    -> exit 2: the invocation breaks an option's rule (bad number, d = 1, ...).
//   DomainError   -> exit 1: well-formed request outside where a result is defined or proven.
//   ResourceError -> exit 1: the answer would be too large or too slow; refused up front.
// Messages are one line and name the option or function, the rule and the value.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

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

/// Every problem of an input file at once (a catalogue's each malformed entry, each with its
/// file:line:column): a usage error (exit 2) that the CLI prints one line per problem; what() holds
/// them joined by newlines.
struct InputErrors : UsageError {
  explicit InputErrors(std::vector<std::string> each) : UsageError(join(each)), lines(std::move(each)) {}
  std::vector<std::string> lines;

 private:
  static std::string join(const std::vector<std::string>& v) {
    std::string s;
    for (const auto& l : v) s += (s.empty() ? "" : "\n") + l;
    return s;
  }
};

}  // namespace bc
