#include "output/atomic_file.hpp"

#include "core/errors.hpp"
#include "core/limits.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

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

namespace {

/// Writes all of `text` to `fd`, retrying short writes and EINTR. Returns 0 or the errno.
int write_all(int fd, const std::string& text) {
  const char* p = text.data();
  size_t left = text.size();
  while (left > 0) {
    const ssize_t n = write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  return 0;
}

/// The descriptor a /dev/stdout, /dev/stderr, /dev/fd/N or /proc/self/fd/N name stands for, or
/// -1. Writing to the open descriptor (not reopening the name) keeps the shell's redirection,
/// including its O_APPEND.
int std_stream_fd(const std::string& path) {
  if (path == "/dev/stdout") return 1;
  if (path == "/dev/stderr") return 2;
  for (const char* prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    const std::string pre(prefix);
    if (path.rfind(pre, 0) != 0 || path.size() == pre.size() || path.size() > pre.size() + 6) continue;
    const std::string digits = path.substr(pre.size());
    if (digits.find_first_not_of("0123456789") != std::string::npos) return -1;
    return std::stoi(digits);
  }
  return -1;
}

/// Opens a device or FIFO for writing. A FIFO nobody reads yet (ENXIO with O_NONBLOCK) is retried
/// every 50 ms until the time limit, not waited on forever by a blocking open; the descriptor is
/// made blocking again for the write.
int open_write_through(const std::string& shown, const std::string& target) {
  for (;;) {
    const int fd = open(target.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
    if (fd >= 0) {
      const int flags = fcntl(fd, F_GETFL);
      if (flags >= 0) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
      return fd;
    }
    const int err = errno;
    struct stat st {};
    if (err != ENXIO || stat(target.c_str(), &st) != 0 || !S_ISFIFO(st.st_mode)) fail(shown, "open", err);
    if (limits::elapsed() >= limits::time_budget())
      throw ResourceError(
          fmt::format("--output: \"{}\": no process opened the FIFO for reading within the "
                      "time limit ({:.3g} s; raise --max-seconds)",
                      shown, limits::time_budget()));
    usleep(50000);
  }
}

void write_through(const std::string& shown, const std::string& target, const std::string& text) {
  const int std_fd = std_stream_fd(target);
  const int fd = std_fd >= 0 ? std_fd : open_write_through(shown, target);
  const int e = write_all(fd, text);
  if (std_fd < 0) close(fd);
  if (e != 0) fail(shown, "write", e);
}

}  // namespace

std::string resolve_output_target(const std::string& path) {
  namespace fs = std::filesystem;
  fs::path p(path);
  for (int hops = 0; hops < 40; ++hops) {
    if (std_stream_fd(p.string()) >= 0) return p.string();
    std::error_code ec;
    const auto st = fs::symlink_status(p, ec);
    if (ec || st.type() != fs::file_type::symlink) return p.string();
    fs::path next = fs::read_symlink(p, ec);
    if (ec) return p.string();
    p = next.is_absolute() ? next : p.parent_path() / next;
  }
  throw ResourceError(fmt::format("--output: \"{}\": too many levels of symbolic links", path));
}

bool is_write_through(const std::string& path) {
  if (std_stream_fd(path) >= 0) return true;
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return false;  // a new path
  return !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

namespace {

/// This host's name as it goes into a temporary's name: letters, digits and '-' (others dropped),
/// at most 64 characters, "host" when it has none.
std::string host_tag() {
  char buf[256] = {0};
  std::string out;
  if (gethostname(buf, sizeof buf - 1) == 0)
    for (const char* p = buf; *p != '\0' && out.size() < 64; ++p)
      if (std::isalnum(static_cast<unsigned char>(*p)) != 0 || *p == '-') out += *p;
  return out.empty() ? "host" : out;
}

/// Whether process `pid` has ended: no such process, or a zombie (killed, not yet reaped: it
/// will never write again; Linux's /proc/PID/stat says so). A process we may not signal is alive.
bool process_gone(pid_t pid) {
  if (kill(pid, 0) != 0) return errno == ESRCH;
  std::ifstream stat(fmt::format("/proc/{}/stat", static_cast<long>(pid)));
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  const auto paren = text.rfind(')');
  return paren != std::string::npos && paren + 2 < text.size() && text[paren + 2] == 'Z';
}

/// The pid of `name` when it is `prefix` PID "." and six mkstemp characters, else 0.
pid_t temporary_pid(const std::string& name, const std::string& prefix) {
  if (name.rfind(prefix, 0) != 0) return 0;
  const std::string rest = name.substr(prefix.size());
  const auto dot = rest.find('.');
  if (dot == std::string::npos || dot == 0 || dot > 9 || rest.size() != dot + 7) return 0;
  if (rest.find_first_not_of("0123456789") != dot) return 0;
  for (size_t i = dot + 1; i < rest.size(); ++i)
    if (std::isalnum(static_cast<unsigned char>(rest[i])) == 0) return 0;
  return static_cast<pid_t>(std::stol(rest.substr(0, dot)));
}

}  // namespace

size_t remove_stale_temporaries(const std::string& target) {
  namespace fs = std::filesystem;
  const fs::path t(target);
  const fs::path dir = t.has_parent_path() ? t.parent_path() : fs::path(".");
  const std::string prefix = t.filename().string() + ".tmp." + host_tag() + ".";
  size_t removed = 0;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const pid_t pid = temporary_pid(name, prefix);
    if (pid <= 0 || pid == getpid()) continue;
    struct stat st {};
    if (lstat(it->path().c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) continue;
    if (!process_gone(pid)) continue;  // alive (or not ours to signal): kept
    if (unlink(it->path().c_str()) == 0) ++removed;
  }
  return removed;
}

struct AtomicWriter::Signals {
  SignalGuard guard;
};

AtomicWriter::AtomicWriter(const std::string& path) : shown_(path) {
  if (path.empty()) throw UsageError("--output must be a file name, got \"\"");
  target_ = resolve_output_target(path);
  struct stat st {};
  const bool exists = std_stream_fd(target_) < 0 && stat(target_.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode))
    throw UsageError(fmt::format("--output: \"{}\" is a directory; give a file name", path));
  if (is_write_through(target_))
    throw UsageError(fmt::format("--output: \"{}\" is not a regular file", path));
  mode_ = exists ? (st.st_mode & 07777) : 0644;
  (void)remove_stale_temporaries(target_);  // of runs killed outright (SIGKILL) before they could
  std::string tmpl = fmt::format("{}.tmp.{}.{}.XXXXXX", target_, host_tag(), static_cast<long>(getpid()));
  if (tmpl.size() >= sizeof(g_tmp_path)) throw UsageError("--output: path too long");
  signals_ = std::make_unique<Signals>();
  std::memcpy(g_tmp_path, tmpl.c_str(), tmpl.size() + 1);
  fd_ = mkstemp(g_tmp_path);
  if (fd_ < 0) fail(path, "create a temporary file beside", errno);
  g_tmp_live = 1;
}

void AtomicWriter::write(const std::string& text) {
  if (int e = write_all(fd_, text); e != 0) {
    close(fd_);
    fd_ = -1;
    fail(shown_, "write", e);
  }
}

void AtomicWriter::commit() {
  if (fchmod(fd_, static_cast<mode_t>(mode_)) != 0 || fsync(fd_) != 0) {
    int e = errno;
    close(fd_);
    fd_ = -1;
    fail(shown_, "flush", e);
  }
  const int c = close(fd_);
  fd_ = -1;
  if (c != 0) fail(shown_, "close", errno);
  if (rename(g_tmp_path, target_.c_str()) != 0) fail(shown_, "rename onto", errno);
  g_tmp_live = 0;
}

AtomicWriter::~AtomicWriter() {
  if (fd_ >= 0) close(fd_);
  if (g_tmp_live) {
    unlink(g_tmp_path);
    g_tmp_live = 0;
  }
}

void write_atomic(const std::string& path, const std::string& text) {
  if (path.empty()) throw UsageError("--output must be a file name, got \"\"");
  const std::string target = resolve_output_target(path);
  if (std_stream_fd(target) < 0) {
    struct stat st {};
    if (stat(target.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
      throw UsageError(fmt::format("--output: \"{}\" is a directory; give a file name", path));
  }
  if (is_write_through(target)) return write_through(path, target, text);
  AtomicWriter w(path);
  w.write(text);
  w.commit();
}

}  // namespace bc::out
