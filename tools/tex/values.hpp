// The named values of a catalogue, for `boundcheck tex`: every [[value]] by its name, and every
// claim's computed value by its id. A claim's value is its subject: the quantity of a quantity
// claim (quantity = "sphere.dim(d=64, l=3)"), or the left side of the first comparison of an
// expression claim ("rank.heads(d=32, r=2, eps=1/10)" of "rank.heads(...) >= 10^4"). A claim
// without one (a method, a grid, a quantifier, an asymptotic claim) defines no value.
// Digits: a value's own `digits`, else --digits when typed; a claim's published number's
// significant digits when it is a decimal (1.88e-3: 3, printed in style sci as the paper does),
// else --digits (default 30). Every value is computed to its digits (user::evaluate_number: the
// precision ladder, exact where exact) and printed with only proven digits (tex/number.hpp).
// Cost: the values' quantities (their commands, cached between values) and, for the comments, one
// run of each claim that defines a value.
#pragma once

#include "tex/number.hpp"
#include "verify/catalogue.hpp"
#include "verify/quantities.hpp"

#include <optional>
#include <string>
#include <vector>

namespace bc::cli::tex {

/// Whether `s` can be a \bcvalue name: a letter, then letters, digits, '.', '_', '-', ':' (at most
/// 64 characters), the rule of [[value]] names.
bool value_name(const std::string& s);

struct Named {
  std::string name;
  const verify::Claim* claim = nullptr;  ///< the claim it is the value of, or null for a [[value]]
  std::string expr;                      ///< what is computed ("rank.heads(d=32, r=2, eps=1/10)")
  std::string description;               ///< a value's description, a claim's statement
  std::string where;                     ///< "paper.toml:12"
  long digits = 30;
  Style style = Style::plain;
};

struct Options {
  long digits = 30;
  bool digits_given = false;
  bool group = false;      ///< --group: plain values (claims included) in style grouped
  bool certified = false;  ///< --certified: every value in style interval (its enclosure)
  Separator separator = Separator::thin;
  /// --double-check: every value evaluated again at 12 more digits; the two must agree (exact
  /// values equal, enclosures overlapping, doubles within 1e-9 relative).
  bool double_check = false;
};

/// The catalogue's named values in file order: values, then claims. A claim whose id cannot be a
/// \bcvalue name is left out, with a note in `notes`.
std::vector<Named> named_values(const verify::Catalogue& cat, const Options& o,
                                std::vector<std::string>& notes);

struct Computed {
  Named named;
  Printed printed;
  std::optional<verify::Outcome> outcome;  ///< the claim's verdict, when it was run
};

/// Computes one value (and, with `run_claim`, runs its claim). Throws what the value's evaluation
/// throws, its message prefixed with the value's name and place.
Computed compute(const Named& v, const Options& o, CommandQuantities& cq, bool run_claim);

}  // namespace bc::cli::tex
