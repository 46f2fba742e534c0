// The functions of the expression language: sqrt exp log ln log2 log10 abs floor ceil gamma binom
// min max. Exact where the result is rational and the inputs are exact (sqrt of a rational
// square, floor/ceil, gamma at integers <= 10^5, binom at integers, min/max); Arb otherwise.
// binom(n, k): exact for integers n and 0 <= min(k, n - k) <= 10^6 (negative n by the reflection
// binom(n, k) = (-1)^k binom(k - n - 1, k)); otherwise Gamma(n+1) / (Gamma(k+1) Gamma(n-k+1)).
// Cost: one Arb call per function; exact binom and gamma cost their FLINT routines (bounded in bits).
#include "expr/detail.hpp"

#include <arb_hypgeom.h>
#include <flint/fmpq.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace bc::expr::detail {

namespace {

void exact_sqrt(Value& r, const Value& x, slong prec) {
  if (x.exact && fmpq_sgn(x.exact->x) >= 0 && fmpz_is_square(fmpq_numref(x.exact->x)) &&
      fmpz_is_square(fmpq_denref(x.exact->x))) {
    r.exact = Fmpq();
    fmpz_sqrt(fmpq_numref(r.exact->x), fmpq_numref(x.exact->x));
    fmpz_sqrt(fmpq_denref(r.exact->x), fmpq_denref(x.exact->x));
    finish_exact(r, prec);
    return;
  }
  // sqrt(q) = 1 sqrt(q); sqrt(a pi^(2j)) = sqrt(a) pi^j: closed forms
  if (x.exact && fmpq_sgn(x.exact->x) > 0 && set_alg(r, Algebraic{Fmpq(1, 1), *x.exact, 0}, prec)) return;
  if (x.alg && fmpq_is_one(x.alg->rad.x) && x.alg->pi_power % 2 == 0 && fmpq_sgn(x.alg->coef.x) > 0 &&
      set_alg(r, Algebraic{Fmpq(1, 1), x.alg->coef, x.alg->pi_power / 2}, prec))
    return;
  arb_sqrt(r.ball.x, x.ball.x, prec);
}

void rounding(Value& r, const Value& x, bool floor, slong prec) {
  if (x.exact) {
    r.exact = Fmpq();
    if (floor)
      fmpz_fdiv_q(fmpq_numref(r.exact->x), fmpq_numref(x.exact->x), fmpq_denref(x.exact->x));
    else
      fmpz_cdiv_q(fmpq_numref(r.exact->x), fmpq_numref(x.exact->x), fmpq_denref(x.exact->x));
    finish_exact(r, prec);
  } else if (floor) {
    arb_floor(r.ball.x, x.ball.x, prec);
  } else {
    arb_ceil(r.ball.x, x.ball.x, prec);
  }
}

void gamma(Value& r, const Value& x, size_t pos, slong prec) {
  slong k = 0;
  if (exact_int(x, k) && k <= 0)
    throw Undefined(fmt::format("expression, column {}: gamma has a pole at {}", pos, k));
  if (exact_int(x, k) && k <= 100000) {
    r.exact = Fmpq();
    fmpz_fac_ui(fmpq_numref(r.exact->x), static_cast<ulong>(k - 1));
    finish_exact(r, prec);
  } else {
    arb_gamma(r.ball.x, x.ball.x, prec);
  }
}

// log_base(x) exactly when x is an integer power of the base (log2(1024) = 10, log10(1/1000) =
// -3, log(1) = 0: base 0 stands for e, whose only exact case is 1): a power of the base is exact
// as a user writes it, n*log2(n) at n = 2^k an integer. Else only the ball.
void exact_log(Value& r, const Value& x, ulong base, slong prec) {
  if (!x.exact || fmpq_sgn(x.exact->x) <= 0) return;
  const fmpz* num = fmpq_numref(x.exact->x);
  const fmpz* den = fmpq_denref(x.exact->x);
  if (fmpz_is_one(num) && fmpz_is_one(den)) {
    r.exact = Fmpq(0, 1);
  } else if (base >= 2 && (fmpz_is_one(num) || fmpz_is_one(den))) {
    Fmpz rest, b(static_cast<slong>(base));
    const slong k = fmpz_remove(rest.x, fmpz_is_one(den) ? num : den, b.x);
    if (k <= 0 || !fmpz_is_one(rest.x)) return;
    r.exact = Fmpq(fmpz_is_one(den) ? k : -k, 1);
  } else {
    return;
  }
  finish_exact(r, prec);
}

// log and sqrt outside their domain are undefined, not an infinite enclosure printed as a value:
// refused when the argument is certainly outside (log(0), sqrt(-1)); a ball that straddles the
// boundary stays an enclosure (undecided where it matters).
void check_domain(const std::string& f, const Value& x, long pos) {
  const bool log = f == "log" || f == "ln" || f == "log2" || f == "log10";
  if ((log && arb_is_nonpositive(x.ball.x)) || (f == "sqrt" && arb_is_negative(x.ball.x)))
    throw Undefined(fmt::format(
        "expression, column {}: {}(x) is undefined for x {} 0, got x = {}", pos, f, log ? "<=" : "<",
        x.exact && fmpz_bits(fmpq_numref(x.exact->x)) + fmpz_bits(fmpq_denref(x.exact->x)) < 200
            ? x.exact->str()
            : show_ball(x.ball.x, 10)));
}

}  // namespace

Value Evaluator::call(const Node& n, Sink* sink) {
  std::vector<Value> v;
  v.reserve(n.args.size());
  for (const auto& a : n.args) v.push_back(eval(*a, sink));
  const std::string& f = n.name;
  const slong prec = o_.prec;
  Value r;
  const Value& x = v[0];
  check_domain(f, x, n.pos);
  if (f == "sqrt") {
    exact_sqrt(r, x, prec);
  } else if (f == "exp") {
    arb_exp(r.ball.x, x.ball.x, prec);
    if (x.exact && fmpq_is_zero(x.exact->x)) r.exact = Fmpq(1, 1);
  } else if (f == "log" || f == "ln") {
    arb_log(r.ball.x, x.ball.x, prec);
    exact_log(r, x, 0, prec);
  } else if (f == "log2" || f == "log10") {
    arb_log_base_ui(r.ball.x, x.ball.x, f == "log2" ? 2 : 10, prec);
    exact_log(r, x, f == "log2" ? 2 : 10, prec);
  } else if (f == "abs") {
    arb_abs(r.ball.x, x.ball.x);
    if (x.exact) {
      r.exact = *x.exact;
      fmpq_abs(r.exact->x, r.exact->x);
    }
    if (x.alg) {
      r.alg = *x.alg;
      fmpq_abs(r.alg->coef.x, r.alg->coef.x);
    }
  } else if (f == "floor" || f == "ceil") {
    rounding(r, x, f == "floor", prec);
  } else if (f == "gamma") {
    gamma(r, x, n.pos, prec);
  } else if (f == "binom") {
    binom(r, v[0], v[1], prec);
  } else {
    r = min_max(f, v);
  }
  return r;
}

Value Evaluator::min_max(const std::string& f, const std::vector<Value>& v) {
  Value r;
  const bool all_exact = std::all_of(v.begin(), v.end(), [](const Value& y) { return y.exact.has_value(); });
  if (all_exact) {
    r.exact = *v[0].exact;
    for (size_t i = 1; i < v.size(); ++i) {
      const int c = fmpq_cmp(v[i].exact->x, r.exact->x);
      if ((f == "min" && c < 0) || (f == "max" && c > 0)) r.exact = *v[i].exact;
    }
    finish_exact(r, o_.prec);
    return r;
  }
  arb_set(r.ball.x, v[0].ball.x);
  for (size_t i = 1; i < v.size(); ++i) {
    if (f == "min")
      arb_min(r.ball.x, r.ball.x, v[i].ball.x, o_.prec);
    else
      arb_max(r.ball.x, r.ball.x, v[i].ball.x, o_.prec);
  }
  return r;
}

void Evaluator::binom(Value& r, const Value& nv, const Value& kv, slong prec) {
  slong n = 0, k = 0;
  const bool ni = exact_int(nv, n), ki = exact_int(kv, k);
  if (ki && k < 0) {
    r = number_value(Fmpq(0, 1), prec);
    return;
  }
  // binom(n, k) = binom(n, n - k): the smaller of the two sizes the exact value (n >= k >= 0)
  const slong k_small = ni && ki && n >= k ? std::min(k, n - k) : k;
  if (ni && ki && k_small <= 1000000) {
    ulong top = 0;
    bool negate = false;
    if (n >= 0) {
      if (k > n) {
        r = number_value(Fmpq(0, 1), prec);
        return;
      }
      top = static_cast<ulong>(n);
    } else {
      top = static_cast<ulong>(k) + static_cast<ulong>(-(n + 1));
      negate = k % 2 == 1;
    }
    const double bits = static_cast<double>(k_small) * std::log2(static_cast<double>(top) + 1.0);
    if (bits < static_cast<double>(kMaxExactBits)) {
      r.exact = Fmpq();
      fmpz_bin_uiui(fmpq_numref(r.exact->x), top, static_cast<ulong>(k_small));
      if (negate) fmpq_neg(r.exact->x, r.exact->x);
      finish_exact(r, prec);
      return;
    }
  }
  if (ki && k <= 1000000) {
    arb_bin_ui(r.ball.x, nv.ball.x, static_cast<ulong>(k), prec);
    return;
  }
  Arb a, b, c;
  arb_add_ui(a.x, nv.ball.x, 1, prec);
  arb_gamma(a.x, a.x, prec);
  arb_add_ui(b.x, kv.ball.x, 1, prec);
  arb_rgamma(b.x, b.x, prec);
  arb_sub(c.x, nv.ball.x, kv.ball.x, prec);
  arb_add_ui(c.x, c.x, 1, prec);
  arb_rgamma(c.x, c.x, prec);
  arb_mul(r.ball.x, a.x, b.x, prec);
  arb_mul(r.ball.x, r.ball.x, c.x, prec);
}

}  // namespace bc::expr::detail
