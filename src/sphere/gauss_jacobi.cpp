#include "sphere/gauss_jacobi.hpp"

#include "core/limits.hpp"

#include <Eigen/Eigenvalues>
#include <boost/math/special_functions/gamma.hpp>

#include <cmath>
#include <stdexcept>

namespace bc::sphere {

namespace {
std::recursive_mutex& mp_mutex() {
  static std::recursive_mutex m;
  return m;
}
}  // namespace

MpScope::MpScope(unsigned digits10) : lock_(mp_mutex()), saved_(MpReal::default_precision()) {
  MpReal::default_precision(digits10);
}

MpScope::~MpScope() { MpReal::default_precision(saved_); }

void jacobi_p(MpReal& p, MpReal& dp, unsigned n, const MpReal& a, const MpReal& b, const MpReal& x) {
  MpReal p0 = 1, p1 = (a + 1) + (a + b + 2) * (x - 1) / 2;
  if (n == 0) {
    p = 1;
    dp = 0;
    return;
  }
  for (unsigned k = 2; k <= n; ++k) {
    MpReal c = 2 * k + a + b;
    MpReal p2 = ((c - 1) * (c * (c - 2) * x + a * a - b * b) * p1 - 2 * (k + a - 1) * (k + b - 1) * c * p0) /
                (2 * k * (k + a + b) * (c - 2));
    p0 = std::move(p1);
    p1 = std::move(p2);
  }
  p = p1;
  // (2n+a+b)(1-x^2) P_n' = n[(a-b) - (2n+a+b)x] P_n + 2(n+a)(n+b) P_{n-1}
  MpReal c = 2 * n + a + b;
  dp = (n * ((a - b) - c * x) * p1 + 2 * (n + a) * (n + b) * p0) / (c * (1 - x * x));
}

GaussRule gauss_jacobi(unsigned n, double alpha, double beta, unsigned digits10) {
  if (n == 0 || !(alpha > -1) || !(beta > -1))
    throw std::invalid_argument("gauss_jacobi: requires n >= 1, alpha > -1, beta > -1");
  const MpScope scope(digits10);
  // Golub–Welsch: monic Jacobi recurrence coefficients.
  Eigen::VectorXd diag(n), sub(n > 1 ? n - 1 : 1);
  for (unsigned k = 0; k < n; ++k) {
    double s = 2.0 * k + alpha + beta;
    diag(k) = k == 0 ? (beta - alpha) / (alpha + beta + 2) : (beta * beta - alpha * alpha) / (s * (s + 2));
    if (k == 1) {
      // (k+a+b)/(s-1) = 1 at k = 1: cancel it so that a+b = -1 (Chebyshev, d = 2) is not 0/0.
      sub(0) = std::sqrt(4 * (1 + alpha) * (1 + beta) / (s * s * (s + 1)));
    } else if (k >= 2) {
      double kk = k;
      double num = 4 * kk * (kk + alpha) * (kk + beta) * (kk + alpha + beta);
      double den = s * s * (s + 1) * (s - 1);
      sub(k - 1) = std::sqrt(num / den);
    }
  }
  Eigen::VectorXd x0 = diag;
  if (n > 1) {
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es;
    es.computeFromTridiagonal(diag, sub, Eigen::EigenvaluesOnly);
    x0 = es.eigenvalues();
  }
  const MpReal a = alpha, b = beta;
  const MpReal tol = pow(MpReal(10), -static_cast<int>(digits10) + 3);
  // the Gamma ratio through lgamma: the Gammas overflow MPFR's exponent range for a >= 5e7
  MpReal cst = pow(MpReal(2), a + b + 1) * exp(lgamma(MpReal(n) + a + 1) + lgamma(MpReal(n) + b + 1) -
                                               lgamma(MpReal(n) + a + b + 1) - lgamma(MpReal(n) + 1));
  GaussRule rule;
  rule.nodes.resize(n);
  rule.weights.resize(n);
  for (unsigned i = 0; i < n; ++i) {
    limits::poll("Gauss-Jacobi quadrature");  // O(n) MPFR operations per node
    MpReal x = x0(i), p, dp;
    for (int it = 0; it < 200; ++it) {
      jacobi_p(p, dp, n, a, b, x);
      MpReal dx = p / dp;
      x -= dx;
      if (abs(dx) <= tol) {
        jacobi_p(p, dp, n, a, b, x);  // derivative at the converged node, for the weight
        break;
      }
    }
    rule.nodes[i] = x;
    rule.weights[i] = cst / ((1 - x * x) * dp * dp);
  }
  return rule;
}

}  // namespace bc::sphere
