// Majority vote of random rank-1 heads (talk-B "Majority Voting"; MATH.md §4).
//
// A head with q = k uniform is right with probability p_t = 1/2 + arcsin|t|/pi given t = <z,y>;
// averaged over t ~ u_d:
//   p(d) = 1/2 + R_{d-2}/pi,  R_n = R_{n-2} - 1/(n^2 W_n),  R_0 = pi/4,  R_1 = pi/2 - 1,
//   W_n = int_0^{pi/2} cos^n = W_{n-2} (n-1)/n,  W_0 = pi/2,  W_1 = 1
// (derived by integrating E arcsin|t| = int_0^{pi/2} phi cos^{d-2} phi dphi / W_{d-2} by parts twice;
// p(3) = 1 - 1/pi). Certified, O(d).
// H independent heads fail (majority wrong, ties counted half) with probability
//   F(d,H) = (1/W_{d-2}) int_0^{pi/2} B_H(1/2 + phi/pi) cos^{d-2} phi dphi,
//   B_H(p) = P(Bin(H,p) < H/2) + P(Bin(H,p) = H/2)/2 = I_{1-p}(m, m),  m = ceil(H/2)
// (t = sin phi removes the kink of |t|; an even H equals H-1 pointwise). Averaged Hoeffding:
//   (1/W_{d-2}) int_0^{pi/2} exp(-2 H phi^2/pi^2) cos^{d-2} phi dphi.
// Both integrals: adaptive Gauss–Kronrod (Boost.Math) in double precision with breakpoints at the
// scales 1/sqrt(H) and 1/sqrt(d); B_H by Boost's regularized incomplete beta. About 1e-13 relative
// (tests check against an independent mpmath computation); not certified.
#pragma once

#include "core/flint.hpp"

namespace bc::rank {

/// p(d), certified.
void head_success_probability(arb_t res, ulong d, slong prec);

/// W_n = int_0^{pi/2} cos^n phi dphi, certified (O(n)).
void wallis(arb_t res, ulong n, slong prec);

/// F(d, H); with `error`, also the Gauss-Kronrod error estimate summed over the segments (an
/// a-posteriori estimate, not a bound; Boost's ibeta adds about 1e-15 relative).
double majority_failure(unsigned long d, unsigned long H, double* error = nullptr);
double majority_hoeffding(unsigned long d, unsigned long H);

/// Smallest H (odd, since an even H never helps) with majority_failure(d, H) <= target;
/// 0 if it exceeds h_cap.
unsigned long majority_min_heads(unsigned long d, double target, unsigned long h_cap);

}  // namespace bc::rank
