#include "core/decimal.hpp"

#include <cctype>
#include <string>

namespace bc {

namespace {
bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}
}  // namespace

std::optional<Fmpq> parse_exact_rational(std::string_view text) {
  if (text.empty() || text.size() > 100000) return std::nullopt;
  bool negative = false;
  std::string_view s = text;
  if (s.front() == '+' || s.front() == '-') {
    negative = s.front() == '-';
    s.remove_prefix(1);
  }
  Fmpq out;
  if (auto slash = s.find('/'); slash != std::string_view::npos) {
    std::string_view p = s.substr(0, slash), q = s.substr(slash + 1);
    if (!all_digits(p) || !all_digits(q)) return std::nullopt;
    Fmpz num, den;
    if (fmpz_set_str(num.x, std::string(p).c_str(), 10) != 0) return std::nullopt;
    if (fmpz_set_str(den.x, std::string(q).c_str(), 10) != 0) return std::nullopt;
    if (fmpz_is_zero(den.x)) return std::nullopt;
    fmpq_set_fmpz_frac(out.x, num.x, den.x);
  } else {
    std::string_view mant = s, expo;
    if (auto e = s.find_first_of("eE"); e != std::string_view::npos) {
      mant = s.substr(0, e);
      expo = s.substr(e + 1);
      if (expo.empty()) return std::nullopt;
    }
    std::string_view ip = mant, fp;
    if (auto dot = mant.find('.'); dot != std::string_view::npos) {
      ip = mant.substr(0, dot);
      fp = mant.substr(dot + 1);
    }
    if (ip.empty() && fp.empty()) return std::nullopt;
    if (!ip.empty() && !all_digits(ip)) return std::nullopt;
    if (!fp.empty() && !all_digits(fp)) return std::nullopt;
    long e10 = 0;
    if (!expo.empty()) {
      bool eneg = false;
      if (expo.front() == '+' || expo.front() == '-') {
        eneg = expo.front() == '-';
        expo.remove_prefix(1);
      }
      if (!all_digits(expo) || expo.size() > 6) return std::nullopt;
      e10 = std::stol(std::string(expo));
      if (e10 > 100000) return std::nullopt;
      if (eneg) e10 = -e10;
    }
    std::string digits = std::string(ip) + std::string(fp);
    Fmpz num, pow10;
    if (fmpz_set_str(num.x, digits.c_str(), 10) != 0) return std::nullopt;
    e10 -= static_cast<long>(fp.size());
    fmpz_set_ui(pow10.x, 10);
    fmpz_pow_ui(pow10.x, pow10.x, static_cast<ulong>(e10 < 0 ? -e10 : e10));
    if (e10 >= 0) {
      fmpz_mul(num.x, num.x, pow10.x);
      fmpq_set_fmpz_frac(out.x, num.x, Fmpz(1).x);
    } else {
      fmpq_set_fmpz_frac(out.x, num.x, pow10.x);
    }
  }
  if (negative) fmpq_neg(out.x, out.x);
  return out;
}

void arb_set_exact(arb_t res, const Fmpq& q, slong prec) { arb_set_fmpq(res, q.x, prec); }

std::string to_string(const fmpz_t v) {
  char* s = fmpz_get_str(nullptr, 10, v);
  std::string out(s);
  flint_free(s);
  return out;
}

std::string Fmpz::str() const { return to_string(x); }

std::string Fmpq::str() const {
  std::string out = to_string(fmpq_numref(x));
  if (!fmpz_is_one(fmpq_denref(x))) out += "/" + to_string(fmpq_denref(x));
  return out;
}

}  // namespace bc
