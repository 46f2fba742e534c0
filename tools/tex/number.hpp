// A named value as a paper prints it (boundcheck tex): the decimal boundcheck prints (only proven
// digits: core/real_format.hpp), typeset for LaTeX so that it survives text mode, math mode, a
// \caption and a table cell, and never needs TeX arithmetic or siunitx's \num (whose "Number too
// big" stops a 14-digit integer):
//   exact integer        45696, in full; style grouped: 45\,696 (or 45{,}696), groups of three
//                        from five digits on (siunitx's group-minimum-digits);
//   real                 0.00188: format_ball's digits (D requested, fewer when the ball supports
//                        fewer); an exponent as \ensuremath{{1.88\times10^{-3}}};
//   style sci            \ensuremath{m\times10^{e}} with one digit before the point (an exact
//                        integer's trailing zeros dropped: they are exact);
//   style interval       \ensuremath{[lo, hi]}: the ball's ends rounded outward to D digits
//                        (format_bound), an exact value as itself;
//   a negative number    in \ensuremath (a minus sign, not a hyphen).
// \ensuremath{{...}} is robust and works in text and in math mode, and its inner group keeps the
// value one atom (\bcvalue{x}^2 is no "double superscript"); \, and {,} work in both modes.
// Cost: O(digits) once the value is computed.
#pragma once

#include "user/evaluate.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace bc::cli::tex {

enum class Style { plain, sci, grouped, interval };
/// "plain" | "sci" | "grouped" | "interval"; throws UsageError naming `what` otherwise.
Style parse_style(const std::string& s, const std::string& what);
const char* style_name(Style s);

/// The digit-group separator of style grouped: \, (a thin space) or {,} (a comma that math mode
/// does not space as punctuation).
enum class Separator { thin, comma };

/// A decimal as boundcheck prints it or a paper types it, in parts: "-0.00188" is negative, int
/// "0", frac "00188"; "1.88e-3" int "1", frac "88", exponent -3.
struct Decimal {
  bool negative = false;
  std::string int_part, frac_part;
  long exponent = 0;
  bool has_exponent = false;
};

/// Reads "[-]digits[.digits][e[+-]digits]"; nullopt for anything else (an enclosure "[m +/- r]").
std::optional<Decimal> read_decimal(std::string_view text);

/// The magnitude of a decimal, canonical: its significant digits (no leading or trailing zeros) and
/// the power of ten of the last one, so that "0.00188", "1.88e-3" and "1.880e-3" are all {188, -5},
/// and "45696" is {45696, 0}; zero is {"0", 0}. Two printed numbers are equal exactly when these are.
struct Magnitude {
  std::string digits;
  long exp10 = 0;
  bool operator==(const Magnitude& o) const { return digits == o.digits && exp10 == o.exp10; }
  bool operator<(const Magnitude& o) const {
    return digits != o.digits ? digits < o.digits : exp10 < o.exp10;
  }
};
Magnitude magnitude(const Decimal& d);

/// The digits a reader counts as significant in a typed number: from the first nonzero digit to
/// the last digit written ("0.00188" 3, "45696" 5, "1.880" 4, "2020" 4, "0.1" 1).
size_t significant_digits(const Decimal& d);

/// The LaTeX of a decimal in style plain, sci or grouped (interval is print_value's business).
std::string latex_decimal(const Decimal& d, Style s, Separator sep, bool exact_integer = false);

struct Printed {
  std::string decimal;    ///< the value as boundcheck prints it: "45696", "0.00188", "[lo, hi]"
  std::string latex;      ///< what \bcvalue prints
  std::string enclosure;  ///< for the comment: "exact integer", "[0.0018834... +/- 2.1e-34]", ...
  /// The magnitude a hand-typed number is compared with (none for an interval).
  std::optional<Magnitude> key;
  long digits_shown = 0;  ///< significant digits printed (0 for an exact integer or an interval)
};

/// The value `n` with at most `digits` significant digits (all of an exact integer), every one
/// proven, in style `s`. `what` names the value in an error (a value not finite).
Printed print_value(const user::Number& n, long digits, Style s, Separator sep, const std::string& what);

}  // namespace bc::cli::tex
