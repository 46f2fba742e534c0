// See spectral_bound.hpp.
#include "rank/spectral_bound.hpp"

#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "rank/spectral_sweep.hpp"

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

namespace detail {

LbBracket close_bracket(const arb_t sum, const arb_t energy, const arb_t rho_next, const fmpz_t H,
                        const TailShape& shape, ulong L, slong prec) {
  LbBracket out;
  out.terms = L;
  Arb t, tail, m_lo, m_hi, one;
  arb_one(one.x);
  arb_sub(tail.x, one.x, energy, prec);  // T_L, exact by Parseval
  arb_nonnegative_part(tail.x, tail.x);
  // bounds on min(1, H rho_l) for l > L
  Arb at_next, at_inf;
  arb_mul_fmpz(at_next.x, rho_next, H, prec);
  min_one(at_next.x, at_next.x, prec);
  switch (shape.limit) {
    case 0:
      arb_zero(at_inf.x);
      break;
    case 1:
      arb_set_fmpz(at_inf.x, H);
      arb_mul_2exp_si(at_inf.x, at_inf.x, -1);
      min_one(at_inf.x, at_inf.x, prec);
      break;
    default:
      arb_one(at_inf.x);
      break;
  }
  // monotone bounds need rho monotone from L+2 on; otherwise only 0 <= min(1, H rho) <= 1
  const bool monotone_tail = L + 2 >= shape.from;
  switch (monotone_tail ? shape.direction : Monotone::constant) {
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
  arb_sub(t.x, one.x, m_hi.x, prec);
  arb_mul(t.x, t.x, tail.x, prec);
  arb_add(lo.x, sum, t.x, prec);
  arb_sub(t.x, one.x, m_lo.x, prec);
  arb_mul(t.x, t.x, tail.x, prec);
  arb_add(hi.x, sum, t.x, prec);
  Arf a;
  arb_get_lbound_arf(a.x, lo.x, prec);
  if (arf_sgn(a.x) < 0) arf_zero(a.x);  // LB >= 0 always
  arb_set_arf(out.lo.x, a.x);
  arb_get_ubound_arf(a.x, hi.x, prec);
  arb_set_arf(out.hi.x, a.x);
  return out;
}

void tolerance(arb_t tol, long digits) {
  arb_set_ui(tol, 10);
  arb_pow_ui(tol, tol, static_cast<ulong>(digits), 64);
  arb_inv(tol, tol, 64);
}

}  // namespace detail

LbBracket SpectralTable::bracket(const fmpz_t H) const {
  if (full_ && !fmpz_is_zero(H)) {  // b = N: one head already spans every block
    LbBracket out;
    out.terms = L_;
    out.converged = true;
    return out;
  }
  Arb sum;
  detail::TermAdder term;
  for (size_t i = 0; i < c2_.size(); ++i) term.add(sum.x, c2_[i].x, rho_[i].x, H, prec_);
  return detail::close_bracket(sum.x, energy_.x, rho_next_.x, H, shape_, L_, prec_);
}

LbBracket spectral_lower_bound(ulong d, ulong r, const fmpz_t H, CountRule rule, long digits,
                               ulong max_terms) {
  std::vector<Fmpz> hs(1);
  fmpz_set(hs[0].x, H);
  return spectral_lower_bounds(d, r, hs, rule, digits, max_terms)[0];
}

}  // namespace bc::rank
