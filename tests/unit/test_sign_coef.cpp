// Sign coefficients (src/sphere/sign_coef*.cpp): ratio recurrence vs Gamma closed form (Arb),
// vs mpmath's term-by-term closed form (data/sign_coef_mpmath.csv), vs the exact rationals, and
// the identities docs/math/sphere.md#sign-coefficients lists (d = 3 values, c_1(d) -> sqrt(2/pi), Parseval).
#include "core/real_format.hpp"
#include "sphere/parseval.hpp"
#include "sphere/sign_coef.hpp"
#include "support.hpp"

#include <doctest/doctest.h>

using namespace bc;
using namespace bc::sphere;

TEST_CASE("sign-coef: ratio recurrence equals the Gamma closed form") {
  for (ulong d : {2ul, 3ul, 4ul, 7ul, 64ul, 1000ul, 1000000ul}) {
    auto rows = sign_coef_rows(d, 1, 401, false, 256);
    REQUIRE(rows.size() == 201);
    for (const auto& r : rows) {
      Arb c, s;
      sign_coef_closed(c.x, d, r.l, 256);
      sign_coef_unit_closed(s.x, d, r.l, 256);
      INFO("d=" << d << " l=" << r.l);
      CHECK(arb_overlaps(c.x, r.coef.x));
      CHECK(arb_overlaps(s.x, r.coef_unit.x));
      CHECK(arb_rel_accuracy_bits(r.coef.x) > 200);
    }
  }
}

TEST_CASE("sign-coef: 45 digits against mpmath's closed form (data/sign_coef_mpmath.csv)") {
  auto table = test::read_csv("sign_coef_mpmath.csv");
  REQUIRE(table.size() >= 60);
  for (const auto& r : table) {
    ulong d = std::stoul(r[0]), l = std::stoul(r[1]);
    auto rows = sign_coef_eval(d, l, l, false, 45);
    REQUIRE(rows.size() == 1);
    Arb c = test::decimal_ball(r[2], 50), s = test::decimal_ball(r[3], 50);
    INFO("d=" << d << " l=" << l);
    CHECK(arb_overlaps(rows[0].coef.x, c.x));
    CHECK(arb_overlaps(rows[0].coef_unit.x, s.x));
    CHECK(accurate_to_digits(rows[0].coef.x, 45));
  }
}

TEST_CASE("sign-coef: exact values are enclosed by the balls, d = 3 gives 1/2, -1/8, 1/16") {
  auto ex = sign_coef_exact(3, 0, 5, false);
  REQUIRE(ex.size() == 3);
  CHECK(ex[0].coef_unit == "1/2");
  CHECK(ex[1].coef_unit == "-1/8");
  CHECK(ex[2].coef_unit == "1/16");
  CHECK(ex[0].coef == "sqrt(3)/2");
  CHECK(ex[0].energy == "3/4");
  // even d: rational / pi; d = 2: s_l = (-1)^((l-1)/2) 2/(pi l)
  auto e2 = sign_coef_exact(2, 1, 3, false);
  CHECK(e2[0].coef_unit == "2/pi");
  CHECK(e2[1].coef_unit == "-2/(3*pi)");
  // every exact coefficient (odd d) is inside the corresponding ball
  for (ulong d : {3ul, 5ul, 9ul}) {
    auto exact = sign_coef_exact(d, 0, 61, false);
    auto balls = sign_coef_rows(d, 0, 61, false, 256);
    REQUIRE(exact.size() == balls.size());
    for (size_t i = 0; i < exact.size(); ++i) {
      Fmpq q, e;
      REQUIRE(fmpq_set_str(q.x, exact[i].coef_unit.c_str(), 10) == 0);
      REQUIRE(fmpq_set_str(e.x, exact[i].energy.c_str(), 10) == 0);
      Arb qb, eb;
      arb_set_fmpq(qb.x, q.x, 256);
      arb_set_fmpq(eb.x, e.x, 256);
      CHECK(arb_contains(balls[i].coef_unit.x, qb.x));
      CHECK(arb_contains(balls[i].energy.x, eb.x));
    }
  }
}

TEST_CASE("sign-coef: include_even rows are zero with the running energy") {
  auto rows = sign_coef_rows(5, 0, 4, true, 128);
  REQUIRE(rows.size() == 5);
  CHECK(rows[0].l == 0);
  CHECK(arb_is_zero(rows[0].coef.x));
  CHECK(arb_is_zero(rows[0].energy.x));
  CHECK(rows[2].l == 2);
  CHECK(arb_equal(rows[2].energy.x, rows[1].energy.x));
}

TEST_CASE("sign-coef: c_1(d) -> sqrt(2/pi) like sqrt(2/pi)(1 + 1/(4d))") {
  Arb lim, c, diff, pred;
  arb_const_pi(lim.x, 256);
  arb_ui_div(lim.x, 2, lim.x, 256);
  arb_sqrt(lim.x, lim.x, 256);
  for (ulong d : {100ul, 10000ul, 1000000ul}) {
    sign_coef_closed(c.x, d, 1, 256);
    arb_sub(diff.x, c.x, lim.x, 256);
    arb_div_ui(pred.x, lim.x, 4 * d, 256);  // first-order term of the Gamma-ratio expansion
    arb_div(diff.x, diff.x, pred.x, 256);
    double ratio = arf_get_d(arb_midref(diff.x), ARF_RND_NEAR);
    CHECK(ratio > 0.99);
    CHECK(ratio < 1.01);
  }
}

TEST_CASE("sign-coef: Parseval bracket contains 1 - S_L and narrows with L") {
  for (ulong d : {2ul, 3ul, 8ul, 33ul}) {
    auto b1 = parseval_bracket(d, 1001, 192);
    auto b2 = parseval_bracket(d, 10001, 192);
    for (auto* b : {&b1, &b2}) {
      Arb gap, br;
      arb_one(gap.x);
      arb_sub(gap.x, gap.x, b->partial.x, 192);
      arb_union(br.x, b->tail_lo.x, b->tail_hi.x, 192);
      INFO("d=" << d << " L=" << b->L);
      CHECK(arb_contains(br.x, gap.x));
      CHECK(arb_lt(b->tail_lo.x, b->tail_hi.x));
    }
    Arb w1, w2;
    arb_sub(w1.x, b1.tail_hi.x, b1.tail_lo.x, 192);
    arb_sub(w2.x, b2.tail_hi.x, b2.tail_lo.x, 192);
    CHECK(arb_lt(w2.x, w1.x));
  }
}
