// Exact sign coefficients (MATH.md §3): s_l = r_l (odd d) or r_l / pi (even d), r_l rational;
// c_l = s_l sqrt(N(d,l)); c_l^2 = N r_l^2 (/ pi^2). Same recurrences as sign_coef.cpp, in FLINT
// rationals. Cost O(l_last) rational operations on numbers of O(l log(l+d)) bits.
#include "sphere/sign_coef.hpp"

#include <cmath>

namespace bc::sphere {

namespace {

// Renders sign * (p/q) * sqrt(rad) / pi^k in the sympy-readable form used by the CLI:
// "-sqrt(7)/8", "8/(3*pi)", "55/64", "1/pi^2".
std::string render(const fmpq_t r, const fmpz_t rad, int pi_power) {
  if (fmpq_is_zero(r)) return "0";
  Fmpz num, den, root, rem;
  fmpz_abs(num.x, fmpq_numref(r));
  fmpz_set(den.x, fmpq_denref(r));
  bool has_sqrt = !fmpz_is_one(rad);
  if (has_sqrt) {
    fmpz_sqrtrem(root.x, rem.x, rad);
    if (fmpz_is_zero(rem.x)) {  // perfect square: fold it into the rational
      fmpz_mul(num.x, num.x, root.x);
      Fmpz g;
      fmpz_gcd(g.x, num.x, den.x);
      fmpz_divexact(num.x, num.x, g.x);
      fmpz_divexact(den.x, den.x, g.x);
      has_sqrt = false;
    }
  }
  std::string top;
  if (has_sqrt)
    top = fmpz_is_one(num.x) ? "sqrt(" + to_string(rad) + ")"
                             : to_string(num.x) + "*sqrt(" + to_string(rad) + ")";
  else
    top = to_string(num.x);
  std::vector<std::string> parts;
  if (!fmpz_is_one(den.x)) parts.push_back(to_string(den.x));
  if (pi_power == 1) parts.push_back("pi");
  if (pi_power == 2) parts.push_back("pi^2");
  std::string out = fmpq_sgn(r) < 0 ? "-" + top : top;
  if (parts.size() == 1) out += "/" + parts[0];
  if (parts.size() == 2) out += "/(" + parts[0] + "*" + parts[1] + ")";
  return out;
}

}  // namespace

std::vector<SignCoefExactRow> sign_coef_exact(ulong d, ulong l_first, ulong l_last, bool include_even) {
  const bool even_d = d % 2 == 0;
  const ulong m = d / 2;
  Fmpq r, energy, c2;
  Fmpz n, one(1), tmp;
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
  }
  std::vector<SignCoefExactRow> rows;
  const int pi1 = even_d ? 1 : 0, pi2 = even_d ? 2 : 0;
  auto emit_even = [&](ulong l) {
    if (!include_even || l < l_first || l > l_last) return;
    rows.push_back({l, "0", "0", render(energy.x, one.x, pi2)});
  };
  emit_even(0);
  for (ulong l = 1; l <= l_last; l += 2) {
    fmpq_mul(c2.x, r.x, r.x);
    fmpq_mul_fmpz(c2.x, c2.x, n.x);
    fmpq_add(energy.x, energy.x, c2.x);
    if (l >= l_first)
      rows.push_back({l, render(r.x, n.x, pi1), render(r.x, one.x, pi1), render(energy.x, one.x, pi2)});
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
  }
  return rows;
}

double sign_coef_exact_row_chars(ulong d, ulong l) {
  // The energy's denominator dominates: about l log10(l + d) digits (a generous bound), twice.
  double ll = static_cast<double>(l) + 1.0, dd = static_cast<double>(d);
  return 2.0 * ll * std::log10(ll + dd) + 3.0 * dd / 2.0 * std::log10(dd + 1.0) + 32.0;
}

}  // namespace bc::sphere
