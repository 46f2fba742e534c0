// Exact closed forms c sqrt(m) pi^k printed in lowest terms (issue 18), one printer for every
// command and for the expression language: "sqrt(3)/2", "-3*sqrt(51)/128", "8/(3*pi)",
// "64/(9*pi^2)", "sqrt(6)/2" (never "3/sqrt(6)" or "1/(2*sqrt(3))": the root is in the numerator,
// its radicand square-free, the rational in lowest terms). SymPy prints the same values the same
// way, which tests/closed_forms.py checks. Cost: the decimal conversion of the integers.
#pragma once

#include "core/flint.hpp"

#include <string>

namespace bc {

/// c sqrt(m) pi^k; m >= 1 must be square-free (the caller's split: PrimePowers or
/// squarefree_split), c is canonical (FLINT keeps fmpq in lowest terms).
std::string closed_form_text(const fmpq_t c, const fmpz_t squarefree_m, slong pi_power);

/// c sqrt(n) pi^k for any integer n >= 1: the square part of n moved out by squarefree_split.
/// Returns false in `proven` when the split could not prove the radicand square-free (see
/// core/squarefree.hpp: a cofactor above 96 bits without small prime factors).
std::string closed_form_text_sqrt(const fmpq_t c, const fmpz_t n, slong pi_power, bool* proven = nullptr);

}  // namespace bc
