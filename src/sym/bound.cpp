// B(d,N,H) = (1/6)(1 - H/2^{min(N/2, d-1)}) (talk-B l.347, lowercase n read as N): exact rational
// for integer exponents, Arb ball otherwise; the vacuous threshold ceil(2^e). Cost: O(M(e)).
#include "sym/bound.hpp"

#include "core/errors.hpp"
#include "core/limits.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace bc::sym {

ulong bound_exponent_twice(ulong d, ulong N) { return std::min(N, 2 * (d - 1)); }

bool bound_is_rational(ulong d, ulong N) { return bound_exponent_twice(d, N) % 2 == 0; }

double bound_digits(ulong d, ulong N) {
  return 0.30103 * static_cast<double>(bound_exponent_twice(d, N)) / 2 + 1;
}

namespace {
void check_size(ulong d, ulong N, const char* what) {
  limits::check(fmt::format("sym bound: {} 2^{{min(N/2, d-1)}} at d = {}, N = {}", what, d, N),
                bound_digits(d, N), limits::max_integer_digits, "decimal digits", "");
}
void require_d(ulong d) {
  if (d < 1) throw DomainError(fmt::format("sym bound: requires d >= 1, got {}", d));
}
}  // namespace

void talk_bound_exact(fmpq_t res, ulong d, ulong N, const fmpz_t H) {
  require_d(d);
  if (!bound_is_rational(d, N))
    throw DomainError(fmt::format("talk_bound_exact: 2^{{N/2}} is irrational for odd N = {} < 2(d-1) = {}", N,
                                  2 * (d - 1)));
  check_size(d, N, "exact");
  const ulong e = bound_exponent_twice(d, N) / 2;
  // (2^e - H) / (6 * 2^e)
  Fmpz p2, num, den;
  fmpz_one(p2.x);
  fmpz_mul_2exp(p2.x, p2.x, e);
  fmpz_sub(num.x, p2.x, H);
  fmpz_mul_ui(den.x, p2.x, 6);
  fmpq_set_fmpz_frac(res, num.x, den.x);
}

void talk_bound_ball(arb_t res, ulong d, ulong N, const fmpz_t H, slong prec) {
  require_d(d);
  const ulong e2 = bound_exponent_twice(d, N);
  Arb p, h;
  // 2^{e2/2} = sqrt(2)^{e2}: exact power of two times sqrt(2) when e2 is odd
  arb_one(p.x);
  arb_mul_2exp_si(p.x, p.x, static_cast<slong>(e2 / 2));
  if (e2 % 2) {
    Arb s;
    arb_sqrt_ui(s.x, 2, prec);
    arb_mul(p.x, p.x, s.x, prec);
  }
  arb_set_fmpz(h.x, H);
  arb_div(h.x, h.x, p.x, prec);
  arb_sub_ui(res, h.x, 1, prec);
  arb_neg(res, res);
  arb_div_ui(res, res, 6, prec);
}

void vacuous_heads(fmpz_t res, ulong d, ulong N) {
  require_d(d);
  check_size(d, N, "threshold");
  const ulong e2 = bound_exponent_twice(d, N);
  fmpz_one(res);
  if (e2 % 2 == 0) {
    fmpz_mul_2exp(res, res, e2 / 2);
    return;
  }
  // ceil(sqrt(2^e2)) = isqrt(2^e2 - 1) + 1, since 2^e2 (e2 odd) is not a square
  fmpz_mul_2exp(res, res, e2);
  fmpz_sub_ui(res, res, 1);
  fmpz_sqrt(res, res);
  fmpz_add_ui(res, res, 1);
}

}  // namespace bc::sym
