// Comparisons of the expression language, three-valued: true or false only when the enclosures
// (or the exact values) decide it, else unknown. `<`, `<=`, `>`, `>=`, `==`, `!=` and `~=`, whose
// rules read a decimal literal's printed digits as rounded ([round], the default: |a - b| <= half
// a unit in b's last digit, a closed interval) or truncated toward zero ([truncate]: [b, b + ulp)
// for b >= 0), or state a tolerance ([rel=X]: |a - b| <= X |b|; [abs=X]: |a - b| <= X).
// Each decided comparison adds its grade (exact, bound, rounding, ...) to the report.
// Cost: a few Arb or FLINT rational operations per comparison.
#include "expr/detail.hpp"

#include <flint/fmpq.h>
#include <fmt/format.h>

#include <cstdlib>

namespace bc::expr::detail {

Truth Evaluator::cmp_truth(const std::string& op, const Value& a, const Value& b, bool& exact) {
  exact = a.exact && b.exact;
  if (exact) {
    const int c = fmpq_cmp(a.exact->x, b.exact->x);
    if (op == "<") return from_bool(c < 0);
    if (op == "<=") return from_bool(c <= 0);
    if (op == ">") return from_bool(c > 0);
    if (op == ">=") return from_bool(c >= 0);
    if (op == "==") return from_bool(c == 0);
    return from_bool(c != 0);
  }
  if (a.alg || b.alg) {  // closed forms a sqrt(r) pi^k
    const auto x = alg_of(a), y = alg_of(b);
    if (x && y) {
      if (const auto t = alg_cmp(op, *x, *y)) {
        exact = true;
        return *t;
      }
    }
  }
  const arb_struct* x = a.ball.x;
  const arb_struct* y = b.ball.x;
  auto tri = [](int yes, int no) { return yes ? Truth::yes : no ? Truth::no : Truth::unknown; };
  if (op == "<") return tri(arb_lt(x, y), arb_ge(x, y));
  if (op == "<=") return tri(arb_le(x, y), arb_gt(x, y));
  if (op == ">") return tri(arb_gt(x, y), arb_le(x, y));
  if (op == ">=") return tri(arb_ge(x, y), arb_lt(x, y));
  if (op == "==") return tri(arb_eq(x, y), arb_ne(x, y));
  return tri(arb_ne(x, y), arb_eq(x, y));
}

Truth Evaluator::within(const Value& a, const Value& b, const Value& t, slong prec) {
  if (a.exact && b.exact && t.exact) {
    Fmpq d;
    fmpq_sub(d.x, a.exact->x, b.exact->x);
    fmpq_abs(d.x, d.x);
    return from_bool(fmpq_cmp(d.x, t.exact->x) <= 0);
  }
  Arb d;
  arb_sub(d.x, a.ball.x, b.ball.x, prec);
  arb_abs(d.x, d.x);
  return arb_le(d.x, t.ball.x) ? Truth::yes : arb_gt(d.x, t.ball.x) ? Truth::no : Truth::unknown;
}

namespace {

// One unit in the last printed digit of a decimal literal as written ("3.14" -> 1/100).
Fmpq last_digit_unit(const std::string& s) {
  const auto e = s.find_first_of("eE");
  const std::string mant = s.substr(0, e);
  const auto dot = mant.find('.');
  long scale = dot == std::string::npos ? 0 : -static_cast<long>(mant.size() - dot - 1);
  if (e != std::string::npos) scale += std::stol(s.substr(e + 1));
  Fmpq ulp(1, 1);
  Fmpz ten(10);
  Fmpz pw;
  fmpz_pow_ui(pw.x, ten.x, static_cast<ulong>(std::labs(scale)));
  if (scale >= 0)
    fmpq_set_fmpz_frac(ulp.x, pw.x, Fmpz(1).x);
  else
    fmpq_set_fmpz_frac(ulp.x, Fmpz(1).x, pw.x);
  return ulp;
}

// The integer k as a decimal with `decimals` digits after the point ("-1234", 2 -> "-12.34").
std::string fixed_point(const Fmpz& k, long decimals) {
  char* c = fmpz_get_str(nullptr, 10, k.x);
  std::string digits(c);
  flint_free(c);
  const bool neg = !digits.empty() && digits[0] == '-';
  if (neg) digits.erase(0, 1);
  if (decimals > 0) {
    if (static_cast<long>(digits.size()) <= decimals)
      digits.insert(0, static_cast<size_t>(decimals) - digits.size() + 1, '0');
    const size_t point = digits.size() - static_cast<size_t>(decimals);
    digits = digits.substr(0, point) + "." + digits.substr(point);
  }
  return (neg ? "-" : "") + digits;
}

// A nonnegative ball as a number with `sig` significant digits (its midpoint: for display).
std::string magnitude(const arb_t x, int sig = 2) {
  return fmt::format("{:.{}g}", arf_get_d(arb_midref(x), ARF_RND_NEAR), sig);
}

}  // namespace

// Why a printed-digit ~= failed: the value correctly rounded at the literal's last digit (the
// same notation as the literal) and the miss |a - b|, absolute and in units of that digit.
std::string rounding_miss(const Value& a, const Node& lit, bool negative, slong prec) {
  const std::string& s = lit.text;
  const auto e = s.find_first_of("eE");
  const std::string mant = s.substr(0, e);
  const auto dot = mant.find('.');
  const long mant_decimals = dot == std::string::npos ? 0 : static_cast<long>(mant.size() - dot - 1);
  const Fmpq ulp = last_digit_unit(s);
  Arb x, u, half;
  arb_set_fmpq(u.x, ulp.x, prec);
  arb_div(x.x, a.ball.x, u.x, prec);  // a in units of the last digit
  arb_set_d(half.x, 0.5);
  arb_add(x.x, x.x, half.x, prec);
  arb_floor(x.x, x.x, prec);
  Fmpz k;
  std::string rounded;
  if (arb_get_unique_fmpz(k.x, x.x))
    rounded = fixed_point(k, mant_decimals) + (e == std::string::npos ? "" : s.substr(e));
  Arb miss, b, units;
  arb_set_fmpq(b.x, lit.value.x, prec);
  if (negative) arb_neg(b.x, b.x);
  arb_sub(miss.x, a.ball.x, b.x, prec);
  arb_abs(miss.x, miss.x);
  arb_div(units.x, miss.x, u.x, prec);
  return fmt::format("{}; miss |computed - published| = {} ({} units in the last published digit)",
                     rounded.empty() ? "the enclosure straddles a rounding boundary at the published digits"
                                     : "correctly rounded at the published digits: " + rounded,
                     magnitude(miss.x), magnitude(units.x));
}

// Why a ~= [rel=...] or [abs=...] failed: the miss |a - b|, and for rel its ratio to |b| (the
// printed-digit explanation above does not apply to a stated tolerance).
static std::string tolerance_miss(const Value& a, const Value& b, const std::string& rule, slong prec) {
  Arb miss, rel;
  arb_sub(miss.x, a.ball.x, b.ball.x, prec);
  arb_abs(miss.x, miss.x);
  if (rule != "rel") return fmt::format("miss |computed - published| = {}", magnitude(miss.x, 3));
  arb_abs(rel.x, b.ball.x);
  arb_div(rel.x, miss.x, rel.x, prec);
  return fmt::format("miss |computed - published| = {}, {} of |published|", magnitude(miss.x, 3),
                     magnitude(rel.x, 3));
}

Truth Evaluator::printed_rule(bool truncate, const Value& a, const Node& lit, bool negative, slong prec) {
  const Fmpq ulp = last_digit_unit(lit.text);
  Fmpq p = lit.value;
  if (negative) fmpq_neg(p.x, p.x);
  Fmpq lo, hi;  // the interval of values the digits stand for
  if (!truncate) {
    Fmpq half;
    fmpq_div_2exp(half.x, ulp.x, 1);
    fmpq_sub(lo.x, p.x, half.x);
    fmpq_add(hi.x, p.x, half.x);
  } else if (!negative) {
    lo = p;
    fmpq_add(hi.x, p.x, ulp.x);
  } else {
    fmpq_sub(lo.x, p.x, ulp.x);
    hi = p;
  }
  // rounding: closed [lo, hi]; truncation: [p, p + ulp) or (p - ulp, p]
  const bool lo_open = truncate && negative, hi_open = truncate && !negative;
  if (a.exact) {
    const int cl = fmpq_cmp(a.exact->x, lo.x), ch = fmpq_cmp(a.exact->x, hi.x);
    return from_bool((lo_open ? cl > 0 : cl >= 0) && (hi_open ? ch < 0 : ch <= 0));
  }
  Arb l, h;
  arb_set_exact(l.x, lo, prec);
  arb_set_exact(h.x, hi, prec);
  const bool in = (lo_open ? arb_gt(a.ball.x, l.x) : arb_ge(a.ball.x, l.x)) &&
                  (hi_open ? arb_lt(a.ball.x, h.x) : arb_le(a.ball.x, h.x));
  const bool out = (lo_open ? arb_le(a.ball.x, l.x) : arb_lt(a.ball.x, l.x)) ||
                   (hi_open ? arb_ge(a.ball.x, h.x) : arb_gt(a.ball.x, h.x));
  return in ? Truth::yes : out ? Truth::no : Truth::unknown;
}

// a ~= b under the node's rule; sets the grade it holds with.
Truth Evaluator::approx(const Node& n, const Value& a, const Value& b, Sink* sink, Grade& g) {
  const slong prec = o_.prec;
  const Node& rhs = *n.args[1];
  const Node* lit = rhs.kind == Node::Kind::number ? &rhs
                    : rhs.kind == Node::Kind::neg  ? rhs.args[0].get()
                                                   : nullptr;
  if (lit != nullptr && lit->kind != Node::Kind::number) lit = nullptr;
  const bool negative = rhs.kind == Node::Kind::neg;
  bool exact = false;
  const Truth eq = cmp_truth("==", a, b, exact);
  const Truth rounds = lit ? printed_rule(false, a, *lit, negative, prec) : Truth::unknown;
  Truth t = Truth::unknown;
  if (n.name == "round") {
    t = rounds;
  } else if (n.name == "truncate") {
    t = printed_rule(true, a, *lit, negative, prec);
  } else {
    Value tol = eval(*n.args[2], sink);
    // a tolerance is a size: [rel=-1] would make every claim false, not state one
    if ((tol.exact && fmpq_sgn(tol.exact->x) < 0) || arb_is_negative(tol.ball.x))
      throw UsageError(fmt::format("expression, column {}: the tolerance [{}=...] must be >= 0, got {}",
                                   n.pos, n.name, show_value(tol)));
    if (n.name == "rel") {
      Value s;
      arb_abs(s.ball.x, b.ball.x);
      arb_mul(s.ball.x, s.ball.x, tol.ball.x, prec);
      if (b.exact && tol.exact) {
        s.exact = *b.exact;
        fmpq_abs(s.exact->x, s.exact->x);
        fmpq_mul(s.exact->x, s.exact->x, tol.exact->x);
      }
      t = within(a, b, s, prec);
    } else {
      t = within(a, b, tol, prec);
    }
  }
  if (t == Truth::yes) {
    if (eq == Truth::yes)
      g.exact = true;
    else if (rounds == Truth::yes)
      g.rounding = true;
    else if (n.name == "truncate")
      g.truncation = true;
    else
      g.tolerances.push_back(fmt::format("{}={}", n.name, n.text));
  }
  return t;
}

Value Evaluator::compare(const Node& n, Sink* sink) {
  Value a = eval(*n.args[0], sink), b = eval(*n.args[1], sink);
  Value r;
  r.boolean = true;
  Grade g;
  std::string op = n.name;
  if (n.kind == Node::Kind::cmp) {
    bool exact = false;
    r.truth = cmp_truth(n.name, a, b, exact);
    if (r.truth != Truth::unknown) {
      if (n.name == "==" || n.name == "!=")
        g.exact = exact;
      else if (exact)
        g.exact = true;  // an inequality between exact numbers is decided exactly
      else
        g.bound = true;
    }
  } else {
    op = "~=";
    r.truth = approx(n, a, b, sink, g);
  }
  if (report_ != nullptr && r.truth == Truth::yes) report_->grade.merge(g);
  if (sink != nullptr && sink->shown.size() < 6) {
    const std::string rule = n.kind == Node::Kind::approx ? (n.name == "rel" || n.name == "abs"
                                                                 ? fmt::format(" [{}={}]", n.name, n.text)
                                                                 : fmt::format(" [{}]", n.name))
                                                          : "";
    auto as_written = [](const Node& x, const Value& v) {
      if (x.kind == Node::Kind::number) return x.text;
      if (x.kind == Node::Kind::neg && x.args[0]->kind == Node::Kind::number) return "-" + x.args[0]->text;
      return show_value(v);
    };
    std::string why;  // a failing ~= against a literal: the correctly rounded value and the miss
    const Node& rhs = *n.args[1];
    const bool negative = rhs.kind == Node::Kind::neg;
    const Node& lit = negative ? *rhs.args[0] : rhs;
    if (n.kind == Node::Kind::approx && r.truth == Truth::no && (n.name == "rel" || n.name == "abs"))
      why = " (" + tolerance_miss(a, b, n.name, o_.prec) + ")";
    else if (n.kind == Node::Kind::approx && r.truth == Truth::no && lit.kind == Node::Kind::number)
      why = " (" + rounding_miss(a, lit, negative, o_.prec) + ")";
    sink->shown.push_back(fmt::format("{} {} {}{}: {}{}", as_written(*n.args[0], a), op,
                                      as_written(*n.args[1], b), rule,
                                      r.truth == Truth::yes  ? "true"
                                      : r.truth == Truth::no ? "false"
                                                             : "undecided",
                                      why));
  }
  return r;
}

}  // namespace bc::expr::detail
