// Eckart–Young–Mirsky tail sum_{i>H} s_i^2 and its ratio to ||G||_F^2 (talk-B l.398-409), exact
// for rational squares, certified balls for s_i = i^{-A} with 2A not an integer. Cost O(M log M)
// operations; the exact sum of i^{-2A} for 2A an integer e grows its denominator to about
// lcm(1..M)^e, so its additions cost about 1.44 e M^2 bit operations in all (polled).
#include "sym/eckart_young.hpp"

#include "core/errors.hpp"
#include "core/limits.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace bc::sym {

namespace {
void fill_balls(EckartYoung& r, slong prec) {
  arb_set_fmpq(r.tail_ball.x, r.tail_sq.x, prec);
  arb_set_fmpq(r.total_ball.x, r.total_sq.x, prec);
  arb_set_fmpq(r.rel_ball.x, r.relative.x, prec);
}
}  // namespace

EckartYoung eckart_young_exact(const std::vector<Fmpq>& squares, ulong H, slong prec) {
  if (H < 1) throw DomainError("eckart_young: requires H >= 1, got 0");
  std::vector<const Fmpq*> v;
  for (const auto& q : squares) {
    if (fmpq_sgn(q.x) < 0) throw DomainError("eckart_young: squared singular values must be >= 0");
    v.push_back(&q);
  }
  std::sort(v.begin(), v.end(), [](const Fmpq* a, const Fmpq* b) { return fmpq_cmp(a->x, b->x) > 0; });
  EckartYoung r;
  for (size_t i = 0; i < v.size(); ++i) {
    fmpq_add(r.total_sq.x, r.total_sq.x, v[i]->x);
    if (i >= H) fmpq_add(r.tail_sq.x, r.tail_sq.x, v[i]->x);
    if (!fmpq_is_zero(v[i]->x)) ++r.rank;
  }
  if (fmpq_is_zero(r.total_sq.x)) throw DomainError("eckart_young: all singular values are zero");
  fmpq_div(r.relative.x, r.tail_sq.x, r.total_sq.x);
  fill_balls(r, prec);
  return r;
}

EckartYoung eckart_young_power(ulong M, const fmpq_t A, ulong H, slong prec) {
  if (H < 1) throw DomainError("eckart_young: requires H >= 1, got 0");
  if (fmpq_sgn(A) < 0) throw DomainError("eckart_young: requires alpha >= 0");
  Fmpq twoA;
  fmpq_mul_ui(twoA.x, A, 2);
  EckartYoung r;
  r.rank = M;
  if (fmpz_is_one(fmpq_denref(twoA.x)) && fmpz_fits_si(fmpq_numref(twoA.x))) {
    // s_i^2 = i^{-2A} rational and already non-increasing in i
    const ulong e = fmpz_get_ui(fmpq_numref(twoA.x));
    Fmpq t;
    for (ulong i = 1; i <= M; ++i) {
      if ((i & 63) == 0) limits::poll("sym eckart-young");  // each addition grows with the denominator
      fmpz_one(fmpq_numref(t.x));
      fmpz_ui_pow_ui(fmpq_denref(t.x), i, e);
      fmpq_add(r.total_sq.x, r.total_sq.x, t.x);
      if (i > H) fmpq_add(r.tail_sq.x, r.tail_sq.x, t.x);
    }
    fmpq_div(r.relative.x, r.tail_sq.x, r.total_sq.x);
    fill_balls(r, prec);
    return r;
  }
  r.exact = false;
  Arb a2, t, iv;
  arb_set_fmpq(a2.x, twoA.x, prec);
  arb_neg(a2.x, a2.x);
  for (ulong i = 1; i <= M; ++i) {
    if ((i & 1023) == 0) limits::poll("sym eckart-young");
    arb_set_ui(iv.x, i);
    arb_pow(t.x, iv.x, a2.x, prec);
    arb_add(r.total_ball.x, r.total_ball.x, t.x, prec);
    if (i > H) arb_add(r.tail_ball.x, r.tail_ball.x, t.x, prec);
  }
  arb_div(r.rel_ball.x, r.tail_ball.x, r.total_ball.x, prec);
  return r;
}

}  // namespace bc::sym
