// Quantifiers of the expression language: all / any (three-valued, Kleene: all is false at the
// first false body, unknown if some body is unknown and none false) and min / max / sum / prod
// (exact while every value is exact), over a range lo..hi of exact integers or a list {a, b, ...}.
// A failing or undecided all/any reports its first witness binding ("at l = 57: ...").
// Cost: one evaluation of the body per value; at most 10^6 values per range and 5 x 10^6 steps
// per evaluation, and a projection from the measured cost refuses one that would exceed the time
// limit.
#include "core/limits.hpp"
#include "expr/detail.hpp"

#include <flint/fmpq.h>
#include <fmt/format.h>

#include <algorithm>

namespace bc::expr::detail {

namespace {

/// Refuses a quantifier whose measured cost per value, times the values left, exceeds the time
/// left: `sum(l in 0..999999: sphere.sign-coef(...))` is refused after its first values, with
/// the estimate, rather than stopped by the deadline after the whole budget is spent.
void project_cost(const Node& n, double started, size_t done, size_t total) {
  limits::poll("expression");
  const double spent = limits::elapsed() - started;
  if (done < 3 || spent < 0.25 || !limits::deadline_enabled()) return;
  const double left = limits::time_budget() - limits::elapsed();
  const double need = spent / static_cast<double>(done) * static_cast<double>(total - done);
  if (need > left)
    throw ResourceError(fmt::format(
        "expression, column {}: the quantifier over {} needs about {:.3g} s more for {} values ({:.2g} s "
        "each, measured on the first {}), beyond the {:.3g} s left of the time limit (raise --max-seconds)",
        n.pos, n.var, need, total - done, spent / static_cast<double>(done), done, std::max(left, 0.0)));
}

// r = r (op) v for min / max / sum / prod, exact while both are exact and small enough.
void accumulate(Value& r, const Value& v, const std::string& q, slong prec) {
  r.alg.reset();  // closed forms are not accumulated: the ball carries on
  const bool both = r.exact && v.exact;
  if (q == "min" || q == "max") {
    if (both) {
      const int c = fmpq_cmp(v.exact->x, r.exact->x);
      if ((q == "min" && c < 0) || (q == "max" && c > 0)) r.exact = v.exact;
    } else {
      r.exact.reset();
      if (q == "min")
        arb_min(r.ball.x, r.ball.x, v.ball.x, prec);
      else
        arb_max(r.ball.x, r.ball.x, v.ball.x, prec);
    }
  } else if (both && exact_bits(*r.exact) + exact_bits(*v.exact) <= kMaxExactBits) {
    if (q == "sum")
      fmpq_add(r.exact->x, r.exact->x, v.exact->x);
    else
      fmpq_mul(r.exact->x, r.exact->x, v.exact->x);
  } else {
    r.exact.reset();
    if (q == "sum")
      arb_add(r.ball.x, r.ball.x, v.ball.x, prec);
    else
      arb_mul(r.ball.x, r.ball.x, v.ball.x, prec);
  }
  finish_exact(r, prec);
}

}  // namespace

Value Evaluator::Range::at(size_t i, slong prec) const {
  if (is_list) return list[i];
  return number_value(Fmpq(lo + static_cast<slong>(i), 1), prec);
}

Evaluator::Range Evaluator::range_values(const Node& n, size_t first, Sink* sink) {
  Range items;
  if (n.list) {
    items.is_list = true;
    for (size_t i = first; i < n.args.size(); ++i) items.list.push_back(eval(*n.args[i], sink));
    return items;
  }
  Value lo = eval(*n.args[first], sink), hi = eval(*n.args[first + 1], sink);
  slong a = 0, b = 0;
  if (!exact_int(lo, a) || !exact_int(hi, b))
    throw UsageError(fmt::format("expression, column {}: a range lo..hi needs exact integers, got {}..{}",
                                 n.pos, show_value(lo), show_value(hi)));
  if (b >= a && static_cast<double>(b) - static_cast<double>(a) >= static_cast<double>(kMaxRange))
    throw ResourceError(fmt::format("expression, column {}: the range {}..{} has more than {} values", n.pos,
                                    a, b, kMaxRange));
  items.lo = a;
  items.hi = b;
  return items;
}

Value Evaluator::eval_at(const std::string& var, const Node& body, const Value& item, Sink& local) {
  Value bound;
  arb_set(bound.ball.x, item.ball.x);
  bound.exact = item.exact;
  bound.alg = item.alg;
  env_.emplace_back(var, bound);
  try {
    Value v = eval(body, &local);
    env_.pop_back();
    return v;
  } catch (...) {
    env_.pop_back();
    throw;
  }
}

Value Evaluator::quantifier(const Node& n, Sink* sink) {
  const std::string& q = n.name;
  const Range items = range_values(n, 1, sink);
  Value r;
  r.boolean = q == "all" || q == "any";
  if (r.boolean) r.truth = q == "all" ? Truth::yes : Truth::no;
  bool first = true;
  std::string unknown_witness;
  const double started = limits::elapsed();
  size_t done = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    const Value it = items.at(i, o_.prec);
    if (++steps_ > kMaxSteps)
      throw ResourceError(fmt::format("expression: more than {} quantifier steps", kMaxSteps));
    if (done > 0) project_cost(n, started, done, items.size());
    ++done;
    Sink local;
    const Value v = eval_at(n.var, *n.args[0], it, local);
    auto where = [&] {
      return fmt::format(
          "at {} = {}: {}", n.var, show_value(it),
          local.witness.empty() ? fmt::format("{}", fmt::join(local.shown, "; ")) : local.witness);
    };
    if (r.boolean) {
      const Truth stop = q == "all" ? Truth::no : Truth::yes;
      if (v.truth == stop) {
        r.truth = stop;
        if (sink != nullptr) sink->witness = where();
        return r;
      }
      if (v.truth == Truth::unknown && r.truth != Truth::unknown) {
        r.truth = Truth::unknown;
        unknown_witness = where();
      }
    } else if (first) {
      arb_set(r.ball.x, v.ball.x);
      r.exact = v.exact;
      r.alg = v.alg;
      first = false;
    } else {
      accumulate(r, v, q, o_.prec);
    }
  }
  if (r.boolean && r.truth == Truth::unknown && sink != nullptr) sink->witness = unknown_witness;
  if (r.boolean && r.truth != Truth::unknown && sink != nullptr && sink->shown.size() < 6)
    sink->shown.push_back(fmt::format("{}({} in {} values): {}", q, n.var, items.size(),
                                      q == "all" ? "every one true" : "none true"));
  if (!r.boolean && first) {  // an empty range
    if (q == "sum") return number_value(Fmpq(0, 1), o_.prec);
    if (q == "prod") return number_value(Fmpq(1, 1), o_.prec);
    throw DomainError(fmt::format("expression, column {}: {}() over an empty range", n.pos, q));
  }
  return r;
}

}  // namespace bc::expr::detail
