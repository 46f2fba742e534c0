// paper-L Lemma 6 (appendix, lines 724-813 of ../shared/papers/004_...): explicit weights and
// M + 1 template vectors for which the grid tensor of the linearised network, restricted to the
// rows Ĩ (position 1 takes template i <= M/2, the other I positions template M+1) and columns J̃
// (position N/2+1 takes template j in (M/2, M]), equals Const * (V V^T)^{⊙λ} (eq. 28), with
//   d = (d_x - H)/2 columns of V, λ = 3^{L-2}, rows v^(α) = Ω^{q^α} / ||Ω^{q^α}|| over the weak
//   compositions q^α of λ into d parts, so rank = ((d λ)) = binom(d+λ-1, λ) for all Ω but finitely
//   many (Lemmas 7-8; any non-integer rational Ω is safe, FINDINGS.md Q5).
// Corrections to the printed text (docs/research/paperL/FINDINGS.md, Q6), all applied here:
//   1. W^{V,1,h}, third and fourth cases: the printed index conditions contradict each other
//      (i = j - d_a(h-1) with i > (d_a-1)/2); we use the evident intent of eq. (36): row
//      (d_a-1)/2 + t reads -(x_{base+t} + 𝐢 x_{base+hf+t}) and rows > (d_a-1)/2 also read x_{d_a h}.
//   2. The second template case reads V_{i-M/2}, not V_{i-M/2+1} (which overflows at i = M).
//   3. φ(j) and eq. (51) index V's column (d_a-1)(h-1)+k; V has H(d_a-1)/2 columns, so it must be
//      ((d_a-1)/2)(h-1)+k.
//   4. Last layer for H > 1: as printed, W^{V,L,h} = 𝐢·1_{j=d_a} reads only head 1's constant
//      coordinate and W^{O,L,h} keeps the heads apart, and eq. (28) fails (rank 3 < 4 at L=2, H=2).
//      Fixed: W^{V,L,h} = 𝐢·1_{j=d_a h} and every head's W^{O,L,h} writes output coordinate p = 1.
// The weights are complex (𝐢 = sqrt(-1); the products are bilinear, no conjugation) and V's rows
// are irrational, so the network is evaluated in complex ball arithmetic (Arb acb) and the rank of
// the M/2 x M/2 sub-matrix is certified from below by Gaussian elimination that only pivots on
// entries whose ball excludes 0 (a certified lower bound; it equals M/2 when the determinant is
// certified nonzero). Cost: (M/2)^2 network evaluations of O(L H d_a d_x N + L H d_a N^2) ball
// operations, plus O((M/2)^3) for the elimination.
#pragma once

#include "core/flint.hpp"

#include <string>

namespace bc::depth {

struct Lemma6Rank {
  unsigned long d = 0, lambda = 0, half_m = 0;  ///< columns of V, 3^{L-2}, M/2 = ((d λ))
  unsigned long rank_lower = 0;                 ///< certified lower bound on the sub-matrix rank
  bool full_rank = false;                       ///< rank_lower == M/2 == binom(d+λ-1, λ)
  /// max |A - c (V V^T)^{⊙λ}| / max |A| with c = A_11 / ((VV^T)^λ)_11, as a ball (0 when eq. 28 holds)
  Arb deviation;
  bool proportional = false;  ///< the deviation ball contains 0 and has radius < 2^-40
  slong prec = 0;
};

/// L >= 2, H >= 1, d_a = dx/H odd >= 3, N even >= 2, Ω != 0. fixed_last_layer selects
/// correction 4 (without it the construction is the printed one, which fails for H > 1).
/// Throws DomainError on parameters outside the lemma.
Lemma6Rank lemma6_grid_rank(unsigned long L, unsigned long dx, unsigned long H, unsigned long N,
                            const Fmpq& omega, bool fixed_last_layer);

/// Estimated ball operations (for the size refusal).
double lemma6_cost(unsigned long L, unsigned long dx, unsigned long H, unsigned long N);

}  // namespace bc::depth
