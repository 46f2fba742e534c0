// Arithmetic expressions over named quantities, evaluated in certified ball arithmetic.
//
// Grammar (precedence climbing, one token of look-ahead; the usual school precedence):
//   expr    := term (('+' | '-') term)*
//   term    := power (('*' | '/') power)*
//   power   := unary ('^' power)?            right-associative: 2^3^2 = 2^9
//   unary   := ('-' | '+') unary | primary
//   primary := NUMBER | NAME | NAME '(' expr (',' expr)* ')' | '(' expr ')'
//   NUMBER  := digits ['.' digits] [('e'|'E') ['+'|'-'] digits]    read exactly (3/10, not a double)
//   NAME    := letter (letter | digit | '_')*
// Functions: sqrt, exp, log (natural), ln, log2, log10, abs, min, max (any arity >= 1); constant pi.
// Used by `table` for derived columns; every result is an Arb ball, so a printed digit is proven.
#pragma once

#include "core/errors.hpp"

#include <arb.h>

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace bc::expr {

struct Node;

/// A parse error: `column` is the 1-based character position in the expression text.
struct ParseError : UsageError {
  ParseError(const std::string& msg, size_t col) : UsageError(msg), column(col) {}
  size_t column;
};

/// Sets res to the value of a variable, or throws (the caller's error names the variable).
using Lookup = std::function<void(arb_t res, const std::string& name, slong prec)>;

class Expr {
 public:
  /// Throws ParseError naming the column and what was expected.
  static Expr parse(std::string_view text);
  /// Variables the expression reads, in order of first use.
  [[nodiscard]] const std::vector<std::string>& variables() const { return vars_; }
  /// res = value at working precision prec (a ball; may be indeterminate, e.g. log of a ball
  /// containing 0). Throws DomainError on division by an exact zero.
  void eval(arb_t res, const Lookup& lookup, slong prec) const;
  [[nodiscard]] const std::string& text() const { return text_; }

 private:
  std::shared_ptr<const Node> root_;
  std::vector<std::string> vars_;
  std::string text_;
};

}  // namespace bc::expr
