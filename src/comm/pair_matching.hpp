// Pair Matching by one self-attention head (talk-H l.553-638; docs/math/comm.md#pair-matching).
//   Input z_0 = dummy, z_1..z_N in {1..M}; target y_i = 1{ exists j in [N]: z_i + z_j = 0 mod M }
//   (j = i allowed, as the talk's formula reads). Scores of query i (talk-H l.607):
//     s_ij = alpha cos(2 pi (z_i + z_j) / M)   (j = 1..N),
//     s_i0 = alpha c_0,  c_0 = c_1 + theta (1 - c_1),  c_1 = cos(2 pi / M),  0 < theta < 1
//   (the dummy's score, our choice: the talk says only that the dummy's value differs,
//   l.557, 638). Values: 1 on the dummy, 0 elsewhere, so the output is the dummy's softmax weight
//     o_i = e^{s_i0} / (e^{s_i0} + sum_j e^{s_ij}),  and we predict "no match" iff o_i > 1/2.
// Why it works (derived here): a match scores alpha, every non-match at most alpha c_1.
//   match:    o_i <= 1 / (1 + e^{alpha (1 - c_0)}) < 1/2 for every alpha > 0: never wrong;
//   no match: o_i >= 1 / (1 + N e^{-alpha (c_0 - c_1)}) > 1/2 once alpha (c_0 - c_1) > ln N.
// So alpha > alpha* = ln N / (theta (1 - cos(2 pi / M))) gives zero errors on every instance;
// 1 - cos(2 pi/M) ~ 2 pi^2 / M^2, so alpha* ~ M^2 ln N / (2 pi^2 theta): talk-H's
// "alpha = O(M^2 log N)" (l.620). Errors are monotone in alpha (each wrong output is a no-match
// output with log-sum-exp_j alpha (cos_ij - c_0) >= 0, decreasing in alpha), so bisection finds
// the least alpha with zero errors on given instances.
// Numerics: double precision, scores shifted by their maximum before exp (log-sum-exp).
// Instances: trial t draws z from splitmix64 seeded by seed ^ (0x5851F42D4C957F2D (t + 1)),
// z = 1 + floor(x M / 2^64) (128-bit product; bias < M / 2^64). Trials run in parallel
// (OpenMP) into fixed slots and are summed in order, so results do not depend on threads.
// Cost: trials x N^2 cosines and exponentials per alpha; bisection multiplies by its steps.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

namespace bc::comm {

/// cos(2 pi r / M) for 0 <= r < M: the one expression every score uses (bitwise the same everywhere).
double pair_matching_cos(unsigned long r, unsigned long M);

/// e^x in the log-sum-exp (x = s_ij - max_j s_ij <= 0): +0 for x < -746, where e^x < 2^-1075 (half
/// the least subnormal) rounds to +0, the value std::exp returns there through its slow underflow
/// path (tested); std::exp elsewhere. So sums and decisions are bit for bit those of std::exp.
inline double pair_matching_exp(double x) { return x < -746.0 ? 0.0 : std::exp(x); }

/// c_0 = c_1 + theta (1 - c_1), c_1 = cos(2 pi / M).
double pair_matching_dummy_coef(unsigned long M, double theta);

/// alpha* = ln N / (theta (1 - cos(2 pi / M))): above it, zero errors on every instance.
double pair_matching_threshold(unsigned long N, unsigned long M, double theta);

/// z_1..z_N of trial t.
std::vector<unsigned long> pair_matching_instance(unsigned long N, unsigned long M, std::uint64_t seed,
                                                  unsigned long t);

/// Targets y_i (1 = has a match).
std::vector<char> pair_matching_truth(const std::vector<unsigned long>& z, unsigned long M);

/// Outputs o_i (the dummy's softmax weight) for one instance; predicted "match" iff o_i <= 1/2.
std::vector<double> pair_matching_outputs(const std::vector<unsigned long>& z, unsigned long M, double alpha,
                                          double theta);

/// Deciding margins m_i = alpha c_0 - log sum_j e^{alpha cos(2 pi (z_i + z_j)/M)} of one instance: the
/// output predicts "no match" iff m_i > 0 (the same arithmetic as the error counts below).
std::vector<double> pair_matching_margins(const std::vector<unsigned long>& z, unsigned long M, double alpha,
                                          double theta);

struct PairMatchingStats {
  unsigned long trials = 0, outputs = 0, positives = 0, errors = 0, false_match = 0, missed_match = 0;
};

/// Error counts over `trials` seeded instances.
PairMatchingStats pair_matching_run(unsigned long N, unsigned long M, double alpha, double theta,
                                    unsigned long trials, std::uint64_t seed, int threads);

/// Least alpha (to relative tolerance rel_tol) with zero errors on the same instances, by
/// bisection in (0, alpha* (1 + 1e-9)]; `steps` receives the number of bisection steps and `lo`
/// (when given) the largest alpha found to err (0 when the result is 0). Each step decides
/// "zero errors" exactly as pair_matching_run(...).errors == 0 would (pair_matching_min_alpha.cpp).
double pair_matching_min_alpha(unsigned long N, unsigned long M, double theta, unsigned long trials,
                               std::uint64_t seed, int threads, double rel_tol, unsigned long& steps,
                               double* lo = nullptr);

}  // namespace bc::comm
