// Runs the boundcheck executable with arguments and captures stdout, stderr and the exit code
// (posix_spawn with both streams redirected to temporary files; no shell involved).
#pragma once

#include <string>
#include <vector>

namespace bc::test {

struct Run {
  int code = -1;
  std::string out, err;
};

Run run_boundcheck(const std::vector<std::string>& args);

/// Number of '\n'-terminated lines in s.
size_t line_count(const std::string& s);

}  // namespace bc::test
