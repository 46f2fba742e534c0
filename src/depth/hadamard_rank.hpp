// The core of paper-L's lower-bound proof (appendix B, lines 680-718;
// docs/math/depth.md#hadamard-power-rank):
//   rank((V V^T)^{odot lambda}) = binom(d + lambda - 1, lambda)
// for V whose rows are v^(alpha)_r = Omega^{q_r^alpha} / sqrt(sum_r' Omega^{2 q_r'^alpha}) over the
// weak compositions q^alpha of lambda into d parts, for all but finitely many Omega.
// The row normalisation is a positive diagonal congruence D M D, so the rank is that of
//   M_{alpha beta} = (sum_r Omega^{q_r^alpha + q_r^beta})^lambda,
// computed here exactly (fmpz_mat_rank after clearing the denominator of Omega = p/q) and
// modulo a 62-bit prime (nmod_mat_rank; a certified lower bound of the rational rank).
// Any non-integer rational Omega is safe: det of the underlying matrix A(Omega) has leading
// coefficient +-1 (the paper's Lemma 8: the identity permutation alone reaches the top degree),
// so its rational roots are integers. Omega = 1 always fails (rank 1).
// Cost: n^2 entries (n = binom(d+lambda-1, lambda)) and one n x n rank.
#pragma once

#include "core/flint.hpp"
#include "core/nmod_minor.hpp"

#include <vector>

namespace bc::depth {

struct HadamardRank {
  ulong n = 0;           ///< binom(d + lambda - 1, lambda), the claimed rank
  long exact_rank = -1;  ///< -1 when not computed (size)
  ulong rank_mod_p = 0;
  ulong prime = 0;
};

/// What --certificate needs to check the ranks without boundcheck (tools/check_certificate.py).
struct HadamardCertificate {
  std::vector<std::vector<ulong>> compositions;  ///< the weak compositions q^alpha, in row order
  NmodMinor minor;                               ///< nonsingular mod `prime`: rank_Q >= rank mod p
  /// With `exact`: a minor nonsingular mod exact_prime (a prime where the rank mod p is the exact
  /// rank: the certificate's prime unless it divides a maximal minor) and, when the exact rank is
  /// below n and n <= null_space_limit, an integer basis of the null space (rank <= n - nullity).
  ulong exact_prime = 0;
  NmodMinor exact_minor;
  std::vector<std::vector<Fmpz>> null_space;
};
inline constexpr ulong null_space_limit = 120;

/// Throws DomainError for d = 0, ResourceError above the size limits (n <= 3000; the exact rank
/// needs elimination over Z only when the rank mod p is below n, and then n <= 400 and its
/// estimated time within the budget: a minor nonsingular mod p is nonsingular over Q).
/// `cert` (optional) receives the certificate.
HadamardRank hadamard_rank(ulong d, ulong lambda, const Fmpq& omega, bool exact,
                           HadamardCertificate* cert = nullptr);

}  // namespace bc::depth
