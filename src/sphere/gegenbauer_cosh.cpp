// C_l^lambda(t) for |t| > 1, by the cosine sum continued to t = cosh(th) (DLMF 18.5.11):
//   C_l^lambda(cosh th) = sum_{k=0}^{l} a_k cosh((l-2k) th),  a_k = (lambda)_k (lambda)_{l-k} / (k! (l-k)!),
// with x = e^th = t + sqrt(t^2 - 1) and 2 cosh(m th) = x^m + x^-m; for t < -1, C_l(t) = (-1)^l C_l(-t).
// Every term is positive, so ball arithmetic loses only about log2(l) bits. The forward recurrence
// (gegenbauer_rec.cpp) is not usable here in balls although C_l is its dominant solution: each step
// multiplies the radius by |2t| + 1 while the value grows by x, so it loses log2((|2t|+1)/x) bits
// per degree (a third of a bit per degree at t = 3/2: 33000 bits at l = 10^5).
// Cost: l/2 + 1 terms of about eight ball operations: O(l M(prec)), like the cosine sum.
#include "sphere/gegenbauer.hpp"

#include "core/limits.hpp"

#include <stdexcept>

namespace bc::sphere {

void gegenbauer_c_cosh(arb_t res, ulong d, ulong l, const arb_t t, slong prec) {
  if (d < 3) throw std::invalid_argument("gegenbauer_c_cosh: requires d >= 3");
  Arb at, x, x2, xinv2, up, down, a, s, term;
  arb_abs(at.x, t);
  // x = |t| + sqrt(t^2 - 1) > 1
  arb_sqr(x.x, at.x, prec);
  arb_sub_ui(x.x, x.x, 1, prec);
  arb_sqrt(x.x, x.x, prec);
  arb_add(x.x, x.x, at.x, prec);
  arb_sqr(x2.x, x.x, prec);
  arb_inv(xinv2.x, x2.x, prec);
  arb_pow_ui(up.x, x.x, l, prec);  // x^{l-2k}, from k = 0
  arb_inv(down.x, up.x, prec);     // x^{-(l-2k)}
  gegenbauer_cos_coef_first(a.x, d, l, prec);
  arb_zero(s.x);
  for (ulong k = 0; 2 * k <= l; ++k) {
    if ((k & 4095) == 4095) limits::poll("sphere gegenbauer");
    if (2 * k == l) {  // the middle term: cosh(0) = 1
      arb_add(s.x, s.x, a.x, prec);
      break;
    }
    // the terms k and l-k together: a_k (x^{l-2k} + x^{-(l-2k)}) = 2 a_k cosh((l-2k) th)
    arb_add(term.x, up.x, down.x, prec);
    arb_addmul(s.x, a.x, term.x, prec);
    if (2 * (k + 1) > l) break;
    arb_mul(up.x, up.x, xinv2.x, prec);
    arb_mul(down.x, down.x, x2.x, prec);
    gegenbauer_cos_coef_next(a.x, d, l, k, prec);
  }
  if (arb_is_negative(t) && (l & 1)) arb_neg(s.x, s.x);
  arb_swap(res, s.x);
}

}  // namespace bc::sphere
