// A numeric expression's value to D correct digits, and the cell that prints it: what a user
// quantity's columns and `tex`'s values show. The expression is evaluated with its quantities at
// D + 10 digits and a working precision of D digits plus guard bits; while the resulting ball does
// not support D digits (cancellation, a wide input), it is evaluated again with the quantities at
// twice the digits, at most three more times. Exact results (rationals, closed forms) stay exact.
// Cost: one evaluation of the expression per rung (its quantities cost what their commands cost;
// repeated calls are cached per rung).
#pragma once

#include "cli.hpp"
#include "expr/expr.hpp"
#include "verify/catalogue.hpp"

#include <string>
#include <utility>
#include <vector>

namespace bc::cli::user {

struct Number {
  expr::Value value;
  bool uncertified = false;  ///< a double from a command entered it
};

using Bindings = std::vector<std::pair<std::string, Fmpq>>;

/// e's value at `bindings` (see the header comment).
Number evaluate_number(const expr::Expr& e, const Bindings& bindings, long digits,
                       const verify::Quantities& q);

/// The cell of a number: an exact integer or rational cell, a closed form ("sqrt(3)/2"), a real
/// with the digits its ball supports (all `digits` when it supports them; the enclosure with
/// `certified`), or, for a value computed from doubles, the double rounded as the commands round
/// theirs (uncertified). `what` names the value in an error.
out::Cell number_cell(const Number& n, const Context& ctx, const char* what);

}  // namespace bc::cli::user
