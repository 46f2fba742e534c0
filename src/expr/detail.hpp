// The stages of the expression language (expr/expr.hpp holds the grammar), one file each:
//   expr/lexer.cpp        Scanner: characters -> tokens (names, numbers, strings, quantity paths)
//   expr/parser.cpp       Parser: tokens -> a tree of Nodes, by the grammar's productions
//   expr/eval.cpp         Evaluator: numbers, variables, arithmetic, logic (exact alongside balls)
//   expr/functions.cpp    sqrt exp log ... binom min max
//   expr/compare.cpp      < <= > >= == != and the ~= rules (printed digits, tolerances)
//   expr/quantifiers.cpp  all any min max sum prod over ranges, with the cost projection
//   expr/quantities.cpp   group.command(...) calls through the injected Resolver
//   expr/algebraic.cpp    exact closed forms a sqrt(r) pi^k alongside the rationals
//   expr/asymptotic.cpp   g is O(f) / Omega(f) / Theta(f), g ~ f, over a sequence n -> infinity
//   expr/expr.cpp              the public Expr API
// Internal to the library; tests include it to check each stage on its own.
#pragma once

#include "core/decimal.hpp"
#include "expr/expr.hpp"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bc::expr {

struct Node {
  enum class Kind {
    number,
    boolean,
    constant_pi,
    variable,
    neg,
    add,
    sub,
    mul,
    div,
    pow,
    call,
    cmp,
    approx,
    logic_and,
    logic_or,
    logic_not,
    quant,
    quantity,
    asym
  } kind;
  Fmpq value;        // number
  std::string text;  // number: as written; approx: tolerance as written
  std::string name;  // variable, function, comparison operator, quantifier, approx rule
  std::vector<std::shared_ptr<const Node>> args;
  size_t pos = 1;  // 1-based column
  bool is_bool = false;
  bool truth = false;  // boolean literal
  // quant: args = {body, lo, hi} (range) or {body, items...} with list = true
  // asym: name O / Omega / Theta / ~, args = {g, f, slope tolerance, range...}, text = the
  // tolerance as written, strings = {g, f} as written
  std::string var;
  bool list = false;
  // quantity: call.path/column; args hold the argument expressions (nullptr for flags / strings)
  QuantityCall call;
  std::vector<std::optional<std::string>> strings;  // per argument: a string literal, or nullopt
};

namespace detail {

using NodeP = std::shared_ptr<const Node>;
constexpr slong kMaxExactBits = slong(1) << 20;  // beyond this a value is kept as a ball only
constexpr size_t kMaxRange = 1000000;
constexpr size_t kMaxSteps = 5000000;
constexpr size_t kMaxText = 10000;
constexpr int kMaxDepth = 200;

bool ident_start(char c);
bool ident_char(char c);

/// The lexical level: a cursor over the text with one recogniser per token class. Positions are
/// 0-based internally and 1-based in errors. Whitespace separates tokens and is otherwise ignored.
class Scanner {
 public:
  explicit Scanner(std::string_view s) : s_(s) {}

  [[noreturn]] void fail_at(size_t pos, const std::string& what) const;  ///< pos 1-based
  [[noreturn]] void fail(const std::string& what) const { fail_at(i_ + 1, what); }
  void skip();                      ///< whitespace
  bool at_end();                    ///< after whitespace
  size_t column();                  ///< 1-based column of the next token (skips whitespace)
  bool peek(std::string_view tok);  ///< the next token starts with tok
  bool eat(std::string_view tok);   ///< consumes tok if it is next
  bool eat(char c) { return eat(std::string_view(&c, 1)); }
  bool eat_word(std::string_view w);  ///< a keyword: w not followed by an identifier character
  std::string ident();                ///< NAME, or fails "expected a name"
  bool at_ident();                    ///< a NAME starts here (after whitespace)
  bool at_number();                   ///< NUMBER starts here (digit, or '.' not starting '..')
  bool at_quote();                    ///< a STRING starts here
  /// NUMBER, read exactly; `text` is the number as written. Fails "malformed number".
  Fmpq number(std::string& text);
  /// STRING between matching quotes; fails "unterminated string".
  std::string string_literal();
  /// Right after a NAME: the rest of a dotted quantity path ('.' NAME, with '-' between letters),
  /// or nothing when no '.' followed by a letter comes next.
  std::vector<std::string> path_rest();
  /// Right after ')': '.' NAME, the column of a quantity, or "" when none follows.
  std::string column_suffix();
  [[nodiscard]] size_t offset() const { return i_; }
  void rewind(size_t offset) { i_ = offset; }
  [[nodiscard]] std::string_view text() const { return s_; }
  /// The text from offset b to the cursor, trailing whitespace removed.
  [[nodiscard]] std::string since(size_t b) const;
  /// The character at the cursor for a message: the whole UTF-8 character, never a lone byte of
  /// it ("１", not '\357'), with controls and malformed bytes escaped ("\x00", "\xef").
  [[nodiscard]] std::string current() const;

 private:
  std::string_view s_;
  size_t i_ = 0;
};

/// The syntactic level: the tree of `text` by the grammar of expr/expr.hpp; fills the free variables
/// and the quantity calls in order of first use. Throws ParseError.
NodeP parse_tree(std::string_view text, std::vector<std::string>& vars, std::vector<QuantityCall>& calls);

/// The tree as an S-expression, for the parser's tests: "(+ 1 (* 2 3))".
std::string sexpr(const Node& n);

// ---- values ------------------------------------------------------------------------------
slong exact_bits(const Fmpq& q);
Value number_value(const Fmpq& q, slong prec);
/// Drops the exact value past kMaxExactBits; else sets the ball to it.
void finish_exact(Value& v, slong prec);
bool exact_int(const Value& v, slong& out);
inline Truth from_bool(bool b) { return b ? Truth::yes : Truth::no; }
inline Truth t_not(Truth t) { return t == Truth::unknown ? t : (t == Truth::yes ? Truth::no : Truth::yes); }
std::string show_value(const Value& v);
/// A ball as the enclosure it is: "[m +/- r]" with the midpoint to as many digits as its radius
/// supports (at least 12); a ball narrower than 60 digits show prints its midpoint to 60 digits
/// and its radius once: "m (60 digits shown; radius 1.0e-115)".
std::string show_enclosure(const arb_t x);

// ---- closed forms a sqrt(r) pi^k (expr/algebraic.cpp) ------------------------------------
/// The closed form of v: its Algebraic, or its rational as one; nullopt for a ball.
std::optional<Algebraic> alg_of(const Value& v);
/// v = a (normalised: a rational when a is one, the ball at prec); false (v a ball only, left
/// unset) when a is too large or malformed.
bool set_alg(Value& v, Algebraic a, slong prec);
Algebraic alg_mul(const Algebraic& a, const Algebraic& b, bool divide);
/// a + b (or a - b): only for like terms (same power of pi, radicands in a rational square ratio).
std::optional<Algebraic> alg_add(const Algebraic& a, const Algebraic& b, bool subtract);
std::optional<Algebraic> alg_pow(const Algebraic& a, slong e);
/// The comparison, when exact: nullopt for an order between different powers of pi.
std::optional<Truth> alg_cmp(const std::string& op, const Algebraic& a, const Algebraic& b);

/// Why `a ~= literal` failed: a correctly rounded at the literal's digits, and the miss.
std::string rounding_miss(const Value& a, const Node& lit, bool negative, slong prec);

/// What an evaluation shows (see Report).
struct Sink {
  std::vector<std::string> shown;
  std::string witness;
};

/// The evaluator: one member per kind of node, defined in the file of its stage.
class Evaluator {
 public:
  Evaluator(const EvalOptions& o, Report* r) : o_(o), report_(r) {}
  Value eval(const Node& n, Sink* sink);

  // expr/functions.cpp
  static void binom(Value& r, const Value& nv, const Value& kv, slong prec);
  // expr/compare.cpp
  static Truth cmp_truth(const std::string& op, const Value& a, const Value& b, bool& exact);
  static Truth within(const Value& a, const Value& b, const Value& t, slong prec);
  static Truth printed_rule(bool truncate, const Value& a, const Node& lit, bool negative, slong prec);

 private:
  const EvalOptions& o_;
  Report* report_;
  std::vector<std::pair<std::string, Value>> env_;
  size_t steps_ = 0;

  // expr/eval.cpp
  Value variable(const Node& n);
  Value arith(const Node& n, Sink* sink);
  bool closed_arith(Value& r, Node::Kind k, const Value& a, const Value& b) const;
  Value power(const Node& n, Sink* sink);
  Value logic(const Node& n, Sink* sink);
  // expr/functions.cpp
  Value call(const Node& n, Sink* sink);
  Value min_max(const std::string& f, const std::vector<Value>& v);
  // expr/compare.cpp
  Value compare(const Node& n, Sink* sink);
  Truth approx(const Node& n, const Value& a, const Value& b, Sink* sink, Grade& g);
  // expr/quantifiers.cpp
  Value quantifier(const Node& n, Sink* sink);
  /// The values of n's range, whose nodes start at args[first]: a list's values, or lo..hi made
  /// one at a time (a range of 10^6 values is never held: it cost seconds of page faults before
  /// the cost projection could refuse it).
  struct Range {
    std::vector<Value> list;  ///< a {a, b, ...} list
    slong lo = 0, hi = -1;    ///< or the integers lo..hi
    bool is_list = false;
    [[nodiscard]] size_t size() const {
      return is_list ? list.size() : hi < lo ? 0 : static_cast<size_t>(hi - lo) + 1;
    }
    [[nodiscard]] Value at(size_t i, slong prec) const;
  };
  Range range_values(const Node& n, size_t first, Sink* sink);
  /// body with var bound to item.
  Value eval_at(const std::string& var, const Node& body, const Value& item, Sink& local);
  // expr/asymptotic.cpp
  Value asymptotic(const Node& n, Sink* sink);
  // expr/quantities.cpp
  Value quantity(const Node& n, Sink* sink);
};

}  // namespace detail
}  // namespace bc::expr
