// The verify/ catalogue and its engine: every entry well-formed, malformed catalogues rejected,
// and every sphere claim holds (the same run `boundcheck verify` does, here per claim).
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/toml_guard.hpp"
#include "verify/catalogue.hpp"

#include <doctest/doctest.h>

#include <string>
#include <tuple>
#include <vector>

using namespace bc::verify;

namespace {

// A one-claim catalogue checked by `method` with the TOML lines `params` under [claim.params]:
// the shape of every hostile-parameter test below.
Claim method_claim(const std::string& id, const std::string& method, const std::string& params) {
  return load_catalogue({{"x.toml", "[[claim]]\nid='" + id +
                                        "'\nclaim='c'\nsource='s'\npublished='p'\ntolerance='t'\nmethod='" +
                                        method + "'\n[claim.params]\n" + params + "\n"}})
      .at(0);
}

}  // namespace

TEST_CASE("verify: embedded catalogue equals the source directory and loads cleanly") {
  auto embedded = embedded_catalogue();
  auto on_disk = read_catalogue_dir(BOUNDCHECK_CATALOGUE_DIR);
  REQUIRE(embedded.size() == on_disk.size());
  for (size_t i = 0; i < embedded.size(); ++i) {
    // a directory's files are named by their path (file:line:column in messages opens in an editor)
    CHECK(on_disk[i].name == std::string(BOUNDCHECK_CATALOGUE_DIR) + "/" + embedded[i].name);
    CHECK(embedded[i].text == on_disk[i].text);
  }
  auto claims = load_catalogue(embedded);
  CHECK(claims.size() >= 10);
}

TEST_CASE("verify: malformed catalogues are rejected with the file named") {
  CHECK_THROWS_AS(load_catalogue({{"x.toml", "[[claim]]\nid = 'a'\n"}}), bc::InputErrors);
  CHECK_THROWS_AS(load_catalogue({{"x.toml", "this is not toml"}}), bc::InputErrors);
  const char* unknown =
      "[[claim]]\nid='a'\nclaim='c'\nsource='s'\npublished='p'\ntolerance='t'\nmethod='nope'\n";
  CHECK_THROWS_AS(load_catalogue({{"x.toml", unknown}}), bc::InputErrors);
  const char* ok =
      "[[claim]]\nid='a'\nclaim='c'\nsource='s'\npublished='p'\ntolerance='t'\nmethod='sphere.c1_limit'\n";
  CHECK_THROWS_AS(load_catalogue({{"x.toml", ok}, {"y.toml", ok}}), bc::InputErrors);  // duplicate id
  // a check whose params are missing is undecided, not a crash
  auto claims = load_catalogue({{"x.toml", ok}});
  CHECK(run_claim(claims[0]).verdict == Verdict::undecided);
}

// Found by fuzz_catalogue (fuzz/corpus/catalogue/timeout_hecke_funk_l10101.toml): the hecke_funk
// method ran a 2527-node quadrature it never priced. It now prices its cases with the cost model
// of `sphere hecke-funk` (l = 100001: about 1500 s estimated) and refuses before computing: the
// claim is undecided, its detail the refusal.
TEST_CASE("verify: the hecke_funk method prices its cases before running them") {
  const Claim big = method_claim("h", "sphere.hecke_funk", "cases = [[3, 1], [3, 100001]]\ndigits = 40");
  bc::limits::set_time_budget(60);
  const Outcome o = run_claim(big);  // unpriced, this ran for half an hour
  CHECK(o.verdict == Verdict::undecided);
  CHECK(o.detail.find("h: the quadratures") != std::string::npos);
  bc::limits::set_time_budget(bc::limits::default_seconds);
}

TEST_CASE("verify: every claim reaches the verdict the catalogue expects") {
  size_t refuted = 0;
  for (const auto& c : load_catalogue(embedded_catalogue())) {
    // expression claims over quantities need the command registry (tools/): the CLI test
    // "verify: boundcheck verify" runs them; here the methods and the pure expressions
    if (!c.expr.empty() && !bc::expr::Expr::parse(c.expr).quantities().empty()) continue;
    auto r = run_claim(c);
    INFO(c.id << ": " << r.computed << " / " << r.detail);
    CHECK(r.verdict == c.expect);
    refuted += c.expect == Verdict::fails;
  }
  CHECK(refuted >= 1);  // the talk's majority-vote claim is recorded as not holding as stated
}

TEST_CASE("verify: the Pair Matching methods refuse above the work limit before they start") {
  // fuzz_catalogue (a hand-made input): N = 2^62 - 1 asked for an instance vector of N entries inside the
  // OpenMP loop, whose std::length_error terminated the program; trials x N^2 is now estimated first
  for (const char* method : {"comm.pair_matching_zero_errors", "comm.pair_matching_min_alpha"}) {
    auto r = run_claim(
        method_claim("p", method, "cases = [[4611686018427387903, 16]]\nc = 0.1\ntrials = 2\nseed = 1"));
    INFO(method << ": " << r.detail);
    CHECK(r.verdict == Verdict::undecided);
    CHECK(r.detail.find(std::string(method) + ": work: estimated") != std::string::npos);
  }
}

TEST_CASE("verify: kind = formula claims print 'evaluated', asymptotic claims grade by the trend") {
  const char* f =
      "[[claim]]\nid='f'\nkind='formula'\nexpr='2 + 2 == 4'\n[[claim]]\nid='t'\nexpr='2 + 2 == 4'\n";
  auto claims = load_catalogue({{"x.toml", f}});
  REQUIRE(claims.size() == 2);
  CHECK(claims[0].formula);
  CHECK(!claims[1].formula);
  CHECK(verdict_text(Verdict::holds, claims[0]) == "evaluated");
  CHECK(verdict_text(Verdict::fails, claims[0]) == "fails");  // a formula can still fail: our arithmetic
  CHECK(verdict_text(Verdict::holds, claims[1]) == "holds");
  CHECK_THROWS_AS(load_catalogue({{"x.toml", "[[claim]]\nid='k'\nkind='maybe'\nexpr='1 < 2'\n"}}),
                  bc::InputErrors);
  // an asymptotic expression claim: n^2 log n is not O(n^2) (hand computation in test_expr_stages)
  const char* a =
      "[[claim]]\nid='a'\nexpr='n^2*log(n) is O(n^2) as n in {10, 100, 1000, 10^4, 10^5, 10^6}'\n";
  auto r = run_claim(load_catalogue({{"x.toml", a}}).at(0));
  CHECK(r.verdict == Verdict::fails);
  CHECK(r.grade == "inconsistent: ratio grows like n^0.088 (n = 10000..1000000)");
  const char* t = "[[claim]]\nid='a'\nexpr='3*n^2 + n is Theta(n^2) as n in {10, 100, 1000}'\n";
  auto h = run_claim(load_catalogue({{"x.toml", t}}).at(0));
  CHECK(h.verdict == Verdict::holds);
  CHECK(h.grade == "consistent on the grid (C in [3.001, 3.100])");
  // over a grid of another variable: the first inconsistent point names itself
  const char* g =
      "[[claim]]\nid='g'\nexpr='n^k is O(n^2) as n in {10, 100, 1000}'\n[claim.grid]\nk = [1, 2, 3]\n";
  auto gr = run_claim(load_catalogue({{"x.toml", g}}).at(0));
  CHECK(gr.verdict == Verdict::fails);
  CHECK(gr.grade ==
        "only in a regime: 2 of 3 grid points; inconsistent: ratio grows like n^1 (n = 10..1000) at k=3");
}

// Issue 29 §2: what a claim prints depends on what its evidence can show. An asymptotic claim is
// graded on a finite grid (consistent / inconsistent / undecided: extend the grid); a claim tested
// through a lower bound of the claimed quantity is certified or not certified (a bound that falls
// short refutes nothing); an untestable claim says why.
TEST_CASE("verify: printed verdicts follow the claim's evidence") {
  const char* a =
      "[[claim]]\nid='a'\nexpr='2*n^2 ~ n^2 as n in {10, 100, 1000}'\nexpect='fails'\n"
      "[[claim]]\nid='b'\nexpr='n^2 + n ~ n^2 as n in {10, 100, 1000}'\n"
      "[[claim]]\nid='c'\nexpr='n + 10^6*n/(n + 10^6) ~ n as n in {10, 100, 1000}'\nexpect='undecided'\n";
  auto claims = load_catalogue({{"x.toml", a}});
  REQUIRE(claims.size() == 3);
  const char* words[] = {"inconsistent", "consistent", "undecided: extend the grid"};
  for (size_t i = 0; i < 3; ++i) {
    const Claim& c = claims[i];
    CHECK(c.asymptotic);
    const Outcome r = run_claim(c);
    INFO(c.id << ": " << r.computed << " / " << r.grade << " / " << r.detail);
    CHECK(r.verdict == c.expect);
    CHECK(verdict_text(r.verdict, c) == words[i]);
    for (const std::string& text : {r.computed, r.grade, r.detail}) {
      CHECK(text.find("decide it false") == std::string::npos);
      CHECK(text.find("does not hold") == std::string::npos);
    }
  }
  // the too-short grid says what would tell
  CHECK(run_claim(claims[2]).grade.rfind("undecided: extend the grid (|ratio - 1| shrinks like n^-0.000215",
                                         0) == 0);
  // through a lower bound: n is not Omega(n^2), which refutes nothing about a quantity >= n
  const char* lb =
      "[[claim]]\nid='lb'\nexpr='n is Omega(n^2) as n in {10, 100, 1000}'\nevidence='lower bound: the bound "
      "n'\n"
      "expect='undecided'\n"
      "[[claim]]\nid='ok'\nexpr='n^3 >= 10'\nevidence='lower bound: the bound n^3'\n"
      "[claim.grid]\nn = [3, 4]\n";
  auto lbs = load_catalogue({{"x.toml", lb}});
  REQUIRE(lbs.size() == 2);
  CHECK(lbs[0].lower_bound == "the bound n");
  const Outcome no = run_claim(lbs[0]);
  CHECK(no.verdict == Verdict::undecided);
  CHECK(verdict_text(no.verdict, lbs[0]) == "not certified");
  // n / n^2 decays like n^-1 over 10..1000: the bound grows like n^1, the claimed side like n^2
  CHECK(no.grade ==
        "not certified by the bound n (it grows like n^1 against n^2 like n^2 over n = 10..1000)");
  const Outcome yes = run_claim(lbs[1]);
  CHECK(yes.verdict == Verdict::holds);
  CHECK(verdict_text(yes.verdict, lbs[1]) == "certified");
  CHECK(yes.grade.find("shown by the bound n^3, a lower bound of the claimed quantity") != std::string::npos);
  // not testable: the reason is the grade, whatever the evaluation finds
  const char* u = "[[claim]]\nid='u'\nexpr='1 < 2'\nuntestable='not testable at fixed eps: the reason'\n";
  auto us = load_catalogue({{"x.toml", u}});
  const Outcome nt = run_claim(us.at(0));
  CHECK(nt.verdict == Verdict::undecided);
  CHECK(us[0].expect == Verdict::undecided);
  CHECK(verdict_text(nt.verdict, us[0]) == "not testable");
  CHECK(nt.grade == "not testable at fixed eps: the reason");
  // malformed: evidence without its form, an untestable claim expected to hold, a lower bound expected to
  // fail
  for (const char* bad : {"[[claim]]\nid='e'\nexpr='1 < 2'\nevidence='the bound'\n",
                          "[[claim]]\nid='e'\nexpr='1 < 2'\nuntestable='why'\nexpect='holds'\n",
                          "[[claim]]\nid='e'\nexpr='1 < 2'\nevidence='lower bound: B'\nexpect='fails'\n"}) {
    INFO(bad);
    CHECK_THROWS_AS(load_catalogue({{"x.toml", bad}}), bc::InputErrors);
  }
}

// toml++ 3.3 reaches __builtin_unreachable for U+00A1..U+0499 between tokens (found by
// fuzz_catalogue under UBSan): such text is refused before toml++ parses it. TOML allows non-ASCII
// only in strings and comments (toml.io, "Keys": bare keys are ASCII letters, digits, _ and -).
TEST_CASE("verify: a non-ASCII character outside strings and comments is refused before parsing") {
  CHECK(bc::toml_non_ascii_line(
            "a = \"\u00a7 4\" # \u00e9\nb = 'x\u00e9'\nc = \"\"\"\n\u00e9\"\"\"\"\nd = '''\u00e9'''\n") == 0);
  CHECK(bc::toml_non_ascii_line("a = 1\n[t\u00e9]\n") == 2);
  CHECK(bc::toml_non_ascii_line("a = \"\\\"\u00e9\" \u00e9\n") == 1);  // an escaped quote does not close
  CHECK(bc::toml_non_ascii_line("a = \"\"\"x\"\"\" \u00e9\n") == 1);   // after a multi-line string
  const std::string bad = "[[claim]]\nid = 'a'\n[claim.p\u00e1rams]\n";
  CHECK_THROWS_AS(load_catalogue({{"x.toml", bad}}), bc::InputErrors);
}

// fuzz/corpus/catalogue/timeout_p_head_d1e7.toml: d = 10^7 ran an unpriced recurrence past the
// fuzzer's timeout. It is outside rank majority's range, so the claim is undecided with the reason.
TEST_CASE("verify: the p_asymptotic method keeps d in rank majority's range") {
  const Outcome o = run_claim(method_claim("p", "rank.p_asymptotic", "d = [10, 10000000]\ntol = 1e-4"));
  CHECK(o.verdict == Verdict::undecided);
  CHECK(o.detail.find("d must be in [3, 10^6]") != std::string::npos);
}

// fuzz/corpus/catalogue/timeout_proposition1_M32.toml (CI's fuzz_catalogue, 13 s under ASan): the
// proposition1 method ran the network grid tensor for its cases without pricing them; with the
// fuzzer's lowered limits a case of 32^4 grid entries is refused, and at any scale 10^5 templates
// (10^20 entries; their count overflowed 64 bits) or 2^62 templates are refused before computing.
TEST_CASE("verify: the proposition1 method prices its network cases before running them") {
  auto claim_with = [](const std::string& cases) {
    return method_claim("n", "depth.proposition1", "cases = " + cases);
  };
  for (const char* cases : {"[[1, 2, 1, 4, 100000]]", "[[1, 2, 1, 2, 4611686018427387903]]"}) {
    const Outcome o = run_claim(claim_with(cases));
    INFO(cases << ": " << o.detail);
    CHECK(o.verdict == Verdict::undecided);
    CHECK(o.detail.find("depth grid-rank --network: work: estimated") != std::string::npos);
  }
  bc::limits::set_test_scale(1e-3);  // as fuzz_catalogue runs its inputs
  bc::limits::set_time_budget(bc::limits::default_seconds);
  const Outcome o = run_claim(claim_with("[[1, 2, 1, 4, 3], [2, 2, 1, 4, 32]]"));
  bc::limits::set_test_scale(1);
  INFO(o.detail);
  CHECK(o.verdict == Verdict::undecided);
  CHECK(o.detail.find("fewer templates") != std::string::npos);
}

// A hostile-catalogue sweep of the kept-as-method checks (2026-11-27), run as fuzz_catalogue runs
// its inputs (limits lowered 1000-fold): before, sphere.sign_coef_exact_value and depth.hadamard
// aborted in GMP (10^17-limb allocations), sphere.dim_closed_form ran out of memory, and
// dim_forms_agree, unit_norm, u_reproduces, the sym grids and the rank methods at d = 2^62 ran
// unpriced for a minute or more. Each is now undecided, its detail the refusal, before it computes.
TEST_CASE("verify: every method prices hostile parameters before it computes") {
  const std::string big = "4611686018427387903";
  const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
      {"sphere.sign_coef_exact_value",
       "d=" + big + "\nl=" + big + "\nwhich='coef'\nexpected='1'\nsign=1\nnum=1\nden=2\nrad=3\npi_power=1",
       "the exact coefficient: work: estimated"},
      {"sphere.sign_coef_exact_value",
       "d=3\nl=1\nwhich='coef'\nexpected='1'\nsign=1\nnum=1\nden=2\nrad=3\npi_power=" + big, "pi_power <= 8"},
      {"depth.hadamard", "cases=[[" + big + ",64]]", "exceeds the limit 3000"},
      {"depth.hadamard", "cases=[[" + big + "," + big + "]]", "lambda must be in [1, 64]"},
      {"sphere.dim_closed_form", "d=" + big + "\nl_max=3\nformula='2l+1'\nl_extra=[" + big + "]",
       "decimal digits exceeds"},
      {"sphere.dim_forms_agree", "d=[100000]\nl_max=100000", "by three algorithms: estimated"},
      {"sphere.unit_norm", "cases=[[3, 100000]]\ndigits=40", "the quadratures: estimated"},
      {"rank.u_reproduces", "degree=49\nnodes=4000000000\nprinted='0.98410'", "the quadrature: estimated"},
      {"sym.hstar_identity", "d_max=100000\nN_max=100000", "the direct counts: estimated"},
      {"sym.talk_bound", "d_max=100000\nN_max=100000", "the grid of (d, N): estimated"},
      {"sym.ds_orthogonality", "N_min=2\nN_max=28", "CUE Grams: estimated"},
      {"sym.ds_orthogonality", "N_min=2\nN_max=100000", "N_max must be below"},
      {"rank.b0_equals_p", "d=[" + big + "]\ndigits=30", "d must be in [3, 10^6]"},
      {"rank.lb_identity", "d=[" + big + "]\ndigits=8", "d must be in [3, 10^6]"},
      {"rank.majority_d2", "d=[" + big + ", 5]\nrate=0.05", "d must be in [3, 10^6]"},
      {"rank.majority_d2", "d=[100]\nrate=0.05", "at least two distinct d"},  // was "F ~ d^-nan"
      {"sphere.unit_norm", "cases=[[" + big + ", 5]]\ndigits=40", "overflowed (nan or inf)"},  // was "fails"
  };
  bc::limits::set_test_scale(1e-3);
  for (const auto& [method, params, expect] : cases) {
    bc::limits::set_time_budget(bc::limits::default_seconds);
    const Outcome o = run_claim(method_claim("h", method, params));
    const std::string what = method + " " + params.substr(0, 60) + ": " + o.detail;
    INFO(what);
    CHECK(o.verdict == Verdict::undecided);
    CHECK(o.detail.find(expect) != std::string::npos);
  }
  bc::limits::set_test_scale(1);
  // digits beyond the global --digits range are a malformed catalogue
  CHECK_THROWS_WITH_AS(run_claim(method_claim("h", "rank.lb_identity", "d=[20]\ndigits=100000")),
                       doctest::Contains("an integer in [1, 20000]"), bc::DomainError);
}
