// Square-free parts, so that a root prints in lowest terms: n = s^2 m with m square-free gives
// sqrt(n) = s sqrt(m) (issue 18: "-3*sqrt(51)/128", not "-3*sqrt(204)/256").
//   PrimePowers      an integer (or a ratio of integers) held as exponents of its primes, built
//                    from factorials (Legendre: v_p(n!) = sum_k floor(n/p^k)) and machine words
//                    (n_factor); its square-free split is exact whatever the size of the number.
//                    Cost O(pi(n) log n) per factorial; the split multiplies by a product tree.
//   squarefree_split an arbitrary integer: trial division by the primes below 2^16, then the
//                    cofactor c is 1, a square, or below 2^48 (then p, pq or p^2: decided), or
//                    factored by FLINT (fmpz_factor) when it has at most 96 bits; beyond that the
//                    cofactor is kept whole and the split says it is not proven square-free.
//                    Cost: 6542 word divisions of n, plus the factoring of a <= 96-bit cofactor.
#pragma once

#include "core/flint.hpp"

#include <map>

namespace bc {

/// A positive rational as prime exponents (negative for the denominator).
class PrimePowers {
 public:
  /// Multiplies by n! (times = 1) or divides by it (times = -1); n a machine word.
  void add_factorial(ulong n, slong times = 1);
  /// Multiplies by n >= 1 (times = 1) or divides (times = -1).
  void add_word(ulong n, slong times = 1);
  /// The value is s^2 m with m square-free; throws std::logic_error when a prime has a negative
  /// exponent (the value is not an integer).
  void split(fmpz_t s, fmpz_t m) const;
  /// The value itself, when it is an integer (std::logic_error otherwise).
  void value(fmpz_t res) const;

 private:
  std::map<ulong, slong> e_;  // prime -> exponent
};

/// n = s^2 m (n > 0), m square-free when the return value is true; see the file banner for when
/// it is false (a cofactor above 96 bits without small factors: m may then hold a square).
[[nodiscard]] bool squarefree_split(fmpz_t s, fmpz_t m, const fmpz_t n);

}  // namespace bc
