// Optimally weighted random rank-1 heads (paper-A's construction side; docs/math/rank.md#random-features,
// following the authors' experiment code). Each trial draws H heads with q_h, k_h uniform on S^{d-1} and
// forms
//   b_h = b(angle(q_h, k_h)),  C_{hh'} = 1/2 + (2/pi^2) arcsin<q_h,q_h'> arcsin<k_h,k_h'>,
//   error = 1 - b^T C^{-1} b      (the authors' convention; C_hh = 1),
// and, in the +-1 encoding of the heads (b' = 2b - 1, C' = 2C - 1), the L^2 error of the best
// linear combination of the heads against sign<z,y>:  error_pm1 = 1 - b'^T C'^{-1} b'.
// error_pm1 >= LB(d, 1, H) must hold (rank-1 heads); the tests check it.
// Cost per trial O(H^2 d + H^3) (Eigen LDLT). Trials run in parallel; trial i draws from its own
// stream seeded by splitmix64(seed, i), so results do not depend on the thread count.
#pragma once

#include <cstdint>
#include <vector>

namespace bc::rank {

struct RandomFeatureTrial {
  double error = 0, error_pm1 = 0;
};

std::vector<RandomFeatureTrial> random_features(unsigned long d, unsigned long H, unsigned long trials,
                                                std::uint64_t seed, int threads);

}  // namespace bc::rank
