// Tasks run each in a process of its own (fork), so that one that crashes, aborts (GMP's
// "overflow in mpz type" calls abort()), exhausts memory or runs past its time never takes the
// others down: `verify --catalogue` runs every claim so, and a claim's failure becomes that claim's
// error verdict while every other claim is still reported.
// A child runs its task with a fresh deadline (its own --max-seconds) and one thread (the children
// run side by side instead), writes the task's result to a pipe and exits; the parent runs at most
// `parallel` children at once, reads each result, and kills a child that runs past 1.25 times its
// budget plus a second (the grace the CLI's watchdog gives). What a child wrote to stderr (a
// library's last words before abort) is kept for the failure's reason.
// Cost: one fork per task (about a millisecond for this process: its pages are shared until
// written), plus the task.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace bc::cli {

struct Isolated {
  bool ok = false;
  std::string result;  ///< what the task returned (when ok)
  std::string why;     ///< why not: "died of signal 6 (Aborted): gmp: overflow in mpz type"
};

/// Whether tasks can run isolated here: the CLI's main() allowed it (allow_isolation), and
/// BOUNDCHECK_NO_ISOLATION is not set. Only a single-threaded front end may fork: in the Python
/// module other threads may hold a lock (the interpreter's, the allocator's, ours) at the moment of
/// the fork, and the child would wait for it for ever; there the claims run in-process.
bool isolation_available();
void allow_isolation(bool on);

/// Runs task(i) for i = 0..n-1, each in a child process, at most `parallel` at once; results in
/// task order. `seconds_each` is each child's time budget. `done(k)` is called in the parent after
/// the k-th task finished (for a progress line).
std::vector<Isolated> run_isolated(size_t n, int parallel, double seconds_each,
                                   const std::function<std::string(size_t)>& task,
                                   const std::function<void(size_t)>& done);

}  // namespace bc::cli
