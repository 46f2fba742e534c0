// Printing reals so that every printed digit is right.
//
// Contract (PRODUCT.md, "Precision is explicit"): a real printed with D significant digits has D
// correct digits (the midpoint of a ball whose relative radius is below 2^-(bits_for_digits(D)),
// printed by arb_get_str, which guarantees the result is correct to one unit in the last place),
// or, with `certified`, it is printed as the enclosing interval "[m +/- r]".
#pragma once

#include <arb.h>

#include <string>

namespace bc {

/// Working bits needed so that D decimal digits are correct to one unit in the last place.
slong bits_for_digits(long digits);

/// True when `x` is exact zero or its relative accuracy supports `digits` correct digits.
bool accurate_to_digits(const arb_t x, long digits);

/// Decimal text of `x`. Precondition (checked): accurate_to_digits(x, digits) unless certified.
/// Throws std::logic_error if the precondition fails: the caller must raise precision first.
std::string format_real(const arb_t x, long digits, bool certified);

/// format_real's text appended to `out`: no allocation of its own for the common cases (a
/// midpoint of up to a few hundred digits), for callers printing many values into one buffer.
void append_real(std::string& out, const arb_t x, long digits, bool certified);

/// Decimal text of `x` with the most significant digits, at most max_digits, such that every point
/// of the ball lies within one unit of the last printed digit: the reading a printed decimal gets
/// back (output/cell_value.hpp), so a value computed from printed inputs prints only the digits
/// they support ("-0.33072" for [-0.330719 +/- 1e-6]), and a value computed from it in turn stays
/// an enclosure. Weaker than format_real (whose midpoint is correct to half a unit): for balls that
/// are too wide for it. "" when not even one digit is supported (the ball contains zero, or is not
/// finite).
std::string format_within_unit(const arb_t x, long max_digits);

/// Decimal text of a finite ball of any width with the most digits, at most `digits`, that it
/// supports (`table`'s derived columns, Python's str(Ball)): format_real's when its midpoint is
/// correct to `digits`, else format_within_unit's, else (not one digit: the ball contains zero) the
/// enclosure "[m +/- r]" at min(digits, 5) digits; with `certified`, the enclosure at `digits`.
std::string format_ball(const arb_t x, long digits, bool certified);

/// Decimal text of a one-sided bound: the lower end of x rounded toward -inf (direction < 0) or the
/// upper end rounded toward +inf (direction > 0), with `digits` significant digits, so that the
/// printed number is still a valid bound.
std::string format_bound(const arb_t x, long digits, int direction);

}  // namespace bc
