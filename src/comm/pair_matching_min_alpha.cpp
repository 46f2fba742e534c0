// The least alpha with zero errors on seeded Pair Matching instances (see pair_matching.hpp).
// Bisection on alpha; each step asks only "zero errors?", decided exactly as
// pair_matching_run(...).errors == 0 (the same scores, the same summation order, the same
// comparison), but:
//   - a match output is skipped when alpha c_0 <= alpha: its log-sum-exp is >= its maximum score
//     >= alpha (the match scores alpha cos 0 = alpha; the shifted sum holds exp(0) = 1), so it
//     cannot predict "no match" (the rule of pair_matching.hpp, in floating point);
//   - a step stops at the first wrong output, and the next step tries the trial that erred last
//     first (near the boundary the same output decides every "has errors" step);
//   - cos(2 pi r / M) comes from a table of pair_matching_cos values for M <= 2^16.
// Cost: per step at most trials x N^2 exponentials (no-match outputs only), usually far fewer on
// steps with errors; about log2(1 / rel_tol) + a few steps.
#include "comm/pair_matching.hpp"

#include "core/limits.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>

namespace bc::comm {

namespace {

__extension__ typedef unsigned __int128 u128;

class ZeroErrorTest {
 public:
  ZeroErrorTest(unsigned long N, unsigned long M, double theta, unsigned long trials, std::uint64_t seed)
      : N_(N), M_(M), trials_(trials), seed_(seed), c0_(pair_matching_dummy_coef(M, theta)) {
    if (M <= (1UL << 16))
      for (unsigned long r = 0; r < M; ++r) table_.push_back(pair_matching_cos(r, M));
  }

  // Whether every output of every trial is right at alpha (trials in parallel on `threads`).
  bool zero_errors(double alpha, int threads) {
    if (trials_ == 0) return true;
    const unsigned long first = last_bad_;
    if (trial_errs(first, alpha)) return false;
    std::atomic<bool> bad{false};
    std::atomic<unsigned long> which{first};
    const long nt = static_cast<long>(trials_);
    limits::Run& run = limits::current();  // the trials read this thread's deadline and cancellation
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
#else
    (void)threads;
#endif
    for (long t = 0; t < nt; ++t) {
      const limits::RunScope scope(run);
      const auto tu = static_cast<unsigned long>(t);
      if (tu == first || bad.load(std::memory_order_relaxed) || limits::expired()) continue;
      if (trial_errs(tu, alpha)) {
        which = tu;
        bad = true;
      }
    }
    limits::poll("comm pair-matching: the least alpha");  // skipped trials decide nothing
    last_bad_ = which.load();
    return !bad.load();
  }

 private:
  unsigned long N_, M_, trials_;
  std::uint64_t seed_;
  double c0_;
  std::vector<double> table_;
  unsigned long last_bad_ = 0;

  double cos_of(unsigned long r) const { return table_.empty() ? pair_matching_cos(r, M_) : table_[r]; }

  bool trial_errs(unsigned long t, double alpha) const {
    const auto z = pair_matching_instance(N_, M_, seed_, t);
    std::vector<double> s(z.size());
    for (size_t i = 0; i < z.size(); ++i)
      if (row_errs(z, i, alpha, s)) return true;
    return false;
  }

  // pair_matching.cpp's row_lse and score_instance for one output: whether it is wrong.
  bool row_errs(const std::vector<unsigned long>& z, size_t i, double alpha, std::vector<double>& s) const {
    bool match = false;
    double mx = -INFINITY;
    for (size_t j = 0; j < z.size(); ++j) {
      const auto r = static_cast<unsigned long>((static_cast<u128>(z[i]) + z[j]) % M_);
      match = match || r == 0;
      s[j] = alpha * cos_of(r);
      mx = std::max(mx, s[j]);
    }
    if (match && !(alpha * c0_ > alpha)) return false;  // log-sum-exp >= mx >= alpha >= alpha c_0
    double sum = 0;
    for (size_t j = 0; j < z.size(); ++j) sum += pair_matching_exp(s[j] - mx);
    const bool predict_no_match = alpha * c0_ > mx + std::log(sum);
    return match == predict_no_match;
  }
};

}  // namespace

double pair_matching_min_alpha(unsigned long N, unsigned long M, double theta, unsigned long trials,
                               std::uint64_t seed, int threads, double rel_tol, unsigned long& steps,
                               double* lo_out) {
  double hi = pair_matching_threshold(N, M, theta) * (1 + 1e-9), lo = 0;
  steps = 0;
  if (lo_out != nullptr) *lo_out = 0;
  if (N == 1) return 0;  // one element: no non-match competes with the dummy, any alpha > 0 works
  ZeroErrorTest test(N, M, theta, trials, seed);
  // hi is error-free by the bound above (a safety check guards against rounding)
  while (!test.zero_errors(hi, threads)) hi *= 2, ++steps;
  // an alpha with errors below hi: halve down to hi 2^-64; none means every alpha > 0 is error-free
  // on these instances (each has a match, which is never missed), so the least alpha is 0
  const double top = hi;
  while (lo == 0) {
    if (hi < top * 0x1p-64) return 0;
    const double mid = hi / 2;
    if (test.zero_errors(mid, threads))
      hi = mid;
    else
      lo = mid;
    ++steps;
  }
  while (hi - lo > rel_tol * hi && steps < 200) {
    const double mid = (lo + hi) / 2;
    if (test.zero_errors(mid, threads))
      hi = mid;
    else
      lo = mid;
    ++steps;
  }
  if (lo_out != nullptr) *lo_out = lo;
  return hi;
}

}  // namespace bc::comm
