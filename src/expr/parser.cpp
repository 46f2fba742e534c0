// The syntactic stage of the expression language: recursive descent over the grammar in
// expr/expr.hpp, one member per production, one token of look-ahead (expr/lexer.cpp).
// Types are checked here, so a truth value where a number is needed (or the reverse) is a parse
// error with its column, before anything is evaluated.
// Cost: O(length); nesting is limited to 200 levels.
#include "expr/detail.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <iterator>

namespace bc::expr::detail {

namespace {

const char* const kFuncs[] = {"sqrt",  "exp",  "log",   "ln",    "log2", "log10", "abs",
                              "floor", "ceil", "gamma", "binom", "min",  "max"};
const char* const kQuants[] = {"all", "any", "min", "max", "sum", "prod"};
const char* const kKeywords[] = {"and", "or", "not", "in", "true", "false", "is", "as"};
const char* const kOrders[] = {"O", "Omega", "Theta"};

bool is_one_of(const std::string& s, const auto& list) {
  return std::any_of(std::begin(list), std::end(list), [&](const char* f) { return s == f; });
}

class Parser {
 public:
  Parser(std::string_view s, std::vector<std::string>& vars, std::vector<QuantityCall>& calls)
      : sc_(s), vars_(vars), calls_(calls) {}

  NodeP parse_all() {
    NodeP n = expr();
    if (!sc_.at_end()) sc_.fail(fmt::format("unexpected '{}'", sc_.current()));
    return n;
  }

 private:
  Scanner sc_;
  std::vector<std::string>& vars_;
  std::vector<QuantityCall>& calls_;
  std::vector<std::string> bound_;  // quantifier variables in scope
  int depth_ = 0;

  void enter() {
    if (++depth_ > kMaxDepth) sc_.fail("nested too deeply");
  }
  static std::shared_ptr<Node> make(Node::Kind k, std::vector<NodeP> args, size_t pos, bool is_bool = false) {
    auto n = std::make_shared<Node>();
    n->kind = k;
    n->args = std::move(args);
    n->pos = pos;
    n->is_bool = is_bool;
    return n;
  }
  void want_number(const NodeP& n, const std::string& where) const {
    if (n->is_bool) sc_.fail_at(n->pos, fmt::format("{} needs a number, got a truth value", where));
  }
  void want_truth(const NodeP& n, const std::string& where) const {
    if (!n->is_bool)
      sc_.fail_at(n->pos, fmt::format("{} needs a truth value (a comparison), got a number", where));
  }

  NodeP expr() {
    enter();
    NodeP n = logic_or();
    --depth_;
    return n;
  }
  // or := and ('or' and)*   and := not ('and' not)*
  NodeP logic_binary(bool is_or) {
    NodeP a = is_or ? logic_binary(false) : logic_not();
    const char* word = is_or ? "or" : "and";
    for (;;) {
      const size_t p = sc_.column();
      if (!sc_.eat_word(word)) return a;
      NodeP b = is_or ? logic_binary(false) : logic_not();
      want_truth(a, fmt::format("'{}'", word));
      want_truth(b, fmt::format("'{}'", word));
      a = make(is_or ? Node::Kind::logic_or : Node::Kind::logic_and, {a, b}, p, true);
    }
  }
  NodeP logic_or() { return logic_binary(true); }
  NodeP logic_not() {
    const size_t p = sc_.column();
    if (sc_.eat_word("not")) {
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
      if (sc_.eat(op)) return op;
    return {};
  }
  NodeP comparison() {
    const size_t vars_before = vars_.size();
    const size_t a0 = sc_.column() - 1;
    NodeP a = sum();
    const std::string a_text = sc_.since(a0);
    const size_t p = sc_.column();
    if (sc_.eat_word("is")) return asymptotic(a, a_text, p, vars_before, true);
    if (sc_.peek("~") && !sc_.peek("~=")) {
      (void)sc_.eat('~');
      return asymptotic(a, a_text, p, vars_before, false);
    }
    const std::string op = cmp_op();
    if (op.empty()) {
      if (sc_.peek("=") && !sc_.peek("=="))
        sc_.fail("'=' is not a comparison: write '==' (or name=value inside a quantity's parentheses)");
      return a;
    }
    NodeP b = sum();
    want_number(a, fmt::format("'{}'", op));
    want_number(b, fmt::format("'{}'", op));
    std::shared_ptr<Node> n;
    if (op == "~=") {
      n = make(Node::Kind::approx, {a, b}, p, true);
      approx_rule(*n, b);
    } else {
      n = make(Node::Kind::cmp, {a, b}, p, true);
      n->name = op;
    }
    n->strings = {a_text};  // the left side as written: the claim's subject (Expr::subject)
    const size_t q = sc_.column();
    if (!cmp_op().empty()) sc_.fail_at(q, "comparisons do not chain: write 'a < b and b < c'");
    return n;
  }
  // '~=' sum ['[' tol ']'];  tol := 'round' | 'truncate' | 'rel' '=' sum | 'abs' '=' sum
  void approx_rule(Node& n, const NodeP& rhs) {
    n.name = "round";
    if (sc_.eat('[')) {
      const size_t tp = sc_.column();
      std::string rule = sc_.ident();
      if (rule == "rel" || rule == "abs") {
        if (!sc_.eat('=')) sc_.fail(fmt::format("expected '=' after '{}'", rule));
        const size_t b0 = sc_.column() - 1;
        NodeP t = sum();
        want_number(t, rule);
        n.text = sc_.since(b0);
        n.args.push_back(t);
      } else if (rule != "round" && rule != "truncate") {
        sc_.fail_at(tp, fmt::format("unknown tolerance \"{}\" (round, truncate, rel=X, abs=X)", rule));
      }
      n.name = rule;
      if (!sc_.eat(']')) sc_.fail("expected ']'");
    }
    if ((n.name == "round" || n.name == "truncate") && !literal(rhs))
      sc_.fail_at(rhs->pos,
                  "'~=' reads the printed digits of a decimal literal on its right; give one, or a "
                  "tolerance [rel=X] / [abs=X]");
  }
  static const Node* literal(const NodeP& n) {
    if (n->kind == Node::Kind::number) return n.get();
    if (n->kind == Node::Kind::neg && n->args[0]->kind == Node::Kind::number) return n->args[0].get();
    return nullptr;
  }
  // g 'is' ORDER '(' f ')' 'as' NAME 'in' range ['[' 'slope' '=' sum ']']  or  g '~' f 'as' ...
  // args = {g, f, slope tolerance, range...}; the variable is bound in g and f.
  NodeP asymptotic(const NodeP& g, const std::string& g_text, size_t p, size_t vars_before, bool order) {
    enter();
    auto n = make(Node::Kind::asym, {}, p, true);
    if (order) {
      const size_t op = sc_.column();
      n->name = sc_.at_ident() ? sc_.ident() : std::string();
      if (!is_one_of(n->name, kOrders)) sc_.fail_at(op, "expected O(f), Omega(f) or Theta(f) after 'is'");
      if (!sc_.eat('(')) sc_.fail(fmt::format("expected '(' after {}", n->name));
    } else {
      n->name.assign(1, '~');  // (= "~" makes GCC 12 warn of a bogus memcpy bound here)
    }
    const size_t f0 = sc_.column() - 1;
    NodeP f = sum();
    n->strings = {g_text, sc_.since(f0)};
    if (order && !sc_.eat(')')) sc_.fail("expected ')'");
    want_number(g, fmt::format("'{}'", order ? "is " + n->name : "~"));
    want_number(f, fmt::format("'{}'", order ? n->name + "()" : "~"));
    if (!sc_.eat_word("as")) sc_.fail("expected 'as NAME in RANGE' (the variable that tends to infinity)");
    n->var = sc_.ident();
    if (!sc_.eat_word("in")) sc_.fail("expected 'in' after the variable");
    std::vector<NodeP> range = parse_range(*n);
    NodeP slope;
    if (sc_.eat('[')) {
      const size_t tp = sc_.column();
      if (sc_.ident() != "slope" || !sc_.eat('=')) sc_.fail_at(tp, "expected [slope=X], the trend tolerance");
      const size_t b0 = sc_.column() - 1;
      slope = sum();
      want_number(slope, "slope");
      n->text = sc_.since(b0);
      if (!sc_.eat(']')) sc_.fail("expected ']'");
    } else {
      auto d = make(Node::Kind::number, {}, p);
      d->value = Fmpq(1, 20);
      d->text = "1/20";
      slope = d;
      n->text = "1/20";
    }
    // the variable is bound here, not free: forget it if g or f introduced it
    auto it = std::find(vars_.begin(), vars_.end(), n->var);
    if (it != vars_.end() && static_cast<size_t>(it - vars_.begin()) >= vars_before) vars_.erase(it);
    n->args = {g, f, slope};
    for (auto& r : range) n->args.push_back(r);
    --depth_;
    return n;
  }
  // range := sum '..' sum | '{' sum (',' sum)* '}'  (sets n.list for a list)
  std::vector<NodeP> parse_range(Node& n) {
    std::vector<NodeP> range;
    if (sc_.eat('{')) {
      n.list = true;
      range.push_back(sum());
      while (sc_.eat(',')) range.push_back(sum());
      if (!sc_.eat('}')) sc_.fail("expected '}' or ','");
    } else {
      range.push_back(sum());
      if (!sc_.eat("..")) sc_.fail("expected '..' (a range lo..hi) or a list {a, b, ...}");
      range.push_back(sum());
    }
    for (const auto& r : range) want_number(r, "a range");
    return range;
  }
  // sum := term (('+' | '-') term)*
  NodeP sum() {
    NodeP a = term();
    for (;;) {
      const size_t p = sc_.column();
      Node::Kind k;
      if (sc_.eat('+'))
        k = Node::Kind::add;
      else if (sc_.eat('-'))
        k = Node::Kind::sub;
      else
        return a;
      NodeP b = term();
      want_number(a, k == Node::Kind::add ? "'+'" : "'-'");
      want_number(b, k == Node::Kind::add ? "'+'" : "'-'");
      a = make(k, {a, b}, p);
    }
  }
  // term := unary (('*' | '/') unary)*
  NodeP term() {
    NodeP a = unary();
    for (;;) {
      const size_t p = sc_.column();
      Node::Kind k;
      if (sc_.eat('*'))
        k = Node::Kind::mul;
      else if (sc_.eat('/'))
        k = Node::Kind::div;
      else
        return a;
      NodeP b = unary();
      want_number(a, k == Node::Kind::mul ? "'*'" : "'/'");
      want_number(b, k == Node::Kind::mul ? "'*'" : "'/'");
      a = make(k, {a, b}, p);
    }
  }
  // unary := ('-' | '+') unary | power
  NodeP unary() {
    const size_t p = sc_.column();
    const bool minus = sc_.eat('-');
    if (minus || sc_.eat('+')) {
      enter();
      NodeP a = unary();
      --depth_;
      want_number(a, minus ? "'-'" : "'+'");
      return minus ? make(Node::Kind::neg, {a}, p) : a;
    }
    return power();
  }
  // power := primary ['^' unary]
  NodeP power() {
    NodeP a = primary();
    const size_t p = sc_.column();
    if (sc_.eat('^')) {
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
    if (sc_.at_end()) sc_.fail("expected a number, a name or '('");
    const size_t p = sc_.column();
    if (sc_.eat('(')) {
      NodeP n = expr();
      if (!sc_.eat(')')) sc_.fail("expected ')'");
      return n;
    }
    if (sc_.at_number()) return number();
    if (!sc_.at_ident()) sc_.fail(fmt::format("unexpected '{}'", sc_.current()));
    const size_t b = sc_.offset();
    std::string name = sc_.ident();
    std::vector<std::string> rest = sc_.path_rest();  // a dotted name is a quantity: rank.heads
    if (!rest.empty()) {
      rest.insert(rest.begin(), name);
      return quantity(std::move(rest), p);
    }
    if (is_one_of(name, kKeywords)) {
      if (name == "true" || name == "false") {
        auto n = make(Node::Kind::boolean, {}, p, true);
        n->truth = name == "true";
        return n;
      }
      sc_.rewind(b);
      sc_.fail(fmt::format("unexpected '{}'", name));
    }
    if (sc_.eat('(')) return application(name, b, p);
    if (name == "pi") return make(Node::Kind::constant_pi, {}, p);
    auto n = make(Node::Kind::variable, {}, p);
    n->name = name;
    if (std::find(bound_.begin(), bound_.end(), name) == bound_.end() &&
        std::find(vars_.begin(), vars_.end(), name) == vars_.end())
      vars_.push_back(name);
    return n;
  }
  // NAME '(' after the '(': a quantifier (NAME 'in' ...) or a function call
  NodeP application(const std::string& name, size_t b, size_t p) {
    const size_t save = sc_.offset();
    if (is_one_of(name, kQuants)) {
      if (sc_.at_ident()) {
        std::string var = sc_.ident();
        if (sc_.eat_word("in")) return quantifier(name, var, p);
      }
      sc_.rewind(save);
      if (name == "all" || name == "any" || name == "sum" || name == "prod")
        sc_.fail(fmt::format("expected 'NAME in RANGE:' after {}(", name));
    }
    if (!is_one_of(name, kFuncs)) {
      sc_.rewind(b);
      sc_.fail(
          fmt::format("unknown function \"{}\" (sqrt exp log ln log2 log10 abs floor ceil gamma binom min "
                      "max; quantifiers all any min max sum prod; quantities are group.command(...))",
                      name));
    }
    std::vector<NodeP> args{expr()};
    while (sc_.eat(',')) args.push_back(expr());
    if (!sc_.eat(')')) sc_.fail("expected ')' or ','");
    for (const auto& a : args) want_number(a, fmt::format("{}()", name));
    const size_t arity = name == "binom" ? 2 : 1;
    if (name != "min" && name != "max" && args.size() != arity) {
      sc_.rewind(b);
      sc_.fail(
          fmt::format("{}() takes {} argument{}, got {}", name, arity, arity == 1 ? "" : "s", args.size()));
    }
    auto n = make(Node::Kind::call, std::move(args), p);
    n->name = name;
    return n;
  }
  // QUANT '(' NAME 'in' range ':' expr ')';  range := sum '..' sum | '{' sum (',' sum)* '}'
  NodeP quantifier(const std::string& q, const std::string& var, size_t p) {
    enter();
    auto n = make(Node::Kind::quant, {}, p, q == "all" || q == "any");
    n->name = q;
    n->var = var;
    std::vector<NodeP> range = parse_range(*n);
    if (!sc_.eat(':')) sc_.fail("expected ':' before the quantifier's body");
    bound_.push_back(var);
    NodeP body = expr();
    bound_.pop_back();
    if (!sc_.eat(')')) sc_.fail("expected ')'");
    if (q == "all" || q == "any")
      want_truth(body, fmt::format("{}()", q));
    else
      want_number(body, fmt::format("{}()", q));
    n->args.push_back(body);
    for (auto& r : range) n->args.push_back(r);
    --depth_;
    return n;
  }
  // An argument's name. The command line's spelling (l-max, search-alpha) is read as the one that
  // Python and specs share (l_max, search_alpha): a '-' between name characters, with no space, can
  // only join a name here, since an argument is NAME ['=' ...].
  std::string option_name() {
    std::string name = sc_.ident();
    const std::string_view t = sc_.text();
    auto joins = [&](size_t i) {  // "x-y": a '-' between a letter or digit and a letter
      return i + 1 < t.size() && t[i] == '-' && std::isalnum(static_cast<unsigned char>(t[i - 1])) &&
             std::isalpha(static_cast<unsigned char>(t[i + 1]));
    };
    for (size_t i = sc_.offset(); joins(i); i = sc_.offset()) {
      sc_.rewind(i + 1);
      name.push_back('_');
      name += sc_.ident();
    }
    return name;
  }

  // QUANTITY '(' [arg (',' arg)*] ')' ['.' NAME];  arg := NAME ['=' (sum | STRING)]
  NodeP quantity(std::vector<std::string> path, size_t p) {
    auto n = make(Node::Kind::quantity, {}, p);
    n->call.path = std::move(path);
    n->call.pos = p;
    if (!sc_.eat('('))
      sc_.fail(fmt::format("expected '(' after the quantity {}", fmt::join(n->call.path, ".")));
    if (!sc_.eat(')')) {
      do {
        QuantityCall::Arg a;
        a.name = option_name();
        if (sc_.eat('=') && !sc_.peek("=")) {
          if (sc_.at_quote()) {  // a constant: known at parse time (validation reads it)
            a.value = sc_.string_literal();
            n->strings.emplace_back(a.value);
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
      } while (sc_.eat(','));
      if (!sc_.eat(')')) sc_.fail("expected ')' or ',' (arguments are name=value or a flag name)");
    }
    n->call.column = sc_.column_suffix();
    calls_.push_back(n->call);
    return n;
  }
  NodeP number() {
    const size_t b = sc_.column();
    auto n = make(Node::Kind::number, {}, b);
    n->value = sc_.number(n->text);
    return n;
  }
};

}  // namespace

NodeP parse_tree(std::string_view text, std::vector<std::string>& vars, std::vector<QuantityCall>& calls) {
  if (text.size() > kMaxText)
    throw ParseError("expression longer than 10000 characters", 1, "longer than 10000 characters");
  Parser p(text, vars, calls);
  return p.parse_all();
}

namespace {
const char* kind_symbol(Node::Kind k) {
  using K = Node::Kind;
  switch (k) {
    case K::neg:
      return "neg";
    case K::add:
      return "+";
    case K::sub:
      return "-";
    case K::mul:
      return "*";
    case K::div:
      return "/";
    case K::pow:
      return "^";
    case K::logic_and:
      return "and";
    case K::logic_or:
      return "or";
    case K::logic_not:
      return "not";
    default:
      return "?";
  }
}
}  // namespace

std::string sexpr(const Node& n) {
  using K = Node::Kind;
  std::vector<std::string> parts;
  for (const auto& a : n.args) parts.push_back(a ? sexpr(*a) : std::string("_"));
  switch (n.kind) {
    case K::number:
      return n.value.str();
    case K::boolean:
      return n.truth ? "true" : "false";
    case K::constant_pi:
      return "pi";
    case K::variable:
      return n.name;
    case K::call:
    case K::cmp:
      return fmt::format("({} {})", n.name, fmt::join(parts, " "));
    case K::approx:
      return fmt::format("(~= {} {})", n.name, fmt::join(parts, " "));
    case K::quant:
    case K::asym:
      return fmt::format("({} {} {} {})", n.name, n.var, n.list ? "list" : "range", fmt::join(parts, " "));
    case K::quantity:
      return fmt::format("(quantity {} {})", n.call.text(), fmt::join(parts, " "));
    default:
      return fmt::format("({} {})", kind_symbol(n.kind), fmt::join(parts, " "));
  }
}

}  // namespace bc::expr::detail
