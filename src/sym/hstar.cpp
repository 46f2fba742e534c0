// H* = binom(d+N, N) (talk-B l.305). Cost: one binomial; product form O(min(d,N)) word steps.
#include "sym/hstar.hpp"

#include <algorithm>
#include <cmath>

namespace bc::sym {

void hstar(fmpz_t res, ulong d, ulong N) { fmpz_bin_uiui(res, d + N, std::min(d, N)); }

void hstar_product(fmpz_t res, ulong d, ulong N) {
  const ulong a = std::max(d, N), b = std::min(d, N);
  fmpz_one(res);
  for (ulong i = 1; i <= b; ++i) {
    // res = binom(a+i-1, i-1) -> binom(a+i, i) = res (a+i) / i, exact
    fmpz_mul_ui(res, res, a + i);
    fmpz_divexact_ui(res, res, i);
  }
}

double hstar_log10(ulong d, ulong N) {
  const double dd = static_cast<double>(d), nn = static_cast<double>(N);
  return (std::lgamma(dd + nn + 1) - std::lgamma(dd + 1) - std::lgamma(nn + 1)) / std::log(10.0);
}

}  // namespace bc::sym
