// Exact closed forms a sqrt(r) pi^k (a, r rational, r > 0, k an integer) in the expression
// language: products, quotients, integer powers, sqrt of a rational, and sums of like terms stay
// exact; equality is decided exactly (a sqrt(r) pi^k = b sqrt(s) pi^j, a, b != 0, iff k = j,
// sgn a = sgn b and a^2 r = b^2 s: pi is transcendental), and so is order between terms with the
// same power of pi. This is what `sphere sign-coef --exact` prints, so `sign-coef(d=3, l=1) ==
// sqrt(3)/2` is decided exact instead of by overlapping balls.
// Cost: a few FLINT rational operations per node; forms past 2^20 bits are kept as balls only.
#include "core/closed_form.hpp"
#include "expr/detail.hpp"

#include <flint/fmpq.h>

#include <cmath>
#include <cstdlib>

namespace bc::expr {

std::string Algebraic::str() const {
  // sqrt(n/m) = sqrt(n m) / m; closed_form_text_sqrt moves the square part of n m out
  Fmpz radicand;
  fmpz_mul(radicand.x, fmpq_numref(rad.x), fmpq_denref(rad.x));
  Fmpq c;
  fmpq_div_fmpz(c.x, coef.x, fmpq_denref(rad.x));
  return closed_form_text_sqrt(c.x, radicand.x, pi_power);
}

namespace detail {

std::optional<Algebraic> alg_of(const Value& v) {
  if (v.alg) return v.alg;
  if (!v.exact) return std::nullopt;
  Algebraic a;
  a.coef = *v.exact;
  return a;
}

bool set_alg(Value& v, Algebraic a, slong prec) {
  v.exact.reset();
  v.alg.reset();
  if (fmpq_sgn(a.rad.x) <= 0) return false;
  if (exact_bits(a.coef) + exact_bits(a.rad) > kMaxExactBits) return false;
  if (fmpz_is_square(fmpq_numref(a.rad.x)) && fmpz_is_square(fmpq_denref(a.rad.x))) {  // fold the root in
    Fmpq root;
    fmpz_sqrt(fmpq_numref(root.x), fmpq_numref(a.rad.x));
    fmpz_sqrt(fmpq_denref(root.x), fmpq_denref(a.rad.x));
    fmpq_mul(a.coef.x, a.coef.x, root.x);
    fmpq_one(a.rad.x);
  }
  if (fmpq_is_zero(a.coef.x)) {
    fmpq_one(a.rad.x);
    a.pi_power = 0;
  }
  if (fmpq_is_one(a.rad.x) && a.pi_power == 0) {
    v.exact = a.coef;
    finish_exact(v, prec);
    return v.exact.has_value();
  }
  Arb s, p;
  arb_set_fmpq(s.x, a.rad.x, prec);
  arb_sqrt(s.x, s.x, prec);
  arb_mul_fmpz(s.x, s.x, fmpq_numref(a.coef.x), prec);
  arb_div_fmpz(s.x, s.x, fmpq_denref(a.coef.x), prec);
  arb_const_pi(p.x, prec);
  arb_pow_fmpz(p.x, p.x, Fmpz(a.pi_power).x, prec);
  arb_mul(v.ball.x, s.x, p.x, prec);
  v.alg = std::move(a);
  return true;
}

Algebraic alg_mul(const Algebraic& a, const Algebraic& b, bool divide) {
  Algebraic r;
  if (divide) {
    fmpq_div(r.coef.x, a.coef.x, b.coef.x);
    fmpq_div(r.rad.x, a.rad.x, b.rad.x);
    r.pi_power = a.pi_power - b.pi_power;
  } else {
    fmpq_mul(r.coef.x, a.coef.x, b.coef.x);
    fmpq_mul(r.rad.x, a.rad.x, b.rad.x);
    r.pi_power = a.pi_power + b.pi_power;
  }
  return r;
}

std::optional<Algebraic> alg_add(const Algebraic& a, const Algebraic& b, bool subtract) {
  Fmpq bc = b.coef;
  if (subtract) fmpq_neg(bc.x, bc.x);
  if (fmpq_is_zero(a.coef.x)) return Algebraic{bc, b.rad, b.pi_power};
  if (fmpq_is_zero(bc.x)) return a;
  if (a.pi_power != b.pi_power) return std::nullopt;
  // b sqrt(s) = (b sqrt(s/r)) sqrt(r) when s/r is a rational square
  Fmpq ratio;
  fmpq_div(ratio.x, b.rad.x, a.rad.x);
  if (!fmpz_is_square(fmpq_numref(ratio.x)) || !fmpz_is_square(fmpq_denref(ratio.x))) return std::nullopt;
  Fmpq root;
  fmpz_sqrt(fmpq_numref(root.x), fmpq_numref(ratio.x));
  fmpz_sqrt(fmpq_denref(root.x), fmpq_denref(ratio.x));
  Algebraic r = a;
  fmpq_mul(root.x, root.x, bc.x);
  fmpq_add(r.coef.x, r.coef.x, root.x);
  return r;
}

std::optional<Algebraic> alg_pow(const Algebraic& a, slong e) {
  if (e == 0) return Algebraic{Fmpq(1, 1), Fmpq(1, 1), 0};
  if (static_cast<double>(exact_bits(a.coef) + exact_bits(a.rad)) * std::labs(e) >
      static_cast<double>(kMaxExactBits))
    return std::nullopt;
  if (fmpq_is_zero(a.coef.x) && e < 0) return std::nullopt;
  // pi^(k e) stays a machine integer ((pi^262144)^262144)^262144 would overflow it)
  if (std::fabs(static_cast<double>(a.pi_power) * static_cast<double>(e)) > 1e15) return std::nullopt;
  Algebraic r;
  fmpq_pow_si(r.coef.x, a.coef.x, e);
  fmpq_pow_si(r.rad.x, a.rad.x, e);  // sqrt(r)^e = sqrt(r^e)
  r.pi_power = a.pi_power * e;
  return r;
}

std::optional<Truth> alg_cmp(const std::string& op, const Algebraic& a, const Algebraic& b) {
  const int sa = fmpq_sgn(a.coef.x), sb = fmpq_sgn(b.coef.x);
  int c = 0;  // sign of a - b, when decidable
  if (sa != sb) {
    c = sa > sb ? 1 : -1;
  } else if (sa == 0) {
    c = 0;
  } else if (a.pi_power != b.pi_power) {
    if (op == "==" || op == "!=") return from_bool(op == "!=");  // pi is transcendental
    return std::nullopt;  // the order needs the value of pi: the balls decide it
  } else {
    Fmpq x, y;  // compare a^2 r with b^2 s; for negative a, b the order reverses
    fmpq_mul(x.x, a.coef.x, a.coef.x);
    fmpq_mul(x.x, x.x, a.rad.x);
    fmpq_mul(y.x, b.coef.x, b.coef.x);
    fmpq_mul(y.x, y.x, b.rad.x);
    c = fmpq_cmp(x.x, y.x) * sa;
    c = c > 0 ? 1 : c < 0 ? -1 : 0;
  }
  if (op == "<") return from_bool(c < 0);
  if (op == "<=") return from_bool(c <= 0);
  if (op == ">") return from_bool(c > 0);
  if (op == ">=") return from_bool(c >= 0);
  if (op == "==") return from_bool(c == 0);
  return from_bool(c != 0);
}

}  // namespace detail

std::optional<Value> closed_form(std::string_view text, slong prec) {
  try {
    const Expr e = Expr::parse(text);
    if (!e.variables().empty() || !e.quantities().empty() || e.boolean()) return std::nullopt;
    EvalOptions o;
    o.prec = prec;
    Value v = e.evaluate(o);
    if (!v.exact && !v.alg) return std::nullopt;
    return v;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace bc::expr
