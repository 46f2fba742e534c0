// N(d,l): three algorithms against each other, against closed forms in l, and against Python's
// math.comb (data/dim_mathcomb.csv, an implementation independent of FLINT).
#include "sphere/dim.hpp"
#include "support.hpp"

#include <doctest/doctest.h>

#include <cmath>

using namespace bc;
using namespace bc::sphere;

TEST_CASE("dim: closed forms N(2,l) = 2, N(3,l) = 2l+1, N(4,l) = (l+1)^2") {
  Fmpz n;
  for (ulong l = 0; l <= 500; ++l) {
    harmonic_dim(n.x, 2, l);
    CHECK(fmpz_equal_ui(n.x, l == 0 ? 1 : 2));
    harmonic_dim(n.x, 3, l);
    CHECK(fmpz_equal_ui(n.x, 2 * l + 1));
    harmonic_dim(n.x, 4, l);
    CHECK(fmpz_equal_ui(n.x, (l + 1) * (l + 1)));
  }
}

TEST_CASE("dim: product form = difference form = ratio recurrence") {
  Fmpz a, b;
  for (ulong d : {2ul, 3ul, 4ul, 5ul, 6ul, 7ul, 8ul, 9ul, 10ul, 11ul, 12ul, 50ul, 1000ul, 123457ul}) {
    auto range = harmonic_dim_range(d, 200);
    for (ulong l = 0; l <= 200; ++l) {
      harmonic_dim(a.x, d, l);
      harmonic_dim_difference(b.x, d, l);
      REQUIRE(fmpz_equal(a.x, b.x));
      REQUIRE(fmpz_equal(a.x, range[l].x));
    }
  }
}

TEST_CASE("dim: agrees with Python math.comb, including 14551-digit N(100000, 10000)") {
  auto rows = test::read_csv("dim_mathcomb.csv");
  REQUIRE(rows.size() >= 15);
  bool saw_big = false;
  for (const auto& r : rows) {
    ulong d = std::stoul(r[0]), l = std::stoul(r[1]);
    Fmpz a, b;
    harmonic_dim(a.x, d, l);
    harmonic_dim_difference(b.x, d, l);
    std::string s = a.str();
    CHECK(fmpz_equal(a.x, b.x));
    CHECK(s.size() == std::stoul(r[2]));
    CHECK(s.substr(0, 20) == r[3]);
    CHECK(s.substr(s.size() > 20 ? s.size() - 20 : 0) == r[4]);
    CHECK(fmpz_fdiv_ui(a.x, 1000000007UL) == std::stoul(r[5]));
    CHECK(fmpz_fdiv_ui(a.x, (1UL << 61) - 1) == std::stoul(r[6]));
    if (r.size() > 7 && !r[7].empty()) CHECK(s == r[7]);
    if (d == 100000 && l == 10000) saw_big = s.size() == 14551;
  }
  CHECK(saw_big);
}

TEST_CASE("dim: the ball form encloses the exact integer, log10 estimate is close") {
  for (auto [d, l] : {std::pair{3ul, 7ul}, {64ul, 300ul}, {100000ul, 10000ul}, {2ul, 9ul}, {9ul, 0ul}}) {
    Fmpz n;
    harmonic_dim(n.x, d, l);
    Arb exact, ball;
    arb_set_fmpz(exact.x, n.x);
    harmonic_dim_arb(ball.x, d, l, 128);
    CHECK(arb_contains(ball.x, exact.x));
    double digits = static_cast<double>(n.str().size());
    CHECK(std::fabs(harmonic_dim_log10(d, l) + 1 - digits) <= 1.0);
  }
}
