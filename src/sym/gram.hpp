// Gram matrices of products of power sums, degree by degree
// (docs/math/sym.md#power-sums-and-their-gram-matrices; talk-B "Proof Sketch", l.376-398): for partitions
// lambda, mu of n, P_lambda = prod_j P_{lambda_j}, P_k = sum_{i<=N} x_i^k,
//
//   G(lambda, mu) = E[ P_lambda(X) conj(P_mu(X)) ]      (raw power sums: exact integers)
//
// Entries with |lambda| != |mu| vanish by rotation invariance (x -> e^{it} x), so the Gram of all
// degrees <= K is block diagonal with one block per n. Two measures:
//   cue:    X = eigenvalues of a Haar unitary U(N). G = sum_{nu |- n, len(nu) <= N} chi^nu(lambda)
//           chi^nu(mu) (Schur orthogonality on U(N)); = z_lambda delta when n <= N
//           (Diaconis–Shahshahani 1994), singular of rank r = #{nu : len(nu) <= N} beyond.
//           Computed as z delta - sum_{len(nu) > N} chi chi when fewer nu have more than N rows.
//           Cost p(n)^2/2 x min(r, p(n) - r) multiply-adds (int64 for n <= 20, __int128 above:
//           every partial sum is <= sqrt(z_lambda z_mu) <= n! by Cauchy–Schwarz).
//   circle: x_i iid uniform on the unit circle. G = #{(f, g) : f: parts(lambda) -> [N],
//           g: parts(mu) -> [N], equal load on every bin} = sum_rho M(rho) A_lambda(rho) A_mu(rho),
//           rho |- n with <= N parts, A_lambda(rho) = coefficient of x^rho in P_lambda (the power-sum
//           to monomial transition) and M(rho) = number of distinct arrangements of rho padded to N
//           entries. A is built by multiplying by P_k in the monomial basis (add k to one of the N
//           bins). Cost p(n)^2/2 x r fmpz multiply-adds.
// Normalised power sums p_k = k^{-1/2} P_k (talk-B l.376) give D^{-1/2} G D^{-1/2} with
// D = diag(prod_i lambda_i); an off-diagonal entry is then G / sqrt(prod lambda_i prod mu_j),
// printed exactly in that form (normalised_entry_str).
#pragma once

#include "core/flint.hpp"
#include "sym/characters.hpp"
#include "sym/partitions.hpp"

#include <string>
#include <vector>

namespace bc::sym {

/// 128-bit integers for the CUE sums (__extension__ keeps -Wpedantic quiet about the GCC type).
__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

enum class Measure { cue, circle };

/// How the CUE sum over nu is taken: the cheaper side (auto), or always the direct sum over
/// len(nu) <= N (the form that tests Diaconis–Shahshahani rather than assuming it).
enum class CueSum { automatic, direct };

/// Largest degree for each measure (character table limit; circle by cost).
inline constexpr ulong max_degree_cue = max_character_n;
inline constexpr ulong max_degree_circle = 24;
/// Largest estimated cost of one `sym gram` run, in multiply-adds (machine words for cue, fmpz for
/// circle): about a minute of work.
inline constexpr double max_gram_word_ops = 4.0e10;
inline constexpr double max_gram_fmpz_ops = 4.0e8;

struct GramDegree {
  ulong n = 0;
  std::vector<Partition> parts;  ///< Par(n), reverse lexicographic
  std::uint64_t rank = 0;        ///< r = #{nu |- n : len(nu) <= N} (the rank of G; see rank_mod_p)
  bool diagonal = true;          ///< every off-diagonal entry is zero
  bool diag_is_z = true;         ///< G(lambda, lambda) = z_lambda for every lambda
  Fmpz max_offdiag;              ///< max |G(lambda, mu)|, lambda != mu (0 if p(n) = 1)
  size_t max_i = 0, max_j = 0;   ///< first (i < j) where it is attained
  Fmpz norm_G, norm_ab;          ///< normalised max: |G| / sqrt(ab) with ab = prod lambda prod mu
  size_t norm_i = 0, norm_j = 0;
  Fmpz min_diag;             ///< min G(lambda, lambda)
  std::vector<Fmpz> matrix;  ///< p x p row-major when requested, else empty
};

/// Cost estimates (multiply-adds) for the up-front checks.
double gram_cost_cue(ulong n, ulong N);
double gram_cost_circle(ulong n, ulong N);

/// One degree of the CUE Gram from the character table of S_n (t.n = n), N >= 1.
GramDegree gram_cue(const CharacterTable& t, ulong N, bool keep_matrix, CueSum sum, int threads);

/// A_lambda(rho) for all lambda |- n (rows, reverse lexicographic) and rho |- n with <= N parts
/// (columns, in the order of `rhos`): the power-sum to monomial transition, exact.
std::vector<std::vector<Fmpz>> power_to_monomial(ulong n, ulong N, std::vector<Partition>& rhos);

/// M(rho) = N! / ((N - len)! prod_x m_x(rho)!): arrangements of rho padded with zeros to N entries.
void arrangements(fmpz_t res, const Partition& rho, ulong N);

/// One degree of the circle Gram, N >= 1.
GramDegree gram_circle(ulong n, ulong N, bool keep_matrix, int threads);

/// The circle Gram by brute force over all (f, g) in [N]^{len(lambda)} x [N]^{len(mu)}: for tests.
void gram_circle_brute(fmpz_t res, const Partition& lambda, const Partition& mu, ulong N);

/// Rank of a p x p integer matrix modulo the prime `prime` (a lower bound on its rank over Q).
ulong rank_mod_p(const std::vector<Fmpz>& m, size_t p, ulong prime);

/// Exact rank over Q (fmpz_mat_rank); for small p.
ulong rank_exact(const std::vector<Fmpz>& m, size_t p);

/// G / sqrt(ab) exactly: "3/sqrt(6)", "-1/(2*sqrt(3))", "5/2"; ab > 0.
std::string normalised_entry_str(const fmpz_t G, const fmpz_t ab);

/// G / sqrt(ab) as a ball.
void normalised_entry_arb(arb_t res, const fmpz_t G, const fmpz_t ab, slong prec);

/// Certified bracket lo <= lambda_min <= hi for the smallest eigenvalue of the symmetric p x p
/// matrix S_ij = G_ij / sqrt(s_i s_j) (s empty: S = G). hi is a Rayleigh quotient evaluated in ball
/// arithmetic at the double-precision eigenvector (Eigen); lo is certified by a successful
/// ball Cholesky factorisation of S - lo I (Arb), and is 0 if that fails (valid for a Gram
/// matrix, which is positive semidefinite). Cost O(p^3).
void certified_min_eigenvalue(arb_t lo, arb_t hi, const std::vector<Fmpz>& G, const std::vector<Fmpz>& s,
                              size_t p);

}  // namespace bc::sym
