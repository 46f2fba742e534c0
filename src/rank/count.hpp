// Orthogonality counts for rank-r heads (talk-B "Spectral decomposition of self-attention heads";
// docs/math/rank.md#orthogonality-count).
//
//   exact: b(r,l) = binom(r+l-1, l) for r < d (dimension of the O(d-r)-invariant part of V_l(d),
//          derived in docs/math/rank.md#orthogonality-count by branching V_l(d) to O(r) x O(d-r)); b = N(d,l)
//          for r >= d.
//   talk:  b(r,l) = binom(r+l, l), the looser count the talk's lemma states.
// The ratio rho_l = b(r,l)/N(d,l) drives the spectral bound; its step ratio over odd l is the
// rational function returned by count_step below.
#pragma once

#include "core/flint.hpp"

#include <string>

namespace bc::rank {

enum class CountRule { exact, talk };

const char* count_name(CountRule c);
bool parse_count(const std::string& s, CountRule& out);

/// b(r,l) as an exact integer.
void head_count(fmpz_t res, ulong d, ulong r, ulong l, CountRule rule);

/// True when the rule makes b(r,l) = N(d,l) for every l (exact rule with r >= d).
bool count_is_full(ulong d, ulong r, CountRule rule);

/// Polynomial degree of b(r,l) in l (r-1 for exact, r for talk).
ulong count_degree(ulong r, CountRule rule);

}  // namespace bc::rank
