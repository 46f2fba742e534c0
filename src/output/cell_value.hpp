// A table cell as a number: exact cells exactly, printed reals as balls. The one conversion
// used wherever a front end reads a command's result back (`table`'s derived columns,
// `verify --expr` and expression claims).
//   integer / exact cell  -> the exact rational;
//   real cell "[m +/- r]" -> that ball; "[lo, hi]" -> the interval; a printed decimal -> +-1 unit
//                            in its last digit;
//   number (double)       -> the double +- one unit in the last digit of its shortest round-trip
//                            decimal (a kernel rounding to 10 digits gets +-1e-10 relative),
//                            flagged uncertified; text -> not numeric, except an
//                            interval "[lo, hi]".
// Cost: O(length of the printed value).
#pragma once

#include "core/flint.hpp"
#include "output/table.hpp"

#include <optional>
#include <string_view>

namespace bc::out {

/// res = the cell's value as a ball at precision prec; exact = the rational when the cell is
/// exact. Returns false for a non-numeric cell. Sets uncertified for a plain double.
bool cell_value(arb_t res, std::optional<Fmpq>& exact, const Cell& c, bool& uncertified, slong prec);

/// cell_value without the exact rational.
bool cell_ball(arb_t res, const Cell& c, bool& uncertified, slong prec);

/// The interval a printed real stands for, with exact end points (the Python module's Ball keeps
/// them): "[m +/- r]" -> [m - r, m + r], "[+/- r]" -> [-r, r], "[lo, hi]" -> [lo, hi], "0" -> [0, 0]
/// (format_real prints exact zero so), any other decimal -> +-1 unit in its last digit. False for
/// anything else (inf, nan, words, a malformed number).
bool printed_interval(Fmpq& lo, Fmpq& hi, std::string_view text);

}  // namespace bc::out
