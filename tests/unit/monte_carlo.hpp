// Monte Carlo samplers of the unit tests. They are the tests' own references, computed in doubles
// with no library code, and they sit in a file of their own so that they are compiled with
// optimisation in every build: the sanitizer tree compiles the test drivers at -O0
// (tests/CMakeLists.txt), where these loops ran for 100 s of CI's sanitizer suite.
#pragma once

#include <complex>
#include <cstdint>
#include <random>
#include <vector>

namespace bc::test {

/// The power sums P_k = sum_i lambda_i^k, k = 0..K (P_0 left 0), of the eigenvalues of one Haar
/// unitary N x N matrix: the QR decomposition of a complex Ginibre matrix, its Q's columns turned
/// by the phases of R's diagonal (Mezzadri, "How to generate random matrices from the classical
/// compact groups", 2007), then Eigen's complex eigensolver.
std::vector<std::complex<double>> haar_power_sums(long N, unsigned K, std::mt19937_64& rng);

/// Mean and standard error of a Monte Carlo estimate.
struct Estimate {
  double mean = 0, se = 0;
};

/// Over q, k iid uniform on S^{d-1} (d = z.size() = y.size()): the sample mean of
/// (a t + b t^3) sign<z,k> sign<q,y>, t = <q,k>, over `samples` draws from splitmix64 `seed`
/// (uniform points: normalised Box-Muller normals).
Estimate weighted_sign_mc(double a, double b, const std::vector<double>& z, const std::vector<double>& y,
                          long samples, std::uint64_t seed);

}  // namespace bc::test
