// C_l^lambda(cos th) = sum_{k=0}^{l} a_k cos((l-2k) th),
//   a_k = (lambda)_k (lambda)_{l-k} / (k! (l-k)!)  (DLMF 18.5.11, lambda > 0), a_k = a_{l-k};
//   a_{k+1}/a_k = (lambda+k)(l-k) / ((k+1)(lambda+l-k-1)) = (d-2+2k)(l-k) / ((k+1)(d-4+2l-2k)).
// Cost: l/2 + 1 terms, each a ball-by-float product and two word operations, plus one float
// multiply-subtract for the next cosine (or a complex product near 2 th = 0, pi): O(l M(prec)).
//
// The cosines y_k = cos((l-2k) th), k = 0..K = floor(l/2), come in one of two ways.
//
// Chebyshev (the usual case). y_{k+1} = 2 c y_k - y_{k-1}, c = cos 2th, on midpoints: x_0, x_1 are
// the midpoints of balls for cos(l th), cos((l-2) th) (radii E0, E1), and x_{k+1} = fl(fl(2 g x_k)
// - x_{k-1}) at prec bits with g = mid(c), |g - c| <= r. With u = 2^(1-prec) and X = max |x_k|,
// each step rounds by |rho_k| <= u X (2|g| + 2|g|(1+u) + 1) <= 6 u X (for r <= 1/64), so the error
// e_k = x_k - y_k obeys e_{k+1} = 2c e_k - e_{k-1} + s_k, |s_k| <= (2r + 6u) X. Its solution is
//   e_k = U_{k-1}(c) e_1 - U_{k-2}(c) e_0 + sum_{i=1}^{k-1} U_{k-1-i}(c) s_i
// (U_n the Chebyshev polynomials of the second kind, U_n(cos p) = sin((n+1)p)/sin p), and
// |U_n(c)| <= mu = min(K + 1, 1/sqrt(1 - c^2)). By induction on k, with X <= 1 + B,
//   |e_k| <= B = (mu (E0 + E1) + q) / (1 - q),  q = K mu (2r + 6u) (required <= 1/2),
// and the sum of a_k x_k in balls, widened by B sum |a_k| (doubled terms counted twice), holds
// C_l(cos th). Near 2 th = 0 or pi, 1/sqrt(1 - c^2) is large and B grows like K^2: there (mu > 64)
// the rotation is used instead (gegenbauer.hpp: gegenbauer_cos_by_chebyshev, for the cost model).
//
// Rotation. The phase w_k = e^{i(l-2k)th} is carried as an exact midpoint plus a scalar disk
// radius e_k: since |e^{-2i th}| = 1 exactly, |w_{k+1} - mid(w_k) z| <= e_k, so
// e_{k+1} <= e_k + rad(mid(w_k) z) (rad of a rectangle bounded by the sum of its half-widths).
// Propagating rectangles instead would multiply the radius by |cos 2th| + |sin 2th| <= sqrt 2 per
// step, losing up to l/4 bits. A complex product per term: about twice the Chebyshev step's cost.
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

namespace {

// sum_k a_k y_k, doubled but for k = l/2 (the mirror term k' = l-k), over the cosines y_k that
// `cosines` gives: cosines.times(out, a, weight) sets out = a_k y_k as a ball (weight: the term's count,
// 1 or 2, for a bound over the terms), cosines.next(k) moves to y_{k+1}, cosines.finish(sum) widens the sum.
template <class Cosines>
void cos_sum(arb_t res, ulong d, ulong l, Cosines& cosines, slong prec) {
  Arb a, s, tmp;
  gegenbauer_cos_coef_first(a.x, d, l, prec);
  for (ulong k = 0; 2 * k <= l; ++k) {
    if ((k & 4095) == 4095) limits::poll("sphere gegenbauer");  // l/2 terms: 10^7 at l = 2 10^7
    const ulong weight = 2 * k == l ? 1 : 2;
    cosines.times(tmp.x, a.x, weight, prec);
    if (weight == 2) arb_mul_2exp_si(tmp.x, tmp.x, 1);
    arb_add(s.x, s.x, tmp.x, prec);
    if (2 * (k + 1) > l) break;
    cosines.next(k, prec);
    gegenbauer_cos_coef_next(a.x, d, l, k, prec);
  }
  cosines.finish(s.x);
  arb_swap(res, s.x);
}

// The phase w_k = e^{i(l-2k)th} by rotation (the header's error control): y_k = Re(w_k), a
// midpoint with the scalar radius e.
struct RotatedCosines {
  Acb z, w, p;
  Mag e, m;
  RotatedCosines(ulong l, const arb_t th, slong prec) {
    Arb tmp;  // z = e^{-2i th}, w_0 = e^{i l th}
    arb_mul_si(tmp.x, th, -2, prec);
    arb_sin_cos(acb_imagref(z.x), acb_realref(z.x), tmp.x, prec);
    arb_mul_ui(tmp.x, th, l, prec);
    arb_sin_cos(acb_imagref(w.x), acb_realref(w.x), tmp.x, prec);
    mag_add(e.x, arb_radref(acb_realref(w.x)), arb_radref(acb_imagref(w.x)));
    acb_get_mid(w.x, w.x);
  }
  void times(arb_t out, const arb_t a, ulong /*weight*/, slong prec) {
    arb_set(out, acb_realref(w.x));
    mag_set(arb_radref(out), e.x);
    arb_mul(out, a, out, prec);
  }
  void next(ulong /*k*/, slong prec) {
    acb_mul(p.x, w.x, z.x, prec);
    mag_add(m.x, arb_radref(acb_realref(p.x)), arb_radref(acb_imagref(p.x)));
    mag_add(e.x, e.x, m.x);
    acb_get_mid(w.x, p.x);
  }
  void finish(arb_t /*sum*/) {}
};

// The cosines' starting balls and the bound B of the header, for the Chebyshev recurrence; false
// where the rotation is to be used (mu > 64, r > 1/64 or q > 1/2).
struct ChebyshevStart {
  Arb c, y0, y1;  // cos 2th, cos(l th), cos((l-2) th)
  Mag bound;      // B
};

bool chebyshev_start(ChebyshevStart& st, ulong l, const arb_t th, slong prec) {
  Arb tmp;
  arb_mul_2exp_si(tmp.x, th, 1);
  arb_cos(st.c.x, tmp.x, prec);
  arb_mul_ui(tmp.x, th, l, prec);
  arb_cos(st.y0.x, tmp.x, prec);
  if (l >= 2) {
    arb_mul_ui(tmp.x, th, l - 2, prec);
    arb_cos(st.y1.x, tmp.x, prec);
  }
  const ulong K = l / 2;
  Mag mu, r, q, u, num, den, one;
  mag_set(r.x, arb_radref(st.c.x));
  if (mag_cmp_2exp_si(r.x, -6) > 0) return false;
  // mu = min(K + 1, 1/sqrt(1 - c^2)), the second from the ball 1 - c^2 when it is positive
  Arb w;
  arb_sqr(w.x, st.c.x, 64);
  arb_sub_ui(w.x, w.x, 1, 64);
  arb_neg(w.x, w.x);
  if (!arb_is_positive(w.x)) return false;
  arb_rsqrt(w.x, w.x, 64);
  arb_get_mag(mu.x, w.x);
  if (mag_cmp_2exp_si(mu.x, 6) > 0) return false;
  Mag kp1;
  mag_set_ui(kp1.x, K + 1);
  if (mag_cmp(kp1.x, mu.x) < 0) mag_swap(mu.x, kp1.x);
  // q = K mu (2r + 6u), u = 2^(1-prec)
  mag_set_ui_2exp_si(u.x, 3, 2 - prec);  // 6u = 3 2^(2-prec)
  mag_mul_2exp_si(q.x, r.x, 1);
  mag_add(q.x, q.x, u.x);
  mag_mul(q.x, q.x, mu.x);
  mag_mul_ui(q.x, q.x, K);
  if (mag_cmp_2exp_si(q.x, -1) > 0) return false;
  // B = (mu (E0 + E1) + q) / (1 - q): an upper bound over a lower bound of the denominator
  mag_add(num.x, arb_radref(st.y0.x), arb_radref(st.y1.x));
  mag_mul(num.x, num.x, mu.x);
  mag_add(num.x, num.x, q.x);
  mag_one(one.x);
  mag_sub_lower(den.x, one.x, q.x);
  mag_div(st.bound.x, num.x, den.x);
  return true;
}

// The cosines by the Chebyshev recurrence on midpoints (the header's bound): a_k x_k with x_k
// exact, the sum widened at the end by B sum_k |a_k| (each term counted with its weight).
struct ChebyshevCosines {
  const ChebyshevStart& st;
  Arf g2, prev, cur, next_x;
  Mag asum, m;
  explicit ChebyshevCosines(const ChebyshevStart& start) : st(start) {
    arf_mul_2exp_si(g2.x, arb_midref(st.c.x), 1);  // 2 g, exact
    arf_set(cur.x, arb_midref(st.y0.x));
  }
  void times(arb_t out, const arb_t a, ulong weight, slong prec) {
    arb_mul_arf(out, a, cur.x, prec);
    arb_get_mag(m.x, a);
    mag_mul_ui(m.x, m.x, weight);
    mag_add(asum.x, asum.x, m.x);
  }
  void next(ulong k, slong prec) {
    if (k == 0) {  // x_1: the second start
      arf_set(prev.x, cur.x);
      arf_set(cur.x, arb_midref(st.y1.x));
      return;
    }
    arf_mul(next_x.x, g2.x, cur.x, prec, ARF_RND_NEAR);  // x_{k+1} = fl(fl(2 g x_k) - x_{k-1})
    arf_sub(next_x.x, next_x.x, prev.x, prec, ARF_RND_NEAR);
    arf_swap(prev.x, cur.x);
    arf_swap(cur.x, next_x.x);
  }
  void finish(arb_t sum) {
    mag_mul(m.x, asum.x, st.bound.x);
    arb_add_error_mag(sum, m.x);
  }
};

}  // namespace

void gegenbauer_c_cos(arb_t res, ulong d, ulong l, const arb_t t, slong prec) {
  if (d < 3) throw std::invalid_argument("gegenbauer_c_cos: requires d >= 3");
  Arb th;
  arb_acos(th.x, t, prec);
  ChebyshevStart st;
  if (chebyshev_start(st, l, th.x, prec)) {
    ChebyshevCosines cosines(st);
    cos_sum(res, d, l, cosines, prec);
  } else {
    RotatedCosines cosines(l, th.x, prec);
    cos_sum(res, d, l, cosines, prec);
  }
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
