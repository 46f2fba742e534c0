#include "core/limits.hpp"

#include "core/errors.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>

namespace bc::limits {

namespace {
using Clock = std::chrono::steady_clock;
std::atomic<double> g_test_scale{-1.0};

double test_scale() {
  double f = g_test_scale.load(std::memory_order_relaxed);
  if (f > 0) return f;
  f = 1.0;
  if (const char* e = std::getenv("BOUNDCHECK_LIMIT_SCALE")) {
    char* end = nullptr;
    const double v = std::strtod(e, &end);
    if (end != e && v > 0 && v <= 1) f = v;
  }
  g_test_scale.store(f, std::memory_order_relaxed);
  return f;
}

std::atomic<std::uint64_t> g_cancel_epoch{0};  // cancel_all() calls so far
static_assert(std::atomic<std::uint64_t>::is_always_lock_free, "cancel_all runs in a signal handler");

// BOUNDCHECK_TEST_DEADLINE (seconds > 0), or 0 when not set.
double test_deadline() {
  static const double v = [] {
    const char* e = std::getenv("BOUNDCHECK_TEST_DEADLINE");
    if (e == nullptr) return 0.0;
    char* end = nullptr;
    const double x = std::strtod(e, &end);
    return end != e && x > 0 ? x : 0.0;
  }();
  return v;
}

// The deadline poll() enforces, in seconds from the clock's start.
double deadline_seconds() {
  const double budget = time_budget() * test_scale();
  return test_deadline() > 0 ? std::min(budget, test_deadline()) : budget;
}

thread_local Run* t_run = nullptr;
}  // namespace

Run& process_run() {
  static Run run{Run::ProcessWide{}};  // main()'s, and every thread's without a RunScope
  return run;
}

/// The fields of a Run, for the functions of this file.
struct RunAccess {
  static std::atomic<double>& budget(Run& r) { return r.budget_; }
  static std::atomic<std::int64_t>& start(Run& r) { return r.start_; }
  static std::atomic<bool>& deadline(Run& r) { return r.deadline_; }
  static std::atomic<double>& estimate(Run& r) { return r.estimate_; }
};

Run::Run() noexcept
    : budget_(default_seconds),
      start_(Clock::now().time_since_epoch().count()),
      epoch_(g_cancel_epoch.load(std::memory_order_acquire)) {}

Run::Run(ProcessWide) noexcept : Run() { epoch_ = UINT64_MAX; }

bool Run::cancelled() const noexcept {
  return cancelled_.load(std::memory_order_relaxed) ||
         epoch_ < g_cancel_epoch.load(std::memory_order_acquire);
}

void cancel_all() noexcept { g_cancel_epoch.fetch_add(1, std::memory_order_acq_rel); }

Run& current() { return t_run != nullptr ? *t_run : process_run(); }

RunScope::RunScope(Run& run) noexcept : previous_(t_run) { t_run = &run; }

RunScope::~RunScope() { t_run = previous_; }

void set_time_budget(double seconds) {
  Run& r = current();
  RunAccess::budget(r).store(seconds, std::memory_order_relaxed);
  RunAccess::estimate(r).store(0.0, std::memory_order_relaxed);
  RunAccess::start(r).store(Clock::now().time_since_epoch().count(), std::memory_order_relaxed);
}

double time_budget() { return RunAccess::budget(current()).load(std::memory_order_relaxed); }

void set_deadline_enabled(bool on) { RunAccess::deadline(current()).store(on, std::memory_order_relaxed); }

bool deadline_enabled() { return RunAccess::deadline(current()).load(std::memory_order_relaxed); }

void set_test_scale(double f) { g_test_scale.store(f > 0 && f <= 1 ? f : 1.0, std::memory_order_relaxed); }

double scale() { return time_budget() / default_seconds * test_scale(); }

double work(double base) { return base * scale(); }

double elapsed() {
  const Clock::time_point start{Clock::duration{RunAccess::start(current()).load(std::memory_order_relaxed)}};
  return std::chrono::duration<double>(Clock::now() - start).count();
}

void poll(const char* what) {
  if (current().cancelled()) throw ResourceError(fmt::format("{}: cancelled", what));
  if (!deadline_enabled()) return;
  const double deadline = deadline_seconds();
  if (elapsed() > deadline)
    throw ResourceError(
        fmt::format("{}: exceeded the time limit of {:.3g} s (raise --max-seconds)", what, deadline));
}

bool expired() noexcept {
  if (current().cancelled()) return true;
  return deadline_enabled() && elapsed() > deadline_seconds();
}

void check_finished(const std::string& what) {
  if (!deadline_enabled()) return;
  const double deadline = deadline_seconds(), t = elapsed();
  if (t > deadline)
    throw ResourceError(
        fmt::format("{}: finished after the time limit of {:.3g} s, at {:.3g} s (raise --max-seconds)", what,
                    deadline, t));
}

void refuse(const std::string& what, double estimate, double limit, const std::string& unit,
            const std::string& hint) {
  throw ResourceError(fmt::format("{}: estimated {:.3g} {} exceeds the limit of {:.3g} {}{}", what, estimate,
                                  unit, limit, unit, hint.empty() ? std::string() : " (" + hint + ")"));
}

void check(const std::string& what, double estimate, double limit, const std::string& unit,
           const std::string& hint) {
  if (!(estimate <= limit)) refuse(what, estimate, limit, unit, hint);
}

void check_work(const std::string& what, double estimate, double base_limit, const std::string& unit,
                const std::string& hint) {
  check(what, estimate, work(base_limit), unit, hint);
}

void check_seconds(const std::string& what, double seconds, const std::string& hint) {
  // each remedy once: a hint that already names --max-seconds is not told it again
  const std::string remedies = hint.empty() ? "raise --max-seconds"
                               : hint.find("--max-seconds") != std::string::npos
                                   ? hint
                                   : hint + "; or raise --max-seconds";
  check(what, seconds, time_budget() * test_scale(), "s", remedies);
  // the largest accepted estimate of the run: the progress line's percent and ETA
  std::atomic<double>& est = RunAccess::estimate(current());
  double cur = est.load(std::memory_order_relaxed);
  while (seconds > cur && !est.compare_exchange_weak(cur, seconds, std::memory_order_relaxed)) {
  }
}

double estimated_seconds() { return RunAccess::estimate(current()).load(std::memory_order_relaxed); }

bool test_break(const char* name) {
  static const char* env = std::getenv("BOUNDCHECK_TEST_BREAK");
  return env != nullptr && std::strcmp(env, name) == 0;
}

}  // namespace bc::limits
