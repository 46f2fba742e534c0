// The cost of one certified bracket of LB(d,r,H) (spectral_bound.cpp), predicted before it runs,
// so that `rank bound` and `table` can refuse or size a sweep up front (issue 20 §2, issue 37 §2).
//
// spectral_lower_bound() sums odd degrees up to L = 101, 405, 1621, ... (L -> 4L+1) and stops at
// the first rung where the bracket's width hi - lo = T_L |m_hi - m_lo| is at most 10^-digits
// (or the count is full rank, or L reaches max_terms). Here both factors are modelled in long
// double from the closed forms (spectral_double.hpp):
//   - T_L = sum_{l > L, odd} c_l^2, with c_l^2 ~ C l^-p locally (p from c^2 at L and 2L;
//   docs/math/sphere.md#decay:
//     p = 2 for l >> d, 3/2 for l << d) so that T_L ~ c_L^2 L / (2 (p - 1));
//   - m_hi - m_lo = |min(1, H rho_{L+2}) - min(1, H rho_inf)| from the exact tail shape
//     (spectrum.hpp), or 1 where rho is not yet monotone.
// Neither T_L nor rho_{L+2} depends on H: they are computed once per (d, r) for every rung (the
// ladder), and each H then costs a few exp and log calls (a million H in about 0.1 s), so that a
// sweep of millions of points is priced in a small fraction of its own time.
// The seconds are (fixed cost of a bracket) + (odd degrees walked) x (time per degree), both
// functions of the working precision, measured (bench/calibrate_estimates.py).
// Cost: O(rungs) lgamma calls per (d, r), then O(rungs) exp/log per H.
#pragma once

#include "core/flint.hpp"
#include "rank/count.hpp"

#include <vector>

namespace bc::rank {

/// The last degree L the certified bracket will sum for (d, r, H) at `digits` (a prediction).
ulong spectral_terms_estimate(ulong d, ulong r, const fmpz_t H, CountRule rule, long digits, ulong max_terms);

/// Predicted single-thread seconds of spectral_lower_bound(d, r, H, rule, digits, max_terms), one
/// value per H in hs: what `rank bound` holds to the time budget and what `table` cuts a sweep
/// into tasks and deals shards by (Command::estimate).
std::vector<double> spectral_seconds_each(ulong d, ulong r, const std::vector<Fmpz>& hs, CountRule rule,
                                          long digits, ulong max_terms);

/// The seconds of one bracket that sums `odd_degrees` odd degrees at working precision `bits`.
double spectral_bracket_seconds(double odd_degrees, double bits);

}  // namespace bc::rank
