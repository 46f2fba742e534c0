// See u_reproduction.hpp: E_{u_4}[u (2b - 1)] by Gauss–Chebyshev-U with a rigorous bound on the
// degrees the rule misses, against sum_{l <= D} c_l^2. Cost: n/2 evaluations of u and b, O(L) balls.
#include "rank/u_reproduction.hpp"

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "rank/head_target.hpp"
#include "sphere/sign_coef.hpp"

#include <fmt/format.h>

namespace bc::rank {

namespace {

constexpr unsigned long kD = 4;
constexpr slong kPrec = 192;
constexpr double kDoubleBError = 1e-12;  // |head_target_double - b|, as the unit tests hold it

// target = sum_{l odd <= D} c_l^2; returns |s_L| (1 - sum_{l < L} c_l^2) / (L + 1).
Arb parseval_parts(Arb& target, unsigned long degree, unsigned long first_inexact) {
  Arb c, below_l, tail;
  for (unsigned long l = 1; l < first_inexact; l += 2) {
    sphere::sign_coef_closed(c.x, kD, l, kPrec);
    arb_sqr(c.x, c.x, kPrec);
    arb_add(below_l.x, below_l.x, c.x, kPrec);
    if (l <= degree) arb_add(target.x, target.x, c.x, kPrec);
  }
  sphere::sign_coef_unit_closed(tail.x, kD, first_inexact, kPrec);
  arb_abs(tail.x, tail.x);
  arb_sub_ui(below_l.x, below_l.x, 1, kPrec);
  arb_neg(below_l.x, below_l.x);
  arb_mul(tail.x, tail.x, below_l.x, kPrec);
  arb_div_ui(tail.x, tail.x, first_inexact + 1, kPrec);
  return tail;
}

}  // namespace

UReproduction u_reproduction_d4(unsigned long degree, unsigned nodes, UWeighting weighting) {
  if (nodes % 2 != 0 || 2ul * nodes <= degree + 1)
    throw DomainError(fmt::format(
        "u_reproduction_d4: requires an even number of nodes above (degree + 1) / 2, got {}", nodes));
  // n/2 nodes at about 1 ms each (b's integral; u's D/2 cosine sums grow like D^2 past D = 49),
  // and L/2 closed-form coefficients for the Parseval sum at about 20 us each; priced before the
  // Parseval loop, which does not poll (nodes = 4e9 ran it past any budget)
  const double half = nodes / 2.0, dd = static_cast<double>(degree) / 49.0;
  limits::check_seconds("u_reproduction_d4: the quadrature",
                        1e-3 * half * (1 + dd * dd) + 2e-5 * (2.0 * nodes - static_cast<double>(degree)) / 2,
                        "fewer nodes or a lower degree");
  UReproduction out;
  out.nodes = nodes;
  out.first_inexact = 2ul * nodes - degree;  // the least l > 2n - 1 - D
  if (out.first_inexact % 2 == 0) ++out.first_inexact;
  const Arb tail = parseval_parts(out.target, degree, out.first_inexact);

  // Q_n with the weights pi/(n+1) sin^2 theta_i normalised by their sum pi/2: 2/(n+1) sin^2 theta_i
  Arb sum, abs_u, abs_u_sin, t, sin_t, w, u, term;
  for (unsigned i = 1; i <= nodes / 2; ++i) {  // theta_i < pi/2; the mirror nodes by symmetry
    if (i % 32 == 0) limits::poll("u_reproduction_d4");
    Fmpq theta(static_cast<long>(i), nodes + 1ul);  // theta_i / pi
    arb_cos_pi_fmpq(t.x, theta.x, kPrec);
    arb_sin_pi_fmpq(sin_t.x, theta.x, kPrec);
    arb_sqr(w.x, sin_t.x, kPrec);
    u_weight_ball(u.x, kD, t.x, degree, kPrec, weighting);
    const double b = head_target_double(kD, M_PI * fmpq_get_d(theta.x));
    arb_set_d(term.x, 2 * b - 1);
    arb_mul(term.x, term.x, u.x, kPrec);
    arb_addmul(sum.x, term.x, w.x, kPrec);
    arb_abs(u.x, u.x);
    arb_addmul(abs_u.x, u.x, w.x, kPrec);
    arb_addmul(abs_u_sin.x, u.x, sin_t.x, kPrec);  // w |u| / sin theta
  }
  // x 2 for the mirror half, x 2/(n+1) for the normalised weights
  for (Arb* a : {&sum, &abs_u, &abs_u_sin}) {
    arb_mul_2exp_si(a->x, a->x, 2);
    arb_div_ui(a->x, a->x, nodes + 1ul, kPrec);
  }
  out.quadrature = sum;
  Arb eps;
  arb_mul(out.error.x, abs_u_sin.x, tail.x, kPrec);
  arb_set_d(eps.x, 2 * kDoubleBError);
  arb_addmul(out.error.x, abs_u.x, eps.x, kPrec);
  return out;
}

}  // namespace bc::rank
