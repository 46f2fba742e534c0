// C_l^lambda(cos th) = sum_{k=0}^{l} a_k cos((l-2k) th),
//   a_k = (lambda)_k (lambda)_{l-k} / (k! (l-k)!)  (DLMF 18.5.11, lambda > 0), a_k = a_{l-k};
//   a_{k+1}/a_k = (lambda+k)(l-k) / ((k+1)(lambda+l-k-1)) = (d-2+2k)(l-k) / ((k+1)(d-4+2l-2k)).
// Cost: l/2 + 1 terms, each a complex-by-ball product and two word operations: O(l M(prec)).
//
// Error control. The phase w_k = e^{i(l-2k)th} is carried as an exact midpoint plus a scalar
// disk radius e_k: since |e^{-2i th}| = 1 exactly, |w_{k+1} - mid(w_k) z| <= e_k, so
// e_{k+1} <= e_k + rad(mid(w_k) z) (rad of a rectangle bounded by the sum of its half-widths).
// Propagating rectangles instead would multiply the radius by |cos 2th| + |sin 2th| <= sqrt 2 per
// step, losing up to l/4 bits.
#include "sphere/gegenbauer.hpp"

#include "core/limits.hpp"

#include <arb_hypgeom.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace bc::sphere {

void gegenbauer_cos_coef_first(arb_t a, ulong d, ulong l, slong prec) {
  Arb lam, f;
  arb_set_ui(lam.x, d - 2);
  arb_mul_2exp_si(lam.x, lam.x, -1);
  arb_hypgeom_rising_ui(a, lam.x, l, prec);
  arb_fac_ui(f.x, l, prec);
  arb_div(a, a, f.x, prec);
}

void gegenbauer_cos_coef_next(arb_t a, ulong d, ulong l, ulong k, slong prec) {
  // one word multiplication and one word division when numerator and denominator fit a word
  // (l, d < 2^31 always qualify; half the cost of four word operations)
  __extension__ typedef unsigned __int128 u128;
  const u128 num = static_cast<u128>(d - 2 + 2 * k) * (l - k);
  const u128 den = static_cast<u128>(k + 1) * (d - 4 + 2 * l - 2 * k);
  if ((num >> 64) == 0 && (den >> 64) == 0) {
    arb_mul_ui(a, a, static_cast<ulong>(num), prec);
    arb_div_ui(a, a, static_cast<ulong>(den), prec);
    return;
  }
  arb_mul_ui(a, a, d - 2 + 2 * k, prec);
  arb_mul_ui(a, a, l - k, prec);
  arb_div_ui(a, a, k + 1, prec);
  arb_div_ui(a, a, d - 4 + 2 * l - 2 * k, prec);
}

void gegenbauer_c_cos(arb_t res, ulong d, ulong l, const arb_t t, slong prec) {
  if (d < 3) throw std::invalid_argument("gegenbauer_c_cos: requires d >= 3");
  Arb th, a, s, tmp;
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
  gegenbauer_cos_coef_first(a.x, d, l, prec);
  arb_zero(s.x);
  for (ulong k = 0; 2 * k <= l; ++k) {
    if ((k & 4095) == 4095) limits::poll("sphere gegenbauer");  // l/2 terms: 10^7 at l = 2 10^7
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
    gegenbauer_cos_coef_next(a.x, d, l, k, prec);
  }
  arb_swap(res, s.x);
}

}  // namespace bc::sphere

namespace bc::sphere {

double gegenbauer_cos_cancellation_bits(ulong d, ulong l, double t) {
  // R_n = C_n(t) / C_n(1) by its own recurrence in doubles, with a binary exponent carried apart:
  //   R_{n+1} = ((2n+d-2) t R_n - n R_{n-1}) / (n+d-2),  R_0 = 1, R_1 = t
  // (from DLMF 18.9.1 and C_{n+1}(1)/C_n(1) = (n+d-2)/(n+1)). Forward is stable enough here for
  // |t| < 1: no solution dominates by more than a polynomial factor. Only an estimate: the
  // adaptive loop of gegenbauer_eval still decides the digits.
  if (l == 0 || d < 3) return 0;
  double prev = 1, cur = t;
  long exp2 = 0;
  const auto dd = static_cast<double>(d);
  for (ulong n = 1; n < l; ++n) {
    const auto nn = static_cast<double>(n);
    const double next = ((2 * nn + dd - 2) * t * cur - nn * prev) / (nn + dd - 2);
    prev = cur;
    cur = next;
    const double m = std::max(std::fabs(cur), std::fabs(prev));
    if (m != 0 && m < 0x1p-600) {
      prev = std::ldexp(prev, 600);
      cur = std::ldexp(cur, 600);
      exp2 -= 600;
    }
  }
  // |C_l(t)| = |R_l| C_l(1), while the cosine sum's terms add up to C_l(1): log2(1/|R_l|) bits cancel
  const double m = std::max(std::fabs(cur), 0x1p-1000 * std::fabs(prev));
  if (m == 0) return static_cast<double>(-exp2) + 1000;
  return std::max(0.0, -(std::log2(m) + static_cast<double>(exp2)));
}

}  // namespace bc::sphere
