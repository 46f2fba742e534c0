// H_min(d, r, eps) = min{ H : LB(d,r,H) <= eps }  (docs/math/rank.md#heads-needed): LB is nonincreasing in H,
// so an exponential search and an integer bisection find it; every comparison is decided on the certified
// bracket of spectral_bound.hpp (hi <= eps: yes; lo > eps: no; otherwise more terms). Also the talk's
// scalings (talk-B "Our Rank Separation Result"):
//   (d/r)^{1/eps}  and  2^{d - r log(d/r)}, with log read as log2 (so that the exponent counts
//   bits: 2^{d - r log2(d/r)} = 2^d (r/d)^r) and, for comparison, as the natural log.
#pragma once

#include "core/flint.hpp"
#include "rank/count.hpp"

namespace bc::rank {

struct HeadsResult {
  Fmpz h_min;           ///< the smallest H with LB <= eps (when decided)
  bool decided = true;  ///< false: h_min lies in [h_lo, h_hi] and could not be pinned down
  Fmpz h_lo, h_hi;
  ulong terms = 0;  ///< degrees summed in the last decision
  int passes = 1;   ///< 2 when the search had to be redone with log2(H) more bits
};

/// eps in (0, 1). Throws ResourceError if H_min would exceed 10^max_digits10.
HeadsResult min_heads(ulong d, ulong r, const Fmpq& eps, CountRule rule, ulong max_terms,
                      long max_digits10 = 100000);

/// (d/r)^{1/eps}, 2^{d - r log2(d/r)} and 2^{d - r ln(d/r)} as balls.
void talk_scalings(arb_t power, arb_t exp_log2, arb_t exp_ln, ulong d, ulong r, const Fmpq& eps, slong prec);

}  // namespace bc::rank
