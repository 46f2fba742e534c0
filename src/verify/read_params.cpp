// [claim.params] of a method claim, checked against the method's declaration (verify/params.hpp)
// when the catalogue is read: keys the method does not read (with did-you-mean), missing required
// keys, the kind, shape and range of every value, the points of an asymptotic method (at least 3,
// strictly increasing) and the relations between keys; each problem at the file:line:column of the
// key or the value, collected (verify/toml_read.hpp). Optional keys take their defaults, so the
// method's claim_param<T> only converts. Cost: O(size of the params) plus did-you-mean per key.
#include "verify/read_claim.hpp"

#include <fmt/format.h>

#include <cmath>

namespace bc::verify::detail {

namespace {

using json = nlohmann::json;
using Kind = ParamField::Kind;

// A value as the message shows it: the number, the string quoted, or what it is.
std::string got(const toml::node& n) {
  if (auto s = n.as_string()) return shown_text(s->get());
  if (auto i = n.as_integer()) return std::to_string(i->get());
  if (auto f = n.as_floating_point()) return fmt::format("{}", f->get());
  if (auto b = n.as_boolean()) return b->get() ? "true" : "false";
  if (auto a = n.as_array())
    return a->empty() ? "an empty list"
                      : fmt::format("a list of {} value{}", a->size(), a->size() == 1 ? "" : "s");
  if (n.is_table()) return "a table";
  return "a date or time";
}

struct Reader {
  const Claim& c;
  Problems& p;

  void bad(const toml::node& n, const std::string& path, const std::string& rule) const {
    p.add(where_of(n, c.file), fmt::format("claim \"{}\": {} must be {}, got {}", c.id, path, rule, got(n)));
  }

  [[nodiscard]] std::optional<json> scalar(const toml::node& n, const ParamField& f,
                                           const std::string& path) const {
    switch (f.kind) {
      case Kind::integer: {
        const auto* i = n.as_integer();
        if (i == nullptr || i->get() < f.ilo || i->get() > f.ihi) break;
        return json(i->get());
      }
      case Kind::number: {
        double v = 0;
        if (const auto* i = n.as_integer())
          v = static_cast<double>(i->get());
        else if (const auto* d = n.as_floating_point())
          v = d->get();
        else
          break;
        if (!std::isfinite(v) || (f.lo_open ? !(v > f.lo) : !(v >= f.lo)) || !(v <= f.hi)) break;
        return json(v);
      }
      case Kind::text: {
        const auto* s = n.as_string();
        if (s == nullptr || s->get().empty()) break;
        const std::string& v = s->get();
        if (!f.choices.empty() && std::find(f.choices.begin(), f.choices.end(), v) == f.choices.end()) break;
        if (f.check && !f.check(v).empty()) break;
        return json(v);
      }
    }
    bad(n, path, f.rule());
    return std::nullopt;
  }

  // A list of scalars; a sequence must increase strictly.
  [[nodiscard]] std::optional<json> list(const toml::node& n, const ParamSpec& s,
                                         const std::string& path) const {
    const auto* a = n.as_array();
    if (a == nullptr || a->size() < s.min_size) bad(n, path, s.rule());
    if (a == nullptr) return std::nullopt;
    json out = json::array();
    bool ok = a->size() >= s.min_size;
    for (size_t i = 0; i < a->size(); ++i) {
      const std::string at = fmt::format("{}[{}]", path, i);
      auto v = scalar(*a->get(i), s.fields.front(), at);
      if (!v) {
        ok = false;
        continue;
      }
      if (s.sequence && ok && !out.empty() && !(out.back() < *v)) {  // after the first problem, none
        p.add(where_of(*a->get(i), c.file),
              fmt::format("claim \"{}\": {} = {} does not increase on {}[{}] = {} (the points of a limit "
                          "increase strictly: at least 3 distinct increasing points)",
                          c.id, at, v->dump(), path, i - 1, out.back().dump()));
        ok = false;
      }
      out.push_back(std::move(*v));
    }
    return ok ? std::optional<json>(std::move(out)) : std::nullopt;
  }

  // A list of tuples, each with one value per field.
  [[nodiscard]] std::optional<json> tuples(const toml::node& n, const ParamSpec& s,
                                           const std::string& path) const {
    const auto* a = n.as_array();
    if (a == nullptr || a->size() < s.min_size) {
      bad(n, path, s.rule());
      return std::nullopt;
    }
    std::vector<std::string> names;
    for (const auto& f : s.fields) names.push_back(f.name);
    json out = json::array();
    bool ok = true;
    for (size_t i = 0; i < a->size(); ++i) {
      const std::string at = fmt::format("{}[{}]", path, i);
      const auto* e = a->get(i)->as_array();
      if (e == nullptr || e->size() != s.fields.size()) {
        bad(*a->get(i), at, fmt::format("[{}] ({} values)", fmt::join(names, ", "), s.fields.size()));
        ok = false;
        continue;
      }
      json t = json::array();
      for (size_t j = 0; j < e->size(); ++j)
        if (auto v = scalar(*e->get(j), s.fields[j], fmt::format("{}[{}] ({})", at, j, s.fields[j].name)))
          t.push_back(std::move(*v));
      if (t.size() != e->size()) {
        ok = false;
        continue;
      }
      if (s.check_entry) {
        if (const std::string why = s.check_entry(t); !why.empty()) {
          p.add(where_of(*a->get(i), c.file),
                fmt::format("claim \"{}\": {} = {}: {}", c.id, at, t.dump(), why));
          ok = false;
          continue;
        }
      }
      out.push_back(std::move(t));
    }
    return ok ? std::optional<json>(std::move(out)) : std::nullopt;
  }

  [[nodiscard]] std::optional<json> value(const toml::node& n, const ParamSpec& s) const {
    const std::string path = "params." + s.key;
    switch (s.shape) {
      case ParamSpec::Shape::scalar:
        return scalar(n, s.fields.front(), path);
      case ParamSpec::Shape::list:
        return list(n, s, path);
      case ParamSpec::Shape::tuples:
        return tuples(n, s, path);
    }
    return std::nullopt;
  }
};

}  // namespace

std::optional<json> read_params(const toml::table& claim, const Method& m, const Claim& c, Problems& p) {
  const size_t before = p.size();
  const toml::node* node = claim.get("params");
  const toml::table* t = node ? node->as_table() : nullptr;
  if (node != nullptr && t == nullptr) {
    p.add(where_of(*node, c.file),
          fmt::format("claim \"{}\": params must be a table ([claim.params])", c.id));
    return std::nullopt;
  }
  std::vector<std::string> keys;
  for (const auto& s : m.params) keys.push_back(s.key);
  if (t != nullptr)
    check_keys(*t, keys, fmt::format("claim \"{}\": [claim.params] of {}", c.id, c.method), c.file, p);
  const Reader r{c, p};
  json out = json::object();
  for (const auto& s : m.params) {
    const toml::node* v = t ? t->get(s.key) : nullptr;
    if (v == nullptr) {
      if (!s.required) {
        out[s.key] = s.fallback;
        continue;
      }
      p.add(t ? where_of(*t, c.file) : where_of(claim, c.file),
            fmt::format("claim \"{}\": {} needs params.{} ({})", c.id, c.method, s.key, s.rule()));
      continue;
    }
    if (auto j = r.value(*v, s)) out[s.key] = std::move(*j);
  }
  if (p.size() != before) return std::nullopt;
  for (const auto& rel : m.relations) {
    const std::string why = rel.check(out);
    if (why.empty()) continue;
    const toml::node* at = t ? t->get(rel.key) : nullptr;
    p.add(at ? where_of(*at, c.file) : where_of(claim, c.file), fmt::format("claim \"{}\": {}", c.id, why));
  }
  if (p.size() != before) return std::nullopt;
  return out;
}

}  // namespace bc::verify::detail
