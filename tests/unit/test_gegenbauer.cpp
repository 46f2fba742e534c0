// Gegenbauer values (src/sphere/gegenbauer*.cpp) against independent references:
//   - mpmath's hypergeometric gegenbauer (data/gegenbauer_mpmath.csv, 40 digits);
//   - Arb's arb_hypgeom_gegenbauer_c, in-process on a grid, and at large degree from the
//     committed generator (data/gegenbauer_large_arb.csv);
//   - exact rational values from FLINT's fmpq_poly_gegenbauer_c / fmpz_poly_chebyshev_t;
//   - a plain MPFR three-term recurrence (Boost.Multiprecision) at 300 digits;
//   - Boost.Math's double-precision gegenbauer for small degrees.
#include <limits>  // Boost 1.74's gegenbauer.hpp needs it first (fixed upstream in 1.77)

#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "core/real_format.hpp"
#include "sphere/dim.hpp"
#include "sphere/gegenbauer.hpp"
#include "support.hpp"

#include <arb_hypgeom.h>
#include <doctest/doctest.h>
#include <flint/fmpq_poly.h>
#include <flint/fmpz_poly.h>
#include <boost/math/special_functions/gegenbauer.hpp>
#include <boost/multiprecision/mpfr.hpp>

#include <cmath>

using namespace bc;
using namespace bc::sphere;

namespace {

// C_l^{(d-2)/2}(p/q) by the plain three-term recurrence in 300-digit MPFR (no balls):
// (n+1) C_{n+1} = (2n+d-2) t C_n - (n+d-3) C_{n-1}; the midpoint of the returned ball.
Arb mpfr_recurrence(ulong d, ulong l, long p, long q) {
  using Mp = boost::multiprecision::mpfr_float;
  Mp::default_precision(300);
  Mp t = Mp(p) / q, p0 = 1, p1 = (d - 2) * t;
  for (ulong n = 1; n < l; ++n) {
    Mp p2 = ((2 * n + d - 2) * t * p1 - (n + d - 3) * p0) / (n + 1);
    p0 = std::move(p1);
    p1 = std::move(p2);
  }
  Arb ref;
  arf_set_mpfr(arb_midref(ref.x), p1.backend().data());
  return ref;
}

Fmpq rational(const char* s) {
  Fmpq q;
  fmpq_set_str(q.x, s, 10);
  return q;
}

// Exact C_l^lambda(t) (lambda = (d-2)/2, d >= 3) or T_l(t) (d = 2) as a rational.
Fmpq exact_value(ulong d, ulong l, const Fmpq& t) {
  Fmpq out;
  if (d == 2) {
    fmpz_poly_t p;
    fmpz_poly_init(p);
    fmpz_poly_chebyshev_t(p, l);
    fmpz_poly_evaluate_fmpq(out.x, p, t.x);
    fmpz_poly_clear(p);
  } else {
    fmpq_poly_t p;
    fmpq_poly_init(p);
    Fmpq lam(static_cast<slong>(d - 2), 2);
    fmpq_poly_gegenbauer_c(p, l, lam.x);
    fmpq_poly_evaluate_fmpq(out.x, p, t.x);
    fmpq_poly_clear(p);
  }
  return out;
}

}  // namespace

TEST_CASE("gegenbauer: 35 correct digits against mpmath (data/gegenbauer_mpmath.csv)") {
  auto rows = test::read_csv("gegenbauer_mpmath.csv");
  REQUIRE(rows.size() > 500);
  for (const auto& r : rows) {
    ulong d = std::stoul(r[0]), l = std::stoul(r[1]);
    Fmpq t = rational(r[2].c_str());
    GegenbauerNorm norm{};
    REQUIRE(parse_norm(r[3], norm));
    auto v = gegenbauer_eval(d, l, t, norm, 35);
    INFO("d=" << d << " l=" << l << " t=" << r[2] << " norm=" << r[3]);
    if (r[4] == "0") {
      CHECK(arb_is_zero(v.value.x));
      continue;
    }
    Arb ref = test::decimal_ball(r[4], 40);
    CHECK(accurate_to_digits(v.value.x, 35));
    CHECK(arb_overlaps(v.value.x, ref.x));
  }
}

TEST_CASE("gegenbauer: cosine sum and recurrence against arb_hypgeom_gegenbauer_c") {
  const slong prec = 512;
  for (ulong d : {3ul, 4ul, 5ul, 7ul, 12ul, 101ul}) {
    for (ulong l : {0ul, 1ul, 2ul, 9ul, 64ul, 333ul}) {
      for (const char* ts : {"-99/100", "-1/3", "1/1000", "1/2", "7/8", "3/2", "-11/5"}) {
        Fmpq t = rational(ts);
        Arb mine, ref, n, m, z;
        gegenbauer_ball(mine.x, d, l, t, GegenbauerNorm::standard, prec);
        arb_set_ui(n.x, l);
        arb_set_ui(m.x, d - 2);
        arb_mul_2exp_si(m.x, m.x, -1);
        arb_set_fmpq(z.x, t.x, prec);
        arb_hypgeom_gegenbauer_c(ref.x, n.x, m.x, z.x, prec);
        INFO("d=" << d << " l=" << l << " t=" << std::string(ts));
        CHECK(arb_overlaps(mine.x, ref.x));
        // tight: relative radius below 2^-300, or (at an exact zero such as C_2^1(1/2)) absolute
        CHECK((arb_rel_accuracy_bits(mine.x) > 300 || mag_cmp_2exp_si(arb_radref(mine.x), -300) < 0));
      }
    }
  }
}

TEST_CASE("gegenbauer: balls contain the exact rational value (FLINT polynomials)") {
  for (ulong d : {2ul, 3ul, 4ul, 6ul, 9ul}) {
    for (ulong l : {0ul, 1ul, 2ul, 3ul, 10ul, 41ul}) {
      for (const char* ts : {"-1", "-3/4", "0", "2/7", "1", "5/3", "-9/2"}) {
        Fmpq t = rational(ts);
        Fmpq e = exact_value(d, l, t);
        Arb mine, ex;
        gegenbauer_ball(mine.x, d, l, t, GegenbauerNorm::unit, 256);
        if (d > 2) {  // unit = C / C(1), C(1) = binom(l+d-3, l)
          Fmpz c1;
          fmpz_bin_uiui(c1.x, l + d - 3, l);
          fmpq_div_fmpz(e.x, e.x, c1.x);
        }
        arb_set_fmpq(ex.x, e.x, 256);
        INFO("d=" << d << " l=" << l << " t=" << std::string(ts));
        CHECK(arb_contains(mine.x, ex.x));
      }
    }
  }
}

TEST_CASE("gegenbauer: normalisations and edge cases") {
  const Fmpq one(1, 1), minus_one(-1, 1), zero(0, 1), half(1, 2);
  // unit: P(1) = 1, P(-1) = (-1)^l
  for (ulong d : {2ul, 3ul, 10ul})
    for (ulong l : {0ul, 1ul, 2ul, 7ul}) {
      auto v = gegenbauer_eval(d, l, one, GegenbauerNorm::unit, 30);
      CHECK(arb_is_one(v.value.x));
      auto w = gegenbauer_eval(d, l, minus_one, GegenbauerNorm::unit, 30);
      Arb expect;
      arb_set_si(expect.x, (l & 1) ? -1 : 1);
      CHECK(arb_equal(w.value.x, expect.x));
    }
  // orthonormal^2 = N(d,l) unit^2
  for (ulong d : {2ul, 3ul, 5ul, 40ul}) {
    auto u = gegenbauer_eval(d, 6, half, GegenbauerNorm::unit, 40);
    auto q = gegenbauer_eval(d, 6, half, GegenbauerNorm::orthonormal, 40);
    Arb n, lhs, rhs;
    harmonic_dim_arb(n.x, d, 6, 256);
    arb_sqr(lhs.x, q.value.x, 256);
    arb_sqr(rhs.x, u.value.x, 256);
    arb_mul(rhs.x, rhs.x, n.x, 256);
    CHECK(arb_overlaps(lhs.x, rhs.x));
  }
  // odd degree at t = 0 is an exact zero; so is C_2^1(1/2) = 4t^2 - 1 (d = 4)
  CHECK(gegenbauer_eval(5, 7, zero, GegenbauerNorm::standard, 30).exact_zero);
  CHECK(gegenbauer_eval(4, 2, half, GegenbauerNorm::standard, 30).exact_zero);
  // d = 2, standard: (2/l) T_l with a note; l = 0 gives 1
  auto s = gegenbauer_eval(2, 5, rational("3/10"), GegenbauerNorm::standard, 30);
  Arb expect;
  arb_set_str(expect.x, "0.399552", 256);  // (2/5) T_5(0.3) = (2/5)(16 t^5 - 20 t^3 + 5 t), exact
  CHECK(arb_contains(s.value.x, expect.x));
  CHECK(!s.note.empty());
  CHECK(arb_is_one(gegenbauer_eval(2, 0, half, GegenbauerNorm::standard, 30).value.x));
}

TEST_CASE("gegenbauer: large degree against Arb's hypergeometric routine (generator data)") {
  auto rows = test::read_csv("gegenbauer_large_arb.csv");
  REQUIRE(rows.size() >= 7);
  for (const auto& r : rows) {
    ulong d = std::stoul(r[0]), l = std::stoul(r[1]);
    Fmpq t = *parse_exact_rational(r[2]);
    Arb ref;
    REQUIRE(arb_set_str(ref.x, r[4].c_str(), 1024) == 0);
    auto v = gegenbauer_eval(d, l, t, GegenbauerNorm::standard, 40);
    INFO("d=" << d << " l=" << l << " t=" << r[2]);
    CHECK(accurate_to_digits(v.value.x, 40));
    CHECK(arb_overlaps(v.value.x, ref.x));
  }
}

TEST_CASE("gegenbauer: d = 11, l = 10^4 and d = 100, l = 10^5 against a 300-digit MPFR recurrence") {
  for (auto [d, l] : {std::pair{11ul, 10000ul}, {100ul, 100000ul}}) {
    const Arb ref = mpfr_recurrence(d, l, 3, 10);
    auto v = gegenbauer_eval(d, l, Fmpq(3, 10), GegenbauerNorm::standard, 30);
    const std::string where = bc::test::cat("d=", d, " l=", l);
    INFO(where);
    CHECK(test::agreeing_digits(v.value.x, ref.x) > 31);
  }
}

// The cosine sum takes its cosines by the Chebyshev recurrence on midpoints, with an error bound
// proved in gegenbauer_cos.cpp, or by rotation near 2 th = 0, pi (issue 37). The bound must hold
// where rounding is heaviest: at 64 and 128 bits (cancellation then leaves wide balls, which must
// still contain the exact rational value), on both sides of the threshold 4 t^2 (1 - t^2) = 1/4096
// (t ~ 0.0078 and ~ 0.99997) and far from it; at 512 bits the ball must also be tight (not a bound
// so loose that containment is trivial).
TEST_CASE(
    "gegenbauer: the cosine sum's Chebyshev bound holds at low precision on both sides of its threshold") {
  int chebyshev = 0, rotation = 0;
  for (const char* ts : {"1/200", "1/100", "3/10", "-7/10", "99/100", "99995/100000", "99999/100000"}) {
    const Fmpq t = rational(ts);
    (gegenbauer_cos_by_chebyshev(fmpq_get_d(t.x)) ? chebyshev : rotation)++;
    for (ulong d : {3ul, 11ul}) {
      for (ulong l : {2ul, 3ul, 1000ul, 3001ul}) {
        const Fmpq exact = exact_value(d, l, t);  // FLINT's Gegenbauer polynomial
        for (slong prec : {64L, 128L, 512L}) {
          Arb tb, mine, ex;
          arb_set_fmpq(tb.x, t.x, prec);
          gegenbauer_c_cos(mine.x, d, l, tb.x, prec);
          arb_set_fmpq(ex.x, exact.x, 2 * prec);
          INFO("t=" << std::string(ts) << " d=" << d << " l=" << l << " prec=" << prec);
          CHECK(arb_contains(mine.x, ex.x));
          if (prec == 512) CHECK(arb_rel_accuracy_bits(mine.x) > 380);
        }
      }
    }
  }
  CHECK(chebyshev == 5);  // 1/200 and 99999/100000 lie beyond the threshold: the rotation
  CHECK(rotation == 2);
}

TEST_CASE("gegenbauer: |t| > 1 at large degree (cosh sum) against a 300-digit MPFR recurrence") {
  // The ball recurrence lost a third of a bit per degree here (44000 working bits at l = 10^5,
  // then a refusal); the cosh form keeps the target precision. In point arithmetic the forward
  // recurrence is stable for the dominant solution, so a 300-digit MPFR run is a reference.
  struct Case {
    ulong d, l;
    long p, q;
  };
  for (auto c : {Case{3, 100000, 3, 2}, Case{5, 20000, -11, 5}, Case{64, 30001, 101, 100}}) {
    const Arb ref = mpfr_recurrence(c.d, c.l, c.p, c.q);
    auto v = gegenbauer_eval(c.d, c.l, Fmpq(c.p, static_cast<ulong>(c.q)), GegenbauerNorm::standard, 30);
    INFO("d=" << c.d << " l=" << c.l << " t=" << c.p << "/" << c.q);
    CHECK(test::agreeing_digits(v.value.x, ref.x) > 31);
    CHECK(v.prec < 400);  // no precision escalation
  }
}

TEST_CASE("gegenbauer: Boost.Math double precision agrees for small degrees") {
  for (ulong d : {3ul, 4ul, 8ul})
    for (unsigned l : {0u, 1u, 5u, 20u})
      for (double t : {-0.8, -0.25, 0.4, 0.9}) {
        double lam = (static_cast<double>(d) - 2) / 2;
        double b = boost::math::gegenbauer(l, lam, t);
        Fmpq tq;
        fmpq_set_si(tq.x, static_cast<slong>(std::lround(t * 100)), 100);
        auto v = gegenbauer_eval(d, l, tq, GegenbauerNorm::standard, 20);
        double mine = arf_get_d(arb_midref(v.value.x), ARF_RND_NEAR);
        CHECK(std::fabs(mine - b) <= 1e-12 * std::max(1.0, std::fabs(b)));
      }
}

TEST_CASE("gegenbauer: the cancellation estimate matches the bits the cosine sum really loses") {
  // reference: log2(C_l(1) / |C_l(t)|) from the certified values themselves
  struct Case {
    ulong d, l;
    long p;
    ulong q;
  };
  for (auto c :
       {Case{5, 1000, 3, 10}, Case{100, 10000, 1, 2}, Case{1000, 3000, -7, 10}, Case{64, 65, 9, 10}}) {
    auto v = gegenbauer_eval(c.d, c.l, Fmpq(c.p, c.q), GegenbauerNorm::unit, 20);
    Arb lg;
    arb_abs(lg.x, v.value.x);
    arb_log(lg.x, lg.x, 128);
    const double truth = -arf_get_d(arb_midref(lg.x), ARF_RND_NEAR) / std::log(2.0);
    const double est =
        gegenbauer_cos_cancellation_bits(c.d, c.l, static_cast<double>(c.p) / static_cast<double>(c.q));
    INFO("d=" << c.d << " l=" << c.l << " truth=" << truth << " est=" << est);
    CHECK(std::fabs(est - std::max(0.0, truth)) < 2.0);
  }
}

TEST_CASE("gegenbauer: absurd requests are refused up front") {
  CHECK_THROWS_AS(gegenbauer_eval(1000000, 1000000, Fmpq(1, 2), GegenbauerNorm::orthonormal, 30),
                  ResourceError);
  CHECK_THROWS_AS(gegenbauer_eval(100, 1ul << 40, Fmpq(3, 10), GegenbauerNorm::standard, 30), ResourceError);
  CHECK_THROWS_AS(gegenbauer_eval(3, 1000000, Fmpq(3, 10), GegenbauerNorm::standard, 20000), ResourceError);
}
