// Dispatcher and adaptive driver for Gegenbauer values (see gegenbauer.hpp for the formulas).
// Cost model (measured, Release, one core, CPU time, 2026-12-01, bench/calibrate_estimates.py):
// the cosine sum costs about (l/2) (0.2 + 0.9 (prec/1024)^1.41) microseconds (0.28 us a term at 186
// bits, 1.08 at 1162, 4.9 at 3402, 22.6 at 10040), its cosh form (|t| > 1) 0.6 of that; d = 2
// (Chebyshev) and t = +-1 (closed form) cost O(log l) multiplications.
#include "sphere/gegenbauer.hpp"

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "sphere/dim.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>

namespace bc::sphere {

const char* norm_name(GegenbauerNorm n) {
  switch (n) {
    case GegenbauerNorm::standard:
      return "standard";
    case GegenbauerNorm::unit:
      return "unit";
    case GegenbauerNorm::orthonormal:
      return "orthonormal";
  }
  return "?";
}

bool parse_norm(const std::string& s, GegenbauerNorm& out) {
  if (s == "standard")
    out = GegenbauerNorm::standard;
  else if (s == "unit")
    out = GegenbauerNorm::unit;
  else if (s == "orthonormal")
    out = GegenbauerNorm::orthonormal;
  else
    return false;
  return true;
}

namespace {

// T_l(t) and its three normalisations at d = 2.
void chebyshev_ball(arb_t res, ulong l, const arb_t t, GegenbauerNorm norm, slong prec) {
  arb_chebyshev_t_ui(res, l, t, prec);
  if (l == 0) return;
  switch (norm) {
    case GegenbauerNorm::unit:
      break;
    case GegenbauerNorm::standard:  // lim_{lambda->0} C_l^lambda / lambda = (2/l) T_l
      arb_mul_2exp_si(res, res, 1);
      arb_div_ui(res, res, l, prec);
      break;
    case GegenbauerNorm::orthonormal: {  // sqrt(N(2,l)) = sqrt(2)
      Arb s;
      arb_sqrt_ui(s.x, 2, prec);
      arb_mul(res, res, s.x, prec);
      break;
    }
  }
}

/// The seconds of one evaluation at working precision prec by gegenbauer_ball's method for (d, t).
double estimated_seconds(ulong d, ulong l, const Fmpq& t, slong prec) {
  // per term of the cosine sum (Release, one core, CPU time): by rotation 0.2 us + 0.9 us x^1.41,
  // x = prec/1024 (2026-11, bench/calibrate_estimates.py); by the Chebyshev recurrence 0.148 us +
  // 0.348 us x^1.41 (2026-12-02: 0.194 us at 250 bits, 0.55 at 1130, 2.08 at 3450, 9.0 at 10^4)
  const double x = std::pow(static_cast<double>(prec) / 1024.0, 1.41);
  const double per_term = (0.2 + 0.9 * x) * 1e-6;
  const int cmp_one = fmpz_cmpabs(fmpq_numref(t.x), fmpq_denref(t.x));  // sign of |t| - 1
  if (d == 2 || cmp_one == 0) return (std::log2(static_cast<double>(l) + 2.0) + 8.0) * per_term;
  const double terms = static_cast<double>(l) / 2.0 + 1.0;
  if (cmp_one > 0) return 0.6 * terms * per_term;
  return terms * (gegenbauer_cos_by_chebyshev(fmpq_get_d(t.x)) ? (0.148 + 0.348 * x) * 1e-6 : per_term);
}

}  // namespace

void gegenbauer_ball(arb_t res, ulong d, ulong l, const Fmpq& t, GegenbauerNorm norm, slong prec) {
  Arb tb;
  arb_set_fmpq(tb.x, t.x, prec);
  if (d == 2) {
    chebyshev_ball(res, l, tb.x, norm, prec);
    return;
  }
  // Standard value first.
  int cmp_one = fmpz_cmpabs(fmpq_numref(t.x), fmpq_denref(t.x));  // sign of |t| - 1
  if (cmp_one == 0) {
    // t = +-1: C_l(+-1) = (+-1)^l binom(l+d-3, l)
    if (norm == GegenbauerNorm::standard)
      gegenbauer_c_at_one(res, d, l, prec);
    else
      arb_one(res);
    if (norm == GegenbauerNorm::orthonormal) {
      Arb n;
      harmonic_dim_arb(n.x, d, l, prec);
      arb_sqrt(n.x, n.x, prec);
      arb_mul(res, res, n.x, prec);
    }
    if (fmpq_sgn(t.x) < 0 && (l & 1)) arb_neg(res, res);
    return;
  }
  if (cmp_one < 0)
    gegenbauer_c_cos(res, d, l, tb.x, prec);
  else
    gegenbauer_c_cosh(res, d, l, tb.x, prec);
  if (norm == GegenbauerNorm::standard) return;
  Arb c1;
  gegenbauer_c_at_one(c1.x, d, l, prec);
  arb_div(res, res, c1.x, prec);
  if (norm == GegenbauerNorm::orthonormal) {
    Arb n;
    harmonic_dim_arb(n.x, d, l, prec);
    arb_sqrt(n.x, n.x, prec);
    arb_mul(res, res, n.x, prec);
  }
}

bool gegenbauer_is_exact_zero(bool& is_zero, ulong d, ulong l, const Fmpq& t) {
  // All three normalisations differ by nonzero factors, so zero-ness of C_l (or T_l) decides.
  // Exact rational recurrence: O(l) steps on numbers of O(l log q) bits.
  constexpr ulong exact_limit = 3000;
  if (l > exact_limit) return false;
  Fmpq prev(1, 1), cur, next, tmp;
  if (l == 0) {
    is_zero = false;
    return true;
  }
  if (d == 2) {
    fmpq_set(cur.x, t.x);  // T_1 = t; T_{n+1} = 2 t T_n - T_{n-1}
    for (ulong n = 1; n < l; ++n) {
      fmpq_mul(next.x, cur.x, t.x);
      fmpq_mul_2exp(next.x, next.x, 1);
      fmpq_sub(next.x, next.x, prev.x);
      fmpq_swap(prev.x, cur.x);
      fmpq_swap(cur.x, next.x);
    }
  } else {
    fmpq_mul_ui(cur.x, t.x, d - 2);  // C_1 = (d-2) t
    for (ulong n = 1; n < l; ++n) {
      fmpq_mul(next.x, cur.x, t.x);
      fmpq_mul_ui(next.x, next.x, 2 * n + d - 2);
      fmpq_mul_ui(tmp.x, prev.x, n + d - 3);
      fmpq_sub(next.x, next.x, tmp.x);
      fmpq_div_fmpz(next.x, next.x, Fmpz(static_cast<slong>(n + 1)).x);
      fmpq_swap(prev.x, cur.x);
      fmpq_swap(cur.x, next.x);
    }
  }
  is_zero = fmpq_is_zero(cur.x);
  return true;
}

GegenbauerValue gegenbauer_eval(ulong d, ulong l, const Fmpq& t, GegenbauerNorm norm, long digits) {
  GegenbauerValue out;
  if (d == 2 && norm == GegenbauerNorm::standard && l >= 1)
    out.note =
        "d = 2: C_l^0 vanishes for l >= 1; 'standard' reports the renormalised limit "
        "lim_{lambda->0} C_l^lambda(t)/lambda = (2/l) T_l(t) (DLMF 18.7.25)";
  if (fmpq_is_zero(t.x) && (l & 1)) {  // odd polynomial at 0
    out.exact_zero = true;
    arb_zero(out.value.x);
    return out;
  }
  const slong target = bits_for_digits(digits);
  slong prec = target + 32 + static_cast<slong>(2.0 * std::log2(static_cast<double>(l) + 2.0));
  bool zero_checked = false;
  // up front: the first pass, which is usually the only one (issue 20 §2: counting a second pass
  // made the estimate 3x the run, 57.9 s for 17.7 s at l = 10^8); a precision increase is checked
  // in the loop below against the time then spent
  limits::check_seconds(fmt::format("sphere gegenbauer: evaluation at l = {}", l),
                        estimated_seconds(d, l, t, prec), "lower --l or --digits");
  // the cosine sum (|t| < 1) cancels log2(C_l(1)/|C_l(t)|) bits: start there, and refuse at once
  // when that precision does not fit (it took several doubling passes to find out before)
  if (d > 2 && l > 64 && fmpz_cmpabs(fmpq_numref(t.x), fmpq_denref(t.x)) < 0) {
    const double lost = gegenbauer_cos_cancellation_bits(d, l, fmpq_get_d(t.x));
    if (lost > static_cast<double>(limits::max_working_bits))
      limits::refuse(
          fmt::format("sphere gegenbauer: working precision (about {:.3g} bits cancel in the cosine sum)",
                      lost),
          lost, static_cast<double>(limits::max_working_bits), "bits", "lower --l or --digits");
    prec += static_cast<slong>(lost);
    limits::check_seconds(
        fmt::format("sphere gegenbauer: evaluation at l = {} with {} working bits (about {:.0f} bits cancel)",
                    l, prec, lost),
        estimated_seconds(d, l, t, prec), "lower --l or --digits");
  }
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    if (prec > limits::max_working_bits)
      limits::refuse("sphere gegenbauer: working precision", static_cast<double>(prec),
                     static_cast<double>(limits::max_working_bits), "bits",
                     "the value is too close to zero or the cancellation too large");
    const double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    limits::check_seconds(
        fmt::format("sphere gegenbauer: evaluation at {} working bits (after {:.3g} s)", prec, spent),
        spent + estimated_seconds(d, l, t, prec), "lower --l or --digits");
    limits::poll("sphere gegenbauer");
    gegenbauer_ball(out.value.x, d, l, t, norm, prec);
    if (limits::test_break("gegenbauer")) {  // test-only: a wrong guard, about prec/2 bits lost
      Arb e;
      arb_one(e.x);
      arb_mul_2exp_si(e.x, e.x, -prec / 2);
      arb_add_ui(e.x, e.x, 1, prec);
      arb_mul(out.value.x, out.value.x, e.x, prec);
      mag_zero(arb_radref(out.value.x));
    }
    out.prec = prec;
    if (accurate_to_digits(out.value.x, digits)) return out;
    if (arb_contains_zero(out.value.x)) {
      if (!zero_checked) {
        zero_checked = true;
        bool is_zero = false;
        if (gegenbauer_is_exact_zero(is_zero, d, l, t) && is_zero) {
          out.exact_zero = true;
          arb_zero(out.value.x);
          return out;
        }
      }
      prec *= 2;
    } else {
      slong acc = arb_rel_accuracy_bits(out.value.x);
      prec += (target - acc) + 32;
    }
  }
}

}  // namespace bc::sphere
