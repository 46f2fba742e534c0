// The DeepSets lower bound as talk-B states it (l.347, [ZB'22]):
//
//   min_{f in Sym(H,N,d)} ||g - f||^2 >= B(d,N,H) = (1/6) (1 - H / 2^{min(n/2, d-1)})
//
// The talk writes lowercase n in the exponent; its setup (l.284, l.305) uses N for the set size
// and d for the dimension, and docs/math/sym.md#the-deepsets-lower-bound reads n as N. We evaluate e =
// min(N/2, d-1) and report that reading. The exponent is an integer when N is even or d-1 <= N/2; then B is
// an exact rational. Otherwise e = N/2 with N odd and 2^e = 2^{(N-1)/2} sqrt(2) is irrational: B is an Arb
// ball. The smallest H making B <= 0 (vacuous) is ceil(2^e), exact in both cases (ceil(sqrt(2^N)) = isqrt(2^N
// - 1) + 1 for N odd). Cost: O(M(e)) for 2^e; the exact path refuses e above ~3.3e7 (10^7 digits).
#pragma once

#include "core/flint.hpp"

namespace bc::sym {

/// The exponent: e2 = 2 e = min(N, 2(d-1)) (twice the exponent, always an integer).
ulong bound_exponent_twice(ulong d, ulong N);

/// True when e = min(N/2, d-1) is an integer (B then is rational).
bool bound_is_rational(ulong d, ulong N);

/// B(d,N,H) exactly. Requires bound_is_rational(d, N) (throws DomainError otherwise) and refuses
/// (ResourceError) when 2^e would exceed limits::max_integer_digits digits.
void talk_bound_exact(fmpq_t res, ulong d, ulong N, const fmpz_t H);

/// B(d,N,H) as a ball at working precision prec (any d, N).
void talk_bound_ball(arb_t res, ulong d, ulong N, const fmpz_t H, slong prec);

/// ceil(2^e): the smallest H with B(d,N,H) <= 0, exact.
void vacuous_heads(fmpz_t res, ulong d, ulong N);

/// Decimal digits of 2^e (for the up-front size check).
double bound_digits(ulong d, ulong N);

}  // namespace bc::sym
