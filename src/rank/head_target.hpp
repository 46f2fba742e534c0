// Random rank-1 heads (paper-A's construction side; docs/math/rank.md#head-target, formulas of the authors'
// code).
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
// The head-angle weighting that reproduces the target (paper-A Figure 5, D = 49;
// docs/math/rank.md#figure-5-weighting):
//   u(t) = sum_{l odd <= D} u_l P_{l,d}(t),  u_l = (pi/2) N(d,l) s_l / <arcsin,P_{l,d}> = N(d,l) / s_l,
// s_l = <sign,P_{l,d}>, equivalently u = sum (N(d,l) / c_l) Q_l. Derived: with q, k uniform and weight
// u(<q,k>), Funk–Hecke twice gives E[u(<q,k>) sign<z,k> sign<q,y>] = sum N <u,P_l> s_l^2 P_l(<z,y>),
// and sign = sum N s_l P_l needs <u,P_l> = u_l / N = 1 / s_l. (Before issue 29 the code put u_l on
// Q_l instead of P_l: an extra sqrt(N(d,l)) at every degree.) Checks: E_{u_d}[u (2b - 1)] =
// sum_{l <= D} c_l^2 (verify/rank.toml, rank.u.reproduces), and a Monte Carlo over head pairs
// (tests/unit/test_rank_heads.cpp).
//
// The weighting as printed (UWeighting::as_printed, src/rank/u_as_printed.cpp): the authors' code,
// which drew paper-A's Figure 5, puts that coefficient on Q_l = sqrt(N(d,l)) P_{l,d}, so u carries
// an extra sqrt(N(d,l)) at every degree and does not reproduce the target (E_{u_4}[u (2b - 1)] =
// sum sqrt(N) c_l^2 = 3.81 at d = 4, D = 49); it is offered to reproduce the published figure.
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

/// Estimated seconds of u_weight's first pass (either weighting) (a pass at doubled precision, when the first
/// does not reach the digits, is priced when it starts).
double u_weight_seconds(ulong d, ulong degree, long digits);

/// Which coefficients u carries (`rank u --weighting`): the weighting that reproduces the target
/// (u_l = N(d,l) / s_l on P_{l,d}), or the one paper-A's Figure 5 was drawn with (the authors' code:
/// the same number on Q_l = sqrt(N(d,l)) P_{l,d}, i.e. sqrt(N(d,l)) N(d,l) / s_l on P_{l,d}).
enum class UWeighting { reproducing, as_printed };

/// The coefficient of P_{l,d} in u (l odd; 0 for l even): N(d,l) / s_l (reproducing), or the
/// authors' (pi/2) N <sign,Q_l> / <arcsin,Q_l> times Q_l(t) / P_{l,d}(t) = sqrt(N) (as printed).
void u_coef(arb_t res, ulong d, ulong l, slong prec, UWeighting w = UWeighting::reproducing);

/// The as-printed coefficient of P_{l,d} (src/rank/u_as_printed.cpp; l odd).
void u_coef_as_printed(arb_t res, ulong d, ulong l, slong prec);

/// u(t) truncated at degree D, certified, to `digits` digits. Refuses above the time budget.
Arb u_weight(ulong d, const Fmpq& t, ulong degree, long digits, UWeighting w = UWeighting::reproducing);

/// u(t) for a ball t inside (-1, 1), one evaluation at working precision prec (no time check):
/// P_{l,d}(t) by the cosine sum (src/rank/u_angle.cpp). The radius grows with the cancellation.
void u_weight_ball(arb_t res, ulong d, const arb_t t, ulong degree, slong prec,
                   UWeighting w = UWeighting::reproducing);

/// cos(theta) when it is rational, else nullopt. By Niven's theorem the rational multiples of pi
/// with a rational cosine are the multiples of pi/2 and pi/3 (cosines 0, +-1/2, +-1); a nonzero
/// rational number of radians has an irrational (transcendental) cosine (Lindemann).
std::optional<Fmpq> rational_cosine(const Angle& theta);

/// u(cos theta) for an exact angle theta in [0, pi] (src/rank/u_angle.cpp): through u_weight when
/// the cosine is rational, else with t = cos theta as a ball and the Gegenbauer cosine sum.
Arb u_weight_angle(ulong d, const Angle& theta, ulong degree, long digits,
                   UWeighting w = UWeighting::reproducing);

}  // namespace bc::rank
