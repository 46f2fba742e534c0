// See spectrum.hpp. Cost: O(1) word operations per degree; tail_shape is two small polynomials
// and a root bound.
#include "rank/spectrum.hpp"

#include "sphere/sign_coef.hpp"

#include <flint/fmpz_poly.h>

#include <stdexcept>

namespace bc::rank {

namespace {

struct Poly {
  fmpz_poly_t p;
  Poly() {
    fmpz_poly_init(p);
    fmpz_poly_one(p);
  }
  ~Poly() { fmpz_poly_clear(p); }
  Poly(const Poly&) = delete;
  Poly& operator=(const Poly&) = delete;
  void times(slong a, slong b) {  // *= (a l + b)
    fmpz_poly_t f;
    fmpz_poly_init(f);
    fmpz_poly_set_coeff_si(f, 1, a);
    fmpz_poly_set_coeff_si(f, 0, b);
    fmpz_poly_mul(p, p, f);
    fmpz_poly_clear(f);
  }
};

}  // namespace

TailShape tail_shape(ulong d, ulong r, CountRule rule) {
  if (d < 2 || r < 1) throw std::invalid_argument("tail_shape: requires d >= 2, r >= 1");
  const slong sd = static_cast<slong>(d), sr = static_cast<slong>(r);
  TailShape out;
  if (count_is_full(d, r, rule)) {  // b = N: rho = 1
    out.direction = Monotone::constant;
    out.limit = 3;  // rho_l = 1 exactly; handled by callers as the full-rank case
    return out;
  }
  Poly nb, db, nn, dn;
  const slong shift = rule == CountRule::exact ? 0 : 1;
  nb.times(1, sr + shift);
  nb.times(1, sr + shift + 1);
  db.times(1, 1);
  db.times(1, 2);
  nn.times(2, sd + 2);
  nn.times(1, sd - 2);
  nn.times(1, sd - 1);
  dn.times(1, 1);
  dn.times(1, 2);
  dn.times(2, sd - 2);
  // D(l) = nb dn - db nn: positive means rho increases from l to l+2
  Poly t1, t2;
  fmpz_poly_mul(t1.p, nb.p, dn.p);
  fmpz_poly_mul(t2.p, db.p, nn.p);
  fmpz_poly_sub(t1.p, t1.p, t2.p);
  if (fmpz_poly_is_zero(t1.p)) {
    out.direction = Monotone::constant;
    out.from = 1;
  } else {
    out.direction = fmpz_sgn(fmpz_poly_lead(t1.p)) > 0 ? Monotone::increasing : Monotone::decreasing;
    Fmpz bound;
    fmpz_poly_bound_roots(bound.x, t1.p);
    if (!fmpz_fits_si(bound.x)) throw std::overflow_error("tail_shape: root bound too large");
    out.from = (static_cast<ulong>(fmpz_get_si(bound.x)) + 1) | 1;
  }
  // Exact count, 1 <= r <= d-1, d >= 3: the single-step ratio rho_{l+1}/rho_l equals
  // (r+l)(2l+d-2) / ((2l+d)(l+d-2)) and (2l+d)(l+d-2) - (r+l)(2l+d-2) = 2(d-1-r) l + (d-2)(d-r) > 0,
  // so rho is decreasing for every l (not only beyond the root bound, which grows with d).
  if (rule == CountRule::exact && d >= 3 && r <= d - 1) {
    out.direction = Monotone::decreasing;
    out.from = 1;
  }
  // limit from the degrees: deg b = r-1 (exact) or r (talk); deg N = d-2
  const slong deg_b = rule == CountRule::exact ? sr - 1 : sr;
  const slong deg_n = sd - 2;
  out.limit = deg_b < deg_n ? 0 : (deg_b == deg_n ? 1 : 2);
  return out;
}

SpectrumWalker::SpectrumWalker(ulong d, ulong r, CountRule rule, slong prec)
    : d_(d), r_(r), rule_(rule), prec_(prec) {
  // c_1^2 = N(d,1) s_1^2 = d s_1^2
  sphere::sign_coef_unit_closed(c2_.x, d, 1, prec);
  arb_sqr(c2_.x, c2_.x, prec);
  arb_mul_ui(c2_.x, c2_.x, d, prec);
  if (count_is_full(d, r, rule)) {
    arb_one(rho_.x);
  } else {
    arb_set_ui(rho_.x, rule == CountRule::exact ? r : r + 1);  // b(r,1)
    arb_div_ui(rho_.x, rho_.x, d, prec);                       // / N(d,1)
  }
}

void SpectrumWalker::next() {
  const ulong l = l_, d = d_;
  // c^2 ratio, applied factor by factor (each factor below 2^63 for d, l <= 2^40)
  arb_mul_ui(c2_.x, c2_.x, 2 * l + d + 2, prec_);
  arb_mul_ui(c2_.x, c2_.x, l + d - 1, prec_);
  arb_mul_ui(c2_.x, c2_.x, l + d - 2, prec_);
  arb_mul_ui(c2_.x, c2_.x, l, prec_);
  arb_mul_ui(c2_.x, c2_.x, l, prec_);
  arb_div_ui(c2_.x, c2_.x, 2 * l + d - 2, prec_);
  arb_div_ui(c2_.x, c2_.x, l + 2, prec_);
  arb_div_ui(c2_.x, c2_.x, l + 1, prec_);
  arb_div_ui(c2_.x, c2_.x, l + d, prec_);
  arb_div_ui(c2_.x, c2_.x, l + d, prec_);
  if (!count_is_full(d_, r_, rule_)) {
    const ulong s = rule_ == CountRule::exact ? r_ : r_ + 1;
    // rho *= (s+l)(s+l+1)/((l+1)(l+2)) * (l+1)(l+2)(2l+d-2) / ((2l+d+2)(l+d-2)(l+d-1))
    arb_mul_ui(rho_.x, rho_.x, s + l, prec_);
    arb_mul_ui(rho_.x, rho_.x, s + l + 1, prec_);
    arb_mul_ui(rho_.x, rho_.x, 2 * l + d - 2, prec_);
    arb_div_ui(rho_.x, rho_.x, 2 * l + d + 2, prec_);
    arb_div_ui(rho_.x, rho_.x, l + d - 2, prec_);
    arb_div_ui(rho_.x, rho_.x, l + d - 1, prec_);
  }
  l_ += 2;
}

}  // namespace bc::rank
