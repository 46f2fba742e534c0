#include "output/cell_value.hpp"

#include "core/decimal.hpp"
#include "core/real_format.hpp"

#include <fmt/format.h>

#include <cmath>
#include <string>

namespace bc::out {

namespace {

// 10^scale for the last printed digit of a decimal `s` (mantissa digits after the point, exponent).
std::optional<long> last_digit_scale(std::string_view s) {
  const auto e = s.find_first_of("eE");
  const std::string_view mant = s.substr(0, e);
  const auto dot = mant.find('.');
  long scale = dot == std::string_view::npos ? 0 : -static_cast<long>(mant.size() - dot - 1);
  if (e != std::string_view::npos) {
    auto q = parse_exact_rational(s.substr(e + 1));  // the exponent: an integer within +-100000
    if (!q || !fmpz_is_one(fmpq_denref(q->x)) || !fmpz_fits_si(fmpq_numref(q->x))) return std::nullopt;
    scale += fmpz_get_si(fmpq_numref(q->x));
  }
  return scale;
}

/// res += [+-10^scale]: one unit in a printed value's last digit.
void add_digit_unit(arb_t res, long scale, slong prec) {
  Arb unit;
  arb_set_ui(unit.x, 10);
  arb_pow_fmpz(unit.x, unit.x, Fmpz(scale).x, prec);
  arb_add_error(res, unit.x);
}

// A double kernel's value as the ball its shortest round-trip decimal stands for: the midpoint is
// the double, the radius one unit in the last significant digit of the fewest digits that read
// back as the same double. A kernel that rounds to 10 or 12 digits (rank bound --kernel double,
// depth transition) so gets +-1 unit in its 10th or 12th digit, not radius 0: 30 printed digits
// of 0.3555014034 were noise, and a comparison decided on the exact double could be wrong. Not a
// certified radius: the cell stays flagged uncertified.
void double_ball(arb_t res, double v, slong prec) {
  arb_set_d(res, v);
  if (v == 0) return;
  for (int p = 0; p <= 16; ++p) {  // digits after the first
    const std::string s = fmt::format("{:.{}e}", v, p);
    if (std::stod(s) != v && p < 16) continue;
    add_digit_unit(res, *last_digit_scale(s), prec);  // 10^(exponent - p)
    return;
  }
}

// A ball of radius 0 is its midpoint exactly: a dyadic rational, kept as one when it is of modest
// size (|x| < 2^(2^20), a multiple of 2^-(2^20)), so that exact arithmetic on it stays cheap.
std::optional<Fmpq> exact_of_ball(const arb_t x) {
  constexpr slong kBits = slong{1} << 20;
  const arf_struct* m = arb_midref(x);
  if (!arb_is_exact(x) || !arf_is_finite(m) || arf_cmpabs_2exp_si(m, kBits) >= 0 ||
      !arf_is_int_2exp_si(m, -kBits))
    return std::nullopt;
  Fmpq q;
  arf_get_fmpq(q.x, m);
  return q;
}

bool number_value(arb_t res, std::optional<Fmpq>& exact, const CellNumber& n, bool& uncertified, slong prec) {
  uncertified = uncertified || n.uncertified;
  if (n.kind == CellNumber::Kind::exact) {
    arb_set_exact(res, n.q, prec);
    exact = n.q;
    return true;
  }
  if (!arb_is_finite(n.ball.x)) return false;
  arb_set(res, n.ball.x);  // as computed: its own precision and radius
  exact = exact_of_ball(n.ball.x);
  return true;
}

}  // namespace

namespace {

std::string grouped(size_t n) {  // 600000 -> "600,000"
  const std::string digits = std::to_string(n);
  std::string s;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) s += ',';
    s += digits[i];
  }
  return s;
}

}  // namespace

std::string clip_digits(std::string_view text) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    size_t j = i;
    while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
    if (j - i > 40 && text.substr(j, 3) == "...")  // already cut where it was quoted: length unknown
      out += text.substr(i, 10);
    else if (j - i > 40)
      out += fmt::format("{}...({} digits)", text.substr(i, 10), grouped(j - i));
    else
      out += text.substr(i, j - i);
    if (j < text.size()) out += text[j];
    i = j + 1;
  }
  return out;
}

Cell real_cell(const arb_t x, long digits, bool certified) {
  return real_cell(format_real(x, digits, certified), x);
}

Cell real_cell(std::string text, const arb_t x) {
  Cell c = Cell::of_real(std::move(text));
  keep_number(c, x);
  return c;
}

void keep_number(Cell& c, const arb_t x) {
  auto n = std::make_shared<CellNumber>();
  arb_set(n->ball.x, x);
  c.number = std::move(n);
}

void keep_exact(Cell& c, const fmpq_t x) {
  auto n = std::make_shared<CellNumber>();
  n->kind = CellNumber::Kind::exact;
  fmpq_set(n->q.x, x);
  c.number = std::move(n);
}

Cell exact_cell(const fmpq_t x) {
  Fmpq q;
  fmpq_set(q.x, x);
  Cell c = Cell::of_exact(q.str());
  keep_exact(c, x);
  return c;
}

Cell exact_cell(const fmpz_t x) {
  Fmpq q;
  fmpq_set_fmpz_frac(q.x, x, Fmpz(1).x);
  return exact_cell(q.x);
}

bool cell_value(arb_t res, std::optional<Fmpq>& exact, const Cell& c, bool& uncertified, slong prec) {
  exact.reset();
  if (c.number) return number_value(res, exact, *c.number, uncertified, prec);
  switch (c.kind) {
    case CellKind::integer:
      exact = Fmpq(static_cast<slong>(c.ival), 1);
      arb_set_si(res, c.ival);
      return true;
    case CellKind::number:
      uncertified = true;
      if (!std::isfinite(c.dval)) return false;
      double_ball(res, c.dval, prec);
      return true;
    case CellKind::text:  // only an interval "[lo, hi]" (e.g. an integer bracketed by a search)
      if (c.str.size() < 5 || c.str.front() != '[' || c.str.find(',') == std::string::npos) return false;
      break;
    case CellKind::exact: {
      if (!c.str.empty() && c.str.front() == '[') break;  // an exact interval "[lo, hi]"
      auto q = parse_exact_rational(c.str);
      if (!q) return false;
      arb_set_exact(res, *q, prec);
      exact = std::move(q);
      return true;
    }
    case CellKind::real:
      break;
  }
  const std::string& s = c.str;
  if (!s.empty() && s.front() == '[' && s.back() == ']' && s.find(',') != std::string::npos) {
    // "[lo, hi]": an interval with exact end points (e.g. an integer known to lie between them)
    const auto comma = s.find(',');
    auto lo = parse_exact_rational(s.substr(1, comma - 1));
    std::string hs = s.substr(comma + 1, s.size() - comma - 2);
    while (!hs.empty() && hs.front() == ' ') hs.erase(hs.begin());
    auto hi = parse_exact_rational(hs);
    if (!lo || !hi) return false;
    Arb b;
    arb_set_exact(res, *lo, prec);
    arb_set_exact(b.x, *hi, prec);
    arb_union(res, res, b.x, prec);
    if (fmpq_equal(lo->x, hi->x)) exact = *lo;
    return true;
  }
  if (!s.empty() && s.front() == '[') return arb_set_str(res, s.c_str(), prec) == 0;
  auto q = parse_exact_rational(s);
  if (!q) return false;
  arb_set_exact(res, *q, prec);
  const auto scale = last_digit_scale(s);  // one unit in the last printed digit
  if (!scale) return false;
  add_digit_unit(res, *scale, prec);
  return true;
}

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

}  // namespace

bool printed_interval(Fmpq& lo, Fmpq& hi, std::string_view text) {
  const std::string_view s = trim(text);
  if (s.size() >= 2 && s.front() == '[' && s.back() == ']') {
    const std::string_view body = s.substr(1, s.size() - 2);
    if (auto pm = body.find("+/-"); pm != std::string_view::npos) {
      const std::string_view m = trim(body.substr(0, pm));
      auto r = parse_exact_rational(trim(body.substr(pm + 3)));
      auto mid = m.empty() ? std::optional<Fmpq>(Fmpq()) : parse_exact_rational(m);
      if (!mid || !r || fmpq_sgn(r->x) < 0) return false;
      fmpq_sub(lo.x, mid->x, r->x);
      fmpq_add(hi.x, mid->x, r->x);
      return true;
    }
    const auto comma = body.find(',');
    if (comma == std::string_view::npos) return false;
    auto a = parse_exact_rational(trim(body.substr(0, comma)));
    auto b = parse_exact_rational(trim(body.substr(comma + 1)));
    if (!a || !b || fmpq_cmp(a->x, b->x) > 0) return false;
    lo = std::move(*a);
    hi = std::move(*b);
    return true;
  }
  if (s.find('/') != std::string_view::npos) return false;  // reals never print as p/q
  auto q = parse_exact_rational(s);
  if (!q) return false;
  const std::string_view unsigned_s = s.front() == '-' || s.front() == '+' ? s.substr(1) : s;
  if (unsigned_s == "0") {  // exact zero
    lo = *q;
    hi = *q;
    return true;
  }
  auto scale = last_digit_scale(s);
  if (!scale) return false;
  Fmpz p;
  fmpz_ui_pow_ui(p.x, 10, static_cast<ulong>(*scale < 0 ? -*scale : *scale));
  Fmpq ulp;
  if (*scale < 0)
    fmpq_set_fmpz_frac(ulp.x, Fmpz(1).x, p.x);
  else
    fmpq_set_fmpz_frac(ulp.x, p.x, Fmpz(1).x);
  fmpq_sub(lo.x, q->x, ulp.x);
  fmpq_add(hi.x, q->x, ulp.x);
  return true;
}

bool cell_ball(arb_t res, const Cell& c, bool& uncertified, slong prec) {
  std::optional<Fmpq> exact;
  return cell_value(res, exact, c, uncertified, prec);
}

}  // namespace bc::out
