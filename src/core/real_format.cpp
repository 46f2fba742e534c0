// Decimal output of balls. The non-certified path converts the midpoint itself (faster than
// arb_get_str, which the certified path uses) and keeps arb_get_str's layout rules:
//   digits d_1...d_D and decimal exponent e (x = 0.d_1...d_D * 10^(e+1)); fixed notation when
//   -4 <= e <= max(6, D-1) and e < D-1, else d_1.d_2...d_De+-E.
// Correctness: with rel. radius <= 2^-(3.33 D + 8) and the scaling done at 16 more bits, the
// integer round(mid * 10^k) is within 0.5 + 2^-7 units of x * 10^k: every digit is correct to
// one unit in the last place, the guarantee arb_get_str gives.
// format_within_unit (for balls too wide for that: values computed from printed inputs) prints the
// midpoint's nearest D-digit decimal m for the largest D whose unit u in the last digit has the
// whole ball inside [m - u, m + u], checked in ball arithmetic against integer end points. Cost:
// one decimal conversion and one multiplication by 10^k per digit count tried (a few: the first is
// estimated from the relative radius).
#include "core/real_format.hpp"

#include "core/flint.hpp"

#include <flint/flint.h>

#include <gmp.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace bc {

slong bits_for_digits(long digits) {
  // log2(10) = 3.3219...; +8 guard bits keep the midpoint within one ulp after decimal rounding.
  return static_cast<slong>(std::ceil(static_cast<double>(digits) * 3.3219280948873623)) + 8;
}

bool accurate_to_digits(const arb_t x, long digits) {
  if (arb_is_zero(x)) return true;
  if (!arb_is_finite(x)) return false;
  return arb_rel_accuracy_bits(x) >= bits_for_digits(digits);
}

namespace {

// 10^k, cached per thread (rows of one table share a handful of exponents).
// 10^k. Not cached: a cache of FLINT integers in a thread_local outlives flint_cleanup() on
// OpenMP's pool threads (which never exit), and computing 10^k costs far less than the rest.
Fmpz pow10(ulong k) {
  Fmpz p;
  fmpz_ui_pow_ui(p.x, 10, k);
  return p;
}

// 10^k exactly while that is cheap; beyond, a ball at precision prec (10^(3*10^11) for
// 2^(2^40) would need a terabit integer: gmp aborts).
constexpr ulong kExactPow10 = 4096;

void pow10_ball(arb_t res, ulong k, slong prec) {
  if (k <= kExactPow10)
    arb_set_fmpz(res, pow10(k).x);
  else
    arb_ui_pow_ui(res, 10, k, prec);
}

// Appends `d` (D digit characters, leading digit nonzero) laid out with decimal exponent e,
// arb-style.
void layout_to(std::string& out, std::string_view d, slong e, bool negative) {
  const slong n = static_cast<slong>(d.size());
  if (negative) out += '-';
  const slong maxfix = std::max<slong>(6, n - 1);
  if (e >= -4 && e <= maxfix && e < n - 1) {
    if (e < 0) {
      out += "0.";
      out.append(static_cast<size_t>(-1 - e), '0');
      out += d;
    } else {
      out += d.substr(0, static_cast<size_t>(e + 1));
      out += '.';
      out += d.substr(static_cast<size_t>(e + 1));
    }
    return;
  }
  out += d[0];
  if (n > 1) {
    out += '.';
    out += d.substr(1);
  }
  out += e >= 0 ? "e+" : "e-";
  char buf[24];
  const auto end = std::to_chars(buf, buf + sizeof buf, e >= 0 ? e : -e).ptr;
  out.append(buf, end);
}

std::string layout(std::string_view d, slong e, bool negative) {
  std::string out;
  out.reserve(d.size() + 12);
  layout_to(out, d, e, negative);
  return out;
}

// round(|mid| 10^k) for 0 <= k <= kMpnPow10 as decimal digits, exactly (no intermediate rounding):
// |mid| = X 2^(exp - 64 n) with X the n-limb mantissa, so |mid| 10^k = X 5^k 2^(exp - 64 n + k),
// one mpn multiplication by a cached 5^k, a shift rounding to nearest and mpn_get_str. About
// 0.1 us for 50 digits, against 1 us through fmpz_pow_ui, arb_mul and fmpz_get_str (issue 16).
// The digits go into `d` (its capacity reused from call to call); false when the value does not
// fit the fast path (the caller then uses Arb).
constexpr slong kMpnPow10 = 1024;

const std::vector<mp_limb_t>& pow5_limbs(slong k) {
  // plain vectors (not FLINT integers): safe to keep per thread across flint_cleanup()
  thread_local std::vector<std::vector<mp_limb_t>> cache;
  if (cache.empty()) cache.push_back({1});
  while (static_cast<slong>(cache.size()) <= k) {
    std::vector<mp_limb_t> next(cache.back());
    const mp_limb_t carry = mpn_mul_1(next.data(), next.data(), static_cast<mp_size_t>(next.size()), 5);
    if (carry != 0) next.push_back(carry);
    cache.push_back(std::move(next));
  }
  return cache[static_cast<size_t>(k)];
}

// prod[0..n) >> down bits, rounded to nearest with ties to even (as arf_get_fmpz with ARF_RND_NEAR),
// in place: returns where the result starts, n its length (0 for zero). prod has room for n + 1 limbs.
mp_limb_t* shift_round(mp_limb_t* prod, mp_size_t& n, ulong down) {
  // the bit just below the cut, and whether anything below that is nonzero
  bool up = false, tie = false;
  if (down > 0) {
    const ulong below = down - 1;
    up = ((prod[below / 64] >> (below % 64)) & 1) != 0;
    if (up) {
      tie = (prod[below / 64] & ((mp_limb_t{1} << (below % 64)) - 1)) == 0;
      for (ulong i = 0; tie && i < below / 64; ++i) tie = prod[i] == 0;
    }
  }
  const mp_size_t limbs = static_cast<mp_size_t>(down / 64);
  mp_limb_t* z = prod + limbs;
  n -= limbs;
  if (down % 64 != 0) mpn_rshift(z, z, n, static_cast<unsigned>(down % 64));
  while (n > 0 && z[n - 1] == 0) --n;
  if (up && tie && (n == 0 || (z[0] & 1) == 0)) up = false;
  if (up) {
    if (n == 0) z[n++] = 0;
    const mp_limb_t c = mpn_add_1(z, z, n, 1);
    if (c != 0) z[n++] = c;
  }
  return z;
}

bool scaled_digits_mpn(std::string& d, const arf_t mid, slong k) {
  if (k < 0 || k > kMpnPow10 || !fmpz_fits_si(ARF_EXPREF(mid))) return false;
  mp_srcptr xp;
  mp_size_t xn;
  ARF_GET_MPN_READONLY(xp, xn, mid);
  const slong shift = fmpz_get_si(ARF_EXPREF(mid)) - 64 * static_cast<slong>(xn) + k;
  if (shift > 0) return false;  // an integer part beyond the mantissa: not a fast-path case
  const auto& p5 = pow5_limbs(k);
  const mp_size_t pn = static_cast<mp_size_t>(p5.size());
  if (static_cast<ulong>(-shift) / 64 >= static_cast<ulong>(xn + pn)) return false;
  mp_limb_t small[40];  // a 50-digit row needs about 6 limbs: no allocation on the common path
  std::vector<mp_limb_t> big;
  mp_limb_t* prod = small;
  if (xn + pn + 1 > 40) {
    big.resize(static_cast<size_t>(xn + pn) + 1);
    prod = big.data();
  }
  if (xn >= pn)
    mpn_mul(prod, xp, xn, p5.data(), pn);
  else
    mpn_mul(prod, p5.data(), pn, xp, xn);
  mp_size_t n = xn + pn;
  mp_limb_t* z = shift_round(prod, n, static_cast<ulong>(-shift));
  if (n == 0) {
    d.assign(1, '0');
    return true;
  }
  d.resize(static_cast<size_t>(n) * 20 + 2);  // GMP: the largest n-limb number + 1
  auto* u = reinterpret_cast<unsigned char*>(d.data());
  const size_t len = mpn_get_str(u, 10, z, n);
  size_t lead = 0;  // mpn_get_str may produce leading zeros
  while (lead + 1 < len && u[lead] == 0) ++lead;
  for (size_t i = lead; i < len; ++i) u[i - lead] = static_cast<unsigned char>(u[i] + '0');
  d.resize(len - lead);
  return true;
}

// 10^k as doubles for |k| <= 330 (each within an ulp: the callers correct a decade off by one).
const double* pow10_doubles() {
  static const std::vector<double> table = [] {
    std::vector<double> t(661);
    for (int k = -330; k <= 330; ++k) t[static_cast<size_t>(k + 330)] = std::pow(10.0, k);
    return t;
  }();
  return table.data() + 330;
}

// floor(log10 |x|) for a finite nonzero x whose exponent fits a slong, possibly one too low or too high
// (the callers try e - 1 and e + 1). For 2^-1000 < |x| < 2^1000 (every printed row of a table):
// |x| as a double, whose decade is found from e2 log10(2) and at most two comparisons with 10^k,
// not a log10 per value (3.5% of a 50-digit sign-coefficient table's time). Up to 2^40 in double by
// log10: e2 log10(2) is good to 2^-12 there; beyond, a double's 53 bits no longer hold the integer
// part: 2^(10^18) came out 64 decades off, and the callers' four retries printed
// "0e+288281249616699388" (issue 29). Then by Arb, with 64 bits more than the integer part needs.
slong decimal_exponent(const arf_t x) {
  const slong e2 = fmpz_get_si(ARF_EXPREF(x));
  mp_srcptr xp;
  mp_size_t xn;
  ARF_GET_MPN_READONLY(xp, xn, x);
  if (e2 > -1000 && e2 < 1000) {
    // |x| >= 2^(e2-1): e starts at or below floor(log10 |x|), and |x| < 2^e2 ends it within two steps
    const double v = std::ldexp(static_cast<double>(xp[xn - 1]), static_cast<int>(e2 - 64));
    auto e = static_cast<slong>(std::floor(static_cast<double>(e2 - 1) * 0.30102999566398119521));
    const double* p10 = pow10_doubles();
    while (p10[e + 1] <= v) ++e;
    return e;
  }
  if (e2 > -(WORD(1) << 40) && e2 < (WORD(1) << 40)) {
    const double top = std::ldexp(static_cast<double>(xp[xn - 1]), -64);  // |x| 2^-e2 in [1/2, 1)
    return static_cast<slong>(std::floor(std::log10(top) + static_cast<double>(e2) * 0.30102999566398119521));
  }
  Arb lg;
  arb_set_arf(lg.x, x);
  arb_abs(lg.x, lg.x);
  arb_log_base_ui(lg.x, lg.x, 10, 128);  // |log10 x| < 2^62: 64 bits for the fraction
  Fmpz e;
  arf_get_fmpz(e.x, arb_midref(lg.x), ARF_RND_FLOOR);
  return fmpz_get_si(e.x);
}

// The D digits of |mid| and their decimal exponent by scaled_digits_mpn, appended to `out` laid
// out; false when the value is not a fast-path case. e: floor(log10 |mid|) estimated, corrected
// here by the digit count.
bool fast_digits_mpn(std::string& out, const arf_t mid, long digits, slong e) {
  thread_local std::string d;  // its capacity is reused: no allocation per value
  for (int attempt = 0; attempt < 4; ++attempt) {
    const slong k = digits - 1 - e;  // want 10^(D-1) <= |mid| 10^k < 10^D
    if (!scaled_digits_mpn(d, mid, k)) return false;
    const slong len = static_cast<slong>(d.size());
    if (len == digits + 1 && d[0] == '1' && d.find_first_not_of('0', 1) == std::string::npos) {
      d.pop_back();  // rounded up to 10^D: one more leading digit
      layout_to(out, d, e + 1, arf_sgn(mid) < 0);
      return true;
    }
    if (len > digits) {
      ++e;
      continue;
    }
    if (len < digits) {
      --e;
      continue;
    }
    if (d[0] == '1' && d.find_first_not_of('0', 1) == std::string::npos) {
      // 10^(D-1) may be |mid| just below it rounded up, when e was estimated one too high
      // (0.99999999999999998 read as 1.0): the nearest D-digit decimal is then 0.99...9
      std::string lower;
      if (scaled_digits_mpn(lower, mid, k + 1) && static_cast<slong>(lower.size()) == digits) {
        layout_to(out, lower, e - 1, arf_sgn(mid) < 0);
        return true;
      }
    }
    layout_to(out, d, e, arf_sgn(mid) < 0);
    return true;
  }
  return false;
}

// fast_digits by Arb (|mid| 10^k as a ball, rounded to an integer) when the mpn path does not apply.
std::string arb_digits(const arf_t mid, long digits, slong e) {
  const slong prec = bits_for_digits(digits) + 16;
  const Fmpz top = pow10(static_cast<ulong>(digits)), bottom = pow10(static_cast<ulong>(digits - 1));
  Arb y;
  Fmpz z;
  for (int attempt = 0; attempt < 4; ++attempt) {
    const slong k = digits - 1 - e;  // want 10^(D-1) <= |mid| 10^k < 10^D
    arb_set_arf(y.x, mid);
    Arb p;
    pow10_ball(p.x, static_cast<ulong>(k >= 0 ? k : -k), prec + 64);
    if (k >= 0)
      arb_mul(y.x, y.x, p.x, prec);
    else
      arb_div(y.x, y.x, p.x, prec);
    arf_get_fmpz(z.x, arb_midref(y.x), ARF_RND_NEAR);
    fmpz_abs(z.x, z.x);
    if (fmpz_cmp(z.x, top.x) == 0) {  // rounded up to 10^D: one more leading digit
      fmpz_set(z.x, bottom.x);
      ++e;
      break;
    }
    if (fmpz_cmp(z.x, top.x) > 0) {
      ++e;
      continue;
    }
    if (fmpz_cmp(z.x, bottom.x) < 0) {
      --e;
      continue;
    }
    return layout(z.str(), e, arf_sgn(mid) < 0);
  }
  return layout(z.str(), e, arf_sgn(mid) < 0);
}

// The D-digit decimal nearest to x's midpoint, appended to `out`.
void fast_digits_to(std::string& out, const arb_t x, long digits) {
  const arf_struct* mid = arb_midref(x);
  if (!fmpz_fits_si(ARF_EXPREF(mid))) throw std::logic_error("format_real: exponent out of range");
  const slong e = decimal_exponent(mid);  // estimated; corrected by the digit count
  const size_t at = out.size();
  if (fast_digits_mpn(out, mid, digits, e)) return;
  out.resize(at);
  out += arb_digits(mid, digits, e);
}

std::string fast_digits(const arb_t x, long digits) {
  std::string out;
  fast_digits_to(out, x, digits);
  return out;
}

/// An exact ball (radius 0) whose value has at most `digits` significant decimal digits, printed
/// as exactly that: "10", "1073741824", "0.25", "-12.5" (issue 20 §3: an exact integer was printed
/// as 10.0000000000000000000000000000). "" when x is not exact or needs more digits.
std::string exact_short(const arb_t x, long digits) {
  if (!arb_is_exact(x)) return "";
  const arf_struct* mid = arb_midref(x);
  if (!arf_is_finite(mid) || arf_is_zero(mid)) return "";
  Fmpz m, e;
  arf_get_fmpz_2exp(m.x, e.x, mid);  // mid = m 2^e, m odd
  if (!fmpz_fits_si(e.x)) return "";
  const slong e2 = fmpz_get_si(e.x);
  const double bits = static_cast<double>(fmpz_bits(m.x)) + static_cast<double>(e2 > 0 ? e2 : 0);
  if (e2 < -4 * digits - 64 || bits > 3.33 * static_cast<double>(digits) + 8) return "";
  if (e2 >= 0) {  // an integer
    fmpz_mul_2exp(m.x, m.x, static_cast<ulong>(e2));
    std::string s = m.str();
    return static_cast<long>(s.size() - (s[0] == '-' ? 1 : 0)) <= digits ? s : "";
  }
  // m 2^e2 = (m 5^-e2) 10^e2: the significant digits of m 5^-e2 without its trailing zeros
  Fmpz five;
  fmpz_ui_pow_ui(five.x, 5, static_cast<ulong>(-e2));
  fmpz_mul(m.x, m.x, five.x);
  const bool negative = fmpz_sgn(m.x) < 0;
  fmpz_abs(m.x, m.x);
  std::string d = m.str();
  slong tz = 0;
  while (d.size() > 1 && d.back() == '0') d.pop_back(), ++tz;
  if (static_cast<long>(d.size()) > digits) return "";
  const slong lead = static_cast<slong>(d.size()) - 1 + tz + e2;  // decimal exponent of the first digit
  return layout(d, lead, negative);
}

// Whether x lies within one unit of the last digit of s, a decimal as layout() prints it
// ("-0.330719", "1.08263e+6"): with n the digits of s as an integer and 10^scale its last digit's
// unit, x 10^-scale is inside [n - 1, n + 1] (a ball of exact integer end points).
bool within_unit(const arb_t x, const std::string& s, slong prec) {
  const auto epos = s.find('e');
  std::string mant = s.substr(0, epos);
  slong scale = epos == std::string::npos ? 0 : std::stol(s.substr(epos + 1));
  if (const auto dot = mant.find('.'); dot != std::string::npos) {
    scale -= static_cast<slong>(mant.size() - dot - 1);
    mant.erase(dot, 1);
  }
  Arb n, y, p;
  Fmpz digits;
  if (fmpz_set_str(digits.x, mant.c_str(), 10) != 0) return false;
  arb_set_fmpz(n.x, digits.x);
  mag_one(arb_radref(n.x));
  pow10_ball(p.x, static_cast<ulong>(scale < 0 ? -scale : scale), prec);
  if (scale < 0)
    arb_mul(y.x, x, p.x, prec);
  else
    arb_div(y.x, x, p.x, prec);
  return arb_contains(n.x, y.x) != 0;
}

}  // namespace

std::string format_bound(const arb_t x, long digits, int direction) {
  const arf_rnd_t rnd = direction < 0 ? ARF_RND_FLOOR : ARF_RND_CEIL;
  const slong prec = bits_for_digits(digits) + 16;
  Arf end;
  if (direction < 0)
    arb_get_lbound_arf(end.x, x, prec + 64);
  else
    arb_get_ubound_arf(end.x, x, prec + 64);
  if (arf_is_zero(end.x)) return "0";
  if (!arf_is_finite(end.x)) return direction < 0 ? "-inf" : "inf";
  if (!fmpz_fits_si(ARF_EXPREF(end.x))) throw std::logic_error("format_bound: exponent out of range");
  Arf y;
  slong e = decimal_exponent(end.x);
  const Fmpz top = pow10(static_cast<ulong>(digits));
  const Fmpz bottom = pow10(static_cast<ulong>(digits - 1));
  Fmpz z;
  for (int attempt = 0; attempt < 4; ++attempt) {
    const slong k = digits - 1 - e;
    const ulong ak = static_cast<ulong>(k >= 0 ? k : -k);
    if (ak <= kExactPow10) {
      Arf p;
      arf_set_fmpz(p.x, pow10(ak).x);
      // directed: y = end * 10^k rounded in the bound's direction, then the integer part likewise
      if (k >= 0)
        arf_mul(y.x, end.x, p.x, prec, rnd);
      else
        arf_div(y.x, end.x, p.x, prec, rnd);
    } else {  // a ball for 10^k; its lower or upper end keeps the bound's direction
      Arb yb, p;
      arb_set_arf(yb.x, end.x);
      pow10_ball(p.x, ak, prec + 64);
      if (k >= 0)
        arb_mul(yb.x, yb.x, p.x, prec + 64);
      else
        arb_div(yb.x, yb.x, p.x, prec + 64);
      if (direction < 0)
        arb_get_lbound_arf(y.x, yb.x, prec);
      else
        arb_get_ubound_arf(y.x, yb.x, prec);
    }
    arf_get_fmpz(z.x, y.x, rnd);
    Fmpz a;
    fmpz_abs(a.x, z.x);
    if (fmpz_cmp(a.x, top.x) >= 0) {
      ++e;
      continue;
    }
    if (fmpz_cmp(a.x, bottom.x) < 0 && attempt < 3) {
      --e;
      continue;
    }
    return layout(a.str(), e, fmpz_sgn(z.x) < 0);
  }
  Fmpz a;
  fmpz_abs(a.x, z.x);
  return layout(a.str(), e, fmpz_sgn(z.x) < 0);
}

void append_real(std::string& out, const arb_t x, long digits, bool certified) {
  if (arb_is_zero(x)) {
    out += '0';
    return;
  }
  // an exact value with at most `digits` digits is its own enclosure: "10", not "10.000...0"
  if (std::string e = exact_short(x, digits); !e.empty()) {
    out += e;
    return;
  }
  if (certified) {
    char* s = arb_get_str(x, digits, 0);
    out += s;
    flint_free(s);
    return;
  }
  if (!accurate_to_digits(x, digits))
    throw std::logic_error("format_real: ball too wide for the requested digits");
  if (!fmpz_fits_si(ARF_EXPREF(arb_midref(x))) || COEFF_IS_MPZ(*ARF_EXPREF(arb_midref(x)))) {
    // a decimal exponent beyond 2^60 ((d/r)^(1/eps) at eps = 1e-30): Arb's own decimal conversion
    // handles big exponents; the ball is accurate to the digits, so its midpoint's are printed
    char* str = arb_get_str(x, digits, ARB_STR_NO_RADIUS);
    const bool wide = std::strstr(str, "+/-") != nullptr;
    if (!wide) out += str;
    flint_free(str);
    if (wide) throw std::logic_error("format_real: ball too wide for the requested digits");
    return;
  }
  fast_digits_to(out, x, digits);
}

std::string format_real(const arb_t x, long digits, bool certified) {
  std::string out;
  append_real(out, x, digits, certified);
  return out;
}

std::string format_within_unit(const arb_t x, long max_digits) {
  if (!arb_is_finite(x) || arb_contains_zero(x)) return "";
  const arf_struct* mid = arb_midref(x);
  if (!fmpz_fits_si(ARF_EXPREF(mid)) || COEFF_IS_MPZ(*ARF_EXPREF(mid))) return "";
  // no more digits than the relative radius allows (a unit in the last digit at least the radius)
  const slong acc = std::max<slong>(arb_rel_accuracy_bits(x), 0);
  const long most = static_cast<long>(static_cast<double>(acc) * 0.30102999566398119521) + 2;
  for (long d = std::min(max_digits, most); d >= 1; --d) {
    std::string s = fast_digits(x, d);  // the d-digit decimal nearest to the midpoint
    if (within_unit(x, s, bits_for_digits(d) + 64)) return s;
  }
  return "";
}

std::string format_ball(const arb_t x, long digits, bool certified) {
  if (certified) return format_real(x, digits, true);
  if (accurate_to_digits(x, digits)) return format_real(x, digits, false);
  std::string s = format_within_unit(x, digits);
  return s.empty() ? format_real(x, std::min<long>(digits, 5), true) : s;
}

}  // namespace bc
