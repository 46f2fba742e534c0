// See random_features.hpp. Polled (limits::poll) at every head's b(theta) and between the blocks of
// every factorisation, so that a run stops within a small fraction of its budget of the deadline
// (issue 38 §4b: it used to poll nowhere and ran 19 times past a 0.05 s budget).
#include "rank/random_features.hpp"

#include "core/limits.hpp"
#include "core/random.hpp"
#include "rank/head_target.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <exception>

namespace bc::rank {

namespace {

constexpr const char* kWhat = "rank random-features";

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

// C = L L^T in place (the lower triangle), right-looking and blocked: per block column of kBlock,
// the diagonal block's Cholesky, the panel's triangular solve, and the trailing update
// A22 -= L21 L21^T in strips of kBlock columns, with a poll before each strip (at most
// H * kBlock^2 flops apart). False when a pivot is not positive (C singular to working precision).
constexpr Eigen::Index kBlock = 64;

bool blocked_cholesky(Eigen::MatrixXd& a) {
  const Eigen::Index n = a.rows();
  for (Eigen::Index k = 0; k < n; k += kBlock) {
    limits::poll(kWhat);
    const Eigen::Index bs = std::min(kBlock, n - k), rest = n - k - bs;
    Eigen::Ref<Eigen::MatrixXd> a11 = a.block(k, k, bs, bs);
    Eigen::LLT<Eigen::Ref<Eigen::MatrixXd>> diag(a11);  // in place
    if (diag.info() != Eigen::Success) return false;
    if (rest == 0) break;
    // L21 = A21 L11^{-T}
    a.block(k, k, bs, bs)
        .triangularView<Eigen::Lower>()
        .transpose()
        .solveInPlace<Eigen::OnTheRight>(a.block(k + bs, k, rest, bs));
    for (Eigen::Index j = 0; j < rest; j += kBlock) {
      limits::poll(kWhat);
      const Eigen::Index w = std::min(kBlock, rest - j);
      a.block(k + bs + j, k + bs + j, rest - j, w).noalias() -=
          a.block(k + bs + j, k, rest - j, bs) * a.block(k + bs + j, k, w, bs).transpose();
    }
  }
  return true;
}

// 1 - b^T C^{-1} b. C is positive semi-definite (a Gram matrix of the heads); when the blocked
// Cholesky meets a non-positive pivot (repeated heads), a pivoted LDLT, else the least-squares
// solution (complete orthogonal decomposition), as before issue 38.
double residual(const Eigen::MatrixXd& c, const Eigen::VectorXd& b) {
  Eigen::MatrixXd l = c;
  Eigen::VectorXd w;
  if (blocked_cholesky(l)) {
    w = b;
    l.triangularView<Eigen::Lower>().solveInPlace(w);
    l.triangularView<Eigen::Lower>().adjoint().solveInPlace(w);
  } else {
    limits::poll(kWhat);
    Eigen::LDLT<Eigen::MatrixXd> ldlt(c);
    if (ldlt.info() == Eigen::Success && ldlt.isPositive())
      w = ldlt.solve(b);
    else
      w = c.completeOrthogonalDecomposition().solve(b);  // singular (repeated heads)
  }
  return 1.0 - b.dot(w);
}

RandomFeatureTrial trial(unsigned long d, unsigned long H, std::uint64_t seed, long t) {
  std::uint64_t s = seed ^ (0x5851F42D4C957F2DULL * static_cast<std::uint64_t>(t + 1));
  Normal g{splitmix64(s)};
  Eigen::MatrixXd q = sphere_points(d, H, g), k = sphere_points(d, H, g);
  const Eigen::Index h = static_cast<Eigen::Index>(H);
  Eigen::VectorXd b(h);
  for (Eigen::Index i = 0; i < h; ++i) {
    limits::poll(kWhat);  // b(theta) by quadrature for d < 24: up to a few ms a head
    double c = std::clamp(q.col(i).dot(k.col(i)), -1.0, 1.0);
    b(i) = head_target_double(d, std::acos(c));
  }
  Eigen::MatrixXd gq = (q.transpose() * q).cwiseMax(-1.0).cwiseMin(1.0);
  Eigen::MatrixXd gk = (k.transpose() * k).cwiseMax(-1.0).cwiseMin(1.0);
  Eigen::MatrixXd c = (gq.array().asin() * gk.array().asin()).matrix() * (2.0 / (M_PI * M_PI));
  c.array() += 0.5;
  c.diagonal().setOnes();
  RandomFeatureTrial out;
  out.error = residual(c, b);
  Eigen::MatrixXd cp = 2.0 * c;
  cp.array() -= 1.0;
  out.error_pm1 = residual(cp, (2.0 * b.array() - 1.0).matrix());
  return out;
}

}  // namespace

std::vector<RandomFeatureTrial> random_features(unsigned long d, unsigned long H, unsigned long trials,
                                                std::uint64_t seed, int threads) {
  std::vector<RandomFeatureTrial> out(trials);
  const long nt = static_cast<long>(trials);
  std::exception_ptr error;
  limits::Run& run = limits::current();  // the trials poll this thread's deadline and cancellation
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
#else
  (void)threads;
#endif
  for (long t = 0; t < nt; ++t) {
    const limits::RunScope scope(run);
    // no exception may leave an OpenMP region: the first one is kept and rethrown below; once
    // one is kept the remaining trials return at their first poll
    try {
      out[static_cast<size_t>(t)] = trial(d, H, seed, t);
    } catch (...) {
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp critical(random_features_error)
#endif
      if (!error) error = std::current_exception();
    }
  }
  if (error) std::rethrow_exception(error);
  return out;
}

}  // namespace bc::rank
