// Least-norm points of the linear witness conditions, exactly (neighborly.hpp, steps 1 and 3).
//   minimise ||w'||^2  subject to  <v_j,w'> = 1 (j in S),  -1/2 <= <v_j,w'> <= 1/2 (j not in S).
// Primal active-set method (Nocedal & Wright, Numerical Optimization, Alg. 16.3) in rational
// arithmetic: working set W of linearly independent constraints held at equality; the
// least-norm point on W is w* = A_W^T lambda with (A_W A_W^T) lambda = b_W (an integer Gram
// matrix, solved by fmpz_mat_solve). Moving from w toward w*, the first constraint hit joins W
// (it is independent of W: its normal is not orthogonal to the step, which lies in ker A_W).
// At w = w*, KKT holds iff lambda <= 0 on upper bounds and >= 0 on lower bounds; otherwise the
// most wrong-signed one leaves W. At KKT, w is the global least-norm point (convex problem).
// Cost per step: O(|W|^2 k) for the Gram matrix, O(|W|^3) rational solve, O(N k) for the step;
// at most 10 (N + k) + 100 steps (then the feasible point reached is returned, not proved least).
#include "comm/neighborly.hpp"

#include <flint/fmpz_mat.h>

#include <cstdlib>

namespace bc::comm::detail {

namespace {

struct Row {
  unsigned long j;
  int side;  // 0: = 1 (j in S); +1: <= 1/2; -1: >= -1/2
};

// 2 x the right-hand side, an integer: 2, 1, -1.
slong twice_rhs(int side) { return side == 0 ? 2 : side; }

// Least-norm point on the working set: wstar = A^T lambda, A A^T lambda = b. False if singular.
bool solve_working_set(std::vector<Fmpq>& wstar, std::vector<Fmpq>& lambda, const SignVectors& v,
                       const std::vector<Row>& W) {
  const slong n = static_cast<slong>(W.size());
  wstar.assign(v.k, Fmpq());
  lambda.assign(W.size(), Fmpq());
  if (n == 0) return true;
  fmpz_mat_t G, B, X;
  fmpz_mat_init(G, n, n);
  fmpz_mat_init(B, n, 1);
  fmpz_mat_init(X, n, 1);
  Fmpz den;
  for (slong a = 0; a < n; ++a) {
    for (slong b = a; b < n; ++b) {
      slong s = 0;
      for (unsigned long i = 0; i < v.k; ++i) s += v.at(W[a].j, i) * v.at(W[b].j, i);
      fmpz_set_si(fmpz_mat_entry(G, a, b), s);
      fmpz_set_si(fmpz_mat_entry(G, b, a), s);
    }
    fmpz_set_si(fmpz_mat_entry(B, a, 0), twice_rhs(W[a].side));
  }
  const bool ok = fmpz_mat_solve(X, den.x, G, B) != 0 && !fmpz_is_zero(den.x);
  if (ok) {
    // lambda_a = X_a / (2 den); wstar_i = sum_a lambda_a v_{j_a,i}
    fmpz_mul_ui(den.x, den.x, 2);
    Fmpz acc;
    for (slong a = 0; a < n; ++a) fmpq_set_fmpz_frac(lambda[a].x, fmpz_mat_entry(X, a, 0), den.x);
    for (unsigned long i = 0; i < v.k; ++i) {
      fmpz_zero(acc.x);
      for (slong a = 0; a < n; ++a) {
        if (v.at(W[a].j, i) > 0)
          fmpz_add(acc.x, acc.x, fmpz_mat_entry(X, a, 0));
        else
          fmpz_sub(acc.x, acc.x, fmpz_mat_entry(X, a, 0));
      }
      fmpq_set_fmpz_frac(wstar[i].x, acc.x, den.x);
    }
  }
  fmpz_mat_clear(G);
  fmpz_mat_clear(B);
  fmpz_mat_clear(X);
  return ok;
}

// A maximal linearly independent subset of the equality rows (greedy, exact rank).
std::vector<Row> independent_equalities(const SignVectors& v, const std::vector<unsigned long>& S) {
  std::vector<Row> W;
  for (auto j : S) {
    W.push_back({j, 0});
    const slong n = static_cast<slong>(W.size());
    fmpz_mat_t A;
    fmpz_mat_init(A, n, static_cast<slong>(v.k));
    for (slong a = 0; a < n; ++a)
      for (unsigned long i = 0; i < v.k; ++i)
        fmpz_set_si(fmpz_mat_entry(A, a, static_cast<slong>(i)), v.at(W[a].j, i));
    if (fmpz_mat_rank(A) < n) W.pop_back();
    fmpz_mat_clear(A);
  }
  return W;
}

}  // namespace

CommonDen common_den(const std::vector<Fmpq>& x) {
  CommonDen c;
  fmpz_one(c.den.x);
  for (const auto& e : x) fmpz_lcm(c.den.x, c.den.x, fmpq_denref(e.x));
  c.num.resize(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    fmpz_divexact(c.num[i].x, c.den.x, fmpq_denref(x[i].x));
    fmpz_mul(c.num[i].x, c.num[i].x, fmpq_numref(x[i].x));
  }
  return c;
}

void int_dot(fmpz_t res, const SignVectors& v, unsigned long j, const CommonDen& c) {
  fmpz_zero(res);
  for (unsigned long i = 0; i < v.k; ++i) {
    if (v.at(j, i) > 0)
      fmpz_add(res, res, c.num[i].x);
    else
      fmpz_sub(res, res, c.num[i].x);
  }
}

bool least_norm_equalities(std::vector<Fmpq>& w, const SignVectors& v, const std::vector<unsigned long>& S) {
  auto W = independent_equalities(v, S);
  std::vector<Fmpq> lambda;
  if (!solve_working_set(w, lambda, v, W)) return false;
  // dropped (dependent) equalities must hold too, or the system is inconsistent
  const CommonDen c = common_den(w);
  Fmpz d;
  for (auto j : S) {
    int_dot(d.x, v, j, c);
    if (!fmpz_equal(d.x, c.den.x)) return false;
  }
  return true;
}

bool least_norm_active_set(std::vector<Fmpq>& w, const SignVectors& v, const std::vector<unsigned long>& S) {
  std::vector<char> in_s(v.N, 0), in_w(v.N, 0);
  for (auto j : S) in_s[j] = 1;
  std::vector<Row> W = independent_equalities(v, S);
  for (const auto& r : W) in_w[r.j] = 1;
  const unsigned long cap = 10 * (v.N + v.k) + 100;
  std::vector<Fmpq> wstar, lambda, p(v.k);
  Fmpq ap, r, t, tj, bound, tmp;
  const Fmpq half(1, 2), minus_half(-1, 2);
  for (unsigned long iter = 0; iter < cap; ++iter) {
    if (!solve_working_set(wstar, lambda, v, W)) return false;
    bool moved = false;
    for (unsigned long i = 0; i < v.k; ++i) {
      fmpq_sub(p[i].x, wstar[i].x, w[i].x);
      moved = moved || !fmpq_is_zero(p[i].x);
    }
    if (!moved) {
      // KKT: lambda <= 0 on upper bounds (+1), >= 0 on lower bounds (-1)
      long worst = -1;
      Fmpq worst_abs, cur_abs;
      for (size_t a = 0; a < W.size(); ++a) {
        const int sgn = fmpq_sgn(lambda[a].x);
        if ((W[a].side > 0 && sgn > 0) || (W[a].side < 0 && sgn < 0)) {
          fmpq_abs(cur_abs.x, lambda[a].x);
          if (worst < 0 || fmpq_cmp(cur_abs.x, worst_abs.x) > 0) {
            worst = static_cast<long>(a);
            fmpq_set(worst_abs.x, cur_abs.x);
          }
        }
      }
      if (worst < 0) return true;
      in_w[W[static_cast<size_t>(worst)].j] = 0;
      W.erase(W.begin() + worst);
      continue;
    }
    // step toward wstar, blocked by the first inequality reached
    // over common denominators, the N dot products are integer sums (no gcd per addition)
    fmpq_one(t.x);
    long block = -1;
    int block_side = 0;
    const CommonDen wi = common_den(w), pi = common_den(p);
    Fmpz apz, rz;
    for (unsigned long j = 0; j < v.N; ++j) {
      if (in_s[j] || in_w[j]) continue;
      int_dot(apz.x, v, j, pi);
      const int sgn = fmpz_sgn(apz.x);
      if (sgn == 0) continue;
      int_dot(rz.x, v, j, wi);
      fmpq_set_fmpz_frac(ap.x, apz.x, pi.den.x);
      fmpq_set_fmpz_frac(r.x, rz.x, wi.den.x);
      fmpq_sub(tj.x, (sgn > 0 ? half : minus_half).x, r.x);
      fmpq_div(tj.x, tj.x, ap.x);
      if (fmpq_cmp(tj.x, t.x) < 0) {
        fmpq_set(t.x, tj.x);
        block = static_cast<long>(j);
        block_side = sgn;
      }
    }
    for (unsigned long i = 0; i < v.k; ++i) {
      fmpq_mul(tmp.x, t.x, p[i].x);
      fmpq_add(w[i].x, w[i].x, tmp.x);
    }
    if (block >= 0) {
      W.push_back({static_cast<unsigned long>(block), block_side});
      in_w[static_cast<unsigned long>(block)] = 1;
    }
  }
  return false;
}

}  // namespace bc::comm::detail
