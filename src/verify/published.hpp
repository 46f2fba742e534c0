// A claim's published value is part of the claim, never decoration: the number as the source
// prints it is checked against the value computed for it, under a tolerance rule.
//   exact       the values are equal (an integer, p/q, or a closed form such as sqrt(3)/2)
//   round       the printed digits are the computed value rounded: |v - p| <= half a unit in p's
//               last digit
//   truncate    the printed digits are the computed value truncated toward zero
//   rel=X       |v - p| <= X |p|;   abs=X   |v - p| <= X
// Without a rule, an integer (or p/q, or a closed form) is exact and a decimal (a point or an
// exponent: 0.866, 1.88e-3) is read as rounded. The check is an expression of the language
// (expr/expr.hpp), "(SUBJECT) == (P)" or "(SUBJECT) ~= P [rule]", so it is evaluated, retried up
// the precision ladder and explained (a failing ~= names the correctly rounded value) as any claim.
// Cost: O(length of the texts).
#pragma once

#include <string>
#include <vector>

namespace bc::verify::detail {

/// Whether `p` is a number as a source prints it: an integer, a decimal (with an optional
/// exponent), p/q, or an exact closed form a sqrt(r) pi^k.
bool is_number_text(const std::string& p);

/// The numbers of a published value: one, or several separated by commas ("5.37, 2.80e-2", in the
/// order of the expression's comparisons). Empty when any part is not a number.
std::vector<std::string> published_numbers(const std::string& p);

/// The rule of each number: `tolerance` gives one rule for all or one per number (comma
/// separated); empty `tolerance`: each number's default (an integer, p/q or closed form exact, a
/// decimal rounded). Sets `why` (and returns {}) when a rule is unknown or cannot read its number.
std::vector<std::string> published_rules(const std::string& tolerance,
                                         const std::vector<std::string>& numbers, std::string& why);

/// The check as an expression: the i-th number against subjects[i] (numeric expressions as
/// written) under rules[i], joined by `and`.
std::string published_check(const std::vector<std::string>& subjects, const std::vector<std::string>& numbers,
                            const std::vector<std::string>& rules);

}  // namespace bc::verify::detail
