// Majority vote of random rank-1 heads (talk-B "Majority Voting"; docs/math/rank.md#majority-vote).
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
// Both are computed in the form F = C_m int_0^{1/2} (1 - 4s^2)^{m-1} G(s) ds (majority_mesh.cpp),
// where no incomplete beta function of order m appears: in double precision on one reusable mesh
// (about 1e-14 relative; the tests check against mpmath), and certified by Taylor models
// (majority_ball.cpp), which decides the boundary of the least H for a target.
#pragma once

#include "core/flint.hpp"

namespace bc::rank {

/// p(d), certified.
void head_success_probability(arb_t res, ulong d, slong prec);

/// W_n = int_0^{pi/2} cos^n phi dphi, certified (O(n)).
void wallis(arb_t res, ulong n, slong prec);

/// F(d, H) in double precision (about 1e-14 relative).
double majority_failure(unsigned long d, unsigned long H);
double majority_hoeffding(unsigned long d, unsigned long H);

/// F(d, 2m - 1) certified (majority_ball.cpp): `res` contains it, with a radius near
/// rel_tol x estimate (`estimate`: a double value of F, which sets the tolerances only).
/// Returns false if the panel budget ran out before the tolerance was met (res is then unset).
[[nodiscard]] bool majority_failure_ball(arb_t res, ulong d, ulong m, double estimate, double rel_tol,
                                         slong prec);

/// Smallest H (odd, since an even H never helps) with majority_failure(d, H) <= target in double
/// precision; 0 if it exceeds h_cap. Not certified: see majority_target.
unsigned long majority_min_heads(unsigned long d, double target, unsigned long h_cap);

/// The least odd H <= h_cap with F(d, H) <= target, and the proof of it.
struct MajorityTarget {
  unsigned long h = 0;   ///< the least odd H (the double search's answer when not decided); 0: > h_cap
  bool decided = false;  ///< F(h) <= target < F(h - 2) (or F(cap) > target when h = 0) proved
  Arb f_h, f_below;      ///< enclosures of F(d, h) (of F at the cap when h = 0) and F(d, h - 2)
};
/// Searches in double precision, then proves the boundary with certified enclosures, tightening
/// the tolerance (1e-9, 1e-16, 1e-24, 1e-32 relative) while an enclosure contains the target.
MajorityTarget majority_target(unsigned long d, const fmpq_t target, unsigned long h_cap);

}  // namespace bc::rank
