#include "sphere/hecke_funk.hpp"

#include "core/real_format.hpp"
#include "sphere/sign_coef.hpp"

#include <boost/math/special_functions/gamma.hpp>

#include <cmath>
#include <vector>

namespace bc::sphere {

MpReal unit_gegenbauer_rec(unsigned long d, unsigned long l, const MpReal& t) {
  MpReal p0 = 1, p1 = t;
  if (l == 0) return p0;
  for (unsigned long n = 1; n < l; ++n) {
    MpReal p2 = ((2 * n + d - 2) * t * p1 - n * p0) / (n + d - 2);
    p0 = std::move(p1);
    p1 = std::move(p2);
  }
  return p1;
}

double hecke_funk_cost(unsigned long l) {
  double n = std::floor((static_cast<double>(l) - 1) / 4) + 2;
  return n * (8.0 * n + static_cast<double>(l));
}

double hecke_funk_seconds(unsigned long l, long digits) {
  // measured (Release, one core, CPU time, 2026-12-01, bench/calibrate_estimates.py): 0.26 s at
  // l = 1001, 1.0 s at 2001, 4.0 s at 4001 (30 digits, any d), i.e. cost^0.98; x1.9 at 100 digits,
  // x3.3 at 300, x11.6 at 1000: (1 + D/120)^1.2 / 1.31. Plus MPFR's lngamma (the weights' and the
  // normaliser's Gamma ratios), which computes Bernoulli numbers at the working precision: 0.31 s at
  // 2000 digits, 2.6 s at 4000, 27 s at 8000, i.e. 2.64 (D/4000)^3.2 s
  const double d = static_cast<double>(digits);
  const double quadrature =
      4.4e-7 * std::pow(hecke_funk_cost(l), 0.98) * std::pow(1.0 + d / 120.0, 1.2) / 1.31;
  return quadrature + 2.64 * std::pow(d / 4000.0, 3.2);
}

HeckeFunkCheck hecke_funk_check(unsigned long d, unsigned long l, long digits) {
  const unsigned digits10 = static_cast<unsigned>(digits) + 20;
  const MpScope scope(digits10);  // before `out`: its MpReal members take this precision
  HeckeFunkCheck out;
  // Certified closed form.
  for (slong prec = bits_for_digits(digits) + 64;; prec *= 2) {
    sign_coef_unit_closed(out.closed_form.x, d, l, prec);
    if (accurate_to_digits(out.closed_form.x, digits)) break;
  }
  if (l % 2 == 0) {
    out.quadrature = 0;
    out.abs_diff = 0;
    return out;
  }
  const double a = (static_cast<double>(d) - 3.0) / 2.0;
  const unsigned n = static_cast<unsigned>((l - 1) / 4 + 2);
  GaussRule rule = gauss_jacobi(n, a, 0.0, digits10);
  MpReal sum = 0;
  for (unsigned i = 0; i < n; ++i) {
    MpReal t = sqrt((1 + rule.nodes[i]) / 2);
    sum += rule.weights[i] * unit_gegenbauer_rec(d, l, t) / t;
  }
  const MpReal ma = MpReal(static_cast<long>(d) - 3) / 2;
  // the Gamma ratio through lgamma: Gamma(d/2) overflows MPFR's exponent range for d >= 1e8
  MpReal z = sqrt(boost::math::constants::pi<MpReal>()) *
             exp(lgamma(MpReal(static_cast<long>(d) - 1) / 2) - lgamma(MpReal(static_cast<long>(d)) / 2));
  out.quadrature = sum * pow(MpReal(2), -ma - 1) / z;
  out.nodes = n;
  // Compare against the ball's midpoint, exactly converted.
  MpReal mid;
  arf_get_mpfr(mid.backend().data(), arb_midref(out.closed_form.x), MPFR_RNDN);
  out.abs_diff = abs(mid - out.quadrature);
  return out;
}

}  // namespace bc::sphere
