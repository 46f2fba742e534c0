// Expressions over named quantities: a recursive-descent parser (grammar in expr.hpp) and an
// evaluator in ball arithmetic that carries the exact rational alongside while every input is
// exact (so 3/10 * 10 == 3 is decided, and huge exact integers compare exactly).
// Cost: O(length) to parse; one Arb (or FLINT rational) operation per node to evaluate, times the
// sizes of the quantifier ranges; quantities cost whatever their command costs.
#include "core/expr.hpp"

#include "core/limits.hpp"

#include "core/decimal.hpp"

#include <arb_hypgeom.h>
#include <flint/fmpq.h>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace bc::expr {

void Grade::merge(const Grade& g) {
  exact |= g.exact;
  bound |= g.bound;
  rounding |= g.rounding;
  truncation |= g.truncation;
  uncertified |= g.uncertified;
  for (const auto& t : g.tolerances)
    if (std::find(tolerances.begin(), tolerances.end(), t) == tolerances.end()) tolerances.push_back(t);
}

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
    quantity
  } kind;
  Fmpq value;        // number
  std::string text;  // number: as written; approx: tolerance as written
  std::string name;  // variable, function, comparison operator, quantifier, approx rule
  std::vector<std::shared_ptr<const Node>> args;
  size_t pos = 1;  // 1-based column
  bool is_bool = false;
  bool truth = false;  // boolean literal
  // quant: args = {body, lo, hi} (range) or {body, items...} with list = true
  std::string var;
  bool list = false;
  // quantity: call.path/column; args hold the argument expressions (nullptr for flags / strings)
  QuantityCall call;
  std::vector<std::optional<std::string>> strings;  // per argument: a string literal, or nullopt
};

namespace {

using NodeP = std::shared_ptr<const Node>;
constexpr slong kMaxExactBits = slong(1) << 20;  // beyond this a value is kept as a ball only
constexpr size_t kMaxRange = 1000000;
constexpr size_t kMaxSteps = 5000000;

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

const char* const kFuncs[] = {"sqrt",  "exp",  "log",   "ln",    "log2", "log10", "abs",
                              "floor", "ceil", "gamma", "binom", "min",  "max"};
const char* const kQuants[] = {"all", "any", "min", "max", "sum", "prod"};
const char* const kKeywords[] = {"and", "or", "not", "in", "true", "false"};

bool is_one_of(const std::string& s, const auto& list) {
  return std::any_of(std::begin(list), std::end(list), [&](const char* f) { return s == f; });
}

class Parser {
 public:
  Parser(std::string_view s, std::vector<std::string>& vars, std::vector<QuantityCall>& calls)
      : s_(s), vars_(vars), calls_(calls) {}

  NodeP parse_all() {
    NodeP n = expr();
    skip();
    if (i_ < s_.size()) fail(fmt::format("unexpected '{}'", s_[i_]));
    return n;
  }

 private:
  std::string_view s_;
  size_t i_ = 0;
  std::vector<std::string>& vars_;
  std::vector<QuantityCall>& calls_;
  std::vector<std::string> bound_;  // quantifier variables in scope
  int depth_ = 0;

  [[noreturn]] void fail_at(size_t pos, const std::string& what) const {
    throw ParseError(fmt::format("expression \"{}\", column {}: {}", s_, pos, what), pos, what);
  }
  [[noreturn]] void fail(const std::string& what) const { fail_at(i_ + 1, what); }
  void skip() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  bool peek(std::string_view tok) {
    skip();
    return s_.substr(i_, tok.size()) == tok;
  }
  bool eat(std::string_view tok) {
    if (!peek(tok)) return false;
    i_ += tok.size();
    return true;
  }
  bool eat(char c) { return eat(std::string_view(&c, 1)); }
  // a keyword: the word followed by a non-identifier character
  bool eat_word(std::string_view w) {
    skip();
    if (s_.substr(i_, w.size()) != w) return false;
    if (i_ + w.size() < s_.size() && ident_char(s_[i_ + w.size()])) return false;
    i_ += w.size();
    return true;
  }
  std::string ident() {
    skip();
    if (i_ >= s_.size() || !ident_start(s_[i_])) fail("expected a name");
    const size_t b = i_;
    while (i_ < s_.size() && ident_char(s_[i_])) ++i_;
    return std::string(s_.substr(b, i_ - b));
  }
  void enter() {
    if (++depth_ > 200) fail("nested too deeply");
  }
  static std::shared_ptr<Node> make(Node::Kind k, std::vector<NodeP> args, size_t pos, bool is_bool = false) {
    auto n = std::make_shared<Node>();
    n->kind = k;
    n->args = std::move(args);
    n->pos = pos;
    n->is_bool = is_bool;
    return n;
  }
  void want_number(const NodeP& n, const char* where) const {
    if (n->is_bool) fail_at(n->pos, fmt::format("{} needs a number, got a truth value", where));
  }
  void want_truth(const NodeP& n, const char* where) const {
    if (!n->is_bool)
      fail_at(n->pos, fmt::format("{} needs a truth value (a comparison), got a number", where));
  }

  NodeP expr() {
    enter();
    NodeP n = logic_or();
    --depth_;
    return n;
  }
  NodeP logic_or() {
    NodeP a = logic_and();
    for (;;) {
      skip();
      const size_t p = i_ + 1;
      if (!eat_word("or")) return a;
      NodeP b = logic_and();
      want_truth(a, "'or'");
      want_truth(b, "'or'");
      a = make(Node::Kind::logic_or, {a, b}, p, true);
    }
  }
  NodeP logic_and() {
    NodeP a = logic_not();
    for (;;) {
      skip();
      const size_t p = i_ + 1;
      if (!eat_word("and")) return a;
      NodeP b = logic_not();
      want_truth(a, "'and'");
      want_truth(b, "'and'");
      a = make(Node::Kind::logic_and, {a, b}, p, true);
    }
  }
  NodeP logic_not() {
    skip();
    const size_t p = i_ + 1;
    if (eat_word("not")) {
      enter();
      NodeP a = logic_not();
      --depth_;
      want_truth(a, "'not'");
      return make(Node::Kind::logic_not, {a}, p, true);
    }
    return comparison();
  }
  std::string cmp_op() {
    for (const char* op : {"<=", ">=", "==", "!=", "~=", "<", ">"})
      if (eat(op)) return op;
    return {};
  }
  NodeP comparison() {
    NodeP a = sum();
    skip();
    const size_t p = i_ + 1;
    const std::string op = cmp_op();
    if (op.empty()) {
      if (peek("=") && !peek("=="))
        fail("'=' is not a comparison: write '==' (or name=value inside a quantity's parentheses)");
      return a;
    }
    NodeP b = sum();
    want_number(a, fmt::format("'{}'", op).c_str());
    want_number(b, fmt::format("'{}'", op).c_str());
    std::shared_ptr<Node> n;
    if (op == "~=") {
      n = make(Node::Kind::approx, {a, b}, p, true);
      n->name = "round";
      if (eat('[')) {
        skip();
        const size_t tp = i_ + 1;
        std::string rule = ident();
        if (rule == "rel" || rule == "abs") {
          if (!eat('=')) fail(fmt::format("expected '=' after '{}'", rule));
          skip();
          const size_t b0 = i_;
          NodeP t = sum();
          want_number(t, rule.c_str());
          n->text = std::string(s_.substr(b0, i_ - b0));
          while (!n->text.empty() && std::isspace(static_cast<unsigned char>(n->text.back())))
            n->text.pop_back();
          n->args.push_back(t);
        } else if (rule != "round" && rule != "truncate") {
          fail_at(tp, fmt::format("unknown tolerance \"{}\" (round, truncate, rel=X, abs=X)", rule));
        }
        n->name = rule;
        if (!eat(']')) fail("expected ']'");
      }
      if ((n->name == "round" || n->name == "truncate") && !literal(b))
        fail_at(b->pos,
                "'~=' reads the printed digits of a decimal literal on its right; give one, or a "
                "tolerance [rel=X] / [abs=X]");
    } else {
      n = make(Node::Kind::cmp, {a, b}, p, true);
      n->name = op;
    }
    skip();
    const size_t q = i_ + 1;
    if (!cmp_op().empty()) fail_at(q, "comparisons do not chain: write 'a < b and b < c'");
    return n;
  }
  static const Node* literal(const NodeP& n) {
    if (n->kind == Node::Kind::number) return n.get();
    if (n->kind == Node::Kind::neg && n->args[0]->kind == Node::Kind::number) return n->args[0].get();
    return nullptr;
  }
  NodeP sum() {
    NodeP a = term();
    for (;;) {
      skip();
      const size_t p = i_ + 1;
      Node::Kind k;
      if (eat('+'))
        k = Node::Kind::add;
      else if (peek("-")) {
        ++i_;
        k = Node::Kind::sub;
      } else
        return a;
      NodeP b = term();
      want_number(a, k == Node::Kind::add ? "'+'" : "'-'");
      want_number(b, k == Node::Kind::add ? "'+'" : "'-'");
      a = make(k, {a, b}, p);
    }
  }
  NodeP term() {
    NodeP a = unary();
    for (;;) {
      skip();
      const size_t p = i_ + 1;
      Node::Kind k;
      if (eat('*'))
        k = Node::Kind::mul;
      else if (eat('/'))
        k = Node::Kind::div;
      else
        return a;
      NodeP b = unary();
      want_number(a, k == Node::Kind::mul ? "'*'" : "'/'");
      want_number(b, k == Node::Kind::mul ? "'*'" : "'/'");
      a = make(k, {a, b}, p);
    }
  }
  NodeP unary() {
    skip();
    const size_t p = i_ + 1;
    if (eat('-')) {
      enter();
      NodeP a = unary();
      --depth_;
      want_number(a, "'-'");
      return make(Node::Kind::neg, {a}, p);
    }
    if (eat('+')) {
      enter();
      NodeP a = unary();
      --depth_;
      want_number(a, "'+'");
      return a;
    }
    return power();
  }
  NodeP power() {
    NodeP a = primary();
    skip();
    const size_t p = i_ + 1;
    if (eat('^')) {
      enter();
      NodeP b = unary();
      --depth_;
      want_number(a, "'^'");
      want_number(b, "'^'");
      a = make(Node::Kind::pow, {a, b}, p);
    }
    return a;
  }
  NodeP primary() {
    skip();
    if (i_ >= s_.size()) fail("expected a number, a name or '('");
    const size_t p = i_ + 1;
    const char c = s_[i_];
    if (c == '(') {
      ++i_;
      NodeP n = expr();
      if (!eat(')')) fail("expected ')'");
      return n;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || (c == '.' && !peek(".."))) return number();
    if (!ident_start(c)) fail(fmt::format("unexpected '{}'", c));
    const size_t b = i_;
    std::string name = ident();
    // a dotted name is a quantity: rank.heads, sphere.sign-coef
    if (i_ < s_.size() && s_[i_] == '.' && i_ + 1 < s_.size() && ident_start(s_[i_ + 1])) {
      std::vector<std::string> path{name};
      while (i_ < s_.size() && s_[i_] == '.' && i_ + 1 < s_.size() && ident_start(s_[i_ + 1])) {
        ++i_;
        const size_t wb = i_;
        while (i_ < s_.size() &&
               (ident_char(s_[i_]) || (s_[i_] == '-' && i_ + 1 < s_.size() &&
                                       std::isalpha(static_cast<unsigned char>(s_[i_ + 1])) &&
                                       std::isalpha(static_cast<unsigned char>(s_[i_ - 1])))))
          ++i_;
        path.emplace_back(s_.substr(wb, i_ - wb));
      }
      return quantity(std::move(path), p);
    }
    if (is_one_of(name, kKeywords)) {
      if (name == "true" || name == "false") {
        auto n = make(Node::Kind::boolean, {}, p, true);
        n->truth = name == "true";
        return n;
      }
      i_ = b;
      fail(fmt::format("unexpected '{}'", name));
    }
    if (peek("(")) {
      eat('(');
      // quantifier: NAME '(' NAME 'in' ...
      const size_t save = i_;
      if (is_one_of(name, kQuants)) {
        skip();
        if (i_ < s_.size() && ident_start(s_[i_])) {
          std::string var = ident();
          if (eat_word("in")) return quantifier(name, var, p);
        }
        i_ = save;
        if (name == "all" || name == "any" || name == "sum" || name == "prod")
          fail(fmt::format("expected 'NAME in RANGE:' after {}(", name));
      }
      if (!is_one_of(name, kFuncs)) {
        i_ = b;
        fail(
            fmt::format("unknown function \"{}\" (sqrt exp log ln log2 log10 abs floor ceil gamma binom min "
                        "max; quantifiers all any min max sum prod; quantities are group.command(...))",
                        name));
      }
      std::vector<NodeP> args{expr()};
      while (eat(',')) args.push_back(expr());
      if (!eat(')')) fail("expected ')' or ','");
      for (const auto& a : args) want_number(a, fmt::format("{}()", name).c_str());
      const size_t arity = name == "binom" ? 2 : 1;
      if (name != "min" && name != "max" && args.size() != arity) {
        i_ = b;
        fail(
            fmt::format("{}() takes {} argument{}, got {}", name, arity, arity == 1 ? "" : "s", args.size()));
      }
      auto n = make(Node::Kind::call, std::move(args), p);
      n->name = name;
      return n;
    }
    if (name == "pi") return make(Node::Kind::constant_pi, {}, p);
    auto n = make(Node::Kind::variable, {}, p);
    n->name = name;
    if (std::find(bound_.begin(), bound_.end(), name) == bound_.end() &&
        std::find(vars_.begin(), vars_.end(), name) == vars_.end())
      vars_.push_back(name);
    return n;
  }
  NodeP quantifier(const std::string& q, const std::string& var, size_t p) {
    enter();
    auto n = make(Node::Kind::quant, {}, p, q == "all" || q == "any");
    n->name = q;
    n->var = var;
    std::vector<NodeP> range;
    if (eat('{')) {
      n->list = true;
      range.push_back(sum());
      while (eat(',')) range.push_back(sum());
      if (!eat('}')) fail("expected '}' or ','");
    } else {
      range.push_back(sum());
      if (!eat("..")) fail("expected '..' (a range lo..hi) or a list {a, b, ...}");
      range.push_back(sum());
    }
    for (const auto& r : range) want_number(r, "a range");
    if (!eat(':')) fail("expected ':' before the quantifier's body");
    bound_.push_back(var);
    NodeP body = expr();
    bound_.pop_back();
    if (!eat(')')) fail("expected ')'");
    if (q == "all" || q == "any")
      want_truth(body, fmt::format("{}()", q).c_str());
    else
      want_number(body, fmt::format("{}()", q).c_str());
    n->args.push_back(body);
    for (auto& r : range) n->args.push_back(r);
    --depth_;
    return n;
  }
  NodeP quantity(std::vector<std::string> path, size_t p) {
    auto n = make(Node::Kind::quantity, {}, p);
    n->call.path = std::move(path);
    n->call.pos = p;
    if (!eat('(')) fail(fmt::format("expected '(' after the quantity {}", fmt::join(n->call.path, ".")));
    if (!eat(')')) {
      do {
        const std::string opt = ident();
        QuantityCall::Arg a;
        a.name = opt;
        if (eat('=') && !peek("=")) {
          skip();
          if (i_ < s_.size() && (s_[i_] == '"' || s_[i_] == '\'')) {
            const char quote = s_[i_++];
            const size_t b = i_;
            while (i_ < s_.size() && s_[i_] != quote) ++i_;
            if (i_ >= s_.size()) fail("unterminated string");
            n->strings.emplace_back(std::string(s_.substr(b, i_ - b)));
            ++i_;
            n->args.push_back(nullptr);
          } else {
            NodeP v = sum();
            want_number(v, "a quantity's argument");
            n->strings.emplace_back(std::nullopt);
            n->args.push_back(v);
          }
        } else {
          a.flag = true;
          n->strings.emplace_back(std::nullopt);
          n->args.push_back(nullptr);
        }
        n->call.args.push_back(a);
      } while (eat(','));
      if (!eat(')')) fail("expected ')' or ',' (arguments are name=value or a flag name)");
    }
    if (i_ < s_.size() && s_[i_] == '.' && i_ + 1 < s_.size() && ident_start(s_[i_ + 1])) {
      ++i_;
      n->call.column = ident();
    }
    calls_.push_back(n->call);
    return n;
  }
  NodeP number() {
    const size_t b = i_;
    auto digits = [&] {
      while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
    };
    digits();
    if (i_ < s_.size() && s_[i_] == '.' && !(i_ + 1 < s_.size() && s_[i_ + 1] == '.')) ++i_, digits();
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      digits();
    }
    const std::string_view t = s_.substr(b, i_ - b);
    auto q = parse_exact_rational(t);
    if (!q) {
      const std::string bad(t);
      i_ = b;
      fail(fmt::format("malformed number \"{}\"", bad));
    }
    auto n = make(Node::Kind::number, {}, b + 1);
    n->value = *q;
    n->text = std::string(t);
    return n;
  }
};

// ---- evaluation ------------------------------------------------------------------------------

slong exact_bits(const Fmpq& q) { return fmpz_bits(fmpq_numref(q.x)) + fmpz_bits(fmpq_denref(q.x)); }

Value number_value(const Fmpq& q, slong prec) {
  Value v;
  v.exact = q;
  arb_set_exact(v.ball.x, q, prec);
  return v;
}

void finish_exact(Value& v, slong prec) {
  if (!v.exact) return;
  if (exact_bits(*v.exact) > kMaxExactBits) {
    v.exact.reset();
    return;
  }
  arb_set_exact(v.ball.x, *v.exact, prec);
}

bool exact_int(const Value& v, slong& out) {
  if (!v.exact || !fmpz_is_one(fmpq_denref(v.exact->x)) || !fmpz_fits_si(fmpq_numref(v.exact->x)))
    return false;
  out = fmpz_get_si(fmpq_numref(v.exact->x));
  return true;
}

Truth from_bool(bool b) { return b ? Truth::yes : Truth::no; }

Truth t_not(Truth t) { return t == Truth::unknown ? t : (t == Truth::yes ? Truth::no : Truth::yes); }

std::string show_value(const Value& v) {
  if (v.boolean) return v.truth == Truth::yes ? "true" : v.truth == Truth::no ? "false" : "unknown";
  if (v.exact) {
    std::string s = v.exact->str();
    if (s.size() <= 40) return s;
    char* c = arb_get_str(v.ball.x, 12, ARB_STR_NO_RADIUS);
    s = fmt::format("{} (exact, {} digits)", c, s.size());
    flint_free(c);
    return s;
  }
  return show_ball(v.ball.x);
}

struct Sink {
  std::vector<std::string> shown;
  std::string witness;
};

class Evaluator {
 public:
  Evaluator(const EvalOptions& o, Report* r) : o_(o), report_(r) {}

  Value eval(const Node& n, Sink* sink) {
    using K = Node::Kind;
    const slong prec = o_.prec;
    switch (n.kind) {
      case K::number:
        return number_value(n.value, prec);
      case K::boolean: {
        Value v;
        v.boolean = true;
        v.truth = from_bool(n.truth);
        return v;
      }
      case K::constant_pi: {
        Value v;
        arb_const_pi(v.ball.x, prec);
        return v;
      }
      case K::variable:
        return variable(n);
      case K::neg: {
        Value v = eval(*n.args[0], sink);
        arb_neg(v.ball.x, v.ball.x);
        if (v.exact) fmpq_neg(v.exact->x, v.exact->x);
        return v;
      }
      case K::add:
      case K::sub:
      case K::mul:
      case K::div:
        return arith(n, sink);
      case K::pow:
        return power(n, sink);
      case K::call:
        return call(n, sink);
      case K::cmp:
      case K::approx:
        return compare(n, sink);
      case K::logic_and:
      case K::logic_or: {
        const bool is_and = n.kind == K::logic_and;
        Value a = eval(*n.args[0], sink);
        Value r;
        r.boolean = true;
        // short circuit: false and _ = false, true or _ = true
        if (a.truth == (is_and ? Truth::no : Truth::yes)) return a;
        Value b = eval(*n.args[1], sink);
        if (b.truth == (is_and ? Truth::no : Truth::yes)) return b;
        r.truth = a.truth == Truth::unknown || b.truth == Truth::unknown ? Truth::unknown : a.truth;
        return r;
      }
      case K::logic_not: {
        Value a = eval(*n.args[0], sink);
        a.truth = t_not(a.truth);
        return a;
      }
      case K::quant:
        return quantifier(n, sink);
      case K::quantity:
        return quantity(n, sink);
    }
    throw std::logic_error("expr: unknown node");
  }

 private:
  const EvalOptions& o_;
  Report* report_;
  std::vector<std::pair<std::string, Value>> env_;
  size_t steps_ = 0;
  int quant_depth_ = 0;

  Value variable(const Node& n) {
    for (auto it = env_.rbegin(); it != env_.rend(); ++it)
      if (it->first == n.name) {
        Value v;
        arb_set(v.ball.x, it->second.ball.x);
        v.exact = it->second.exact;
        return v;
      }
    for (const auto& [name, q] : o_.bindings)
      if (name == n.name) return number_value(q, o_.prec);
    if (!o_.lookup)
      throw UsageError(fmt::format("expression, column {}: unknown name \"{}\"", n.pos, n.name));
    Value v;
    o_.lookup(v.ball.x, n.name, o_.prec);
    return v;
  }

  Value arith(const Node& n, Sink* sink) {
    using K = Node::Kind;
    Value a = eval(*n.args[0], sink), b = eval(*n.args[1], sink);
    Value r;
    const slong prec = o_.prec;
    if (n.kind == K::div && ((b.exact && fmpq_is_zero(b.exact->x)) || arb_is_zero(b.ball.x)))
      throw DomainError(fmt::format("expression, column {}: division by zero", n.pos));
    if (a.exact && b.exact && exact_bits(*a.exact) + exact_bits(*b.exact) <= kMaxExactBits) {
      r.exact = Fmpq();
      switch (n.kind) {
        case K::add:
          fmpq_add(r.exact->x, a.exact->x, b.exact->x);
          break;
        case K::sub:
          fmpq_sub(r.exact->x, a.exact->x, b.exact->x);
          break;
        case K::mul:
          fmpq_mul(r.exact->x, a.exact->x, b.exact->x);
          break;
        default:
          fmpq_div(r.exact->x, a.exact->x, b.exact->x);
          break;
      }
      finish_exact(r, prec);
      if (r.exact) return r;
    }
    switch (n.kind) {
      case K::add:
        arb_add(r.ball.x, a.ball.x, b.ball.x, prec);
        break;
      case K::sub:
        arb_sub(r.ball.x, a.ball.x, b.ball.x, prec);
        break;
      case K::mul:
        arb_mul(r.ball.x, a.ball.x, b.ball.x, prec);
        break;
      default:
        arb_div(r.ball.x, a.ball.x, b.ball.x, prec);
        break;
    }
    return r;
  }

  Value power(const Node& n, Sink* sink) {
    Value a = eval(*n.args[0], sink), b = eval(*n.args[1], sink);
    Value r;
    const slong prec = o_.prec;
    slong e = 0;
    if (exact_int(b, e)) {
      const bool zero_base = (a.exact && fmpq_is_zero(a.exact->x)) || arb_is_zero(a.ball.x);
      if (e < 0 && zero_base)
        throw DomainError(fmt::format("expression, column {}: 0 to a negative power", n.pos));
      if (a.exact && static_cast<double>(exact_bits(*a.exact)) * std::fabs(static_cast<double>(e)) <
                         static_cast<double>(kMaxExactBits)) {
        r.exact = Fmpq();
        fmpq_pow_si(r.exact->x, a.exact->x, e);
        finish_exact(r, prec);
        return r;
      }
      arb_pow_fmpz(r.ball.x, a.ball.x, Fmpz(e).x, prec);
      return r;
    }
    if (b.exact && fmpz_is_one(fmpq_denref(b.exact->x))) {  // a huge exact integer exponent
      arb_pow_fmpz(r.ball.x, a.ball.x, fmpq_numref(b.exact->x), prec);
      return r;
    }
    arb_pow(r.ball.x, a.ball.x, b.ball.x, prec);
    return r;
  }

  Value call(const Node& n, Sink* sink) {
    std::vector<Value> v;
    v.reserve(n.args.size());
    for (const auto& a : n.args) v.push_back(eval(*a, sink));
    const std::string& f = n.name;
    const slong prec = o_.prec;
    Value r;
    Value& x = v[0];
    if (f == "sqrt") {
      if (x.exact && fmpq_sgn(x.exact->x) >= 0 && fmpz_is_square(fmpq_numref(x.exact->x)) &&
          fmpz_is_square(fmpq_denref(x.exact->x))) {
        r.exact = Fmpq();
        fmpz_sqrt(fmpq_numref(r.exact->x), fmpq_numref(x.exact->x));
        fmpz_sqrt(fmpq_denref(r.exact->x), fmpq_denref(x.exact->x));
        finish_exact(r, prec);
      } else {
        arb_sqrt(r.ball.x, x.ball.x, prec);
      }
    } else if (f == "exp") {
      arb_exp(r.ball.x, x.ball.x, prec);
    } else if (f == "log" || f == "ln") {
      arb_log(r.ball.x, x.ball.x, prec);
    } else if (f == "log2" || f == "log10") {
      arb_log_base_ui(r.ball.x, x.ball.x, f == "log2" ? 2 : 10, prec);
    } else if (f == "abs") {
      arb_abs(r.ball.x, x.ball.x);
      if (x.exact) {
        r.exact = *x.exact;
        fmpq_abs(r.exact->x, r.exact->x);
      }
    } else if (f == "floor" || f == "ceil") {
      if (x.exact) {
        r.exact = Fmpq();
        if (f == "floor")
          fmpz_fdiv_q(fmpq_numref(r.exact->x), fmpq_numref(x.exact->x), fmpq_denref(x.exact->x));
        else
          fmpz_cdiv_q(fmpq_numref(r.exact->x), fmpq_numref(x.exact->x), fmpq_denref(x.exact->x));
        finish_exact(r, prec);
      } else if (f == "floor") {
        arb_floor(r.ball.x, x.ball.x, prec);
      } else {
        arb_ceil(r.ball.x, x.ball.x, prec);
      }
    } else if (f == "gamma") {
      slong k = 0;
      if (exact_int(x, k) && k <= 0)
        throw DomainError(fmt::format("expression, column {}: gamma has a pole at {}", n.pos, k));
      if (exact_int(x, k) && k <= 100000) {
        r.exact = Fmpq();
        fmpz_fac_ui(fmpq_numref(r.exact->x), static_cast<ulong>(k - 1));
        finish_exact(r, prec);
      } else {
        arb_gamma(r.ball.x, x.ball.x, prec);
      }
    } else if (f == "binom") {
      binom(r, v[0], v[1], prec);
    } else {  // min / max
      const bool all_exact =
          std::all_of(v.begin(), v.end(), [](const Value& y) { return y.exact.has_value(); });
      if (all_exact) {
        r.exact = *v[0].exact;
        for (size_t i = 1; i < v.size(); ++i) {
          const int c = fmpq_cmp(v[i].exact->x, r.exact->x);
          if ((f == "min" && c < 0) || (f == "max" && c > 0)) r.exact = *v[i].exact;
        }
        finish_exact(r, prec);
      } else {
        arb_set(r.ball.x, v[0].ball.x);
        for (size_t i = 1; i < v.size(); ++i) {
          if (f == "min")
            arb_min(r.ball.x, r.ball.x, v[i].ball.x, prec);
          else
            arb_max(r.ball.x, r.ball.x, v[i].ball.x, prec);
        }
      }
    }
    return r;
  }

  // binom(n, k): exact for integers n and 0 <= k <= 10^6 (negative n by the reflection
  // binom(n, k) = (-1)^k binom(k - n - 1, k)); otherwise Gamma(n+1) / (Gamma(k+1) Gamma(n-k+1)).
  static void binom(Value& r, const Value& nv, const Value& kv, slong prec) {
    slong n = 0, k = 0;
    const bool ni = exact_int(nv, n), ki = exact_int(kv, k);
    if (ki && k < 0) {
      r = number_value(Fmpq(0, 1), prec);
      return;
    }
    if (ni && ki && k <= 1000000) {
      ulong top = 0;
      bool negate = false;
      if (n >= 0) {
        if (k > n) {
          r = number_value(Fmpq(0, 1), prec);
          return;
        }
        top = static_cast<ulong>(n);
      } else {
        top = static_cast<ulong>(k) + static_cast<ulong>(-(n + 1));
        negate = k % 2 == 1;
      }
      const double bits = static_cast<double>(k) * std::log2(static_cast<double>(top) + 1.0);
      if (bits < static_cast<double>(kMaxExactBits)) {
        r.exact = Fmpq();
        fmpz_bin_uiui(fmpq_numref(r.exact->x), top, static_cast<ulong>(k));
        if (negate) fmpq_neg(r.exact->x, r.exact->x);
        finish_exact(r, prec);
        return;
      }
    }
    if (ki && k <= 1000000) {
      arb_bin_ui(r.ball.x, nv.ball.x, static_cast<ulong>(k), prec);
      return;
    }
    Arb a, b, c;
    arb_add_ui(a.x, nv.ball.x, 1, prec);
    arb_gamma(a.x, a.x, prec);
    arb_add_ui(b.x, kv.ball.x, 1, prec);
    arb_rgamma(b.x, b.x, prec);
    arb_sub(c.x, nv.ball.x, kv.ball.x, prec);
    arb_add_ui(c.x, c.x, 1, prec);
    arb_rgamma(c.x, c.x, prec);
    arb_mul(r.ball.x, a.x, b.x, prec);
    arb_mul(r.ball.x, r.ball.x, c.x, prec);
  }

  static Truth cmp_truth(const std::string& op, const Value& a, const Value& b, bool& exact) {
    exact = a.exact && b.exact;
    if (exact) {
      const int c = fmpq_cmp(a.exact->x, b.exact->x);
      if (op == "<") return from_bool(c < 0);
      if (op == "<=") return from_bool(c <= 0);
      if (op == ">") return from_bool(c > 0);
      if (op == ">=") return from_bool(c >= 0);
      if (op == "==") return from_bool(c == 0);
      return from_bool(c != 0);
    }
    const arb_struct* x = a.ball.x;
    const arb_struct* y = b.ball.x;
    auto tri = [](int yes, int no) { return yes ? Truth::yes : no ? Truth::no : Truth::unknown; };
    if (op == "<") return tri(arb_lt(x, y), arb_ge(x, y));
    if (op == "<=") return tri(arb_le(x, y), arb_gt(x, y));
    if (op == ">") return tri(arb_gt(x, y), arb_le(x, y));
    if (op == ">=") return tri(arb_ge(x, y), arb_lt(x, y));
    if (op == "==") return tri(arb_eq(x, y), arb_ne(x, y));
    return tri(arb_ne(x, y), arb_eq(x, y));
  }

  // |a - b| <= t, three-valued (exact when both are exact)
  static Truth within(const Value& a, const Value& b, const Value& t, slong prec) {
    if (a.exact && b.exact && t.exact) {
      Fmpq d;
      fmpq_sub(d.x, a.exact->x, b.exact->x);
      fmpq_abs(d.x, d.x);
      return from_bool(fmpq_cmp(d.x, t.exact->x) <= 0);
    }
    Arb d;
    arb_sub(d.x, a.ball.x, b.ball.x, prec);
    arb_abs(d.x, d.x);
    return arb_le(d.x, t.ball.x) ? Truth::yes : arb_gt(d.x, t.ball.x) ? Truth::no : Truth::unknown;
  }

  // The printed-digit rules for a literal b (text as written, sign included).
  static Truth printed_rule(bool truncate, const Value& a, const Node& lit, bool negative, slong prec) {
    const std::string& s = lit.text;
    const auto e = s.find_first_of("eE");
    const std::string mant = s.substr(0, e);
    const auto dot = mant.find('.');
    long scale = dot == std::string::npos ? 0 : -static_cast<long>(mant.size() - dot - 1);
    if (e != std::string::npos) scale += std::stol(s.substr(e + 1));
    Fmpq ulp(1, 1), p = lit.value;
    {
      Fmpz ten(10);
      Fmpz pw;
      fmpz_pow_ui(pw.x, ten.x, static_cast<ulong>(std::labs(scale)));
      if (scale >= 0)
        fmpq_set_fmpz_frac(ulp.x, pw.x, Fmpz(1).x);
      else
        fmpq_set_fmpz_frac(ulp.x, Fmpz(1).x, pw.x);
    }
    if (negative) fmpq_neg(p.x, p.x);
    Fmpq lo, hi;  // the interval of values the digits stand for
    if (!truncate) {
      Fmpq half;
      fmpq_div_2exp(half.x, ulp.x, 1);
      fmpq_sub(lo.x, p.x, half.x);
      fmpq_add(hi.x, p.x, half.x);
    } else if (!negative) {
      lo = p;
      fmpq_add(hi.x, p.x, ulp.x);
    } else {
      fmpq_sub(lo.x, p.x, ulp.x);
      hi = p;
    }
    // rounding: closed [lo, hi]; truncation: [p, p + ulp) or (p - ulp, p]
    const bool lo_open = truncate && negative, hi_open = truncate && !negative;
    if (a.exact) {
      const int cl = fmpq_cmp(a.exact->x, lo.x), ch = fmpq_cmp(a.exact->x, hi.x);
      return from_bool((lo_open ? cl > 0 : cl >= 0) && (hi_open ? ch < 0 : ch <= 0));
    }
    Arb l, h;
    arb_set_exact(l.x, lo, prec);
    arb_set_exact(h.x, hi, prec);
    const bool in = (lo_open ? arb_gt(a.ball.x, l.x) : arb_ge(a.ball.x, l.x)) &&
                    (hi_open ? arb_lt(a.ball.x, h.x) : arb_le(a.ball.x, h.x));
    const bool out = (lo_open ? arb_le(a.ball.x, l.x) : arb_lt(a.ball.x, l.x)) ||
                     (hi_open ? arb_ge(a.ball.x, h.x) : arb_gt(a.ball.x, h.x));
    return in ? Truth::yes : out ? Truth::no : Truth::unknown;
  }

  Value compare(const Node& n, Sink* sink) {
    Value a = eval(*n.args[0], sink), b = eval(*n.args[1], sink);
    Value r;
    r.boolean = true;
    const slong prec = o_.prec;
    Grade g;
    std::string op = n.name;
    if (n.kind == Node::Kind::cmp) {
      bool exact = false;
      r.truth = cmp_truth(n.name, a, b, exact);
      if (r.truth != Truth::unknown) {
        if (n.name == "==" || n.name == "!=")
          g.exact = exact;
        else if (exact)
          g.exact = true;  // an inequality between exact numbers is decided exactly
        else
          g.bound = true;
      }
    } else {
      op = "~=";
      const Node& rhs = *n.args[1];
      const Node* lit = rhs.kind == Node::Kind::number ? &rhs
                        : rhs.kind == Node::Kind::neg  ? rhs.args[0].get()
                                                       : nullptr;
      if (lit != nullptr && lit->kind != Node::Kind::number) lit = nullptr;
      const bool negative = rhs.kind == Node::Kind::neg;
      bool exact = false;
      const Truth eq = cmp_truth("==", a, b, exact);
      const Truth rounds = lit ? printed_rule(false, a, *lit, negative, prec) : Truth::unknown;
      if (n.name == "round") {
        r.truth = rounds;
      } else if (n.name == "truncate") {
        r.truth = printed_rule(true, a, *lit, negative, prec);
      } else {
        Value t = eval(*n.args[2], sink);
        // a tolerance is a size: [rel=-1] would make every claim false, not state one
        if ((t.exact && fmpq_sgn(t.exact->x) < 0) || arb_is_negative(t.ball.x))
          throw UsageError(fmt::format("expression, column {}: the tolerance [{}=...] must be >= 0, got {}",
                                       n.pos, n.name, show_value(t)));
        if (n.name == "rel") {
          Value s;
          arb_abs(s.ball.x, b.ball.x);
          arb_mul(s.ball.x, s.ball.x, t.ball.x, prec);
          if (b.exact && t.exact) {
            s.exact = *b.exact;
            fmpq_abs(s.exact->x, s.exact->x);
            fmpq_mul(s.exact->x, s.exact->x, t.exact->x);
          }
          r.truth = within(a, b, s, prec);
        } else {
          r.truth = within(a, b, t, prec);
        }
      }
      if (r.truth == Truth::yes) {
        if (eq == Truth::yes)
          g.exact = true;
        else if (rounds == Truth::yes)
          g.rounding = true;
        else if (n.name == "truncate")
          g.truncation = true;
        else
          g.tolerances.push_back(fmt::format("{}={}", n.name, n.text));
      }
    }
    if (report_ != nullptr && r.truth == Truth::yes) report_->grade.merge(g);
    if (sink != nullptr && sink->shown.size() < 6) {
      const std::string rule = n.kind == Node::Kind::approx ? (n.name == "rel" || n.name == "abs"
                                                                   ? fmt::format(" [{}={}]", n.name, n.text)
                                                                   : fmt::format(" [{}]", n.name))
                                                            : "";
      auto as_written = [](const Node& x, const Value& v) {
        if (x.kind == Node::Kind::number) return x.text;
        if (x.kind == Node::Kind::neg && x.args[0]->kind == Node::Kind::number) return "-" + x.args[0]->text;
        return show_value(v);
      };
      sink->shown.push_back(fmt::format("{} {} {}{}: {}", as_written(*n.args[0], a), op,
                                        as_written(*n.args[1], b), rule,
                                        r.truth == Truth::yes  ? "true"
                                        : r.truth == Truth::no ? "false"
                                                               : "undecided"));
    }
    return r;
  }

  /// Refuses a quantifier whose measured cost per value, times the values left, exceeds the time
  /// left: `sum(l in 0..999999: sphere.sign-coef(...))` is refused after its first values, with
  /// the estimate, rather than stopped by the deadline after the whole budget is spent.
  static void project_cost(const Node& n, double started, size_t done, size_t total) {
    limits::poll("expression");
    const double spent = limits::elapsed() - started;
    if (done < 3 || spent < 0.25 || !limits::deadline_enabled()) return;
    const double left = limits::time_budget() - limits::elapsed();
    const double need = spent / static_cast<double>(done) * static_cast<double>(total - done);
    if (need > left)
      throw ResourceError(fmt::format(
          "expression, column {}: the quantifier over {} needs about {:.3g} s more for {} values ({:.2g} s "
          "each, measured on the first {}), beyond the {:.3g} s left of the time limit (raise --max-seconds)",
          n.pos, n.var, need, total - done, spent / static_cast<double>(done), done, std::max(left, 0.0)));
  }

  Value quantifier(const Node& n, Sink* sink) {
    const std::string& q = n.name;
    std::vector<Value> items;
    if (n.list) {
      for (size_t i = 1; i < n.args.size(); ++i) items.push_back(eval(*n.args[i], sink));
    } else {
      Value lo = eval(*n.args[1], sink), hi = eval(*n.args[2], sink);
      slong a = 0, b = 0;
      if (!exact_int(lo, a) || !exact_int(hi, b))
        throw UsageError(fmt::format("expression, column {}: a range lo..hi needs exact integers, got {}..{}",
                                     n.pos, show_value(lo), show_value(hi)));
      if (b >= a && static_cast<double>(b) - static_cast<double>(a) >= static_cast<double>(kMaxRange))
        throw ResourceError(fmt::format("expression, column {}: the range {}..{} has more than {} values",
                                        n.pos, a, b, kMaxRange));
      for (slong i = a; i <= b; ++i) items.push_back(number_value(Fmpq(i, 1), o_.prec));
    }
    Value r;
    r.boolean = q == "all" || q == "any";
    if (r.boolean) r.truth = q == "all" ? Truth::yes : Truth::no;
    bool first = true;
    std::string unknown_witness;
    ++quant_depth_;
    const double started = limits::elapsed();
    size_t done = 0;
    for (const Value& it : items) {
      if (++steps_ > kMaxSteps)
        throw ResourceError(fmt::format("expression: more than {} quantifier steps", kMaxSteps));
      if (done > 0) project_cost(n, started, done, items.size());
      ++done;
      Value bound;
      arb_set(bound.ball.x, it.ball.x);
      bound.exact = it.exact;
      env_.emplace_back(n.var, bound);
      Sink local;
      Value v;
      try {
        v = eval(*n.args[0], &local);
      } catch (...) {
        env_.pop_back();
        --quant_depth_;
        throw;
      }
      env_.pop_back();
      auto where = [&] {
        return fmt::format(
            "at {} = {}: {}", n.var, show_value(it),
            local.witness.empty() ? fmt::format("{}", fmt::join(local.shown, "; ")) : local.witness);
      };
      if (r.boolean) {
        const Truth stop = q == "all" ? Truth::no : Truth::yes;
        if (v.truth == stop) {
          r.truth = stop;
          if (sink != nullptr) sink->witness = where();
          --quant_depth_;
          return r;
        }
        if (v.truth == Truth::unknown && r.truth != Truth::unknown) {
          r.truth = Truth::unknown;
          unknown_witness = where();
        }
        continue;
      }
      if (first) {
        arb_set(r.ball.x, v.ball.x);
        r.exact = v.exact;
        first = false;
        continue;
      }
      const bool both = r.exact && v.exact;
      if (q == "min" || q == "max") {
        if (both) {
          const int c = fmpq_cmp(v.exact->x, r.exact->x);
          if ((q == "min" && c < 0) || (q == "max" && c > 0)) r.exact = v.exact;
        } else {
          r.exact.reset();
          if (q == "min")
            arb_min(r.ball.x, r.ball.x, v.ball.x, o_.prec);
          else
            arb_max(r.ball.x, r.ball.x, v.ball.x, o_.prec);
        }
      } else {
        if (both && exact_bits(*r.exact) + exact_bits(*v.exact) <= kMaxExactBits) {
          if (q == "sum")
            fmpq_add(r.exact->x, r.exact->x, v.exact->x);
          else
            fmpq_mul(r.exact->x, r.exact->x, v.exact->x);
        } else {
          r.exact.reset();
          if (q == "sum")
            arb_add(r.ball.x, r.ball.x, v.ball.x, o_.prec);
          else
            arb_mul(r.ball.x, r.ball.x, v.ball.x, o_.prec);
        }
      }
      finish_exact(r, o_.prec);
    }
    --quant_depth_;
    if (r.boolean && r.truth == Truth::unknown && sink != nullptr) sink->witness = unknown_witness;
    if (r.boolean && r.truth != Truth::unknown && sink != nullptr && sink->shown.size() < 6)
      sink->shown.push_back(fmt::format("{}({} in {} values): {}", q, n.var, items.size(),
                                        q == "all" ? "every one true" : "none true"));
    if (!r.boolean && first) {  // an empty range
      if (q == "sum") return number_value(Fmpq(0, 1), o_.prec);
      if (q == "prod") return number_value(Fmpq(1, 1), o_.prec);
      throw DomainError(fmt::format("expression, column {}: {}() over an empty range", n.pos, q));
    }
    return r;
  }

  Value quantity(const Node& n, Sink* sink) {
    if (!o_.resolve)
      throw UsageError(fmt::format("expression, column {}: quantities ({}) are not available here", n.pos,
                                   fmt::join(n.call.path, ".")));
    QuantityCall c = n.call;
    for (size_t i = 0; i < c.args.size(); ++i) {
      if (c.args[i].flag) continue;
      if (n.strings[i]) {
        c.args[i].value = *n.strings[i];
        continue;
      }
      Value v = eval(*n.args[i], sink);
      if (!v.exact)
        throw UsageError(fmt::format("expression, column {}: argument {} of {} must be exact, got {}", n.pos,
                                     c.args[i].name, fmt::join(c.path, "."), show_value(v)));
      c.args[i].value = v.exact->str();
    }
    Quantity q;
    o_.resolve(q, c, o_.digits, o_.prec);
    Value v;
    arb_set(v.ball.x, q.ball.x);
    v.exact = q.exact;
    if (v.exact) finish_exact(v, o_.prec);
    if (q.uncertified && report_ != nullptr) report_->grade.uncertified = true;
    return v;
  }
};

}  // namespace

std::string QuantityCall::text() const {
  std::vector<std::string> parts;
  for (const auto& a : args) parts.push_back(a.flag ? a.name : fmt::format("{}={}", a.name, a.value));
  return fmt::format("{}({}){}{}", fmt::join(path, "."), fmt::join(parts, ", "), column.empty() ? "" : ".",
                     column);
}

std::string show_ball(const arb_t x, long digits) {
  if (!arb_is_finite(x)) return "[+/- inf]";
  if (arb_is_exact(x)) {
    char* s = arb_get_str(x, digits, ARB_STR_NO_RADIUS);
    std::string out(s);
    flint_free(s);
    return out;
  }
  char* s = arb_get_str(x, digits, 0);
  std::string out(s);
  flint_free(s);
  return out;
}

Expr Expr::parse(std::string_view text) {
  if (text.size() > 10000)
    throw ParseError("expression longer than 10000 characters", 1, "longer than 10000 characters");
  Expr e;
  e.text_ = std::string(text);
  Parser p(text, e.vars_, e.calls_);
  e.root_ = p.parse_all();
  return e;
}

bool Expr::boolean() const { return root_->is_bool; }

void Expr::eval(arb_t res, const Lookup& lookup, slong prec) const {
  if (root_->is_bool)
    throw UsageError(fmt::format("expression \"{}\" is a truth value, not a number", text_));
  EvalOptions o;
  o.lookup = lookup;
  o.prec = prec;
  Evaluator ev(o, nullptr);
  Value v = ev.eval(*root_, nullptr);
  arb_set(res, v.ball.x);
}

Value Expr::evaluate(const EvalOptions& opt, Report* report) const {
  Evaluator ev(opt, report);
  Sink sink;
  Value v = ev.eval(*root_, &sink);
  if (report != nullptr) {
    report->shown = std::move(sink.shown);
    report->witness = std::move(sink.witness);
    if (!root_->is_bool) report->shown.push_back(show_value(v));
  }
  return v;
}

}  // namespace bc::expr
