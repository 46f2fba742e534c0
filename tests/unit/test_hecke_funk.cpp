// Hecke–Funk check and the Gauss–Jacobi rule it uses (src/sphere/gauss_jacobi.cpp).
#include "core/real_format.hpp"
#include "sphere/gauss_jacobi.hpp"
#include "sphere/hecke_funk.hpp"
#include "support.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace bc;
using namespace bc::sphere;

TEST_CASE("gauss-jacobi: integrates (1-x)^a (1+x)^b x^k exactly up to k = 2n-1") {
  // Reference: the Beta-function moments, computed in closed form for k = 0 and by symmetry.
  for (auto [a, b] : {std::pair{0.0, 0.0}, {-0.5, -0.5}, {0.5, 0.0}, {-0.5, 0.0}, {3.5, 3.5}, {48.5, 0.0}}) {
    const MpScope scope(50);
    auto rule = gauss_jacobi(12, a, b, 50);
    MpReal one = 0, sum_x = 0;
    for (size_t i = 0; i < rule.nodes.size(); ++i) {
      one += rule.weights[i];
      sum_x += rule.weights[i] * rule.nodes[i];
    }
    MpReal A = a, B = b;
    // int (1-x)^a (1+x)^b dx = 2^{a+b+1} B(a+1, b+1); int x (...) = that * (b-a)/(a+b+2)
    MpReal m0 = pow(MpReal(2), A + B + 1) * tgamma(A + 1) * tgamma(B + 1) / tgamma(A + B + 2);
    MpReal m1 = m0 * (B - A) / (A + B + 2);
    CHECK(abs(one / m0 - 1) < MpReal("1e-45"));
    CHECK(abs(sum_x - m1) < abs(m0) * MpReal("1e-45"));  // m1 may vanish: scale by m0
  }
}

TEST_CASE("hecke-funk: closed form equals quadrature, odd and even l, d = 2..200") {
  for (auto [d, l] : {std::pair{2ul, 1ul},
                      {2ul, 15ul},
                      {3ul, 1ul},
                      {3ul, 5ul},
                      {3ul, 4ul},
                      {4ul, 21ul},
                      {7ul, 99ul},
                      {64ul, 31ul},
                      {200ul, 301ul}}) {
    const MpScope scope(60);
    auto r = hecke_funk_check(d, l, 40);
    const std::string where = bc::test::cat("d=", d, " l=", l);
    INFO(where);
    CHECK(accurate_to_digits(r.closed_form.x, 40));
    if (l % 2 == 0) {
      CHECK(arb_is_zero(r.closed_form.x));
      CHECK(r.nodes == 0);
    } else {
      CHECK(r.abs_diff <= abs(r.quadrature) * MpReal("1e-45"));
    }
  }
}

// Boost 1.74's mpfr_float has one process-wide default precision: a result must not depend on
// what another computation (or thread) left there. Before MpScope, HeckeFunkCheck's members were
// created at the ambient precision, so a 5-digit ambient rounded a 60-digit quadrature to 5 digits.
// Reference: the certified closed form the check itself carries (Arb), to 45 digits.
TEST_CASE("hecke-funk: the quadrature does not depend on the ambient MPFR precision") {
  const unsigned before = MpReal::default_precision();
  MpReal::default_precision(5);
  auto r = hecke_funk_check(7, 99, 40);
  CHECK(MpReal::default_precision() == 5);  // restored
  MpReal::default_precision(before);
  const MpScope scope(60);
  CHECK(r.abs_diff <= abs(r.quadrature) * MpReal("1e-45"));
}
