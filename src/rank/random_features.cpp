// See random_features.hpp.
#include "rank/random_features.hpp"

#include "core/random.hpp"
#include "rank/head_target.hpp"

#include <Eigen/Dense>

#include <cmath>

namespace bc::rank {

namespace {

// Standard normal by Box–Muller on a splitmix64 stream (portable: no library distribution).
struct Normal {
  std::uint64_t state;
  bool has_spare = false;
  double spare = 0;
  double uniform() { return (static_cast<double>(splitmix64(state) >> 11) + 0.5) * 0x1.0p-53; }
  double operator()() {
    if (has_spare) {
      has_spare = false;
      return spare;
    }
    double u = uniform(), v = uniform(), r = std::sqrt(-2 * std::log(u));
    spare = r * std::sin(2 * M_PI * v);
    has_spare = true;
    return r * std::cos(2 * M_PI * v);
  }
};

Eigen::MatrixXd sphere_points(unsigned long d, unsigned long n, Normal& g) {
  Eigen::MatrixXd x(static_cast<Eigen::Index>(d), static_cast<Eigen::Index>(n));
  for (Eigen::Index j = 0; j < x.cols(); ++j) {
    for (Eigen::Index i = 0; i < x.rows(); ++i) x(i, j) = g();
    x.col(j).normalize();
  }
  return x;
}

double residual(const Eigen::MatrixXd& c, const Eigen::VectorXd& b) {
  Eigen::LDLT<Eigen::MatrixXd> ldlt(c);
  Eigen::VectorXd w;
  if (ldlt.info() == Eigen::Success && ldlt.isPositive())
    w = ldlt.solve(b);
  else
    w = c.completeOrthogonalDecomposition().solve(b);  // singular (repeated heads)
  return 1.0 - b.dot(w);
}

}  // namespace

std::vector<RandomFeatureTrial> random_features(unsigned long d, unsigned long H, unsigned long trials,
                                                std::uint64_t seed, int threads) {
  std::vector<RandomFeatureTrial> out(trials);
  const long nt = static_cast<long>(trials);
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
#else
  (void)threads;
#endif
  for (long t = 0; t < nt; ++t) {
    std::uint64_t s = seed ^ (0x5851F42D4C957F2DULL * static_cast<std::uint64_t>(t + 1));
    Normal g{splitmix64(s)};
    Eigen::MatrixXd q = sphere_points(d, H, g), k = sphere_points(d, H, g);
    const Eigen::Index h = static_cast<Eigen::Index>(H);
    Eigen::VectorXd b(h);
    for (Eigen::Index i = 0; i < h; ++i) {
      double c = std::clamp(q.col(i).dot(k.col(i)), -1.0, 1.0);
      b(i) = head_target_double(d, std::acos(c));
    }
    Eigen::MatrixXd gq = (q.transpose() * q).cwiseMax(-1.0).cwiseMin(1.0);
    Eigen::MatrixXd gk = (k.transpose() * k).cwiseMax(-1.0).cwiseMin(1.0);
    Eigen::MatrixXd c = (gq.array().asin() * gk.array().asin()).matrix() * (2.0 / (M_PI * M_PI));
    c.array() += 0.5;
    c.diagonal().setOnes();
    out[static_cast<size_t>(t)].error = residual(c, b);
    Eigen::MatrixXd cp = 2.0 * c;
    cp.array() -= 1.0;
    out[static_cast<size_t>(t)].error_pm1 = residual(cp, (2.0 * b.array() - 1.0).matrix());
  }
  return out;
}

}  // namespace bc::rank
