// See spectral_cost.hpp.
#include "rank/spectral_cost.hpp"

#include "core/real_format.hpp"
#include "rank/spectral_bound.hpp"
#include "rank/spectral_double.hpp"
#include "rank/spectrum.hpp"

#include <algorithm>
#include <cmath>

namespace bc::rank {

namespace {

// log T_L, the sign energy above degree L, from the local power law c_l^2 ~ C l^-p.
long double log_tail(ulong d, ulong L) {
  const long double a = log_c2_closed(d, L), b = log_c2_closed(d, 2 * L + 1);
  const long double p = std::max(1.1L, (a - b) / std::log(static_cast<long double>(2 * L + 1) / L));
  return a + std::log(static_cast<long double>(L) / (2 * (p - 1)));
}

// min(1, e^x) for x a log.
long double min_one_exp(long double x) { return x >= 0 ? 1.0L : std::exp(x); }

/// One rung L of the ladder: what its width test needs that does not depend on H.
struct Rung {
  ulong L = 0;
  long double log_tail = 0;      ///< log T_L
  long double log_rho_next = 0;  ///< log rho_{L+2}
  bool monotone = false;         ///< rho is monotone from L+2 on (else the multipliers span [0, 1])
};

/// The rungs below the cap of (d, r) and the prediction of each H's last degree from them.
class Ladder {
 public:
  Ladder(ulong d, ulong r, CountRule rule, long digits, ulong max_terms)
      : cap_(max_terms | 1), full_(count_is_full(d, r, rule)) {
    if (full_) return;
    shape_ = tail_shape(d, r, rule);
    log_tol_ = -static_cast<long double>(digits) * std::log(10.0L);
    for (ulong L = 101; L < cap_; L = 4 * L + 1) {
      Rung g;
      g.L = L;
      g.log_tail = log_tail(d, L);
      g.monotone = L + 2 >= shape_.from;
      if (g.monotone) g.log_rho_next = log_rho_closed(d, r, L + 2, rule);
      rungs_.push_back(g);
    }
  }

  /// The last degree the bracket of H sums to.
  [[nodiscard]] ulong terms(const fmpz_t H) const {
    if (full_ || fmpz_is_zero(H)) return std::min<ulong>(101, cap_);
    const long double log_h = static_cast<long double>(fmpz_dlog(H));
    for (const Rung& g : rungs_) {
      const long double gap = multiplier_gap(g, log_h);
      if (gap <= 0 || g.log_tail + std::log(gap) <= log_tol_) return g.L;
    }
    return cap_;
  }

 private:
  ulong cap_;
  bool full_;
  TailShape shape_{};
  long double log_tol_ = 0;
  std::vector<Rung> rungs_;

  // m_hi - m_lo of spectral_bound.cpp's bracket at rung g (H as a log)
  [[nodiscard]] long double multiplier_gap(const Rung& g, long double log_h) const {
    if (!g.monotone) return 1;  // no monotone bound yet: 0 <= min(1, H rho) <= 1
    const long double at_next = min_one_exp(log_h + g.log_rho_next);
    long double at_inf = 1;
    if (shape_.limit == 0) at_inf = 0;
    if (shape_.limit == 1) at_inf = min_one_exp(log_h - std::log(2.0L));
    return std::fabs(at_next - at_inf);
  }
};

}  // namespace

ulong spectral_terms_estimate(ulong d, ulong r, const fmpz_t H, CountRule rule, long digits,
                              ulong max_terms) {
  return Ladder(d, r, rule, digits, max_terms).terms(H);
}

double spectral_bracket_seconds(double odd_degrees, double bits) {
  // measured (Release, one core, CPU time, bench/calibrate_estimates.py's method, 2026-12-01): rank
  // bound --d 8 --r 7 over repeated H = 1 (a slow tail: every bracket walks to --max-terms 101,
  // 1001 or 10001), 4 to 10000 digits, start-up subtracted. Per odd degree (the walker's step and
  // the running sum, spectral_sweep.cpp) 0.59 us at 166 bits, 0.74 at 398, 1.27 at 1063, 3.57 at
  // 3388, 12.0 at 10032 and 48.5 us at 33285 bits: 0.5 us + 1.93e-4 us bits^1.19 (within 5%);
  // plus a fixed cost a bracket (the walker's start from Gamma values, the tail shape, the
  // decimal output): 8.3 us at 163 bits, 25 us at 3390, 73 us at 10050, 434 us at 33300
  const double per_degree = 0.5e-6 + 1.93e-10 * std::pow(bits, 1.19);
  const double fixed = 8e-6 + 4.3e-9 * bits + 2.2e-13 * bits * bits;
  return fixed + odd_degrees * per_degree;
}

std::vector<double> spectral_seconds_each(ulong d, ulong r, const std::vector<Fmpz>& hs, CountRule rule,
                                          long digits, ulong max_terms) {
  const Ladder ladder(d, r, rule, digits, max_terms);
  const double bits = static_cast<double>(spectral_prec(digits, max_terms));
  std::vector<double> out;
  out.reserve(hs.size());
  ulong last_L = 0;  // consecutive H usually stop on the same rung: one price per rung
  double last = 0;
  for (const auto& h : hs) {
    const ulong L = ladder.terms(h.x);
    if (L != last_L) last_L = L, last = spectral_bracket_seconds(static_cast<double>(L) / 2.0, bits);
    out.push_back(last);
  }
  return out;
}

}  // namespace bc::rank
