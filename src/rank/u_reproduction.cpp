// See u_reproduction.hpp: E[u (2b - 1)] by Gauss–Jacobi over u_d, with its error bound, against
// sum_{l <= D} c_l^2. Cost: O(n^2) MPFR operations for the rule, n evaluations of u and b.
#include "rank/u_reproduction.hpp"

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "rank/head_target.hpp"
#include "sphere/dim.hpp"
#include "sphere/gauss_jacobi.hpp"
#include "sphere/sign_coef.hpp"

#include <fmt/format.h>

#include <arb_hypgeom.h>

#include <cmath>
#include <vector>

namespace bc::rank {

namespace {

constexpr slong kPrec = 192;             // ball precision of the sums (the rule has 40 digits)
constexpr unsigned kRuleDigits = 40;     // MPFR digits of the Gauss–Jacobi nodes and weights
constexpr double kDoubleBError = 1e-12;  // |head_target_double - b|, as the unit tests hold it

// An MPFR number as a ball with zero radius (exact conversion).
Arb ball_of(const sphere::MpReal& x) {
  Arb r;
  arf_set_mpfr(arb_midref(r.x), x.backend().data());
  return r;
}

// sum_{l odd <= D} c_l^2 and, for the least odd L above 2n - 1 - D, |s_L| (1 - sum_{l < L} c_l^2).
void parseval_parts(UReproduction& out, unsigned long d, unsigned long degree) {
  Arb c, below_l;
  for (unsigned long l = 1; l < out.first_inexact; l += 2) {
    sphere::sign_coef_closed(c.x, d, l, kPrec);
    arb_sqr(c.x, c.x, kPrec);
    arb_add(below_l.x, below_l.x, c.x, kPrec);
    if (l <= degree) arb_add(out.target.x, out.target.x, c.x, kPrec);
  }
  Arb s;
  sphere::sign_coef_unit_closed(s.x, d, out.first_inexact, kPrec);
  arb_abs(s.x, s.x);
  arb_sub_ui(below_l.x, below_l.x, 1, kPrec);
  arb_neg(below_l.x, below_l.x);
  arb_mul(out.tail.x, s.x, below_l.x, kPrec);
}

struct Rule {
  std::vector<Arb> nodes, weights;
  bool certified = false;
};

// The n-point Gauss rule for the weight (1 - t^2)^{(d-3)/2}. d = 3: Gauss–Legendre from Arb
// (arb_hypgeom_legendre_p_ui_root, certified balls). d = 4: Gauss–Chebyshev of the second kind,
// t_i = cos(i pi/(n+1)), w_i = pi/(n+1) sin^2(i pi/(n+1)) (DLMF 3.5.23), certified balls. Other d:
// src/sphere/gauss_jacobi.cpp (Newton in MPFR at 40 digits, exact-converted: not certified, and
// O(n^2) MPFR operations, several seconds at n = 1000).
Rule gauss_rule(unsigned long d, unsigned n) {
  Rule r;
  r.nodes.resize(n);
  r.weights.resize(n);
  r.certified = d <= 4;
  if (d == 3) {
    for (unsigned i = 0; i < n; ++i)
      arb_hypgeom_legendre_p_ui_root(r.nodes[i].x, r.weights[i].x, n, i, kPrec);
  } else if (d == 4) {
    for (unsigned i = 0; i < n; ++i) {
      Fmpq x(static_cast<long>(i) + 1, n + 1ul);
      Arb pi;
      arb_cos_pi_fmpq(r.nodes[i].x, x.x, kPrec);
      arb_sin_pi_fmpq(r.weights[i].x, x.x, kPrec);
      arb_sqr(r.weights[i].x, r.weights[i].x, kPrec);
      arb_const_pi(pi.x, kPrec);
      arb_mul(r.weights[i].x, r.weights[i].x, pi.x, kPrec);
      arb_div_ui(r.weights[i].x, r.weights[i].x, n + 1ul, kPrec);
    }
  } else {
    const sphere::MpScope scope(kRuleDigits);
    const double a = (static_cast<double>(d) - 3) / 2;
    const sphere::GaussRule g = sphere::gauss_jacobi(n, a, a, kRuleDigits);
    for (unsigned i = 0; i < n; ++i) r.nodes[i] = ball_of(g.nodes[i]), r.weights[i] = ball_of(g.weights[i]);
  }
  return r;
}

}  // namespace

UReproduction u_reproduction(unsigned long d, unsigned long degree, unsigned nodes) {
  if (d < 3) throw DomainError(fmt::format("u_reproduction: requires d >= 3, got d = {}", d));
  if (2ul * nodes <= degree + 1)
    throw DomainError(fmt::format("u_reproduction: requires 2 nodes - 1 > degree, got {} nodes", nodes));
  UReproduction out;
  out.nodes = nodes;
  out.first_inexact = 2ul * nodes - degree;  // least l > 2n - 1 - D
  if (out.first_inexact % 2 == 0) ++out.first_inexact;
  parseval_parts(out, d, degree);

  const Rule rule = gauss_rule(d, nodes);
  out.certified_rule = rule.certified;
  Arb total_w, sum, abs_u, u, term;
  for (unsigned i = 0; i < nodes; ++i) {
    if (i % 64 == 0) limits::poll("u_reproduction");
    const Arb& t = rule.nodes[i];
    const Arb& w = rule.weights[i];
    arb_add(total_w.x, total_w.x, w.x, kPrec);
    u_weight_ball(u.x, d, t.x, degree, kPrec);
    const double b = head_target_double(d, std::acos(arf_get_d(arb_midref(t.x), ARF_RND_NEAR)));
    arb_set_d(term.x, 2 * b - 1);
    arb_mul(term.x, term.x, u.x, kPrec);
    arb_addmul(sum.x, term.x, w.x, kPrec);
    arb_abs(u.x, u.x);
    arb_addmul(abs_u.x, u.x, w.x, kPrec);
  }
  // the weights sum to the normaliser of u_d: divide by their sum (exact for constants)
  arb_div(out.quadrature.x, sum.x, total_w.x, kPrec);
  arb_div(out.abs_u.x, abs_u.x, total_w.x, kPrec);
  Arb eps;
  arb_set_d(eps.x, 2 * kDoubleBError);
  arb_add(eps.x, eps.x, out.tail.x, kPrec);
  arb_mul(out.error.x, out.abs_u.x, eps.x, kPrec);
  return out;
}

}  // namespace bc::rank
