// The evaluation stage of the expression language: a tree walk in Arb ball arithmetic that
// carries the exact rational alongside while every input is exact (so 3/10 * 10 == 3 is decided,
// and huge exact integers compare exactly). This file: values, variables, arithmetic, powers and
// Kleene's three-valued logic; functions, comparisons, quantifiers and quantities have their own.
// Cost: one Arb (or FLINT rational) operation per node; exact values are dropped past 2^20 bits.
#include "expr/detail.hpp"

#include <arb_hypgeom.h>
#include <flint/fmpq.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace bc::expr::detail {

slong exact_bits(const Fmpq& q) { return fmpz_bits(fmpq_numref(q.x)) + fmpz_bits(fmpq_denref(q.x)); }

Value number_value(const Fmpq& q, slong prec) {
  Value v;
  v.exact = q;
  arb_set_exact(v.ball.x, q, prec);
  return v;
}

void finish_exact(Value& v, slong prec) {
  if (!v.exact) return;
  if (exact_bits(*v.exact) > kMaxExactBits) {
    v.exact.reset();
    return;
  }
  arb_set_exact(v.ball.x, *v.exact, prec);
}

bool exact_int(const Value& v, slong& out) {
  if (!v.exact || !fmpz_is_one(fmpq_denref(v.exact->x)) || !fmpz_fits_si(fmpq_numref(v.exact->x)))
    return false;
  out = fmpz_get_si(fmpq_numref(v.exact->x));
  return true;
}

std::string show_value(const Value& v) {
  if (v.boolean) return v.truth == Truth::yes ? "true" : v.truth == Truth::no ? "false" : "unknown";
  if (v.alg) {
    std::string s = v.alg->str();
    if (s.size() <= 60) return s;
  }
  if (v.exact) {
    std::string s = v.exact->str();
    if (s.size() <= 40) return s;
    char* c = arb_get_str(v.ball.x, 12, ARB_STR_NO_RADIUS);
    s = fmt::format("{} (exact, {} digits)", c, s.size());
    flint_free(c);
    return s;
  }
  return show_enclosure(v.ball.x);
}

std::string show_enclosure(const arb_t x) {
  if (!arb_is_finite(x) || arb_is_exact(x)) return show_ball(x);
  const double acc = static_cast<double>(arb_rel_accuracy_bits(x)) * 0.30102999566398120;
  if (acc + 1 <= 60) return show_ball(x, std::clamp(static_cast<long>(acc) + 1, 12L, 60L));
  // Narrower than 60 digits show: the midpoint cut at 60 digits and the ball's own radius, once
  // (a "[m +/- r]" here would carry the cut's radius, 1e-60, beside the true one).
  char* m = arb_get_str(x, 60, ARB_STR_NO_RADIUS);
  Arb r;
  arf_set_mag(arb_midref(r.x), arb_radref(x));
  char* rs = arb_get_str(r.x, 2, ARB_STR_NO_RADIUS);
  std::string s = fmt::format("{} (60 digits shown; radius {})", m, rs);
  flint_free(m);
  flint_free(rs);
  return s;
}

Value Evaluator::eval(const Node& n, Sink* sink) {
  using K = Node::Kind;
  switch (n.kind) {
    case K::number:
      return number_value(n.value, o_.prec);
    case K::boolean: {
      Value v;
      v.boolean = true;
      v.truth = from_bool(n.truth);
      return v;
    }
    case K::constant_pi: {
      Value v;
      (void)set_alg(v, Algebraic{Fmpq(1, 1), Fmpq(1, 1), 1}, o_.prec);
      return v;
    }
    case K::variable:
      return variable(n);
    case K::neg: {
      Value v = eval(*n.args[0], sink);
      arb_neg(v.ball.x, v.ball.x);
      if (v.exact) fmpq_neg(v.exact->x, v.exact->x);
      if (v.alg) fmpq_neg(v.alg->coef.x, v.alg->coef.x);
      return v;
    }
    case K::add:
    case K::sub:
    case K::mul:
    case K::div:
      return arith(n, sink);
    case K::pow:
      return power(n, sink);
    case K::call:
      return call(n, sink);
    case K::cmp:
    case K::approx:
      return compare(n, sink);
    case K::logic_and:
    case K::logic_or:
    case K::logic_not:
      return logic(n, sink);
    case K::quant:
      return quantifier(n, sink);
    case K::quantity:
      return quantity(n, sink);
    case K::asym:
      return asymptotic(n, sink);
  }
  throw std::logic_error("expr: unknown node");
}

Value Evaluator::logic(const Node& n, Sink* sink) {
  Value a = eval(*n.args[0], sink);
  if (n.kind == Node::Kind::logic_not) {
    a.truth = t_not(a.truth);
    return a;
  }
  const bool is_and = n.kind == Node::Kind::logic_and;
  // short circuit: false and _ = false, true or _ = true
  if (a.truth == (is_and ? Truth::no : Truth::yes)) return a;
  Value b = eval(*n.args[1], sink);
  if (b.truth == (is_and ? Truth::no : Truth::yes)) return b;
  Value r;
  r.boolean = true;
  r.truth = a.truth == Truth::unknown || b.truth == Truth::unknown ? Truth::unknown : a.truth;
  return r;
}

Value Evaluator::variable(const Node& n) {
  for (auto it = env_.rbegin(); it != env_.rend(); ++it)
    if (it->first == n.name) {
      Value v;
      arb_set(v.ball.x, it->second.ball.x);
      v.exact = it->second.exact;
      v.alg = it->second.alg;
      return v;
    }
  for (const auto& [name, q] : o_.bindings)
    if (name == n.name) return number_value(q, o_.prec);
  if (o_.value_lookup) {
    Quantity q;
    o_.value_lookup(q, n.name, o_.prec);
    Value v;
    arb_set(v.ball.x, q.ball.x);
    v.exact = std::move(q.exact);
    if (v.exact) finish_exact(v, o_.prec);
    return v;
  }
  if (!o_.lookup) throw UsageError(fmt::format("expression, column {}: unknown name \"{}\"", n.pos, n.name));
  Value v;
  o_.lookup(v.ball.x, n.name, o_.prec);
  return v;
}

Value Evaluator::arith(const Node& n, Sink* sink) {
  using K = Node::Kind;
  Value a = eval(*n.args[0], sink), b = eval(*n.args[1], sink);
  Value r;
  const slong prec = o_.prec;
  if (n.kind == K::div && ((b.exact && fmpq_is_zero(b.exact->x)) || arb_is_zero(b.ball.x)))
    throw Undefined(fmt::format("expression, column {}: division by zero", n.pos));
  if (a.exact && b.exact && exact_bits(*a.exact) + exact_bits(*b.exact) <= kMaxExactBits) {
    r.exact = Fmpq();
    if (n.kind == K::add)
      fmpq_add(r.exact->x, a.exact->x, b.exact->x);
    else if (n.kind == K::sub)
      fmpq_sub(r.exact->x, a.exact->x, b.exact->x);
    else if (n.kind == K::mul)
      fmpq_mul(r.exact->x, a.exact->x, b.exact->x);
    else
      fmpq_div(r.exact->x, a.exact->x, b.exact->x);
    finish_exact(r, prec);
    if (r.exact) return r;
  }
  if (closed_arith(r, n.kind, a, b)) return r;
  if (n.kind == K::add)
    arb_add(r.ball.x, a.ball.x, b.ball.x, prec);
  else if (n.kind == K::sub)
    arb_sub(r.ball.x, a.ball.x, b.ball.x, prec);
  else if (n.kind == K::mul)
    arb_mul(r.ball.x, a.ball.x, b.ball.x, prec);
  else
    arb_div(r.ball.x, a.ball.x, b.ball.x, prec);
  return r;
}

// r = a (op) b in closed forms, when both are closed forms and one is not rational.
bool Evaluator::closed_arith(Value& r, Node::Kind k, const Value& a, const Value& b) const {
  if (!(a.alg || b.alg)) return false;
  const auto x = alg_of(a), y = alg_of(b);
  if (!x || !y) return false;
  std::optional<Algebraic> z;
  if (k == Node::Kind::mul || k == Node::Kind::div)
    z = alg_mul(*x, *y, k == Node::Kind::div);
  else
    z = alg_add(*x, *y, k == Node::Kind::sub);
  Value v;
  if (!z || !set_alg(v, *z, o_.prec)) return false;
  r = std::move(v);
  return true;
}

Value Evaluator::power(const Node& n, Sink* sink) {
  Value a = eval(*n.args[0], sink), b = eval(*n.args[1], sink);
  Value r;
  const slong prec = o_.prec;
  slong e = 0;
  if (exact_int(b, e)) {
    const bool zero_base = (a.exact && fmpq_is_zero(a.exact->x)) || arb_is_zero(a.ball.x);
    if (e < 0 && zero_base)
      throw Undefined(fmt::format("expression, column {}: 0 to a negative power", n.pos));
    if (a.alg) {  // (a sqrt(r) pi^k)^e, a closed form again
      const auto z = alg_pow(*a.alg, e);
      if (z && set_alg(r, *z, prec)) return r;
    }
    if (a.exact && static_cast<double>(exact_bits(*a.exact)) * std::fabs(static_cast<double>(e)) <
                       static_cast<double>(kMaxExactBits)) {
      r.exact = Fmpq();
      fmpq_pow_si(r.exact->x, a.exact->x, e);
      finish_exact(r, prec);
      return r;
    }
    arb_pow_fmpz(r.ball.x, a.ball.x, Fmpz(e).x, prec);
    return r;
  }
  if (b.exact && fmpz_is_one(fmpq_denref(b.exact->x))) {  // a huge exact integer exponent
    arb_pow_fmpz(r.ball.x, a.ball.x, fmpq_numref(b.exact->x), prec);
    return r;
  }
  arb_pow(r.ball.x, a.ball.x, b.ball.x, prec);
  return r;
}

}  // namespace bc::expr::detail
