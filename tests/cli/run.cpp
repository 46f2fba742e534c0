#include "run.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace bc::test {

namespace {
std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
}  // namespace

Run run_boundcheck(const std::vector<std::string>& args, double timeout_seconds,
                   const std::vector<std::string>& env, const std::string& cwd) {
  char out_tmpl[] = "/tmp/bc_cli_out_XXXXXX", err_tmpl[] = "/tmp/bc_cli_err_XXXXXX";
  int out_fd = mkstemp(out_tmpl), err_fd = mkstemp(err_tmpl);
  if (out_fd < 0 || err_fd < 0) throw std::runtime_error("mkstemp failed");
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, out_fd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&fa, err_fd, STDERR_FILENO);
  posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&fa, cwd.c_str());
  std::vector<std::string> argv_s{BOUNDCHECK_EXE};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& s : argv_s) argv.push_back(s.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_s;
  for (char** e = environ; *e != nullptr; ++e) env_s.emplace_back(*e);
  env_s.insert(env_s.end(), env.begin(), env.end());
  std::vector<char*> envp;
  for (auto& e : env_s) envp.push_back(e.data());
  envp.push_back(nullptr);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, BOUNDCHECK_EXE, &fa, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&fa);
  close(out_fd);
  close(err_fd);
  if (rc != 0) throw std::runtime_error("posix_spawn failed");
  int status = 0;
  Run r;
  const auto start = std::chrono::steady_clock::now();
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > timeout_seconds) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      r.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = slurp(out_tmpl);
  r.err = slurp(err_tmpl);
  unlink(out_tmpl);
  unlink(err_tmpl);
  return r;
}

size_t line_count(const std::string& s) {
  size_t n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

}  // namespace bc::test
