// Expressions over named quantities, evaluated in certified ball arithmetic with exact rationals
// carried alongside wherever every input is exact. Used by `table` (derived columns, plot guides)
// and by `verify` (claims as expressions, `verify --expr`).
//
// Grammar (recursive descent, one token of look-ahead; lowest precedence first):
//   expr     := or
//   or       := and ('or' and)*
//   and      := not ('and' not)*
//   not      := 'not' not | cmp
//   cmp      := sum [('<' | '<=' | '>' | '>=' | '==' | '!=') sum]        comparisons do not chain
//             | sum '~=' sum ['[' tol ']']
//             | sum 'is' ORDER '(' sum ')' 'as' NAME 'in' range [slope]   asymptotic claims
//             | sum '~' sum 'as' NAME 'in' range [slope]
//   tol      := 'round' | 'truncate' | 'rel' '=' sum | 'abs' '=' sum
//   ORDER    := 'O' | 'Omega' | 'Theta'
//   slope    := '[' 'slope' '=' sum ']'                            the trend tolerance, default 1/20
//   sum      := term (('+' | '-') term)*
//   term     := unary (('*' | '/') unary)*
//   unary    := ('-' | '+') unary | power                   -2^2 = -4
//   power    := postfix ['^' unary]                          right-associative: 2^3^2 = 2^9
//   postfix  := primary
//   primary  := NUMBER | 'true' | 'false' | 'pi' | NAME | '(' expr ')'
//             | FUNC '(' expr (',' expr)* ')'
//             | QUANT '(' NAME 'in' range ':' expr ')'
//             | QUANTITY '(' [arg (',' arg)*] ')' ['.' NAME]
//   range    := sum '..' sum | '{' sum (',' sum)* '}'
//   arg      := NAME ['=' (sum | STRING)]                   a bare NAME is a flag (--NAME)
//   NUMBER   := digits ['.' digits] [('e'|'E') ['+'|'-'] digits]   read exactly (0.1 is 1/10)
//   NAME     := letter (letter | digit | '_')*
//   QUANTITY := NAME ('.' NAME)+, where '-' between letters inside it is part of the name
//               (`rank.head-target`; write `a.b - c` with spaces to subtract)
//   STRING   := '"' chars '"' | "'" chars "'"
// FUNC: sqrt exp log ln log2 log10 abs floor ceil gamma binom min max (min/max: any arity >= 1);
// exact where the value is rational: log2 and log10 of an exact power of their base (log2(1024)
// = 10), log(1) = 0, exp(0) = 1, and abs, floor, ceil, gamma, binom, min, max of exact values.
// QUANT: all any (truth values), min max sum prod (numbers); ranges of at most 10^6 values.
// Keywords: and or not in true false is as.
// `~= b` without [..] needs a decimal literal b and reads its printed digits as rounded
// (|a - b| <= half a unit in b's last digit); [truncate] reads them as truncated toward zero.
// Truth values are three-valued: a comparison is true or false only when the enclosures decide
// it; otherwise unknown, and and/or/not/all/any follow Kleene's logic.
// Exact values: rationals, and closed forms a sqrt(r) pi^k (sqrt of a rational, pi, products,
// quotients, integer powers, sums of like terms), so `sqrt(12) == 2*sqrt(3)` is decided exactly.
// Asymptotic claims `g is O(f) as n in {10, 100, 1000}` (Omega, Theta; `g ~ f` for g/f -> 1) are
// graded on the sequence, which must be exact, positive and increasing (at least 3 values): the
// ratio's range [C_min, C_max] and its trend n^s over the last two decades. O is true ("consistent
// on the grid") when s < slope tolerance and false ("inconsistent: ratio grows like n^s") when
// s > it; g ~ f is true when |g/f - 1| shrinks at least like n^-tolerance, false when it does not
// shrink, unknown in between. A grid shows no limit: verify prints these as consistent /
// inconsistent / undecided: extend the grid (expr/asymptotic.cpp states the whole rule).
#pragma once

#include "core/errors.hpp"
#include "core/flint.hpp"

#include <arb.h>

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bc::expr {

struct Node;

/// A parse error: `column` is the 1-based character position in the expression text, `bare` the
/// message without the expression quoted (for callers that name a file and line themselves).
struct ParseError : UsageError {
  ParseError(const std::string& msg, size_t col, std::string bare_msg)
      : UsageError(msg), column(col), bare(std::move(bare_msg)) {}
  size_t column;
  std::string bare;
};

/// The expression has no value at these inputs: division by an exact zero, 0 to a negative power, a
/// pole of gamma. A DomainError (verify reports it as one); a table's derived column shows the
/// point as "undefined", as it does a value that comes out not finite (log(0)).
struct Undefined : DomainError {
  using DomainError::DomainError;
};

/// Sets res to the value of a variable, or throws (the caller's error names the variable).
using Lookup = std::function<void(arb_t res, const std::string& name, slong prec)>;

/// A quantity named in an expression, with its arguments evaluated: `rank.heads(d=64, eps=1/10)`.
struct QuantityCall {
  std::vector<std::string> path;  ///< {"rank", "heads"} as written
  /// (option, value) in written order; value is the exact number ("1/10") or the string; a flag
  /// has flag = true and an empty value.
  struct Arg {
    std::string name, value;
    bool flag = false;
  };
  std::vector<Arg> args;
  std::string column;                      ///< after '.', or empty for the command's primary column
  size_t pos = 0;                          ///< 1-based column of the call in the expression
  [[nodiscard]] std::string text() const;  ///< canonical text, e.g. rank.heads(d=64, eps=1/10)
};

/// An exact closed form coef * sqrt(rad) * pi^pi_power (rad > 0): the algebraic numbers
/// `sphere sign-coef --exact` prints ("-5*sqrt(15)/128") and their quotients by powers of pi
/// ("8/(3*pi)"). Equality is decidable in this class: a sqrt(r) pi^k = b sqrt(s) pi^j (a, b != 0)
/// iff k = j, a and b have the same sign and a^2 r = b^2 s (pi is transcendental).
struct Algebraic {
  Fmpq coef;
  Fmpq rad{1, 1};
  slong pi_power = 0;
  [[nodiscard]] std::string str() const;  ///< "sqrt(3)/2", "-5*sqrt(15)/128", "8/(3*pi)"
};

/// The value of a quantity: a ball, and the exact rational (or closed form) when the command
/// printed one.
struct Quantity {
  Arb ball;
  std::optional<Fmpq> exact;
  std::optional<Algebraic> alg;  ///< set only when the value is exact but not rational
  bool uncertified = false;      ///< a plain double (no radius proven)
};

/// Sets `out` to a variable's value as its source holds it: the ball and, when the value is known
/// exactly, the rational (a table's derived columns read their cells so: an exact 16 stays 16).
using ValueLookup = std::function<void(Quantity& out, const std::string& name, slong prec)>;

/// Runs a quantity at `digits` decimal digits and working precision prec.
using Resolver = std::function<void(Quantity& out, const QuantityCall& call, long digits, slong prec)>;

enum class Truth { no, yes, unknown };

/// How the comparisons that decided a true result decided it (for verify's grade column).
struct Grade {
  bool exact = false;                   ///< ==, != or ~= decided on exact values (or closed forms)
  bool bound = false;                   ///< <, <=, >, >= decided by the enclosures
  bool rounding = false;                ///< ~= with the printed digits read as rounded
  bool truncation = false;              ///< ~= read as truncated, where rounding would not match
  std::vector<std::string> tolerances;  ///< ~= within [rel=..] / [abs=..] but not equal
  /// asymptotic claims found consistent: "consistent on the grid (C in [a, b])"
  std::vector<std::string> asymptotic;
  bool uncertified = false;  ///< a double from a command entered the result
  /// Adds what `g` shows (flags or-ed, tolerances without repeats): a conjunction or a grid holds
  /// with every grade its parts held with.
  void merge(const Grade& g);
};

/// What an evaluation shows a reader: the enclosures that decided it and, for a quantifier that
/// failed or could not decide, the first binding that did.
struct Report {
  std::vector<std::string> shown;  ///< "lhs = [..] vs rhs = [..]" per top-level comparison
  std::string witness;             ///< e.g. "at l = 57: ..."
  Grade grade;
  /// an asymptotic claim decided false: "inconsistent: ratio grows like n^0.088 (n = 10^4..10^6)"
  std::string inconsistent;
  /// the first asymptotic claim decided false: how its two sides grow over the trend stretch
  struct Growth {
    std::string var, stretch;    ///< "d", "d = 32..2048"
    std::string claimed;         ///< f as written, "(d/r)^(1/eps)"
    double left = 0, right = 0;  ///< g grows like var^left there, f like var^right (midpoints)
  };
  std::optional<Growth> growth;
  /// an asymptotic claim the grid could not decide: why, and what would ("undecided: extend the grid (...)")
  std::string undecided;
};

struct EvalOptions {
  Lookup lookup;             ///< variables not bound by a quantifier (may be empty)
  ValueLookup value_lookup;  ///< the same with exact values; used instead of lookup when set
  Resolver resolve;          ///< quantities (may be empty: then a quantity is an error)
  long digits = 30;          ///< --digits passed to the commands
  slong prec = 128;          ///< working precision in bits
  std::vector<std::pair<std::string, Fmpq>> bindings;  ///< extra exact variables (grids)
};

/// A numeric or truth value.
struct Value {
  bool boolean = false;
  Truth truth = Truth::unknown;
  Arb ball;
  std::optional<Fmpq> exact;     ///< the value, when it is rational and known exactly
  std::optional<Algebraic> alg;  ///< the value, when it is exact but not rational (then exact is empty)
};

/// A printed exact value ("3/4", "-sqrt(7)/8", "8/(3*pi)", "64/(9*pi^2)") as a Value with its
/// exact form (rational or Algebraic) and a ball at prec bits; nullopt when the text is not such a
/// closed form. Reads it with this grammar (numbers, + - * / ^, sqrt, pi; nothing else).
std::optional<Value> closed_form(std::string_view text, slong prec);

class Expr {
 public:
  /// Throws ParseError naming the column and what was expected.
  static Expr parse(std::string_view text);
  /// Free variables the expression reads, in order of first use (not quantifier-bound names).
  [[nodiscard]] const std::vector<std::string>& variables() const { return vars_; }
  /// Every quantity the expression names (arguments unevaluated: values empty), in order.
  [[nodiscard]] const std::vector<QuantityCall>& quantities() const { return calls_; }
  /// True if the expression is a truth value (a comparison, and/or/not, all/any).
  [[nodiscard]] bool boolean() const;
  /// True if it contains an asymptotic claim (`is O/Omega/Theta(..) as`, `~ .. as`): a finite grid
  /// grades it consistent / inconsistent / undecided, never holds / fails.
  [[nodiscard]] bool asymptotic() const;
  /// res = numeric value at working precision prec (a ball; may be indeterminate, e.g. log of a
  /// ball containing 0). Throws Undefined on division by an exact zero (and the like), UsageError
  /// for a truth value.
  void eval(arb_t res, const Lookup& lookup, slong prec) const;
  /// The numeric value with its exact form where the variables' exact values make it exact. Throws
  /// as eval does.
  [[nodiscard]] Value value(const ValueLookup& lookup, slong prec) const;
  /// The full evaluation: a number or a truth value, with what decided it.
  Value evaluate(const EvalOptions& opt, Report* report = nullptr) const;
  [[nodiscard]] const std::string& text() const { return text_; }
  /// The values a claim states, as written: for each operand of the top-level chain of `and`, in
  /// order, the left side of that operand's comparison ("sphere.dim(d=64, l=3)" of
  /// "sphere.dim(d=64, l=3) == 45696 and ..."), or nullopt for an operand that is not a plain
  /// comparison (an asymptotic claim, a quantifier, `or`, `not`). Empty for a number.
  [[nodiscard]] std::vector<std::optional<std::string>> subjects() const;

 private:
  std::shared_ptr<const Node> root_;
  std::vector<std::string> vars_;
  std::vector<QuantityCall> calls_;
  std::string text_;
};

/// "[m +/- r]" or the shortest correct decimal of a ball, for reports.
std::string show_ball(const arb_t x, long digits = 12);

}  // namespace bc::expr
