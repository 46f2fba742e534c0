// Exact parsing of user reals (src/core/decimal.cpp): reference values are the rationals the
// notation denotes, built independently with FLINT's fmpq_set_si.
#include "core/decimal.hpp"
#include "core/flint.hpp"
#include "core/real_format.hpp"

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

// Issue 20 §4: 2^(2^40) as a derived column aborted the program (gmp: overflow in mpz type) while
// the printer built 10^(3.3*10^11) exactly. Reference digits: mpmath at 45 significant digits,
// mpmath.nstr(mpf(2)**(2**40), 30) and mpf(2)**(-(2**40)).
TEST_CASE("real_format: decimal exponents far beyond 10^4096 print without building 10^k") {
  bc::Arb x;
  fmpz_t e;
  fmpz_init(e);
  fmpz_one(e);
  fmpz_mul_2exp(e, e, 40);
  arb_one(x.x);
  arb_mul_2exp_fmpz(x.x, x.x, e);  // exactly 2^(2^40)
  CHECK(bc::format_real(x.x, 30, false) == "8.05723224506582382563102683908e+330985980541");
  CHECK(bc::format_bound(x.x, 12, -1) == "8.05723224506e+330985980541");
  CHECK(bc::format_bound(x.x, 12, +1) == "8.05723224507e+330985980541");
  fmpz_neg(e, e);
  arb_one(x.x);
  arb_mul_2exp_fmpz(x.x, x.x, e);  // 2^(-2^40)
  CHECK(bc::format_real(x.x, 30, false) == "1.24112098247185434939175741004e-330985980542");
  CHECK(bc::format_bound(x.x, 13, -1) == "1.241120982471e-330985980542");
  CHECK(bc::format_bound(x.x, 13, +1) == "1.241120982472e-330985980542");
  fmpz_clear(e);
}

// Issue 20 §3: an exact ball prints as the exact value it is (reference: the value itself).
TEST_CASE("real_format: exact integers and short exact decimals print as themselves") {
  bc::Arb x;
  arb_set_ui(x.x, 1073741824);
  CHECK(bc::format_real(x.x, 30, false) == "1073741824");
  CHECK(bc::format_real(x.x, 30, true) == "1073741824");
  CHECK(bc::format_real(x.x, 5, false) == "1.0737e+9");  // more digits than asked: rounded
  arb_set_si(x.x, -10);
  CHECK(bc::format_real(x.x, 30, false) == "-10");
  arb_set_d(x.x, 0.25);
  CHECK(bc::format_real(x.x, 30, false) == "0.25");
  arb_set_d(x.x, -12.5);
  CHECK(bc::format_real(x.x, 30, false) == "-12.5");
  arb_set_ui(x.x, 1);
  arb_div_ui(x.x, x.x, 3, 200);  // not exact: every digit
  CHECK(bc::format_real(x.x, 30, false) == "0.333333333333333333333333333333");
  arb_set_ui(x.x, 10);
  mag_set_d(arb_radref(x.x), 1e-40);  // 10 within 1e-40 is not known to be 10: all its digits
  CHECK(bc::format_real(x.x, 30, false) == "10.0000000000000000000000000000");
}

// The mpn fast path of format_real (issue 16: 5^k cached as limbs, one exact product, a rounding
// shift, mpn_get_str) against Arb's own decimal conversion (arb_get_str), on random balls of 1 to
// 60 digits: the digits must be identical except at an exact tie, where Arb rounds away from zero
// and format_real to even (both correct to one unit in the last place).
TEST_CASE("real_format: the fast decimal conversion agrees with arb_get_str on random balls") {
  flint_rand_t state;
  flint_randinit(state);
  int compared = 0, ties = 0;
  for (int it = 0; it < 20000; ++it) {
    const long digits = 1 + it % 60;
    const slong prec = bc::bits_for_digits(digits) + it % 64;
    bc::Arb x;
    arb_randtest_precise(x.x, state, prec, 1 + it % 12);
    if (arb_is_zero(x.x) || !arb_is_finite(x.x)) continue;
    // an inexact ball (so that exact_short does not apply), accurate to `digits`
    mag_set_ui_2exp_si(arb_radref(x.x), 1, arf_abs_bound_lt_2exp_si(arb_midref(x.x)) - prec - 40);
    if (!bc::accurate_to_digits(x.x, digits)) continue;
    const std::string ours = bc::format_real(x.x, digits, false);
    char* s = arb_get_str(x.x, digits, ARB_STR_NO_RADIUS);
    const std::string arb(s);
    flint_free(s);
    ++compared;
    if (ours == arb) continue;
    // a tie: the midpoint times 10^k is an odd multiple of 1/2, so one more digit ends in 5
    char* t = arb_get_str(x.x, digits + 1, ARB_STR_NO_RADIUS);
    const std::string longer(t);
    flint_free(t);
    const size_t e = longer.find('e');
    INFO("digits " << digits << ": " << ours << " vs arb " << arb << " (" << longer << ")");
    CHECK(longer[(e == std::string::npos ? longer.size() : e) - 1] == '5');
    ++ties;
  }
  flint_randclear(state);
  CHECK(compared > 15000);
  CHECK(ties < compared / 50);
}
