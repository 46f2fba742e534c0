// The spectral data behind the rank-versus-heads bound (docs/math/rank.md#spectral-lower-bound, talk-B
// "Putting it all together"): for odd l, the sign energy c_l(d)^2 and the head-count ratio rho_l =
// b(r,l)/N(d,l).
//
//   c_{l+2}^2 = c_l^2 (2l+d+2)(l+d-1)(l+d-2) l^2 / ((2l+d-2)(l+2)(l+1)(l+d)^2),  c_1^2 = d s_1^2
//   rho_{l+2} = rho_l [b(l+2)/b(l)] / [N(l+2)/N(l)],  rho_1 = b(r,1)/d
//   b(l+2)/b(l) = (r+l)(r+l+1)/((l+1)(l+2)) (exact) or (r+l+1)(r+l+2)/((l+1)(l+2)) (talk)
//   N(l+2)/N(l) = (2l+d+2)(l+d-2)(l+d-1)/((l+1)(l+2)(2l+d-2))
// The tail beyond the last summed degree is controlled by two facts established exactly here:
// (1) rho_l is eventually monotone over odd l: the sign of D(l) = num_b den_N - den_b num_N is
//     eventually that of its leading coefficient, and FLINT's root bound says from where;
// (2) its limit is 0, 1/2 or infinity according to deg b - deg N (docs/math/rank.md#spectral-lower-bound: r =
// d-1 gives 1/2).
#pragma once

#include "core/flint.hpp"
#include "rank/count.hpp"

namespace bc::rank {

enum class Monotone { decreasing, increasing, constant };

struct TailShape {
  ulong from = 1;  ///< odd l from which rho_l is monotone (as stated) for all larger odd l
  Monotone direction = Monotone::constant;
  int limit = 0;  ///< 0: rho -> 0;  1: rho -> 1/2;  2: rho -> infinity
};

/// Exact tail shape of rho_l = b(r,l)/N(d,l). Requires d >= 2, r >= 1.
TailShape tail_shape(ulong d, ulong r, CountRule rule);

/// Incremental generator of (l, c_l^2, rho_l) over odd l = 1, 3, 5, ... at precision prec.
class SpectrumWalker {
 public:
  SpectrumWalker(ulong d, ulong r, CountRule rule, slong prec);
  [[nodiscard]] ulong l() const { return l_; }
  [[nodiscard]] const arb_struct* c2() const { return c2_.x; }
  [[nodiscard]] const arb_struct* rho() const { return rho_.x; }
  /// Advances to l + 2.
  void next();

 private:
  ulong d_, r_;
  CountRule rule_;
  slong prec_;
  ulong l_ = 1;
  Arb c2_, rho_;
};

}  // namespace bc::rank
