// The rank mechanism of the DeepSets lower bound (talk-B "Proof Sketch", l.398-409): a DeepSets
// function of width H has a matrix representation F of rank <= H, so by Eckart–Young–Mirsky
//
//   min_{rank F <= H} ||G - F||_F^2 = sum_{i > H} s_i^2      (s_1 >= s_2 >= ... singular values of G)
//
// and the relative error is that tail over sum_i s_i^2. This is the linear-algebra step only:
// the paper's quantity ||g - f||_nu^2 is bounded below by a constant times it (talk-B l.398, "≳"),
// with constants and the target g not given in the talk.
// Inputs are exact: squared singular values as rationals (exact decimals squared, or i^{-2A} for
// s_i = i^{-A} with 2A an integer), else balls. Cost O(M log M) for the sort, O(M) sums.
#pragma once

#include "core/flint.hpp"

#include <vector>

namespace bc::sym {

struct EckartYoung {
  bool exact = true;
  Fmpq tail_sq, total_sq, relative;     ///< exact path
  Arb tail_ball, total_ball, rel_ball;  ///< ball path (always filled)
  ulong rank = 0;                       ///< number of nonzero singular values
};

/// From exact squared singular values (any order, nonnegative). H >= 1.
EckartYoung eckart_young_exact(const std::vector<Fmpq>& squares, ulong H, slong prec);

/// s_i = i^{-A}, i = 1..M, A = num/den >= 0: exact when 2A is an integer, else certified balls.
EckartYoung eckart_young_power(ulong M, const fmpq_t A, ulong H, slong prec);

}  // namespace bc::sym
