// Hecke–Funk check (talk-B, "Hecke-Funk Representation"): the closed form of <sign, P_{l,d}>_{u_d}
// (docs/math/sphere.md#the-hecke-funk-formula, Arb, certified) against Gauss quadrature for the Gegenbauer
// weight in MPFR.
//
// For odd l, fold onto [0,1] and substitute t = sqrt((1+s)/2), s in [-1,1]:
//   <sign, P>_{u_d} = (2/Z) int_0^1 P(t) (1-t^2)^a dt = (2^{-a-1}/Z) int_{-1}^{1} q(s) (1-s)^a ds,
//   a = (d-3)/2,  Z = sqrt(pi) Gamma((d-1)/2) / Gamma(d/2),  q(s) = P(t)/t,
// where q is a polynomial in s of degree (l-1)/2, so an n-point Gauss–Jacobi rule with weight
// (1-s)^a (1+s)^0 and 2n-1 >= (l-1)/2 is exact: the difference measures only rounding.
// P = P_{l,d} is evaluated at the nodes by the unit-normalised recurrence
//   (n+d-2) P_{n+1} = (2n+d-2) t P_n - n P_{n-1},  P_0 = 1, P_1 = t
// (a third algorithm, distinct from both the cosine sum and the Gamma formula).
// Even l: both sides vanish by parity; reported as exact zeros.
// Cost: O(n (n log digits + l)) MPFR operations, n = floor((l-1)/4) + 2.
#pragma once

#include "core/flint.hpp"
#include "sphere/gauss_jacobi.hpp"

namespace bc::sphere {

struct HeckeFunkCheck {
  Arb closed_form;     ///< certified, accurate to the requested digits
  MpReal quadrature;   ///< digits + 20 working digits
  MpReal abs_diff;     ///< |closed_form_mid - quadrature|
  unsigned nodes = 0;  ///< 0 for even l (parity)
};

/// Unit-normalised P_{l,d}(t) by the recurrence above, in MPFR.
MpReal unit_gegenbauer_rec(unsigned long d, unsigned long l, const MpReal& t);

/// Estimated MPFR operations of hecke_funk_check (for the resource refusal).
double hecke_funk_cost(unsigned long l);

/// Estimated seconds of hecke_funk_check(d, l, digits) on one core (Release), for
/// limits::check_seconds: the quadrature and MPFR's lngamma at the working precision.
double hecke_funk_seconds(unsigned long l, long digits);

HeckeFunkCheck hecke_funk_check(unsigned long d, unsigned long l, long digits);

}  // namespace bc::sphere
