// c_l(d), s_l(d) and the cumulative energy by the ratio recurrence (see sign_coef.hpp).
// Cost: O(l_last) word multiplications/divisions at precision prec plus one Gamma ratio; one
// square root per printed row. The closed form (one Gamma ratio per l) is kept for checks.
#include "sphere/sign_coef.hpp"

#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "sphere/dim.hpp"

#include <cmath>
#include <stdexcept>

namespace bc::sphere {

void sign_coef_unit_closed(arb_t res, ulong d, ulong l, slong prec) {
  if (d < 2) throw std::invalid_argument("sign_coef_unit_closed: requires d >= 2");
  if (l % 2 == 0) {
    arb_zero(res);
    return;
  }
  Arb a, b, c;
  arb_set_ui(a.x, d);
  arb_mul_2exp_si(a.x, a.x, -1);
  arb_gamma(a.x, a.x, prec);  // Gamma(d/2)
  arb_set_ui(b.x, l);
  arb_mul_2exp_si(b.x, b.x, -1);
  arb_gamma(b.x, b.x, prec);  // Gamma(l/2)
  arb_set_ui(c.x, l + d);
  arb_mul_2exp_si(c.x, c.x, -1);
  arb_gamma(c.x, c.x, prec);  // Gamma((l+d)/2)
  arb_mul(a.x, a.x, b.x, prec);
  arb_div(a.x, a.x, c.x, prec);
  arb_const_pi(b.x, prec);
  arb_div(res, a.x, b.x, prec);
  if ((l / 2) % 2 == 1) arb_neg(res, res);  // (-1)^{(l-1)/2}
}

void sign_coef_closed(arb_t res, ulong d, ulong l, slong prec) {
  sign_coef_unit_closed(res, d, l, prec);
  Arb n;
  harmonic_dim_arb(n.x, d, l, prec);
  arb_sqrt(n.x, n.x, prec);
  arb_mul(res, res, n.x, prec);
}

std::vector<SignCoefRow> sign_coef_rows(ulong d, ulong l_first, ulong l_last, bool include_even, slong prec) {
  if (d < 2) throw std::invalid_argument("sign_coef_rows: requires d >= 2");
  std::vector<SignCoefRow> rows;
  Arb s, n, energy, c2, tmp;
  // l = 1: s_1 = Gamma(d/2) / (sqrt(pi) Gamma((d+1)/2)), N(d,1) = d.
  {
    Arb g1, g2;
    arb_set_ui(g1.x, d);
    arb_mul_2exp_si(g1.x, g1.x, -1);
    arb_set_ui(g2.x, d + 1);
    arb_mul_2exp_si(g2.x, g2.x, -1);
    arb_gamma(g1.x, g1.x, prec);
    arb_gamma(g2.x, g2.x, prec);
    arb_div(s.x, g1.x, g2.x, prec);
    arb_const_sqrt_pi(tmp.x, prec);
    arb_div(s.x, s.x, tmp.x, prec);
    arb_set_ui(n.x, d);
  }
  auto emit_even = [&](ulong l) {
    if (!include_even || l < l_first || l > l_last) return;
    SignCoefRow r;
    r.l = l;
    arb_set(r.energy.x, energy.x);
    rows.push_back(std::move(r));
  };
  emit_even(0);
  for (ulong l = 1; l <= l_last; l += 2) {
    arb_sqr(c2.x, s.x, prec);
    arb_mul(c2.x, c2.x, n.x, prec);
    arb_add(energy.x, energy.x, c2.x, prec);
    if (l >= l_first) {
      SignCoefRow r;
      r.l = l;
      arb_set(r.coef_unit.x, s.x);
      arb_sqrt(r.coef.x, n.x, prec);
      arb_mul(r.coef.x, r.coef.x, s.x, prec);
      arb_set(r.energy.x, energy.x);
      rows.push_back(std::move(r));
    }
    emit_even(l + 1);
    if (l + 2 > l_last) break;
    // s_{l+2} = -s_l l / (l+d)
    arb_mul_ui(s.x, s.x, l, prec);
    arb_div_ui(s.x, s.x, l + d, prec);
    arb_neg(s.x, s.x);
    // N(d,l+2) = N(d,l) (2l+d+2)(l+d-2)(l+d-1) / ((l+1)(l+2)(2l+d-2))
    arb_mul_ui(n.x, n.x, 2 * l + d + 2, prec);
    arb_mul_ui(n.x, n.x, l + d - 2, prec);
    arb_mul_ui(n.x, n.x, l + d - 1, prec);
    arb_div_ui(n.x, n.x, l + 1, prec);
    arb_div_ui(n.x, n.x, l + 2, prec);
    arb_div_ui(n.x, n.x, 2 * l + d - 2, prec);
  }
  return rows;
}

std::vector<SignCoefRow> sign_coef_eval(ulong d, ulong l_first, ulong l_last, bool include_even,
                                        long digits) {
  const slong target = bits_for_digits(digits);
  // Each step adds a few ulps of relative error: log2(l_last) + 8 guard bits cover it.
  slong prec = target + 40 + static_cast<slong>(std::log2(static_cast<double>(l_last) + 2.0));
  for (;;) {
    auto rows = sign_coef_rows(d, l_first, l_last, include_even, prec);
    slong worst = target;
    for (const auto& r : rows)
      for (const arb_struct* v : {r.coef.x, r.coef_unit.x, r.energy.x})
        if (!arb_is_zero(v)) worst = std::min(worst, arb_rel_accuracy_bits(v));
    if (worst >= target) return rows;
    prec += (target - worst) + 32;
    if (prec > limits::max_working_bits)
      limits::refuse("sphere sign-coef: working precision", static_cast<double>(prec),
                     static_cast<double>(limits::max_working_bits), "bits", "");
  }
}

}  // namespace bc::sphere
