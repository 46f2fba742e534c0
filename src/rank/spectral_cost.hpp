// The cost of one certified bracket of LB(d,r,H) (spectral_bound.cpp), predicted before it runs,
// so that `rank bound` and `table` can refuse or size a sweep up front (issue 20 §2).
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
// The seconds are (odd degrees walked) x (time per degree at the working precision), measured.
// Cost: O(number of rungs) lgamma calls.
#pragma once

#include "core/flint.hpp"
#include "rank/count.hpp"

#include <vector>

namespace bc::rank {

/// The last degree L the certified bracket will sum for (d, r, H) at `digits` (a prediction).
ulong spectral_terms_estimate(ulong d, ulong r, const fmpz_t H, CountRule rule, long digits, ulong max_terms);

/// Predicted single-thread seconds of spectral_lower_bound(d, r, H, rule, digits, max_terms) for
/// H in hs, summed (`seconds`) over the first `priced` of them: pricing stops once the sum passes
/// `enough` (a caller that refuses above a limit need not price a million points to know).
struct SpectralCost {
  double seconds = 0;
  size_t priced = 0;
};
SpectralCost spectral_seconds_estimate(ulong d, ulong r, const std::vector<Fmpz>& hs, CountRule rule,
                                       long digits, ulong max_terms, double enough);

/// The same prediction, one value per H in hs (none skipped): what `table` cuts a sweep into tasks
/// and deals shards by (Command::estimate).
std::vector<double> spectral_seconds_each(ulong d, ulong r, const std::vector<Fmpz>& hs, CountRule rule,
                                          long digits, ulong max_terms);

}  // namespace bc::rank
