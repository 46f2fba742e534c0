// Random rank-1 heads (paper-A's construction side; MATH.md §4, formulas of the authors' code).
//
//   b(theta) = 1/2 + (1/pi) sum_{l odd} <sign,Q_l> <arcsin,Q_l> P_{l,d}(cos theta)
//            = 1/2 + (1/2) sum_{l odd} c_l^2 s_l P_{l,d}(cos theta)
// using <arcsin, Q_l> = (pi/2) c_l^2 / sqrt(N(d,l)) (derived: (2/pi) arcsin t = sum N s_l^2 P_l(t),
// from E_q[sign<q,x> sign<q,y>] = (2/pi) arcsin<x,y> and Funk–Hecke). Equivalently b(theta) is the
// probability that a head with angle theta between q and k agrees with sign<z,y>, which reduces to
//   b(theta) = 1/2 + (I1 + I2) / (pi W_{d-2}),  0 < theta < pi/2,
//   I1 = int_0^theta phi J_{d-3}(psi)/W_{d-3} cos^{d-2} phi dphi,  psi = asin(tan phi cot theta),
//   I2 = int_theta^{pi/2} phi cos^{d-2} phi dphi,  J_n(psi) = int_0^psi cos^n,
// with b(0) = p(d), b(pi/2) = 1/2, b(pi - theta) = 1 - b(theta). Certified evaluation: the
// integrals by Arb's acb_calc_integrate (d <= 2000; the integrand is checked holomorphic on
// each ball, the sqrt branch point at phi = theta sits at an endpoint), or the series with the
// rigorous tail bound |s_{L+2}| T_L / 2 (d > 2000, where it converges in a few terms).
//
//   u(t) = sum_{l odd <= D} u_l Q_l(t),  u_l = (pi/2) N c_l / <arcsin,Q_l> = N^{3/2} / c_l,
// so u(t) = sum_{l odd <= D} N(d,l)^2 P_{l,d}(t) / c_l (paper-A Figure 5 uses D = 49).
#pragma once

#include "core/flint.hpp"

#include <optional>

namespace bc::rank {

/// An angle given exactly: coef (radians) or coef * pi.
struct Angle {
  Fmpq coef;
  bool times_pi = false;
};

/// Estimated seconds of head_target(d, theta, digits) (the integral form for d <= 2000).
double head_target_seconds(ulong d, long digits);

/// b(theta), certified, to `digits` digits (adaptive precision). Requires d >= 3, 0 <= theta <= pi.
/// Refuses (ResourceError) when head_target_seconds exceeds the time budget.
Arb head_target(ulong d, const Angle& theta, long digits);

/// b at x = cos(theta) by the series alone, with the rigorous tail bound folded into the ball
/// (stops once the bound is below 2^-target). Independent of the integral form; slow for small d.
void head_target_series(arb_t res, ulong d, const arb_t x, slong target, slong prec);

/// b(theta) in double precision (series for d >= 24, Gauss-Kronrod quadrature otherwise).
double head_target_double(unsigned long d, double theta);

/// <arcsin, Q_l>_{u_d} by the closed form (pi/2) c_l^2 / sqrt(N(d,l)).
void arcsin_coef(arb_t res, ulong d, ulong l, slong prec);

/// Estimated seconds of u_weight.
double u_weight_seconds(ulong d, ulong degree, long digits);

/// u(t) truncated at degree D, certified, to `digits` digits. Refuses above the time budget.
Arb u_weight(ulong d, const Fmpq& t, ulong degree, long digits);

/// cos(theta) when it is rational, else nullopt. By Niven's theorem the rational multiples of pi
/// with a rational cosine are the multiples of pi/2 and pi/3 (cosines 0, +-1/2, +-1); a nonzero
/// rational number of radians has an irrational (transcendental) cosine (Lindemann).
std::optional<Fmpq> rational_cosine(const Angle& theta);

/// u(cos theta) for an exact angle theta in [0, pi] (src/rank/u_angle.cpp): through u_weight when
/// the cosine is rational, else with t = cos theta as a ball and the Gegenbauer cosine sum.
Arb u_weight_angle(ulong d, const Angle& theta, ulong degree, long digits);

}  // namespace bc::rank
