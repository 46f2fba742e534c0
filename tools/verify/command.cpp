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
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>

namespace bc::cli {

namespace {

struct VerifyOptions {
  std::string catalogue, id, expr;
  bool list = false, wide = false, timing = false;
};

// Clipped to n bytes with "...", never inside a UTF-8 sequence.
std::string clip(const std::string& s, size_t n) {
  if (s.size() <= n) return s;
  size_t k = n - 3;
  while (k > 0 && (static_cast<unsigned char>(s[k]) & 0xC0) == 0x80) --k;
  return s.substr(0, k) + "...";
}

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

RunResult run_catalogue(const VerifyOptions& o, const Context& ctx);

// The terminal's width: stdout's, else $COLUMNS, else 100.
size_t terminal_width() {
  winsize w{};
  if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col >= 40) return w.ws_col;
  if (const char* c = std::getenv("COLUMNS")) {
    char* end = nullptr;
    const long n = std::strtol(c, &end, 10);
    if (end != c && *end == '\0' && n >= 40 && n <= 1000) return static_cast<size_t>(n);
  }
  return 100;
}

// verify --list: id and claim, within the terminal's width (all columns with --wide, csv, json).
RunResult list_claims(out::Table t, const std::vector<verify::Claim>& selected, bool all_columns,
                      const Context&) {
  if (all_columns) {
    t.columns = {"id", "claim", "source", "published", "tolerance", "kind", "method"};
    for (const auto& c : selected)
      t.add_row({out::Cell::of_text(c.id), out::Cell::of_text(c.claim), out::Cell::of_text(c.source),
                 out::Cell::of_text(c.published), out::Cell::of_text(c.tolerance),
                 out::Cell::of_text(c.formula                ? "formula"
                                    : !c.untestable.empty()  ? "untestable"
                                    : !c.lower_bound.empty() ? "test through a lower bound: " + c.lower_bound
                                    : c.asymptotic           ? "asymptotic"
                                                             : "test"),
                 out::Cell::of_text(c.expr.empty() ? c.method : "expr: " + c.expr)});
    return {std::move(t), 0};
  }
  t.columns = {"id", "claim"};
  size_t id_width = 2;
  for (const auto& c : selected) id_width = std::max(id_width, c.id.size());
  const size_t width = terminal_width();
  const size_t room = width > id_width + 2 + 12 ? width - id_width - 2 : 12;
  for (const auto& c : selected)
    t.add_row({out::Cell::of_text(c.id), out::Cell::of_text(clip(c.claim, room))});
  t.notes.push_back(
      "--wide adds the source, published value, tolerance rule, kind and how each claim is checked");
  return {std::move(t), 0};
}

RunResult run_verify(const VerifyOptions& o, const Context& ctx) {
  if (!o.expr.empty()) return run_expr(o, ctx);
  RunResult r = run_catalogue(o, ctx);
  if (!o.catalogue.empty()) r.inputs = {o.catalogue};  // --output may not land in the catalogue
  return r;
}

// One claim's outcome and the CPU time of the thread that ran it (for --timing).
struct ClaimRun {
  verify::Outcome outcome;
  double cpu_seconds = 0;
  std::exception_ptr error;  // a ParamError (a malformed catalogue), rethrown in claim order
};

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// Runs the claims on up to ctx.threads threads (claims in catalogue order, dynamically), one
// Invoker per thread and one shared cache of command tables; the outcomes come back in claim
// order, so the output does not depend on the thread count. The commands a claim runs get one
// thread each while claims run in parallel (OpenMP does not nest).
std::vector<ClaimRun> run_claims(std::vector<verify::Claim>& selected, const Context& ctx,
                                 CommandQuantities& first, TableCache& cache) {
  std::vector<ClaimRun> runs(selected.size());
  const int threads = std::max(1, std::min<int>(ctx.threads, static_cast<int>(selected.size())));
  std::vector<std::unique_ptr<CommandQuantities>> others(static_cast<size_t>(threads));
  const bool progress = isatty(STDERR_FILENO);
  std::atomic<size_t> done{0};
  std::mutex progress_mutex;
  const long n = static_cast<long>(selected.size());
  limits::Run& limits_run = limits::current();  // the claims poll this thread's deadline and cancellation
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
#endif
  for (long i = 0; i < n; ++i) {
    const limits::RunScope scope(limits_run);
    int tid = 0;
#ifdef BOUNDCHECK_HAVE_OPENMP
    tid = omp_get_thread_num();
#endif
    auto& c = selected[static_cast<size_t>(i)];
    auto& run = runs[static_cast<size_t>(i)];
    try {
      auto& slot = others[static_cast<size_t>(tid)];
      if (tid != 0 && !slot) slot = std::make_unique<CommandQuantities>(cache, true);
      auto q = (tid == 0 ? first : *slot).quantities();
      c.digits = ctx.digits;  // the first rung of the precision ladder, as for --expr
      const double t0 = thread_cpu_seconds();
      run.outcome = verify::run_claim(c, &q);
      run.cpu_seconds = thread_cpu_seconds() - t0;
    } catch (...) {
      run.error = std::current_exception();
    }
    const size_t k = ++done;
    if (progress) {
      std::lock_guard<std::mutex> lock(progress_mutex);
      std::fprintf(stderr, "\r[%zu/%zu] %-40s", k, selected.size(), one_line(c.id).c_str());
    }
  }
  others.clear();
  // FLINT/Arb keep per-thread caches (constants, temporaries): free the workers'
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel num_threads(threads)
  flint_cleanup();
#endif
  if (progress) std::fprintf(stderr, "\r%60s\r", "");
  for (const auto& r : runs)
    if (r.error) std::rethrow_exception(r.error);
  return runs;
}

// --timing: the claims by the CPU time of the thread that ran them, slowest first.
std::string timing_note(const std::vector<verify::Claim>& selected, const std::vector<ClaimRun>& runs) {
  std::vector<size_t> order(runs.size());
  double total = 0;
  for (size_t i = 0; i < runs.size(); ++i) order[i] = i, total += runs[i].cpu_seconds;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return runs[a].cpu_seconds > runs[b].cpu_seconds; });
  std::vector<std::string> parts;
  for (size_t i : order) parts.push_back(fmt::format("{} {:.3f}", selected[i].id, runs[i].cpu_seconds));
  return fmt::format("timing (thread CPU seconds per claim, slowest first; total {:.3f}): {}", total,
                     fmt::join(parts, ", "));
}

// Why a claim reached its expected verdict without holding, as the catalogue records it (the
// words depend on what its evidence can show: verify::verdict_text).
std::string recorded_note(const verify::Claim& c, const verify::Outcome& r) {
  if (!c.untestable.empty())
    return fmt::format("{}: not testable, as the catalogue records: {}", c.id, c.untestable);
  if (!c.lower_bound.empty())
    return fmt::format("{}: not certified by {}, as the catalogue records: {}", c.id, c.lower_bound,
                       r.detail);
  const char* why = r.verdict == verify::Verdict::fails
                        ? (c.asymptotic ? "the grid is inconsistent with the published claim"
                                        : "the published claim does not hold as stated")
                        : (c.asymptotic ? "the grid is too short to tell"
                                        : "the claim cannot be decided at the precisions tried");
  return fmt::format("{}: {}, as the catalogue records: {}", c.id, why, r.detail);
}

struct Tally {
  size_t unexpected = 0, formulas = 0;
};

// One row per claim (and a note for each verdict that is not holds).
Tally add_outcomes(out::Table& t, const std::vector<verify::Claim>& selected,
                   const std::vector<ClaimRun>& runs, bool wide) {
  Tally n;
  for (size_t i = 0; i < selected.size(); ++i) {
    const auto& c = selected[i];
    const auto& r = runs[i].outcome;
    const std::string verdict = verify::verdict_text(r.verdict, c);
    const std::string expected = verify::verdict_text(c.expect, c);
    if (r.verdict != c.expect) {
      ++n.unexpected;
      t.notes.push_back(fmt::format("{}: {} (expected {}): {}", c.id, verdict, expected, r.detail));
    } else if (r.verdict != verify::Verdict::holds) {
      t.notes.push_back(recorded_note(c, r));
    }
    std::string grade = r.grade;
    if (r.verdict == c.expect && c.expect == verify::Verdict::fails && grade == "-")
      grade = c.asymptotic ? "inconsistent, as recorded" : "refuted, as recorded";
    if (c.formula && r.verdict == verify::Verdict::holds) {
      grade = "evaluates the formula (" + grade + ")";
      ++n.formulas;
    }
    if (wide)
      t.add_row({out::Cell::of_text(c.id), out::Cell::of_text(c.claim), out::Cell::of_text(c.source),
                 out::Cell::of_text(c.published), out::Cell::of_text(c.tolerance),
                 out::Cell::of_text(r.computed), out::Cell::of_text(verdict), out::Cell::of_text(expected),
                 out::Cell::of_text(grade)});
    else
      t.add_row({out::Cell::of_text(c.id),
                 out::Cell::of_text(clip(c.published.empty() ? "-" : c.published, 20)),
                 out::Cell::of_text(clip(r.computed, 44)), out::Cell::of_text(verdict),
                 out::Cell::of_text(clip(grade, 56))});
  }
  return n;
}

// The notes after the rows: layout, what the grades and verdicts mean, the count as expected.
void add_summary_notes(out::Table& t, size_t claims, const Tally& n, bool wide) {
  if (!wide)
    t.notes.push_back(
        "compact layout (computed and grade clipped): --wide adds the claim, source, tolerance rule, "
        "expected verdict and full texts");
  t.notes.push_back(
      "grades: exact; as rounding / as truncation (printed digits); within tolerance (rel=/abs= as "
      "stated); certified bound (enclosures decide an inequality); only in a regime (holds on part of a "
      "grid); asymptotic claims, graded on a finite grid (never holds / fails): consistent on the grid "
      "(C in [a, b]) / inconsistent: ratio grows like n^k / undecided: extend the grid; not certified by "
      "B (a claim tested through B, a lower bound of the claimed quantity, which falls short of it: that "
      "refutes nothing); not testable (the reason)");
  if (n.formulas > 0)
    t.notes.push_back(
        "grade 'evaluates the formula' (verdict 'evaluated'): the claim's outcome is forced by its own "
        "definition (a bound evaluated at a hidden constant we chose, compared with what it was derived "
        "from); it checks our arithmetic, not the source");
  t.notes.push_back(
      fmt::format("{} of {} claims as expected{}", claims - n.unexpected, claims,
                  n.formulas ? fmt::format(" ({} of them evaluate a formula)", n.formulas) : ""));
}

RunResult run_catalogue(const VerifyOptions& o, const Context& ctx) {
  // read and checked; a catalogue's own quantities are registered first (tools/user/loaded.hpp)
  auto claims =
      (o.catalogue.empty() ? user::load_files(verify::embedded_catalogue()) : user::load_dir(o.catalogue))
          .claims;
  TableCache cache;
  CommandQuantities cq(cache, true);
  std::vector<verify::Claim> selected;
  for (auto& c : claims)
    if (o.id.empty() || c.id.rfind(o.id, 0) == 0) selected.push_back(c);
  if (selected.empty()) throw UsageError(fmt::format("--id matches no claim, got \"{}\"", o.id));
  out::Table t;
  t.command = "verify";
  t.params["catalogue"] = o.catalogue.empty() ? "embedded" : o.catalogue;
  if (!o.id.empty()) t.params["id"] = o.id;
  // data formats (CSV, JSON), reports (HTML) and the Python module carry every column, unclipped
  const bool all_columns = o.wide || ctx.data || ctx.format == out::Format::csv ||
                           ctx.format == out::Format::json || ctx.format == out::Format::html;
  if (o.list) return list_claims(std::move(t), selected, all_columns, ctx);
  const bool wide = all_columns;
  if (wide)
    t.columns = {"id",       "claim",   "source",   "published", "tolerance",
                 "computed", "verdict", "expected", "grade"};
  else
    t.columns = {"id", "published", "computed", "verdict", "grade"};
  const std::vector<ClaimRun> runs = run_claims(selected, ctx, cq, cache);
  const Tally tally = add_outcomes(t, selected, runs, wide);
  add_summary_notes(t, selected.size(), tally, wide);
  if (o.timing) t.notes.push_back(timing_note(selected, runs));
  return {std::move(t), tally.unexpected == 0 ? 0 : 1};
}

}  // namespace

void setup_verify(CLI::App& root, Registry& reg) {
  auto opt = std::make_shared<VerifyOptions>();
  CLI::App* app = reg.add(root, "verify", "Recompute every published constant and identity in the catalogue");
  app->add_option("--catalogue", opt->catalogue,
                  "Read the catalogue from DIR/*.toml instead of the built-in copy")
      ->type_name("PATH");
  app->add_option("--id", opt->id, "Only claims whose id starts with PREFIX (e.g. sphere.sign)")
      ->type_name("PREFIX");
  app->add_flag("--list", opt->list, "List the claims and how each is checked, without running them");
  app->add_flag(
      "--wide", opt->wide,
      "All columns: claim, source, tolerance rule, expected verdict, full texts (always so in csv, json)");
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
