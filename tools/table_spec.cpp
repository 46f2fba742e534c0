// Loading and expanding `table` specs (format in table_spec.hpp). toml++ parses; every value is
// turned into the text a user would type after the option, so the command's own parser validates
// it exactly as on the command line (no second copy of any option's rules).
#include "table_spec.hpp"

#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "core/flint.hpp"
#include "core/text_file.hpp"
#include "output/plot_text.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace bc::cli::table {

namespace {

struct Ctx {
  const std::string& file;
  [[noreturn]] void fail(const toml::node* n, const std::string& field, const std::string& what) const {
    const long line = n != nullptr ? static_cast<long>(n->source().begin.line) : 0;
    if (line > 0) throw UsageError(fmt::format("{}:{}: {}: {}", file, line, field, what));
    throw UsageError(fmt::format("{}: {}: {}", file, field, what));
  }
};

long line_of(const toml::node& n) { return static_cast<long>(n.source().begin.line); }

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

struct RangeError : UsageError {
  using UsageError::UsageError;
};

std::vector<std::string> axis_values(const Ctx& c, const toml::node& n, const std::string& field,
                                     size_t max_points) {
  std::vector<std::string> out;
  if (auto a = n.as_array()) {
    if (a->empty()) c.fail(&n, field, "the list is empty");
    for (const auto& e : *a) {
      if (e.is_array() || e.is_table()) c.fail(&e, field, "list elements must be numbers or strings");
      out.push_back(scalar_text(c, e, field));
    }
    return out;
  }
  auto t = n.as_table();
  if (t == nullptr) return {scalar_text(c, n, field)};
  for (auto&& [k, v] : *t)
    if (k != "from" && k != "to" && k != "step" && k != "per_decade")
      c.fail(&v, field, fmt::format("unknown range key \"{}\" (from, to, step | per_decade)", k.str()));
  const toml::node* from = t->get("from");
  const toml::node* to = t->get("to");
  const toml::node* step = t->get("step");
  const toml::node* per = t->get("per_decade");
  if (from == nullptr || to == nullptr) c.fail(&n, field, "a range needs from and to");
  if ((step == nullptr) == (per == nullptr))
    c.fail(&n, field, "a range needs exactly one of step or per_decade");
  const Fmpq a = exact_of(c, *from, field + ".from"), b = exact_of(c, *to, field + ".to");
  if (fmpq_cmp(a.x, b.x) > 0) c.fail(&n, field, "from must not exceed to");
  try {
    if (step != nullptr) {
      const Fmpq s = exact_of(c, *step, field + ".step");
      if (fmpq_sgn(s.x) <= 0) c.fail(step, field + ".step", "must be positive");
      return step_range(a, b, s, max_points);
    }
    const long long pd = per->as_integer() ? per->as_integer()->get() : -1;
    if (pd < 1 || pd > 1000) c.fail(per, field + ".per_decade", "must be an integer in 1..1000");
    if (fmpq_sgn(a.x) <= 0) c.fail(from, field + ".from", "a log-spaced range must start above 0");
    return log_range(a, b, static_cast<long>(pd), max_points);
  } catch (const RangeError& e) {
    c.fail(&n, field, e.what());
  }
}

std::string string_field(const Ctx& c, const toml::table& t, const char* key, const std::string& where) {
  const toml::node* n = t.get(key);
  if (n == nullptr) return {};
  if (!n->is_string()) c.fail(n, where + key, "must be a string");
  return n->as_string()->get();
}

/// A string that will be drawn in a figure: refused at its file:line unless it is inert text
/// (output/plot_text.hpp: one printable line, no ` or @, at most 400 bytes).
std::string plot_text_field(const Ctx& c, const toml::table& t, const char* key, const std::string& where) {
  std::string s = string_field(c, t, key, where);
  if (std::string why = out::plot_text_problem(s); !why.empty()) c.fail(t.get(key), where + key, why);
  return s;
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

bool bool_field(const Ctx& c, const toml::table& t, const char* key, const std::string& where) {
  const toml::node* n = t.get(key);
  if (n == nullptr) return false;
  if (!n->is_boolean()) c.fail(n, where + key, "must be true or false");
  return n->as_boolean()->get();
}

std::string option_key(const Ctx& c, const toml::node& v, const std::string& key,
                       const std::string& section) {
  std::string k = key.rfind("--", 0) == 0 ? key.substr(2) : key;
  if (k.empty()) c.fail(&v, section, "an empty option name");
  static const std::set<std::string> kGlobal = {"format", "output", "threads", "digits", "certified"};
  if (kGlobal.count(k) != 0U)
    c.fail(&v, section + " " + k,
           "global options are not spec options (use the top-level digits key, or table's own --format, "
           "--output, --threads)");
  return k;
}

}  // namespace

std::vector<std::string> step_range(const Fmpq& a, const Fmpq& b, const Fmpq& s, size_t max_count) {
  // count = floor((b - a)/s) + 1, checked before materialising anything
  Fmpq span;
  fmpq_sub(span.x, b.x, a.x);
  fmpq_div(span.x, span.x, s.x);
  Fmpz cnt;
  fmpz_fdiv_q(cnt.x, fmpq_numref(span.x), fmpq_denref(span.x));
  fmpz_add_ui(cnt.x, cnt.x, 1);  // the values a, a + s, ..., up to b
  if (fmpz_cmp_ui(cnt.x, max_count) > 0)
    throw RangeError(fmt::format("the range has {} values, more than the limit of {}", cnt.str(), max_count));
  std::vector<std::string> out;
  Fmpq v = a;
  for (slong i = 0; i < fmpz_get_si(cnt.x); ++i) {
    out.push_back(v.str());
    fmpq_add(v.x, v.x, s.x);
  }
  return out;
}

std::vector<std::string> log_range(const Fmpq& a, const Fmpq& b, long per_decade, size_t max_count) {
  const double la = std::log10(fmpq_get_d(a.x)), lb = std::log10(fmpq_get_d(b.x));
  const double count = std::floor((lb - la) * static_cast<double>(per_decade) + 1e-9) + 1;
  if (count > static_cast<double>(max_count))
    throw RangeError(fmt::format("the range has {} values, more than the limit of {}", count, max_count));
  // integers when both ends are integers (head counts, dimensions), else 6 significant digits
  const bool integral = fmpz_is_one(fmpq_denref(a.x)) && fmpz_is_one(fmpq_denref(b.x));
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (long k = 0; k < static_cast<long>(count); ++k) {
    const double v = std::pow(10.0, la + static_cast<double>(k) / static_cast<double>(per_decade));
    std::string s;
    if (integral) {
      if (v >= 9.0e15) throw RangeError("log-spaced integers above 9e15 are not supported; give a list");
      s = fmt::format("{}", static_cast<long long>(std::llround(v)));
    } else {
      s = fmt::format("{:.6g}", v);
    }
    if (seen.insert(s).second) out.push_back(s);
  }
  return out;
}

long Spec::line_of(const std::string& option) const {
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
  static const std::set<std::string> kTop = {
      "command", "caption", "digits",  "derived_digits", "columns", "outputs", "fixed",
      "sweep",   "zip",     "derived", "labels",         "layout",  "plot"};
  for (auto&& [k, v] : doc)
    if (kTop.count(std::string(k.str())) == 0U)
      c.fail(&v, std::string(k.str()),
             "unknown key (command, caption, digits, columns, fixed, sweep, zip, derived, labels, layout, "
             "plot)");
  const toml::node* cmd = doc.get("command");
  if (cmd == nullptr)
    throw UsageError(fmt::format("{}: command: missing (e.g. command = \"rank bound\")", file));
  if (!cmd->is_string()) c.fail(cmd, "command", "must be a string such as \"rank bound\"");
  s.command_line = line_of(*cmd);
  {
    std::istringstream words(cmd->as_string()->get());
    for (std::string w; words >> w;) s.command.push_back(w);
    if (s.command.empty()) c.fail(cmd, "command", "is empty");
  }
  s.caption = string_field(c, doc, "caption", "");
  if (const toml::node* d = doc.get("digits")) {
    if (!d->is_integer() || d->as_integer()->get() < 1 || d->as_integer()->get() > 20000)
      c.fail(d, "digits", "must be an integer in 1..20000");
    s.digits = d->as_integer()->get();
  }
  if (const toml::node* d = doc.get("derived_digits")) {
    if (!d->is_integer() || d->as_integer()->get() < 1 || d->as_integer()->get() > 20000)
      c.fail(d, "derived_digits", "must be an integer in 1..20000");
    s.derived_digits = d->as_integer()->get();
  }
  if (const toml::node* outs = doc.get("outputs")) {
    s.outputs_line = line_of(*outs);
    for (const auto& f : string_list(c, *outs, "outputs")) {
      const auto dot = f.rfind('.');
      const std::string ext = dot == std::string::npos ? "" : f.substr(dot + 1);
      static const std::map<std::string, std::string> kExt = {
          {"csv", "csv"}, {"json", "json"}, {"md", "markdown"}, {"tex", "latex"}, {"txt", "table"}};
      auto it = kExt.find(ext);
      if (it == kExt.end() || f.size() == ext.size() + 1)
        c.fail(outs, "outputs",
               fmt::format("\"{}\": the format comes from the extension: .csv .json .md .tex .txt", f));
      s.outputs.emplace_back(f, it->second);
    }
  }
  if (const toml::node* cols = doc.get("columns")) {
    s.columns = string_list(c, *cols, "columns");
    s.columns_line = line_of(*cols);
  }
  auto section = [&](const char* name) -> const toml::table* {
    const toml::node* n = doc.get(name);
    if (n == nullptr) return nullptr;
    if (!n->is_table()) c.fail(n, name, "must be a table ([" + std::string(name) + "])");
    return n->as_table();
  };
  std::set<std::string> used;
  auto claim = [&](const toml::node& v, const std::string& opt, const std::string& sec) {
    if (!used.insert(opt).second) c.fail(&v, sec + " " + opt, "the option is set twice");
  };
  if (auto t = section("fixed"))
    for (const auto& [k, vp] : in_file_order(*t)) {
      const toml::node& v = *vp;
      std::string opt = option_key(c, v, k, "[fixed]");
      claim(v, opt, "[fixed]");
      if (auto b = v.as_boolean()) {
        if (b->get()) s.fixed.emplace_back(opt, "");
        continue;
      }
      if (v.is_array() || v.is_table())
        c.fail(&v, "[fixed] " + opt, "must be one value (lists and ranges go under [sweep])");
      s.fixed.emplace_back(opt, scalar_text(c, v, "[fixed] " + opt));
    }
  constexpr size_t kMaxAxis = 10000000;
  for (const char* sec : {"sweep", "zip"})
    if (auto t = section(sec)) {
      if (t->empty()) c.fail(doc.get(sec), sec, "is empty");
      for (const auto& [k, vp] : in_file_order(*t)) {
        const toml::node& v = *vp;
        const std::string field = fmt::format("[{}] {}", sec, k);
        std::string opt = option_key(c, v, k, fmt::format("[{}]", sec));
        claim(v, opt, fmt::format("[{}]", sec));
        if (v.is_boolean()) c.fail(&v, field, "flags cannot be swept");
        Axis a{opt, axis_values(c, v, field, kMaxAxis), line_of(v)};
        (std::string(sec) == "sweep" ? s.sweep : s.zip).push_back(std::move(a));
      }
    }
  for (size_t i = 1; i < s.zip.size(); ++i)
    if (s.zip[i].values.size() != s.zip[0].values.size()) {
      const toml::node* n = doc["zip"][s.zip[i].option].node();
      c.fail(n, "[zip] " + s.zip[i].option,
             fmt::format("has {} values but [zip] {} has {}: zipped lists need one length",
                         s.zip[i].values.size(), s.zip[0].option, s.zip[0].values.size()));
    }
  if (auto t = section("derived"))
    for (const auto& [k, vp] : in_file_order(*t)) {
      const toml::node& v = *vp;
      const std::string field = fmt::format("[derived] {}", k);
      if (!v.is_string()) c.fail(&v, field, "must be an expression in a string, e.g. \"lo / hi\"");
      try {
        s.derived.emplace_back(k, expr::Expr::parse(v.as_string()->get()));
        s.derived_lines.push_back(line_of(v));
      } catch (const expr::ParseError& e) {
        c.fail(&v, field, e.what());
      }
    }
  if (auto t = section("labels"))
    for (auto&& [k, v] : *t) {
      if (!v.is_string()) c.fail(&v, fmt::format("[labels] {}", k.str()), "must be a string (LaTeX)");
      s.labels[std::string(k.str())] = v.as_string()->get();
    }
  if (auto t = section("layout")) {
    LayoutSpec l;
    l.line = line_of(*doc.get("layout"));
    for (auto&& [k, v] : *t)
      if (k != "rows" && k != "cols" && k != "value")
        c.fail(&v, fmt::format("[layout] {}", k.str()), "unknown key (rows, cols, value)");
    l.rows = string_field(c, *t, "rows", "[layout] ");
    l.cols = string_field(c, *t, "cols", "[layout] ");
    if (l.rows.empty() || l.cols.empty() || t->get("value") == nullptr)
      c.fail(doc.get("layout"), "[layout]", "needs rows, cols and value");
    l.value = string_list(c, *t->get("value"), "[layout] value");
    if (l.value.size() > 2)
      c.fail(t->get("value"), "[layout] value", "one column, or two (lo, hi) for a bracket");
    s.layout = std::move(l);
  }
  if (auto t = section("plot")) {
    PlotSpec p;
    p.line = line_of(*doc.get("plot"));
    static const std::set<std::string> kPlot = {"x",      "y",      "series", "logx",    "logy",  "y_lo",
                                                "y_hi",   "yerr",   "guides", "overlay", "title", "xlabel",
                                                "ylabel", "xrange", "yrange", "key"};
    for (auto&& [k, v] : *t)
      if (kPlot.count(std::string(k.str())) == 0U)
        c.fail(&v, fmt::format("[plot] {}", k.str()),
               "unknown key (x, y, series, logx, logy, y_lo, y_hi, yerr, guides, overlay, title, xlabel, "
               "ylabel, "
               "xrange, yrange, key)");
    p.x = string_field(c, *t, "x", "[plot] ");
    if (p.x.empty() || t->get("y") == nullptr) c.fail(doc.get("plot"), "[plot]", "needs x and y");
    p.y = string_list(c, *t->get("y"), "[plot] y");
    p.series = string_field(c, *t, "series", "[plot] ");
    p.y_lo = string_field(c, *t, "y_lo", "[plot] ");
    p.y_hi = string_field(c, *t, "y_hi", "[plot] ");
    p.yerr = string_field(c, *t, "yerr", "[plot] ");
    p.title = plot_text_field(c, *t, "title", "[plot] ");
    p.xlabel = plot_text_field(c, *t, "xlabel", "[plot] ");
    p.ylabel = plot_text_field(c, *t, "ylabel", "[plot] ");
    p.logx = bool_field(c, *t, "logx", "[plot] ");
    for (const char* rk : {"xrange", "yrange"})
      if (const toml::node* r = t->get(rk)) {
        auto a = r->as_array();
        if (a == nullptr || a->size() != 2 || !(*a)[0].is_number() || !(*a)[1].is_number())
          c.fail(r, fmt::format("[plot] {}", rk), "must be [lo, hi] (two numbers)");
        const double lo = (*a)[0].value<double>().value_or(0), hi = (*a)[1].value<double>().value_or(0);
        if (!(lo < hi)) c.fail(r, fmt::format("[plot] {}", rk), "needs lo < hi");
        (std::string(rk) == "xrange" ? p.xrange : p.yrange) = fmt::format("[{:.17g}:{:.17g}]", lo, hi);
      }
    p.key = string_field(c, *t, "key", "[plot] ");
    if (!p.key.empty() && p.key != "inside" && p.key != "outside" && p.key != "below")
      c.fail(t->get("key"), "[plot] key", fmt::format("must be inside, outside or below, got \"{}\"", p.key));
    p.logy = bool_field(c, *t, "logy", "[plot] ");
    if (p.y_lo.empty() != p.y_hi.empty()) c.fail(doc.get("plot"), "[plot]", "y_lo and y_hi go together");
    if (const toml::node* g = t->get("guides")) {
      auto a = g->as_array();
      if (a == nullptr) c.fail(g, "[plot] guides", "must be a list of { expr = \"...\", label = \"...\" }");
      for (const auto& e : *a) {
        auto gt = e.as_table();
        if (gt == nullptr || gt->get("expr") == nullptr || !gt->get("expr")->is_string())
          c.fail(&e, "[plot] guides", "each guide needs expr = \"...\" (a function of x)");
        Guide gd{expr::Expr::parse("0"), plot_text_field(c, *gt, "label", "[plot] guides "), true};
        if (gt->get("scale") != nullptr) gd.scale = bool_field(c, *gt, "scale", "[plot] guides ");
        for (auto&& [gk, gv] : *gt)
          if (gk != "expr" && gk != "label" && gk != "scale")
            c.fail(&gv, fmt::format("[plot] guides {}", gk.str()), "unknown key (expr, label, scale)");
        try {
          gd.expr = expr::Expr::parse(gt->get("expr")->as_string()->get());
        } catch (const expr::ParseError& err) {
          c.fail(&e, "[plot] guides", err.what());
        }
        for (const auto& var : gd.expr.variables())
          if (var != "x")
            c.fail(&e, "[plot] guides", fmt::format("a guide is a function of x only, got \"{}\"", var));
        if (gd.label.empty()) gd.label = gd.expr.text();
        p.guides.push_back(std::move(gd));
      }
    }
    if (const toml::node* ov = t->get("overlay")) {
      auto a = ov->as_array();
      if (a == nullptr) c.fail(ov, "[plot] overlay", "must be [[plot.overlay]] tables");
      for (const auto& e : *a) {
        auto ot = e.as_table();
        if (ot == nullptr) c.fail(&e, "[plot] overlay", "must be [[plot.overlay]] tables");
        Overlay o;
        o.line = line_of(e);
        for (auto&& [ok, ovv] : *ot)
          if (ok != "command" && ok != "fixed" && ok != "x" && ok != "y" && ok != "label")
            c.fail(&ovv, fmt::format("[plot.overlay] {}", ok.str()),
                   "unknown key (command, fixed, x, y, label)");
        std::istringstream words(string_field(c, *ot, "command", "[plot.overlay] "));
        for (std::string w; words >> w;) o.command.push_back(w);
        o.x = string_field(c, *ot, "x", "[plot.overlay] ");
        o.y = string_field(c, *ot, "y", "[plot.overlay] ");
        o.label = plot_text_field(c, *ot, "label", "[plot.overlay] ");
        if (o.command.empty() || o.x.empty() || o.y.empty())
          c.fail(&e, "[plot.overlay]", "needs command, x and y");
        if (const toml::node* f = ot->get("fixed")) {
          auto ft = f->as_table();
          if (ft == nullptr) c.fail(f, "[plot.overlay] fixed", "must be a table { option = value }");
          for (const auto& [k, vp] : in_file_order(*ft)) {
            std::string opt = option_key(c, *vp, k, "[plot.overlay] fixed");
            if (auto b = vp->as_boolean()) {
              if (b->get()) o.fixed.emplace_back(opt, "");
              continue;
            }
            o.fixed.emplace_back(opt, scalar_text(c, *vp, "[plot.overlay] fixed " + opt));
          }
        }
        if (o.label.empty()) o.label = fmt::format("{}", fmt::join(o.command, " "));
        p.overlays.push_back(std::move(o));
      }
    }
    s.plot = std::move(p);
  }
  return s;
}

Spec load_spec(const std::string& file) {
  if (file.empty()) throw UsageError("--spec must be a file name, got \"\"");
  return parse_spec(read_text_file(file, TextLimits{size_t(1) << 20, size_t(1) << 16}, "--spec"), file);
}

std::vector<Point> expand(const Spec& s, size_t max_points) {
  double total = s.zip.empty() ? 1.0 : static_cast<double>(s.zip[0].values.size());
  for (const auto& a : s.sweep) total *= static_cast<double>(a.values.size());
  if (total > static_cast<double>(max_points))
    throw ResourceError(
        fmt::format("{}: the sweep has {:.4g} points, more than the limit of {} (split it with --shard)",
                    s.file, total, max_points));
  std::vector<Point> pts;
  pts.reserve(static_cast<size_t>(total));
  std::vector<size_t> idx(s.sweep.size(), 0);
  const size_t nz = s.zip.empty() ? 1 : s.zip[0].values.size();
  for (;;) {
    for (size_t z = 0; z < nz; ++z) {
      Point p;
      for (size_t i = 0; i < s.sweep.size(); ++i)
        p.emplace_back(s.sweep[i].option, s.sweep[i].values[idx[i]]);
      for (const auto& a : s.zip) p.emplace_back(a.option, a.values[z]);
      pts.push_back(std::move(p));
    }
    size_t k = s.sweep.size();  // odometer: the last key varies fastest
    while (k > 0 && ++idx[k - 1] == s.sweep[k - 1].values.size()) idx[--k] = 0;
    if (k == 0) break;
  }
  return pts;
}

}  // namespace bc::cli::table
