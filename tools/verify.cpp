// boundcheck verify [--catalogue DIR] [--id PREFIX] [--list] [--wide]
// boundcheck verify --expr "EXPRESSION"
// Recomputes every claim in the verify/ catalogue (compiled in) and prints id / published /
// computed / verdict / grade (--wide: also claim, source, tolerance rule, expected, detail);
// exit 0 only if every selected claim reaches the verdict the catalogue expects.
// Quantities in expressions (`rank.heads(d=64, r=8, eps=1/10)`) are run as commands
// (`rank heads --d 64 --r 8 --eps 1/10 --digits D`) through the one command registry (an
// Invoker), and their result cell is read back as an exact rational or a ball
// (output/cell_value.hpp). The verify engine (src/verify) receives this as a `Quantities`.
#include "cli.hpp"
#include "core/errors.hpp"
#include "output/cell_value.hpp"
#include "verify/catalogue.hpp"

#include <fmt/format.h>

#include <unistd.h>
#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace bc::cli {

namespace {

struct VerifyOptions {
  std::string catalogue, id, expr;
  bool list = false, wide = false;
};

std::string dashes(std::string s) {
  std::replace(s.begin(), s.end(), '_', '-');
  return s;
}
std::string underscores(std::string s) {
  std::replace(s.begin(), s.end(), '-', '_');
  return s;
}

// The designated primary column of the commands whose first result column is not the quantity
// itself ("" = the command has no single primary value: name a column).
const std::map<std::string, std::string>& primary_column() {
  static const std::map<std::string, std::string> m{{"rank heads", "h_min"},
                                                    {"rank count", "exact"},
                                                    {"rank bound", ""},
                                                    {"depth transition", "N_tr"},
                                                    {"depth optimal", "L"}};
  return m;
}

// Runs quantities through an in-process Invoker, caching each distinct invocation.
// Column rule: `.name` reads the column `name`; without it, the command's designated primary
// column (primary_column()) or else the first numeric column that does not echo one of the
// command's options. A result with several rows
// is an error (give options that select one row).
class CommandQuantities {
 public:
  verify::Quantities quantities() {
    verify::Quantities q;
    q.resolve = [this](expr::Quantity& out, const expr::QuantityCall& c, long digits, slong prec) {
      resolve(out, c, digits, prec);
    };
    q.validate = [this](const expr::QuantityCall& c) { (void)lookup(c); };
    return q;
  }

 private:
  Invoker inv_;
  std::map<std::string, out::Table> cache_;

  struct Found {
    const Command* cmd;
    std::vector<std::string> words, options;
  };

  Found lookup(const expr::QuantityCall& c) {
    Found f{nullptr, {}, {}};
    for (const auto& w : c.path) f.words.push_back(dashes(w));
    const std::string path = fmt::format("{}", fmt::join(f.words, " "));
    f.cmd = inv_.registry().find(path);
    if (f.cmd == nullptr || f.words.front() == "verify" || f.words.front() == "table") {
      std::vector<std::string> names;
      for (const auto& cmd : inv_.registry().commands()) {
        std::string p = cmd.path();
        if (p.rfind("verify", 0) == 0 || p.rfind("table", 0) == 0) continue;
        std::replace(p.begin(), p.end(), ' ', '.');
        names.push_back(underscores(p));
      }
      throw UsageError(fmt::format("unknown quantity \"{}\" (quantities: {})", fmt::join(c.path, "."),
                                   fmt::join(names, ", ")));
    }
    static const std::set<std::string> reserved{"digits", "format", "output", "threads", "certified"};
    for (const auto& a : c.args) {
      if (reserved.count(a.name))
        throw UsageError(
            fmt::format("{}: --{} is set by verify, not by the expression", fmt::join(c.path, "."), a.name));
      std::string opt = "--" + a.name;
      if (f.cmd->app->get_option_no_throw(opt) == nullptr) opt = "--" + dashes(a.name);
      if (f.cmd->app->get_option_no_throw(opt) == nullptr) {
        std::vector<std::string> known;
        for (const CLI::Option* o : f.cmd->app->get_options())
          for (const auto& l : o->get_lnames())
            if (!reserved.count(l) && l != "help") known.push_back(underscores(l));
        throw UsageError(fmt::format("{} has no option \"{}\" (options: {})", fmt::join(c.path, "."), a.name,
                                     fmt::join(known, ", ")));
      }
      f.options.push_back(opt);
    }
    return f;
  }

  void resolve(expr::Quantity& out, const expr::QuantityCall& c, long digits, slong prec) {
    Found f = lookup(c);
    std::vector<std::string> args = f.words;
    for (size_t i = 0; i < c.args.size(); ++i) {
      args.push_back(f.options[i]);
      if (!c.args[i].flag) args.push_back(c.args[i].value);
    }
    args.insert(args.end(), {"--digits", std::to_string(digits)});
    const std::string key = fmt::format("{}", fmt::join(args, "\x1f"));
    auto it = cache_.find(key);
    if (it == cache_.end()) {
      RunResult r;
      try {
        r = inv_.run(args);
      } catch (const UsageError& e) {
        throw UsageError(fmt::format("{}: {}", c.text(), e.what()));
      } catch (const DomainError& e) {
        throw DomainError(fmt::format("{}: {}", c.text(), e.what()));
      }
      if (r.exit_code != 0 || r.skip_output || !r.raw.empty())
        throw DomainError(fmt::format("{}: the command gave no table (exit code {})", c.text(), r.exit_code));
      it = cache_.emplace(key, std::move(r.table)).first;
    }
    const out::Table& t = it->second;
    if (t.rows.size() != 1)
      throw UsageError(fmt::format("{}: the command printed {} rows; give options that select one row",
                                   c.text(), t.rows.size()));
    const auto& row = t.rows.front();
    size_t col = t.columns.size();
    if (!c.column.empty()) {
      for (size_t i = 0; i < t.columns.size(); ++i)
        if (t.columns[i] == c.column || t.columns[i] == underscores(c.column)) col = i;
      if (col == t.columns.size())
        throw UsageError(fmt::format("{}: no column \"{}\" (columns: {})", c.text(), c.column,
                                     fmt::join(t.columns, ", ")));
    } else if (auto d = primary_column().find(f.words.front() + " " + f.words.back());
               d != primary_column().end()) {
      if (d->second.empty())
        throw UsageError(fmt::format("{}: name the column to read, e.g. .lo or .hi (columns: {})", c.text(),
                                     fmt::join(t.columns, ", ")));
      for (size_t i = 0; i < t.columns.size(); ++i)
        if (t.columns[i] == d->second) col = i;
    } else {
      std::set<std::string> echoed;
      for (const CLI::Option* o : f.cmd->app->get_options())
        for (const auto& l : o->get_lnames()) echoed.insert(underscores(l));
      for (size_t i = 0; i < t.columns.size() && col == t.columns.size(); ++i)
        if (!echoed.count(t.columns[i]) && row[i].numeric()) col = i;
      if (col == t.columns.size())
        throw UsageError(
            fmt::format("{}: no numeric result column (columns: {})", c.text(), fmt::join(t.columns, ", ")));
    }
    bool uncertified = false;
    if (!out::cell_value(out.ball.x, out.exact, row[col], uncertified, prec))
      throw DomainError(fmt::format("{}: column \"{}\" is not numeric (\"{}\")", c.text(), t.columns[col],
                                    row[col].display()));
    out.uncertified = uncertified;
  }
};

// Clipped to n bytes with "...", never inside a UTF-8 sequence.
std::string clip(const std::string& s, size_t n) {
  if (s.size() <= n) return s;
  size_t k = n - 3;
  while (k > 0 && (static_cast<unsigned char>(s[k]) & 0xC0) == 0x80) --k;
  return s.substr(0, k) + "...";
}

RunResult run_expr(const VerifyOptions& o, const Context& ctx) {
  if (!o.catalogue.empty() || !o.id.empty() || o.list)
    throw UsageError("--expr evaluates one expression: it does not combine with --catalogue, --id or --list");
  expr::Expr e;
  try {
    e = expr::Expr::parse(o.expr);
  } catch (const expr::ParseError& err) {
    throw UsageError(fmt::format("--expr, column {}: {}", err.column, err.bare));
  }
  if (!e.variables().empty())
    throw UsageError(
        fmt::format("--expr: unknown name \"{}\" (not a quantifier variable; quantities are "
                    "group.command(...))",
                    e.variables().front()));
  CommandQuantities cq;
  auto q = cq.quantities();
  for (const auto& call : e.quantities()) {
    try {
      q.validate(call);
    } catch (const UsageError& err) {
      throw UsageError(fmt::format("--expr, column {}: {}", call.pos, err.what()));
    }
  }
  out::Table t;
  t.command = "verify";
  t.params["expr"] = o.expr;
  t.columns = {"expression", "computed", "verdict", "grade"};
  if (!e.boolean()) {  // a number: print its enclosure
    expr::EvalOptions opt;
    opt.resolve = q.resolve;
    opt.digits = verify::precision_ladder(ctx.digits).front().digits;
    opt.prec = verify::precision_ladder(ctx.digits).front().prec;
    expr::Report rep;
    expr::Value v = e.evaluate(opt, &rep);
    t.add_row({out::Cell::of_text(o.expr), out::Cell::of_text(expr::show_ball(v.ball.x, ctx.digits)),
               out::Cell::of_text("value"), out::Cell::of_text(v.exact ? "exact" : "enclosure")});
    if (v.exact) t.rows.back()[1] = out::Cell::of_text(v.exact->str());
    return {std::move(t), 0};
  }
  verify::Claim c;
  c.id = "expr";
  c.file = "--expr";
  c.expr = o.expr;
  c.digits = ctx.digits;  // --digits: the quantities' digits (then the ladder's next rung)
  auto r = verify::run_expression(c, &q);
  t.add_row({out::Cell::of_text(o.expr), out::Cell::of_text(r.computed),
             out::Cell::of_text(verify::verdict_name(r.verdict)), out::Cell::of_text(r.grade)});
  if (!r.detail.empty()) t.notes.push_back(r.detail);
  return {std::move(t), r.verdict == verify::Verdict::holds ? 0 : 1};
}

RunResult run_catalogue(const VerifyOptions& o, const Context& ctx);

RunResult run_verify(const VerifyOptions& o, const Context& ctx) {
  if (!o.expr.empty()) return run_expr(o, ctx);
  RunResult r = run_catalogue(o, ctx);
  if (!o.catalogue.empty()) r.inputs = {o.catalogue};  // --output may not land in the catalogue
  return r;
}

RunResult run_catalogue(const VerifyOptions& o, const Context& ctx) {
  auto files = o.catalogue.empty() ? verify::embedded_catalogue() : verify::read_catalogue_dir(o.catalogue);
  CommandQuantities cq;
  auto q = cq.quantities();
  auto claims = verify::load_catalogue(files, &q);
  std::vector<verify::Claim> selected;
  for (auto& c : claims)
    if (o.id.empty() || c.id.rfind(o.id, 0) == 0) selected.push_back(c);
  if (selected.empty()) throw UsageError(fmt::format("--id matches no claim, got \"{}\"", o.id));
  out::Table t;
  t.command = "verify";
  t.params["catalogue"] = o.catalogue.empty() ? "embedded" : o.catalogue;
  if (!o.id.empty()) t.params["id"] = o.id;
  if (o.list) {
    t.columns = {"id", "claim", "source", "published", "tolerance", "method"};
    for (auto& c : selected)
      t.add_row({out::Cell::of_text(c.id), out::Cell::of_text(c.claim), out::Cell::of_text(c.source),
                 out::Cell::of_text(c.published), out::Cell::of_text(c.tolerance),
                 out::Cell::of_text(c.expr.empty() ? c.method : "expr: " + c.expr)});
    return {std::move(t), 0};
  }
  // data formats (CSV, JSON) and the Python module always carry every column, unclipped
  const bool wide = o.wide || ctx.data || ctx.format == out::Format::csv || ctx.format == out::Format::json;
  if (wide)
    t.columns = {"id",       "claim",   "source",   "published", "tolerance",
                 "computed", "verdict", "expected", "grade"};
  else
    t.columns = {"id", "published", "computed", "verdict", "grade"};
  const bool progress = isatty(STDERR_FILENO);
  int not_holding = 0;
  size_t k = 0;
  for (auto& c : selected) {
    if (progress) std::fprintf(stderr, "\r[%zu/%zu] %-40s", ++k, selected.size(), c.id.c_str());
    c.digits = ctx.digits;  // the first rung of the precision ladder, as for --expr
    auto r = verify::run_claim(c, &q);
    if (r.verdict != c.expect) {
      ++not_holding;
      t.notes.push_back(fmt::format("{}: {} (expected {}): {}", c.id, verify::verdict_name(r.verdict),
                                    verify::verdict_name(c.expect), r.detail));
    } else if (r.verdict != verify::Verdict::holds) {
      t.notes.push_back(fmt::format("{}: {}, as the catalogue records: {}", c.id,
                                    r.verdict == verify::Verdict::fails
                                        ? "the published claim does not hold as stated"
                                        : "the claim cannot be decided at the precisions tried",
                                    r.detail));
    }
    std::string grade = r.grade;
    if (r.verdict == c.expect && c.expect == verify::Verdict::fails)
      grade = grade == "-" ? "refuted, as recorded" : grade;
    if (wide)
      t.add_row({out::Cell::of_text(c.id), out::Cell::of_text(c.claim), out::Cell::of_text(c.source),
                 out::Cell::of_text(c.published), out::Cell::of_text(c.tolerance),
                 out::Cell::of_text(r.computed), out::Cell::of_text(verify::verdict_name(r.verdict)),
                 out::Cell::of_text(verify::verdict_name(c.expect)), out::Cell::of_text(grade)});
    else
      t.add_row({out::Cell::of_text(c.id), out::Cell::of_text(clip(c.published, 20)),
                 out::Cell::of_text(clip(r.computed, 44)),
                 out::Cell::of_text(verify::verdict_name(r.verdict)), out::Cell::of_text(clip(grade, 56))});
  }
  if (progress) std::fprintf(stderr, "\r%60s\r", "");
  if (!wide)
    t.notes.push_back(
        "compact layout (computed and grade clipped): --wide adds the claim, source, tolerance rule, "
        "expected "
        "verdict and full texts");
  t.notes.push_back(
      "grades: exact; as rounding / as truncation (printed digits); within tolerance (rel=/abs= as "
      "stated); certified bound (enclosures decide an inequality); only in a regime (holds on part of a "
      "grid)");
  t.notes.push_back(fmt::format("{} of {} claims as expected",
                                selected.size() - static_cast<size_t>(not_holding), selected.size()));
  return {std::move(t), not_holding == 0 ? 0 : 1};
}

}  // namespace

void setup_verify(CLI::App& root, Registry& reg) {
  auto opt = std::make_shared<VerifyOptions>();
  CLI::App* app = reg.add(root, "verify", "Recompute every published constant and identity in the catalogue");
  app->add_option("--catalogue", opt->catalogue,
                  "Read the catalogue from DIR/*.toml instead of the built-in copy");
  app->add_option("--id", opt->id, "Only claims whose id starts with PREFIX (e.g. sphere.sign)");
  app->add_flag("--list", opt->list, "List the claims and how each is checked, without running them");
  app->add_flag(
      "--wide", opt->wide,
      "All columns: claim, source, tolerance rule, expected verdict, full texts (always so in csv, json)");
  app->add_option("--expr", opt->expr,
                  "Evaluate one expression, e.g. \"rank.heads(d=64, r=8, eps=1/10) >= (64/8)^10\"");
  app->footer(
      "Each claim: what is claimed, its source (document and place), the published value as printed,\n"
      "the tolerance rule and how it is recomputed (verify/*.toml): an expression (expr = \"...\") or a\n"
      "registered method. Verdicts: holds, fails, undecided (the enclosures overlap even after a retry at\n"
      "100 digits); the grade says how a claim holds (exact, as rounding, as truncation, within a stated\n"
      "tolerance, certified bound, only in a regime). A claim the catalogue records as not holding as\n"
      "stated has expected = fails. Exit code 0 only if every selected claim's verdict is the expected one.\n"
      "--expr: one row (expression, computed enclosures, verdict, grade); exit 0 if it holds, 1 if it fails\n"
      "or is undecided, 2 if it is malformed. A numeric expression prints its enclosure (exit 0).\n"
      "Quantities: group.command(option=value, flag, ...)[.column], e.g. rank.bound(d=64, r=8, H=10).lo;\n"
      "without .column, the first numeric column that is not an option echo.");
  reg.double_check(app, "every claim recomputed at 12 more digits; the verdicts must agree", false,
                   {"computed"});
  reg.bind(app, opt, run_verify);
}

}  // namespace bc::cli
