#include "output/atomic_file.hpp"

#include "core/errors.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <csignal>
#include <cstring>

namespace bc::out {

namespace {
// The temporary's name, for the signal handler (async-signal-safe: a fixed buffer and unlink).
char g_tmp_path[4096] = {0};
volatile sig_atomic_t g_tmp_live = 0;

extern "C" void remove_tmp_and_die(int sig) {
  if (g_tmp_live) unlink(g_tmp_path);
  signal(sig, SIG_DFL);
  raise(sig);
}

struct SignalGuard {
  struct sigaction old_int {
  }, old_term{}, old_hup{};
  SignalGuard() {
    struct sigaction sa {};
    sa.sa_handler = remove_tmp_and_die;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    sigaction(SIGHUP, &sa, &old_hup);
  }
  ~SignalGuard() {
    sigaction(SIGINT, &old_int, nullptr);
    sigaction(SIGTERM, &old_term, nullptr);
    sigaction(SIGHUP, &old_hup, nullptr);
  }
};

[[noreturn]] void fail(const std::string& path, const char* what, int err) {
  if (g_tmp_live) {
    unlink(g_tmp_path);
    g_tmp_live = 0;
  }
  throw ResourceError(fmt::format("--output: cannot {} \"{}\": {}", what, path, std::strerror(err)));
}
}  // namespace

void write_atomic(const std::string& path, const std::string& text) {
  if (path.empty()) throw UsageError("--output must be a file name, got \"\"");
  std::string tmpl = path + ".tmp.XXXXXX";
  if (tmpl.size() >= sizeof(g_tmp_path)) throw UsageError("--output: path too long");
  SignalGuard guard;
  std::memcpy(g_tmp_path, tmpl.c_str(), tmpl.size() + 1);
  int fd = mkstemp(g_tmp_path);
  if (fd < 0) fail(path, "create a temporary file beside", errno);
  g_tmp_live = 1;
  const char* p = text.data();
  size_t left = text.size();
  while (left > 0) {
    ssize_t n = write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      int e = errno;
      close(fd);
      fail(path, "write", e);
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  if (fchmod(fd, 0644) != 0 || fsync(fd) != 0) {
    int e = errno;
    close(fd);
    fail(path, "flush", e);
  }
  if (close(fd) != 0) fail(path, "close", errno);
  if (rename(g_tmp_path, path.c_str()) != 0) fail(path, "rename onto", errno);
  g_tmp_live = 0;
}

}  // namespace bc::out
