// See parseval.hpp. Cost: two degree-6 integer polynomials and their root bounds, then the
// ratio recurrence up to L (O(L) word operations at precision prec).
#include "sphere/parseval.hpp"

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "sphere/sign_coef.hpp"

#include <flint/fmpz_poly.h>

#include <fmt/format.h>

namespace bc::sphere {

namespace {

struct Poly {
  fmpz_poly_t p;
  Poly() { fmpz_poly_init(p); }
  ~Poly() { fmpz_poly_clear(p); }
  Poly(const Poly&) = delete;
  Poly& operator=(const Poly&) = delete;
};

// p *= (a l + b)
void mul_linear(fmpz_poly_t p, slong a, slong b) {
  Poly f;
  fmpz_poly_set_coeff_si(f.p, 1, a);
  fmpz_poly_set_coeff_si(f.p, 0, b);
  fmpz_poly_mul(p, p, f.p);
}

// Condition for W(l) = c_l^2 (l+s)(l+s+2), with 2s = t2 (an integer):
//   W(l+2)/W(l) = rho(l) (2l+t2+8)/(2l+t2),
//   rho(l) = (2l+d+2)(l+d-1)(l+d-2) l^2 / ((2l+d-2)(l+2)(l+1)(l+d)^2).
// Returns den*(2l+t2) - num*(2l+t2+8) (>= 0 means W nonincreasing at l).
void monotone_poly(fmpz_poly_t out, slong d, slong t2) {
  Poly num, den;
  fmpz_poly_one(num.p);
  fmpz_poly_one(den.p);
  mul_linear(num.p, 2, d + 2);
  mul_linear(num.p, 1, d - 1);
  mul_linear(num.p, 1, d - 2);
  mul_linear(num.p, 1, 0);
  mul_linear(num.p, 1, 0);
  mul_linear(num.p, 2, t2 + 8);
  mul_linear(den.p, 2, d - 2);
  mul_linear(den.p, 1, 2);
  mul_linear(den.p, 1, 1);
  mul_linear(den.p, 1, d);
  mul_linear(den.p, 1, d);
  mul_linear(den.p, 2, t2);
  fmpz_poly_sub(out, den.p, num.p);
}

}  // namespace

bool parseval_monotone_from(ulong& l0, ulong d) {
  const slong sd = static_cast<slong>(d);
  Poly hi, lo;
  monotone_poly(hi.p, sd, sd - 2);  // s_hi = (d-2)/2: need >= 0 (nonincreasing)
  monotone_poly(lo.p, sd, sd - 6);  // s_lo = (d-6)/2: need <= 0 (nondecreasing)
  fmpz_poly_neg(lo.p, lo.p);
  Fmpz b1, b2;
  for (fmpz_poly_struct* p : {hi.p, lo.p}) {
    if (fmpz_poly_is_zero(p)) continue;  // identically satisfied
    if (fmpz_sgn(fmpz_poly_lead(p)) < 0) return false;
  }
  // All real roots are below the bound; beyond it the polynomial has the sign of its lead.
  if (!fmpz_poly_is_zero(hi.p)) fmpz_poly_bound_roots(b1.x, hi.p);
  if (!fmpz_poly_is_zero(lo.p)) fmpz_poly_bound_roots(b2.x, lo.p);
  if (fmpz_cmp(b1.x, b2.x) < 0) fmpz_swap(b1.x, b2.x);
  if (!fmpz_fits_si(b1.x)) return false;
  ulong b = static_cast<ulong>(fmpz_get_si(b1.x)) + 1;
  if (b < 3) b = 3;
  l0 = b | 1;  // odd
  return true;
}

ParsevalBracket parseval_bracket(ulong d, ulong L_requested, slong prec) {
  ParsevalBracket out;
  if (!parseval_monotone_from(out.l0, d))
    throw DomainError(fmt::format("parseval_bracket: no monotone tail bound established for d = {}", d));
  ulong L = std::max(L_requested, out.l0) | 1;
  out.L = L;
  // The monotone tail starts near 0.75 d^2 (78 million degrees at d = 10200): refuse up front.
  limits::check_work(fmt::format("parseval bracket at d = {}: ratio recurrence to l = {}", d, L),
                     sign_coef_rows_seconds(L, static_cast<double>(prec) * 0.30103), 120.0, "seconds",
                     "lower L or d");
  auto rows = sign_coef_rows(d, L, L + 2, false, prec);  // rows at L and L+2
  arb_set(out.partial.x, rows.at(0).energy.x);
  Arb c2;
  arb_sqr(c2.x, rows.at(1).coef.x, prec);
  // tail <= c^2 (L+2+s)(L+4+s) / (2 (L+2+s)) = c^2 (L+4+s) / 2, with s = (d-2)/2 or (d-6)/2
  auto bound = [&](arb_t res, slong twice_s) {
    arb_set_si(res, 2 * static_cast<slong>(L) + 8 + twice_s);  // 2(L+4+s)
    arb_mul(res, res, c2.x, prec);
    arb_mul_2exp_si(res, res, -2);
  };
  bound(out.tail_hi.x, static_cast<slong>(d) - 2);
  bound(out.tail_lo.x, static_cast<slong>(d) - 6);
  return out;
}

}  // namespace bc::sphere
