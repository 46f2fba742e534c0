// H* = binom(d+N, N): the size of the basis of multisymmetric power sums of N points in C^d
// (talk-B "DeepSet", l.305: above it Sym(H,N,d) approximates any smooth symmetric function).
// Equivalently the number of monomials of degree <= N in d variables, i.e. of multi-indices
// alpha in N^d with |alpha| <= N (docs/math/sym.md#the-power-sum-basis).
// Cost: one fmpz_bin_uiui, O(M(log H*) log N).
#pragma once

#include "core/flint.hpp"

namespace bc::sym {

/// H* = binom(d+N, N), exact. Requires d + N < 2^63.
void hstar(fmpz_t res, ulong d, ulong N);

/// H* by the product formula prod_{i=1}^{min(d,N)} (max(d,N)+i)/i, multiplied out term by term
/// (each partial product is a binomial, so every division is exact): an independent check.
void hstar_product(fmpz_t res, ulong d, ulong N);

/// log10 H* (lgamma), for size estimates only.
double hstar_log10(ulong d, ulong N);

}  // namespace bc::sym
