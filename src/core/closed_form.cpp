// The one printer of exact closed forms c sqrt(m) pi^k (see closed_form.hpp).
#include "core/closed_form.hpp"

#include "core/squarefree.hpp"

#include <fmt/format.h>

#include <vector>

namespace bc {

namespace {

std::string pi_text(slong k) { return k == 1 ? "pi" : fmt::format("pi^{}", k); }

}  // namespace

std::string closed_form_text(const fmpq_t c, const fmpz_t squarefree_m, slong pi_power) {
  if (fmpq_is_zero(c)) return "0";  // 0, not 0*sqrt(2) or 0/pi
  Fmpz num;
  fmpz_abs(num.x, fmpq_numref(c));
  const bool root = !fmpz_is_one(squarefree_m);
  std::vector<std::string> top, bottom;
  if (!fmpz_is_one(num.x) || (!root && pi_power <= 0)) top.push_back(to_string(num.x));
  if (root) top.push_back("sqrt(" + to_string(squarefree_m) + ")");
  if (pi_power > 0) top.push_back(pi_text(pi_power));
  if (!fmpz_is_one(fmpq_denref(c))) bottom.push_back(to_string(fmpq_denref(c)));
  if (pi_power < 0) bottom.push_back(pi_text(-pi_power));
  std::string s = fmpq_sgn(c) < 0 ? "-" : "";
  s += fmt::format("{}", fmt::join(top, "*"));
  if (bottom.size() == 1) s += "/" + bottom[0];
  if (bottom.size() > 1) s += fmt::format("/({})", fmt::join(bottom, "*"));
  return s;
}

std::string closed_form_text_sqrt(const fmpq_t c, const fmpz_t n, slong pi_power, bool* proven) {
  Fmpz s, m;
  const bool ok = squarefree_split(s.x, m.x, n);
  if (proven != nullptr) *proven = ok;
  Fmpq cs;
  fmpq_mul_fmpz(cs.x, c, s.x);
  return closed_form_text(cs.x, m.x, pi_power);
}

}  // namespace bc
