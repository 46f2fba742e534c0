// Loading a catalogue: the files' TOML (read_catalogue: syntax, keys, each entry; every problem
// collected) and what needs the registry (check_catalogue: the quantities expressions call, user
// quantities' cycles and parameters). See verify/catalogue.hpp.
// Cost: O(total size of the files), plus parsing every expression; the cycle check is linear in
// the calls between user quantities.
#include "core/suggest.hpp"
#include "core/toml_guard.hpp"
#include "verify/catalogue.hpp"
#include "verify/read_claim.hpp"
#include "verify/toml_read.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace bc::verify {

namespace {

using detail::Problems;

// The entries of one [[claim]] / [[quantity]] / [[value]] array, as tables.
template <class F>
void each_table(const toml::table& doc, const char* key, const std::string& file, Problems& p, F&& f) {
  const toml::node* n = doc.get(key);
  if (n == nullptr) return;
  const auto* arr = n->as_array();
  if (arr == nullptr)
    return p.add(detail::where_of(*n, file), fmt::format("{} must be an array of tables ([[{}]])", key, key));
  size_t index = 0;
  for (auto&& e : *arr) {
    ++index;
    if (const auto* t = e.as_table())
      f(*t, index);
    else
      p.add(detail::where_of(e, file), fmt::format("{} #{} is not a table", key, index));
  }
}

// One file's entries into cat; false when its TOML does not parse.
void read_file(const CatalogueFile& f, Catalogue& cat, Problems& p) {
  const std::string_view text = without_bom(f.text);
  if (const long bad = toml_non_ascii_line(text); bad != 0)
    return p.add({f.name, bad, 1}, "a non-ASCII character outside a string or a comment");
  toml::table doc;
  try {
    doc = toml::parse(text, f.name);
  } catch (const toml::parse_error& e) {
    return p.add(
        {f.name, static_cast<long>(e.source().begin.line), static_cast<long>(e.source().begin.column)},
        std::string(e.description()));
  }
  // a table spec beside the catalogue (command = "mine.q", a paper's sweep) is not part of it
  if (doc.get("command") != nullptr && !doc.get("claim") && !doc.get("quantity") && !doc.get("value")) return;
  detail::check_keys(doc, {"claim", "quantity", "value"}, "a catalogue file", f.name, p);
  if (!doc.get("claim") && !doc.get("quantity") && !doc.get("value"))
    return p.add({f.name, 0, 0}, "no [[claim]], [[quantity]] or [[value]] entries");
  each_table(doc, "claim", f.name, p, [&](const toml::table& t, size_t i) {
    if (auto c = detail::read_claim(t, f.name, i, p)) {
      if (c->expr.empty() && !registry().count(c->method)) {
        std::vector<std::string> names;
        for (const auto& [name, check] : registry()) names.push_back(name);
        p.add(detail::where_of(*t.get("method"), f.name),
              fmt::format("claim \"{}\" names an unknown method {}{}", c->id, detail::shown_text(c->method),
                          suggestion(c->method, names)));
      } else {
        cat.claims.push_back(std::move(*c));
      }
    }
  });
  each_table(doc, "quantity", f.name, p, [&](const toml::table& t, size_t i) {
    if (auto q = detail::read_quantity(t, f.name, i, p)) cat.quantities.push_back(std::move(*q));
  });
  each_table(doc, "value", f.name, p, [&](const toml::table& t, size_t i) {
    if (auto v = detail::read_value(t, f.name, i, p)) cat.values.push_back(std::move(*v));
  });
}

// Ids and names are unique: claim ids and value names share one namespace (\bcvalue{...}).
void check_unique(const Catalogue& cat, Problems& p) {
  std::map<std::string, Where> seen;
  auto once = [&](const std::string& name, const Where& at, const char* what) {
    auto [it, fresh] = seen.emplace(name, at);
    if (!fresh) p.add(at, fmt::format("duplicate {} \"{}\" (first at {})", what, name, it->second.str()));
  };
  for (const auto& c : cat.claims) once(c.id, {c.file, c.line, 1}, "claim id");
  for (const auto& v : cat.values)
    once(v.name, v.at, "value name (claim ids and value names are one namespace)");
  std::map<std::string, Where> quantities;
  for (const auto& q : cat.quantities)
    if (auto [it, fresh] = quantities.emplace(q.name, q.at); !fresh)
      p.add(q.at, fmt::format("duplicate quantity \"{}\" (first at {})", q.name, it->second.str()));
}

}  // namespace

Catalogue read_catalogue(const std::vector<CatalogueFile>& files) {
  Catalogue cat;
  Problems p;
  for (const auto& f : files) read_file(f, cat, p);
  check_unique(cat, p);
  // each quantity is a command of the registry, which every front end builds (CLI11 compares a new
  // command's name with its siblings': 20000 quantities took 20 s and 570 MB before anything ran)
  if (cat.quantities.size() > kMaxQuantities)
    p.add(cat.quantities[kMaxQuantities].at,
          fmt::format("a catalogue defines at most {} quantities, and this one defines {}", kMaxQuantities,
                      cat.quantities.size()));
  p.raise_if_any();
  return cat;
}

namespace {

// Every call of the expression `text` (starting at `at`, one column after the opening quote)
// through q.validate; returns the calls.
std::vector<expr::QuantityCall> validate_calls(const std::string& text, const Where& at,
                                               const std::string& what, const Quantities& q, Problems& p) {
  expr::Expr e;
  try {
    e = expr::Expr::parse(text);
  } catch (const expr::ParseError&) {
    return {};  // read_catalogue reported it
  }
  for (const auto& call : e.quantities()) {
    try {
      if (q.validate) q.validate(call);
    } catch (const UsageError& err) {
      p.add({at.file, at.line, at.column + static_cast<long>(call.pos)},
            fmt::format("{}: {}", what, err.what()));
    }
  }
  return e.quantities();
}

std::string call_name(const expr::QuantityCall& c) {
  std::string s = fmt::format("{}", fmt::join(c.path, "."));
  std::replace(s.begin(), s.end(), '-', '_');
  return s;
}

// A user quantity that reaches itself through the user quantities it calls.
void check_cycles(const Catalogue& cat, const std::map<std::string, std::vector<std::string>>& calls,
                  Problems& p) {
  std::map<std::string, int> state;  // 1: on the path, 2: done
  std::vector<std::string> path;
  std::set<std::string> reported;
  std::function<void(const std::string&)> visit = [&](const std::string& n) {
    state[n] = 1;
    path.push_back(n);
    for (const auto& m : calls.at(n)) {
      if (!calls.count(m)) continue;
      if (state[m] == 1) {
        const auto from = std::find(path.begin(), path.end(), m);
        const std::string cycle = fmt::format("{} -> {}", fmt::join(from, path.end(), " -> "), m);
        if (reported.insert(m).second)
          for (const auto& q : cat.quantities)
            if (q.name == m)
              p.add(q.expr_at.line > 0 ? Where{q.expr_at.file, q.expr_at.line, q.expr_at.column + 1} : q.at,
                    fmt::format("quantity \"{}\" refers to itself: {}", m, cycle));
      } else if (state[m] == 0) {
        visit(m);
      }
    }
    path.pop_back();
    state[n] = 2;
  };
  for (const auto& [n, c] : calls)
    if (state[n] == 0) visit(n);
}

void check_quantities(const Catalogue& cat, const Quantities& q, Problems& p) {
  std::map<std::string, std::vector<std::string>> calls;
  for (const auto& d : cat.quantities) {
    const std::string what = fmt::format("quantity \"{}\"", d.name);
    auto& mine = calls[d.name];
    std::set<std::string> used;
    auto scan = [&](const std::string& text, const Where& at) {
      for (const auto& c : validate_calls(text, at, what, q, p)) mine.push_back(call_name(c));
      const expr::Expr e = expr::Expr::parse(text);
      used.insert(e.variables().begin(), e.variables().end());
    };
    scan(d.expr, d.expr_at);
    for (const auto& col : d.columns) scan(col.expr, col.expr_at);
    for (const auto& prm : d.params)
      if (!used.count(prm.name))
        p.add(prm.at,
              fmt::format("{}: parameter \"{}\" is never used (its expression and columns do not read it)",
                          what, prm.name));
  }
  check_cycles(cat, calls, p);
}

}  // namespace

void check_catalogue(const Catalogue& cat, const Quantities& q) {
  Problems p;
  check_quantities(cat, q, p);
  for (const auto& c : cat.claims)
    if (!c.expr.empty())
      (void)validate_calls(c.expr, {c.file, c.expr_line, c.expr_col}, fmt::format("claim \"{}\"", c.id), q,
                           p);
  for (const auto& v : cat.values)
    (void)validate_calls(v.expr, v.expr_at, fmt::format("value \"{}\"", v.name), q, p);
  p.raise_if_any();
}

std::vector<Claim> load_catalogue(const std::vector<CatalogueFile>& files, const Quantities* q) {
  Catalogue cat = read_catalogue(files);
  if (q != nullptr) check_catalogue(cat, *q);
  return std::move(cat.claims);
}

}  // namespace bc::verify
