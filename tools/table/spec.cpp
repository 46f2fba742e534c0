// Loading `table` specs (format in table/spec.hpp). toml++ parses; a schema per TOML table (the
// `k*Keys` lists below: each key and how its value is read) drives the reading, so the keys a
// section accepts, the "unknown key" message that lists them and the code that reads them are one
// list. Every value is turned into the text a user would type after the option, so the command's
// own parser validates it exactly as on the command line (no second copy of any option's rules).
// Adding a key: one line in its section's schema, one field in table/spec.hpp.
// Cost: O(size of the file + number of swept values).
#include "table/spec.hpp"

#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "core/flint.hpp"
#include "core/text_file.hpp"
#include "core/toml_guard.hpp"
#include "output/plot_text.hpp"
#include "table/values.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <sstream>

namespace bc::cli::table {

namespace {

struct Ctx {
  const std::string& file;
  bool lines = true;  ///< false for a --set value: its "line" is not the file's
  [[noreturn]] void fail_at(long line, const std::string& field, const std::string& what) const {
    if (line > 0 && lines) throw UsageError(fmt::format("{}:{}: {}: {}", file, line, field, what));
    throw UsageError(fmt::format("{}: {}: {}", file, field, what));
  }
  [[noreturn]] void fail(const toml::node* n, const std::string& field, const std::string& what) const {
    fail_at(n != nullptr ? static_cast<long>(n->source().begin.line) : 0, field, what);
  }
};

long line_of(const toml::node& n) { return static_cast<long>(n.source().begin.line); }

/// "[plot]" + "x" -> "[plot] x"; "" + "digits" -> "digits".
std::string field_name(const std::string& where, std::string_view key) {
  return where.empty() ? std::string(key) : fmt::format("{} {}", where, key);
}

// ---- the schema machinery ---------------------------------------------------------------------

/// One key a TOML table of the spec may hold, and how its value is read into T.
template <class T>
struct Key {
  const char* name;
  std::function<void(const Ctx&, const toml::node&, const std::string& field, T&)> read;
};

template <class T>
std::string key_names(const std::vector<Key<T>>& keys) {
  std::vector<std::string> names;
  for (const auto& k : keys) names.emplace_back(k.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

/// Refuses a key of `t` the schema does not list, naming the keys it does.
template <class T>
void check_keys(const Ctx& c, const toml::table& t, const std::string& where,
                const std::vector<Key<T>>& keys) {
  for (auto&& [k, v] : t) {
    const std::string name(k.str());  // clang 14 (the fuzz build) cannot capture a structured binding
    if (std::none_of(keys.begin(), keys.end(), [&](const Key<T>& key) { return name == key.name; }))
      c.fail(&v, field_name(where, name), fmt::format("unknown key ({})", key_names(keys)));
  }
}

/// Reads every key of `t` that the schema lists, in schema order.
template <class T>
void read_keys(const Ctx& c, const toml::table& t, const std::string& where, const std::vector<Key<T>>& keys,
               T& into) {
  for (const auto& key : keys)
    if (const toml::node* n = t.get(key.name)) key.read(c, *n, field_name(where, key.name), into);
}

template <class T>
void read_table(const Ctx& c, const toml::table& t, const std::string& where, const std::vector<Key<T>>& keys,
                T& into) {
  check_keys(c, t, where, keys);
  read_keys(c, t, where, keys, into);
}

// ---- value readers ----------------------------------------------------------------------------

/// A table's entries in the order they stand in the file (toml++ iterates its keys sorted, but a
/// sweep's first key is its outermost and derived columns may build on earlier ones).
std::vector<std::pair<std::string, const toml::node*>> in_file_order(const toml::table& t) {
  std::vector<std::pair<std::string, const toml::node*>> v;
  for (auto&& [k, n] : t) v.emplace_back(std::string(k.str()), &n);
  std::stable_sort(v.begin(), v.end(), [](const auto& a, const auto& b) {
    const auto& x = a.second->source().begin;
    const auto& y = b.second->source().begin;
    return x.line != y.line ? x.line < y.line : x.column < y.column;
  });
  return v;
}

/// The text of a scalar as typed on a command line: integers exactly, floats in their shortest
/// round-trip form (integral ones as integers: 1e6 -> "1000000"), strings as they are.
std::string scalar_text(const Ctx& c, const toml::node& n, const std::string& field) {
  if (auto i = n.as_integer()) return fmt::format("{}", i->get());
  if (auto f = n.as_floating_point()) {
    const double v = f->get();
    if (!std::isfinite(v)) c.fail(&n, field, fmt::format("must be a finite number, got {}", v));
    if (v == std::floor(v) && std::fabs(v) < 9007199254740992.0)
      return fmt::format("{}", static_cast<long long>(v));
    return fmt::format("{}", v);
  }
  if (auto s = n.as_string()) return s->get();
  c.fail(&n, field, "must be a number or a string");
}

Fmpq exact_of(const Ctx& c, const toml::node& n, const std::string& field) {
  std::string t = scalar_text(c, n, field);
  auto q = parse_exact_rational(t);
  if (!q) c.fail(&n, field, fmt::format("must be a number, got \"{}\"", t));
  return *q;
}

std::string string_of(const Ctx& c, const toml::node& n, const std::string& field) {
  if (!n.is_string()) c.fail(&n, field, "must be a string");
  return n.as_string()->get();
}

std::vector<std::string> string_list(const Ctx& c, const toml::node& n, const std::string& field) {
  std::vector<std::string> out;
  if (n.is_string()) return {n.as_string()->get()};
  auto a = n.as_array();
  if (a == nullptr || a->empty()) c.fail(&n, field, "must be a string or a non-empty list of strings");
  for (const auto& e : *a) {
    if (!e.is_string()) c.fail(&e, field, "must be a list of strings");
    out.push_back(e.as_string()->get());
  }
  return out;
}

/// "\"d\", \"r\"": keys as a TOML list's items, for messages that suggest a fix.
std::string quoted_list(const std::vector<std::string>& keys) {
  std::vector<std::string> q;
  for (const auto& k : keys) q.push_back("\"" + k + "\"");
  return fmt::format("{}", fmt::join(q, ", "));
}

std::vector<std::string> words_of(const std::string& s) {
  std::vector<std::string> w;
  std::istringstream in(s);
  for (std::string x; in >> x;) w.push_back(x);
  // a quantity's name as expressions write it: "mine.compose_heads" is `mine compose-heads`
  if (w.size() == 1 && w[0].find('.') != std::string::npos) {
    const std::string name = w[0];
    w = {name.substr(0, name.find('.')), name.substr(name.find('.') + 1)};
    std::replace(w[1].begin(), w[1].end(), '_', '-');
  }
  return w;
}

/// Key readers for the common shapes: a string, inert figure text, a flag, a list of strings.
template <class T>
auto text(std::string T::*m) {
  return [m](const Ctx& c, const toml::node& n, const std::string& f, T& t) { t.*m = string_of(c, n, f); };
}
/// A string that will be drawn in a figure: refused at its file:line unless it is inert text
/// (output/plot_text.hpp: one printable line, no ` or @, at most 400 bytes).
template <class T>
auto plot_text(std::string T::*m) {
  return [m](const Ctx& c, const toml::node& n, const std::string& f, T& t) {
    t.*m = string_of(c, n, f);
    if (std::string why = out::plot_text_problem(t.*m); !why.empty()) c.fail(&n, f, why);
  };
}
template <class T>
auto flag(bool T::*m) {
  return [m](const Ctx& c, const toml::node& n, const std::string& f, T& t) {
    if (!n.is_boolean()) c.fail(&n, f, "must be true or false");
    t.*m = n.as_boolean()->get();
  };
}
template <class T>
auto strings(std::vector<std::string> T::*m) {
  return [m](const Ctx& c, const toml::node& n, const std::string& f, T& t) { t.*m = string_list(c, n, f); };
}
template <class T>
auto choice(std::string T::*m, std::vector<std::string> allowed) {
  return [m, allowed](const Ctx& c, const toml::node& n, const std::string& f, T& t) {
    t.*m = string_of(c, n, f);
    if (std::find(allowed.begin(), allowed.end(), t.*m) == allowed.end())
      c.fail(&n, f,
             fmt::format("must be {} or {}, got \"{}\"", fmt::join(allowed.begin(), allowed.end() - 1, ", "),
                         allowed.back(), t.*m));
  };
}

// ---- sweep axes -------------------------------------------------------------------------------

constexpr size_t kMaxAxis = 10000000;

/// { from, to, step | per_decade } spelled out.
std::vector<std::string> range_values(const Ctx& c, const toml::table& t, const toml::node& n,
                                      const std::string& field) {
  for (auto&& [k, v] : t)
    if (k != "from" && k != "to" && k != "step" && k != "per_decade")
      c.fail(&v, field, fmt::format("unknown range key \"{}\" (from, to, step | per_decade)", k.str()));
  const toml::node *from = t.get("from"), *to = t.get("to"), *step = t.get("step"),
                   *per = t.get("per_decade");
  if (from == nullptr || to == nullptr) c.fail(&n, field, "a range needs from and to");
  if ((step == nullptr) == (per == nullptr))
    c.fail(&n, field, "a range needs exactly one of step or per_decade");
  const Fmpq a = exact_of(c, *from, field + ".from"), b = exact_of(c, *to, field + ".to");
  if (fmpq_cmp(a.x, b.x) > 0) c.fail(&n, field, "from must not exceed to");
  try {
    if (step != nullptr) {
      const Fmpq s = exact_of(c, *step, field + ".step");
      if (fmpq_sgn(s.x) <= 0) c.fail(step, field + ".step", "must be positive");
      return step_range(a, b, s, kMaxAxis);
    }
    const long long pd = per->as_integer() ? per->as_integer()->get() : -1;
    if (pd < 1 || pd > 1000) c.fail(per, field + ".per_decade", "must be an integer in 1..1000");
    if (fmpq_sgn(a.x) <= 0) c.fail(from, field + ".from", "a log-spaced range must start above 0");
    return log_range(a, b, static_cast<long>(pd), kMaxAxis);
  } catch (const RangeError& e) {
    c.fail(&n, field, e.what());
  }
}

std::vector<std::string> axis_values(const Ctx& c, const toml::node& n, const std::string& field) {
  if (auto a = n.as_array()) {
    if (a->empty()) c.fail(&n, field, "the list is empty");
    std::vector<std::string> out;
    for (const auto& e : *a) {
      if (e.is_array() || e.is_table()) c.fail(&e, field, "list elements must be numbers or strings");
      out.push_back(scalar_text(c, e, field));
    }
    return out;
  }
  if (auto t = n.as_table()) return range_values(c, *t, n, field);
  return {scalar_text(c, n, field)};
}

/// "--l_max" -> "l-max": l_max and l-max are one option, as in verify --expr and Python (no option
/// has an underscore).
std::string normal_option(const std::string& key) {
  std::string k = key.rfind("--", 0) == 0 ? key.substr(2) : key;
  std::replace(k.begin(), k.end(), '_', '-');
  return k;
}

bool global_option(const std::string& k) {
  static const std::set<std::string> kGlobal = {"format", "output", "threads", "digits", "certified"};
  return kGlobal.count(k) != 0U;
}

std::string option_key(const Ctx& c, const toml::node& v, const std::string& key,
                       const std::string& section) {
  const std::string k = normal_option(key);
  if (k.empty()) c.fail(&v, section, "an empty option name");
  if (global_option(k))
    c.fail(&v, section + " " + k,
           "global options are not spec options (use the top-level digits key, or table's own --format, "
           "--output, --threads)");
  return k;
}

/// [fixed] or [plot.overlay] fixed: option = value (true: a flag; false: left out).
std::vector<std::pair<std::string, std::string>> fixed_options(
    const Ctx& c, const toml::table& t, const std::string& where, std::set<std::string>* used,
    std::vector<std::pair<std::string, long>>* booleans = nullptr) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [k, vp] : in_file_order(t)) {
    const toml::node& v = *vp;
    std::string opt = option_key(c, v, k, where);
    if (used != nullptr && !used->insert(opt).second)
      c.fail(&v, where + " " + opt, "the option is set twice");
    if (auto b = v.as_boolean()) {
      if (b->get()) out.emplace_back(opt, "");
      if (booleans != nullptr) booleans->emplace_back(opt, line_of(v));
      continue;
    }
    if (used != nullptr && (v.is_array() || v.is_table()))
      c.fail(&v, where + " " + opt, "must be one value (lists and ranges go under [sweep])");
    out.emplace_back(opt, scalar_text(c, v, where + " " + opt));
  }
  return out;
}

/// The spec being read, with what the sections share: the options already set.
struct Build {
  Spec& s;
  std::set<std::string> used;
};

const toml::table& section_table(const Ctx& c, const toml::node& n, const std::string& name) {
  if (!n.is_table()) c.fail(&n, name, "must be a table ([" + name + "])");
  return *n.as_table();
}

void read_axes(const Ctx& c, const toml::node& n, const std::string& sec, Build& b) {
  const toml::table& t = section_table(c, n, sec);
  if (t.empty()) c.fail(&n, sec, "is empty");
  const std::string where = fmt::format("[{}]", sec);
  for (const auto& [k, vp] : in_file_order(t)) {
    const toml::node& v = *vp;
    const std::string opt = option_key(c, v, k, where);
    if (!b.used.insert(opt).second) c.fail(&v, where + " " + opt, "the option is set twice");
    const std::string field = fmt::format("{} {}", where, k);
    if (v.is_boolean()) c.fail(&v, field, "flags cannot be swept");
    (sec == "sweep" ? b.s.sweep : b.s.zip).push_back(Axis{opt, axis_values(c, v, field), line_of(v)});
  }
}

/// Zipped lists have one length (checked once the --set overrides are in).
void check_zip(const Ctx& c, const Spec& s) {
  for (size_t i = 1; i < s.zip.size(); ++i)
    if (s.zip[i].values.size() != s.zip[0].values.size())
      c.fail_at(s.zip[i].line, "[zip] " + s.zip[i].option,
                fmt::format("has {} values but [zip] {} has {}: zipped lists need one length",
                            s.zip[i].values.size(), s.zip[0].option, s.zip[0].values.size()));
}

// ---- [plot] -------------------------------------------------------------------------------------

void read_guide_expr(const Ctx& c, const toml::node& n, const std::string&, Guide& g) {
  const std::string field = "[plot] guides";
  if (!n.is_string()) c.fail(&n, field, "each guide needs expr = \"...\" (a function of x)");
  try {
    g.expr = expr::Expr::parse(n.as_string()->get());
  } catch (const expr::ParseError& err) {
    c.fail(&n, field, err.what());
  }
  for (const auto& var : g.expr.variables())
    if (var != "x") c.fail(&n, field, fmt::format("a guide is a function of x only, got \"{}\"", var));
}

const std::vector<Key<Guide>> kGuideKeys = {
    {"expr", read_guide_expr},
    {"label", plot_text(&Guide::label)},
    {"scale", flag(&Guide::scale)},
};

void read_guides(const Ctx& c, const toml::node& n, const std::string& field, PlotSpec& p) {
  auto a = n.as_array();
  if (a == nullptr) c.fail(&n, field, "must be a list of { expr = \"...\", label = \"...\" }");
  for (const auto& e : *a) {
    auto gt = e.as_table();
    if (gt == nullptr || gt->get("expr") == nullptr)
      c.fail(&e, field, "each guide needs expr = \"...\" (a function of x)");
    Guide g{expr::Expr::parse("0"), "", true};
    read_table(c, *gt, field, kGuideKeys, g);
    if (g.label.empty()) g.label = g.expr.text();
    p.guides.push_back(std::move(g));
  }
}

const std::vector<Key<Overlay>> kOverlayKeys = {
    {"command", [](const Ctx& c, const toml::node& n, const std::string& f,
                   Overlay& o) { o.command = words_of(string_of(c, n, f)); }},
    {"fixed",
     [](const Ctx& c, const toml::node& n, const std::string& f, Overlay& o) {
       if (!n.is_table()) c.fail(&n, f, "must be a table { option = value }");
       o.fixed = fixed_options(c, *n.as_table(), f, nullptr);
     }},
    {"x", text(&Overlay::x)},
    {"y", text(&Overlay::y)},
    {"label", plot_text(&Overlay::label)},
};

void read_overlays(const Ctx& c, const toml::node& n, const std::string& field, PlotSpec& p) {
  auto a = n.as_array();
  if (a == nullptr) c.fail(&n, field, "must be [[plot.overlay]] tables");
  for (const auto& e : *a) {
    auto ot = e.as_table();
    if (ot == nullptr) c.fail(&e, field, "must be [[plot.overlay]] tables");
    Overlay o;
    o.line = line_of(e);
    read_table(c, *ot, "[plot.overlay]", kOverlayKeys, o);
    if (o.command.empty() || o.x.empty() || o.y.empty())
      c.fail(&e, "[plot.overlay]", "needs command, x and y");
    if (o.command.front() == "table" || o.command.front() == "verify")  // as the spec's own command
      c.fail(&e, "[plot.overlay] command",
             fmt::format("\"{}\" is not an evaluate command (e.g. \"rank bound\")", o.command.front()));
    if (o.label.empty()) o.label = fmt::format("{}", fmt::join(o.command, " "));
    p.overlays.push_back(std::move(o));
  }
}

/// xrange / yrange = [lo, hi], kept as gnuplot's "[lo:hi]".
auto axis_range(std::string PlotSpec::*m) {
  return [m](const Ctx& c, const toml::node& n, const std::string& f, PlotSpec& p) {
    auto a = n.as_array();
    if (a == nullptr || a->size() != 2 || !(*a)[0].is_number() || !(*a)[1].is_number())
      c.fail(&n, f, "must be [lo, hi] (two numbers)");
    const double lo = (*a)[0].value<double>().value_or(0), hi = (*a)[1].value<double>().value_or(0);
    if (!(lo < hi)) c.fail(&n, f, "needs lo < hi");
    p.*m = fmt::format("[{:.17g}:{:.17g}]", lo, hi);
  };
}

/// width / height: a LaTeX length, read into numbers (output/figure_size.hpp); the text itself never
/// reaches gnuplot or LaTeX.
auto length(std::optional<out::FigureLength> PlotSpec::*m) {
  return [m](const Ctx& c, const toml::node& n, const std::string& f, PlotSpec& p) {
    std::string why;
    p.*m = out::parse_figure_length(string_of(c, n, f), why);
    if (!(p.*m)) c.fail(&n, f, why);
  };
}

const std::vector<Key<PlotSpec>> kPlotKeys = {
    {"x", text(&PlotSpec::x)},
    {"y", strings(&PlotSpec::y)},
    {"series", strings(&PlotSpec::series)},
    {"color", text(&PlotSpec::color)},
    {"dash", text(&PlotSpec::dash)},
    {"marker", text(&PlotSpec::marker)},
    {"logx", flag(&PlotSpec::logx)},
    {"logy", flag(&PlotSpec::logy)},
    {"y_lo", text(&PlotSpec::y_lo)},
    {"y_hi", text(&PlotSpec::y_hi)},
    {"yerr", text(&PlotSpec::yerr)},
    {"guides", read_guides},
    {"overlay", read_overlays},
    {"title", plot_text(&PlotSpec::title)},
    {"xlabel", plot_text(&PlotSpec::xlabel)},
    {"ylabel", plot_text(&PlotSpec::ylabel)},
    {"xrange", axis_range(&PlotSpec::xrange)},
    {"yrange", axis_range(&PlotSpec::yrange)},
    {"key", choice(&PlotSpec::key, {"inside", "outside", "below"})},
    {"style", choice(&PlotSpec::style, {"one-column", "two-column"})},
    {"width", length(&PlotSpec::width)},
    {"height", length(&PlotSpec::height)},
};

/// color, dash and marker name distinct series keys, and at most three keys (a list of y columns
/// counts as one) are told apart by them.
void check_channels(const Ctx& c, const toml::table& t, const PlotSpec& p) {
  const std::vector<std::pair<const char*, const std::string*>> named = {
      {"color", &p.color}, {"dash", &p.dash}, {"marker", &p.marker}};
  for (size_t i = 0; i < named.size(); ++i) {
    const auto& [name, key] = named[i];
    if (key->empty()) continue;
    if (std::find(p.series.begin(), p.series.end(), *key) == p.series.end())
      c.fail(t.get(name), fmt::format("[plot] {}", name),
             fmt::format("\"{}\" is not a series key (series = [{}])", *key, quoted_list(p.series)));
    for (size_t j = 0; j < i; ++j)
      if (*named[j].second == *key)
        c.fail(t.get(name), fmt::format("[plot] {}", name),
               fmt::format("\"{}\" already sets the {}", *key, named[j].first));
  }
  if (p.series.size() + (p.y.size() > 1 ? 1 : 0) > 3)
    c.fail(t.get("series"), "[plot] series",
           fmt::format("{} keys{} cannot be told apart by colour, dash and marker (at most three)",
                       p.series.size(), p.y.size() > 1 ? " and a list of y columns" : ""));
  std::set<std::string> seen;
  for (const auto& k : p.series)
    if (!seen.insert(k).second)
      c.fail(t.get("series"), "[plot] series", fmt::format("\"{}\" is given twice", k));
}

void read_plot(const Ctx& c, const toml::node& n, const std::string& field, Build& b) {
  const toml::table& t = section_table(c, n, field);
  PlotSpec p;
  p.line = line_of(n);
  check_keys(c, t, "[plot]", kPlotKeys);
  if (t.get("x") == nullptr || t.get("y") == nullptr) c.fail(&n, "[plot]", "needs x and y");
  read_keys(c, t, "[plot]", kPlotKeys, p);
  if (p.x.empty()) c.fail(&n, "[plot]", "needs x and y");
  if (p.y_lo.empty() != p.y_hi.empty()) c.fail(&n, "[plot]", "y_lo and y_hi go together");
  check_channels(c, t, p);
  b.s.plot = std::move(p);
}

// ---- the other sections -------------------------------------------------------------------------

const std::vector<Key<LayoutSpec>> kLayoutKeys = {
    {"rows", strings(&LayoutSpec::rows)},
    {"cols", strings(&LayoutSpec::cols)},
    {"value", strings(&LayoutSpec::value)},
    {"header", text(&LayoutSpec::header)},  // LaTeX by design, like [labels]
};

void read_layout(const Ctx& c, const toml::node& n, const std::string& field, Build& b) {
  const toml::table& t = section_table(c, n, field);
  LayoutSpec l;
  l.line = line_of(n);
  read_table(c, t, "[layout]", kLayoutKeys, l);
  if (l.rows.empty() || l.cols.empty() || l.value.empty())
    c.fail(&n, "[layout]", "needs rows, cols and value");
  if (l.value.size() > 2)
    c.fail(t.get("value"), "[layout] value", "one column, or two (lo, hi) for a bracket");
  std::set<std::string> seen;
  for (const auto& k : l.rows)
    if (!seen.insert(k).second)
      c.fail(t.get("rows"), "[layout] rows", fmt::format("\"{}\" is given twice", k));
  for (const auto& k : l.cols)
    if (!seen.insert(k).second)
      c.fail(t.get("cols"), "[layout] cols", fmt::format("\"{}\" is already a key of rows or cols", k));
  b.s.layout = std::move(l);
}

void read_derived(const Ctx& c, const toml::node& n, const std::string& field, Build& b) {
  for (const auto& [k, vp] : in_file_order(section_table(c, n, field))) {
    const toml::node& v = *vp;
    const std::string f = fmt::format("[derived] {}", k);
    if (!v.is_string()) c.fail(&v, f, "must be an expression in a string, e.g. \"lo / hi\"");
    try {
      b.s.derived.emplace_back(k, expr::Expr::parse(v.as_string()->get()));
      b.s.derived_lines.push_back(line_of(v));
    } catch (const expr::ParseError& e) {
      c.fail(&v, f, e.what());
    }
  }
}

/// [latex]: caption (LaTeX source by design; also a top-level key, not both), provenance (false:
/// no line naming the version and the command under the table), label, digit grouping, width.
const std::vector<Key<Build>> kLatexKeys = {
    {"caption",
     [](const Ctx& c, const toml::node& n, const std::string& f, Build& b) {
       if (!b.s.caption.empty()) c.fail(&n, f, "the caption is given twice (top level and [latex])");
       b.s.caption = string_of(c, n, f);
     }},
    {"provenance",
     [](const Ctx& c, const toml::node& n, const std::string& f, Build& b) {
       if (!n.is_boolean()) c.fail(&n, f, "must be true or false");
       b.s.provenance = n.as_boolean()->get();
     }},
    {"label",
     [](const Ctx& c, const toml::node& n, const std::string& f, Build& b) {
       // written into \label{...}: a fixed alphabet, so that it can end nothing and run nothing
       b.s.label = string_of(c, n, f);
       const bool ok = !b.s.label.empty() && b.s.label.size() <= 100 &&
                       b.s.label.find_first_not_of(
                           "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                           "0123456789:._-/+") == std::string::npos;
       if (!ok)
         c.fail(
             &n, f,
             fmt::format("must be a label of letters, digits and : . _ - / + (e.g. \"tab:lb\"), got \"{}\"",
                         b.s.label.substr(0, 60)));
     }},
    {"group_digits",
     [](const Ctx& c, const toml::node& n, const std::string& f, Build& b) {
       if (!n.is_boolean()) c.fail(&n, f, "must be true or false");
       b.s.group_digits = n.as_boolean()->get();
     }},
    {"style",
     [](const Ctx& c, const toml::node& n, const std::string& f, Build& b) {
       const std::string v = string_of(c, n, f);
       if (v != "one-column" && v != "two-column")
         c.fail(&n, f, fmt::format("must be one-column or two-column, got \"{}\"", v));
       b.s.wide = v == "two-column";
     }},
};

void read_latex(const Ctx& c, const toml::node& n, const std::string& field, Build& b) {
  read_table(c, section_table(c, n, field), "[latex]", kLatexKeys, b);
}

void read_labels(const Ctx& c, const toml::node& n, const std::string& field, Build& b) {
  for (auto&& [k, v] : section_table(c, n, field)) {
    if (!v.is_string()) c.fail(&v, fmt::format("[labels] {}", k.str()), "must be a string (LaTeX)");
    b.s.labels[std::string(k.str())] = v.as_string()->get();
  }
}

void read_outputs(const Ctx& c, const toml::node& n, const std::string& field, Build& b) {
  static const std::map<std::string, std::string> kExt = {
      {"csv", "csv"}, {"json", "json"}, {"md", "markdown"}, {"tex", "latex"}, {"txt", "table"}};
  b.s.outputs_line = line_of(n);
  for (const auto& f : string_list(c, n, field)) {
    const auto dot = f.rfind('.');
    const std::string ext = dot == std::string::npos ? "" : f.substr(dot + 1);
    auto it = kExt.find(ext);
    if (it == kExt.end() || f.size() == ext.size() + 1)
      c.fail(&n, field,
             fmt::format("\"{}\": the format comes from the extension: .csv .json .md .tex .txt", f));
    b.s.outputs.emplace_back(f, it->second);
  }
}

auto digits_key(std::optional<long> Spec::*m) {
  return [m](const Ctx& c, const toml::node& n, const std::string& f, Build& b) {
    if (!n.is_integer() || n.as_integer()->get() < 1 || n.as_integer()->get() > 20000)
      c.fail(&n, f, "must be an integer in 1..20000");
    b.s.*m = n.as_integer()->get();
  };
}

/// The top level of a spec, in the order its keys are read (fixed before sweep and zip, so an
/// option set twice is named where it is set the second time).
const std::vector<Key<Build>> kTopKeys = {
    {"command",
     [](const Ctx& c, const toml::node& n, const std::string& f, Build& b) {
       if (!n.is_string()) c.fail(&n, f, "must be a string such as \"rank bound\"");
       b.s.command_line = line_of(n);
       b.s.command = words_of(n.as_string()->get());
       if (b.s.command.empty()) c.fail(&n, f, "is empty");
     }},
    {"caption",
     [](const Ctx& c, const toml::node& n, const std::string& f, Build& b) {
       if (!b.s.caption.empty()) c.fail(&n, f, "the caption is given twice (top level and [latex])");
       b.s.caption = string_of(c, n, f);
     }},
    {"digits", digits_key(&Spec::digits)},
    {"derived_digits", digits_key(&Spec::derived_digits)},
    {"outputs", read_outputs},
    {"columns",
     [](const Ctx& c, const toml::node& n, const std::string& f, Build& b) {
       b.s.columns = string_list(c, n, f);
       b.s.columns_line = line_of(n);
     }},
    {"fixed",
     [](const Ctx& c, const toml::node& n, const std::string& f, Build& b) {
       const toml::table& t = section_table(c, n, f);
       b.s.fixed = fixed_options(c, t, "[fixed]", &b.used, &b.s.booleans);
       for (const auto& [k, vp] : in_file_order(t))
         b.s.fixed_lines[option_key(c, *vp, k, "[fixed]")] = line_of(*vp);
     }},
    {"sweep",
     [](const Ctx& c, const toml::node& n, const std::string& f, Build& b) { read_axes(c, n, f, b); }},
    {"zip", [](const Ctx& c, const toml::node& n, const std::string& f, Build& b) { read_axes(c, n, f, b); }},
    {"derived", read_derived},
    {"labels", read_labels},
    {"latex", read_latex},
    {"layout", read_layout},
    {"plot", read_plot},
};

// ---- --set overrides ----------------------------------------------------------------------------

/// A value as TOML prints it, the same whatever spacing was typed: 4, "talk", [16, 64],
/// { from = 1, per_decade = 4, to = 1e6 } (keys sorted, as toml++ keeps them).
std::string toml_text(const toml::node& n) {
  if (auto a = n.as_array()) {
    std::vector<std::string> items;
    for (const auto& e : *a) items.push_back(toml_text(e));
    return fmt::format("[{}]", fmt::join(items, ", "));
  }
  if (auto t = n.as_table()) {
    std::vector<std::string> items;
    for (auto&& [k, v] : *t) items.push_back(fmt::format("{} = {}", k.str(), toml_text(v)));
    return fmt::format("{{ {} }}", fmt::join(items, ", "));
  }
  std::ostringstream os;
  n.visit([&](const auto& x) { os << x; });
  return os.str();
}

/// One --set word read: the option, its value parsed as TOML (in doc, key "v") and as typed.
struct SetWord {
  std::string key;
  toml::table doc;
  std::string typed;
};

/// One --set word, "KEY=VALUE": the option and its value parsed as TOML (a bare word that is no TOML
/// value, such as talk or 1/10, is that string). One printable line: no second key can hide in it.
SetWord read_set_word(const std::string& word) {
  const auto bad = [&](const std::string& why) { throw UsageError(fmt::format("--set {}: {}", word, why)); };
  if (std::any_of(word.begin(), word.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x20; }))
    bad("must be one line KEY=VALUE");
  const auto eq = word.find('=');
  const auto trim = [](std::string x) {
    x.erase(0, x.find_first_not_of(' '));
    x.erase(x.find_last_not_of(' ') + 1);
    return x;
  };
  const std::string key = eq == std::string::npos ? "" : normal_option(trim(word.substr(0, eq)));
  const std::string value = eq == std::string::npos ? "" : trim(word.substr(eq + 1));
  if (key.empty() || value.empty()) bad("must be KEY=VALUE, e.g. r=4 or 'd=[16, 64]'");
  if (global_option(key))
    bad("a global option, not a spec option (use table's own --digits, --format, --output, --threads)");
  toml::table doc;
  try {
    // non-ASCII outside a string is no TOML value (and toml++ must not see it: core/toml_guard.hpp)
    if (toml_non_ascii_line(value) != 0)
      throw toml::parse_error("a non-ASCII character outside a string", toml::source_region{});
    doc = toml::parse("v = " + value);
  } catch (const toml::parse_error& e) {
    if (value.find_first_of("[]{}\"'=#") != std::string::npos)
      bad(fmt::format("not a TOML value: {}", e.description()));
    doc = toml::table{};
    doc.insert("v", value);
  }
  if (doc.size() != 1 || doc.get("v") == nullptr) bad("must be one value");
  return {key, std::move(doc), value};
}

/// The values a string stands for when the command line would read it as several: "log(1,1e4,4)",
/// "1:10000", "1,10,100", bare or quoted (table/values.hpp cli_values, as `table` reads `--H ...`
/// typed after a command); nullopt for one value ("talk", "pi/6") and for any other TOML type.
std::optional<std::vector<std::string>> spelled_values(const std::string& word, const std::string& opt,
                                                       const toml::node& v) {
  const auto* str = v.as_string();
  if (str == nullptr) return std::nullopt;
  try {
    return cli_values(opt, str->get());
  } catch (const UsageError& e) {
    throw UsageError(fmt::format("--set {}: {}", word, e.what()));
  }
}

/// Removes `opt` from [fixed], [sweep] and [zip]; says where it was (the section and index).
std::pair<char, size_t> take_option(Spec& s, const std::string& opt) {
  for (size_t i = 0; i < s.fixed.size(); ++i)
    if (s.fixed[i].first == opt)
      return s.fixed.erase(s.fixed.begin() + static_cast<long>(i)), std::pair{'f', i};
  for (size_t i = 0; i < s.sweep.size(); ++i)
    if (s.sweep[i].option == opt)
      return s.sweep.erase(s.sweep.begin() + static_cast<long>(i)), std::pair{'s', i};
  for (size_t i = 0; i < s.zip.size(); ++i)
    if (s.zip[i].option == opt) return s.zip.erase(s.zip.begin() + static_cast<long>(i)), std::pair{'z', i};
  return {'-', 0};
}

/// Applies one --set: a single value (or a flag) fixes the option where [fixed] had it, a list or a
/// range sweeps it where [sweep] or [zip] had it; an option new to the spec is fixed or swept last.
void apply_set(const Ctx& c, Spec& s, const std::string& word) {
  auto [opt_word, doc, typed] = read_set_word(word);
  const std::string opt = opt_word;  // a copy: lambdas cannot capture a structured binding (C++17)
  const toml::node& v = *doc.get("v");
  for (const auto& o : s.sets)
    if (o.option == opt) throw UsageError(fmt::format("--set {}: the option is set twice", opt));
  const std::string field = "--set " + opt;
  const auto spelled = spelled_values(word, opt, v);
  const auto [where, at] = take_option(s, opt);
  s.fixed_lines.erase(opt);
  s.booleans.erase(std::remove_if(s.booleans.begin(), s.booleans.end(),
                                  [&](const std::pair<std::string, long>& f) { return f.first == opt; }),
                   s.booleans.end());
  if (v.is_boolean()) s.booleans.emplace_back(opt, 0);
  size_t swept = 0;
  if (v.is_array() || v.is_table() || spelled) {
    Axis a{opt, spelled ? *spelled : axis_values(c, v, field), 0};
    swept = a.values.size();
    if (where == 'z')
      s.zip.insert(s.zip.begin() + static_cast<long>(at), std::move(a));
    else
      s.sweep.insert(where == 's' ? s.sweep.begin() + static_cast<long>(at) : s.sweep.end(), std::move(a));
  } else if (auto b = v.as_boolean(); b == nullptr || b->get()) {
    std::pair<std::string, std::string> f{opt, b != nullptr ? "" : scalar_text(c, v, field)};
    s.fixed.insert(where == 'f' ? s.fixed.begin() + static_cast<long>(at) : s.fixed.end(), std::move(f));
  }
  s.sets.push_back({opt, toml_text(v), typed, swept});
}

// ---- what the sections say together --------------------------------------------------------------

/// Column names and option names compare with '_' and '-' as one (l_max is --l-max).
bool same_key(std::string a, std::string b) {
  std::replace(a.begin(), a.end(), '_', '-');
  std::replace(b.begin(), b.end(), '_', '-');
  return a == b;
}

/// A swept option (or zip group) none of `keys` names, or "" when every one is named.
std::string unnamed_axis(const Spec& s, const std::vector<std::string>& keys) {
  const auto named = [&](const std::string& opt) {
    return std::any_of(keys.begin(), keys.end(), [&](const std::string& k) { return same_key(k, opt); });
  };
  for (const auto& a : s.sweep)
    if (a.values.size() > 1 && !named(a.option)) return a.option;
  if (!s.zip.empty() && s.zip[0].values.size() > 1 &&
      std::none_of(s.zip.begin(), s.zip.end(), [&](const Axis& a) { return named(a.option); }))
    return s.zip[0].option;
  return "";
}

/// How the spec sets `opt` and how to fix it instead: "[sweep] r (line 9)", "--set r=...".
std::string axis_origin(const Spec& s, const std::string& opt) {
  if (s.is_set(opt)) return "--set " + opt;
  const bool zip = std::any_of(s.zip.begin(), s.zip.end(), [&](const Axis& a) { return a.option == opt; });
  return fmt::format("[{}] {} (line {})", zip ? "zip" : "sweep", opt, s.line_of(opt));
}

const std::string& first_value(const Spec& s, const std::string& opt) {
  for (const auto& a : s.zip)
    if (a.option == opt) return a.values[0];
  for (const auto& a : s.sweep)
    if (a.option == opt) return a.values[0];
  throw std::logic_error("first_value: not swept");
}

/// Every option the sweep varies must be an axis of the figure (x or a series key) and of the pivot
/// (rows or cols): otherwise the points that differ only in it fall on one curve, which then jumps
/// back from the last x to the first, or on one cell.
// The [plot] or [layout] section at `line` names the axes in `named`; a varied sweep axis left out
// is refused, naming both fixes: add it to the list `key` (shown with it appended) or fix its value.
struct AxisSection {
  long line;
  const char* section;
  std::vector<std::string> named;
  const char* left_out;  // what an unnamed axis does to the output
  const char* add;       // the first fix
  const char* key;       // the list the first fix adds to
  std::vector<std::string> list;
};

void check_section_names_axes(const Ctx& c, const Spec& s, AxisSection a) {
  const std::string opt = unnamed_axis(s, a.named);
  if (opt.empty()) return;
  a.list.push_back(opt);
  c.fail_at(
      a.line, a.section,
      fmt::format("the sweep varies {} ({}), which is {}; {} ({} = [{}]) or fix it ([fixed] {} = {}, or "
                  "table --set {}={})",
                  opt, axis_origin(s, opt), a.left_out, a.add, a.key, quoted_list(a.list), opt,
                  first_value(s, opt), opt, first_value(s, opt)));
}

void check_axes_named(const Ctx& c, const Spec& s) {
  if (s.plot) {
    std::vector<std::string> named = s.plot->series;
    named.push_back(s.plot->x);
    check_section_names_axes(
        c, s,
        {s.plot->line, "[plot]", named, "neither x nor a series key, so its curves would merge into one line",
         "add it to the series", "series", s.plot->series});
  }
  if (s.layout) {
    std::vector<std::string> named = s.layout->rows;
    named.insert(named.end(), s.layout->cols.begin(), s.layout->cols.end());
    check_section_names_axes(c, s,
                             {s.layout->line, "[layout]", named,
                              "neither in rows nor in cols, so several points would share a cell",
                              "pivot on it", "cols", s.layout->cols});
  }
}

}  // namespace

long Spec::line_of(const std::string& option) const {
  if (auto it = fixed_lines.find(option); it != fixed_lines.end()) return it->second;
  for (const auto& a : sweep)
    if (a.option == option) return a.line;
  for (const auto& a : zip)
    if (a.option == option) return a.line;
  return 0;
}

bool Spec::is_set(const std::string& option) const {
  return std::any_of(sets.begin(), sets.end(), [&](const Override& o) { return o.option == option; });
}

std::string Spec::identity() const {
  std::string id = text;
  for (const auto& o : sets) id += "\n--set " + o.text();
  return id;
}

std::vector<std::string> Spec::varied() const {
  std::vector<std::string> v;
  for (const auto& a : sweep)
    if (a.values.size() > 1) v.push_back(a.option);
  for (const auto& a : zip)
    if (a.values.size() > 1) v.push_back(a.option);
  return v;
}

Spec parse_spec(const std::string& text, const std::string& file, const std::vector<std::string>& sets) {
  Ctx c{file};
  Spec s;
  s.file = file;
  s.text = text;
  toml::table doc;
  const std::string_view body = without_bom(text);
  if (const long bad = toml_non_ascii_line(body); bad != 0)
    throw UsageError(
        fmt::format("{}:{}: not valid TOML: a non-ASCII character outside a string or a comment", file, bad));
  try {
    doc = toml::parse(body, file);
  } catch (const toml::parse_error& e) {
    throw UsageError(fmt::format("{}:{}: not valid TOML: {}", file, e.source().begin.line, e.description()));
  }
  check_keys(c, doc, "", kTopKeys);
  if (doc.get("command") == nullptr)
    throw UsageError(fmt::format("{}: command: missing (e.g. command = \"rank bound\")", file));
  Build b{s, {}};
  read_keys(c, doc, "", kTopKeys, b);
  const Ctx set_ctx{file, false};
  for (const auto& w : sets) apply_set(set_ctx, s, w);
  check_zip(c, s);
  check_axes_named(c, s);
  return s;
}

Spec load_spec(const std::string& file, const std::vector<std::string>& sets) {
  if (file.empty()) throw UsageError("--spec must be a file name, got \"\"");
  return parse_spec(read_text_file(file, TextLimits{size_t(1) << 20, size_t(1) << 16}, "--spec"), file, sets);
}

}  // namespace bc::cli::table
