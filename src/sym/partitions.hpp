// Integer partitions for the sym family (docs/math/sym.md#partitions): enumeration, notation, and the class
// sizes z_lambda = prod_k k^{m_k} m_k! that normalise power sums.
//
// Notation (used in every sym output): exponent notation, distinct parts in decreasing order with
// their multiplicities, "3 1^2" for 3+1+1 and "2 1^22" for 2+1+...+1; --lambda accepts it and the
// '+' form; the empty partition of 0 is written "0".
// Order: reverse lexicographic, (n) first and (1^n) last (Macdonald's order on Par(n)).
// Cost: partitions(n) is O(p(n) n); p(n) itself O(n^2) word operations (Euler's recurrence).
#pragma once

#include "core/flint.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace bc::sym {

/// Parts in non-increasing order; no zeros.
using Partition = std::vector<std::uint32_t>;

/// Largest n for which p(n) is tabulated in machine words here (p(400) < 2^63).
inline constexpr ulong max_partition_index = 400;

/// p(n), the number of partitions of n (n <= max_partition_index; throws DomainError above).
std::uint64_t partition_count(ulong n);

/// Number of partitions of n with at most `rows` parts.
std::uint64_t partition_count_rows(ulong n, ulong rows);

/// All partitions of n in reverse lexicographic order.
std::vector<Partition> partitions(ulong n);

/// Sum of the parts.
ulong weight(const Partition& p);

/// Exponent notation, "3 1^2" for 3+1+1 and "2 1^22" for 2+1+...+1; "0" for the empty partition.
std::string partition_str(const Partition& p);

/// Parses either notation ("3 1^2", "3+1+1"); parts must be positive and non-increasing.
/// Throws UsageError naming `opt` and the rule otherwise.
Partition parse_partition(const std::string& opt, const std::string& text);

/// z_lambda = prod_k k^{m_k} m_k! (order of the centraliser of a permutation of cycle type lambda).
void z_lambda(fmpz_t res, const Partition& p);

/// prod_i lambda_i.
void part_product(fmpz_t res, const Partition& p);

/// prod_k m_k(lambda)!  (= z_lambda / prod_i lambda_i).
void multiplicity_factorials(fmpz_t res, const Partition& p);

}  // namespace bc::sym
