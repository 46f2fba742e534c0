// Forward three-term recurrence (DLMF 18.9.1 with 2 lambda = d - 2):
//   (n+1) C_{n+1} = (2n+d-2) t C_n - (n+d-3) C_{n-1},  C_0 = 1,  C_1 = (d-2) t.
// Cost O(l M(prec)). In ball arithmetic this is tight when |t| >= 1 (C_l is the dominant
// solution and the radius grows no faster than the value); for |t| < 1 the radius grows like
// (|t| + sqrt(1+t^2))^l and gegenbauer_cos.cpp is used instead.
#include "sphere/gegenbauer.hpp"

#include "core/limits.hpp"

#include <stdexcept>

namespace bc::sphere {

void gegenbauer_c_rec(arb_t res, ulong d, ulong l, const arb_t t, slong prec) {
  if (d < 3) throw std::invalid_argument("gegenbauer_c_rec: requires d >= 3");
  Arb prev, cur, next, tmp;
  arb_one(prev.x);
  if (l == 0) {
    arb_one(res);
    return;
  }
  arb_mul_ui(cur.x, t, d - 2, prec);
  for (ulong n = 1; n < l; ++n) {
    if ((n & 4095) == 4095) limits::poll("sphere gegenbauer");
    arb_mul(next.x, cur.x, t, prec);
    arb_mul_ui(next.x, next.x, 2 * n + d - 2, prec);
    arb_mul_ui(tmp.x, prev.x, n + d - 3, prec);
    arb_sub(next.x, next.x, tmp.x, prec);
    arb_div_ui(next.x, next.x, n + 1, prec);
    arb_swap(prev.x, cur.x);
    arb_swap(cur.x, next.x);
  }
  arb_swap(res, cur.x);
}

void gegenbauer_c_at_one(arb_t res, ulong d, ulong l, slong prec) {
  if (d < 3) throw std::invalid_argument("gegenbauer_c_at_one: requires d >= 3");
  arb_bin_uiui(res, l + d - 3, l, prec);
}

}  // namespace bc::sphere
