// Certified Parseval check for the sign coefficients (derived here; docs/math/sphere.md#parseval-and-the-tail
// states the identity sum_l c_l(d)^2 = ||sign||^2 = 1 and this bracket).
//
// c_l^2 = K l^{-2} (1 + (2-d)/l + O(l^-2)), so with w_s(l) = 1/((l+s)(l+s+2)) the sequence
// c_l^2 / w_s(l) = c_l^2 (l+s)(l+s+2) is eventually nonincreasing for s_hi = (d-2)/2 and
// eventually nondecreasing for s_lo = (d-6)/2. "Eventually" is made exact: the condition on
// consecutive odd l is a polynomial inequality D(l) >= 0 in l with integer coefficients (from the
// exact ratio c_{l+2}^2/c_l^2), and FLINT's root bound gives l0 beyond which it holds. Then for
// odd L >= l0, telescoping sum_{l odd >= L+2} w_s(l) = 1/(2(L+2+s)) gives
//   c_{L+2}^2 (L+2+s_lo)(L+4+s_lo) / (2(L+2+s_lo)) <= T_L := sum_{l odd > L} c_l^2
//                                                   <= c_{L+2}^2 (L+2+s_hi)(L+4+s_hi) / (2(L+2+s_hi)),
// a bracket for the tail that does not assume Parseval. Parseval holds iff 1 - S_L lies in it.
#pragma once

#include "core/flint.hpp"

namespace bc::sphere {

struct ParsevalBracket {
  ulong l0 = 0;          ///< from the root bounds: both monotonicities hold for odd l >= l0
  ulong L = 0;           ///< the cut actually used (odd, >= max(l0, requested))
  Arb partial;           ///< S_L = sum_{l odd <= L} c_l^2
  Arb tail_lo, tail_hi;  ///< certified bounds on T_L
};

/// Smallest odd l0 beyond which the two monotonicity conditions hold (exact, via root bounds).
/// Returns false if a leading coefficient has the wrong sign (then no bracket is claimed).
bool parseval_monotone_from(ulong& l0, ulong d);

/// The bracket at cut max(L_requested, l0). Throws DomainError if parseval_monotone_from fails.
ParsevalBracket parseval_bracket(ulong d, ulong L_requested, slong prec);

}  // namespace bc::sphere
