// Exact parsing of user reals (src/core/decimal.cpp): reference values are the rationals the
// notation denotes, built independently with FLINT's fmpq_set_si. Printing reals (real_format):
// references by hand or from mpmath, as each case says.
#include "core/decimal.hpp"
#include "core/flint.hpp"
#include "core/real_format.hpp"
#include "output/cell_value.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

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
namespace {

/// x = 2^(sign 2^40), exactly: an exponent no decimal printer may build as 10^k.
void two_pow_two_pow_40(arb_t x, int sign) {
  fmpz_t e;
  fmpz_init(e);
  fmpz_set_si(e, sign);
  fmpz_mul_2exp(e, e, 40);
  arb_one(x);
  arb_mul_2exp_fmpz(x, x, e);
  fmpz_clear(e);
}

}  // namespace

TEST_CASE("real_format: decimal exponents far beyond 10^4096 print without building 10^k") {
  bc::Arb x;
  two_pow_two_pow_40(x.x, 1);  // exactly 2^(2^40)
  CHECK(bc::format_real(x.x, 30, false) == "8.05723224506582382563102683908e+330985980541");
  CHECK(bc::format_bound(x.x, 12, -1) == "8.05723224506e+330985980541");
  CHECK(bc::format_bound(x.x, 12, +1) == "8.05723224507e+330985980541");
  two_pow_two_pow_40(x.x, -1);  // 2^(-2^40)
  CHECK(bc::format_real(x.x, 30, false) == "1.24112098247185434939175741004e-330985980542");
  CHECK(bc::format_bound(x.x, 13, -1) == "1.241120982471e-330985980542");
  CHECK(bc::format_bound(x.x, 13, +1) == "1.241120982472e-330985980542");
}

// Issue 29: between 2^50 and 2^62 the binary exponent still fits the fast path, but a double no
// longer holds e log10(2) to the unit: 2^(10^18) printed "...e+301029995663981188" (true: ...195),
// 2^957649582330950229 "0e+288281249616699388". Reference: Arb's own decimal conversion
// (arb_get_str), which builds 10^k in ball arithmetic at the precision the exponent needs; an exact
// power of two has no tie to round (2^e 10^k is never an odd multiple of 1/2), so the digits agree.
TEST_CASE("real_format: 2^e for 2^50 <= e < 2^62 prints the exponent arb_get_str prints") {
  flint_rand_t state;
  flint_randinit(state);
  for (int it = 0; it < 300; ++it) {
    fmpz_t e;
    fmpz_init(e);
    if (it == 0) {
      fmpz_set_ui(e, 1000000000000000000UL);
    } else if (it == 1) {
      fmpz_set_ui(e, 957649582330950229UL);
    } else {
      fmpz_randbits(e, state, 50 + it % 12);  // |e| of 50 to 61 bits, either sign
      if (fmpz_bits(e) < 50) fmpz_setbit(e, 50);
    }
    bc::Arb x;
    arb_one(x.x);
    arb_mul_2exp_fmpz(x.x, x.x, e);
    fmpz_clear(e);
    char* s = arb_get_str(x.x, 30, ARB_STR_NO_RADIUS);
    const std::string arb(s);
    flint_free(s);
    INFO("it " << it << ": arb " << arb);
    CHECK(bc::format_real(x.x, 30, false) == arb);
    // the same exponent in the bounds and in a ball too wide for format_real
    const std::string exp10 = arb.substr(arb.find('e'));
    const std::string lower = bc::format_bound(x.x, 12, -1);
    CHECK(lower.substr(lower.find('e')) == exp10);
    mag_set_ui_2exp_si(arb_radref(x.x), 1, arf_abs_bound_lt_2exp_si(arb_midref(x.x)) - 40);
    const std::string wide = bc::format_within_unit(x.x, 30);
    CHECK(wide.substr(wide.find('e')) == exp10);
  }
  flint_randclear(state);
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

// The decade of each value is found from its binary exponent and a table of 10^k in double (issue
// 37): values just below and just above 10^k, for every k the table covers and past its ends,
// print as Arb's own conversion prints them (the reference).
TEST_CASE("real_format: values next to a power of ten print as arb_get_str prints them") {
  int compared = 0;
  for (slong k = -310; k <= 310; ++k)
    for (const slong below : {-300, -60, -1, 0, 1, 60, 300}) {
      bc::Arb x, ten;
      arb_set_ui(ten.x, 10);
      arb_pow_fmpz_binexp(x.x, ten.x, bc::Fmpz(k).x, 400);  // 10^k at 400 bits
      bc::Arb eps;
      arb_one(eps.x);
      arb_mul_2exp_si(eps.x, eps.x, -std::abs(below) - 20);
      if (below < 0) arb_neg(eps.x, eps.x);
      if (below != 0) arb_addmul(x.x, x.x, eps.x, 400);  // 10^k (1 +- 2^-(|below| + 20))
      mag_set_ui_2exp_si(arb_radref(x.x), 1, arf_abs_bound_lt_2exp_si(arb_midref(x.x)) - 390);
      for (const long digits : {1L, 15L, 50L}) {
        const std::string ours = bc::format_real(x.x, digits, false);
        char* s = arb_get_str(x.x, digits, ARB_STR_NO_RADIUS);
        const std::string arb(s);
        flint_free(s);
        INFO("10^" << k << ", offset 2^-" << std::abs(below) + 20 << ", " << digits << " digits");
        CHECK(ours == arb);
        ++compared;
      }
    }
  CHECK(compared == 621 * 7 * 3);
}

namespace {

std::string within_unit(const char* ball, long max_digits) {
  bc::Arb x;
  REQUIRE(arb_set_str(x.x, ball, 256) == 0);
  return bc::format_within_unit(x.x, max_digits);
}

/// Significant digits of a decimal as format_real lays it out ("-0.036172" -> 5, "10.000" -> 5).
long significant(const std::string& s) {
  std::string m = s.substr(0, s.find('e'));
  std::erase_if(m, [](char c) { return c == '-' || c == '.'; });
  return static_cast<long>(m.size() - std::min(m.size(), m.find_first_not_of('0')));
}

}  // namespace

// Red-team (table derived columns): a ball computed from printed inputs prints the most digits
// whose last unit holds it. References by exact arithmetic by hand: [-0.330719 +- 1e-6] lies in
// -0.33072 +- 1e-5 (6 digits would need zero slack, which a binary radius rounded up cannot prove);
// [9.99996 +- 3e-5] lies in 10.000 +- 0.001 but not in 9.99996 +- 1e-5 (and rounds up across a
// power of ten); N_tr / L = [1082633.33 +- 8.34] lies in 1.0826e6 +- 100, not in 1.08263e6 +- 10;
// 2^(2^40) (mpmath: 8.05723224506582382563e+330985980541) +- 1e-6 relative lies in 8.0572e.. +- 1e-4
// units (|8.0572322 - 8.0572| + 8.1e-6 < 1e-4) but not in 8.05723 +- 1e-5 (2.2e-6 + 8.1e-6).
TEST_CASE("real_format: format_within_unit prints the digits whose last unit holds the ball") {
  CHECK(within_unit("[-0.330719 +/- 1e-6]", 6) == "-0.33072");
  CHECK(within_unit("[9.99996 +/- 3e-5]", 30) == "10.000");
  CHECK(within_unit("[1082633.33 +/- 8.34]", 6) == "1.0826e+6");
  CHECK(within_unit("[1082633.33 +/- 8.34]", 4) == "1.083e+6");
  CHECK(within_unit("[+/- 1e-6]", 6).empty());  // contains zero: no digit
  CHECK(within_unit("[1 +/- 2]", 6).empty());
  bc::Arb x;
  two_pow_two_pow_40(x.x, 1);
  bc::Arb rel;
  arb_set_str(rel.x, "[1 +/- 1e-6]", 64);
  arb_mul(x.x, x.x, rel.x, 64);
  CHECK(bc::format_within_unit(x.x, 30) == "8.0572e+330985980541");
  arb_pos_inf(x.x);
  CHECK(bc::format_within_unit(x.x, 6).empty());
}

// The property that makes a derived column of a derived column an enclosure: the printed decimal,
// read back as +-1 unit in its last digit (output/cell_value.hpp printed_interval, exact rationals),
// holds the whole ball; and no fewer digits than format_real's half-unit rule gives. Random balls.
TEST_CASE("real_format: format_within_unit read back as +-1 unit holds the ball, on random balls") {
  flint_rand_t state;
  flint_randinit(state);
  int printed = 0;
  for (int it = 0; it < 5000; ++it) {
    bc::Arb x;
    arb_randtest_precise(x.x, state, 80, 6);
    if (arb_is_zero(x.x) || !arb_is_finite(x.x)) continue;
    // a relative radius of 2^-5 .. 2^-64
    mag_set_ui_2exp_si(
        arb_radref(x.x), 1 + n_randint(state, 1000),
        arf_abs_bound_lt_2exp_si(arb_midref(x.x)) - 15 - static_cast<slong>(n_randint(state, 60)));
    const long cap = 1 + it % 25;
    const std::string s = bc::format_within_unit(x.x, cap);
    if (s.empty()) {
      CHECK(!bc::accurate_to_digits(x.x, 1));
      continue;
    }
    ++printed;
    INFO(s);
    CHECK(significant(s) <= cap);
    long half_unit = 0;
    while (half_unit < cap && bc::accurate_to_digits(x.x, half_unit + 1)) ++half_unit;
    CHECK(significant(s) >= half_unit);
    Fmpq lo, hi;
    REQUIRE(bc::out::printed_interval(lo, hi, s));
    bc::Arf a, b;
    arb_get_lbound_arf(a.x, x.x, ARF_PREC_EXACT);
    arb_get_ubound_arf(b.x, x.x, ARF_PREC_EXACT);
    Fmpq qa, qb;
    arf_get_fmpq(qa.x, a.x);
    arf_get_fmpq(qb.x, b.x);
    CHECK(fmpq_cmp(lo.x, qa.x) <= 0);
    CHECK(fmpq_cmp(qb.x, hi.x) <= 0);
  }
  flint_randclear(state);
  CHECK(printed > 3000);
}
