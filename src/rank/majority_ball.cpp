// F(d, H) certified: a ball that contains the majority failure probability.
//
// Formula (majority_mesh.cpp; m = ceil(H/2), n = d - 2):
//   F(d, H) = (C_m / W_n) int_0^{1/2} e(s) V(s) ds,   e(s) = (1 - 4 s^2)^{m-1},
//   V(s) = int_0^s pi cos^n(pi u) du,   C_m = 2 Gamma(m + 1/2) / (sqrt(pi) Gamma(m)),
//   W_n = V(1/2) = sqrt(pi) Gamma((n+1)/2) / (2 Gamma(n/2 + 1)).
// Method: Taylor models on panels [c - r, c + r], left to right. At the point c the Taylor
// polynomial of degree N of f = e V is computed in ball arithmetic (Arb's power series of exp, log,
// cos); the series of f at the whole ball X = [c +- r] encloses f^(N+1)(xi)/(N+1)! for every xi
// in X, so by Taylor's theorem with the Lagrange remainder
//   |int_{c-r}^{c+r} f - int of the polynomial| <= |f_{N+1}(X)| 2 r^{N+2} / (N+2).
// V is carried from panel to panel the same way (its series is the integral of the weight's, its
// value at c and at the panel's end from the weight's Taylor polynomial plus the same remainder),
// so no incomplete beta function is evaluated at all. A panel whose remainder exceeds its share of
// the tolerance is halved. Beyond S (chosen so that C_m e(S) (1/2 - S) is below the tolerance) the
// integrand lies in [0, W_n e(S)] since e decreases and V <= W_n: the tail is enclosed, not
// dropped. Every step is a ball operation, so the result is rigorous.
// Cost: O(panels x N^2) ball operations at the working precision; about 30 panels of degree
// N = 20 at d = 1000, H = 2.5e6 (a few milliseconds).
#include "rank/majority.hpp"

#include "core/limits.hpp"
#include "rank/majority_mesh.hpp"

#include <arb_poly.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace bc::rank {

namespace {

constexpr int max_panels = 20000;

class Vec {
 public:
  explicit Vec(slong n) : n_(n), p_(_arb_vec_init(n)) {}
  ~Vec() { _arb_vec_clear(p_, n_); }
  Vec(const Vec&) = delete;
  Vec& operator=(const Vec&) = delete;
  arb_ptr get() const { return p_; }
  arb_struct& operator[](slong i) const { return p_[i]; }

 private:
  slong n_;
  arb_ptr p_;
};

// u^k as a series from the series u (ulen terms). With u(0) away from 0, J. C. P. Miller's
// recurrence for y = u^k (from u y' = k u' y):
//   y_0 = u_0^k,   y_j = (1 / (j u_0)) sum_{i=1}^{j} ((k + 1) i - j) u_i y_{j-i},
// one dot product per coefficient (cheaper than exp(k log u)); binary powering otherwise
// (u(0) may be 0 at s = 1/2).
void power(arb_ptr out, arb_srcptr u, slong ulen, ulong k, slong len, slong prec) {
  if (k == 0) {
    _arb_vec_zero(out, len);
    arb_one(out);
    return;
  }
  if (k <= 8 || !arb_is_positive(u)) {
    Vec padded(len);  // the underscore method reads len terms of its input
    _arb_vec_set(padded.get(), u, std::min(ulen, len));
    return _arb_poly_pow_ui_trunc_binexp(out, padded.get(), len, k, len, prec);
  }
  Vec c(len);  // c_i = ((k + 1) i - j) u_i for the current j
  Arb inv;
  arb_pow_ui(out, u, k, prec);
  arb_inv(inv.x, u, prec);
  for (slong j = 1; j < len; ++j) {
    const slong top = std::min(j, ulen - 1);
    for (slong i = 1; i <= top; ++i) {
      arb_set_si(&c[i], i);
      arb_mul_ui(&c[i], &c[i], k + 1, prec);
      arb_sub_si(&c[i], &c[i], j, prec);
      arb_mul(&c[i], &c[i], &u[i], prec);
    }
    arb_dot(&out[j], nullptr, 0, c.get() + 1, 1, out + j - 1, -1, top, prec);
    arb_mul(&out[j], &out[j], inv.x, prec);
    arb_div_ui(&out[j], &out[j], static_cast<ulong>(j), prec);
  }
}

// pi cos^k(pi (x + h)) in h: cos(pi x + pi h) = sum_j cos(pi x + j pi/2) (pi h)^j / j!
void weight_series(arb_ptr out, const arb_t x, ulong k, slong len, slong prec) {
  Vec c(len);
  Arb pi, th, sn, cs, f;
  arb_const_pi(pi.x, prec);
  arb_mul(th.x, pi.x, x, prec);
  arb_sin_cos(sn.x, cs.x, th.x, prec);
  arb_one(f.x);
  for (slong j = 0; j < len; ++j) {
    const arb_struct* v = (j % 2 == 0) ? cs.x : sn.x;
    arb_mul(&c[j], f.x, v, prec);
    if (j % 4 == 1 || j % 4 == 2) arb_neg(&c[j], &c[j]);
    arb_mul(f.x, f.x, pi.x, prec);
    arb_div_ui(f.x, f.x, static_cast<ulong>(j + 1), prec);
  }
  power(out, c.get(), len, k, len, prec);
  _arb_vec_scalar_mul(out, out, len, pi.x, prec);
}

// (1 - 4 (x + h)^2)^k in h
void power_series(arb_ptr out, const arb_t x, ulong k, slong len, slong prec) {
  Vec u(3);
  arb_mul(&u[0], x, x, prec);
  arb_mul_2exp_si(&u[0], &u[0], 2);
  arb_sub_ui(&u[0], &u[0], 1, prec);
  arb_neg(&u[0], &u[0]);         // 1 - 4 x^2
  arb_mul_2exp_si(&u[1], x, 3);  // 8 x
  arb_neg(&u[1], &u[1]);         // -8 x
  arb_set_si(&u[2], -4);         // -4
  power(out, u.get(), std::min<slong>(3, len), k, len, prec);
}

// r^{j+1} / (j+1) summed against the even coefficients: int_{-r}^{r} sum_j p_j h^j dh
void integral_sym(arb_t res, arb_srcptr p, slong len, const arb_t r, slong prec) {
  Arb t, rp;
  arb_zero(res);
  arb_set(rp.x, r);  // r^{j+1}
  for (slong j = 0; j < len; ++j) {
    if (j % 2 == 0) {
      arb_mul(t.x, &p[j], rp.x, prec);
      arb_div_ui(t.x, t.x, static_cast<ulong>(j + 1), prec);
      arb_add(res, res, t.x, prec);
    }
    arb_mul(rp.x, rp.x, r, prec);
  }
  arb_mul_2exp_si(res, res, 1);
}

// int_{-r}^{0} sum_j p_j h^j dh = sum_j (-1)^j p_j r^{j+1} / (j+1)
void integral_left(arb_t res, arb_srcptr p, slong len, const arb_t r, slong prec) {
  Arb t, rp;
  arb_zero(res);
  arb_set(rp.x, r);
  for (slong j = 0; j < len; ++j) {
    arb_mul(t.x, &p[j], rp.x, prec);
    arb_div_ui(t.x, t.x, static_cast<ulong>(j + 1), prec);
    (j % 2 == 0 ? arb_add : arb_sub)(res, res, t.x, prec);
    arb_mul(rp.x, rp.x, r, prec);
  }
}

// |coef| r^{N+2} / (N+2): the Lagrange remainder of a degree-N Taylor polynomial over [-r, 0]
void remainder(mag_t res, const arb_t coef, const arb_t r, slong N) {
  mag_t t;
  mag_init(t);
  arb_get_mag(res, coef);
  arb_get_mag(t, r);
  mag_pow_ui(t, t, static_cast<ulong>(N + 2));
  mag_mul(res, res, t);
  mag_div_ui(res, res, static_cast<ulong>(N + 2));
  mag_clear(t);
}

struct Panel {
  Arb integral, v_end;  // int_a^b e V, and V(b)
  double rem_f, rem_v;  // the two remainders (upper bounds, as doubles for the budget test)
};

// One Taylor-model panel [a, b] of e V given V(a) (see the banner)
Panel panel(double a, double b, const arb_t v_a, ulong n, ulong k, slong N, slong prec) {
  Arb c, r, x;
  arb_set_d(c.x, a);
  arb_set_d(r.x, b);
  arb_add(c.x, c.x, r.x, ARF_PREC_EXACT);  // exact: a, b are doubles
  arb_mul_2exp_si(c.x, c.x, -1);
  arb_set_d(x.x, a);
  arb_sub(r.x, r.x, x.x, ARF_PREC_EXACT);
  arb_mul_2exp_si(r.x, r.x, -1);
  arb_set(x.x, c.x);
  arb_add_error(x.x, r.x);  // X = [a, b]
  Vec wc(N + 1), wx(N + 2), ec(N + 1), ex(N + 2), vc(N + 1), vx(N + 2), fc(N + 1);
  weight_series(wc.get(), c.x, n, N + 1, prec);
  weight_series(wx.get(), x.x, n, N + 2, prec);
  Panel out;
  mag_t rw, rf;
  mag_init(rw);
  mag_init(rf);
  remainder(rw, &wx[N + 1], r.x, N);  // over [-r, 0]; twice that over [-r, r]
  // V(c) and V(b)
  Arb half;
  integral_left(half.x, wc.get(), N + 1, r.x, prec);
  arb_add(&vc[0], v_a, half.x, prec);
  arb_add_error_mag(&vc[0], rw);
  integral_sym(out.v_end.x, wc.get(), N + 1, r.x, prec);
  arb_add(out.v_end.x, out.v_end.x, v_a, prec);
  mag_mul_2exp_si(rw, rw, 1);
  arb_add_error_mag(out.v_end.x, rw);
  out.rem_v = mag_get_d(rw);
  // the series of V at c and over X: V' = w
  for (slong j = 0; j < N; ++j) arb_div_ui(&vc[j + 1], &wc[j], static_cast<ulong>(j + 1), prec);
  arb_union(&vx[0], v_a, out.v_end.x, prec);
  for (slong j = 0; j <= N; ++j) arb_div_ui(&vx[j + 1], &wx[j], static_cast<ulong>(j + 1), prec);
  power_series(ec.get(), c.x, k, N + 1, prec);
  power_series(ex.get(), x.x, k, N + 2, prec);
  _arb_poly_mullow(fc.get(), ec.get(), N + 1, vc.get(), N + 1, N + 1, prec);
  Arb top;  // the coefficient N+1 of e V over X
  arb_dot(top.x, nullptr, 0, ex.get(), 1, vx.get() + N + 1, -1, N + 2, prec);
  remainder(rf, top.x, r.x, N);
  mag_mul_2exp_si(rf, rf, 1);
  integral_sym(out.integral.x, fc.get(), N + 1, r.x, prec);
  arb_add_error_mag(out.integral.x, rf);
  out.rem_f = mag_get_d(rf);
  mag_clear(rw);
  mag_clear(rf);
  return out;
}

// The least S in (0, 1/2] with C_m e(S) (1/2 - S) <= tol (double estimate; the tail is then
// enclosed rigorously)
double cutoff(ulong k, double c_m, double tol) {
  if (k == 0) return 0.5;
  auto tail = [&](double s) {
    return c_m * std::exp(static_cast<double>(k) * std::log1p(-4 * s * s)) * (0.5 - s);
  };
  double lo = 0, hi = 0.5;
  if (tail(0.25) > tol) lo = 0.25;
  for (int i = 0; i < 60; ++i) {
    const double mid = (lo + hi) / 2;
    (tail(mid) > tol ? lo : hi) = mid;
  }
  return hi;
}

}  // namespace

bool majority_failure_ball(arb_t res, ulong d, ulong m, double estimate, double rel_tol, slong prec) {
  const ulong n = d - 2, k = m - 1;
  Arb cm, wn, t;
  // C_m = 2 Gamma(m + 1/2) / (sqrt(pi) Gamma(m)), W_n = sqrt(pi) Gamma((n+1)/2) / (2 Gamma(n/2+1))
  arb_set_ui(t.x, 2 * m + 1);
  arb_mul_2exp_si(t.x, t.x, -1);
  arb_lgamma(cm.x, t.x, prec);
  arb_set_ui(t.x, m);
  arb_lgamma(t.x, t.x, prec);
  arb_sub(cm.x, cm.x, t.x, prec);
  arb_exp(cm.x, cm.x, prec);
  arb_mul_2exp_si(cm.x, cm.x, 1);
  arb_const_sqrt_pi(t.x, prec);
  arb_div(cm.x, cm.x, t.x, prec);
  arb_set_ui(t.x, n + 1);
  arb_mul_2exp_si(t.x, t.x, -1);
  arb_lgamma(wn.x, t.x, prec);
  arb_set_ui(t.x, n + 2);
  arb_mul_2exp_si(t.x, t.x, -1);
  arb_lgamma(t.x, t.x, prec);
  arb_sub(wn.x, wn.x, t.x, prec);
  arb_exp(wn.x, wn.x, prec);
  arb_const_sqrt_pi(t.x, prec);
  arb_mul(wn.x, wn.x, t.x, prec);
  arb_mul_2exp_si(wn.x, wn.x, -1);
  // tolerances in the units of int e V: F = (C_m / W_n) int e V
  const double c_m = arf_get_d(arb_midref(cm.x), ARF_RND_NEAR),
               w_n = arf_get_d(arb_midref(wn.x), ARF_RND_NEAR);
  const double tol_f = rel_tol * estimate * w_n / c_m, tol_v = rel_tol * estimate * w_n;
  const double S = cutoff(k, c_m, rel_tol * estimate / 4);
  // Taylor degree: about 1.5 per decimal digit asked (measured: fewest ball operations per digit)
  const slong N = std::clamp<slong>(static_cast<slong>(-1.5 * std::log10(rel_tol)), 16, 40);
  const double sigma = detail::majority_scale(d, 2 * m - 1);
  // initial panels: [0, sigma/2], then widths growing by 3/2 up to S; the stack holds them right to left
  std::vector<double> stack{S};
  for (double s = S / 1.5; s > sigma / 2; s /= 1.5) stack.push_back(s);
  Arb sum, v;  // int_0^a e V, V(a)
  double a = 0;
  int panels = 0;
  while (!stack.empty()) {
    const double b = stack.back();
    if (++panels > max_panels) return false;
    limits::poll("rank majority: certified failure probability");
    Panel p = panel(a, b, v.x, n, k, N, prec);
    const double share = (b - a) / S;
    if ((p.rem_f > tol_f * share || p.rem_v > tol_v * share) && b - a > 1e-300) {
      stack.push_back(a + (b - a) / 2);
      continue;
    }
    arb_add(sum.x, sum.x, p.integral.x, prec);
    arb_swap(v.x, p.v_end.x);
    a = b;
    stack.pop_back();
  }
  if (S < 0.5) {  // tail: int_S^{1/2} e V in [0, W_n e(S) (1/2 - S)]
    Arb tail, s;
    arb_set_d(s.x, S);
    power_series(tail.x, s.x, k, 1, prec);
    arb_mul(tail.x, tail.x, wn.x, prec);
    arb_one(t.x);
    arb_mul_2exp_si(t.x, t.x, -1);
    arb_sub(t.x, t.x, s.x, prec);  // 1/2 - S
    arb_mul(tail.x, tail.x, t.x, prec);
    arb_mul_2exp_si(tail.x, tail.x, -1);  // midpoint and radius half of [0, tail]
    arb_add_error(tail.x, tail.x);
    arb_add(sum.x, sum.x, tail.x, prec);
  }
  arb_mul(res, sum.x, cm.x, prec);
  arb_div(res, res, wn.x, prec);
  return true;
}

}  // namespace bc::rank
