// A numeric expression's value to D correct digits (see tools/user/evaluate.hpp).
#include "user/evaluate.hpp"

#include "core/decimal.hpp"
#include "core/real_format.hpp"
#include "output/cell_value.hpp"

namespace bc::cli::user {

Number evaluate_number(const expr::Expr& e, const Bindings& bindings, long digits,
                       const verify::Quantities& q) {
  Number n;
  long rung_digits = digits + 10;
  for (int rung = 0; rung < 4; ++rung, rung_digits *= 2) {
    expr::EvalOptions o;
    o.resolve = q.resolve;
    o.digits = rung_digits;
    o.prec = bits_for_digits(rung_digits) + 32;
    o.bindings = bindings;
    expr::Report report;
    n.value = e.evaluate(o, &report);
    n.uncertified = report.grade.uncertified;
    if (n.value.exact || n.value.alg || n.uncertified || accurate_to_digits(n.value.ball.x, digits)) break;
  }
  return n;
}

out::Cell number_cell(const Number& n, const Context& ctx, const char* what) {
  const expr::Value& v = n.value;
  if (v.exact) {
    // an integer, or a short fraction, in full; a fraction of long terms (a ratio of certified
    // bounds) as a decimal that every digit of is right, keeping the exact value for its readers
    if (fmpz_is_one(fmpq_denref(v.exact->x)) ||
        fmpz_sizeinbase(fmpq_numref(v.exact->x), 10) + fmpz_sizeinbase(fmpq_denref(v.exact->x), 10) <= 24)
      return out::exact_cell(v.exact->x);
    Arb x;
    arb_set_exact(x.x, *v.exact, bits_for_digits(ctx.digits) + 32);
    out::Cell c = out::real_cell(x.x, ctx.digits, ctx.certified);
    out::keep_exact(c, v.exact->x);
    return c;
  }
  if (v.alg) {
    out::Cell c = out::Cell::of_exact(v.alg->str());
    out::keep_number(c, v.ball.x);
    return c;
  }
  if (n.uncertified) {
    if (!arb_is_finite(v.ball.x)) throw DomainError(std::string(what) + ": the value is not finite");
    return uncertified(arf_get_d(arb_midref(v.ball.x), ARF_RND_NEAR), ctx, what);
  }
  if (!arb_is_finite(v.ball.x)) throw DomainError(std::string(what) + ": the value is not finite");
  if (ctx.certified || accurate_to_digits(v.ball.x, ctx.digits))
    return out::real_cell(v.ball.x, ctx.digits, ctx.certified);
  return out::real_cell(format_ball(v.ball.x, ctx.digits, false), v.ball.x);
}

}  // namespace bc::cli::user
