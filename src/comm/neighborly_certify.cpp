// The exact witness check (neighborly.hpp, step 4): for w' in Q^k and v_j in {+-1}^k,
//   <w',v_j> = 1 (j in S),  -1/2 <= <w',v_j> <= 1/2 (j not in S),  k ||w'||^2 <= 4 |S|,
// all exact (integers over the common denominator, and fmpq). With w = sqrt(k) w' and u_j = v_j / sqrt(k)
// this is exactly <w,u_j> = 1, |<w,u_j>| <= 1/2 and ||w|| <= 2 sqrt q. Cost O(N k) integer additions.
#include "comm/neighborly.hpp"

namespace bc::comm {

namespace {

// <w',v_j> = 1 on S and |<w',v_j>| <= 1/2 off S, as rationals: over the least common denominator
// D > 0, w'_i = n_i / D and <w',v_j> = (sum_i +-n_i) / D, so each condition compares integers
// (sum = D; 2 |sum| <= D) with no rational normalisation (gcd) per addition.
bool linear_ok(const std::vector<Fmpq>& w, const SignVectors& v, const std::vector<unsigned long>& S) {
  std::vector<char> in_s(v.N, 0);
  for (auto j : S) {
    if (j >= v.N) return false;
    in_s[j] = 1;
  }
  const detail::CommonDen c = detail::common_den(w);
  Fmpz dot;
  for (unsigned long j = 0; j < v.N; ++j) {
    detail::int_dot(dot.x, v, j, c);
    if (in_s[j]) {
      if (!fmpz_equal(dot.x, c.den.x)) return false;
    } else {
      fmpz_mul_2exp(dot.x, dot.x, 1);
      if (fmpz_cmpabs(dot.x, c.den.x) > 0) return false;
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
