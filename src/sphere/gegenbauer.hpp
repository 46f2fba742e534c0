// Gegenbauer polynomials of dimension d: C_l^lambda(t), lambda = (d-2)/2.
// docs/math/sphere.md#gegenbauer-polynomials.
//
// Three normalisations (all offered by name in the CLI):
//   standard     C_l^lambda(t) (DLMF 18.3)
//   unit         P_{l,d}(t) = C_l^lambda(t) / C_l^lambda(1), C_l^lambda(1) = binom(l+d-3, l)
//   orthonormal  Q_l(t) = sqrt(N(d,l)) P_{l,d}(t), orthonormal in L^2(u_d)
// d = 2 (lambda = 0): P_{l,2} = T_l (Chebyshev). C_l^0 vanishes identically for l >= 1, so
// `standard` at d = 2 is reported as the renormalised limit lim_{lambda->0} C_l^lambda / lambda =
// (2/l) T_l (DLMF 18.7.25), with a note saying so.
//
// Algorithms (one file each, dispatcher in gegenbauer.cpp):
//   gegenbauer_cos.cpp  |t| < 1: C_l^lambda(cos th) = sum_k a_k cos((l-2k) th) with
//                       a_k = (lambda)_k (lambda)_{l-k} / (k! (l-k)!) > 0 (DLMF 18.5.11).
//                       O(l) ball operations; cancellation costs log2(C(1)/|C(t)|) bits, which the
//                       adaptive loop measures and pays. The phases e^{i(l-2k)th} are propagated
//                       with a disk error bound (|e^{-2i th}| = 1 exactly), avoiding the
//                       exponential wrapping of rectangular complex balls.
//   gegenbauer_rec.cpp  the three-term recurrence in ball arithmetic; forward-stable for
//                       |t| >= 1 (the dominant solution), used there.
#pragma once

#include "core/flint.hpp"

#include <string>

namespace bc::sphere {

enum class GegenbauerNorm { standard, unit, orthonormal };

const char* norm_name(GegenbauerNorm n);
bool parse_norm(const std::string& s, GegenbauerNorm& out);

/// The cosine sum's coefficients (DLMF 18.5.11), shared by its cos and cosh forms: a_0 = (lambda)_l / l!
/// and a_{k+1} = a_k (d-2+2k)(l-k) / ((k+1)(d-4+2l-2k)), lambda = (d-2)/2.
void gegenbauer_cos_coef_first(arb_t a, ulong d, ulong l, slong prec);
void gegenbauer_cos_coef_next(arb_t a, ulong d, ulong l, ulong k, slong prec);

/// C_l^lambda(t), lambda = (d-2)/2 >= 1/2 (d >= 3), by the cosine sum. Requires |t| < 1.
/// The cosines come by the Chebyshev recurrence where 1/sqrt(1 - cos^2 2th) <= 64, i.e.
/// 4 t^2 (1 - t^2) >= 1/4096 (gegenbauer_cos_by_chebyshev, in double for cost models), else by
/// rotation, at about twice the cost per term.
void gegenbauer_c_cos(arb_t res, ulong d, ulong l, const arb_t t, slong prec);
inline bool gegenbauer_cos_by_chebyshev(double t) { return 4 * t * t * (1 - t * t) >= 1.0 / 4096; }

/// Estimated bits the cosine sum loses to cancellation at (d, l, t), |t| < 1: log2(C_l(1)/|C_l(t)|),
/// from a double-precision recurrence for C_n(t)/C_n(1) (O(l) flops); 0 for d < 3.
double gegenbauer_cos_cancellation_bits(ulong d, ulong l, double t);

/// C_l^lambda(t), lambda = (d-2)/2 (d >= 3), by the cosine sum at t = cosh(th). Requires |t| > 1.
void gegenbauer_c_cosh(arb_t res, ulong d, ulong l, const arb_t t, slong prec);

/// C_l^lambda(t), lambda = (d-2)/2 (d >= 3), by the forward recurrence
/// (n+1) C_{n+1} = (2n+d-2) t C_n - (n+d-3) C_{n-1}. Any t; in balls it loses
/// bits at every degree (|t| < 1 and |t| > 1 alike): a cross-check for small l, not the evaluator.
void gegenbauer_c_rec(arb_t res, ulong d, ulong l, const arb_t t, slong prec);

/// C_l^lambda(1) = binom(l+d-3, l) (d >= 3) as a ball.
void gegenbauer_c_at_one(arb_t res, ulong d, ulong l, slong prec);

/// Any d >= 2, any normalisation, exact rational t; one evaluation at working precision prec.
void gegenbauer_ball(arb_t res, ulong d, ulong l, const Fmpq& t, GegenbauerNorm norm, slong prec);

/// Exact value for small l as a rational times sqrt(N) for orthonormal (returns false if l is
/// above the exact limit). Used to decide exact zeros; `is_zero` receives the answer.
bool gegenbauer_is_exact_zero(bool& is_zero, ulong d, ulong l, const Fmpq& t);

struct GegenbauerValue {
  Arb value;       ///< ball; relative radius below 2^-bits_for_digits(digits) unless zero
  slong prec = 0;  ///< working precision of the final evaluation
  bool exact_zero = false;
  std::string note;  ///< convention caveat (d = 2 standard), empty otherwise
};

/// Adaptive evaluation to `digits` correct digits: raises the working precision by the measured
/// cancellation until the ball is narrow enough, detects exact zeros, and refuses (ResourceError)
/// when the estimated cost exceeds the limits in core/limits.hpp.
GegenbauerValue gegenbauer_eval(ulong d, ulong l, const Fmpq& t, GegenbauerNorm norm, long digits);

}  // namespace bc::sphere
