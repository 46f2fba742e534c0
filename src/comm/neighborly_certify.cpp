// The exact witness check (neighborly.hpp, step 4): for w' in Q^k and v_j in {+-1}^k,
//   <w',v_j> = 1 (j in S),  -1/2 <= <w',v_j> <= 1/2 (j not in S),  k ||w'||^2 <= 4 |S|,
// all as rational (fmpq) comparisons. With w = sqrt(k) w' and u_j = v_j / sqrt(k) this is exactly
// <w,u_j> = 1, |<w,u_j>| <= 1/2 and ||w|| <= 2 sqrt q. Cost O(N k) rational additions.
#include "comm/neighborly.hpp"

namespace bc::comm {

namespace {

// <w',v_j> = 1 on S and |<w',v_j>| <= 1/2 off S, as rationals.
bool linear_ok(const std::vector<Fmpq>& w, const SignVectors& v, const std::vector<unsigned long>& S) {
  std::vector<char> in_s(v.N, 0);
  for (auto j : S) {
    if (j >= v.N) return false;
    in_s[j] = 1;
  }
  const Fmpq one(1, 1), half(1, 2), minus_half(-1, 2);
  Fmpq dot;
  for (unsigned long j = 0; j < v.N; ++j) {
    fmpq_zero(dot.x);
    for (unsigned long i = 0; i < v.k; ++i) {
      if (v.at(j, i) > 0)
        fmpq_add(dot.x, dot.x, w[i].x);
      else
        fmpq_sub(dot.x, dot.x, w[i].x);
    }
    if (in_s[j]) {
      if (!fmpq_equal(dot.x, one.x)) return false;
    } else if (fmpq_cmp(dot.x, half.x) > 0 || fmpq_cmp(dot.x, minus_half.x) < 0) {
      return false;
    }
  }
  return true;
}

}  // namespace

bool linear_conditions_hold(const std::vector<Fmpq>& w, const SignVectors& v,
                            const std::vector<unsigned long>& S) {
  return w.size() == v.k && !S.empty() && linear_ok(w, v, S);
}

bool certify_witness(const std::vector<Fmpq>& w, const SignVectors& v, const std::vector<unsigned long>& S,
                     Fmpq& norm_sq) {
  fmpq_zero(norm_sq.x);
  if (w.size() != v.k || S.empty()) return false;
  Fmpq sq;
  for (const auto& wi : w) {
    fmpq_mul(sq.x, wi.x, wi.x);
    fmpq_add(norm_sq.x, norm_sq.x, sq.x);
  }
  fmpq_mul_ui(norm_sq.x, norm_sq.x, v.k);
  if (!linear_ok(w, v, S)) return false;
  Fmpq bound;
  fmpq_set_ui(bound.x, 4 * S.size(), 1);
  return fmpq_cmp(norm_sq.x, bound.x) <= 0;
}

}  // namespace bc::comm
