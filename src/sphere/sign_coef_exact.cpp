// Exact sign coefficients (docs/math/sphere.md#sign-coefficients): s_l = r_l (odd d) or r_l / pi (even d),
// r_l rational; c_l = s_l sqrt(N(d,l)); c_l^2 = N r_l^2 (/ pi^2). Same recurrences as sign_coef.cpp, in FLINT
// rationals. Cost O(l_last) rational operations on numbers of O(l log(l+d)) bits.
#include "sphere/sign_coef.hpp"

#include "core/closed_form.hpp"
#include "core/limits.hpp"
#include "core/squarefree.hpp"

#include <cmath>

namespace bc::sphere {

namespace {

// sign * r * sqrt(N) / pi^k (k = pi_power, in the denominator) in lowest terms (core/closed_form.hpp): N =
// s^2 m with m square-free from N's prime exponents, so "-3*sqrt(51)/128", not "-3*sqrt(204)/256".
std::string render(const fmpq_t r, const PrimePowers& n, int pi_power) {
  Fmpz s, m;
  n.split(s.x, m.x);
  Fmpq c;
  fmpq_mul_fmpz(c.x, r, s.x);
  return closed_form_text(c.x, m.x, -pi_power);
}

std::string render_rational(const fmpq_t r, int pi_power) {
  Fmpz one(1);
  return closed_form_text(r, one.x, -pi_power);
}

}  // namespace

std::vector<SignCoefExactRow> sign_coef_exact(ulong d, ulong l_first, ulong l_last, bool include_even) {
  const bool even_d = d % 2 == 0;
  const ulong m = d / 2;
  Fmpq r, energy, c2;
  Fmpz n, tmp;
  PrimePowers np;  // N(d,l) as prime exponents, for the square-free radicand
  // r_1
  {
    Fmpz b, p4;
    fmpz_bin_uiui(b.x, 2 * m, m);
    fmpz_set_ui(p4.x, 4);
    fmpz_pow_ui(p4.x, p4.x, m);
    if (even_d) {  // 4^m / (m binom(2m,m))
      fmpz_mul_ui(b.x, b.x, m);
      fmpq_set_fmpz_frac(r.x, p4.x, b.x);
    } else {  // binom(2m,m) / 4^m
      fmpq_set_fmpz_frac(r.x, b.x, p4.x);
    }
    fmpz_set_ui(n.x, d);
    np.add_word(d);
  }
  std::vector<SignCoefExactRow> rows;
  const int pi1 = even_d ? 1 : 0, pi2 = even_d ? 2 : 0;
  auto emit_even = [&](ulong l) {
    if (!include_even || l < l_first || l > l_last) return;
    rows.push_back({l, "0", "0", render_rational(energy.x, pi2)});
  };
  emit_even(0);
  for (ulong l = 1; l <= l_last; l += 2) {
    fmpq_mul(c2.x, r.x, r.x);
    fmpq_mul_fmpz(c2.x, c2.x, n.x);
    fmpq_add(energy.x, energy.x, c2.x);
    if (l >= l_first)
      rows.push_back({l, render(r.x, np, pi1), render_rational(r.x, pi1), render_rational(energy.x, pi2)});
    emit_even(l + 1);
    if (l + 2 > l_last) break;
    fmpz_set_ui(tmp.x, l);
    fmpq_mul_fmpz(r.x, r.x, tmp.x);
    fmpz_set_ui(tmp.x, l + d);
    fmpq_div_fmpz(r.x, r.x, tmp.x);
    fmpq_neg(r.x, r.x);
    fmpz_mul_ui(n.x, n.x, 2 * l + d + 2);
    fmpz_mul_ui(n.x, n.x, l + d - 2);
    fmpz_mul_ui(n.x, n.x, l + d - 1);
    fmpz_divexact_ui(n.x, n.x, l + 1);
    fmpz_divexact_ui(n.x, n.x, l + 2);
    fmpz_divexact_ui(n.x, n.x, 2 * l + d - 2);
    for (ulong w : {2 * l + d + 2, l + d - 2, l + d - 1}) np.add_word(w);
    for (ulong w : {l + 1, l + 2, 2 * l + d - 2}) np.add_word(w, -1);
  }
  return rows;
}

void check_sign_coef_exact_work(const std::string& what, ulong d, ulong l, const std::string& hint) {
  limits::check_work(what + ": work", static_cast<double>(l) * sign_coef_exact_row_chars(d, l), 5e10,
                     "digit-operations", hint);
}

double sign_coef_exact_row_chars(ulong d, ulong l) {
  // The energy's denominator dominates: about l log10(l + d) digits (a generous bound), twice.
  double ll = static_cast<double>(l) + 1.0, dd = static_cast<double>(d);
  return 2.0 * ll * std::log10(ll + dd) + 3.0 * dd / 2.0 * std::log10(dd + 1.0) + 32.0;
}

}  // namespace bc::sphere
