// Tasks in processes of their own (see tools/verify/isolate.hpp).
#include "verify/isolate.hpp"

#include "core/limits.hpp"

#include <fmt/format.h>

#ifdef BOUNDCHECK_HAVE_OPENMP
#include <omp.h>
#endif
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>

namespace bc::cli {

namespace {

using Clock = std::chrono::steady_clock;

struct Child {
  size_t task = 0;
  pid_t pid = -1;
  int out = -1, err = -1;  // read ends of the child's result pipe and its stderr
  std::string result, error;
  Clock::time_point start;
  bool timed_out = false;
};

void write_all(int fd, const std::string& s) {
  size_t at = 0;
  while (at < s.size()) {
    const ssize_t n = write(fd, s.data() + at, s.size() - at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    at += static_cast<size_t>(n);
  }
}

// In the child: the task with a fresh deadline and one thread; its result to `out`, then exit
// without running the parent's atexit handlers or flushing its stdio buffers.
[[noreturn]] void child_main(const std::function<std::string(size_t)>& task, size_t i, int out, int err,
                             double seconds) {
  dup2(err, STDERR_FILENO);
  close(err);
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
#ifdef BOUNDCHECK_HAVE_OPENMP
  omp_set_num_threads(1);
#endif
  limits::set_time_budget(seconds);
  std::string r;
  try {
    r = task(i);
  } catch (...) {
    _exit(3);  // the task itself turns its exceptions into results; anything else is a failure
  }
  write_all(out, r);
  close(out);
  _exit(0);
}

bool start(Child& c, const std::function<std::string(size_t)>& task, double seconds) {
  int po[2], pe[2];
  if (pipe(po) != 0) return false;
  if (pipe(pe) != 0) {
    close(po[0]);
    close(po[1]);
    return false;
  }
  std::fflush(stdout);  // nothing buffered may be written twice
  std::fflush(stderr);
  c.pid = fork();
  if (c.pid == 0) {
    close(po[0]);
    close(pe[0]);
    child_main(task, c.task, po[1], pe[1], seconds);
  }
  close(po[1]);
  close(pe[1]);
  if (c.pid < 0) {
    close(po[0]);
    close(pe[0]);
    return false;
  }
  c.out = po[0];
  c.err = pe[0];
  c.start = Clock::now();
  return true;
}

// Reads what is there; closes a pipe at its end.
void drain(int& fd, std::string& into, size_t cap) {
  char buf[65536];
  const ssize_t n = read(fd, buf, sizeof buf);
  if (n > 0) {
    if (into.size() < cap)
      into.append(buf, static_cast<size_t>(std::min<ssize_t>(n, static_cast<ssize_t>(cap))));
    return;
  }
  if (n < 0 && (errno == EINTR || errno == EAGAIN)) return;
  close(fd);
  fd = -1;
}

std::string last_line(const std::string& s) {
  std::string t = s;
  while (!t.empty() && (t.back() == '\n' || t.back() == '\r')) t.pop_back();
  const auto nl = t.rfind('\n');
  t = nl == std::string::npos ? t : t.substr(nl + 1);
  return t.size() > 300 ? t.substr(0, 297) + "..." : t;
}

Isolated finish(Child& c, double seconds) {
  int status = 0;
  while (waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {
  }
  Isolated r;
  const std::string said = last_line(c.error);
  if (c.timed_out) {
    r.why = fmt::format("exceeded the time limit of {:.3g} s (raise --max-seconds)", seconds);
  } else if (WIFSIGNALED(status)) {
    r.why = fmt::format("died of signal {} ({}){}", WTERMSIG(status), strsignal(WTERMSIG(status)),
                        said.empty() ? "" : ": " + said);
  } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || c.result.empty()) {
    r.why = fmt::format("exited with code {}{}", WIFEXITED(status) ? WEXITSTATUS(status) : -1,
                        said.empty() ? "" : ": " + said);
  } else {
    r.ok = true;
    r.result = std::move(c.result);
  }
  return r;
}

// One round of waiting: reads every running child's pipes for up to 100 ms; kills the late ones.
void wait_round(std::vector<Child>& running, double kill_after) {
  std::vector<pollfd> fds;
  for (const auto& c : running)
    for (int fd : {c.out, c.err})
      if (fd >= 0) fds.push_back({fd, POLLIN, 0});
  if (!fds.empty()) (void)poll(fds.data(), fds.size(), 100);
  for (auto& c : running) {
    for (const pollfd& p : fds) {
      if (p.revents == 0) continue;
      if (p.fd == c.out) drain(c.out, c.result, size_t(64) << 20);
      if (p.fd == c.err) drain(c.err, c.error, size_t(64) << 10);
    }
    const double t = std::chrono::duration<double>(Clock::now() - c.start).count();
    if (!c.timed_out && t > kill_after && (c.out >= 0 || c.err >= 0)) {
      c.timed_out = true;
      kill(c.pid, SIGKILL);
    }
  }
}

}  // namespace

namespace {
bool g_allowed = false;
}  // namespace

void allow_isolation(bool on) { g_allowed = on; }

bool isolation_available() {
  if (!g_allowed) return false;
  const char* off = std::getenv("BOUNDCHECK_NO_ISOLATION");
  return off == nullptr || *off == '\0' || std::strcmp(off, "0") == 0;
}

std::vector<Isolated> run_isolated(size_t n, int parallel, double seconds_each,
                                   const std::function<std::string(size_t)>& task,
                                   const std::function<void(size_t)>& done) {
  std::vector<Isolated> out(n);
  std::vector<Child> running;
  const double kill_after = seconds_each * 1.25 + 1.0;
  size_t next = 0, finished = 0;
  while (finished < n) {
    while (next < n && running.size() < static_cast<size_t>(std::max(1, parallel))) {
      Child c;
      c.task = next++;
      if (!start(c, task, seconds_each)) {
        out[c.task].why = fmt::format("could not start: no process for it ({})", std::strerror(errno));
        if (done) done(++finished);
        continue;
      }
      running.push_back(std::move(c));
    }
    if (running.empty()) continue;
    wait_round(running, kill_after);
    for (auto it = running.begin(); it != running.end();) {
      if (it->out >= 0 || it->err >= 0) {
        ++it;
        continue;
      }
      out[it->task] = finish(*it, seconds_each);
      it = running.erase(it);
      if (done) done(++finished);
    }
  }
  return out;
}

}  // namespace bc::cli
