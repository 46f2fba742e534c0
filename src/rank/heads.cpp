// See heads.hpp. Cost: O(log H_min) brackets, each O(L) ball operations on a shared table.
#include "rank/heads.hpp"

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "rank/spectral_bound.hpp"

#include <fmt/format.h>

namespace bc::rank {

namespace {

// +1: LB(H) <= eps proven; -1: LB(H) > eps proven; 0: undecided at the term budget.
int decide(SpectralTable& table, const fmpz_t H, const arb_t eps, ulong max_terms, ulong& terms) {
  for (;;) {
    LbBracket b = table.bracket(H);
    terms = b.terms;
    if (arb_le(b.hi.x, eps)) return 1;
    if (arb_gt(b.lo.x, eps)) return -1;
    if (table.L() >= max_terms) return 0;
    table.extend_to(std::min(4 * table.L() + 1, max_terms | 1));
  }
}

}  // namespace

HeadsResult min_heads(ulong d, ulong r, const Fmpq& eps, CountRule rule, ulong max_terms, long max_digits10) {
  SpectralTable table(d, r, rule, spectral_prec(30, max_terms));
  table.extend_to(101);
  Arb e;
  arb_set_fmpq(e.x, eps.x, 256);
  HeadsResult out;
  Fmpz lo(0), hi(1), mid, limit;  // invariant: LB(lo) > eps (lo = 0 stands for "none"), LB(hi) <= eps
  fmpz_ui_pow_ui(limit.x, 10, static_cast<ulong>(max_digits10));
  ulong terms = 0;
  int v = decide(table, hi.x, e.x, max_terms, terms);
  while (v < 0) {  // exponential search
    fmpz_set(lo.x, hi.x);
    fmpz_mul_2exp(hi.x, hi.x, 1);
    if (fmpz_cmp(hi.x, limit.x) > 0)
      throw ResourceError(
          fmt::format("rank heads: H_min exceeds 10^{} (lower --eps or raise the limit)", max_digits10));
    v = decide(table, hi.x, e.x, max_terms, terms);
  }
  if (v == 0) {  // undecided at the first candidate: report the range
    out.decided = false;
    fmpz_set(out.h_lo.x, lo.x);
    fmpz_add_ui(out.h_lo.x, out.h_lo.x, 1);
    out.terms = terms;
    // find a provable upper end by doubling
    Fmpz h = hi;
    int w = 0;
    while ((w = decide(table, h.x, e.x, max_terms, terms)) != 1) {
      fmpz_mul_2exp(h.x, h.x, 1);
      if (fmpz_cmp(h.x, limit.x) > 0)
        throw ResourceError("rank heads: cannot bracket H_min within the term budget");
    }
    fmpz_set(out.h_hi.x, h.x);
    return out;
  }
  // bisection on (lo, hi]
  bool undecided = false;
  while (true) {
    fmpz_sub(mid.x, hi.x, lo.x);
    if (fmpz_cmp_ui(mid.x, 1) <= 0) break;
    fmpz_add(mid.x, lo.x, hi.x);
    fmpz_fdiv_q_2exp(mid.x, mid.x, 1);
    int w = decide(table, mid.x, e.x, max_terms, terms);
    if (w > 0)
      fmpz_set(hi.x, mid.x);
    else if (w < 0)
      fmpz_set(lo.x, mid.x);
    else {
      // cannot decide at mid within the term budget: H_min is in (lo, hi]; report that range
      undecided = true;
      break;
    }
  }
  out.terms = terms;
  if (undecided) {
    out.decided = false;
    fmpz_add_ui(out.h_lo.x, lo.x, 1);
    fmpz_set(out.h_hi.x, hi.x);
    return out;
  }
  fmpz_set(out.h_min.x, hi.x);
  fmpz_set(out.h_lo.x, hi.x);
  fmpz_set(out.h_hi.x, hi.x);
  return out;
}

void talk_scalings(arb_t power, arb_t exp_log2, arb_t exp_ln, ulong d, ulong r, const Fmpq& eps, slong prec) {
  Arb ratio, t, e;
  arb_set_ui(ratio.x, d);
  arb_div_ui(ratio.x, ratio.x, r, prec);  // d/r
  // (d/r)^{1/eps} = exp(log(d/r) / eps)
  arb_log(t.x, ratio.x, prec);
  arb_set_fmpq(e.x, eps.x, prec);
  arb_div(t.x, t.x, e.x, prec);
  arb_exp(power, t.x, prec);
  // 2^{d - r log2(d/r)} = 2^d (r/d)^r, exactly rational
  arb_one(t.x);
  arb_mul_2exp_si(t.x, t.x, static_cast<slong>(d));
  arb_inv(e.x, ratio.x, prec);
  arb_pow_ui(e.x, e.x, r, prec);
  arb_mul(exp_log2, t.x, e.x, prec);
  // 2^{d - r ln(d/r)} = exp(ln 2 (d - r ln(d/r)))
  arb_log(t.x, ratio.x, prec);
  arb_mul_ui(t.x, t.x, r, prec);
  arb_neg(t.x, t.x);
  arb_add_ui(t.x, t.x, d, prec);
  arb_const_log2(e.x, prec);
  arb_mul(t.x, t.x, e.x, prec);
  arb_exp(exp_ln, t.x, prec);
}

}  // namespace bc::rank
