// The rank family (src/rank/): counts, their construction, the spectral bound, H_min and the
// double kernel. References: the exact binomial counts (construction must reproduce them), an
// independent mpmath computation (data/rank_reference.csv: two methods, >= 22 digits, see its
// header), and the identity LB(d, d-1, 1) = 2 p(d) - 1 observed there.
#include "core/real_format.hpp"
#include "rank/construct.hpp"
#include "rank/count.hpp"
#include "rank/heads.hpp"
#include "rank/majority.hpp"
#include "rank/spectral_bound.hpp"
#include "rank/spectral_cost.hpp"
#include "rank/spectral_double.hpp"
#include "rank/spectral_sweep.hpp"
#include "sphere/dim.hpp"
#include "support.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <tuple>

using namespace bc;
using namespace bc::rank;

TEST_CASE("rank: harmonic projection is harmonic and reproduces N(d,l) for r = d") {
  // Delta H_m(p) = 0 exactly, for a few monomials
  for (ulong d : {3ul, 4ul, 5ul}) {
    HomPoly p = hom_monomial(d, [&] {
      std::vector<ulong> e(d, 0);
      e[0] = 3;
      e[1] = 2;
      return e;
    }());
    HomPoly h = harmonic_part(p);
    HomPoly lap = laplacian(h);
    for (const auto& c : lap.c) CHECK(fmpq_is_zero(c.x));
  }
  // rank of projections of all degree-l monomials in all d variables = N(d,l)
  for (ulong d : {3ul, 4ul}) {
    for (ulong l : {0ul, 1ul, 2ul, 3ul, 4ul}) {
      auto cc = constructed_count(d, d, l, 0);
      Fmpz n;
      sphere::harmonic_dim(n.x, d, l);
      CHECK(fmpz_equal_ui(n.x, cc.rank));
    }
  }
}

TEST_CASE("rank: constructed count equals binom(r+l-1, l), degree l+2 adds nothing") {
  for (ulong d = 3; d <= 6; ++d)
    for (ulong r = 1; r < d; ++r)
      for (ulong l = 0; l <= (d <= 4 ? 5ul : 3ul); ++l) {
        auto cc = constructed_count(d, r, l, 1);
        Fmpz b;
        head_count(b.x, d, r, l, CountRule::exact);
        INFO("d=" << d << " r=" << r << " l=" << l);
        CHECK(fmpz_equal_ui(b.x, cc.rank));
      }
  // the talk's count can exceed N(d,l): d = 4, r = 3, l = 2 gives 10 > 9
  Fmpz t, n;
  head_count(t.x, 4, 3, 2, CountRule::talk);
  sphere::harmonic_dim(n.x, 4, 2);
  CHECK(fmpz_equal_ui(t.x, 10));
  CHECK(fmpz_equal_ui(n.x, 9));
}

TEST_CASE("rank: spectral bound against the independent reference values") {
  auto rows = test::read_csv("rank_reference.csv");
  size_t n = 0;
  for (const auto& r : rows) {
    if (r[0] != "lb") continue;
    ulong d = std::stoul(r[1]), rr = std::stoul(r[2]);
    Fmpz H;
    fmpz_set_str(H.x, r[3].c_str(), 10);
    CountRule rule{};
    REQUIRE(parse_count(r[4], rule));
    auto b = spectral_lower_bound(d, rr, H.x, rule, 20, 200000);
    Arb ref = test::decimal_ball(r[6], 20);
    INFO("d=" << d << " r=" << rr << " H=" << r[3] << " " << r[4]);
    CHECK(b.converged);
    Arb bracket;  // [lo, hi] must meet the reference ball (radius one unit in its 20th digit)
    arb_union(bracket.x, b.lo.x, b.hi.x, 256);
    CHECK(arb_overlaps(bracket.x, ref.x));
    Arb width;  // and be narrow: 20 digits
    arb_sub(width.x, b.hi.x, b.lo.x, 64);
    CHECK(arf_cmpabs_2exp_si(arb_midref(width.x), -60) < 0);
    ++n;
  }
  CHECK(n >= 8);
}

TEST_CASE("rank: H_min(64, 8, 0.1) = 2355290238402 and the talk's scalings") {
  auto res = min_heads(64, 8, Fmpq(1, 10), CountRule::exact, 100000);
  REQUIRE(res.decided);
  CHECK(res.h_min.str() == "2355290238402");
  Arb p, e2, ee;
  talk_scalings(p.x, e2.x, ee.x, 64, 8, Fmpq(1, 10), 128);
  Arb want;
  arb_set_ui(want.x, 1073741824);  // 8^10
  CHECK(arb_overlaps(p.x, want.x));
  arb_set_ui(want.x, 1099511627776);  // 2^40
  CHECK(arb_overlaps(e2.x, want.x));
}

TEST_CASE("rank: exact count with r = d-1 and H >= 2 gives LB = 0, r >= d gives 0") {
  Fmpz two(2), one(1);
  auto b = spectral_lower_bound(10, 9, two.x, CountRule::exact, 20, 10000);
  CHECK(arb_is_zero(b.hi.x));
  auto f = spectral_lower_bound(10, 10, one.x, CountRule::exact, 20, 10000);
  CHECK(arb_is_zero(f.lo.x));
  CHECK(arb_is_zero(f.hi.x));
}

namespace {

/// The ladder of spectral_bound.hpp as it ran before spectral_sweep.cpp: one SpectralTable per H,
/// extended rung by rung, every bracket summed from the stored table.
LbBracket ladder_with_table(ulong d, ulong r, const fmpz_t H, CountRule rule, long digits, ulong max_terms) {
  SpectralTable table(d, r, rule, spectral_prec(digits, max_terms));
  Arb width, tol;
  bc::rank::detail::tolerance(tol.x, digits);
  for (ulong L = 101;; L = 4 * L + 1) {
    table.extend_to(std::min(L, max_terms | 1));
    LbBracket b = table.bracket(H);
    arb_sub(width.x, b.hi.x, b.lo.x, 64);
    if (arb_le(width.x, tol.x) || table.full_rank()) {
      b.converged = true;
      return b;
    }
    if (table.L() >= max_terms) return b;
  }
}

}  // namespace

TEST_CASE("rank: one walk for many H gives the brackets of one table per H, bit for bit") {
  // spectral_lower_bounds carries each H's partial sum along one walk; the table path re-sums the
  // stored c_l^2, rho_l at every rung. Same operations in the same order: equal balls (arb_equal,
  // midpoint and radius), rungs and verdicts, also where H leave the walk at different rungs,
  // for full rank (r = d), the talk count, and budgets that stop mid-ladder.
  struct Case {
    ulong d, r;
    CountRule rule;
    long digits;
    ulong max_terms;
  };
  std::vector<Fmpz> hs;
  for (slong h : {1, 2, 3, 10, 100, 12345, 1000000}) hs.emplace_back(h);
  hs.emplace_back();  // H = 0
  hs.emplace_back();
  fmpz_ui_pow_ui(hs.back().x, 10, 40);
  for (Case c : {Case{8, 1, CountRule::exact, 30, 6485}, Case{8, 4, CountRule::exact, 30, 2000},
                 Case{8, 7, CountRule::exact, 20, 1621}, Case{8, 8, CountRule::exact, 30, 6485},
                 Case{16, 3, CountRule::talk, 25, 6485}, Case{64, 8, CountRule::exact, 60, 6485},
                 Case{5, 4, CountRule::talk, 12, 405}, Case{40, 39, CountRule::exact, 30, 101}}) {
    const auto many = spectral_lower_bounds(c.d, c.r, hs, c.rule, c.digits, c.max_terms);
    REQUIRE(many.size() == hs.size());
    for (size_t i = 0; i < hs.size(); ++i) {
      const LbBracket want = ladder_with_table(c.d, c.r, hs[i].x, c.rule, c.digits, c.max_terms);
      const LbBracket one = spectral_lower_bound(c.d, c.r, hs[i].x, c.rule, c.digits, c.max_terms);
      INFO("d=" << c.d << " r=" << c.r << " H=" << hs[i].str() << " digits=" << c.digits
                << " max_terms=" << c.max_terms);
      CHECK(arb_equal(many[i].lo.x, want.lo.x));
      CHECK(arb_equal(many[i].hi.x, want.hi.x));
      CHECK(many[i].terms == want.terms);
      CHECK(many[i].converged == want.converged);
      CHECK(arb_equal(one.lo.x, want.lo.x));
      CHECK(arb_equal(one.hi.x, want.hi.x));
      CHECK(one.terms == want.terms);
    }
  }
}

TEST_CASE("rank: the cost model predicts the degree at which the certified bracket stops") {
  // spectral_cost.cpp models the bracket's width from the closed forms in long double; the run
  // itself decides from Arb balls. The rung of the 101, 405, 1621, ... ladder must agree, or be
  // one rung off at most where the width crosses 10^-digits within a few percent of a rung.
  struct Case {
    ulong d, r, h;
    long digits;
  };
  int exact = 0, total = 0;
  for (Case c : {Case{8, 1, 100, 30}, Case{8, 1, 1, 30}, Case{64, 8, 1000, 30}, Case{64, 8, 1, 30},
                 Case{64, 63, 3, 30}, Case{16, 4, 100, 60}, Case{100, 10, 10000, 30}, Case{20, 19, 5, 30},
                 Case{10, 3, 7, 200}, Case{32, 31, 1, 20}, Case{8, 7, 1, 30}, Case{12, 2, 50, 40}}) {
    Fmpz h(static_cast<slong>(c.h));
    const ulong predicted = spectral_terms_estimate(c.d, c.r, h.x, CountRule::exact, c.digits, 200001);
    const ulong actual = spectral_lower_bound(c.d, c.r, h.x, CountRule::exact, c.digits, 200001).terms;
    INFO("d=" << c.d << " r=" << c.r << " H=" << c.h << " digits=" << c.digits << " predicted L=" << predicted
              << " actual L=" << actual);
    CHECK(predicted <= 4 * actual + 1);
    CHECK(actual <= 4 * predicted + 1);
    exact += predicted == actual;
    ++total;
  }
  CHECK(exact * 4 >= total * 3);  // most on the same rung
}

TEST_CASE("rank: double kernel agrees with the Arb kernel to 1e-10 relative") {
  for (ulong d : {3ul, 8ul, 64ul, 1000ul, 100000ul}) {
    for (ulong r : {1ul, 2ul, 7ul}) {
      if (r >= d) continue;
      for (ulong h : {1ul, 3ul, 40ul, 12345ul}) {
        Fmpz H(static_cast<slong>(h));
        auto a = spectral_lower_bound(d, r, H.x, CountRule::exact, 16, 400000);
        auto x = spectral_lower_bound_double(d, r, std::log(static_cast<long double>(h)), CountRule::exact,
                                             1e-14, 400000);
        if (!a.converged || !x.converged) continue;
        Arb mid;
        arb_add(mid.x, a.lo.x, a.hi.x, 128);
        arb_mul_2exp_si(mid.x, mid.x, -1);
        double m = arf_get_d(arb_midref(mid.x), ARF_RND_NEAR);
        if (m < 1e-6) continue;
        INFO("d=" << d << " r=" << r << " H=" << h);
        CHECK(std::fabs(0.5 * (x.lo + x.hi) - m) <= 1e-10 * m);
      }
    }
  }
}

TEST_CASE("rank: H_min by the double kernel equals the certified integer search") {
  for (auto [d, r, num, den] :
       {std::tuple{64ul, 8ul, 1l, 10ul}, {32ul, 4ul, 1l, 5ul}, {100ul, 3ul, 3l, 10ul}}) {
    auto exact = min_heads(d, r, Fmpq(num, den), CountRule::exact, 200001);
    REQUIRE(exact.decided);
    long double h =
        min_heads_double(d, r, static_cast<double>(num) / static_cast<double>(den), CountRule::exact, 200001);
    const std::string where = bc::test::cat("d=", d, " r=", r);
    INFO(where);
    CHECK(exact.h_min.str() == std::to_string(static_cast<unsigned long long>(h)));
  }
}

// rank majority's h_target (issue 16: found by a safeguarded secant instead of bisection). The
// reference is the definition itself, evaluated point by point: the smallest odd H with
// F(d, H) <= target, i.e. F(h) <= target < F(h - 2); and the cap: h_target is reported when it is
// <= the cap (the doubling search used to refuse h_target = cap), "beyond" when it is not.
TEST_CASE("rank majority: h_target is the least odd H with F(d, H) <= target") {
  for (auto [d, target] :
       {std::pair<unsigned long, double>{5, 0.2}, {7, 0.05}, {30, 0.02}, {64, 0.01}, {3, 0.3}}) {
    const unsigned long h = bc::rank::majority_min_heads(d, target, 100000000);
    const std::string where = bc::test::cat("d = ", d, ", target = ", target, ", h = ", h);
    INFO(where);
    REQUIRE(h % 2 == 1);
    CHECK(bc::rank::majority_failure(d, h) <= target);
    if (h > 1) CHECK(bc::rank::majority_failure(d, h - 2) > target);
  }
  const unsigned long h30 = bc::rank::majority_min_heads(30, 0.02, 100000000);
  CHECK(bc::rank::majority_min_heads(30, 0.02, h30) == h30);
  CHECK(bc::rank::majority_min_heads(30, 0.02, h30 - 1) == 0);
  CHECK(bc::rank::majority_min_heads(30, 0.02, 100) == 0);
}

// `table` cuts sweeps and deals shards by the per-H prices (issue 19): each must be the price of
// that bracket alone, whatever else the list holds (the ladder is shared, the price is not), and
// the price of the degree the bracket is predicted to stop at.
TEST_CASE("rank: per-H bracket prices are each bracket's own price") {
  std::vector<Fmpz> hs;
  for (slong h : {1, 10, 1000, 1000000, 10, 1}) hs.emplace_back(h);
  for (ulong r : {1UL, 4UL, 7UL, 8UL}) {
    INFO("d = 8, r = " << r);
    const auto each = bc::rank::spectral_seconds_each(8, r, hs, CountRule::exact, 30, 200001);
    REQUIRE(each.size() == hs.size());
    const double bits = static_cast<double>(bc::rank::spectral_prec(30, 200001));
    for (size_t i = 0; i < hs.size(); ++i) {
      const auto one = bc::rank::spectral_seconds_each(8, r, {hs[i]}, CountRule::exact, 30, 200001);
      CHECK(each[i] == one.at(0));
      const ulong L = spectral_terms_estimate(8, r, hs[i].x, CountRule::exact, 30, 200001);
      CHECK(each[i] == bc::rank::spectral_bracket_seconds(static_cast<double>(L) / 2.0, bits));
    }
  }
}
