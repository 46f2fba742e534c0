// One [[claim]] of a catalogue file, read strictly (verify/catalogue.hpp, verify/published.hpp):
// an expression claim (expr, with an optional [claim.grid]), a quantity claim (quantity +
// published), or a method claim (method with [claim.params]); then what its verdict may say (kind,
// expect, evidence, untestable). Problems are collected, never thrown (verify/toml_read.hpp).
// Cost: O(size of the entry), plus parsing its expressions.
#include "verify/read_claim.hpp"
#include "verify/catalogue.hpp"
#include "verify/published.hpp"
#include "verify/toml_read.hpp"

#include <fmt/format.h>

namespace bc::verify::detail {

namespace {

const std::vector<std::string>& claim_keys() {
  static const std::vector<std::string> k{"id",   "claim",  "source",   "published", "tolerance",
                                          "expr", "method", "quantity", "params",    "grid",
                                          "kind", "expect", "evidence", "untestable"};
  return k;
}

nlohmann::json to_json(const toml::node& n) {
  if (auto t = n.as_table()) {
    nlohmann::json o = nlohmann::json::object();
    for (auto&& [k, v] : *t) o[std::string(k.str())] = to_json(v);
    return o;
  }
  if (auto a = n.as_array()) {
    nlohmann::json o = nlohmann::json::array();
    for (auto&& v : *a) o.push_back(to_json(v));
    return o;
  }
  if (auto v = n.as_string()) return v->get();
  if (auto v = n.as_integer()) return v->get();
  if (auto v = n.as_floating_point()) return v->get();
  if (auto v = n.as_boolean()) return v->get();
  return nullptr;
}

struct Ctx {
  const toml::table& t;
  Claim& c;
  Problems& p;
  [[nodiscard]] std::string what() const { return fmt::format("claim \"{}\"", c.id); }
  [[nodiscard]] Where at(const char* key) const {
    const toml::node* n = t.get(key);
    return n ? where_of(*n, c.file) : Where{c.file, c.line, 1};
  }
  void bad(const char* key, const std::string& rule) const {
    p.add(at(key), fmt::format("{}: {}", what(), rule));
  }
};

// Parses an expression field; a syntax error is a problem at its column. nullopt when it fails.
std::optional<expr::Expr> parse_at(const Ctx& x, const char* key, const std::string& text, long line,
                                   long col) {
  try {
    return expr::Expr::parse(text);
  } catch (const expr::ParseError& e) {
    x.p.add({x.c.file, line, col + static_cast<long>(e.column)}, fmt::format("{}: {}", x.what(), e.bare));
  }
  (void)key;
  return std::nullopt;
}

// [claim.grid]: variable -> values (integers, or exact numbers as strings).
void read_grid(const Ctx& x) {
  const toml::node* node = x.t.get("grid");
  if (node == nullptr) return;
  const auto* g = node->as_table();
  if (g == nullptr) return x.bad("grid", "grid must be a table of lists ([claim.grid] d = [16, 32])");
  for (auto&& [k, v] : *g) {
    const std::string key(k.str());
    const auto* vals = v.as_array();
    if (vals == nullptr || vals->empty()) {
      x.p.add(where_of(k, x.c.file), fmt::format("{}: grid.{} must be a non-empty list", x.what(), key));
      continue;
    }
    std::vector<std::string> out;
    for (auto&& e : *vals) {
      if (auto i = e.value<int64_t>(); i && e.is_integer())
        out.push_back(std::to_string(*i));
      else if (auto s = e.value<std::string>())
        out.push_back(*s);
      else
        x.p.add(where_of(e, x.c.file),
                fmt::format("{}: grid.{} takes integers or exact numbers as strings (\"1/10\"), not floats",
                            x.what(), key));
    }
    x.c.grid.emplace_back(key, std::move(out));
  }
}

// published = "..." checked against `subjects` (the values the claim computes, in order) under
// tolerance = RULE(S): the claim's published_check. False when something is malformed.
bool read_published(const Ctx& x, const std::vector<std::optional<std::string>>& subjects) {
  const auto numbers = published_numbers(x.c.published);
  if (numbers.empty()) {
    x.bad("published",
          fmt::format("published must be the number as the source prints it (45696, 1.88e-3, "
                      "sqrt(3)/2; several: \"5.37, 2.80e-2\"), checked against the computed value; "
                      "got {} (a statement goes in claim = \"...\")",
                      shown_text(x.c.published)));
    return false;
  }
  std::vector<std::string> subj;
  for (size_t i = 0; i < numbers.size(); ++i) {
    if (i >= subjects.size() || !subjects[i]) {
      x.bad("published",
            numbers.size() == 1
                ? "published needs one computed value to be checked against: write quantity = \"...\" with "
                  "published, or an expression whose first comparison's left side is that value"
                : fmt::format(
                      "published number {} ({}) has no comparison to be checked against: the i-th number "
                      "is read against the left side of the expression's i-th comparison joined by 'and'",
                      i + 1, numbers[i]));
      return false;
    }
    subj.push_back(*subjects[i]);
  }
  const auto tol = string_field(x.t, "tolerance", x.what(), x.c.file, x.p);
  std::string why;
  const auto rules = published_rules(tol.value_or(""), numbers, why);
  if (!why.empty()) {
    x.bad("tolerance", why);
    return false;
  }
  x.c.rule = fmt::format("{}", fmt::join(rules, ", "));
  x.c.tolerance = x.c.rule;
  x.c.published_check = published_check(subj, numbers, rules);
  return true;
}

// published = "..." of an expression claim: numbers, checked against the expression's subjects.
void read_published_of_expr(const Ctx& x, const expr::Expr& e) {
  const auto pub = string_field(x.t, "published", x.what(), x.c.file, x.p);
  if (!pub) {
    if (x.t.get("tolerance") != nullptr)
      x.bad("tolerance", "tolerance is the rule the published value is read with, and this claim has none");
    x.c.tolerance = "as the expression states (certified; ~= rules as written)";
    return;
  }
  x.c.published = *pub;
  if (!x.c.grid.empty()) return x.bad("published", "a published value is one number: a grid claim has many");
  (void)read_published(x, e.subjects());
}

void read_expression_claim(const Ctx& x, const toml::node& node) {
  Claim& c = x.c;
  if (!node.is_string() || node.as_string()->get().empty())
    return x.bad("expr", "expr must be a non-empty string");
  c.expr = node.as_string()->get();
  c.expr_line = static_cast<long>(node.source().begin.line);
  c.expr_col = static_cast<long>(node.source().begin.column);
  c.claim = string_field(x.t, "claim", x.what(), c.file, x.p).value_or(c.expr);
  c.source = string_field(x.t, "source", x.what(), c.file, x.p).value_or(c.file);
  read_grid(x);
  const auto e = parse_at(x, "expr", c.expr, c.expr_line, c.expr_col);
  if (!e) return;
  if (!e->boolean())
    return x.p.add(
        {c.file, c.expr_line, c.expr_col + 1},
        fmt::format("{}: the expression is a number, not a claim (compare it: <, <=, ==, ~=, ...; or "
                    "write quantity = \"...\" with published = \"...\")",
                    x.what()));
  for (const auto& v : e->variables()) {
    bool known = false;
    for (const auto& g : c.grid) known = known || g.first == v;
    if (!known)
      x.p.add(
          {c.file, c.expr_line, c.expr_col + 1},
          fmt::format("{}: unknown name \"{}\" (not a quantifier variable or a grid variable)", x.what(), v));
  }
  c.asymptotic = e->asymptotic();
  read_published_of_expr(x, *e);
}

// quantity = "..." with published = "...": the claim is the published check itself.
void read_quantity_claim(const Ctx& x, const toml::node& node) {
  Claim& c = x.c;
  if (!node.is_string() || node.as_string()->get().empty())
    return x.bad("quantity", "quantity must be a non-empty string (e.g. \"sphere.dim(d=64, l=3)\")");
  c.quantity = node.as_string()->get();
  for (const char* no : {"grid", "params"})
    if (x.t.get(no) != nullptr) x.bad(no, fmt::format("a quantity claim takes no {}", no));
  const auto pub = string_field(x.t, "published", x.what(), c.file, x.p);
  if (!pub) {
    if (x.t.get("published") != nullptr) return;  // present but not a string, or empty: said already
    return x.p.add(where_of(x.t, c.file), fmt::format("{}: quantity needs published = \"...\"", x.what()));
  }
  c.published = *pub;
  c.claim = string_field(x.t, "claim", x.what(), c.file, x.p).value_or(c.quantity + " = " + *pub);
  c.source = string_field(x.t, "source", x.what(), c.file, x.p).value_or(c.file);
  const long line = static_cast<long>(node.source().begin.line),
             col = static_cast<long>(node.source().begin.column);
  const auto q = parse_at(x, "quantity", c.quantity, line, col);
  if (!q) return;
  if (q->boolean())
    return x.bad("quantity", "quantity is a value (a number), not a claim: the claim is published");
  if (!q->variables().empty())
    return x.bad("quantity", fmt::format("unknown name \"{}\" in quantity", q->variables().front()));
  if (!read_published(x, {c.quantity})) return;
  c.expr = c.published_check;  // the claim is its check: evaluated as an expression claim
  c.expr_line = line;
  c.expr_col = col - 1;  // "(" precedes the quantity's text in the check
}

// [claim.params] against the method's declaration; an unknown method is read_catalogue's problem
// (with the names it could be), its params are kept as they are.
void read_method_params(const Ctx& x) {
  const auto m = registry().find(x.c.method);
  if (m == registry().end()) {
    if (const auto* params = x.t.get("params"); params && params->is_table()) x.c.params = to_json(*params);
    return;
  }
  if (auto j = read_params(x.t, m->second, x.c, x.p)) x.c.params = std::move(*j);
  // a method that grades a limit on a sequence is asymptotic, whatever the entry's kind says
  if (m->second.asymptotic()) x.c.asymptotic = true;
}

}  // namespace

std::optional<Claim> read_claim(const toml::table& t, const std::string& file, size_t index, Problems& p) {
  Claim c;
  c.file = file;
  c.line = static_cast<long>(t.source().begin.line);
  const auto id = string_field(t, "id", fmt::format("claim #{}", index), file, p);
  if (!id) {
    p.add(where_of(t, file), fmt::format("claim #{} lacks the field \"id\"", index));
    return std::nullopt;
  }
  c.id = *id;
  const Ctx x{t, c, p};
  check_keys(t, claim_keys(), x.what(), file, p);
  const size_t before = p.size();
  const int ways = (t.get("expr") ? 1 : 0) + (t.get("quantity") ? 1 : 0) + (t.get("method") ? 1 : 0);
  if (ways != 1) {
    p.add(where_of(t, file),
          fmt::format("{}: give exactly one of expr, quantity (with published) or method", x.what()));
    return std::nullopt;
  }
  if (const auto* e = t.get("expr")) {
    read_expression_claim(x, *e);
  } else if (const auto* q = t.get("quantity")) {
    read_quantity_claim(x, *q);
  } else {
    for (auto [key, dst] : {std::pair{"claim", &c.claim},
                            {"source", &c.source},
                            {"published", &c.published},
                            {"tolerance", &c.tolerance},
                            {"method", &c.method}}) {
      if (auto v = string_field(t, key, x.what(), file, p))
        *dst = *v;
      else if (t.get(key) == nullptr)
        p.add(where_of(t, file), fmt::format("{}: a method claim needs the field \"{}\"", x.what(), key));
    }
    read_method_params(x);
    if (t.get("grid") != nullptr) x.bad("grid", "a method claim takes params, not a grid");
  }
  read_verdict_fields(x.t, c, p);
  if (p.size() != before) return std::nullopt;
  return c;
}

}  // namespace bc::verify::detail
