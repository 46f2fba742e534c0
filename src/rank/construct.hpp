// Constructing the orthogonality count (docs/math/rank.md#orthogonality-count): the rank, over Q, of the
// harmonic projections onto V_l(d) of functions of a rank-r projection K^T z (K = the first r coordinate
// axes; any K is equivalent by rotation invariance).
//
// Functions of (z_1..z_r) are spanned by monomials in z_1..z_r. A homogeneous p of degree m
// restricted to the sphere splits as p = h_m + h_{m-2} + ... (h_j harmonic of degree j), so only
// degrees m = l, l+2, l+4, ... reach V_l. We take every monomial of degree l and l+2k
// (k = 0..extra) in z_1..z_r, project each exactly onto V_l, and compute the rank of the
// resulting rational matrix (FLINT fmpq_mat). Harmonic projection of a homogeneous p of degree m
// (derived from Delta(|x|^{2j} q) = |x|^{2j} Delta q + 2j(d+2k+2j-2)|x|^{2j-2} q, k = deg q):
//   H_m(p) = sum_j c_j |x|^{2j} Delta^j p,  c_0 = 1,  c_j = -c_{j-1} / (2j (d + 2m - 2j - 2)),
// and p - H_m(p) = |x|^2 p', p' = -sum_{j>=1} c_j |x|^{2j-2} Delta^j p, which equals p on the
// sphere up to degree-m harmonics: the V_l part of p is the V_l part of p' (recursively).
// Cost: O(F M) rational operations for F functions and M = binom(l+2extra+d-1, d-1) monomials,
// plus one rank computation; only small d, l are accepted (construct_size).
#pragma once

#include "core/flint.hpp"
#include "core/nmod_minor.hpp"

#include <vector>

namespace bc::rank {

/// A homogeneous polynomial in d variables of degree m: coefficients over the monomials of
/// degree m in the fixed order of Monomials(d, m).
struct HomPoly {
  ulong d = 0, m = 0;
  std::vector<Fmpq> c;
};

/// The zero polynomial of degree m in d variables.
HomPoly hom_zero(ulong d, ulong m);
/// The monomial prod x_i^{e_i} (sum e_i = m).
HomPoly hom_monomial(ulong d, const std::vector<ulong>& e);
/// Laplacian (degree m-2; zero polynomial of degree 0 if m < 2).
HomPoly laplacian(const HomPoly& p);
/// |x|^2 p (degree m+2).
HomPoly times_norm2(const HomPoly& p);
/// H_m(p): the harmonic part of degree m.
HomPoly harmonic_part(const HomPoly& p);
/// The V_l component of p on the sphere (degree l harmonic; zero if m < l or m - l odd).
HomPoly harmonic_component(const HomPoly& p, ulong l);
/// Evaluates p at a rational point (for tests).
void hom_eval(fmpq_t res, const HomPoly& p, const std::vector<Fmpq>& x);

struct ConstructedCount {
  ulong rank = 0;       ///< rank over Q of the projected functions
  ulong functions = 0;  ///< number of monomials in z_1..z_r projected
  ulong monomials = 0;  ///< dimension of the ambient space of degree-l polynomials
};

/// The exponent vectors of the monomials of degree m in d variables, in HomPoly coefficient order.
const std::vector<std::vector<ulong>>& monomial_exponents(ulong d, ulong m);

/// The Fischer decomposition p = sum_j |x|^{2j} h_{m-2j} of a homogeneous p of degree m, every h
/// harmonic (unique): {h_m, h_{m-2}, ...}, down to degree m mod 2.
std::vector<HomPoly> fischer_parts(const HomPoly& p);

/// What --certificate needs to check a constructed count without boundcheck: the functions with
/// their Fischer decompositions (row i of the matrix is functions[i]'s degree-l part), a minor of
/// the rows nonsingular mod `prime` (rank >= its size) and, for every other row, its exact
/// coefficients over the minor's rows (rank <= the minor's size).
struct CountCertificate {
  struct Function {
    std::vector<ulong> exponent;  ///< the monomial z^e (supported on the first min(r, d) variables)
    std::vector<HomPoly> parts;   ///< fischer_parts(z^e)
  };
  std::vector<Function> functions;
  ulong prime = 0;
  NmodMinor minor;  ///< rows: function indices; cols: indices into monomial_exponents(d, l)
  std::vector<std::pair<size_t, std::vector<Fmpq>>> dependencies;  ///< row i = sum_k c_k row minor.rows[k]
};

/// Number of rational coefficients the construction handles (for the size refusal).
double construct_size(ulong d, ulong r, ulong l, ulong extra);

/// The constructed count for degrees l, l+2, ..., l+2*extra; `cert` (optional) receives the certificate.
ConstructedCount constructed_count(ulong d, ulong r, ulong l, ulong extra, CountCertificate* cert = nullptr);

namespace detail {
/// Fills cert.prime, cert.minor and cert.dependencies for the rows (degree-l harmonics) of rank `rank`.
void certify_rows(CountCertificate& cert, const std::vector<HomPoly>& rows, ulong rank);
}  // namespace detail

}  // namespace bc::rank
