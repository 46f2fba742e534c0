// A table cell as a number. The one conversion used wherever a front end reads a command's result
// (`table`'s derived columns, `verify --expr` and expression claims, the Python module).
// A cell that carries the value it was printed from (Cell::number: cells made by real_cell /
// exact_cell) gives that value as computed: the exact rational, or the Arb ball with its own radius
// (a ball of radius 0 is exact). Only a cell without one (read back from a file) is read from its
// text, as follows:
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

/// What a numeric cell stands for, as computed (see Cell::number).
struct CellNumber {
  enum class Kind {
    exact,  ///< q is the value
    ball,   ///< ball is a certified enclosure of the value
  };
  Kind kind = Kind::ball;
  Fmpq q;
  Arb ball;
  /// Computed from a double path somewhere (a derived column over a double column): the ball is
  /// the arithmetic's enclosure, not a proof.
  bool uncertified = false;
};

/// A real cell printed from x by format_real(x, digits, certified), keeping x.
Cell real_cell(const arb_t x, long digits, bool certified);
/// A real cell whose text the caller made (an interval, a directed bound) from the ball x.
Cell real_cell(std::string text, const arb_t x);
/// An exact cell of an integer or rational, printed in full ("-3", "7/16"), keeping it.
Cell exact_cell(const fmpz_t x);
Cell exact_cell(const fmpq_t x);
/// Attaches the value a cell's text was printed from: x as a ball (exact when its radius is 0).
void keep_number(Cell& c, const arb_t x);
/// Attaches the exact value a cell's text was printed from (a decimal rendering of a rational).
void keep_exact(Cell& c, const fmpq_t x);

/// `text` for an error message: every run of more than 40 digits shortened to its first 10 and its
/// length, "2073882596...(600,000 digits)", so that no message quotes a huge number whole (a run
/// already cut, followed by "...", keeps its first 10 digits and the "...").
std::string clip_digits(std::string_view text);

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
