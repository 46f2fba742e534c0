// Exact parsing of user reals (src/core/decimal.cpp): reference values are the rationals the
// notation denotes, built independently with FLINT's fmpq_set_si.
#include "core/decimal.hpp"

#include <doctest/doctest.h>

using bc::Fmpq;
using bc::parse_exact_rational;

static bool equals(const char* text, slong p, ulong q) {
  auto v = parse_exact_rational(text);
  return v && *v == Fmpq(p, q);
}

TEST_CASE("decimal: exact rationals from decimal and fraction notation") {
  CHECK(equals("0.3", 3, 10));
  CHECK(equals("-0.3", -3, 10));
  CHECK(equals("+.5", 1, 2));
  CHECK(equals("1e-3", 1, 1000));
  CHECK(equals("2.5E2", 250, 1));
  CHECK(equals("-1", -1, 1));
  CHECK(equals("0", 0, 1));
  CHECK(equals("3/10", 3, 10));
  CHECK(equals("-6/20", -3, 10));
  CHECK(equals("1.", 1, 1));
  CHECK(equals("000.1250", 1, 8));
}

TEST_CASE("decimal: malformed input is rejected, never approximated") {
  for (const char* bad : {"", "-", ".", "e5", "1e", "1e+", "0x10", "1/0", "1/-2", "--1", "1.2.3", "inf",
                          "nan", " 1", "1 ", "1,5", "1/2/3", "1e999999", "½"})
    CHECK_MESSAGE(!parse_exact_rational(bad), bad);
  CHECK(!parse_exact_rational(std::string(100001, '1')));
}
