// The up-front price of evaluating an expression: the seconds on one core of the distinct command
// invocations it makes, each priced by its command's own model through the registry
// (Command::estimate; a user quantity's model is this one, recursively). The calls are found by a
// dry run: the expression is evaluated with every quantity standing for an unknown value, and
// each call it would make is parsed, not run. A call whose options depend on another quantity's
// value cannot be priced so (its arguments are unknown in the dry run); neither can one past the
// first 2000 distinct calls: such commands price themselves when they run, as every command does.
// Cost: one parse per distinct call (about 20 microseconds each), plus the expression's arithmetic.
#pragma once

#include "user/evaluate.hpp"
#include "verify/quantities.hpp"

namespace bc::cli::user {

struct Price {
  double seconds = 0;
  size_t calls = 0;      ///< distinct invocations priced
  bool complete = true;  ///< false when some calls could not be priced in advance
};

Price price(const expr::Expr& e, const Bindings& bindings, long digits, CommandQuantities& cq);

}  // namespace bc::cli::user
