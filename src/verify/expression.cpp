// Expression claims: `expr = "..."` in a catalogue entry (or `verify --expr`), evaluated in ball
// arithmetic with exact rationals where exact (expr/expr.hpp), swept over an optional
// [claim.grid], and retried up the precision ladder while the enclosures cannot decide it.
// Verdict: holds / fails only when the enclosures decide; otherwise undecided, with them shown.
// Cost: one evaluation per grid point and rung; each quantity costs one run of its command
// (the front end caches repeated calls).
#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "verify/catalogue.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace bc::verify {

std::vector<Rung> precision_ladder(long digits) {
  // working bits: 3.33 per digit plus guard bits (30 digits -> 128, 100 -> 384, as before)
  const auto bits = [](long d, slong guard) {
    return static_cast<slong>(std::ceil(3.3219280948873623 * d)) + guard;
  };
  const long second = std::max<long>(100, 3 * digits);
  return {{digits, digits == 30 ? 128 : bits(digits, 28)}, {second, second == 100 ? 384 : bits(second, 52)}};
}

std::string grade_text(const expr::Grade& g) {
  std::vector<std::string> parts;  // weakest first
  if (!g.asymptotic.empty()) parts.push_back(fmt::format("{}", fmt::join(g.asymptotic, "; ")));
  if (!g.tolerances.empty())
    parts.push_back(fmt::format("within tolerance ({})", fmt::join(g.tolerances, ", ")));
  if (g.truncation) parts.push_back("as truncation (not rounding)");
  if (g.rounding) parts.push_back("as rounding");
  if (g.bound) parts.push_back("certified bound");
  if (g.exact) parts.push_back("exact");
  if (parts.empty()) parts.emplace_back("holds");
  std::string s = fmt::format("{}", fmt::join(parts, "; "));
  if (g.uncertified) s += " (doubles: uncertified)";
  return s;
}

namespace {

struct Point {
  expr::Truth truth = expr::Truth::unknown;
  expr::Report report;
  size_t rung = 0;
};

Point eval_point(const expr::Expr& e, const std::vector<std::pair<std::string, Fmpq>>& bindings,
                 const Quantities* q, const std::vector<Rung>& ladder) {
  Point p;
  for (size_t k = 0; k < ladder.size(); ++k) {
    expr::EvalOptions o;
    if (q != nullptr) o.resolve = q->resolve;
    o.digits = ladder[k].digits;
    o.prec = ladder[k].prec;
    o.bindings = bindings;
    p.report = expr::Report{};
    p.rung = k;
    p.truth = e.evaluate(o, &p.report).truth;
    if (p.truth != expr::Truth::unknown) break;
  }
  return p;
}

std::string shown(const expr::Report& r) {
  if (!r.witness.empty()) return r.witness;
  return fmt::format("{}", fmt::join(r.shown, "; "));
}

Verdict verdict_of(expr::Truth t) {
  return t == expr::Truth::yes ? Verdict::holds : t == expr::Truth::no ? Verdict::fails : Verdict::undecided;
}

}  // namespace

Outcome run_expression(const Claim& c, const Quantities* q) {
  const expr::Expr e = expr::Expr::parse(c.expr);
  const auto ladder = precision_ladder(c.digits);
  Outcome o;
  if (c.grid.empty()) {
    Point p = eval_point(e, {}, q, ladder);
    o.verdict = verdict_of(p.truth);
    o.computed = shown(p.report);
    if (p.rung > 0 && p.truth != expr::Truth::unknown)
      o.computed += fmt::format(" (decided at {} digits; {} digits could not)", ladder[p.rung].digits,
                                ladder[0].digits);
    if (o.verdict == Verdict::holds) {
      o.grade = grade_text(p.report.grade);
    } else if (o.verdict == Verdict::fails) {
      o.grade = p.report.inconsistent.empty() ? "-" : p.report.inconsistent;
      o.detail = "the enclosures decide it false: " + shown(p.report);
    } else {
      o.grade = fmt::format("undecided at {} digits", ladder.back().digits);
      o.detail =
          fmt::format("the enclosures overlap at {} digits: {}", ladder.back().digits, shown(p.report));
    }
    return o;
  }
  // a grid: every combination of the values, first variable outermost
  std::vector<std::vector<Fmpq>> values;
  for (const auto& [name, vals] : c.grid) {
    std::vector<Fmpq> v;
    for (const auto& s : vals) {
      auto x = parse_exact_rational(s);
      if (!x)
        throw DomainError(fmt::format("claim {}: grid.{}: \"{}\" is not an exact number", c.id, name, s));
      v.push_back(*x);
    }
    values.push_back(std::move(v));
  }
  size_t total = 1;
  for (const auto& v : values) total *= v.size();
  if (total > 100000)
    throw ResourceError(fmt::format("claim {}: the grid has {} points (at most 100000)", c.id, total));
  size_t holds = 0, fails = 0, undecided = 0;
  // per variable and value: points where it holds / points
  std::vector<std::vector<std::pair<size_t, size_t>>> by_value;
  for (const auto& v : values) by_value.emplace_back(v.size(), std::make_pair(size_t{0}, size_t{0}));
  std::vector<std::string> failing, open;
  std::string inconsistent;  // the first asymptotic claim found inconsistent
  expr::Grade grade;
  for (size_t k = 0; k < total; ++k) {
    std::vector<std::pair<std::string, Fmpq>> b;
    std::vector<size_t> idx(values.size());
    size_t r = k;
    for (size_t j = values.size(); j-- > 0;) {
      idx[j] = r % values[j].size();
      r /= values[j].size();
    }
    std::vector<std::string> at;
    for (size_t j = 0; j < values.size(); ++j) {
      b.emplace_back(c.grid[j].first, values[j][idx[j]]);
      at.push_back(fmt::format("{}={}", c.grid[j].first, c.grid[j].second[idx[j]]));
    }
    Point p = eval_point(e, b, q, ladder);
    const std::string where = fmt::format("{}", fmt::join(at, " "));
    for (size_t j = 0; j < values.size(); ++j) {
      by_value[j][idx[j]].second++;
      if (p.truth == expr::Truth::yes) by_value[j][idx[j]].first++;
    }
    if (p.truth == expr::Truth::yes) {
      ++holds;
      grade.merge(p.report.grade);
    } else if (p.truth == expr::Truth::no) {
      ++fails;
      if (inconsistent.empty() && !p.report.inconsistent.empty())
        inconsistent = fmt::format("{} at {}", p.report.inconsistent, where);
      if (failing.size() < 3) failing.push_back(fmt::format("{} ({})", where, shown(p.report)));
    } else {
      ++undecided;
      if (open.size() < 3) open.push_back(fmt::format("{} ({})", where, shown(p.report)));
    }
  }
  std::vector<std::string> breakdown;
  for (size_t j = 0; j < values.size(); ++j) {
    std::vector<std::string> parts;
    for (size_t i = 0; i < values[j].size(); ++i)
      parts.push_back(fmt::format("{}={}: {}/{}", c.grid[j].first, c.grid[j].second[i], by_value[j][i].first,
                                  by_value[j][i].second));
    breakdown.push_back(fmt::format("{}", fmt::join(parts, ", ")));
  }
  o.computed =
      fmt::format("holds at {} of {} grid points{}{} [{}]", holds, total,
                  fails ? fmt::format(", fails at {}", fails) : "",
                  undecided ? fmt::format(", undecided at {}", undecided) : "", fmt::join(breakdown, "; "));
  if (undecided) {
    o.verdict = Verdict::undecided;
    o.grade = fmt::format("undecided at {} of {} points", undecided, total);
    o.detail = fmt::format("undecided at {}", fmt::join(open, "; "));
  } else if (fails) {
    o.verdict = Verdict::fails;
    o.grade = holds ? fmt::format("only in a regime: {} of {} grid points", holds, total) : "-";
    if (!inconsistent.empty()) o.grade = (holds ? o.grade + "; " : std::string()) + inconsistent;
    o.detail = fmt::format("fails at {}", fmt::join(failing, "; "));
  } else {
    o.verdict = Verdict::holds;
    o.grade = fmt::format("{}, at all {} grid points", grade_text(grade), total);
  }
  return o;
}

}  // namespace bc::verify
