// One [[quantity]] or [[value]] of a catalogue file, read strictly (verify/definitions.hpp holds
// the schema). What needs the registry (the quantities an expression calls, cycles) is checked
// later, by check_catalogue. Problems are collected (verify/toml_read.hpp).
// Cost: O(size of the entry), plus parsing its expressions.
#include "expr/expr.hpp"
#include "verify/read_claim.hpp"

#include "core/decimal.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace bc::verify::detail {

namespace {

const std::vector<std::string>& quantity_keys() {
  static const std::vector<std::string> k{"name",        "params", "expr",    "source",
                                          "description", "domain", "default", "columns"};
  return k;
}

bool identifier(const std::string& s) {
  if (s.empty() || s.size() > 64 || !std::isalpha(static_cast<unsigned char>(s[0]))) return false;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// Names a parameter may not take: words of the expression language, and the global options every
// command takes (a parameter becomes an option of the same name).
bool reserved_param(const std::string& s) {
  static const std::vector<std::string> words{
      "and",         "or",        "not",          "in",         "true",      "false",   "is",     "as",
      "pi",          "O",         "Omega",        "Theta",      "digits",    "threads", "format", "output",
      "max_seconds", "certified", "double_check", "standalone", "catalogue", "help",    "version"};
  return std::find(words.begin(), words.end(), s) != words.end();
}

// An expression field of a definition: a number (not a truth value) over `allowed` names.
std::optional<expr::Expr> numeric_field(const toml::table& t, const char* key, const std::string& what,
                                        const std::string& file, Problems& p, Where& at,
                                        const std::vector<std::string>& allowed) {
  const auto text = string_field(t, key, what, file, p);
  if (!text) {
    if (t.get(key) == nullptr) p.add(where_of(t, file), fmt::format("{} lacks the field \"{}\"", what, key));
    return std::nullopt;
  }
  at = where_of(*t.get(key), file);
  try {
    expr::Expr e = expr::Expr::parse(*text);
    if (e.boolean()) {
      p.add({file, at.line, at.column + 1},
            fmt::format("{}: {} must be a number, not a truth value", what, key));
      return std::nullopt;
    }
    for (const auto& v : e.variables())
      if (std::find(allowed.begin(), allowed.end(), v) == allowed.end())
        p.add({file, at.line, at.column + 1},
              fmt::format("{}: unknown name \"{}\" in {} ({})", what, v, key,
                          allowed.empty() ? (what.rfind("value", 0) == 0 ? "a value has no parameters"
                                                                         : "it declares no parameters")
                                          : fmt::format("parameters: {}", fmt::join(allowed, ", "))));
    return e;
  } catch (const expr::ParseError& err) {
    p.add({file, at.line, at.column + static_cast<long>(err.column)},
          fmt::format("{}: {}: {}", what, key, err.bare));
  }
  return std::nullopt;
}

void read_params(const toml::table& t, QuantityDef& q, const std::string& what, Problems& p) {
  const toml::node* n = t.get("params");
  if (n == nullptr) return;  // a quantity of no parameters: a constant
  const auto* arr = n->as_array();
  if (arr == nullptr)
    return p.add(where_of(*n, q.at.file), fmt::format("{}: params must be a list of names", what));
  for (auto&& e : *arr) {
    const auto* s = e.as_string();
    const Where at = where_of(e, q.at.file);
    if (s == nullptr || !identifier(s->get())) {
      p.add(at, fmt::format("{}: a parameter is a name (a letter, then letters, digits or _)", what));
      continue;
    }
    // a refused name is still listed, so that the expression reading it is not a second problem
    if (reserved_param(s->get()))
      p.add(at, fmt::format("{}: \"{}\" cannot be a parameter (a word of the expression language or a global "
                            "option)",
                            what, s->get()));
    if (std::any_of(q.params.begin(), q.params.end(), [&](const Param& x) { return x.name == s->get(); })) {
      p.add(at, fmt::format("{}: parameter \"{}\" is listed twice", what, s->get()));
      continue;
    }
    // the result's column has the name's last part: a parameter of that name would be a second
    // column "n" (JSON kept one of the two, and verify --expr found no result column)
    if (s->get() == q.column())
      p.add(at, fmt::format("{}: parameter \"{}\" has the name of the result column (the last part of {}): "
                            "rename one of them",
                            what, s->get(), q.name));
    q.params.push_back({s->get(), Domain{}, std::nullopt, at});
  }
}

Param* find_param(QuantityDef& q, const std::string& name) {
  for (auto& x : q.params)
    if (x.name == name) return &x;
  return nullptr;
}

// domain = { n = "integer >= 2" } and default = { p = 1 }.
void read_domains(const toml::table& t, QuantityDef& q, const std::string& what, Problems& p) {
  for (const char* key : {"domain", "default"}) {
    const toml::node* n = t.get(key);
    if (n == nullptr) continue;
    const auto* tab = n->as_table();
    if (tab == nullptr) {
      p.add(where_of(*n, q.at.file),
            fmt::format("{}: {} must be a table of parameters ({} = {{ n = ... }})", what, key, key));
      continue;
    }
    for (auto&& [k, v] : *tab) {
      const std::string name(k.str());
      const Where at = where_of(k, q.at.file);
      Param* prm = find_param(q, name);
      if (prm == nullptr) {
        p.add(at, fmt::format("{}: {}.{} names no parameter", what, key, name));
        continue;
      }
      if (std::string_view(key) == "domain") {
        const auto d = v.as_string() ? parse_domain(v.as_string()->get()) : std::nullopt;
        if (!d)
          p.add(at, fmt::format(
                        "{}: domain.{} must read like \"integer >= 2\", \"real > 0\" or \"real in (0, 1]\"",
                        what, name));
        else
          prm->domain = *d;
      } else if (auto i = v.value<int64_t>(); i && v.is_integer()) {
        prm->default_value = std::to_string(*i);
      } else if (auto s = v.value<std::string>(); s && parse_exact_rational(*s)) {
        prm->default_value = *s;
      } else {
        p.add(at, fmt::format(
                      "{}: default.{} must be an integer or an exact number as a string (\"1/10\"), not a "
                      "float",
                      what, name));
      }
    }
  }
  for (const auto& prm : q.params)
    if (prm.default_value && !prm.domain.contains(*parse_exact_rational(*prm.default_value)))
      p.add(prm.at, fmt::format("{}: the default of {} ({}) is not {}", what, prm.name, *prm.default_value,
                                prm.domain.rule()));
}

void read_columns(const toml::table& t, QuantityDef& q, const std::string& what, Problems& p,
                  const std::vector<std::string>& names) {
  const toml::node* n = t.get("columns");
  if (n == nullptr) return;
  const auto* arr = n->as_array();
  if (arr == nullptr)
    return p.add(where_of(*n, q.at.file),
                 fmt::format("{}: columns must be a list of {{ name, expr }}", what));
  for (auto&& e : *arr) {
    const auto* c = e.as_table();
    if (c == nullptr) {
      p.add(where_of(e, q.at.file),
            fmt::format("{}: a column is {{ name = \"...\", expr = \"...\" }}", what));
      continue;
    }
    check_keys(*c, {"name", "expr"}, what + " column", q.at.file, p);
    const auto name = string_field(*c, "name", what, q.at.file, p);
    if (!name || !identifier(*name)) {
      p.add(where_of(e, q.at.file), fmt::format("{}: a column needs a name (letters, digits, _)", what));
      continue;
    }
    const bool taken =
        *name == q.column() || find_param(q, *name) != nullptr ||
        std::any_of(q.columns.begin(), q.columns.end(), [&](auto& x) { return x.name == *name; });
    if (taken) p.add(where_of(e, q.at.file), fmt::format("{}: column \"{}\" is named twice", what, *name));
    QuantityDef::Column col{*name, {}, {}};
    if (auto ex = numeric_field(*c, "expr", what + " column " + *name, q.at.file, p, col.expr_at, names)) {
      col.expr = ex->text();
      q.columns.push_back(std::move(col));
    }
  }
}

bool quantity_name(const std::string& s) {
  const auto dot = s.find('.');
  return dot != std::string::npos && identifier(s.substr(0, dot)) && identifier(s.substr(dot + 1));
}

}  // namespace

std::optional<QuantityDef> read_quantity(const toml::table& t, const std::string& file, size_t index,
                                         Problems& p) {
  QuantityDef q;
  q.at = where_of(t, file);
  const size_t before = p.size();
  const auto name = string_field(t, "name", fmt::format("quantity #{}", index), file, p);
  if (!name && t.get("name") != nullptr) return std::nullopt;  // not a string, or empty: said already
  if (!name || !quantity_name(*name)) {
    p.add(
        name ? where_of(*t.get("name"), file) : q.at,
        fmt::format("quantity #{} needs name = \"NAMESPACE.NAME\" (letters, digits, _; e.g. \"mine.heads\")",
                    index));
    return std::nullopt;
  }
  q.name = *name;
  const std::string what = fmt::format("quantity \"{}\"", q.name);
  if (const auto& r = reserved_namespaces(); std::find(r.begin(), r.end(), q.path()[0]) != r.end())
    p.add(where_of(*t.get("name"), file),
          fmt::format("{}: \"{}\" is a built-in group: put your quantities in a namespace of your own "
                      "(mine.{})",
                      what, q.path()[0], q.path()[1]));
  check_keys(t, quantity_keys(), what, file, p);
  for (const char* key : {"source", "description"}) {
    const auto v = string_field(t, key, what, file, p);
    if (!v && t.get(key) == nullptr) p.add(q.at, fmt::format("{} lacks the field \"{}\"", what, key));
    (std::string_view(key) == "source" ? q.source : q.description) = v.value_or("");
  }
  read_params(t, q, what, p);
  read_domains(t, q, what, p);
  std::vector<std::string> names;
  for (const auto& prm : q.params) names.push_back(prm.name);
  if (auto e = numeric_field(t, "expr", what, file, p, q.expr_at, names)) q.expr = e->text();
  read_columns(t, q, what, p, names);
  if (p.size() != before) return std::nullopt;
  return q;
}

std::optional<ValueDef> read_value(const toml::table& t, const std::string& file, size_t index, Problems& p) {
  ValueDef v;
  v.at = where_of(t, file);
  const size_t before = p.size();
  const auto name = string_field(t, "name", fmt::format("value #{}", index), file, p);
  const auto ok = [](const std::string& s) {
    return !s.empty() && s.size() <= 64 && std::isalpha(static_cast<unsigned char>(s[0])) &&
           std::all_of(s.begin(), s.end(), [](char c) {
             return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' ||
                    c == ':';
           });
  };
  if (!name && t.get("name") != nullptr) return std::nullopt;  // not a string, or empty: said already
  if (!name || !ok(*name)) {
    p.add(name ? where_of(*t.get("name"), file) : v.at,
          fmt::format("value #{} needs name = \"...\" (a letter, then letters, digits, . _ - :)", index));
    return std::nullopt;
  }
  v.name = *name;
  const std::string what = fmt::format("value \"{}\"", v.name);
  check_keys(t, {"name", "expr", "digits", "style", "description"}, what, file, p);
  if (auto e = numeric_field(t, "expr", what, file, p, v.expr_at, {})) v.expr = e->text();
  v.description = string_field(t, "description", what, file, p).value_or("");
  if (const toml::node* d = t.get("digits")) {
    const auto i = d->value<int64_t>();
    if (!d->is_integer() || !i || *i < 1 || *i > 1000)
      p.add(where_of(*d, file), fmt::format("{}: digits must be an integer in [1, 1000]", what));
    else
      v.digits = *i;
  }
  if (const auto s = string_field(t, "style", what, file, p)) {
    if (*s != "plain" && *s != "sci" && *s != "grouped" && *s != "interval")
      p.add(where_of(*t.get("style"), file),
            fmt::format("{}: style must be plain, sci, grouped or interval, got {}", what, shown_text(*s)));
    else
      v.style = *s;
  }
  if (p.size() != before) return std::nullopt;
  return v;
}

}  // namespace bc::verify::detail
