// Double-precision kernel for the spectral bound, for large grids and d up to 10^6.
//
// Same formulas and the same tail bracket as spectral_bound.hpp, in long double (64-bit
// mantissa) with rho kept as a logarithm (H rho_l under- and overflows any floating format for
// large d) and c_l^2 re-anchored to its lgamma closed form every 64 degrees, so rounding does not
// accumulate along l. Not certified: the tests hold it to 1e-10 relative against the Arb kernel.
// Grids run with OpenMP over grid points; each point is computed independently, so results do
// not depend on the thread count.
#pragma once

#include "rank/count.hpp"
#include "rank/spectrum.hpp"

#include <vector>

namespace bc::rank {

struct LbDouble {
  double lo = 0, hi = 0;
  unsigned long terms = 0;
  bool converged = false;
};

/// log c_l(d)^2 and log rho_l = log b(r,l) - log N(d,l) by lgamma (odd l >= 1).
long double log_c2_closed(unsigned long d, unsigned long l);
long double log_rho_closed(unsigned long d, unsigned long r, unsigned long l, CountRule rule);

class DoubleSpectrum {
 public:
  DoubleSpectrum(unsigned long d, unsigned long r, CountRule rule);
  void extend_to(unsigned long L);
  [[nodiscard]] unsigned long L() const { return L_; }
  /// Bracket for H = exp(log_h).
  [[nodiscard]] LbDouble bracket(long double log_h) const;

 private:
  unsigned long d_, r_;
  CountRule rule_;
  bool full_;
  TailShape shape_;
  unsigned long L_ = 0;
  std::vector<long double> c2_, logrho_;
  std::vector<long double> suffix_c2_;  // suffix_c2_[i] = sum_{j >= i} c2_[j] (for the monotone fast path)
  long double energy_ = 0, energy_comp_ = 0;  // Kahan-compensated sum
  long double logrho_next_ = 0;
};

/// LB(d,r,H) in double precision, L growing until hi - lo <= tol or max_terms.
LbDouble spectral_lower_bound_double(unsigned long d, unsigned long r, long double log_h, CountRule rule,
                                     double tol, unsigned long max_terms);

/// H_min in double precision (as log H; exact integer when below 2^63 via the returned value).
long double min_heads_double(unsigned long d, unsigned long r, double eps, CountRule rule,
                             unsigned long max_terms);

struct GridPoint {
  unsigned long d, r;
  long double log_h;
};

/// All points of a grid, in order, on `threads` threads.
std::vector<LbDouble> lb_grid_double(const std::vector<GridPoint>& points, CountRule rule, double tol,
                                     unsigned long max_terms, int threads);

}  // namespace bc::rank
