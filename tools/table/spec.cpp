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
  [[noreturn]] void fail_at(long line, const std::string& field, const std::string& what) const {
    if (line > 0) throw UsageError(fmt::format("{}:{}: {}: {}", file, line, field, what));
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

std::vector<std::string> words_of(const std::string& s) {
  std::vector<std::string> w;
  std::istringstream in(s);
  for (std::string x; in >> x;) w.push_back(x);
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

std::string option_key(const Ctx& c, const toml::node& v, const std::string& key,
                       const std::string& section) {
  std::string k = key.rfind("--", 0) == 0 ? key.substr(2) : key;
  if (k.empty()) c.fail(&v, section, "an empty option name");
  // l_max and l-max are one option, as in verify --expr and Python (no option has an underscore)
  std::replace(k.begin(), k.end(), '_', '-');
  static const std::set<std::string> kGlobal = {"format", "output", "threads", "digits", "certified"};
  if (kGlobal.count(k) != 0U)
    c.fail(&v, section + " " + k,
           "global options are not spec options (use the top-level digits key, or table's own --format, "
           "--output, --threads)");
  return k;
}

/// [fixed] or [plot.overlay] fixed: option = value (true: a flag; false: left out).
std::vector<std::pair<std::string, std::string>> fixed_options(const Ctx& c, const toml::table& t,
                                                               const std::string& where,
                                                               std::set<std::string>* used) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [k, vp] : in_file_order(t)) {
    const toml::node& v = *vp;
    std::string opt = option_key(c, v, k, where);
    if (used != nullptr && !used->insert(opt).second)
      c.fail(&v, where + " " + opt, "the option is set twice");
    if (auto b = v.as_boolean()) {
      if (b->get()) out.emplace_back(opt, "");
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
  for (size_t i = 1; i < b.s.zip.size(); ++i)
    if (b.s.zip[i].values.size() != b.s.zip[0].values.size())
      c.fail_at(b.s.zip[i].line, "[zip] " + b.s.zip[i].option,
                fmt::format("has {} values but [zip] {} has {}: zipped lists need one length",
                            b.s.zip[i].values.size(), b.s.zip[0].option, b.s.zip[0].values.size()));
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

const std::vector<Key<PlotSpec>> kPlotKeys = {
    {"x", text(&PlotSpec::x)},
    {"y", strings(&PlotSpec::y)},
    {"series", text(&PlotSpec::series)},
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
};

void read_plot(const Ctx& c, const toml::node& n, const std::string& field, Build& b) {
  const toml::table& t = section_table(c, n, field);
  PlotSpec p;
  p.line = line_of(n);
  check_keys(c, t, "[plot]", kPlotKeys);
  if (t.get("x") == nullptr || t.get("y") == nullptr) c.fail(&n, "[plot]", "needs x and y");
  read_keys(c, t, "[plot]", kPlotKeys, p);
  if (p.x.empty()) c.fail(&n, "[plot]", "needs x and y");
  if (p.y_lo.empty() != p.y_hi.empty()) c.fail(&n, "[plot]", "y_lo and y_hi go together");
  b.s.plot = std::move(p);
}

// ---- the other sections -------------------------------------------------------------------------

const std::vector<Key<LayoutSpec>> kLayoutKeys = {
    {"rows", text(&LayoutSpec::rows)},
    {"cols", text(&LayoutSpec::cols)},
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

/// [latex]: caption (LaTeX source by design) and provenance (true: the caption ends with the
/// version and the command, as without the section).
void read_latex(const Ctx& c, const toml::node& n, const std::string& field, Build& b) {
  const toml::table& t = section_table(c, n, field);
  for (auto&& [k, v] : t) {
    const std::string key(k.str()), f = "[latex] " + key;
    if (key == "caption") {
      if (!b.s.caption.empty()) c.fail(&v, f, "the caption is given twice (top level and [latex])");
      b.s.caption = string_of(c, v, f);
    } else if (key == "provenance") {
      if (!v.is_boolean()) c.fail(&v, f, "must be true or false");
      b.s.provenance = v.as_boolean()->get();
    } else {
      c.fail(&v, f, "unknown key (caption, provenance)");
    }
  }
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
       b.s.fixed = fixed_options(c, t, "[fixed]", &b.used);
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

}  // namespace

long Spec::line_of(const std::string& option) const {
  if (auto it = fixed_lines.find(option); it != fixed_lines.end()) return it->second;
  for (const auto& a : sweep)
    if (a.option == option) return a.line;
  for (const auto& a : zip)
    if (a.option == option) return a.line;
  return 0;
}

Spec parse_spec(const std::string& text, const std::string& file) {
  Ctx c{file};
  Spec s;
  s.file = file;
  s.text = text;
  toml::table doc;
  try {
    doc = toml::parse(text, file);
  } catch (const toml::parse_error& e) {
    throw UsageError(fmt::format("{}:{}: not valid TOML: {}", file, e.source().begin.line, e.description()));
  }
  check_keys(c, doc, "", kTopKeys);
  if (doc.get("command") == nullptr)
    throw UsageError(fmt::format("{}: command: missing (e.g. command = \"rank bound\")", file));
  Build b{s, {}};
  read_keys(c, doc, "", kTopKeys, b);
  return s;
}

Spec load_spec(const std::string& file) {
  if (file.empty()) throw UsageError("--spec must be a file name, got \"\"");
  return parse_spec(read_text_file(file, TextLimits{size_t(1) << 20, size_t(1) << 16}, "--spec"), file);
}

}  // namespace bc::cli::table
