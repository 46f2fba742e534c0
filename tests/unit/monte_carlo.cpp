// Monte Carlo samplers of the unit tests (monte_carlo.hpp): compiled with optimisation in every
// build (tests/CMakeLists.txt).
#include "monte_carlo.hpp"

#include "core/random.hpp"

#include <Eigen/Dense>

#include <cmath>

namespace bc::test {

std::vector<std::complex<double>> haar_power_sums(long N, unsigned K, std::mt19937_64& rng) {
  std::normal_distribution<double> gauss;
  Eigen::MatrixXcd Z(N, N);
  for (long i = 0; i < N; ++i)
    for (long j = 0; j < N; ++j) Z(i, j) = std::complex<double>(gauss(rng), gauss(rng)) / std::sqrt(2.0);
  Eigen::HouseholderQR<Eigen::MatrixXcd> qr(Z);
  Eigen::MatrixXcd Q = qr.householderQ();
  Eigen::MatrixXcd R = qr.matrixQR().triangularView<Eigen::Upper>();
  for (long j = 0; j < N; ++j) Q.col(j) *= R(j, j) / std::abs(R(j, j));  // phase fix: Haar
  Eigen::ComplexEigenSolver<Eigen::MatrixXcd> es(Q);
  std::vector<std::complex<double>> P(K + 1, 0);
  for (unsigned k = 1; k <= K; ++k)
    for (long i = 0; i < N; ++i) P[k] += std::pow(es.eigenvalues()(i), static_cast<int>(k));
  return P;
}

namespace {

// A uniform point of S^{d-1} into x: d standard normals (Box-Muller on splitmix64's 53-bit
// uniforms), normalised.
void sphere_point(std::vector<double>& x, std::uint64_t& state) {
  const size_t d = x.size();
  for (size_t i = 0; i < d; i += 2) {
    const double u1 = (static_cast<double>(splitmix64(state) >> 11) + 0.5) * 0x1p-53;
    const double u2 = static_cast<double>(splitmix64(state) >> 11) * 0x1p-53;
    const double r = std::sqrt(-2 * std::log(u1));
    x[i] = r * std::cos(2 * M_PI * u2);
    if (i + 1 < d) x[i + 1] = r * std::sin(2 * M_PI * u2);
  }
  double norm2 = 0;
  for (double v : x) norm2 += v * v;
  for (double& v : x) v /= std::sqrt(norm2);
}

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0;
  for (size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

}  // namespace

Estimate weighted_sign_mc(double a, double b, const std::vector<double>& z, const std::vector<double>& y,
                          long samples, std::uint64_t seed) {
  std::uint64_t state = seed;
  std::vector<double> q(z.size()), k(z.size());
  double sum = 0, sum2 = 0;
  for (long i = 0; i < samples; ++i) {
    sphere_point(q, state);
    sphere_point(k, state);
    const double t = dot(q, k), sign = (dot(z, k) > 0) == (dot(q, y) > 0) ? 1 : -1;
    const double x = (a * t + b * t * t * t) * sign;
    sum += x;
    sum2 += x * x;
  }
  const double n = static_cast<double>(samples), mean = sum / n;
  return {mean, std::sqrt((sum2 / n - mean * mean) / (n - 1))};
}

}  // namespace bc::test
