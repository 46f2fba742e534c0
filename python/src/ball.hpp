// boundcheck.Ball: a certified real with Arb arithmetic, for Python.
//
// A Ball is an Arb ball (midpoint, radius) holding the true value, with the working precision its
// operations use. A Ball read from boundcheck's output also keeps the exact interval its text
// stands for ("1.2345678" = [1.2345677, 1.2345679], "[m +/- r]", "[lo, hi]"), and a Ball made from
// an exact number keeps that number: order comparisons between such exact ends are decided
// exactly, everything else by the Arb enclosure (conservative: never a wrong answer, at worst
// "undecided" where two enclosures touch).
//
// Precision: an operation runs at the precision of the innermost boundcheck.context(digits=...)
// (or the module default), else at the larger precision of its Ball operands; an exact operand
// (int, Fraction, Decimal, float read through repr) is enclosed at that precision.
#pragma once

#include "core/flint.hpp"

#include <pybind11/pybind11.h>

#include <memory>
#include <string>

namespace bcpy {

namespace py = pybind11;

/// Exact, finite end points of an enclosure.
struct Ends {
  bc::Fmpq lo, hi;
};

struct Ball {
  bc::Arb v;                         ///< the enclosure
  slong prec = 128;                  ///< working precision of operations on this ball, in bits
  std::string text;                  ///< as boundcheck printed it; empty for a computed ball
  std::shared_ptr<const Ends> ends;  ///< the exact interval, when known
};

/// Working bits for `digits` decimal digits (bits_for_digits + 16 guard bits).
slong prec_for_digits(long digits);

/// The Ball of a real printed by boundcheck, at precision prec; throws ValueError when `text` is
/// not one of the printed forms.
Ball ball_from_text(const std::string& text, slong prec);

/// Declares boundcheck._boundcheck.Ball and its arithmetic on `m`.
void bind_ball(py::module_& m);

}  // namespace bcpy
