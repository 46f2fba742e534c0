// The expression grammar (expr/expr.hpp): precedence, exact arithmetic, errors with their
// column, quantifiers, three-valued comparisons, the ~= rules and the grades they report.
#include "core/errors.hpp"
#include "expr/expr.hpp"
#include "verify/catalogue.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace bc::expr;

namespace {

Value run(const std::string& s, slong prec = 128, Report* rep = nullptr) {
  EvalOptions o;
  o.prec = prec;
  return Expr::parse(s).evaluate(o, rep);
}

std::string exact(const std::string& s) {
  Value v = run(s);
  REQUIRE(v.exact);
  return v.exact->str();
}

Truth truth(const std::string& s, slong prec = 128) { return run(s, prec).truth; }

size_t error_column(const std::string& s) {
  try {
    (void)Expr::parse(s);
  } catch (const ParseError& e) {
    return e.column;
  }
  return 0;
}

}  // namespace

TEST_CASE("expr: precedence and associativity") {
  CHECK(exact("1 + 2 * 3") == "7");
  CHECK(exact("(1 + 2) * 3") == "9");
  CHECK(exact("2^3^2") == "512");  // right-associative
  CHECK(exact("-2^2") == "-4");    // unary minus below ^
  CHECK(exact("2^-1") == "1/2");
  CHECK(exact("10 - 4 - 3") == "3");  // left-associative
  CHECK(exact("12 / 4 / 3") == "1");
  CHECK(exact("0.1 * 3") == "3/10");  // decimals are exact
  CHECK(truth("1 < 2 and 2 < 3 or 1 > 2") == Truth::yes);
  CHECK(truth("not 1 < 2 or 1 < 2") == Truth::yes);  // not binds tighter than or
  CHECK(truth("1 + 1 == 2 and not 2 == 3") == Truth::yes);
}

TEST_CASE("expr: exact where exact, balls elsewhere") {
  CHECK(exact("binom(10, 3)") == "120");
  CHECK(exact("binom(-3, 2)") == "6");
  CHECK(exact("gamma(6)") == "120");
  CHECK(exact("sqrt(9/4)") == "3/2");
  CHECK(exact("floor(-7/2) + ceil(7/2)") == "0");
  CHECK(exact("max(1/3, 1/2, 1/4) - min(2, 3)") == "-3/2");
  CHECK(exact("3/10 * 10") == "3");
  CHECK(truth("3/10 * 10 == 3") == Truth::yes);
  CHECK(truth("2^200 + 1 > 2^200") == Truth::yes);
  CHECK(!run("sqrt(2)").exact);
  CHECK(truth("abs(gamma(1/2)^2 - pi) < 10^-30") == Truth::yes);
  CHECK_THROWS_AS(run("1 / (2 - 2)"), bc::DomainError);
  CHECK_THROWS_AS(run("gamma(0)"), bc::DomainError);
}

TEST_CASE("expr: three-valued comparisons") {
  CHECK(truth("exp(2) == exp(2)") == Truth::unknown);  // equal balls never prove equality
  CHECK(truth("sqrt(2) == sqrt(2)") == Truth::yes);    // a closed form does (expr/algebraic.cpp)
  CHECK(truth("sqrt(2) != 1.5") == Truth::yes);
  CHECK(truth("exp(pi*sqrt(163)) < 262537412640768744") == Truth::yes);
  CHECK(truth("log(1 + 10^-60) > 0", 64) == Truth::unknown);       // the ball straddles 0
  CHECK(truth("log(1 + 10^-60) > 0", 512) == Truth::yes);          // more precision decides it
  CHECK(truth("log(1 + 10^-60) > 0 and 1 > 2", 64) == Truth::no);  // Kleene: unknown and false
  CHECK(truth("log(1 + 10^-60) > 0 or 1 < 2", 64) == Truth::yes);
  CHECK(truth("not log(1 + 10^-60) > 0", 64) == Truth::unknown);
}

TEST_CASE("expr: ~= rules and the grade they report") {
  Report r;
  CHECK(run("pi ~= 3.1416", 128, &r).truth == Truth::yes);
  CHECK(r.grade.rounding);
  CHECK(truth("pi ~= 3.1415") == Truth::no);
  Report t;
  CHECK(run("pi ~= 3.1415 [truncate]", 128, &t).truth == Truth::yes);
  CHECK(t.grade.truncation);
  CHECK(!t.grade.rounding);
  CHECK(truth("-pi ~= -3.1415 [truncate]") == Truth::yes);
  CHECK(truth("-pi ~= -3.1416 [truncate]") == Truth::no);
  CHECK(truth("0.25 ~= 0.2") == Truth::yes);  // rounding reads a closed interval: [0.15, 0.25]
  CHECK(truth("0.25 ~= 0.3") == Truth::yes);
  CHECK(truth("0.26 ~= 0.2") == Truth::no);
  Report e;
  CHECK(run("37 ~= 38 [abs=1]", 128, &e).truth == Truth::yes);
  CHECK(e.grade.tolerances.size() == 1);
  Report x;
  CHECK(run("38 ~= 38 [abs=1]", 128, &x).truth == Truth::yes);
  CHECK(x.grade.exact);
  CHECK(truth("exp(1) ~= 2.7 [rel=1/100]") == Truth::yes);
  CHECK(truth("exp(1) ~= 2.7 [rel=1/1000]") == Truth::no);
  CHECK(bc::verify::grade_text(t.grade) == "as truncation (not rounding)");
  // an inequality between exact numbers is exact; one the balls decide is a certified bound
  Report ei;
  CHECK(run("2^1023 >= 512^113", 128, &ei).truth == Truth::yes);
  CHECK(ei.grade.exact);
  CHECK(!ei.grade.bound);
  Report bi;
  CHECK(run("pi > 3", 128, &bi).truth == Truth::yes);
  CHECK(bi.grade.bound);
  CHECK(!bi.grade.exact);
}

TEST_CASE("expr: quantifiers") {
  CHECK(exact("sum(k in 1..100: k)") == "5050");
  CHECK(exact("prod(k in 1..5: k)") == "120");
  CHECK(exact("max(k in {3, 1/2, 7}: k) - min(k in -2..4: k^2)") == "7");
  CHECK(exact("sum(k in 1..0: k)") == "0");  // empty range
  CHECK(truth("all(n in 0..30: sum(k in 0..n: binom(n, k)) == 2^n)") == Truth::yes);
  CHECK(truth("any(n in 1..20: n^2 == 196)") == Truth::yes);
  CHECK(truth("all(n in 1..20: n^2 != 196)") == Truth::no);
  Report r;
  CHECK(run("all(n in 1..20: n < 10)", 128, &r).truth == Truth::no);
  CHECK(r.witness.find("n = 10") != std::string::npos);  // the first counterexample is shown
  CHECK_THROWS_AS(run("sum(k in 1..2000000: k)"), bc::ResourceError);
  CHECK_THROWS_AS(run("sum(k in 1/2..3: k)"), bc::UsageError);
}

TEST_CASE("expr: parse errors name the column") {
  CHECK(error_column("1 +") == 4);
  CHECK(error_column("(1 + 2") == 7);
  CHECK(error_column("1 + foo(2)") == 5);          // unknown function
  CHECK(error_column("1 < 2 < 3") == 7);           // comparisons do not chain
  CHECK(error_column("1 + (2 < 3)") == 8);         // a truth value where a number is needed
  CHECK(error_column("all(k in 1..3: k)") == 16);  // all() needs a truth value
  CHECK(error_column("x ~= y") == 6);              // ~= needs a literal or a tolerance
  CHECK(error_column("1 ~= 1 [close]") == 9);
  CHECK(error_column("1 = 1") == 3);
  CHECK(error_column("sqrt(1, 2)") == 1);
  CHECK(error_column("rank.heads(d=64") == 16);
  CHECK(error_column("1.2.3") == 4);
}

TEST_CASE("expr: quantities are parsed with their options and column") {
  auto e = Expr::parse(
      "rank.heads(d=64, r=8, eps=1/10) >= 1 and rank.bound(d=8, r=2, H=3, double).lo > 0 and "
      "sphere.sign-coef(d=3, l=1, norm='unit') > 0");
  REQUIRE(e.quantities().size() == 3);
  CHECK(e.quantities()[0].path == std::vector<std::string>{"rank", "heads"});
  CHECK(e.quantities()[1].column == "lo");
  CHECK(e.quantities()[1].args.back().flag);
  CHECK(e.quantities()[2].path.back() == "sign-coef");
  CHECK(e.variables().empty());
  // an option as the command line spells it (l-max, search-alpha) is the one Python spells l_max
  auto h = Expr::parse(
      "sphere.sign-coef(d=3, l-max=3, exact).c + comm.pair-matching(N=8, search-alpha).alpha_min");
  REQUIRE(h.quantities().size() == 2);
  CHECK(h.quantities()[0].args[1].name == "l_max");
  CHECK(h.quantities()[1].args[1].name == "search_alpha");
  CHECK(h.quantities()[1].args[1].flag);
  CHECK_THROWS_AS(Expr::parse("sphere.dim(d=3, l - max=3) > 0"), bc::UsageError);
  CHECK_THROWS_AS(Expr::parse("sphere.dim(d=3, l_-max=3) > 0"), bc::UsageError);  // not "l__max"
  CHECK_THROWS_AS(Expr::parse("sphere.dim(d=3, l-3=3) > 0"), bc::UsageError);
  // a resolver receives exact argument values
  EvalOptions o;
  std::string seen;
  o.resolve = [&](Quantity& q, const QuantityCall& c, long, slong) {
    seen = c.text();
    arb_set_ui(q.ball.x, 5);
    q.exact = bc::Fmpq(5, 1);
  };
  CHECK(Expr::parse("rank.heads(d=2^6, eps=0.1) == 5").evaluate(o).truth == Truth::yes);
  CHECK(seen == "rank.heads(d=64, eps=1/10)");
  // quantities need a resolver; table's numeric eval still works with a lookup
  CHECK_THROWS_AS(run("rank.heads(d=1) > 0"), bc::UsageError);
  bc::Arb v;
  Expr::parse("lo / hi").eval(
      v.x, [](arb_t res, const std::string& n, slong) { arb_set_ui(res, n == "lo" ? 1 : 4); }, 64);
  CHECK(arf_cmp_d(arb_midref(v.x), 0.25) == 0);
}
