// boundcheck: evaluate, tabulate and verify the numbers behind four self-attention papers.
// main() owns the exit codes: 0 success, 1 domain or resource refusal, 2 usage error.
//
// Time: every command estimates its work and refuses above the budget (--max-seconds, default
// 60 s) before it starts; long library loops poll the deadline (limits::poll). A watchdog (a timer,
// or a thread on a terminal) is the backstop for anything that does not poll: past the deadline plus a grace
// period it prints the one error line and exits 1 (before any output was written). On a terminal it also
// shows a "working" line on stderr once a command has run for 2 s (`table` draws its own progress bar).
#include "certificate/certificate.hpp"
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/flint_threads.hpp"
#include "core/limits.hpp"
#include "user/loaded.hpp"
#include "verify/isolate.hpp"
#include "views/registry_json.hpp"

#include <flint/flint.h>
#include <fmt/format.h>

#include <sys/time.h>
#include <unistd.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <mutex>
#include <new>
#include <string>
#include <thread>

#ifdef BOUNDCHECK_HAVE_OPENMP
#include <omp.h>
#endif

namespace {

int fail(int code, const std::string& msg) {
  std::fprintf(stderr, "error: %s\n", bc::cli::one_line(msg).c_str());
  return code;
}

// The error line the timer's signal handler writes (async-signal-safe: write and _exit only).
char g_timeout_line[512];
size_t g_timeout_len = 0;

extern "C" void timeout_and_die(int) {
  (void)!write(STDERR_FILENO, g_timeout_line, g_timeout_len);
  _exit(1);
}

// The watchdog and heartbeat. stop() before writing output: from then on the run is not killed.
// With a heartbeat (stderr is a terminal) a thread does both. Without one, the kill alone is a
// one-shot timer (SIGALRM at the deadline plus grace) whose handler writes the same line and
// exits 1: no thread to create, schedule and join in every run (issue 27: on a loaded machine the
// join waited for a core, a third of a short command's wall time).
class Watchdog {
 public:
  Watchdog(std::string what, double kill_after, bool heartbeat)
      : what_(std::move(what)), kill_after_(kill_after), heartbeat_(heartbeat && isatty(STDERR_FILENO) != 0) {
    if (heartbeat_)
      thread_ = std::thread([this] { loop(); });
    else if (kill_after_ > 0 && kill_after_ < 1e9)  // beyond 30 years: never
      arm_timer();
  }
  ~Watchdog() { stop(); }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;
  /// From now on the watchdog only draws the heartbeat: the command runs its work in child
  /// processes, each with a deadline and a watchdog of its own (verify's catalogue run).
  void release() {
    if (!heartbeat_) {
      if (kill_after_ > 0 && !stopped_) setitimer(ITIMER_REAL, &kDisarmed, nullptr);
      return;
    }
    released_ = true;
  }
  void stop() {
    if (!heartbeat_) {
      if (kill_after_ > 0 && !stopped_) setitimer(ITIMER_REAL, &kDisarmed, nullptr);
      stopped_ = true;
      return;
    }
    {
      std::lock_guard<std::mutex> lock(m_);
      if (stopped_) return;
      stopped_ = true;
    }
    cv_.notify_all();
    thread_.join();
    if (drawn_) std::fprintf(stderr, "\r%*s\r", 78, "");
  }

 private:
  void loop() {
    const auto start = std::chrono::steady_clock::now();
    std::unique_lock<std::mutex> lock(m_);
    for (;;) {
      if (cv_.wait_for(lock, std::chrono::milliseconds(250), [this] { return stopped_; })) return;
      const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (kill_after_ > 0 && t > kill_after_ && !released_) {
        if (drawn_) std::fprintf(stderr, "\r%*s\r", 78, "");
        std::fputs(timeout_line().c_str(), stderr);
        std::fflush(stderr);
        _exit(1);
      }
      if (heartbeat_ && t >= 2.0) {
        // percent and ETA from the command's own up-front estimate when it made one (capped at
        // 99% while running: an estimate is not a promise), elapsed time otherwise
        const double est = bc::limits::estimated_seconds();
        const std::string line =
            est > 0 ? fmt::format("{}: ~{:.0f}% ({:.0f} s of an estimated {:.3g} s; ETA {:.0f} s)", what_,
                                  std::min(99.0, 100.0 * t / est), t, est, std::max(0.0, est - t))
            : kill_after_ > 0
                ? fmt::format("{}: working, {:.0f} s (limit {:.3g} s)", what_, t, bc::limits::time_budget())
                : fmt::format("{}: working, {:.0f} s", what_, t);
        std::fprintf(stderr, "\r%-78.78s", line.c_str());
        std::fflush(stderr);
        drawn_ = true;
      }
    }
  }
  std::string timeout_line() const {
    char buf[sizeof g_timeout_line];
    const int n =
        std::snprintf(buf, sizeof buf, "error: %s: exceeded the time limit of %.3g s (raise --max-seconds)\n",
                      what_.c_str(), bc::limits::time_budget());
    return std::string(buf, n < 0 ? 0 : std::min<size_t>(static_cast<size_t>(n), sizeof buf - 1));
  }
  void arm_timer() {
    const std::string line = timeout_line();
    std::copy(line.begin(), line.end(), g_timeout_line);
    g_timeout_len = line.size();
    struct sigaction sa {};
    sa.sa_handler = timeout_and_die;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, nullptr);
    const double whole = std::floor(kill_after_);
    itimerval when{};
    when.it_value.tv_sec = static_cast<time_t>(whole);
    when.it_value.tv_usec = static_cast<suseconds_t>((kill_after_ - whole) * 1e6);
    setitimer(ITIMER_REAL, &when, nullptr);
  }
  static constexpr itimerval kDisarmed{};
  std::string what_;
  double kill_after_;
  bool heartbeat_;
  bool drawn_ = false;
  bool stopped_ = false;
  std::atomic<bool> released_{false};
  std::mutex m_;
  std::condition_variable cv_;
  std::thread thread_;
};

// Ctrl-C (or kill) while a progress line is drawn: clear it, then die of the signal as usual.
// write() is async-signal-safe; the handler is replaced by atomic_file's while it writes a file.
extern "C" void clear_line_and_die(int sig) {
  if (isatty(STDERR_FILENO) != 0) {
    static const char clear[] =
        "\r                                                                              \r";
    (void)!write(STDERR_FILENO, clear, sizeof clear - 1);
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

int run(int argc, char** argv) {
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) signal(sig, clear_line_and_die);
  using namespace bc::cli;
  std::vector<std::string> args(argv + 1, argv + argc);
  // a catalogue's own quantities are commands too (`boundcheck mine heads --catalogue DIR`, `help`):
  // loaded before the tree is built; verify, table and tex load their --catalogue themselves
  if (const auto dir = user::catalogue_argument(args);
      dir && (args.empty() || (args[0] != "verify" && args[0] != "table" && args[0] != "tex")))
    (void)user::load_dir(*dir);
  if (!args.empty() &&
      args[0] == "help") {  // `help --format json`: the registry; `help rank bound`: its --help
    auto forwarded = help_request({args.begin() + 1, args.end()});
    if (!forwarded) return 0;
    args = std::move(*forwarded);
  }
  allow_isolation(true);  // verify may run each claim in a process of its own (one thread here)
  Invoker inv(args);      // only the command the arguments name: start-up is part of every run
  inv.allow_certificates(true);
  const Command* cmd = nullptr;
  try {
    cmd = &inv.parse(args);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return inv.app().exit(e);  // --help, --version: stdout, exit 0
    return fail(2, e.what());
  }
  Context ctx = inv.context();
  ctx.keep_values = false;  // this front end only prints the table: no reader of its cells' values
  const std::string path = cmd->path();
  // the budget binds every command, `table` and `verify` included, whether or not --max-seconds
  // was given (README: "default 60"); a long sweep says --max-seconds 3600 (issue 20 §4)
  bc::limits::set_time_budget(ctx.max_seconds);
  bc::limits::set_deadline_enabled(true);
#ifdef BOUNDCHECK_HAVE_OPENMP
  omp_set_num_threads(ctx.threads);
#endif
  // grace: loops that poll stop first with a precise message; the watchdog catches the rest
  const double kill_after =
      bc::limits::deadline_enabled() ? ctx.max_seconds * kGraceFactor + kGraceSeconds : 0.0;
  RunResult r;
  {
    Watchdog dog(path, kill_after, path.rfind("table", 0) != 0);
    static Watchdog* current = nullptr;
    current = &dog;
    release_watchdog = [] { current->release(); };
    r = inv.execute(*cmd, ctx);
    bc::limits::check_finished(path);  // never a result after the budget (issue 38 §4b)
    release_watchdog = nullptr;
  }
  write_certificate(r);  // before the table: a failed write leaves nothing on stdout
  // the command line as a shell would take it back (provenance in an HTML report)
  std::string invocation = "boundcheck";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool plain = !a.empty() && a.find_first_not_of(
                                         "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                         "0123456789_./:=,+-^@%") == std::string::npos;
    std::string q;
    for (char c : a) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    invocation += " " + (plain ? a : "'" + q + "'");
  }
  emit(r, ctx, cmd, invocation);
  return r.exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  bc::free_flint_caches_at_thread_exit();  // OpenMP workers free FLINT's caches as they end
  const int rc = [&] {
    try {
      return run(argc, argv);
    } catch (const bc::InputErrors& e) {  // every problem of a file, one line each
      for (const auto& line : e.lines) fail(2, line);
      return 2;
    } catch (const bc::UsageError& e) {
      return fail(2, e.what());
    } catch (const bc::DomainError& e) {
      return fail(1, e.what());
    } catch (const bc::ResourceError& e) {
      return fail(1, e.what());
    } catch (const std::bad_alloc&) {
      return fail(1, "out of memory");
    } catch (const std::exception& e) {
      return fail(1, std::string("internal error: ") + e.what());
    }
  }();
  // FLINT's caches (Arb constants, prime tables) of the main thread; valgrind then shows no leak
  flint_cleanup_master();
  return rc;
}
