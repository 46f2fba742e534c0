// Separation-rank bounds of paper-L (docs/math/depth.md#separation-rank-bounds; paper-L Theorems 1, 2 and
// Corollaries 1, 2, lines 126-168 of the source file), for the linearised depth-L network of width d_x with H
// heads (d_a = d_x/H).
//
//   C(L) = (3^L - 1)/2 (Lemma 1: the number of summed positions at depth L)
//   Theorem 1 (L < log_3 d_x):
//     3^{L-2} (log_3(d_x - H) + a) <= log_3 sep <= ((3^L - 1)/2) log_3(d_x + H),  a = -L + 2 - log_3 2
//   Theorem 2 (L > log_3 d_x):
//     (1/2) d_x L + b1 + b2 <= log_3 sep <= 2 d_x L + c1 + c2,
//     b1 = -L (H/2 + 1),  c1 = L,  b2 = -d_x (1 + (1/2) log_3((d_x - H)/2)),
//     c2 = -2 d_x log_3(d_x / (2 sqrt(2e))) + log_3 d_x
// The regime is decided exactly (3^L against d_x as integers); L = log_3 d_x satisfies neither.
// Corollary 1: a network of depth L_s < L_d and width w d_x realises the deep network's function
// only if its upper bound reaches the deep lower bound:
//   C(L_s) log_3(w d_x + H) >= 3^{L_d - 2}(log_3(d_x - H) + a(L_d)),  giving the least w.
// Corollary 2 (L > log_3 d_x): beta_1 = log_3 d_x / L, beta_2 = kappa log(H) log(d_x) log(L) with
// kappa the constant hidden in O(.) (a parameter), L_s = beta_1 L + beta_2, d_x^s = 3^{beta_2} d_x.
#pragma once

#include "core/flint.hpp"

#include <string>

namespace bc::depth {

enum class Regime { width_sufficient, depth_saturated };  // Theorem 1 / Theorem 2

/// Exact regime; throws DomainError when L = log_3 d_x (neither theorem applies) or when a
/// hypothesis fails (H must divide d_x, d_x > H, L >= 1).
Regime regime(ulong L, ulong dx, ulong H);

struct SepBounds {
  Regime regime = Regime::width_sufficient;
  Arb lo, hi;             ///< bounds on log_3 sep
  Arb a, b1, b2, c1, c2;  ///< constants as printed (a for Theorem 1; b, c for Theorem 2)
  Arb C;                  ///< C(L)
};

SepBounds separation_bounds(ulong L, ulong dx, ulong H, slong prec);

/// log_3 of the least width factor w of Corollary 1 (deep L_d, shallow L_s < L_d).
void corollary1_log3_width_factor(arb_t res, ulong L_deep, ulong L_shallow, ulong dx, ulong H, slong prec);

struct Corollary2 {
  Arb beta1, beta2, shallow_L, log3_shallow_dx;
};
Corollary2 corollary2(ulong L, ulong dx, ulong H, const arb_t kappa, slong prec);

}  // namespace bc::depth
