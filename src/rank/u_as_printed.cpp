// The weighting u of paper-A Figure 5 as the authors' code draws it (`rank u --weighting as-printed`):
//   u(t) = sum_{l odd <= D} a_l Q_l(t),  a_l = (pi/2) N(d,l) <sign,Q_l> / <arcsin,Q_l>,
//   Q_l = sqrt(N(d,l)) P_{l,d}  (the orthonormal basis of L^2(u_d)),
// the coefficient of optim_weight_linsolve.SmartDistribution (num_terms = 50, i.e. D = 49) put on Q_l.
// With <sign,Q_l> = c_l and <arcsin,Q_l> = (pi/2) c_l^2 / sqrt(N) (head_target.hpp), a_l = N / s_l:
// the reproducing weighting's coefficient of P_{l,d}, here on Q_l, so on P_{l,d} it is
//   sqrt(N(d,l)) a_l = N(d,l)^{3/2} / s_l,
// an extra sqrt(N(d,l)) at every degree. That u does not reproduce the target: E_{u_d}[u (2b - 1)] =
// sum_{l <= D} sqrt(N) c_l^2 (3.81 at d = 4) instead of sum c_l^2 (0.98410); but its peaks |u(1)| =
// 1.3492e8 (d = 4), 6.4653e12 (d = 6), 6.0287e16 (d = 8) are the published figure's (issue 36;
// reference: data/generators/gen_u_as_printed_mpmath.py, which evaluates a_l by quadrature).
// Computed as sqrt(N(d,l)) times the reproducing coefficient N / s_l (u_coef): the closed form of
// <arcsin, Q_l> that makes a_l = N / s_l is tested against quadrature (tests/unit/test_rank_heads.cpp,
// "<arcsin, Q_l> closed form against quadrature"), and the reference generator evaluates the authors'
// formula literally, both inner products by quadrature. Cost: one square root per degree more than
// the reproducing weighting.
#include "rank/head_target.hpp"
#include "sphere/dim.hpp"

namespace bc::rank {

void u_coef_as_printed(arb_t res, ulong d, ulong l, slong prec) {
  Arb root_n;
  u_coef(res, d, l, prec, UWeighting::reproducing);  // a_l = N / s_l, the coefficient of Q_l
  sphere::harmonic_dim_arb(root_n.x, d, l, prec);
  arb_sqrt(root_n.x, root_n.x, prec);
  arb_mul(res, res, root_n.x, prec);  // Q_l = sqrt(N) P_{l,d}: the coefficient of P_{l,d}
}

}  // namespace bc::rank
