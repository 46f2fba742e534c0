#include "core/real_format.hpp"

#include <flint/flint.h>

#include <cmath>
#include <stdexcept>

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

std::string format_real(const arb_t x, long digits, bool certified) {
  if (arb_is_zero(x)) return "0";
  if (!certified && !accurate_to_digits(x, digits))
    throw std::logic_error("format_real: ball too wide for the requested digits");
  char* s = arb_get_str(x, digits, certified ? 0 : ARB_STR_NO_RADIUS);
  std::string out(s);
  flint_free(s);
  return out;
}

}  // namespace bc
