// Weak compositions of lambda into d parts: q_r >= 0 with q_1 + ... + q_d = lambda, in
// lexicographic order of (q_1, ..., q_d). They index the rows Omega^{q_r} of paper-L's matrix V
// (appendix B, the proof of Lemma 6; docs/math/depth.md#hadamard-power-rank), whose Hadamard power has rank
// binom(d + lambda - 1, lambda) = the number of them. Cost: that many vectors of d entries.
#pragma once

#include <vector>

namespace bc::depth {

/// Every weak composition of `lambda` into `parts` >= 1 parts, in lexicographic order.
std::vector<std::vector<unsigned long>> weak_compositions(unsigned long lambda, unsigned long parts);

}  // namespace bc::depth
