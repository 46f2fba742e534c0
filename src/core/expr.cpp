// Expressions over named quantities: a recursive-descent parser (grammar in expr.hpp) and a ball
// evaluator. Cost: O(length) to parse; one Arb operation per node to evaluate.
#include "core/expr.hpp"

#include "core/decimal.hpp"
#include "core/flint.hpp"

#include <arb_hypgeom.h>
#include <fmt/format.h>

#include <cctype>

namespace bc::expr {

struct Node {
  enum class Kind { number, variable, unary_minus, add, sub, mul, div, pow, call } kind;
  Fmpq value;        // number
  std::string name;  // variable or function
  std::vector<std::shared_ptr<const Node>> args;
};

namespace {

using NodeP = std::shared_ptr<const Node>;

class Parser {
 public:
  Parser(std::string_view s, std::vector<std::string>& vars) : s_(s), vars_(vars) {}

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
  int depth_ = 0;

  [[noreturn]] void fail(const std::string& what) const {
    throw ParseError(fmt::format("expression \"{}\", column {}: {}", s_, i_ + 1, what), i_ + 1);
  }
  void skip() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  bool eat(char c) {
    skip();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  static NodeP make(Node::Kind k, std::vector<NodeP> args, std::string name = {}) {
    auto n = std::make_shared<Node>();
    n->kind = k;
    n->args = std::move(args);
    n->name = std::move(name);
    return n;
  }

  NodeP expr() {
    if (++depth_ > 200) fail("nested too deeply");
    NodeP a = term();
    for (;;) {
      if (eat('+'))
        a = make(Node::Kind::add, {a, term()});
      else if (eat('-'))
        a = make(Node::Kind::sub, {a, term()});
      else
        break;
    }
    --depth_;
    return a;
  }
  NodeP term() {
    NodeP a = power();
    for (;;) {
      if (eat('*'))
        a = make(Node::Kind::mul, {a, power()});
      else if (eat('/'))
        a = make(Node::Kind::div, {a, power()});
      else
        break;
    }
    return a;
  }
  NodeP power() {
    NodeP a = unary();
    if (eat('^')) {
      if (++depth_ > 200) fail("nested too deeply");
      a = make(Node::Kind::pow, {a, power()});
      --depth_;
    }
    return a;
  }
  NodeP unary() {
    if (eat('-')) {
      if (++depth_ > 200) fail("nested too deeply");
      NodeP n = make(Node::Kind::unary_minus, {unary()});
      --depth_;
      return n;
    }
    if (eat('+')) return unary();
    return primary();
  }
  NodeP primary() {
    skip();
    if (i_ >= s_.size()) fail("expected a number, a name or '('");
    const char c = s_[i_];
    if (c == '(') {
      ++i_;
      NodeP n = expr();
      if (!eat(')')) fail("expected ')'");
      return n;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') return number();
    if (std::isalpha(static_cast<unsigned char>(c))) {
      size_t b = i_;
      while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_')) ++i_;
      std::string name(s_.substr(b, i_ - b));
      if (eat('(')) {
        static const char* const kFuncs[] = {"sqrt",  "exp", "log", "ln", "log2",
                                             "log10", "abs", "min", "max"};
        bool known = false;
        for (const char* f : kFuncs) known = known || name == f;
        if (!known) {
          i_ = b;
          fail(fmt::format("unknown function \"{}\" (sqrt exp log ln log2 log10 abs min max)", name));
        }
        std::vector<NodeP> args{expr()};
        while (eat(',')) args.push_back(expr());
        if (!eat(')')) fail("expected ')' or ','");
        const bool variadic = name == "min" || name == "max";
        if (!variadic && args.size() != 1) {
          i_ = b;
          fail(fmt::format("{}() takes one argument, got {}", name, args.size()));
        }
        return make(Node::Kind::call, std::move(args), name);
      }
      if (name != "pi") {
        bool seen = false;
        for (auto& v : vars_) seen = seen || v == name;
        if (!seen) vars_.push_back(name);
      }
      return make(Node::Kind::variable, {}, name);
    }
    fail(fmt::format("unexpected '{}'", c));
  }
  NodeP number() {
    size_t b = i_;
    auto digits = [&] {
      while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
    };
    digits();
    if (i_ < s_.size() && s_[i_] == '.') ++i_, digits();
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      digits();
    }
    auto q = parse_exact_rational(s_.substr(b, i_ - b));
    if (!q) {
      i_ = b;
      fail(fmt::format("malformed number \"{}\"", s_.substr(b, i_ - b)));
    }
    auto n = std::make_shared<Node>();
    n->kind = Node::Kind::number;
    n->value = *q;
    return n;
  }
};

void eval_node(arb_t res, const Node& n, const Lookup& lookup, slong prec) {
  using K = Node::Kind;
  switch (n.kind) {
    case K::number:
      arb_set_exact(res, n.value, prec);
      return;
    case K::variable:
      if (n.name == "pi")
        arb_const_pi(res, prec);
      else
        lookup(res, n.name, prec);
      return;
    case K::unary_minus:
      eval_node(res, *n.args[0], lookup, prec);
      arb_neg(res, res);
      return;
    default:
      break;
  }
  std::vector<Arb> v(n.args.size());
  for (size_t i = 0; i < n.args.size(); ++i) eval_node(v[i].x, *n.args[i], lookup, prec);
  switch (n.kind) {
    case K::add:
      arb_add(res, v[0].x, v[1].x, prec);
      return;
    case K::sub:
      arb_sub(res, v[0].x, v[1].x, prec);
      return;
    case K::mul:
      arb_mul(res, v[0].x, v[1].x, prec);
      return;
    case K::div:
      if (arb_is_zero(v[1].x)) throw DomainError("expression: division by zero");
      arb_div(res, v[0].x, v[1].x, prec);
      return;
    case K::pow:
      if (arb_is_int(v[1].x) && arf_cmpabs_2exp_si(arb_midref(v[1].x), 62) < 0) {
        fmpz_t e;
        fmpz_init(e);
        arf_get_fmpz(e, arb_midref(v[1].x), ARF_RND_DOWN);
        if (fmpz_sgn(e) < 0 && arb_is_zero(v[0].x)) {
          fmpz_clear(e);
          throw DomainError("expression: 0 to a negative power");
        }
        arb_pow_fmpz(res, v[0].x, e, prec);
        fmpz_clear(e);
      } else {
        arb_pow(res, v[0].x, v[1].x, prec);
      }
      return;
    case K::call:
      break;
    default:
      return;
  }
  const std::string& f = n.name;
  if (f == "sqrt")
    arb_sqrt(res, v[0].x, prec);
  else if (f == "exp")
    arb_exp(res, v[0].x, prec);
  else if (f == "log" || f == "ln")
    arb_log(res, v[0].x, prec);
  else if (f == "log2" || f == "log10") {
    Arb b;
    arb_set_ui(b.x, f == "log2" ? 2 : 10);
    arb_log_base_ui(res, v[0].x, f == "log2" ? 2 : 10, prec);
  } else if (f == "abs")
    arb_abs(res, v[0].x);
  else {  // min / max
    arb_set(res, v[0].x);
    for (size_t i = 1; i < v.size(); ++i) {
      if (f == "min")
        arb_min(res, res, v[i].x, prec);
      else
        arb_max(res, res, v[i].x, prec);
    }
  }
}

}  // namespace

Expr Expr::parse(std::string_view text) {
  if (text.size() > 10000) throw ParseError("expression longer than 10000 characters", 1);
  Expr e;
  e.text_ = std::string(text);
  Parser p(text, e.vars_);
  e.root_ = p.parse_all();
  return e;
}

void Expr::eval(arb_t res, const Lookup& lookup, slong prec) const { eval_node(res, *root_, lookup, prec); }

}  // namespace bc::expr
