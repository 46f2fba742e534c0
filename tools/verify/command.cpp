// boundcheck verify [--catalogue DIR] [--id PREFIX] [--list] [--wide]
// boundcheck verify --expr "EXPRESSION"
// Recomputes every claim in the verify/ catalogue (compiled in) and prints id / published /
// computed / verdict / grade (--wide: also claim, source, tolerance rule, expected, detail);
// exit 0 only if every selected claim reaches the verdict the catalogue expects. A claim of
// kind = "formula" prints "evaluated" for holds (the same verdict: it only evaluates a formula).
// --list prints id and claim within the terminal's width (--wide, csv, json: every field).
// Quantities in expressions (`rank.heads(d=64, r=8, eps=1/10)`) are run as commands
// (`rank heads --d 64 --r 8 --eps 1/10 --digits D`) through the one command registry (an
// Invoker), and their result cell is read back as an exact rational or a ball
// (output/cell_value.hpp). The verify engine (src/verify) receives this as a `Quantities`.
#include "cli.hpp"
#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/suggest.hpp"
#include "output/cell_value.hpp"
#include "output/output_path.hpp"
#include "sphere/sign_coef.hpp"
#include "user/loaded.hpp"
#include "verify/catalogue.hpp"
#include "verify/catalogue_run.hpp"
#include "verify/quantities.hpp"
#include "views/registry_json.hpp"

#include <fmt/format.h>

#ifdef BOUNDCHECK_HAVE_OPENMP
#include <omp.h>
#endif
#include <flint/flint.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>

namespace bc::cli {

namespace {

struct VerifyOptions {
  std::string catalogue, id, expr;
  bool list = false, wide = false, timing = false, quiet = false;
};

std::string clip(const std::string& s, size_t n) { return clip_text(s, n); }

// A verdict of --expr in the compact layout (the terminal's, without --wide): computed and grade
// clipped as the catalogue's are, so that an asymptotic verdict (200 characters and more) keeps its
// row on one line; --wide, CSV, JSON, HTML and the Python module carry the whole text. (A value,
// not a verdict, prints its digits whole: --digits asked for them.)
void clip_expr_row(const VerifyOptions& o, const Context& ctx, out::Table& t) {
  if (o.wide || ctx.data || ctx.format == out::Format::csv || ctx.format == out::Format::json ||
      ctx.format == out::Format::html)
    return;
  auto& row = t.rows.back();
  const std::string computed = row[1].display(), grade = row[3].display();
  if (computed.size() <= 44 && grade.size() <= 56) return;
  row[1] = out::Cell::of_text(clip(computed, 44));
  row[3] = out::Cell::of_text(clip(grade, 56));
  t.notes.push_back("compact layout (computed and grade clipped): --wide prints the whole text");
}

RunResult run_expr(const VerifyOptions& o, const Context& ctx) {
  if (!o.id.empty() || o.list)
    throw UsageError("--expr evaluates one expression: it does not combine with --id or --list");
  if (!o.catalogue.empty()) (void)user::load_dir(o.catalogue);  // the quantities it defines
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
  TableCache cache;
  CommandQuantities cq(cache, false);
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
               out::Cell::of_text("value"),
               out::Cell::of_text(v.exact || v.alg        ? "exact"
                                  : rep.grade.uncertified ? "estimate (doubles: uncertified)"
                                                          : "enclosure")});
    if (v.exact) t.rows.back()[1] = out::Cell::of_text(v.exact->str());
    if (v.alg) t.rows.back()[1] = out::Cell::of_text(v.alg->str());
    return {std::move(t), 0};
  }
  verify::Claim c;
  c.id = "expr";
  c.file = "--expr";
  c.expr = o.expr;
  c.digits = ctx.digits;  // --digits: the quantities' digits (then the ladder's next rung)
  c.asymptotic = e.asymptotic();
  auto r = verify::run_expression(c, &q);
  t.add_row({out::Cell::of_text(o.expr), out::Cell::of_text(r.computed),
             out::Cell::of_text(verify::verdict_text(r.verdict, c)), out::Cell::of_text(r.grade)});
  clip_expr_row(o, ctx, t);
  if (!r.detail.empty()) t.notes.push_back(r.detail);
  return {std::move(t), r.verdict == verify::Verdict::holds ? 0 : 1};
}

RunResult run_verify(const VerifyOptions& o, const Context& ctx) {
  if (!o.expr.empty()) return run_expr(o, ctx);
  RunResult r = run_catalogue({o.catalogue, o.id, o.list, o.wide, o.timing, o.quiet}, ctx);
  // --output may not overwrite a catalogue file; a report beside them (report.xml) is fine
  if (!o.catalogue.empty()) {
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(o.catalogue, ec))
      if (e.path().extension() == ".toml") r.inputs.push_back(e.path().string());
  }
  return r;
}

}  // namespace

void setup_verify(CLI::App& root, Registry& reg) {
  auto opt = std::make_shared<VerifyOptions>();
  CLI::App* app = reg.add(root, "verify", "Recompute every published constant and identity in the catalogue");
  // verify also writes test reports for a CI: JUnit XML and TAP (tools/verify/report.hpp)
  app->get_option("--format")
      ->description("Output format (default table); junit and tap: a test report, one test case per claim")
      ->type_name("table|csv|json|markdown|latex|html|junit|tap");
  app->add_option(
         "--catalogue", opt->catalogue,
         "Read the catalogue (claims, and the quantities and values it defines) from DIR/*.toml instead "
         "of the built-in copy")
      ->type_name("PATH");
  app->add_option("--id", opt->id, "Only claims whose id starts with PREFIX (e.g. sphere.sign)")
      ->type_name("PREFIX");
  app->add_flag("--list", opt->list, "List the claims and how each is checked, without running them");
  app->add_flag(
      "--wide", opt->wide,
      "All columns: claim, source, tolerance rule, expected verdict, full texts (always so in csv, json)");
  app->add_flag(
      "-q,--quiet", opt->quiet,
      "Print only the claims that are not as expected, and the summary line (exit code as without it)");
  app->add_flag("--timing", opt->timing,
                "Add a note with each claim's CPU time, slowest first (claims run on --threads threads)");
  app->add_option("--expr", opt->expr,
                  "Evaluate one expression, e.g. \"rank.heads(d=64, r=8, eps=1/10) >= (64/8)^10\"")
      ->type_name("EXPR");
  reg.help(
      app,
      Help{.formula =
               "A claim holds when the enclosures decide it. An expression claim (expr = \"...\") is "
               "evaluated\n"
               "in ball arithmetic over the quantities (exact integers and rationals where every "
               "input is\n"
               "exact); a published value as printed stands for an interval by its tolerance rule "
               "(round: half\n"
               "a unit in its last digit; truncate: one unit toward zero; rel=, abs= as stated).\n"
               "Verdicts: holds, fails, undecided (still open after a retry at 100 digits); a claim of "
               "kind = \"formula\"\n(its outcome forced by its own definition) says evaluated instead.\n"
               "Asymptotic claims: g is O(f) | Omega(f) | Theta(f) as n in {10, 100, 1000}, g ~ f as n in "
               "...:\na finite grid neither proves nor refutes a limit: the ratio's range on the sequence "
               "and its trend\nover the last two decades (for ~: whether |g/f - 1| shrinks at least like "
               "n^-1/20) grade it\nconsistent, inconsistent or undecided: extend the grid.\n"
               "A claim tested through a lower bound B of the claimed quantity (evidence = \"lower bound: "
               "B\")\nis certified when B shows it and not certified otherwise (a bound that falls short "
               "refutes\nnothing); a claim the catalogue cannot test (untestable = \"reason\") says not "
               "testable.",
           .formula_latex = "",  // prose: the site shows the formula as text
           .source = "Each claim names its own: document, theorem, equation or table, and line "
                     "(verify/*.toml, e.g. 'paper-L Table 1 (l.28-38)'); --list and --wide show them.",
           .cost = "The sum of the claims' own costs (each quantity estimated by its command; the "
                   "built-in catalogue takes seconds); a quantifier (all, sum, ... over up to 10^6 "
                   "values) projects its total from its first values and is refused above the time left.",
           .details =
               "Each claim: what is claimed, its source, the published value as printed, the "
               "tolerance rule and how it is recomputed: an expression or a registered method. The "
               "grade says how a claim holds (exact, as rounding, as truncation, within a stated "
               "tolerance, certified bound, only in a regime; for an asymptotic claim consistent on the "
               "grid (C in [a, b]), inconsistent: ratio grows like n^k, or undecided: extend the grid; "
               "not certified by B; not testable: the reason). A claim the catalogue records as not "
               "holding as stated has expected = fails (an asymptotic one: inconsistent). Exit code 0 "
               "only if every selected claim's verdict is the expected one. --list: id and claim "
               "(--wide: all fields).\n"
               "--expr: one row (expression, computed enclosures, verdict, grade); exit 0 if it "
               "holds (or, asymptotic, is consistent), 1 if it fails, is inconsistent or undecided, 2 if it "
               "is malformed. A numeric expression "
               "prints its enclosure (exit 0). Quantities: group.command(option=value, flag, "
               "...)[.column], e.g. rank.bound(d=64, r=8, H=10).lo; without .column, the first "
               "numeric column that is not an option echo. Exact by default: a rational cell compares "
               "exactly, and sphere.sign-coef is read from its --exact form while that is small, so "
               "sphere.sign-coef(d=3, l=1) == sqrt(3)/2 holds exact (closed forms a sqrt(r) pi^k are "
               "exact).",
           .examples = {"boundcheck verify --id sphere.sign",
                        "boundcheck verify --expr \"sphere.dim(d=3, l=2) == 5\"",
                        "boundcheck verify --list --id depth.fit"}});
  reg.double_check(app, "every claim recomputed at 12 more digits; the verdicts must agree", false,
                   {"computed"});
  reg.bind(app, opt, run_verify);
}

}  // namespace bc::cli
