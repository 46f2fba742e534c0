// Irreducible characters chi^nu(lambda) of the symmetric group S_n, all at once, by the
// Murnaghan–Nakayama rule read as multiplication by power sums (Macdonald I.7, Example 5):
//
//   p_lambda = sum_{nu |- n} chi^nu(lambda) s_nu,    p_k s_rho = sum_{nu} (-1)^{ht(nu/rho)} s_nu
//
// where nu runs over partitions obtained from rho by ADDING a border strip (rim hook) of size k.
// Column lambda of the table is the Schur expansion of p_lambda; it is the sparse +-1 transition
// T(m, k): Par(m) -> Par(m+k), k = lambda_1, applied to the column of lambda minus its largest
// part (a partition of m = n - lambda_1, whose own column was built the same way).
// Partitions are beta-sets of n beads in a 64-bit word (beta_i = nu_i + n - i): adding a rim hook
// of size k moves a bead from position b to an empty position b+k, with sign (-1)^(beads jumped).
// Cost: sum over levels m of (number of columns kept at m) x nnz(T) ~ p(n)^2 x (average number of
// addable k-strips); about 0.2 s at n = 28 (p(28) = 3718; table 13.8M int64 = 110 MB).
// Values fit int64 for n <= 33 (|chi| <= sqrt(n!)); every addition is overflow-checked anyway.
#pragma once

#include "sym/partitions.hpp"

#include <cstdint>
#include <vector>

namespace bc::sym {

/// Largest n for the character table (beta-sets in one word; memory p(30)^2 x 8 B = 251 MB).
inline constexpr ulong max_character_n = 30;

struct CharacterTable {
  ulong n = 0;
  std::vector<Partition> parts;   ///< Par(n) in reverse lexicographic order (rows and columns)
  std::vector<std::int64_t> col;  ///< column-major: col[lambda * p + nu] = chi^nu(lambda)

  [[nodiscard]] size_t size() const { return parts.size(); }
  /// chi^nu(lambda), indices into parts.
  [[nodiscard]] std::int64_t chi(size_t nu, size_t lambda) const { return col[lambda * parts.size() + nu]; }
  /// The column of class lambda (p values, indexed by nu).
  [[nodiscard]] const std::int64_t* column(size_t lambda) const { return col.data() + lambda * parts.size(); }
};

/// Bytes the table of S_n needs (for the up-front memory check).
double character_table_bytes(ulong n);

/// The full character table of S_n, 0 <= n <= max_character_n. Threads: the columns of each level
/// are independent and written to fixed slots, so the result does not depend on `threads`.
/// Throws DomainError for n > max_character_n, ResourceError on (impossible) overflow.
CharacterTable character_table(ulong n, int threads);

/// chi^nu(lambda) for one pair by the recursive Murnaghan–Nakayama rule (REMOVING rim hooks of
/// size lambda_1, ..., in order), independent of the table code: for tests and --double-check.
/// Cost: exponential in the worst case; for n <= 12 or so.
std::int64_t character_value_recursive(const Partition& nu, const Partition& lambda);

}  // namespace bc::sym
