// N(d,l): product form (talk-B), difference form (docs/math/sphere.md#harmonic-dimensions) and the ratio
// recurrence for ranges. Costs: product/difference form one or two fmpz_bin_uiui; range O(lmax) word
// multiplications.
#include "sphere/dim.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace bc::sphere {

namespace {
void require_d(ulong d, const char* fn) {
  if (d < 2) throw std::invalid_argument(std::string(fn) + ": requires d >= 2");
}
// binom(n, k) exactly: in machine words while it fits, else FLINT. FLINT's fmpz_bin_uiui always
// goes through a GMP integer, and the first one a process makes initialises FLINT's block of 4096
// of them (2.2 million instructions with its clean-up at exit: 15% of `boundcheck sphere dim --d 3
// --l 2`, issue 27). C(n-k+i, i) = C(n-k+i-1, i-1) (n-k+i) / i exactly at every step.
void binom(fmpz_t res, ulong n, ulong k) {
  if (k > n) {
    fmpz_zero(res);
    return;
  }
  if (k > n - k) k = n - k;
  __extension__ typedef unsigned __int128 u128;
  u128 b = 1;
  for (ulong i = 1; i <= k; ++i) {
    b = b * (n - k + i) / i;
    if (b >> 62 != 0) {  // beyond a small fmpz (and any further product beyond 128 bits): FLINT
      fmpz_bin_uiui(res, n, k);
      return;
    }
  }
  fmpz_set_ui(res, static_cast<ulong>(b));
}

// binom(n, k) with the convention binom(n, k) = 0 for n < 0 (n given as signed).
void binom_signed(fmpz_t res, slong n, ulong k) {
  if (n < 0)
    fmpz_zero(res);
  else
    fmpz_bin_uiui(res, static_cast<ulong>(n), k);
}
}  // namespace

void harmonic_dim(fmpz_t res, ulong d, ulong l) {
  require_d(d, "harmonic_dim");
  if (l == 0) {
    fmpz_one(res);
    return;
  }
  // (2l+d-2)/l * binom(l+d-3, l-1); binom(l+d-3, l-1) = binom(l+d-3, d-2).
  ulong n = l + d - 3, k = d - 2 < l - 1 ? d - 2 : l - 1;
  binom(res, n, k);
  fmpz_mul_ui(res, res, 2 * l + d - 2);
  fmpz_divexact_ui(res, res, l);
}

void harmonic_dim_difference(fmpz_t res, ulong d, ulong l) {
  require_d(d, "harmonic_dim_difference");
  Fmpz a, b;
  fmpz_bin_uiui(a.x, l + d - 1, d - 1);
  binom_signed(b.x, static_cast<slong>(l + d) - 3, d - 1);
  fmpz_sub(res, a.x, b.x);
}

std::vector<Fmpz> harmonic_dim_range(ulong d, ulong lmax) {
  require_d(d, "harmonic_dim_range");
  std::vector<Fmpz> out(lmax + 1);
  fmpz_one(out[0].x);
  if (lmax == 0) return out;
  fmpz_set_ui(out[1].x, d);
  for (ulong l = 1; l < lmax; ++l) {
    fmpz_t& next = out[l + 1].x;
    // N(d,l)(2l+d)(l+d-2) = N(d,l+1)(l+1)(2l+d-2): divide by (l+1) first; both divisions exact.
    fmpz_mul_ui(next, out[l].x, 2 * l + d);
    fmpz_mul_ui(next, next, l + d - 2);
    fmpz_divexact_ui(next, next, l + 1);
    fmpz_divexact_ui(next, next, 2 * l + d - 2);
  }
  return out;
}

double harmonic_dim_log10(ulong d, ulong l) {
  if (l == 0) return 0.0;
  double dd = static_cast<double>(d), ll = static_cast<double>(l);
  if (d == 2) return std::log10(2.0);
  // log binom(l+d-3, l-1) = lgamma(l+d-2) - lgamma(l) - lgamma(d-1)
  double lb = std::lgamma(ll + dd - 2) - std::lgamma(ll) - std::lgamma(dd - 1);
  return (lb + std::log((2 * ll + dd - 2) / ll)) / std::log(10.0);
}

double harmonic_dim_seconds(ulong d, ulong l) {
  const double digits = std::max(harmonic_dim_log10(d, l), 0.0) + 1;
  return 1e-8 * digits * std::log2(digits + 2) + 1e-6;
}

void harmonic_dim_arb(arb_t res, ulong d, ulong l, slong prec) {
  require_d(d, "harmonic_dim_arb");
  if (l == 0) {
    arb_one(res);
    return;
  }
  arb_bin_uiui(res, l + d - 3, l - 1, prec);
  arb_mul_ui(res, res, 2 * l + d - 2, prec);
  arb_div_ui(res, res, l, prec);
}

}  // namespace bc::sphere
