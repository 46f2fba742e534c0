// See heads.hpp. Cost: O(log H_min) brackets, each O(L) ball operations on a shared table.
#include "rank/heads.hpp"

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "rank/spectral_bound.hpp"

#include <fmt/format.h>
#include <algorithm>

#include <chrono>
#include <cmath>

namespace bc::rank {

namespace {

// +1: LB(H) <= eps proven; -1: LB(H) > eps proven; 0: undecided at the term budget.
int decide(SpectralTable& table, const fmpz_t H, const arb_t eps, ulong max_terms, ulong& terms) {
  for (;;) {
    limits::poll("rank heads");
    LbBracket b = table.bracket(H);
    terms = b.terms;
    if (arb_le(b.hi.x, eps)) return 1;
    if (arb_gt(b.lo.x, eps)) return -1;
    if (table.L() >= max_terms) return 0;
    table.extend_to(std::min(4 * table.L() + 1, max_terms | 1));
  }
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

namespace {

// Working precision for the integer bisection once H_min < 2^hi_bits is known: near H,
// LB(H) - LB(H + 1) is about LB/H, so telling H from H + 1 takes about log2(H) bits beyond those
// the digits and the cancellation in T_L need (H_min ~ 1e52 at d = 128, eps = 1/20). Below 2^64
// the digits' 100 bits absorb it; above, the table is rebuilt with hi_bits + 32 more bits before
// the bisection, so that its first pass suffices (the retry in min_heads is the fallback).
slong bisection_prec(slong prec, ulong hi_bits) {
  return hi_bits >= 64 ? prec + static_cast<slong>(hi_bits) + 32 : prec;
}

/// The search for H_min at one working precision. Invariant: LB(lo) > eps (lo = 0 stands for
/// "none"), LB(hi) <= eps once v > 0; H = 2^bits while the exponent is searched.
struct HeadsSearch {
  HeadsSearch(ulong d_, ulong r_, CountRule rule_, ulong max_terms_, long max_digits10_, slong prec)
      : d(d_),
        r(r_),
        rule(rule_),
        max_terms(max_terms_),
        max_digits10(max_digits10_),
        table(d_, r_, rule_, prec) {}
  ulong d, r;
  CountRule rule;
  ulong max_terms;
  long max_digits10;
  SpectralTable table;
  Arb e;
  Fmpz lo{0}, hi{1}, mid, limit;
  ulong terms = 0, lo_bits = 0, hi_bits = 0;
  int v = 0;  // decide() at hi

  int at(const fmpz_t H) { return decide(table, H, e.x, max_terms, terms); }
  ResourceError too_large() const {
    return ResourceError(fmt::format(
        "rank heads: H_min exceeds 10^{} at d = {}, r = {}: no H up to there is proven to reach eps "
        "(raise --eps)",
        max_digits10, d, r));
  }
  void square_up();
  void bisect_exponent();
  HeadsResult undecided_range();
  void check_bisection_time();
  HeadsResult bisect();
};

// Exponential search in log space: H = 2, 4, 16, 256, ... (squaring), so that an H_min of b bits
// is bracketed in log2(b) brackets.
void HeadsSearch::square_up() {
  v = at(hi.x);
  while (v < 0) {
    fmpz_set(lo.x, hi.x);
    lo_bits = hi_bits;
    hi_bits = hi_bits == 0 ? 1 : 2 * hi_bits;
    fmpz_one(hi.x);
    fmpz_mul_2exp(hi.x, hi.x, hi_bits);
    if (fmpz_cmp(hi.x, limit.x) > 0) {
      fmpz_set(hi.x, limit.x);
      v = at(hi.x);
      if (v < 0) throw too_large();
      break;
    }
    v = at(hi.x);
  }
}

// Bisect the exponent: LB(2^lo_bits) > eps (or lo = 0), LB(2^hi_bits) <= eps or undecided.
void HeadsSearch::bisect_exponent() {
  while (v != 0 && hi_bits > lo_bits + 1 && fmpz_cmp(hi.x, limit.x) < 0) {
    const ulong mb = lo_bits + (hi_bits - lo_bits) / 2;
    fmpz_one(mid.x);
    fmpz_mul_2exp(mid.x, mid.x, mb);
    const int w = at(mid.x);
    if (w < 0) {
      fmpz_set(lo.x, mid.x);
      lo_bits = mb;
    } else if (w > 0) {
      fmpz_set(hi.x, mid.x);
      hi_bits = mb;
    } else {
      break;
    }
  }
}

// Undecided at hi: the range (lo, h] with h the first provable upper end (by squaring, then the
// smallest power of two that is provable).
HeadsResult HeadsSearch::undecided_range() {
  HeadsResult out;
  out.decided = false;
  fmpz_set(out.h_lo.x, lo.x);
  fmpz_add_ui(out.h_lo.x, out.h_lo.x, 1);
  out.terms = terms;
  ulong a = hi_bits, b = hi_bits == 0 ? 1 : 2 * hi_bits;
  Fmpz h;
  for (;;) {
    fmpz_one(h.x);
    fmpz_mul_2exp(h.x, h.x, b);
    if (fmpz_cmp(h.x, limit.x) > 0 && at(limit.x) == 1) {
      fmpz_set(out.h_hi.x, limit.x);
      return out;
    }
    if (fmpz_cmp(h.x, limit.x) > 0)
      throw ResourceError(fmt::format(
          "rank heads: cannot bracket H_min below 10^{} within {} odd degrees (raise --max-terms or --eps)",
          max_digits10, max_terms));
    if (at(h.x) == 1) break;
    a = b;
    b *= 2;
  }
  while (b > a + 1) {
    const ulong m = a + (b - a) / 2;
    fmpz_one(h.x);
    fmpz_mul_2exp(h.x, h.x, m);
    (at(h.x) == 1 ? b : a) = m;
  }
  fmpz_one(out.h_hi.x);
  fmpz_mul_2exp(out.h_hi.x, out.h_hi.x, b);
  return out;
}

// The integer bisection takes about log2(hi - lo) brackets: one is timed, and the run refused when
// the time already spent (the exponent search) and the bisection's exceed the time budget.
void HeadsSearch::check_bisection_time() {
  fmpz_sub(mid.x, hi.x, lo.x);
  const double steps = static_cast<double>(fmpz_bits(mid.x));
  const auto t0 = std::chrono::steady_clock::now();
  fmpz_add(mid.x, lo.x, hi.x);
  fmpz_fdiv_q_2exp(mid.x, mid.x, 1);
  (void)at(mid.x);
  const double per = seconds_since(t0);
  limits::check_seconds(fmt::format("rank heads: an exact H_min of about {:.0f} digits needs about {:.0f} "
                                    "certified brackets of {} terms",
                                    steps * 0.30103, steps, table.L()),
                        limits::elapsed() + per * steps, "raise --eps");
}

// Bisection on (lo, hi]; the decisions so far are certified facts whatever the precision.
HeadsResult HeadsSearch::bisect() {
  check_bisection_time();
  HeadsResult out;
  bool undecided = false;
  while (true) {
    fmpz_sub(mid.x, hi.x, lo.x);
    if (fmpz_cmp_ui(mid.x, 1) <= 0) break;
    fmpz_add(mid.x, lo.x, hi.x);
    fmpz_fdiv_q_2exp(mid.x, mid.x, 1);
    const int w = at(mid.x);
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

// The exponent is searched by squaring and bisected (log2(b) brackets each for an H_min of b
// bits), then H itself (b brackets, estimated and refused above the time budget).
HeadsResult min_heads_at(ulong d, ulong r, const Fmpq& eps, CountRule rule, ulong max_terms,
                         long max_digits10, slong prec) {
  HeadsSearch s(d, r, rule, max_terms, max_digits10, prec);
  s.table.extend_to(101);
  arb_set_fmpq(s.e.x, eps.x, 256);
  fmpz_ui_pow_ui(s.limit.x, 10, static_cast<ulong>(max_digits10));
  s.square_up();
  s.bisect_exponent();
  if (s.v == 0) return s.undecided_range();
  // a table with more bits for the integer bisection just carries on from the decisions so far
  if (const slong want = bisection_prec(prec, s.hi_bits); want > s.table.prec()) {
    const ulong L = s.table.L();
    s.table = SpectralTable(d, r, rule, want);
    s.table.extend_to(L);
  }
  return s.bisect();
}

}  // namespace

HeadsResult min_heads(ulong d, ulong r, const Fmpq& eps, CountRule rule, ulong max_terms, long max_digits10) {
  // Up front: however many heads, LB >= the sign energy beyond the last degree summed, and for
  // l >> d, c_l^2 ~ K_d / l^2 with K_d = 2^{d+1} Gamma(d/2)^2 / (pi^2 (d-2)!) (docs/math/sphere.md#decay: the
  // Gamma closed form; N(d,l) ~ 2 l^{d-2}/(d-2)!), so the odd tail beyond L is about K_d / (2L)
  // (larger for l <~ d; within 1% of it at L = 10^5, d = 64). An eps below 0.8 of that cannot be
  // reached within max_terms degrees.
  if (d >= 3) {
    const auto dd = static_cast<double>(d);
    const double log_k =
        (dd + 1) * std::log(2.0) + 2 * std::lgamma(dd / 2) - 2 * std::log(M_PI) - std::lgamma(dd - 1);
    const double tail = std::exp(log_k) / (2.0 * static_cast<double>(max_terms));
    const double e = fmpq_get_d(eps.x);
    if (e < 0.8 * tail)
      throw ResourceError(fmt::format(
          "rank heads: eps = {:.3g} is below the sign energy beyond degree {} (about {:.3g} = K_d/(2L), "
          "whatever H): it needs degrees up to about {:.3g}; raise --max-terms or --eps",
          e, max_terms, tail, std::exp(log_k) / (2.0 * e)));
  }
  const slong prec = spectral_prec(30, max_terms);
  HeadsResult res = min_heads_at(d, r, eps, rule, max_terms, max_digits10, prec);
  if (res.decided) return res;
  // Undecided near a huge H: LB(H) - eps moves by about |LB'| ~ LB/H per head, so telling H from H+1
  // needs log2(H) more bits than the table carries; more terms do not help. min_heads_at adds them
  // before its bisection (bisection_prec); should that still fall short, one retry from scratch
  // with bits(h_hi) + 32 more bits (no catalogue or reference case needs it: tests check passes).
  const slong more = static_cast<slong>(fmpz_bits(res.h_hi.x)) + 32;
  res = min_heads_at(d, r, eps, rule, max_terms, max_digits10, prec + more);
  res.passes = 2;
  return res;
}

void talk_scalings(arb_t power, arb_t exp_log2, arb_t exp_ln, ulong d, ulong r, const Fmpq& eps, slong prec) {
  Arb ratio, t, e;
  arb_set_ui(ratio.x, d);
  arb_div_ui(ratio.x, ratio.x, r, prec);  // d/r
  // (d/r)^{1/eps} = exp(log(d/r) / eps): the exponent is as large as 1/eps (10^30 at eps = 1e-30), and
  // exp turns its absolute error into a relative one, so it carries log2(1/eps) more bits
  const slong wide = prec +
                     std::max<slong>(0, static_cast<slong>(fmpz_bits(fmpq_denref(eps.x))) -
                                            static_cast<slong>(fmpz_bits(fmpq_numref(eps.x)))) +
                     16;
  arb_set_ui(t.x, d);
  arb_div_ui(t.x, t.x, r, wide);
  arb_log(t.x, t.x, wide);
  arb_set_fmpq(e.x, eps.x, wide);
  arb_div(t.x, t.x, e.x, wide);
  arb_exp(power, t.x, prec);
  // eps = 1/k: (d/r)^k is rational, and an integer when r | d; computed exactly while it has at
  // most a million bits, so an exact integer prints as one (1073741824, not 1073741824.000...)
  if (fmpz_is_one(fmpq_numref(eps.x)) && fmpz_fits_si(fmpq_denref(eps.x)) && d % r == 0) {
    const slong k = fmpz_get_si(fmpq_denref(eps.x));
    if (static_cast<double>(k) * std::log2(static_cast<double>(d / r)) < 1.0e6) {
      Fmpz q;
      fmpz_ui_pow_ui(q.x, d / r, static_cast<ulong>(k));
      arb_set_fmpz(power, q.x);  // exact: no rounding at any precision
    }
  }
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
