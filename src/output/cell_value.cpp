#include "output/cell_value.hpp"

#include "core/decimal.hpp"

#include <cmath>
#include <string>

namespace bc::out {

bool cell_value(arb_t res, std::optional<Fmpq>& exact, const Cell& c, bool& uncertified, slong prec) {
  exact.reset();
  switch (c.kind) {
    case CellKind::integer:
      exact = Fmpq(static_cast<slong>(c.ival), 1);
      arb_set_si(res, c.ival);
      return true;
    case CellKind::number:
      uncertified = true;
      arb_set_d(res, c.dval);
      return std::isfinite(c.dval);
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
  // one unit in the last printed digit: 10^(exponent - digits after the point)
  const auto e = s.find_first_of("eE");
  const std::string mant = s.substr(0, e);
  const auto dot = mant.find('.');
  long scale = dot == std::string::npos ? 0 : -static_cast<long>(mant.size() - dot - 1);
  if (e != std::string::npos) scale += std::stol(s.substr(e + 1));
  Arb ulp;
  arb_set_ui(ulp.x, 10);
  arb_pow_fmpz(ulp.x, ulp.x, Fmpz(scale).x, prec);
  arb_add_error(res, ulp.x);
  return true;
}

bool cell_ball(arb_t res, const Cell& c, bool& uncertified, slong prec) {
  std::optional<Fmpq> exact;
  return cell_value(res, exact, c, uncertified, prec);
}

}  // namespace bc::out
