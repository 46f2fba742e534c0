// Runs the boundcheck executable with arguments and captures stdout, stderr and the exit code
// (posix_spawn with both streams redirected to temporary files; no shell involved).
#pragma once

#include <string>
#include <vector>

namespace bc::test {

struct Run {
  int code = -1;
  std::string out, err;
  bool timed_out = false;  ///< killed after timeout_seconds (code is then 128 + SIGKILL)
};

/// Runs boundcheck; kills it after timeout_seconds (generous: a safety net against hangs, not a
/// timing assertion). `env` entries "NAME=value" are added to the environment; `cwd`, when not
/// empty, is the working directory of the run.
Run run_boundcheck(const std::vector<std::string>& args, double timeout_seconds = 600,
                   const std::vector<std::string>& env = {}, const std::string& cwd = {});

/// Number of '\n'-terminated lines in s.
size_t line_count(const std::string& s);

}  // namespace bc::test
