// q-neighborly sign vectors (talk-H l.441-470, after Candes & Tao 2005;
// docs/math/comm.md#neighborly-sign-vectors):
//   there are u_1..u_N in {+-1/sqrt k}^k, k = O(q log N), such that for every q-subset S of [N]
//   some w_S in R^k has  ||w_S|| <= 2 sqrt q,  <w_S,u_j> = 1 (j in S),  |<w_S,u_j>| <= 1/2 (j not in S).
// We draw the u_j from a seed and look for every w_S, then certify each witness exactly.
//
// Scaling (everything rational): v_j = sqrt(k) u_j in {+-1}^k and w' = w / sqrt(k), so that
//   <w,u_j> = <w',v_j>  and  ||w||^2 = k ||w'||^2 <= 4q.
// Search, per subset S (all C(N,q) subsets, or a seeded sample of them):
//   1. the least-norm solution of the equalities alone, w' = V_S^T (V_S V_S^T)^{-1} 1, exactly
//      (fmpz_mat_solve); if it meets the inequalities it is the least-norm witness, done;
//   2. else an LP (GLPK simplex, minimise ||w'||_inf under the linear conditions) gives a vertex,
//      which is rebuilt exactly from the optimal basis (the non-basic constraints solved in
//      rationals; GLPK's rational simplex glp_exact when the float basis is not exactly feasible);
//      an infeasible LP (confirmed by glp_exact) means no w satisfies even the linear conditions;
//   3. from that vertex, an exact primal active-set method (rational arithmetic) minimises ||w'||
//      over the linear conditions; when it stops with the KKT conditions verified (multipliers of
//      the right signs), its norm is the least possible, so a norm above 2 sqrt q proves that no
//      witness exists for S; when it stops at the iteration cap the subset is "not found".
//   4. every returned w' is checked by certify_witness, exactly: <w',v_j> = 1 and |<w',v_j>| <= 1/2
//      as rationals, and k ||w'||^2 <= 4q as a rational inequality. Nothing else counts.
// Statuses: certified; infeasible (linear conditions infeasible, by GLPK's rational simplex);
// norm_exceeds (least norm proved > 2 sqrt q); not_found (search gave up; a witness may exist).
// Cost per subset: step 1 O(q^2 k + q^3) exact; steps 2-3 one LP with N + 2k rows and k + 1
// columns (simplex, ~ (N + 2k)^2 k flops) plus at most 10 (N + k) + 100 active-set steps of
// O(N k + |W|^3) rational operations.
// Subsets run in parallel (OpenMP) in chunks of 256 with their results tallied in order, so the
// report never depends on the thread count; the LPs run in parallel when GLPK is re-entrant
// (glp_config("TLS"), as Debian's is) and are serialised by a mutex otherwise (neighborly_lp.cpp).
#pragma once

#include "core/flint.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace bc::comm {

/// v_j in {+-1}^k for j = 0..N-1, row-major. Entry i of v_j is bit 63 of the next splitmix64 draw
/// of the stream seeded by seed ^ (k * 0x9E3779B97F4A7C15): the draw for (seed, k) is the same
/// whether k was given or reached by a search.
struct SignVectors {
  unsigned long N = 0, k = 0;
  std::vector<signed char> v;
  [[nodiscard]] int at(unsigned long j, unsigned long i) const { return v[j * k + i]; }
};
SignVectors draw_sign_vectors(unsigned long N, unsigned long k, std::uint64_t seed);

enum class WitnessStatus { certified, infeasible, norm_exceeds, not_found };
const char* witness_status_name(WitnessStatus s);

struct Witness {
  WitnessStatus status = WitnessStatus::not_found;
  std::vector<Fmpq> w;  ///< w' = w / sqrt(k) (empty for infeasible)
  Fmpq norm_sq;         ///< ||w||^2 = k ||w'||^2, exactly (0 when no point was found)
  bool least = false;   ///< KKT verified: norm_sq is the least over the linear conditions
  std::string how;      ///< "least-norm equalities", "LP + active set", ...
};

/// The pipeline above for one subset S (sorted, distinct, < N, |S| >= 1).
Witness find_witness(const SignVectors& v, const std::vector<unsigned long>& S);

/// The exact check of step 4: true iff <w',v_j> = 1 on S, |<w',v_j>| <= 1/2 off S and
/// k ||w'||^2 <= 4 |S|; norm_sq receives k ||w'||^2.
bool certify_witness(const std::vector<Fmpq>& w, const SignVectors& v, const std::vector<unsigned long>& S,
                     Fmpq& norm_sq);
/// The linear conditions alone (no norm bound), exactly.
bool linear_conditions_hold(const std::vector<Fmpq>& w, const SignVectors& v,
                            const std::vector<unsigned long>& S);

namespace detail {
enum class LpStatus { feasible, infeasible, failed };
/// Step 2: an exactly feasible point of the linear conditions (GLPK + exact basis).
LpStatus lp_feasible_point(std::vector<Fmpq>& w, const SignVectors& v, const std::vector<unsigned long>& S);
/// Step 1/3: exact active-set least-norm from a feasible w (updated in place). Returns true when
/// the KKT conditions hold at the end (w is then the least-norm point).
bool least_norm_active_set(std::vector<Fmpq>& w, const SignVectors& v, const std::vector<unsigned long>& S);
/// Step 1: least-norm solution of the equalities on S alone; false if they are inconsistent.
bool least_norm_equalities(std::vector<Fmpq>& w, const SignVectors& v, const std::vector<unsigned long>& S);
/// A rational vector as integers over its least common denominator (den > 0).
struct CommonDen {
  std::vector<Fmpz> num;
  Fmpz den;
};
CommonDen common_den(const std::vector<Fmpq>& x);
/// res = <v_j, c.num>, the numerator of <v_j, x> over c.den (integer additions only).
void int_dot(fmpz_t res, const SignVectors& v, unsigned long j, const CommonDen& c);
}  // namespace detail

struct SubsetResult {
  std::vector<unsigned long> S;
  WitnessStatus status = WitnessStatus::not_found;
  Fmpq norm_sq;
  bool least = false;
  std::vector<Fmpq> w;  ///< w' of a certified witness, when asked for (keep_witnesses)
};

struct NeighborlyReport {
  unsigned long N = 0, q = 0, k = 0;
  Fmpz subsets;          ///< C(N, q)
  bool sampled = false;  ///< subsets drawn at random (with replacement) instead of all
  bool stopped = false;  ///< stopped at the first subset not certified
  unsigned long tried = 0, certified = 0, infeasible = 0, norm_exceeds = 0, not_found = 0;
  double max_norm_sq = 0;          ///< largest ||w_S||^2 among certified witnesses (rounded)
  std::vector<SubsetResult> rows;  ///< per subset, when asked for
};

/// Runs find_witness on every q-subset (samples = 0) or on `samples` subsets drawn from the seed.
/// stop_at_failure ends at the first subset that is not certified (used by the k search).
/// keep_witnesses (implies keep_rows) keeps each certified w' in its row (for --certificate).
NeighborlyReport neighborly_check(unsigned long N, unsigned long q, unsigned long k, std::uint64_t seed,
                                  unsigned long samples, bool stop_at_failure, bool keep_rows,
                                  int threads = 1, bool keep_witnesses = false);

/// Estimated cost of one subset in flops (for limits::check).
double neighborly_subset_cost(unsigned long N, unsigned long k);

}  // namespace bc::comm
