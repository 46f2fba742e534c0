#include "core/limits.hpp"

#include "core/errors.hpp"

#include <fmt/format.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>

namespace bc::limits {

namespace {
using Clock = std::chrono::steady_clock;
std::atomic<double> g_budget{default_seconds};
std::atomic<double> g_test_scale{-1.0};
std::atomic<bool> g_deadline{true};
std::atomic<Clock::rep> g_start{Clock::now().time_since_epoch().count()};
std::atomic<double> g_estimate{0.0};

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
}  // namespace

void set_time_budget(double seconds) {
  g_budget.store(seconds, std::memory_order_relaxed);
  g_estimate.store(0.0, std::memory_order_relaxed);
  g_start.store(Clock::now().time_since_epoch().count(), std::memory_order_relaxed);
}

double time_budget() { return g_budget.load(std::memory_order_relaxed); }

void set_deadline_enabled(bool on) { g_deadline.store(on, std::memory_order_relaxed); }

bool deadline_enabled() { return g_deadline.load(std::memory_order_relaxed); }

void set_test_scale(double f) { g_test_scale.store(f > 0 && f <= 1 ? f : 1.0, std::memory_order_relaxed); }

double scale() { return time_budget() / default_seconds * test_scale(); }

double work(double base) { return base * scale(); }

double elapsed() {
  const Clock::time_point start{Clock::duration{g_start.load(std::memory_order_relaxed)}};
  return std::chrono::duration<double>(Clock::now() - start).count();
}

void poll(const char* what) {
  if (!deadline_enabled()) return;
  const double budget = time_budget() * test_scale();
  if (elapsed() > budget)
    throw ResourceError(
        fmt::format("{}: exceeded the time limit of {:.3g} s (raise --max-seconds)", what, budget));
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
  check(what, seconds, time_budget() * test_scale(), "s",
        hint.empty() ? "raise --max-seconds" : hint + "; or raise --max-seconds");
  // the largest accepted estimate of the run: the progress line's percent and ETA
  double cur = g_estimate.load(std::memory_order_relaxed);
  while (seconds > cur && !g_estimate.compare_exchange_weak(cur, seconds, std::memory_order_relaxed)) {
  }
}

double estimated_seconds() { return g_estimate.load(std::memory_order_relaxed); }

bool test_break(const char* name) {
  static const char* env = std::getenv("BOUNDCHECK_TEST_BREAK");
  return env != nullptr && std::strcmp(env, name) == 0;
}

}  // namespace bc::limits
