// Gegenbauer coefficients of sign.  docs/math/sphere.md#sign-coefficients (derived there, not quoted from the
// sources).
//
//   s_l(d) = <sign, P_{l,d}>_{u_d} = (-1)^{(l-1)/2} Gamma(d/2) Gamma(l/2) / (pi Gamma((l+d)/2)),  l odd;
//   s_l = 0 for l even (parity).  c_l(d) = <sign, Q_l> = sqrt(N(d,l)) s_l.
//   Ratio recurrence: s_{l+2} = -s_l l/(l+d);  s_1 = Gamma(d/2) / (sqrt(pi) Gamma((d+1)/2)).
//   N(d,l+2) = N(d,l) (2l+d+2)(l+d-2)(l+d-1) / ((l+1)(l+2)(2l+d-2))   (l >= 1).
//   Parseval: sum_l c_l^2 = ||sign||^2 = 1; energy(L) = sum_{l odd <= L} c_l^2.
//   Exact: s_l is rational for odd d and rational/pi for even d:
//     d = 2m+1: s_1 = binom(2m,m)/4^m;   d = 2m: s_1 = 4^m / (m binom(2m,m) pi).
#pragma once

#include "core/flint.hpp"

#include <string>
#include <vector>

namespace bc::sphere {

/// s_l(d) by the Gamma closed form (one Gamma ratio per call). Zero for even l.
void sign_coef_unit_closed(arb_t res, ulong d, ulong l, slong prec);

/// c_l(d) = sqrt(N(d,l)) s_l(d) by the closed form.
void sign_coef_closed(arb_t res, ulong d, ulong l, slong prec);

struct SignCoefRow {
  ulong l = 0;
  Arb coef;       ///< c_l
  Arb coef_unit;  ///< s_l
  Arb energy;     ///< sum_{l' odd, l' <= l} c_{l'}^2
};

/// Estimated CPU seconds (one core) of sign_coef_eval up to l_last at `digits` decimal digits:
/// about 0.24 us per odd l at 30 digits, 1.9 us at 1000 (bench/calibrate_estimates.py).
double sign_coef_rows_seconds(ulong l_last, double digits);

/// The rows are computed in blocks of this many odd degrees: block b holds the odd l with
/// (l - 1) / 2 in [b K, (b + 1) K), and an even row goes with the odd row below it.
constexpr ulong kSignCoefBlockOdd = 2048;
inline ulong sign_coef_block_of(ulong l) { return l == 0 ? 0 : (l - 1) / 2 / kSignCoefBlockOdd; }

/// Rows for l in [l_first, l_last] (odd l only unless include_even) by the ratio recurrence at
/// working precision prec. Cost O(l_last) word operations plus one Gamma ratio. Polls the
/// deadline (limits::poll) between blocks. Block b is computed by OpenMP thread b % T (a static
/// schedule, chunk 1, over all blocks from 0), so that a caller that walks the rows in the same
/// way frees each row's numbers on the thread that allocated them.
std::vector<SignCoefRow> sign_coef_rows(ulong d, ulong l_first, ulong l_last, bool include_even, slong prec);

/// The same, with the precision raised until every value has `digits` correct digits.
std::vector<SignCoefRow> sign_coef_eval(ulong d, ulong l_first, ulong l_last, bool include_even, long digits);

struct SignCoefExactRow {
  ulong l = 0;
  std::string coef, coef_unit, energy;  ///< e.g. "-sqrt(7)/8", "-1/8", "55/64"
};

/// Exact rows: rationals (odd d) or rationals over pi / pi^2 (even d). sign_coef_exact.cpp.
std::vector<SignCoefExactRow> sign_coef_exact(ulong d, ulong l_first, ulong l_last, bool include_even);

/// Estimated decimal characters of one exact row at l (for the size refusal).
double sign_coef_exact_row_chars(ulong d, ulong l);

/// Refuses (ResourceError) exact rows up to l whose work, l x sign_coef_exact_row_chars(d, l)
/// digit-operations, is above 5e10 scaled by the time budget: `sphere sign-coef --exact` and the
/// catalogue's exact-value method price the same way (`what` and `hint` name the caller's terms).
void check_sign_coef_exact_work(const std::string& what, ulong d, ulong l, const std::string& hint);

}  // namespace bc::sphere
