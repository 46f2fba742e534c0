// The spectral lower bound (talk-B "Putting it all together", made exact by Eckart–Young;
// docs/math/rank.md#spectral-lower-bound):
//
//   LB(d,r,H) = sum_{l odd} c_l(d)^2 (1 - min(1, H rho_l)),  rho_l = b(r,l)/N(d,l),
//
// lower-bounds E|sign(<z,y>) - sum_h g_h|^2 over H heads of rank r. Summing l <= L and writing
// T_L = 1 - sum_{l<=L} c_l^2 for the exact tail energy (Parseval), the tail contributes between
// (1 - m_hi) T_L and (1 - m_lo) T_L, where [m_lo, m_hi] bounds min(1, H rho_l) for l > L: by the
// exact monotonicity of rho_l (spectrum.hpp) these are min(1, H rho_{L+2}) and min(1, H rho_inf).
// So lo <= LB <= hi is a guarantee, and L grows (L = 101, 405, 1621, ...: L -> 4L+1) until
// hi - lo < 10^-digits or the term budget is spent. Cost: O(L) ball operations per H once the table
// is built. Many H at one (d, r): spectral_sweep.hpp walks the degrees once for all of them.
#pragma once

#include "core/flint.hpp"
#include "rank/count.hpp"
#include "rank/spectrum.hpp"

#include <string>
#include <vector>

namespace bc::rank {

struct LbBracket {
  Arb lo, hi;              ///< lo <= LB <= hi (lower end of lo, upper end of hi)
  ulong terms = 0;         ///< last odd degree summed
  bool converged = false;  ///< hi - lo <= 10^-digits
};

/// c_l^2 and rho_l for odd l <= L, with the tail data; reusable for many H.
class SpectralTable {
 public:
  SpectralTable(ulong d, ulong r, CountRule rule, slong prec);
  /// Extends the table so that it sums odd l <= L (L odd, at least tail_shape().from).
  void extend_to(ulong L);
  [[nodiscard]] ulong L() const { return L_; }
  [[nodiscard]] slong prec() const { return prec_; }
  [[nodiscard]] const TailShape& shape() const { return shape_; }
  /// The certified bracket for H at the current L.
  [[nodiscard]] LbBracket bracket(const fmpz_t H) const;
  [[nodiscard]] bool full_rank() const { return full_; }

 private:
  slong prec_;
  bool full_;
  TailShape shape_;
  SpectrumWalker walker_;
  ulong L_ = 0;
  std::vector<Arb> c2_, rho_;  // index (l-1)/2
  Arb energy_;                 // sum_{l <= L} c_l^2
  Arb rho_next_;               // rho_{L+2}
};

/// LB(d,r,H) to `digits` (absolute width 10^-digits) or the best bracket within max_terms: the
/// rungs L = 101, 405, ... in turn, stopping at the first whose bracket is narrow enough (or the
/// count is full rank, or L reaches max_terms). Runs spectral_lower_bounds (spectral_sweep.hpp)
/// for one H: no table is kept.
LbBracket spectral_lower_bound(ulong d, ulong r, const fmpz_t H, CountRule rule, long digits,
                               ulong max_terms);

namespace detail {
/// Adds the terms c2 (1 - min(1, H rho)) of a bracket's partial sum, one by one, with scratch
/// balls kept between calls (no allocation per term).
class TermAdder {
 public:
  TermAdder() { arb_one(one_.x); }
  void add(arb_t sum, const arb_t c2, const arb_t rho, const fmpz_t H, slong prec) {
    arb_mul_fmpz(t_.x, rho, H, prec);
    arb_sub(t_.x, one_.x, t_.x, prec);  // 1 - H rho
    arb_nonnegative_part(t_.x, t_.x);   // max(0, 1 - H rho) = 1 - min(1, H rho)
    arb_addmul(sum, c2, t_.x, prec);
  }

 private:
  Arb t_, one_;
};
/// The bracket at last degree L from the partial sum (add_term over odd l <= L, in order), the
/// energy sum_{l <= L} c_l^2 and rho_{L+2} (the tail bounds above). SpectralTable and
/// spectral_lower_bounds both close their brackets here, so they give the same bits.
LbBracket close_bracket(const arb_t sum, const arb_t energy, const arb_t rho_next, const fmpz_t H,
                        const TailShape& shape, ulong L, slong prec);
/// 10^-digits as a ball at 64 bits: the width a bracket must reach.
void tolerance(arb_t tol, long digits);
}  // namespace detail

/// Working precision used for a given digit target and term budget.
slong spectral_prec(long digits, ulong max_terms);

}  // namespace bc::rank
