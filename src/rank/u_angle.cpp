// u(t) at t = cos(theta) for an exact angle theta (paper-A Figure 5 over an exact angle grid), and
// at any ball t in (-1, 1):
//   u(t) = sum_{l odd <= D} u_l P_{l,d}(t),  u_l = N(d,l) / s_l      (head_target.hpp,
//   docs/math/rank.md#figure-5-weighting)
// (or the as-printed u_l, sqrt(N(d,l)) times that: src/rank/u_as_printed.cpp)
// When cos theta is rational (Niven: theta a multiple of pi/2 or pi/3, or 0 radians) the rational
// path u_weight is used, which also returns the exact zero u(0) = 0 (u is odd). Otherwise cos theta
// is irrational, t is an Arb ball (arb_cos_pi_fmpq, or arb_cos of the rational radians) and
// P_{l,d}(t) = C_l^lambda(t) / C_l^lambda(1) comes from the cosine sum (DLMF 18.5.11,
// src/sphere/gegenbauer_cos.cpp), with the working precision doubled until the sum has the
// requested digits. Cost: as u_weight (head_target.cpp), D/2 cosine sums of O(l) ball operations.
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "rank/head_target.hpp"
#include "sphere/gegenbauer.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace bc::rank {

std::optional<Fmpq> rational_cosine(const Angle& theta) {
  if (!theta.times_pi) {
    if (fmpq_is_zero(theta.coef.x)) return Fmpq(1, 1);
    return std::nullopt;
  }
  // theta = (a/b) pi in lowest terms: cos is rational only for b = 1, 2, 3
  const fmpz* b = fmpq_denref(theta.coef.x);
  if (fmpz_cmp_ui(b, 3) > 0) return std::nullopt;
  const ulong bb = fmpz_get_ui(b);
  Fmpz a;
  fmpz_mod_ui(a.x, fmpq_numref(theta.coef.x), 2 * bb);  // cos is 2 pi-periodic: theta = (aa/bb) pi
  const ulong aa = fmpz_get_ui(a.x);
  if (bb == 1) return Fmpq(aa == 0 ? 1 : -1, 1);
  if (bb == 2) return Fmpq(0, 1);
  return Fmpq(aa == 1 || aa == 5 ? 1 : -1, 2);  // pi/3, 5pi/3: 1/2; 2pi/3, 4pi/3: -1/2
}

void u_weight_ball(arb_t res, ulong d, const arb_t t, ulong degree, slong prec, UWeighting w) {
  Arb sum, term, p, one;
  for (ulong l = 1; l <= degree; l += 2) {
    if (l % 64 == 1) limits::poll("rank u");
    u_coef(term.x, d, l, prec, w);
    sphere::gegenbauer_c_cos(p.x, d, l, t, prec);
    sphere::gegenbauer_c_at_one(one.x, d, l, prec);
    arb_div(p.x, p.x, one.x, prec);
    arb_addmul(sum.x, term.x, p.x, prec);
  }
  arb_swap(res, sum.x);
}

Arb u_weight_angle(ulong d, const Angle& theta, ulong degree, long digits, UWeighting w) {
  if (auto t = rational_cosine(theta)) return u_weight(d, *t, degree, digits, w);
  limits::check_seconds("rank u: the degree-D expansion", u_weight_seconds(d, degree, digits),
                        "lower --degree or --digits");
  const slong target = bits_for_digits(digits);
  for (slong prec = target + 64;; prec *= 2) {
    // the cosine is irrational, so u(cos theta) = 0 would need a coincidence; a ball that still
    // holds 0 after this many bits is refused rather than searched forever
    if (prec > std::min<slong>(limits::max_working_bits, 16 * target + 4096))
      throw DomainError(fmt::format("rank u: cannot separate u(cos theta) from 0 at {} bits", prec / 2));
    Arb t, sum;
    if (theta.times_pi) {
      arb_cos_pi_fmpq(t.x, theta.coef.x, prec);
    } else {
      arb_set_fmpq(t.x, theta.coef.x, prec);
      arb_cos(t.x, t.x, prec);
    }
    u_weight_ball(sum.x, d, t.x, degree, prec, w);
    if (accurate_to_digits(sum.x, digits)) return sum;
  }
}

}  // namespace bc::rank
