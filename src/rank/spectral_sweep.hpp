// LB(d,r,H) for many H at one (d, r) from one walk over the degrees (docs/math/rank.md#spectral-lower-bound;
// the bracket of spectral_bound.hpp):
//
//   S_L(H) = sum_{l <= L, odd} c_l^2 (1 - min(1, H rho_l)),   lo/hi = S_L(H) + (1 - m_hi/lo) T_L,
//
// where c_l^2 and rho_l come from one SpectrumWalker and every H keeps only its running sum S_L(H):
// at each rung L = 101, 405, 1621, ... (L -> 4L+1, capped at max_terms) every H still open closes
// its bracket and leaves the walk once it is narrower than 10^-digits (or the count is full rank,
// or L reaches max_terms). Each H sees the same ball operations in the same order as
// spectral_lower_bound(d, r, H) with its table (the sum restarted from zero at each rung there,
// carried on here), so the brackets are the same bits; nothing per degree is stored.
// Cost: L_max / 2 walker steps (16 word multiplications and divisions of balls) plus
// sum_H L_H / 2 terms (4 ball operations each), L_H the last rung of H; memory O(|hs|) balls.
#pragma once

#include "core/flint.hpp"
#include "rank/count.hpp"
#include "rank/spectral_bound.hpp"

#include <vector>

namespace bc::rank {

/// The bracket of LB(d, r, H) for every H in hs, in order; each equal (bit for bit) to
/// spectral_lower_bound(d, r, H, rule, digits, max_terms).
std::vector<LbBracket> spectral_lower_bounds(ulong d, ulong r, const std::vector<Fmpz>& hs, CountRule rule,
                                             long digits, ulong max_terms);

}  // namespace bc::rank
