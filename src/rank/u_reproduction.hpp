// Does the weighting u of `rank u` reproduce the target? (MATH.md §4, paper-A Figure 5.)
//
//   E_{t ~ u_d}[u(t) (2 b(t) - 1)] = sum_{l odd <= D} c_l(d)^2         (0.98410 at d = 4, D = 49)
//
// Why it holds for the right u: 2b - 1 = sum_l g_l P_{l,d}, g_l = c_l^2 s_l (head_target.hpp), and
// u = sum_{l <= D} u_l P_{l,d} with u_l = N(d,l) / s_l, so orthogonality (||P_{l,d}||^2 = 1/N)
// leaves sum_{l <= D} u_l g_l / N = sum c_l^2. The weighting the code had before issue 29 (u_l
// times sqrt(N)) gives sum sqrt(N) c_l^2 instead: 3.81 at d = 4.
//
// This file does not use that finite sum. It integrates the product by the n-point Gauss rule for
// the weight (1 - t^2)^{(d-3)/2} (Gauss–Jacobi: for d = 3 Gauss–Legendre and for d = 4
// Gauss–Chebyshev of the second kind, both certified balls from closed forms or Arb; other d
// src/sphere/gauss_jacobi.cpp in MPFR), with u from u_weight_ball (a certified ball at each node)
// and b from head_target_double (the tool's b(theta) by its one-dimensional integral, in double
// precision: not the series). Error bound: the rule is exact on u P_l for l <= 2n - 1 - D, where
// E[u P_l] = 0 once l > D, so only the degrees l >= L (L the least odd l above 2n - 1 - D) of
// 2b - 1 are integrated inexactly, each by at most Q_n[|u|] (|P_l| <= 1, positive weights):
//   |Q_n[u (2b-1)] - E[u (2b-1)]| <= Q_n[|u|] (sum_{l >= L} |g_l| + 2 eps_b),
//   sum_{l >= L} |g_l| <= |s_L| (1 - sum_{l < L} c_l^2)       (|s_l| decreases; Parseval),
// eps_b = 1e-12 the accuracy to which tests/unit/test_rank_heads.cpp holds head_target_double to
// the certified b. eps_b is the one input not certified; it matters only while Q_n[|u|] is large
// (1.4e5 at d = 4, D = 49; 2e9 at d = 8, where the double b cannot decide 5 digits).
// Cost: the rule (O(n) ball operations for d = 3, 4; O(n^2) MPFR operations otherwise); n
// evaluations of u (D/2 cosine sums) and of b (adaptive Gauss–Kronrod); L terms of the Parseval sum.
#pragma once

#include "core/flint.hpp"

namespace bc::rank {

struct UReproduction {
  Arb quadrature;  ///< Q_n[u (2b - 1)], the rule's sum in ball arithmetic (nodes, weights, b as given)
  Arb target;      ///< sum_{l odd <= D} c_l^2, certified
  Arb abs_u;       ///< Q_n[|u|]
  Arb tail;        ///< |s_L| (1 - sum_{l < L} c_l^2): bounds sum_{l >= L} |g_l|
  Arb error;       ///< Q_n[|u|] (tail + 2 eps_b): bounds |quadrature - E[u (2b - 1)]|
  unsigned nodes = 0;
  unsigned long first_inexact = 0;  ///< L
  bool certified_rule = false;      ///< nodes and weights as certified balls (d = 3, 4)
};

/// The Gauss–Jacobi estimate of E[u (2b - 1)] with its error bound, and the finite sum it must
/// equal. Requires d >= 3 and 2 nodes - 1 > degree.
UReproduction u_reproduction(unsigned long d, unsigned long degree, unsigned nodes);

}  // namespace bc::rank
