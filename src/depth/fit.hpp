// The depth-efficiency transition fit of paper-L (section 5.2.2 and appendix, lines 197-212 and
// 965-995; docs/math/depth.md#transition-fit): ln d_x = a + b L over the transition points of Table 4.
//
// The error model that reproduces every printed figure (a, b, sigma_a, sigma_b, cov_ab, R^2,
// chi^2_red, all as truncated, not rounded, digits) is:
//   weighted least squares on y = ln d_x with sigma_i = Delta d_x / d_x (Table 4(b)),
//   absolute covariance (A^T W A)^{-1} (no rescaling by chi^2_red),
//   chi^2_red = chi^2/(n - 2),  R^2 = 1 - sum w (y - yhat)^2 / sum w (y - ybar_w)^2 with the weighted
//   mean ybar_w = sum w y / sum w (eq. 59 prints ybar = (1/n) sum y/sigma^2, a typo: taken
//   literally it gives R^2 = 1.0000).
// Variants kept for comparison (depth fit --variants): covariance scaled by chi^2_red, sigma =
// Delta/(2 d_x), the nonlinear fit d_x = e^{a + b L} with sigma = Delta d_x, and unweighted OLS.
// Two independent solvers for the paper's variant: normal equations (long double) and Householder
// QR of the weighted design matrix (Eigen).
#pragma once

#include "depth/data.hpp"

#include <string>
#include <vector>

namespace bc::depth {

struct FitResult {
  std::string variant;
  double a = 0, b = 0, var_a = 0, var_b = 0, cov_ab = 0, chi2 = 0, chi2_red = 0, r2 = 0;
};

/// The paper's variant by the normal equations.
FitResult fit_wls(const std::vector<TransitionPoint>& pts);
/// The same by Householder QR.
FitResult fit_wls_qr(const std::vector<TransitionPoint>& pts);
/// All variants, the paper's first.
std::vector<FitResult> fit_variants(const std::vector<TransitionPoint>& pts);

}  // namespace bc::depth
