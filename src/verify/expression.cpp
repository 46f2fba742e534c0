// Expression claims: `expr = "..."` in a catalogue entry (or `verify --expr`), evaluated in ball
// arithmetic with exact rationals where exact (expr/expr.hpp), swept over an optional
// [claim.grid], and retried up the precision ladder while the enclosures cannot decide it.
// Verdict: holds / fails only when the enclosures decide; otherwise undecided, with them shown.
// An asymptotic expression (expr::Expr::asymptotic) is graded, not decided: its texts say
// consistent / inconsistent / undecided (extend the grid), never "false" or "does not hold".
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
  // a bound decided on double-precision estimates is an estimate, not a certified bound
  if (g.bound) parts.push_back(g.uncertified ? "estimate" : "certified bound");
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

// The words an outcome's texts use: what a plain claim's enclosures decide, or what an asymptotic
// claim's grid shows.
struct Words {
  const char *holds, *fails, *undecided;
};
Words words(bool asymptotic) {
  if (asymptotic) return {"consistent", "inconsistent", "undecided"};
  return {"holds", "fails", "undecided"};
}

// "like d^2.99 against (d/r)^(1/eps) like d^3.33 (d = 32..2048 at r=1)": how the two sides of the
// first inconsistent asymptotic claim grow (Outcome::growth).
std::string growth_text(const expr::Report& r, const std::string& where) {
  if (!r.growth) return {};
  const auto& g = *r.growth;
  return fmt::format("like {}^{:.3g} against {} like {}^{:.3g} over {}{}", g.var, g.left, g.claimed, g.var,
                     g.right, g.stretch, where.empty() ? "" : " at " + where);
}

// An expression without a grid: one evaluation (up the ladder).
Outcome run_single(const expr::Expr& e, const Quantities* q, const std::vector<Rung>& ladder) {
  Outcome o;
  Point p = eval_point(e, {}, q, ladder);
  o.verdict = verdict_of(p.truth);
  o.computed = shown(p.report);
  if (p.rung > 0 && p.truth != expr::Truth::unknown)
    o.computed +=
        fmt::format(" (decided at {} digits; {} digits could not)", ladder[p.rung].digits, ladder[0].digits);
  if (o.verdict == Verdict::holds) {
    o.grade = grade_text(p.report.grade);
  } else if (o.verdict == Verdict::fails) {
    o.grade = p.report.inconsistent.empty() ? "-" : p.report.inconsistent;
    if (p.report.grade.uncertified && o.grade == "-") o.grade = "estimate (doubles: uncertified)";
    o.detail = (e.asymptotic()               ? "graded on the grid: "
                : p.report.grade.uncertified ? "the double-precision estimates (uncertified) say false: "
                                             : "the enclosures decide it false: ") +
               shown(p.report);
    o.growth = growth_text(p.report, "");
  } else if (e.asymptotic() && !p.report.undecided.empty()) {
    o.grade = p.report.undecided;
    o.detail =
        fmt::format("{} (at {} digits): {}", p.report.undecided, ladder.back().digits, shown(p.report));
  } else {
    o.grade = fmt::format("undecided at {} digits", ladder.back().digits);
    o.detail = fmt::format("the enclosures overlap at {} digits: {}", ladder.back().digits, shown(p.report));
  }
  return o;
}

// The grid's values as exact numbers, and its size (refused above 100000 points).
std::vector<std::vector<Fmpq>> grid_values(const Claim& c, size_t& total) {
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
  total = 1;
  for (const auto& v : values) total *= v.size();
  if (total > 100000)
    throw ResourceError(fmt::format("claim {}: the grid has {} points (at most 100000)", c.id, total));
  return values;
}

// What a sweep over the grid found.
struct Tally {
  size_t holds = 0, fails = 0, undecided = 0;
  // per variable and value: points where it holds / points
  std::vector<std::vector<std::pair<size_t, size_t>>> by_value;
  std::vector<std::string> failing, open;
  std::string inconsistent, growth;  // of the first asymptotic claim found inconsistent
  std::string extend;                // why the first undecided asymptotic claim is undecided
  expr::Grade grade;
};

void count_point(Tally& t, const Point& p, const std::vector<size_t>& idx, const std::string& where) {
  for (size_t j = 0; j < idx.size(); ++j) {
    t.by_value[j][idx[j]].second++;
    if (p.truth == expr::Truth::yes) t.by_value[j][idx[j]].first++;
  }
  if (p.truth == expr::Truth::yes) {
    ++t.holds;
    t.grade.merge(p.report.grade);
  } else if (p.truth == expr::Truth::no) {
    ++t.fails;
    if (t.inconsistent.empty() && !p.report.inconsistent.empty()) {
      t.inconsistent = fmt::format("{} at {}", p.report.inconsistent, where);
      t.growth = growth_text(p.report, where);
    }
    if (t.failing.size() < 3) t.failing.push_back(fmt::format("{} ({})", where, shown(p.report)));
  } else {
    ++t.undecided;
    if (t.extend.empty() && !p.report.undecided.empty())
      t.extend = fmt::format("{} at {}", p.report.undecided, where);
    if (t.open.size() < 3) t.open.push_back(fmt::format("{} ({})", where, shown(p.report)));
  }
}

// Every combination of the grid's values, first variable outermost.
Tally sweep(const Claim& c, const expr::Expr& e, const Quantities* q, const std::vector<Rung>& ladder) {
  size_t total = 0;
  const auto values = grid_values(c, total);
  Tally t;
  for (const auto& v : values) t.by_value.emplace_back(v.size(), std::make_pair(size_t{0}, size_t{0}));
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
    count_point(t, eval_point(e, b, q, ladder), idx, fmt::format("{}", fmt::join(at, " ")));
  }
  return t;
}

// The outcome of a sweep, in the claim's words.
Outcome grid_outcome(const Claim& c, const Tally& t, bool asymptotic) {
  const Words w = words(asymptotic);
  const size_t total = t.holds + t.fails + t.undecided;
  std::vector<std::string> breakdown;
  for (size_t j = 0; j < t.by_value.size(); ++j) {
    std::vector<std::string> parts;
    for (size_t i = 0; i < t.by_value[j].size(); ++i)
      parts.push_back(fmt::format("{}={}: {}/{}", c.grid[j].first, c.grid[j].second[i],
                                  t.by_value[j][i].first, t.by_value[j][i].second));
    breakdown.push_back(fmt::format("{}", fmt::join(parts, ", ")));
  }
  Outcome o;
  o.computed = fmt::format("{} at {} of {} grid points{}{} [{}]", w.holds, t.holds, total,
                           t.fails ? fmt::format(", {} at {}", w.fails, t.fails) : "",
                           t.undecided ? fmt::format(", {} at {}", w.undecided, t.undecided) : "",
                           fmt::join(breakdown, "; "));
  if (t.undecided) {
    o.verdict = Verdict::undecided;
    o.grade = fmt::format("undecided at {} of {} points{}", t.undecided, total,
                          t.extend.empty() ? "" : "; " + t.extend);
    o.detail = fmt::format("undecided at {}", fmt::join(t.open, "; "));
  } else if (t.fails) {
    o.verdict = Verdict::fails;
    o.grade = t.holds ? fmt::format("only in a regime: {} of {} grid points", t.holds, total) : "-";
    if (!t.inconsistent.empty()) o.grade = (t.holds ? o.grade + "; " : std::string()) + t.inconsistent;
    o.detail = fmt::format("{} at {}", w.fails, fmt::join(t.failing, "; "));
    o.growth = t.growth;
  } else {
    o.verdict = Verdict::holds;
    o.grade = fmt::format("{}, at all {} grid points", grade_text(t.grade), total);
  }
  return o;
}

}  // namespace

namespace {

// An expression claim that also gives a published number: the claim holds only if the number
// agrees with the value computed for it (Claim::published_check) under its rule.
Outcome with_published(const Claim& c, Outcome o, const Outcome& k) {
  const std::string named = fmt::format("published {} ({})", c.published, c.rule);
  if (k.verdict == Verdict::fails) {
    o.verdict = Verdict::fails;
    o.grade = fmt::format("published value differs ({})", c.rule);
    o.detail =
        fmt::format("the published value {} does not agree with the computed value under the rule {}: {}",
                    c.published, c.rule, k.computed);
    o.computed = fmt::format("{}; {}: {}", o.computed, named, k.computed);
  } else if (k.verdict == Verdict::undecided && o.verdict != Verdict::fails) {
    o.verdict = Verdict::undecided;
    o.grade = fmt::format("published value undecided ({})", k.grade);
    o.detail = fmt::format("whether the published value {} agrees with the computed value: {}", c.published,
                           k.detail);
    o.computed = fmt::format("{}; {}: {}", o.computed, named, k.computed);
  } else if (k.verdict == Verdict::holds && o.verdict == Verdict::holds &&
             o.grade.find(k.grade) == std::string::npos) {
    o.grade =
        fmt::format("{}; published value {}", o.grade, k.grade);  // unless the claim's own comparison said so
  }
  return o;
}

}  // namespace

Outcome run_expression(const Claim& c, const Quantities* q) {
  const expr::Expr e = expr::Expr::parse(c.expr);
  const auto ladder = precision_ladder(c.digits);
  Outcome o =
      c.grid.empty() ? run_single(e, q, ladder) : grid_outcome(c, sweep(c, e, q, ladder), e.asymptotic());
  if (c.published_check.empty() || c.published_check == c.expr) return o;
  return with_published(c, std::move(o), run_single(expr::Expr::parse(c.published_check), q, ladder));
}

}  // namespace bc::verify
