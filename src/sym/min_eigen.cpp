// Certified bracket of the smallest eigenvalue of a Gram matrix S_ij = G_ij / sqrt(s_i s_j):
//   hi = v^T S v / v^T v at the double-precision eigenvector v (Eigen), in ball arithmetic
//        (Rayleigh: lambda_min <= any Rayleigh quotient);
//   lo = t such that S - t I has a ball Cholesky factorisation (arb_mat_cho succeeds only when
//        the matrix is certainly positive definite), else 0 (S is a Gram matrix, hence PSD).
// S is scaled by an exact power of two so that its diagonal is <= 1. Cost O(p^3).
#include "sym/gram.hpp"

#include <arb_mat.h>
#include <Eigen/Eigenvalues>

#include <algorithm>

namespace bc::sym {

void certified_min_eigenvalue(arb_t lo, arb_t hi, const std::vector<Fmpz>& G, const std::vector<Fmpz>& s,
                              size_t p) {
  const slong prec = 192;
  const slong n = static_cast<slong>(p);
  arb_mat_t S;
  arb_mat_init(S, n, n);
  for (size_t i = 0; i < p; ++i)
    for (size_t j = 0; j < p; ++j) {
      arb_ptr e = arb_mat_entry(S, i, j);
      if (s.empty()) {
        arb_set_fmpz(e, G[i * p + j].x);
      } else {
        Fmpz ab;
        fmpz_mul(ab.x, s[i].x, s[j].x);
        normalised_entry_arb(e, G[i * p + j].x, ab.x, prec);
      }
    }
  // scale by 2^-e with 2^e >= max diagonal
  slong e = 0;
  for (size_t i = 0; i < p; ++i) {
    const slong b = arf_abs_bound_lt_2exp_si(arb_midref(arb_mat_entry(S, i, i))) + 1;
    e = std::max(e, b);
  }
  arb_mat_scalar_mul_2exp_si(S, S, -e);
  Eigen::MatrixXd D(n, n);
  for (slong i = 0; i < n; ++i)
    for (slong j = 0; j < n; ++j) D(i, j) = arf_get_d(arb_midref(arb_mat_entry(S, i, j)), ARF_RND_NEAR);
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> es(D);
  const double l0 = es.eigenvalues()(0);
  const Eigen::VectorXd v = es.eigenvectors().col(0);
  // hi: Rayleigh quotient
  arb_mat_t x, y;
  arb_mat_init(x, n, 1);
  arb_mat_init(y, n, 1);
  for (slong i = 0; i < n; ++i) arb_set_d(arb_mat_entry(x, i, 0), v(i));
  arb_mat_mul(y, S, x, prec);
  Arb num, den, t;
  for (slong i = 0; i < n; ++i) {
    arb_addmul(num.x, arb_mat_entry(x, i, 0), arb_mat_entry(y, i, 0), prec);
    arb_addmul(den.x, arb_mat_entry(x, i, 0), arb_mat_entry(x, i, 0), prec);
  }
  arb_div(hi, num.x, den.x, prec);
  arb_mul_2exp_si(hi, hi, e);
  // lo: Cholesky of S - t I for t slightly below the estimate
  arb_zero(lo);
  arb_mat_t T, L;
  arb_mat_init(T, n, n);
  arb_mat_init(L, n, n);
  for (double shrink : {1e-9, 1e-6, 1e-3, 1e-1, 0.5}) {
    const double tt = l0 - std::max(std::abs(l0) * shrink, 1e-300);
    if (!(tt > 0)) break;
    arb_set_d(t.x, tt);
    arb_mat_set(T, S);
    for (slong i = 0; i < n; ++i) arb_sub(arb_mat_entry(T, i, i), arb_mat_entry(T, i, i), t.x, prec);
    if (arb_mat_cho(L, T, prec)) {
      arb_mul_2exp_si(lo, t.x, e);
      break;
    }
  }
  arb_mat_clear(T);
  arb_mat_clear(L);
  arb_mat_clear(x);
  arb_mat_clear(y);
  arb_mat_clear(S);
}

}  // namespace bc::sym
