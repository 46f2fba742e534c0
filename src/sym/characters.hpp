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
#include <cstdlib>
#include <new>
#include <utility>
#include <vector>

namespace bc::sym {

namespace detail {
/// Allocator for tables sized ONCE from empty (resize(n) on an empty vector): the memory comes from
/// calloc, and value-initialisation is a no-op on it, so a large table starts as fresh zero pages
/// instead of being written once by a memset pass (at n = 26 that pass over 47 MB was 45% of the
/// time). Never shrink and regrow such a vector: the regrown elements would not be reset to zero.
template <class T>
struct CallocAllocator {
  using value_type = T;
  CallocAllocator() = default;
  template <class U>
  explicit CallocAllocator(const CallocAllocator<U>& /*unused*/) {}
  T* allocate(std::size_t n) {
    void* p = std::calloc(n, sizeof(T));
    if (p == nullptr) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t /*n*/) noexcept { std::free(p); }
  template <class U>
  void construct(U* /*p*/) noexcept {}  // value-initialisation: calloc already zeroed it
  template <class U, class... A>
  void construct(U* p, A&&... a) {
    ::new (static_cast<void*>(p)) U(std::forward<A>(a)...);
  }
  friend bool operator==(const CallocAllocator&, const CallocAllocator&) { return true; }
};
}  // namespace detail

/// Character values, column-major (see CharacterTable::col).
using CharacterValues = std::vector<std::int64_t, detail::CallocAllocator<std::int64_t>>;

/// Largest n for the character table (beta-sets in one word; memory p(30)^2 x 8 B = 251 MB).
inline constexpr ulong max_character_n = 30;

struct CharacterTable {
  ulong n = 0;
  std::vector<Partition> parts;  ///< Par(n) in reverse lexicographic order (rows and columns)
  CharacterValues col;           ///< column-major: col[lambda * p + nu] = chi^nu(lambda)

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
