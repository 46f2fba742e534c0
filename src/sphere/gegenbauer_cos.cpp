// C_l^lambda(cos th) = sum_{k=0}^{l} a_k cos((l-2k) th),
//   a_k = (lambda)_k (lambda)_{l-k} / (k! (l-k)!)  (DLMF 18.5.11, lambda > 0), a_k = a_{l-k};
//   a_{k+1}/a_k = (lambda+k)(l-k) / ((k+1)(lambda+l-k-1)) = (d-2+2k)(l-k) / ((k+1)(d-4+2l-2k)).
// Cost: l/2 + 1 terms, each a complex-by-ball product and four word operations: O(l M(prec)).
//
// Error control. The phase w_k = e^{i(l-2k)th} is carried as an exact midpoint plus a scalar
// disk radius e_k: since |e^{-2i th}| = 1 exactly, |w_{k+1} - mid(w_k) z| <= e_k, so
// e_{k+1} <= e_k + rad(mid(w_k) z) (rad of a rectangle bounded by the sum of its half-widths).
// Propagating rectangles instead would multiply the radius by |cos 2th| + |sin 2th| <= sqrt 2 per
// step, losing up to l/4 bits.
#include "sphere/gegenbauer.hpp"

#include <arb_hypgeom.h>

#include <stdexcept>

namespace bc::sphere {

void gegenbauer_c_cos(arb_t res, ulong d, ulong l, const arb_t t, slong prec) {
  if (d < 3) throw std::invalid_argument("gegenbauer_c_cos: requires d >= 3");
  Arb th, a, s, tmp, lam;
  Acb z, w, p;
  Mag e, m;
  arb_acos(th.x, t, prec);
  // z = e^{-2i th}, w_0 = e^{i l th}
  arb_mul_si(tmp.x, th.x, -2, prec);
  arb_sin_cos(acb_imagref(z.x), acb_realref(z.x), tmp.x, prec);
  arb_mul_ui(tmp.x, th.x, l, prec);
  arb_sin_cos(acb_imagref(w.x), acb_realref(w.x), tmp.x, prec);
  mag_add(e.x, arb_radref(acb_realref(w.x)), arb_radref(acb_imagref(w.x)));
  acb_get_mid(w.x, w.x);
  // a_0 = (lambda)_l / l!
  arb_set_ui(lam.x, d - 2);
  arb_mul_2exp_si(lam.x, lam.x, -1);
  arb_hypgeom_rising_ui(a.x, lam.x, l, prec);
  arb_fac_ui(tmp.x, l, prec);
  arb_div(a.x, a.x, tmp.x, prec);
  arb_zero(s.x);
  for (ulong k = 0; 2 * k <= l; ++k) {
    // term = a_k Re(w_k), doubled for the mirror term k' = l-k (unless k = l/2)
    arb_set(tmp.x, acb_realref(w.x));
    mag_set(arb_radref(tmp.x), e.x);
    arb_mul(tmp.x, a.x, tmp.x, prec);
    if (2 * k != l) arb_mul_2exp_si(tmp.x, tmp.x, 1);
    arb_add(s.x, s.x, tmp.x, prec);
    if (2 * (k + 1) > l) break;
    acb_mul(p.x, w.x, z.x, prec);
    mag_add(m.x, arb_radref(acb_realref(p.x)), arb_radref(acb_imagref(p.x)));
    mag_add(e.x, e.x, m.x);
    acb_get_mid(w.x, p.x);
    arb_mul_ui(a.x, a.x, d - 2 + 2 * k, prec);
    arb_mul_ui(a.x, a.x, l - k, prec);
    arb_div_ui(a.x, a.x, k + 1, prec);
    arb_div_ui(a.x, a.x, d - 4 + 2 * l - 2 * k, prec);
  }
  arb_swap(res, s.x);
}

}  // namespace bc::sphere
