// Resource limits: requests whose output or cost would exceed these are refused up front with
// the estimate (PRODUCT.md "Errors"). One place, so the CLI help and the refusals agree.
//
// Two kinds of limit:
//  - size limits (digits printed, characters of output, memory) are fixed;
//  - work limits (estimated seconds, bit-operations, iterations) scale with the time budget, which
//    is 60 s by default and set by the global option --max-seconds S (scale = S / 60). A test-only
//    factor (set_test_scale, or the environment variable BOUNDCHECK_LIMIT_SCALE read once) lowers
//    every work limit further, so that the fuzzers can run any command in milliseconds.
// Long loops also poll the wall-clock deadline (poll()), which throws ResourceError once the budget
// is spent: searches are bounded in iterations by their estimates and in time by the deadline.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

namespace bc::limits {

/// Largest exact integer printed, in decimal digits (a 10 MB number).
inline constexpr double max_integer_digits = 1.0e7;
/// Largest total output of one command, in characters.
inline constexpr double max_output_chars = 2.0e8;
/// Largest --digits accepted.
inline constexpr long max_digits = 20000;
/// Largest working precision any adaptive loop may reach, in bits.
inline constexpr long max_working_bits = 4000000;
/// Largest estimated cost of one evaluation, in "bit-operations" (terms x working bits); about a
/// minute of work on one core (scaled by scale()).
inline constexpr double max_bit_operations = 5.0e11;
/// Default time budget of one command, in seconds (--max-seconds).
inline constexpr double default_seconds = 60.0;

/// The time limits of one run: its budget, the clock the budget runs on, whether the deadline
/// binds, the largest accepted estimate, and a cancellation flag. Every function below reads the
/// Run of the calling thread: the one a RunScope installed there, else the process-wide Run (main()
/// runs one command per process and sets that one). A front end that runs commands concurrently in
/// one process (the Python module) gives each its own Run and may cancel it from another thread; a
/// parallel region whose workers poll hands its Run on (RunScope(current()) in each worker), so
/// that they see the same deadline and the same cancellation as the thread that started them.
class Run {
 public:
  Run() noexcept;
  Run(const Run&) = delete;
  Run& operator=(const Run&) = delete;
  /// Any thread: the run's next poll() throws ResourceError ("...: cancelled"), deadline or not.
  void cancel() noexcept { cancelled_.store(true, std::memory_order_relaxed); }
  /// cancel() was called, or cancel_all() since this Run was made.
  [[nodiscard]] bool cancelled() const noexcept;

 private:
  struct ProcessWide {};
  explicit Run(ProcessWide) noexcept;  ///< the process-wide Run: cancel_all() leaves it alone
  friend struct RunAccess;
  friend Run& process_run();
  std::atomic<double> budget_;
  std::atomic<std::int64_t> start_;  ///< steady_clock ticks
  std::atomic<bool> deadline_{true};
  std::atomic<bool> cancelled_{false};
  std::atomic<double> estimate_{0.0};
  std::uint64_t epoch_;  ///< cancel_all() calls before this Run was made (UINT64_MAX: never cancelled)
};

/// The Run of the calling thread.
[[nodiscard]] Run& current();

/// Cancels every Run made before this call, on every thread (an interrupt in the Python module:
/// every in-flight computation of the process stops at its next poll); Runs made later, and the
/// process-wide Run, are not affected. Async-signal-safe (one lock-free atomic increment).
void cancel_all() noexcept;

/// Makes `run` the calling thread's Run until destroyed (then the previous one again).
class RunScope {
 public:
  explicit RunScope(Run& run) noexcept;
  ~RunScope();
  RunScope(const RunScope&) = delete;
  RunScope& operator=(const RunScope&) = delete;

 private:
  Run* previous_;
};

/// Sets the time budget (seconds > 0) and starts the deadline clock now.
void set_time_budget(double seconds);
/// The time budget in seconds (default_seconds unless set).
double time_budget();
/// Whether poll() enforces the deadline (default true). `table` and `verify` run many bounded
/// evaluations and show progress: without an explicit --max-seconds they have no overall deadline.
void set_deadline_enabled(bool on);
[[nodiscard]] bool deadline_enabled();
/// Test-only factor (0 < f <= 1) multiplying every work limit; 1 unless set or
/// BOUNDCHECK_LIMIT_SCALE is in the environment.
void set_test_scale(double f);
/// time_budget() / default_seconds * test scale: the factor applied to every work limit.
double scale();
/// base * scale().
double work(double base);
/// Seconds since the deadline clock started.
double elapsed();
/// Throws ResourceError("<what>: exceeded the time limit of S s (raise --max-seconds)") once the
/// deadline has passed, and ResourceError("<what>: cancelled") once the run is cancelled. Cheap (one
/// clock read); call it every few milliseconds of work, and at least every tenth of the budget: how
/// late a run stops past its budget, or after its cancellation, is the longest stretch of work
/// between two polls. The test-only environment variable BOUNDCHECK_TEST_DEADLINE=S (read once)
/// moves the deadline to S seconds whatever the budget, the estimates keeping the budget: a test
/// then sees whether a command's long loops poll, without racing the clock.
void poll(const char* what);

/// Whether poll() would throw: for a loop that may not throw where it runs (an OpenMP region), which
/// skips its remaining work once this is true and polls after the region.
[[nodiscard]] bool expired() noexcept;

/// A front end's last word before it prints a result: throws ResourceError("<what>: finished after
/// the time limit of S s, at T s (raise --max-seconds)") when the deadline has passed (a stretch
/// without a poll ran over), so that no result is ever returned after its budget.
void check_finished(const std::string& what);

/// Throws ResourceError("<what>: estimated <estimate> exceeds the limit <limit> (<hint>)").
[[noreturn]] void refuse(const std::string& what, double estimate, double limit, const std::string& unit,
                         const std::string& hint);

/// Refuses if estimate > limit (a size limit: not scaled).
void check(const std::string& what, double estimate, double limit, const std::string& unit,
           const std::string& hint);

/// Refuses if estimate > work(base_limit) (a work limit: scaled by the time budget).
void check_work(const std::string& what, double estimate, double base_limit, const std::string& unit,
                const std::string& hint);

/// Refuses if the estimated time exceeds the time budget (scaled by the test factor), naming the
/// remedies: `hint`, then "raise --max-seconds" unless the hint already says it; an accepted
/// estimate is remembered (the largest since set_time_budget) for the progress line.
void check_seconds(const std::string& what, double seconds, const std::string& hint);
/// The largest estimate check_seconds accepted since set_time_budget, or 0.
double estimated_seconds();

/// Test-only fault injection for --double-check: true when the environment variable
/// BOUNDCHECK_TEST_BREAK equals `name` (read once).
bool test_break(const char* name);

}  // namespace bc::limits
