// See head_target.hpp. Costs: the integral form O(evaluations * d); the series O(L) with L a few
// terms at large d; u(t) O(D) Gegenbauer evaluations.
#include "rank/head_target.hpp"

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "rank/majority.hpp"
#include "sphere/dim.hpp"
#include "sphere/gegenbauer.hpp"
#include "sphere/sign_coef.hpp"

#include <acb_calc.h>
#include <fmt/format.h>
#include <boost/math/quadrature/gauss_kronrod.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

namespace bc::rank {

void arcsin_coef(arb_t res, ulong d, ulong l, slong prec) {
  Arb c, n;
  sphere::sign_coef_closed(c.x, d, l, prec);
  arb_sqr(c.x, c.x, prec);
  sphere::harmonic_dim_arb(n.x, d, l, prec);
  arb_sqrt(n.x, n.x, prec);
  arb_div(res, c.x, n.x, prec);
  arb_const_pi(c.x, prec);
  arb_mul(res, res, c.x, prec);
  arb_mul_2exp_si(res, res, -1);
}

namespace {

struct IntegrandParams {
  ulong d;
  acb_t cot_theta;
  arb_t inv_wn;  // 1 / W_{d-3}
};

// phi * J_{d-3}(asin(tan(phi) cot(theta))) / W_{d-3} * cos(phi)^{d-2}
int f_inner(acb_ptr out, const acb_t phi, void* param, slong order, slong prec) {
  auto* p = static_cast<IntegrandParams*>(param);
  if (limits::expired()) {  // Arb's integrator cannot be stopped: a zero integrand lets it finish
    acb_zero(out);          // at once, and integrate() polls (the value is discarded)
    return 0;
  }
  const int analytic = order == 1;
  const ulong n = p->d - 3;
  Acb x, s, one, t, j, c;
  acb_tan(x.x, phi, prec);
  acb_mul(x.x, x.x, p->cot_theta, prec);  // x = sin(psi)
  acb_one(one.x);
  acb_mul(t.x, x.x, x.x, prec);
  acb_sub(t.x, one.x, t.x, prec);
  acb_sqrt_analytic(s.x, t.x, analytic, prec);  // s = cos(psi); branch cut where 1 - x^2 <= 0
  if (n % 2 == 0) {
    // J_0 = psi = -i log(i x + s)
    acb_mul_onei(t.x, x.x);
    acb_add(t.x, t.x, s.x, prec);
    acb_log_analytic(j.x, t.x, analytic, prec);
    acb_div_onei(j.x, j.x);
  } else {
    acb_set(j.x, x.x);  // J_1 = sin(psi)
  }
  // J_k = s^{k-1} x / k + (k-1)/k J_{k-2}
  Acb spow, s2;
  acb_mul(s2.x, s.x, s.x, prec);
  if (n % 2 == 0)
    acb_set(spow.x, s.x);  // s^{k-1} for k = 2
  else
    acb_mul(spow.x, s2.x, one.x, prec);  // s^{k-1} for k = 3
  for (ulong k = n % 2 == 0 ? 2 : 3; k <= n; k += 2) {
    acb_mul(t.x, spow.x, x.x, prec);
    acb_div_ui(t.x, t.x, k, prec);
    acb_mul_ui(j.x, j.x, k - 1, prec);
    acb_div_ui(j.x, j.x, k, prec);
    acb_add(j.x, j.x, t.x, prec);
    acb_mul(spow.x, spow.x, s2.x, prec);
  }
  acb_cos(c.x, phi, prec);
  acb_pow_ui(c.x, c.x, p->d - 2, prec);
  acb_mul(out, j.x, c.x, prec);
  acb_mul(out, out, phi, prec);
  acb_mul_arb(out, out, p->inv_wn, prec);
  return 0;
}

// phi cos(phi)^{d-2}
int f_outer(acb_ptr out, const acb_t phi, void* param, slong, slong prec) {
  auto* p = static_cast<IntegrandParams*>(param);
  Acb c;
  acb_cos(c.x, phi, prec);
  acb_pow_ui(c.x, c.x, p->d - 2, prec);
  acb_mul(out, c.x, phi, prec);
  return 0;
}

bool integrate(arb_t res, acb_calc_func_t f, IntegrandParams* p, const arb_t a, const arb_t b, slong prec) {
  Acb aa, bb, r;
  acb_set_arb(aa.x, a);
  acb_set_arb(bb.x, b);
  acb_calc_integrate_opt_t opt;
  acb_calc_integrate_opt_init(opt);
  opt->eval_limit = 2000000;
  Mag tol;
  mag_set_ui_2exp_si(tol.x, 1, -prec);
  int status = acb_calc_integrate(r.x, f, p, aa.x, bb.x, prec, tol.x, opt, prec);
  limits::poll("rank head-target");  // the integrand stops working at the deadline (f_inner)
  arb_set(res, acb_realref(r.x));
  return status == ARB_CALC_SUCCESS;
}

// b(theta) for 0 < theta < pi/2 at working precision prec, by the integrals.
void b_integral(arb_t res, ulong d, const arb_t theta, slong prec) {
  IntegrandParams p;
  p.d = d;
  acb_init(p.cot_theta);
  arb_init(p.inv_wn);
  Arb t, zero, half_pi, i1, i2, w;
  arb_cot(t.x, theta, prec);
  acb_set_arb(p.cot_theta, t.x);
  wallis(p.inv_wn, d - 3, prec);
  arb_inv(p.inv_wn, p.inv_wn, prec);
  arb_const_pi(half_pi.x, prec);
  arb_mul_2exp_si(half_pi.x, half_pi.x, -1);
  integrate(i1.x, f_inner, &p, zero.x, theta, prec);
  integrate(i2.x, f_outer, &p, theta, half_pi.x, prec);
  arb_add(t.x, i1.x, i2.x, prec);
  wallis(w.x, d - 2, prec);
  arb_div(t.x, t.x, w.x, prec);
  arb_const_pi(w.x, prec);
  arb_div(t.x, t.x, w.x, prec);
  arb_one(w.x);
  arb_mul_2exp_si(w.x, w.x, -1);
  arb_add(res, t.x, w.x, prec);
  acb_clear(p.cot_theta);
  arb_clear(p.inv_wn);
}

}  // namespace

// b(theta) by the series with the rigorous tail bound, at working precision prec; L grows until
// the bound is below 2^-target.
void head_target_series(arb_t res, ulong d, const arb_t x, slong target, slong prec) {
  Arb s, n, c2, energy, p_prev, p_cur, p_next, t, sum;
  sphere::sign_coef_unit_closed(s.x, d, 1, prec);
  arb_set_ui(n.x, d);
  arb_one(p_prev.x);    // P_0
  arb_set(p_cur.x, x);  // P_1
  for (ulong l = 1;; l += 2) {
    if (l % 128 == 1) limits::poll("rank head-target: the series");  // slow near |x| = 1
    arb_sqr(c2.x, s.x, prec);
    arb_mul(c2.x, c2.x, n.x, prec);
    arb_add(energy.x, energy.x, c2.x, prec);
    arb_mul(t.x, c2.x, s.x, prec);
    arb_addmul(sum.x, t.x, p_cur.x, prec);
    // advance s, N by two degrees and P by two steps of (m+d-2) P_{m+1} = (2m+d-2) x P_m - m P_{m-1}
    arb_mul_ui(s.x, s.x, l, prec);
    arb_div_ui(s.x, s.x, l + d, prec);
    arb_neg(s.x, s.x);
    arb_mul_ui(n.x, n.x, 2 * l + d + 2, prec);
    arb_mul_ui(n.x, n.x, l + d - 2, prec);
    arb_mul_ui(n.x, n.x, l + d - 1, prec);
    arb_div_ui(n.x, n.x, l + 1, prec);
    arb_div_ui(n.x, n.x, l + 2, prec);
    arb_div_ui(n.x, n.x, 2 * l + d - 2, prec);
    for (ulong m = l; m <= l + 1; ++m) {
      arb_mul(p_next.x, p_cur.x, x, prec);
      arb_mul_ui(p_next.x, p_next.x, 2 * m + d - 2, prec);
      arb_mul_ui(t.x, p_prev.x, m, prec);
      arb_sub(p_next.x, p_next.x, t.x, prec);
      arb_div_ui(p_next.x, p_next.x, m + d - 2, prec);
      arb_swap(p_prev.x, p_cur.x);
      arb_swap(p_cur.x, p_next.x);
    }
    // tail bound |s_{l+2}| (1 - energy) / 2 (|P| <= 1, |s| decreasing)
    Arb bound;
    arb_one(t.x);
    arb_sub(t.x, t.x, energy.x, prec);
    arb_abs(bound.x, s.x);
    arb_mul(bound.x, bound.x, t.x, prec);
    arb_mul_2exp_si(bound.x, bound.x, -1);
    if (arb_is_finite(bound.x) && arf_cmpabs_2exp_si(arb_midref(bound.x), -target - 4) < 0) {
      arb_mul_2exp_si(sum.x, sum.x, -1);
      Mag m;
      arb_get_mag(m.x, bound.x);
      arb_add_error_mag(sum.x, m.x);
      arb_one(t.x);
      arb_mul_2exp_si(t.x, t.x, -1);
      arb_add(res, sum.x, t.x, prec);
      return;
    }
    if (l > 2000000) throw ResourceError("rank head-target: the series needs more than 10^6 terms at this d");
  }
}

double head_target_seconds(ulong d, long digits) {
  // measured (Release, one core, CPU time, 2026-12-01, bench/calibrate_estimates.py; one precision
  // pass suffices in every case tried): at 100 digits (373 working bits) 0.13 s at d = 10, 0.47 s
  // at d = 100, 1.2 s at d = 500 (the integrand's peak narrows and acb_calc's subdivision stops
  // growing there), each x6-8 at 200 digits and x16 at 300 (bits^3: more nodes, each dearer);
  // plus a part that grows with d and not with the precision (the inner J_{d-3} recurrence at
  // every node): 0.4 s at d = 2000
  if (d > 2000) return 0.1;  // the series converges in a few terms
  const double bits = static_cast<double>(bits_for_digits(digits) + 32) / 373.0;
  const double dd = static_cast<double>(d);
  return 0.4 * std::pow(dd / 2000.0, 2.8) + 0.15 * std::sqrt(std::min(dd, 500.0) / 10.0) * bits * bits * bits;
}

Arb head_target(ulong d, const Angle& theta, long digits) {
  if (d < 3) throw DomainError("rank head-target: requires d >= 3");
  limits::check_seconds("rank head-target: the integral form", head_target_seconds(d, digits),
                        "lower --digits");
  const slong target = bits_for_digits(digits);
  Arb out;
  Fmpq one(1, 1);
  if (theta.times_pi && fmpq_equal(theta.coef.x, one.x)) {  // b(pi) = 1 - b(0) = 1 - p(d), exactly
    for (slong prec = target + 32;; prec *= 2) {
      if (prec > limits::max_working_bits) throw ResourceError("rank head-target: precision limit reached");
      head_success_probability(out.x, d, prec);
      arb_neg(out.x, out.x);
      arb_add_ui(out.x, out.x, 1, prec);
      if (accurate_to_digits(out.x, digits)) return out;
    }
  }
  for (slong prec = target + 32;; prec *= 2) {
    limits::poll("rank head-target");
    if (prec > limits::max_working_bits) throw ResourceError("rank head-target: precision limit reached");
    Arb th, pi, half_pi;
    arb_const_pi(pi.x, prec);
    arb_set_fmpq(th.x, theta.coef.x, prec);
    if (theta.times_pi) arb_mul(th.x, th.x, pi.x, prec);
    arb_mul_2exp_si(half_pi.x, pi.x, -1);
    // exact special angles
    const bool zero = fmpq_is_zero(theta.coef.x);
    Fmpq half(1, 2);
    const bool right = theta.times_pi && fmpq_equal(theta.coef.x, half.x);
    if (zero) {
      head_success_probability(out.x, d, prec);
    } else if (right) {
      arb_one(out.x);
      arb_mul_2exp_si(out.x, out.x, -1);
    } else {
      bool flip = arb_gt(th.x, half_pi.x);
      if (!flip && !arb_lt(th.x, half_pi.x))
        throw DomainError("rank head-target: theta too close to pi/2 to decide");
      if (flip) arb_sub(th.x, pi.x, th.x, prec);
      if (d <= 2000) {
        b_integral(out.x, d, th.x, prec);
      } else {
        Arb x;
        arb_cos(x.x, th.x, prec);
        head_target_series(out.x, d, x.x, target, prec);
      }
      if (flip) {
        arb_neg(out.x, out.x);
        arb_add_ui(out.x, out.x, 1, prec);
      }
    }
    if (accurate_to_digits(out.x, digits)) return out;
  }
}

double head_target_double(unsigned long d, double theta) {
  if (theta <= 0) {
    Arb p;
    head_success_probability(p.x, d, 64);
    return arf_get_d(arb_midref(p.x), ARF_RND_NEAR);
  }
  bool flip = theta > M_PI / 2;
  if (flip) theta = M_PI - theta;
  if (theta >= M_PI / 2) return 0.5;
  double b;
  if (d >= 24) {
    // series: terms decay like (l/(l+d))^{...}; stop when the bound is below 1e-18
    const double x = std::cos(theta), dd = static_cast<double>(d);
    double s = std::exp(std::lgamma(dd / 2) - 0.5 * std::log(M_PI) - std::lgamma((dd + 1) / 2));
    double n = dd, energy = 0, sum = 0, p_prev = 1, p_cur = x;
    for (unsigned long l = 1;; l += 2) {
      const double c2 = s * s * n;
      energy += c2;
      sum += c2 * s * p_cur;
      const double ll = static_cast<double>(l);
      s = -s * ll / (ll + dd);
      n = n * (2 * ll + dd + 2) * (ll + dd - 2) * (ll + dd - 1) / ((ll + 1) * (ll + 2) * (2 * ll + dd - 2));
      for (double m = ll; m <= ll + 1; m += 1) {
        double p_next = ((2 * m + dd - 2) * x * p_cur - m * p_prev) / (m + dd - 2);
        p_prev = p_cur;
        p_cur = p_next;
      }
      if (std::fabs(s) * std::max(0.0, 1 - energy) < 1e-18 || l > 100000) break;
    }
    b = 0.5 + sum / 2;
  } else {
    const unsigned long n = d - 3;
    auto wallis_d = [](unsigned long k) {
      double w = (k % 2 == 0) ? M_PI / 2 : 1.0;
      for (unsigned long j = (k % 2 == 0 ? 2 : 3); j <= k; j += 2) w *= static_cast<double>(j - 1) / j;
      return w;
    };
    const double wn = wallis_d(n), wd = wallis_d(d - 2), cot = 1 / std::tan(theta);
    auto inner = [&](double phi) {
      double x = std::min(1.0, std::tan(phi) * cot), s = std::sqrt(std::max(0.0, 1 - x * x));
      double j = (n % 2 == 0) ? std::asin(x) : x, spow = (n % 2 == 0) ? s : s * s;
      for (unsigned long k = (n % 2 == 0 ? 2 : 3); k <= n; k += 2) {
        j = spow * x / k + static_cast<double>(k - 1) / k * j;
        spow *= s * s;
      }
      return phi * j / wn * std::pow(std::cos(phi), static_cast<double>(d - 2));
    };
    auto outer = [&](double phi) { return phi * std::pow(std::cos(phi), static_cast<double>(d - 2)); };
    // the inner integrand behaves like sqrt(theta - phi) at phi = theta: phi = theta (1 - s^2)
    // makes it analytic in s, so Gauss-Kronrod converges geometrically
    auto inner_s = [&](double s) { return inner(theta * (1 - s * s)) * 2 * theta * s; };
    using gk = boost::math::quadrature::gauss_kronrod<double, 61>;
    double i1 = gk::integrate(inner_s, 0.0, 1.0, 8, 1e-15),
           i2 = gk::integrate(outer, theta, M_PI / 2, 8, 1e-15);
    b = 0.5 + (i1 + i2) / (M_PI * wd);
  }
  return flip ? 1 - b : b;
}

namespace {

/// The seconds of one pass of u_weight at `bits` of working precision; `chebyshev`: the cosine sums
/// take their cosines by the Chebyshev recurrence (sphere/gegenbauer.hpp), at 0.148 + 0.348
/// (bits/1024)^1.41 us a term (0.61 s at d = 8, degree 1601, 1000 digits; 2026-12-02).
double u_pass_seconds(ulong d, ulong degree, slong bits, bool chebyshev = false) {
  // measured (Release, one core, CPU time, bench/calibrate_estimates.py, 2026-12-01): a pass is
  // degree/2 unit Gegenbauer values by the cosine sum, about degree^2/8 terms, each costing what
  // sphere gegenbauer's term costs at the working precision (0.2 + 0.9 (bits/1024)^1.41 us: 0.13 us
  // per step of degree^2/4 at d = 8, 30 digits, 2.7 us at 1000 digits); like (d/8)^0.46 in d
  // (1.64 s at d = 200, degree 3201; the unit values lose more bits to cancellation as d grows)
  const double D = static_cast<double>(degree);
  const double x = std::pow(static_cast<double>(bits) / 1024.0, 1.41);
  const double per_term = (chebyshev ? 0.148 + 0.348 * x : 0.2 + 0.9 * x) * 1e-6;
  const double in_d = std::max(1.0, std::pow(static_cast<double>(d) / 8.0, 0.46));
  return D * D / 8.0 * per_term * in_d + 0.01;
}

}  // namespace

double u_weight_seconds(ulong d, ulong degree, long digits) {
  return u_pass_seconds(d, degree, bits_for_digits(digits) + 64);  // the first pass
}

void u_coef(arb_t res, ulong d, ulong l, slong prec, UWeighting w) {
  if (l % 2 == 0) {
    arb_zero(res);
    return;
  }
  if (w == UWeighting::as_printed) {
    u_coef_as_printed(res, d, l, prec);
    return;
  }
  Arb n, s;
  sphere::harmonic_dim_arb(n.x, d, l, prec);
  sphere::sign_coef_unit_closed(s.x, d, l, prec);
  arb_div(res, n.x, s.x, prec);
}

Arb u_weight(ulong d, const Fmpq& t, ulong degree, long digits, UWeighting w) {
  const bool chebyshev = fmpz_cmpabs(fmpq_numref(t.x), fmpq_denref(t.x)) < 0 &&
                         sphere::gegenbauer_cos_by_chebyshev(fmpq_get_d(t.x));
  limits::check_seconds("rank u: the degree-D expansion",
                        u_pass_seconds(d, degree, bits_for_digits(digits) + 64, chebyshev),
                        "lower --degree or --digits");
  if (fmpq_is_zero(t.x)) return Arb();  // every P_{l,d} with l odd is odd: u(0) = 0 exactly
  const slong target = bits_for_digits(digits);
  const auto start = std::chrono::steady_clock::now();
  for (slong prec = target + 64;; prec *= 2) {
    if (prec > target + 64) {  // a pass at doubled precision is priced once it is known to be needed
      const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      limits::check_seconds(
          fmt::format("rank u: the degree-D expansion at {} bits (after {:.3g} s)", prec, spent),
          spent + u_pass_seconds(d, degree, prec, chebyshev), "lower --degree or --digits");
    }
    // a ball still holding 0 this far is not a value we can print: at a rational t, u(t) is a
    // rational (odd d) or a rational multiple of pi (even d; u_l = N / s_l), so it is 0 only at a
    // rational root of u, which balls cannot prove: refused, not searched until the deadline
    if (prec > std::min<slong>(limits::max_working_bits, 16 * target + 4096))
      throw DomainError(fmt::format("rank u: cannot separate u(t) from 0 at {} bits", prec / 2));
    Arb sum, term, p;
    for (ulong l = 1; l <= degree; l += 2) {
      if (l % 64 == 1) limits::poll("rank u");
      u_coef(term.x, d, l, prec, w);
      sphere::gegenbauer_ball(p.x, d, l, t, sphere::GegenbauerNorm::unit, prec);
      arb_addmul(sum.x, term.x, p.x, prec);
    }
    if (accurate_to_digits(sum.x, digits)) return sum;
  }
}

}  // namespace bc::rank
