// See spectral_cost.hpp.
#include "rank/spectral_cost.hpp"

#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "rank/spectral_bound.hpp"
#include "rank/spectral_double.hpp"
#include "rank/spectrum.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

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

// m_hi - m_lo of spectral_bound.cpp's bracket at rung L (H as a log).
long double multiplier_gap(ulong d, ulong r, long double log_h, CountRule rule, const TailShape& shape,
                           ulong L) {
  if (L + 2 < shape.from) return 1;  // no monotone bound yet: 0 <= min(1, H rho) <= 1
  const long double at_next = min_one_exp(log_h + log_rho_closed(d, r, L + 2, rule));
  long double at_inf = 1;
  if (shape.limit == 0) at_inf = 0;
  if (shape.limit == 1) at_inf = min_one_exp(log_h - std::log(2.0L));
  return std::fabs(at_next - at_inf);
}

}  // namespace

namespace {

ulong terms_estimate(ulong d, ulong r, const fmpz_t H, CountRule rule, const TailShape& shape, long digits,
                     ulong cap) {
  if (fmpz_is_zero(H)) return std::min<ulong>(101, cap);
  const long double log_h = static_cast<long double>(fmpz_dlog(H));
  const long double log_tol = -static_cast<long double>(digits) * std::log(10.0L);
  for (ulong L = 101;; L = 4 * L + 1) {
    if (L >= cap) return cap;
    const long double gap = multiplier_gap(d, r, log_h, rule, shape, L);
    if (gap <= 0 || log_tail(d, L) + std::log(gap) <= log_tol) return L;
  }
}

}  // namespace

ulong spectral_terms_estimate(ulong d, ulong r, const fmpz_t H, CountRule rule, long digits,
                              ulong max_terms) {
  const ulong cap = max_terms | 1;
  if (count_is_full(d, r, rule)) return std::min<ulong>(101, cap);
  return terms_estimate(d, r, H, rule, tail_shape(d, r, rule), digits, cap);
}

namespace {

/// The seconds of each bracket for H in hs, stopping once their sum passes `enough`.
std::vector<double> bracket_seconds(ulong d, ulong r, const std::vector<Fmpz>& hs, CountRule rule,
                                    long digits, ulong max_terms, double enough) {
  // measured (Release, one core, CPU time, least of 3, 2026-11-25; rank bound --d 8 --r 4 over
  // 10 to 2000 H, every bracket to --max-terms, start-up subtracted): per odd degree (the walker's
  // step and the running sum: spectral_sweep.cpp) 0.83 us at 168 bits (30 digits), 1.05 us at
  // 401, 1.73 us at 1065, 4.98 us at 3390 and 16.2 us at 10030 bits: about 0.55 us + 1.5 ns per
  // bit; plus a fixed 15 us + 15 ns per bit a bracket (the walker's start from Gamma values, the
  // tail shape, the decimal output): 57 us at 30 digits and L = 101, 317 us at 1000 digits
  const double bits = static_cast<double>(spectral_prec(digits, max_terms));
  const double per_degree = 0.55e-6 + 1.5e-9 * bits, fixed = 15e-6 + 15e-9 * bits;
  const ulong cap = max_terms | 1;
  const bool full = count_is_full(d, r, rule);
  const TailShape shape = full ? TailShape{} : tail_shape(d, r, rule);
  std::vector<double> out;
  double sum = 0;
  for (const auto& h : hs) {
    if ((out.size() & 1023) == 1023) limits::poll("rank bound: pricing");  // 10^5 H take ~0.1 s
    const ulong L = full ? std::min<ulong>(101, cap) : terms_estimate(d, r, h.x, rule, shape, digits, cap);
    out.push_back(fixed + static_cast<double>(L) / 2.0 * per_degree);
    sum += out.back();
    if (sum > enough) break;
  }
  return out;
}

}  // namespace

SpectralCost spectral_seconds_estimate(ulong d, ulong r, const std::vector<Fmpz>& hs, CountRule rule,
                                       long digits, ulong max_terms, double enough) {
  SpectralCost cost;
  for (double s : bracket_seconds(d, r, hs, rule, digits, max_terms, enough))
    cost.seconds += s, ++cost.priced;
  return cost;
}

std::vector<double> spectral_seconds_each(ulong d, ulong r, const std::vector<Fmpz>& hs, CountRule rule,
                                          long digits, ulong max_terms) {
  return bracket_seconds(d, r, hs, rule, digits, max_terms, std::numeric_limits<double>::infinity());
}

}  // namespace bc::rank
