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
// Computed here as the authors write it, from the closed forms of <sign,Q_l> (sign_coef_closed) and
// <arcsin,Q_l> (arcsin_coef), in balls. Cost: O(1) ball operations per degree (two Gamma ratios).
#include "rank/head_target.hpp"
#include "sphere/dim.hpp"
#include "sphere/sign_coef.hpp"

namespace bc::rank {

void u_coef_as_printed(arb_t res, ulong d, ulong l, slong prec) {
  Arb n, sign_q, arcsin_q, half_pi, root_n;
  sphere::harmonic_dim_arb(n.x, d, l, prec);
  sphere::sign_coef_closed(sign_q.x, d, l, prec);  // <sign, Q_l> = c_l
  arcsin_coef(arcsin_q.x, d, l, prec);             // <arcsin, Q_l>
  arb_const_pi(half_pi.x, prec);
  arb_mul_2exp_si(half_pi.x, half_pi.x, -1);
  arb_mul(res, half_pi.x, n.x, prec);
  arb_mul(res, res, sign_q.x, prec);
  arb_div(res, res, arcsin_q.x, prec);  // a_l, the coefficient of Q_l
  arb_sqrt(root_n.x, n.x, prec);
  arb_mul(res, res, root_n.x, prec);  // Q_l = sqrt(N) P_{l,d}: the coefficient of P_{l,d}
}

}  // namespace bc::rank
