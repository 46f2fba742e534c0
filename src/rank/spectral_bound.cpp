// See spectral_bound.hpp.
#include "rank/spectral_bound.hpp"

#include "core/limits.hpp"
#include "core/real_format.hpp"

#include <cmath>

namespace bc::rank {

slong spectral_prec(long digits, ulong max_terms) {
  // the tail energy T_L = 1 - E_L loses log2(L) bits to cancellation; rounding adds log2(L)
  return bits_for_digits(digits) + 40 +
         2 * static_cast<slong>(std::log2(static_cast<double>(max_terms) + 2.0));
}

SpectralTable::SpectralTable(ulong d, ulong r, CountRule rule, slong prec)
    : prec_(prec),
      full_(count_is_full(d, r, rule)),
      shape_(tail_shape(d, r, rule)),
      walker_(d, r, rule, prec) {}

void SpectralTable::extend_to(ulong L) {
  L |= 1;
  while (L_ < L) {
    if ((L_ & 8191) == 1) limits::poll("rank: spectral sum");
    if (L_ > 0) walker_.next();
    c2_.emplace_back();
    rho_.emplace_back();
    arb_set(c2_.back().x, walker_.c2());
    arb_set(rho_.back().x, walker_.rho());
    arb_add(energy_.x, energy_.x, walker_.c2(), prec_);
    L_ = walker_.l();
  }
  // rho_{L+2} without advancing the walker's state for the sums
  SpectrumWalker probe = walker_;
  probe.next();
  arb_set(rho_next_.x, probe.rho());
}

namespace {
// min(1, x) as a ball (x >= 0)
void min_one(arb_t res, const arb_t x, slong prec) {
  Arb one;
  arb_one(one.x);
  arb_min(res, x, one.x, prec);
}
}  // namespace

LbBracket SpectralTable::bracket(const fmpz_t H) const {
  LbBracket out;
  out.terms = L_;
  if (full_ && !fmpz_is_zero(H)) {  // b = N: one head already spans every block
    arb_zero(out.lo.x);
    arb_zero(out.hi.x);
    out.converged = true;
    return out;
  }
  Arb sum, t, tail, m_lo, m_hi, one;
  arb_one(one.x);
  for (size_t i = 0; i < c2_.size(); ++i) {
    arb_mul_fmpz(t.x, rho_[i].x, H, prec_);
    arb_sub(t.x, one.x, t.x, prec_);  // 1 - H rho
    arb_nonnegative_part(t.x, t.x);   // max(0, 1 - H rho) = 1 - min(1, H rho)
    arb_addmul(sum.x, c2_[i].x, t.x, prec_);
  }
  arb_sub(tail.x, one.x, energy_.x, prec_);  // T_L, exact by Parseval
  arb_nonnegative_part(tail.x, tail.x);
  // bounds on min(1, H rho_l) for l > L
  Arb at_next, at_inf;
  arb_mul_fmpz(at_next.x, rho_next_.x, H, prec_);
  min_one(at_next.x, at_next.x, prec_);
  switch (shape_.limit) {
    case 0:
      arb_zero(at_inf.x);
      break;
    case 1:
      arb_set_fmpz(at_inf.x, H);
      arb_mul_2exp_si(at_inf.x, at_inf.x, -1);
      min_one(at_inf.x, at_inf.x, prec_);
      break;
    default:
      arb_one(at_inf.x);
      break;
  }
  // monotone bounds need rho monotone from L+2 on; otherwise only 0 <= min(1, H rho) <= 1
  const bool monotone_tail = L_ + 2 >= shape_.from;
  switch (monotone_tail ? shape_.direction : Monotone::constant) {
    case Monotone::decreasing:
      arb_set(m_hi.x, at_next.x);
      arb_set(m_lo.x, at_inf.x);
      break;
    case Monotone::increasing:
      arb_set(m_lo.x, at_next.x);
      arb_set(m_hi.x, at_inf.x);
      break;
    case Monotone::constant:
      if (monotone_tail) {
        arb_set(m_lo.x, at_next.x);
        arb_set(m_hi.x, at_next.x);
      } else {
        arb_zero(m_lo.x);
        arb_one(m_hi.x);
      }
      break;
  }
  // lo = sum + (1 - m_hi) T_L, hi = sum + (1 - m_lo) T_L; keep the outer endpoints
  Arb lo, hi;
  arb_sub(t.x, one.x, m_hi.x, prec_);
  arb_mul(t.x, t.x, tail.x, prec_);
  arb_add(lo.x, sum.x, t.x, prec_);
  arb_sub(t.x, one.x, m_lo.x, prec_);
  arb_mul(t.x, t.x, tail.x, prec_);
  arb_add(hi.x, sum.x, t.x, prec_);
  Arf a;
  arb_get_lbound_arf(a.x, lo.x, prec_);
  if (arf_sgn(a.x) < 0) arf_zero(a.x);  // LB >= 0 always
  arb_set_arf(out.lo.x, a.x);
  arb_get_ubound_arf(a.x, hi.x, prec_);
  arb_set_arf(out.hi.x, a.x);
  return out;
}

LbBracket spectral_lower_bound(ulong d, ulong r, const fmpz_t H, CountRule rule, long digits,
                               ulong max_terms) {
  SpectralTable table(d, r, rule, spectral_prec(digits, max_terms));
  Arb width, tol;
  arb_set_ui(tol.x, 10);
  arb_pow_ui(tol.x, tol.x, static_cast<ulong>(digits), 64);
  arb_inv(tol.x, tol.x, 64);
  ulong L = 101;
  for (;;) {
    table.extend_to(std::min(L, max_terms | 1));
    LbBracket b = table.bracket(H);
    arb_sub(width.x, b.hi.x, b.lo.x, 64);
    if (arb_le(width.x, tol.x) || table.full_rank()) {
      b.converged = true;
      return b;
    }
    if (table.L() >= max_terms) return b;
    L = 4 * L + 1;
  }
}

}  // namespace bc::rank
