// Gauss–Jacobi quadrature in MPFR (Boost.Multiprecision), for the Hecke–Funk check.
//
// n-point rule for the weight (1-x)^alpha (1+x)^beta on [-1,1], exact for polynomials of degree
// <= 2n-1. Nodes: Golub–Welsch eigenvalues in double (Eigen's tridiagonal solver) as starting
// values, then Newton on P_n^{(alpha,beta)} (DLMF 18.9.2 recurrence) in MPFR until converged.
// Weights (DLMF 18.2.5, 3.5.v):
//   w_i = 2^{a+b+1} Gamma(n+a+1) Gamma(n+b+1) / (Gamma(n+a+b+1) n!) / ((1-x_i^2) P_n'(x_i)^2).
// Cost: O(n^2) double work for the eigenvalues, O(n^2 log(digits)) MPFR operations for Newton.
// Deliberately independent of Arb: it is the second method the check compares against.
#pragma once

#include <boost/multiprecision/mpfr.hpp>

#include <mutex>
#include <vector>

namespace bc::sphere {

using MpReal = boost::multiprecision::mpfr_float;

/// Boost 1.74's mpfr_float has ONE process-wide default precision, with which every MpReal,
/// expression temporaries included, is created. Code that computes with MpReal holds an MpScope
/// for its whole duration: the scope sets that precision and restores the previous one on exit,
/// and it serialises MPFR work across threads, since another thread setting its own precision
/// would otherwise change this one's mid-computation (verify's parallel claims printed other
/// noise digits on 3 threads than on 1; a `table` of hecke-funk rows at different --digits could
/// compute a row at another row's precision). Scopes nest (a recursive mutex); construct the
/// scope before any MpReal so that every object gets its precision.
class MpScope {
 public:
  explicit MpScope(unsigned digits10);
  ~MpScope();
  MpScope(const MpScope&) = delete;
  MpScope& operator=(const MpScope&) = delete;

 private:
  std::unique_lock<std::recursive_mutex> lock_;
  unsigned saved_;
};

struct GaussRule {
  std::vector<MpReal> nodes;
  std::vector<MpReal> weights;
};

/// Requires n >= 1, alpha > -1, beta > -1; all MpReal arithmetic at digits10 decimal digits
/// (an MpScope of its own: hold one at digits10 to compute with the rule afterwards).
GaussRule gauss_jacobi(unsigned n, double alpha, double beta, unsigned digits10);

/// P_n^{(alpha,beta)}(x) and its derivative by the three-term recurrence.
void jacobi_p(MpReal& p, MpReal& dp, unsigned n, const MpReal& alpha, const MpReal& beta, const MpReal& x);

}  // namespace bc::sphere
