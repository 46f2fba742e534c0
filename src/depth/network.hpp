// Grid-tensor ranks of the linearised self-attention network (paper-L eq. (3)/(12), appendix B.1,
// lines 613-658; docs/math/depth.md#grid-tensors), modulo a 62-bit prime.
//
//   layer:  Y = sum_h W^{O,h} W^{V,h} X X^T (W^{K,h})^T W^{Q,h} X,  X in Z^{d_x x N}, d_a = d_x/H
//   output: y = entry (p, i) = (1, 1) of the depth-L composition (no residuals, no nonlinearity)
// The grid tensor A_{d_1..d_N} = y(x^(d_1), ..., x^(d_N)) over M template vectors is matricised
// by a balanced partition (I, J) of the N positions (rows indexed by the I positions, columns by
// the J positions, in the paper's mixed-radix order). With integer weights and templates reduced
// mod p, the rank mod p is a certified lower bound of the rank over Q, hence of sep(y) (Claim 1)
// and, by Claim 2, of sep for almost every weight setting. Proposition 1 says sep does not depend
// on the balanced partition: the tool compares two. Weights and templates are drawn from a seed.
// Cost: M^N network evaluations of O(L H d_a d_x N + L H d_a N^2) word operations, one rank.
#pragma once

#include "core/nmod_minor.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace bc::depth {

struct NetworkRank {
  std::vector<unsigned long> partition_rows;  ///< the I positions (1-based) of each partition tried
  std::vector<std::vector<unsigned long>> partitions;
  std::vector<unsigned long> ranks;  ///< rank mod p per partition
  unsigned long prime = 0, templates = 0, grid_entries = 0;
  // With `certificate`: the weights (per layer l and head h, index l H + h; row-major: W^Q, W^K,
  // W^V are d_a x d_x, W^O is d_x x d_a), the templates (M x d_x) and a nonsingular minor per partition.
  std::vector<std::vector<unsigned long>> w_q, w_k, w_v, w_o, templates_x;
  std::vector<NmodMinor> minors;
};

/// Estimated word operations (for the size refusal).
double network_cost(unsigned long L, unsigned long dx, unsigned long H, unsigned long N, unsigned long M);

/// Refuses (ResourceError, "<what>: ... (<hint>)") a problem over the work limit (5e9 word
/// operations, scaled by the time budget) or with a matricisation side M^(N/2) over 3000 rows.
/// network_grid_rank calls it itself, so no caller (a catalogue's cases included) runs an
/// unchecked size; front ends call it first to name their own options in the hints.
void check_network_size(const std::string& what, unsigned long L, unsigned long dx, unsigned long H,
                        unsigned long N, unsigned long M, const std::string& work_hint,
                        const std::string& side_hint);

/// N even >= 2; M templates per position (default chosen by the caller). Weights and templates are
/// drawn in this order from splitmix64 started at `seed`, each draw reduced mod p: for each
/// (layer, head) W^Q, W^K, W^V, W^O row-major, then the templates.
NetworkRank network_grid_rank(unsigned long L, unsigned long dx, unsigned long H, unsigned long N,
                              unsigned long M, std::uint64_t seed, bool certificate = false);

}  // namespace bc::depth
