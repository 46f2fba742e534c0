// Does the weighting u of `rank u` reproduce the target? (docs/math/rank.md#figure-5-weighting, paper-A
// Figure 5.)
//
//   E_{t ~ u_4}[u(t) (2 b(t) - 1)] = sum_{l odd <= D} c_l(4)^2          (0.98410 at D = 49)
//
// Why it holds for the right u: 2b - 1 = sum_l g_l P_{l,d}, g_l = c_l^2 s_l (head_target.hpp), and
// u = sum_{l <= D} u_l P_{l,d} with u_l = N(d,l) / s_l, so orthogonality (||P_{l,d}||^2 = 1/N)
// leaves sum_{l <= D} u_l g_l / N = sum c_l^2. The weighting as printed (UWeighting::as_printed:
// the authors' code, which the tool also had before issue 29; u_l times sqrt(N)) gives
// sum sqrt(N) c_l^2 instead: 3.81, and the quadrature separates it from the target.
//
// This file does not use that finite sum. It integrates the product by the n-point Gauss rule of
// u_4 (weight (1 - t^2)^{1/2}: Gauss–Jacobi with alpha = beta = 1/2, i.e. Gauss–Chebyshev of the
// second kind, t_i = cos(theta_i), theta_i = i pi/(n+1), w_i = pi/(n+1) sin^2(theta_i), DLMF
// 3.5.23; certified balls), with u from u_weight_ball (a certified ball at each node) and b from
// head_target_double (the tool's b(theta) by its one-dimensional integral, in double precision;
// not the series). u and 2b - 1 are odd, so the product is even and the rule's mirror nodes
// t_{n+1-i} = -t_i are not evaluated: twice the sum over t_i > 0 (n even).
//
// Error bound (rigorous but for eps_b): the rule is exact on u P_l for l <= 2n - 1 - D, where
// E[u P_l] = 0 once l > D, so only the degrees l >= L (L the least odd l above 2n - 1 - D) of 2b - 1
// are integrated inexactly. At d = 4, P_{l,4}(cos theta) = sin((l+1) theta) / ((l+1) sin theta)
// (Chebyshev U_l / U_l(1)), so |Q_n[u P_l]| <= Q_n[|u| / sin theta] / (l+1), and
//   |Q_n[u (2b-1)] - E[u (2b-1)]| <= Q_n[|u| / sin theta] sum_{l >= L} |g_l| / (l+1) + 2 eps_b Q_n[|u|],
//   sum_{l >= L} |g_l| / (l+1) <= |s_L| (1 - sum_{l < L} c_l^2) / (L+1)   (|s_l| / (l+1) decreases;
// Parseval), eps_b = 1e-12 the accuracy to which tests/unit/test_rank_heads.cpp holds
// head_target_double to the certified b (not proved: the one uncertified input). At n = 384 the
// bound is about 1e-6.
// Cost: n/2 evaluations of u (D/2 cosine sums of O(l) ball operations) and of b (adaptive
// Gauss–Kronrod, about 1 ms each), L terms of the Parseval sum: about 0.2 s at n = 384.
#pragma once

#include "core/flint.hpp"
#include "rank/head_target.hpp"

namespace bc::rank {

struct UReproduction {
  Arb quadrature;  ///< Q_n[u (2b - 1)], the rule's sum in ball arithmetic (b as given)
  Arb target;      ///< sum_{l odd <= D} c_l^2, certified
  Arb error;       ///< the bound on |quadrature - E[u (2b - 1)]| above
  unsigned nodes = 0;
  unsigned long first_inexact = 0;  ///< L
};

/// The Gauss rule's estimate of E_{u_4}[u (2b - 1)] with its error bound, and the finite sum it
/// must equal (d = 4), for the weighting w. Requires nodes even and 2 nodes - 1 > degree.
UReproduction u_reproduction_d4(unsigned long degree, unsigned nodes, UWeighting w = UWeighting::reproducing);

}  // namespace bc::rank
