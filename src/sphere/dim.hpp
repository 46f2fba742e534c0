// Dimensions of spherical harmonics, N(d,l) = dim V_l(d).  docs/math/sphere.md#harmonic-dimensions.
//
//   N(d,0) = 1,  N(d,l) = binom(l+d-1, d-1) - binom(l+d-3, d-1)          (difference form)
//                       = (2l+d-2)/l * binom(l+d-3, l-1),  l >= 1        (talk-B, "Spherical Harmonics")
//   N(2,l) = 2 (l >= 1), N(3,l) = 2l+1, N(4,l) = (l+1)^2.
//
// Exact big integers always (FLINT fmpz); values run to millions of digits.
#pragma once

#include "core/flint.hpp"

#include <vector>

namespace bc::sphere {

/// N(d,l) by the talk's product form: one binomial, one multiplication, one exact division.
/// Cost: one fmpz_bin_uiui of size ~ log2 N bits. Requires d >= 2.
void harmonic_dim(fmpz_t res, ulong d, ulong l);

/// N(d,l) by the difference of two binomials (independent check of harmonic_dim).
void harmonic_dim_difference(fmpz_t res, ulong d, ulong l);

/// N(d,0..lmax) by the exact ratio N(d,l+1) = N(d,l) (2l+d)(l+d-2) / ((l+1)(2l+d-2)), l >= 1.
/// Cost: O(lmax) multiplications by machine words.
std::vector<Fmpz> harmonic_dim_range(ulong d, ulong lmax);

/// log10 N(d,l) in double precision (lgamma), for size estimates only; 0 for l = 0.
double harmonic_dim_log10(ulong d, ulong l);

/// Estimated seconds (one core, Release) to compute N(d,l) by the product form, the difference
/// form and one step of the range recurrence, for limits::check_seconds: 1e-8 D log2 D for D
/// digits (measured 2026-11-27 over d = 10^5, l <= 1000 and l <= 3000: 0.06 s and 0.82 s against
/// 0.15 s and 1.2 s estimated), plus 1 us a value.
double harmonic_dim_seconds(ulong d, ulong l);

/// N(d,l) as a ball (Arb's binomial), for use inside real-valued formulas.
void harmonic_dim_arb(arb_t res, ulong d, ulong l, slong prec);

}  // namespace bc::sphere
