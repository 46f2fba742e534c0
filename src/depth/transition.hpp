// Transition size and optimal depth (paper-L eq. (10), lines 204-207, and Table 1;
// docs/math/depth.md#transition-size):
//   d_x(L) = e^{a + b L},  N_Tr(L) = 12 L e^{2a} e^{2bL}  (non-embedding size 12 L d_x^2)
//   sigma_N = sqrt((dN/da)^2 var_a + (dN/db)^2 var_b + 2 (dN/da)(dN/db) cov_ab)
//           = 2 N sqrt(var_a + L^2 var_b + 2 L cov_ab)
// The optimal depth for a size P is the nearest integer to the root L* of P = N_Tr(L) (N_Tr is
// increasing); the width is sqrt(P / (12 L)) at that depth (Table 1's GPT-3 rows) or e^{a + b L}
// (its 1T row).
#pragma once

#include "depth/fit.hpp"

namespace bc::depth {

struct FitParams {
  double a, b, var_a, var_b, cov_ab;
};

/// The paper's printed eq. (11): a = 5.039, b = 5.55e-2, var_a = 9.4e-4, cov_ab = -3.74e-5, var_b = 1.7e-6.
FitParams printed_params();
/// From a fit.
FitParams params_of(const FitResult& f);

struct Transition {
  double dx, n, sigma_n;
};
Transition transition(double L, const FitParams& p);

struct Optimal {
  double l_star = 0;  ///< real root of P = N_Tr(L)
  unsigned long L = 0;
  double dx = 0;      ///< sqrt(P / (12 L))
  double dx_fit = 0;  ///< e^{a + b L}
};
Optimal optimal_depth(double params, const FitParams& p);

}  // namespace bc::depth
