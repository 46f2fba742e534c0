#include "verify/catalogue.hpp"

#include "core/errors.hpp"
#include "core/text_file.hpp"
#include "core/toml_guard.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string_view>

namespace bc::embedded {
const std::vector<std::pair<std::string, std::string>>& catalogue_files();  // generated
}

namespace bc::verify {

const std::vector<CatalogueFile>& embedded_catalogue() {
  static const std::vector<CatalogueFile> files = [] {
    std::vector<CatalogueFile> v;
    for (const auto& [name, text] : embedded::catalogue_files()) v.push_back({name, text});
    return v;
  }();
  return files;
}

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::holds:
      return "holds";
    case Verdict::fails:
      return "fails";
    case Verdict::undecided:
      return "undecided";
  }
  return "?";
}

std::string verdict_text(Verdict v, const Claim& c) {
  if (!c.untestable.empty()) return "not testable";
  if (!c.lower_bound.empty())
    return v != Verdict::holds ? "not certified" : c.asymptotic ? "consistent" : "certified";
  if (c.asymptotic)
    return v == Verdict::holds   ? "consistent"
           : v == Verdict::fails ? "inconsistent"
                                 : "undecided: extend the grid";
  return c.formula && v == Verdict::holds ? "evaluated" : verdict_name(v);
}

const std::map<std::string, Check>& registry() {
  static const std::map<std::string, Check> r = [] {
    std::map<std::string, Check> m;
    register_sphere_checks(m);
    register_rank_checks(m);
    register_depth_checks(m);
    register_sym_checks(m);
    register_comm_checks(m);
    return m;
  }();
  return r;
}

std::vector<CatalogueFile> read_catalogue_dir(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw UsageError(fmt::format("--catalogue must be a directory of .toml files, got \"{}\"", dir));
  std::vector<CatalogueFile> out;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.path().extension() != ".toml") continue;
    if (out.size() >= 1000)
      throw UsageError(fmt::format("--catalogue: \"{}\" holds more than 1000 .toml files", dir));
    // a catalogue file is untrusted: at most 4 MiB, text, lines of at most 64 Ki characters
    out.push_back(
        {e.path().filename().string(),
         read_text_file(e.path().string(), TextLimits{size_t(4) << 20, size_t(1) << 16}, "--catalogue")});
  }
  if (ec) throw DomainError(fmt::format("verify: cannot list \"{}\": {}", dir, ec.message()));
  if (out.empty()) throw DomainError(fmt::format("verify: no .toml files in \"{}\"", dir));
  std::sort(out.begin(), out.end(), [](auto& a, auto& b) { return a.name < b.name; });
  return out;
}

namespace {

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

// A method that states no grade: read it off its tolerance rule.
std::string default_grade(const Claim& c, Verdict v) {
  if (v != Verdict::holds) return "-";
  const std::string& t = c.tolerance;
  if (t.rfind("exact", 0) == 0) return "exact";
  if (t.find("truncat") != std::string::npos) return "as truncation";
  if (t.find("round") != std::string::npos) return "as rounding";
  return "within the stated tolerance";
}

// Parses the expression (errors name file:line:column) and checks its names; returns it.
expr::Expr validate_expression(const Claim& c, const Quantities* q) {
  auto where = [&](size_t col) {
    // the expression starts one character after the opening quote of a one-line string
    return fmt::format("{}:{}:{}", c.file, c.expr_line, c.expr_col + static_cast<long>(col));
  };
  expr::Expr e;
  try {
    e = expr::Expr::parse(c.expr);
  } catch (const expr::ParseError& err) {
    throw UsageError(fmt::format("{}: claim \"{}\": {}", where(err.column), c.id, err.bare));
  }
  if (!e.boolean())
    throw UsageError(
        fmt::format("{}: claim \"{}\": the expression is a number, not a claim (compare it: "
                    "<, <=, ==, ~=, ...)",
                    where(1), c.id));
  for (const auto& v : e.variables()) {
    bool known = false;
    for (const auto& [name, vals] : c.grid) known = known || name == v;
    if (!known)
      throw UsageError(
          fmt::format("{}: claim \"{}\": unknown name \"{}\" (not a quantifier variable or a "
                      "grid variable)",
                      where(1), c.id, v));
  }
  if (q != nullptr && q->validate)
    for (const auto& call : e.quantities()) {
      try {
        q->validate(call);
      } catch (const UsageError& err) {
        throw UsageError(fmt::format("{}: claim \"{}\": {}", where(call.pos), c.id, err.what()));
      }
    }
  return e;
}

// [claim.grid] of an expression claim: variable -> values (integers, or exact numbers as strings).
void read_grid(Claim& c, const toml::table& t) {
  auto* g = t["grid"].as_table();
  if (g == nullptr) return;
  for (auto&& [k, v] : *g) {
    auto* vals_arr = v.as_array();
    if (!vals_arr || vals_arr->empty())
      throw DomainError(fmt::format("verify: {}:{}: claim \"{}\": grid.{} must be a non-empty list", c.file,
                                    c.line, c.id, std::string(k.str())));
    std::vector<std::string> vals;
    for (auto&& x : *vals_arr) {
      if (auto i = x.value<int64_t>(); i && x.is_integer())
        vals.push_back(std::to_string(*i));
      else if (auto sv = x.value<std::string>())
        vals.push_back(*sv);
      else
        throw DomainError(
            fmt::format("verify: {}:{}: claim \"{}\": grid.{} takes integers or exact numbers as strings "
                        "(\"1/10\"), not floats",
                        c.file, c.line, c.id, std::string(k.str())));
    }
    c.grid.emplace_back(std::string(k.str()), std::move(vals));
  }
}

// The fields of an expression claim (expr, its optional texts and grid), validated.
void read_expression_claim(Claim& c, const toml::table& t, const toml::node& e, const Quantities* q) {
  if (!e.is_string() || e.as_string()->get().empty())
    throw DomainError(
        fmt::format("verify: {}:{}: claim \"{}\": expr must be a non-empty string", c.file, c.line, c.id));
  if (t["method"])
    throw DomainError(
        fmt::format("verify: {}:{}: claim \"{}\": give expr or method, not both", c.file, c.line, c.id));
  c.expr = e.as_string()->get();
  c.expr_line = static_cast<long>(e.source().begin.line);
  c.expr_col = static_cast<long>(e.source().begin.column);
  auto opt = [&](const char* key, std::string& dst, std::string dflt) {
    auto v = t[key].value<std::string>();
    dst = v && !v->empty() ? *v : std::move(dflt);
  };
  opt("claim", c.claim, c.expr);
  opt("source", c.source, c.file);
  opt("published", c.published, "-");
  opt("tolerance", c.tolerance, "as the expression states (certified; ~= rules as written)");
  read_grid(c, t);
  c.asymptotic = validate_expression(c, q).asymptotic();
}

// kind, expect, evidence and untestable: what the claim's outcome is expected to be and may say.
void read_verdict_fields(Claim& c, const toml::table& t) {
  auto bad = [&](const std::string& rule) {
    return DomainError(fmt::format("verify: {}: claim \"{}\": {}", c.file, c.id, rule));
  };
  if (auto k = t["kind"].value<std::string>()) {
    if (*k != "formula" && *k != "test" && *k != "asymptotic")
      throw bad(fmt::format("kind must be test, formula or asymptotic, got \"{}\"", k->substr(0, 40)));
    if (*k == "asymptotic" && !c.expr.empty())
      throw bad("kind = \"asymptotic\" is for a method claim; an expression says it with \"as n in {...}\"");
    c.formula = *k == "formula";
    if (*k == "asymptotic") c.asymptotic = true;
  }
  if (auto e = t["evidence"].value<std::string>()) {
    const std::string prefix = "lower bound: ";
    if (e->rfind(prefix, 0) != 0 || e->size() == prefix.size())
      throw bad(
          fmt::format("evidence must be \"lower bound: NAME\" (NAME: the bound the claim evaluates), "
                      "got \"{}\"",
                      e->substr(0, 60)));
    c.lower_bound = e->substr(prefix.size());
  }
  if (auto u = t["untestable"].value<std::string>()) {
    if (u->empty()) throw bad("untestable must give the reason");
    c.untestable = *u;
    c.expect = Verdict::undecided;  // not testable: never decided
  }
  if (auto e = t["expect"].value<std::string>()) {
    const bool open_allowed = !c.expr.empty() || !c.lower_bound.empty() || !c.untestable.empty();
    if (!c.untestable.empty() && *e != "undecided")
      throw bad("an untestable claim is expected undecided (printed \"not testable\")");
    if (*e == "holds")
      c.expect = Verdict::holds;
    else if (*e == "fails")
      c.expect = Verdict::fails;
    else if (*e == "undecided" && open_allowed)
      c.expect = Verdict::undecided;
    else
      throw bad("expect must be holds or fails (or undecided, for an expression)");
  }
  if (!c.lower_bound.empty() && c.expect == Verdict::fails)
    throw bad(
        "a claim tested through a lower bound cannot be expected to fail: a bound that falls short "
        "refutes nothing (expect undecided: printed \"not certified\")");
}

// One [[claim]] table.
Claim read_claim(const toml::table& t, const std::string& file, size_t index, const Quantities* q) {
  Claim c;
  c.file = file;
  auto field = [&](const char* key, std::string& dst) {
    auto v = t[key].value<std::string>();
    if (!v || v->empty())
      throw DomainError(fmt::format("verify: {}: claim #{} lacks the field \"{}\"", file, index, key));
    dst = *v;
  };
  field("id", c.id);
  c.line = static_cast<long>(t.source().begin.line);
  if (auto* e = t["expr"].node()) {
    read_expression_claim(c, t, *e, q);
  } else {
    field("claim", c.claim);
    field("source", c.source);
    field("published", c.published);
    field("tolerance", c.tolerance);
    field("method", c.method);
  }
  if (auto* p = t["params"].as_table()) c.params = to_json(*p);
  read_verdict_fields(c, t);
  return c;
}

}  // namespace

std::vector<Claim> load_catalogue(const std::vector<CatalogueFile>& files, const Quantities* q) {
  std::vector<Claim> out;
  std::set<std::string> ids;
  for (const auto& f : files) {
    toml::table doc;
    if (const long bad = toml_non_ascii_line(f.text); bad != 0)
      throw DomainError(
          fmt::format("verify: {}:{}: a non-ASCII character outside a string or a comment", f.name, bad));
    try {
      doc = toml::parse(f.text, f.name);
    } catch (const toml::parse_error& e) {
      throw DomainError(
          fmt::format("verify: {}:{}: {}", f.name, e.source().begin.line, std::string(e.description())));
    }
    auto* arr = doc["claim"].as_array();
    if (!arr) throw DomainError(fmt::format("verify: {}: no [[claim]] entries", f.name));
    size_t index = 0;
    for (auto&& node : *arr) {
      ++index;
      auto* t = node.as_table();
      if (!t) throw DomainError(fmt::format("verify: {}: claim #{} is not a table", f.name, index));
      Claim c = read_claim(*t, f.name, index, q);
      if (!ids.insert(c.id).second)
        throw DomainError(fmt::format("verify: {}: duplicate claim id \"{}\"", f.name, c.id));
      if (c.expr.empty() && !registry().count(c.method))
        throw DomainError(
            fmt::format("verify: {}: claim \"{}\" names an unknown method \"{}\"", f.name, c.id, c.method));
      out.push_back(std::move(c));
    }
  }
  return out;
}

namespace detail {

void check_param(const Claim& c, const char* key, const nlohmann::json& v, bool integer, bool is_unsigned,
                 bool floating) {
  if (v.is_array()) {
    for (const auto& e : v) check_param(c, key, e, integer, is_unsigned, floating);
    return;
  }
  auto bad = [&](const char* rule) {
    return ParamError(fmt::format("verify: {}: claim \"{}\": params.{} must be {}, got {}", c.file, c.id, key,
                                  rule, v.dump().substr(0, 40)));
  };
  if (integer) {
    if (!v.is_number_integer()) throw bad("an integer");
    if (is_unsigned) {
      const std::string k = key;
      // the loop bounds (l_max, l_hi, L, N_max, d_max, trials) drive the cost: 10^5; single
      // values (d, l, l_extra, ...) any 62-bit size (closed forms); seeds any 64-bit value
      const bool bound =
          k == "l_max" || k == "l_hi" || k == "L" || k == "N_max" || k == "d_max" || k == "trials";
      const double cap = k == "seed" ? 1.8446744073709552e19 : bound ? 1e5 : 4.611686018427388e18;
      const bool out_of_range = v.is_number_unsigned() ? static_cast<double>(v.get<std::uint64_t>()) > cap
                                                       : v.get<std::int64_t>() < 0 ||
                                                             static_cast<double>(v.get<std::int64_t>()) > cap;
      if (out_of_range)
        throw bad(k == "seed" ? "an integer >= 0" : fmt::format("an integer in [0, {:.0f}]", cap).c_str());
    } else if (std::string_view(key) == "digits") {  // the range of the global --digits
      if (v.get<std::int64_t>() < 1 || v.get<std::int64_t>() > 20000) throw bad("an integer in [1, 20000]");
    } else if (v.get<std::int64_t>() < -1000000 || v.get<std::int64_t>() > 1000000) {
      throw bad("an integer in [-10^6, 10^6]");
    }
  } else if (floating) {
    if (!v.is_number() || !std::isfinite(v.get<double>())) throw bad("a finite number");
  }
}

}  // namespace detail

namespace {

// What the claim's evidence lets its outcome say (Claim::untestable, Claim::lower_bound).
void apply_evidence(const Claim& c, Outcome& o) {
  if (!c.untestable.empty()) {
    o.verdict = Verdict::undecided;
    o.grade = c.untestable;
    o.detail = c.untestable;
    return;
  }
  if (c.lower_bound.empty()) return;
  if (o.verdict == Verdict::holds) {
    o.grade = fmt::format("{}; shown by {}, a lower bound of the claimed quantity", o.grade, c.lower_bound);
  } else if (o.verdict == Verdict::fails) {
    // the true quantity is at least the bound: a bound that falls short refutes nothing
    o.verdict = Verdict::undecided;
    o.grade = fmt::format("not certified by {}{}", c.lower_bound,
                          o.growth.empty() ? "" : " (it grows " + o.growth + ")");
    o.detail = fmt::format(
        "{} (a lower bound) does not reach the claim, which refutes nothing about the "
        "claimed quantity: {}",
        c.lower_bound, o.detail);
  } else {
    o.grade = fmt::format("not certified by {}: {}", c.lower_bound, o.grade);
  }
}

// True when a method's text shows a double that overflowed ("nan", "-nan", "inf" as a word): a
// method's double-precision step left its range (hostile parameters gave "F ~ d^-nan", and a
// quadrature at d = 2^62 a nan deviation that "failed"), so its verdict rests on nothing.
bool shows_non_finite(const std::string& text) {
  for (const char* word : {"nan", "inf"})
    for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
      const size_t end = at + 3;
      const bool left = at == 0 || !std::isalnum(static_cast<unsigned char>(text[at - 1]));
      const bool right = end == text.size() || !std::isalnum(static_cast<unsigned char>(text[end]));
      if (left && right) return true;
    }
  return false;
}

Outcome run_checked(const Claim& c, const Quantities* q) {
  try {
    if (!c.expr.empty()) return run_expression(c, q);
    Outcome o = registry().at(c.method)(c);
    if (shows_non_finite(o.computed))
      return {o.computed, Verdict::undecided,
              "a double-precision step of the method overflowed (nan or inf) at these parameters: outside "
              "its range",
              "error"};
    if (o.grade.empty()) o.grade = default_grade(c, o.verdict);
    return o;
  } catch (const ParamError&) {
    throw;
  } catch (const std::exception& e) {
    Outcome o;
    o.computed = "-";
    o.verdict = Verdict::undecided;
    o.detail = e.what();
    o.grade = "error";
    return o;
  }
}

}  // namespace

Outcome run_claim(const Claim& c, const Quantities* q) {
  Outcome o = run_checked(c, q);
  apply_evidence(c, o);
  return o;
}

}  // namespace bc::verify
