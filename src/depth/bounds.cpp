// See bounds.hpp. Cost: O(1) ball operations (3^L as an exact integer).
#include "depth/bounds.hpp"

#include "core/errors.hpp"

#include <fmt/format.h>

namespace bc::depth {

namespace {
void log3(arb_t res, const arb_t x, slong prec) {
  Arb l3;
  arb_log_ui(l3.x, 3, prec);
  arb_log(res, x, prec);
  arb_div(res, res, l3.x, prec);
}
void log3_ui(arb_t res, ulong x, slong prec) {
  Arb t;
  arb_set_ui(t.x, x);
  log3(res, t.x, prec);
}
// 3^L vs dx exactly: -1, 0, +1
int cmp_pow3(ulong L, ulong dx) {
  Fmpz p;
  fmpz_ui_pow_ui(p.x, 3, L);
  return fmpz_cmp_ui(p.x, dx);
}
}  // namespace

Regime regime(ulong L, ulong dx, ulong H) {
  if (L < 1) throw DomainError("depth bounds: requires L >= 1");
  if (H < 1 || dx % H != 0)
    throw DomainError(fmt::format(
        "depth bounds: H must divide d_x (d_a = d_x/H heads' width), got d_x = {}, H = {}", dx, H));
  if (dx <= H)
    throw DomainError(
        fmt::format("depth bounds: requires d_x > H (log_3(d_x - H)), got d_x = {}, H = {}", dx, H));
  int c = cmp_pow3(L, dx);
  if (c == 0)
    throw DomainError(
        fmt::format("depth bounds: L = log_3 d_x exactly (3^{} = {}): Theorem 1 needs L < log_3 d_x "
                    "and Theorem 2 needs L > log_3 d_x",
                    L, dx));
  return c < 0 ? Regime::width_sufficient : Regime::depth_saturated;
}

SepBounds separation_bounds(ulong L, ulong dx, ulong H, slong prec) {
  SepBounds s;
  s.regime = regime(L, dx, H);
  Arb t, u;
  // C(L) = (3^L - 1)/2
  arb_ui_pow_ui(s.C.x, 3, L, prec);
  arb_sub_ui(s.C.x, s.C.x, 1, prec);
  arb_mul_2exp_si(s.C.x, s.C.x, -1);
  if (s.regime == Regime::width_sufficient) {
    // a = -L + 2 - log_3 2
    log3_ui(t.x, 2, prec);
    arb_set_si(s.a.x, 2 - static_cast<slong>(L));
    arb_sub(s.a.x, s.a.x, t.x, prec);
    // lo = 3^{L-2} (log_3(dx - H) + a)   (3^{L-2} = 1/3 for L = 1)
    log3_ui(t.x, dx - H, prec);
    arb_add(t.x, t.x, s.a.x, prec);
    if (L >= 2)
      arb_ui_pow_ui(u.x, 3, L - 2, prec);
    else {
      arb_one(u.x);
      arb_div_ui(u.x, u.x, 3, prec);
    }
    arb_mul(s.lo.x, u.x, t.x, prec);
    // hi = C(L) log_3(dx + H)
    log3_ui(t.x, dx + H, prec);
    arb_mul(s.hi.x, s.C.x, t.x, prec);
  } else {
    const slong sL = static_cast<slong>(L);
    // b1 = -L(H/2 + 1), c1 = L
    arb_set_ui(s.b1.x, H);
    arb_mul_2exp_si(s.b1.x, s.b1.x, -1);
    arb_add_ui(s.b1.x, s.b1.x, 1, prec);
    arb_mul_si(s.b1.x, s.b1.x, -sL, prec);
    arb_set_si(s.c1.x, sL);
    // b2 = -dx (1 + (1/2) log_3((dx - H)/2))
    arb_set_ui(t.x, dx - H);
    arb_mul_2exp_si(t.x, t.x, -1);
    log3(t.x, t.x, prec);
    arb_mul_2exp_si(t.x, t.x, -1);
    arb_add_ui(t.x, t.x, 1, prec);
    arb_mul_ui(s.b2.x, t.x, dx, prec);
    arb_neg(s.b2.x, s.b2.x);
    // c2 = -2 dx log_3(dx / (2 sqrt(2e))) + log_3 dx
    arb_const_e(t.x, prec);
    arb_mul_2exp_si(t.x, t.x, 1);
    arb_sqrt(t.x, t.x, prec);
    arb_mul_2exp_si(t.x, t.x, 1);  // 2 sqrt(2e)
    arb_set_ui(u.x, dx);
    arb_div(t.x, u.x, t.x, prec);
    log3(t.x, t.x, prec);
    arb_mul_ui(t.x, t.x, 2 * dx, prec);
    arb_neg(t.x, t.x);
    log3_ui(u.x, dx, prec);
    arb_add(s.c2.x, t.x, u.x, prec);
    // lo = dx L / 2 + b1 + b2 ; hi = 2 dx L + c1 + c2
    arb_set_ui(t.x, dx);
    arb_mul_ui(t.x, t.x, L, prec);
    arb_mul_2exp_si(s.lo.x, t.x, -1);
    arb_add(s.lo.x, s.lo.x, s.b1.x, prec);
    arb_add(s.lo.x, s.lo.x, s.b2.x, prec);
    arb_mul_2exp_si(s.hi.x, t.x, 1);
    arb_add(s.hi.x, s.hi.x, s.c1.x, prec);
    arb_add(s.hi.x, s.hi.x, s.c2.x, prec);
  }
  return s;
}

void corollary1_log3_width_factor(arb_t res, ulong L_deep, ulong L_shallow, ulong dx, ulong H, slong prec) {
  if (L_shallow >= L_deep) throw DomainError("depth bounds: Corollary 1 needs --shallow-L below --L");
  SepBounds deep = separation_bounds(L_deep, dx, H, prec);
  if (deep.regime != Regime::width_sufficient)
    throw DomainError(fmt::format(
        "depth bounds: Corollary 1 needs d_x > 3^L (Theorem 1's regime), got L = {}, d_x = {}", L_deep, dx));
  // C(L_s) log_3(w dx + H) >= lo_deep  =>  w >= (3^{lo_deep / C(L_s)} - H) / dx
  Arb cs, e, t;
  arb_ui_pow_ui(cs.x, 3, L_shallow, prec);
  arb_sub_ui(cs.x, cs.x, 1, prec);
  arb_mul_2exp_si(cs.x, cs.x, -1);
  arb_div(e.x, deep.lo.x, cs.x, prec);  // log_3(w dx + H)
  // log_3 w = log_3(3^e - H) - log_3 dx
  Arb l3;
  arb_log_ui(l3.x, 3, prec);
  arb_mul(t.x, e.x, l3.x, prec);
  arb_exp(t.x, t.x, prec);
  arb_sub_ui(t.x, t.x, H, prec);
  arb_log(t.x, t.x, prec);
  arb_div(t.x, t.x, l3.x, prec);
  log3_ui(e.x, dx, prec);
  arb_sub(res, t.x, e.x, prec);
}

Corollary2 corollary2(ulong L, ulong dx, ulong H, const arb_t kappa, slong prec) {
  if (regime(L, dx, H) != Regime::depth_saturated)
    throw DomainError(
        fmt::format("depth bounds: Corollary 2 needs L > log_3 d_x (Theorem 2's regime), got L = {}, "
                    "d_x = {}",
                    L, dx));
  Corollary2 c;
  Arb t;
  log3_ui(c.beta1.x, dx, prec);
  arb_div_ui(c.beta1.x, c.beta1.x, L, prec);
  // beta_2 = kappa log(H) log(d_x) log(L) (natural logs; the paper's O(.) leaves the base open)
  arb_log_ui(c.beta2.x, H, prec);
  arb_log_ui(t.x, dx, prec);
  arb_mul(c.beta2.x, c.beta2.x, t.x, prec);
  arb_log_ui(t.x, L, prec);
  arb_mul(c.beta2.x, c.beta2.x, t.x, prec);
  arb_mul(c.beta2.x, c.beta2.x, kappa, prec);
  arb_mul_ui(c.shallow_L.x, c.beta1.x, L, prec);
  arb_add(c.shallow_L.x, c.shallow_L.x, c.beta2.x, prec);
  log3_ui(t.x, dx, prec);
  arb_add(c.log3_shallow_dx.x, c.beta2.x, t.x, prec);
  return c;
}

}  // namespace bc::depth
