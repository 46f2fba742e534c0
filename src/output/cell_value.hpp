// A table cell as a number: exact cells exactly, printed reals as balls. The one conversion
// used wherever a front end reads a command's result back (`table`'s derived columns,
// `verify --expr` and expression claims).
//   integer / exact cell  -> the exact rational;
//   real cell "[m +/- r]" -> that ball; "[lo, hi]" -> the interval; a printed decimal -> +-1 unit
//                            in its last digit;
//   number (double)       -> the double, flagged uncertified; text -> not numeric, except an
//                            interval "[lo, hi]".
// Cost: O(length of the printed value).
#pragma once

#include "core/flint.hpp"
#include "output/table.hpp"

#include <optional>

namespace bc::out {

/// res = the cell's value as a ball at precision prec; exact = the rational when the cell is
/// exact. Returns false for a non-numeric cell. Sets uncertified for a plain double.
bool cell_value(arb_t res, std::optional<Fmpq>& exact, const Cell& c, bool& uncertified, slong prec);

/// cell_value without the exact rational.
bool cell_ball(arb_t res, const Cell& c, bool& uncertified, slong prec);

}  // namespace bc::out
