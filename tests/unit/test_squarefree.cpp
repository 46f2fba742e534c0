// Square-free splits n = s^2 m and the closed-form printer (src/core/squarefree.*, closed_form.*).
// References are built from chosen primes, so the expected split is known by construction; the
// primes are checked prime by FLINT's n_is_prime (a BPSW test, deterministic below 2^64).
#include "core/closed_form.hpp"
#include "core/squarefree.hpp"

#include <doctest/doctest.h>
#include <flint/ulong_extras.h>

namespace {

using bc::Fmpq;
using bc::Fmpz;

// s and m of n, and whether the split was proven
std::tuple<std::string, std::string, bool> split(const Fmpz& n) {
  Fmpz s, m;
  const bool ok = bc::squarefree_split(s.x, m.x, n.x);
  return {bc::to_string(s.x), bc::to_string(m.x), ok};
}

Fmpz product(std::initializer_list<ulong> ps) {
  Fmpz n(1);
  for (ulong p : ps) fmpz_mul_ui(n.x, n.x, p);
  return n;
}

}  // namespace

TEST_CASE("squarefree: small, large-prime and unproven cofactors split as constructed") {
  const ulong p = 65537, q = 65539, big1 = 1125899906842597, big2 = 1125899906842679;  // 2^50 - 27, 2^50 + 55
  for (ulong x : {p, q, big1, big2}) REQUIRE(n_is_prime(x));
  CHECK(split(product({2, 2, 3, 17})) == std::tuple{"2", "51", true});     // 204 = 2^2 * 51
  CHECK(split(product({p, p, q})) == std::tuple{"65537", "65539", true});  // cofactor p^2 q > 2^48: factored
  CHECK(split(product({p, q})) == std::tuple{"1", "4295229443", true});    // pq < 2^48: no square possible
  CHECK(split(product({big1, big1})) == std::tuple{"1125899906842597", "1", true});  // a square cofactor
  CHECK(split(product({3, 3, big1, big2})) == std::tuple{"3", "1267650600228260926694094797363", false});
}

TEST_CASE("closed forms print the root in the numerator, square-free, in lowest terms") {
  Fmpq c;
  Fmpz n(204);
  fmpq_set_si(c.x, -3, 256);
  CHECK(bc::closed_form_text_sqrt(c.x, n.x, 0) == "-3*sqrt(51)/128");
  fmpq_set_si(c.x, 8, 3);
  Fmpz one(1);
  CHECK(bc::closed_form_text(c.x, one.x, -1) == "8/(3*pi)");
  CHECK(bc::closed_form_text(c.x, one.x, 2) == "8*pi^2/3");
  fmpq_set_si(c.x, 1, 4);
  Fmpz sq(16);
  CHECK(bc::closed_form_text_sqrt(c.x, sq.x, -2) == "1/pi^2");
  fmpq_zero(c.x);
  CHECK(bc::closed_form_text_sqrt(c.x, n.x, 1) == "0");
}
