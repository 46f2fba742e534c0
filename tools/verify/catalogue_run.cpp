// The catalogue run of `boundcheck verify` (see tools/verify/catalogue_run.hpp).
// Cost: the sum of the claims' own costs, on --threads processes at once; one fork per claim.
#include "verify/catalogue_run.hpp"

#include "core/limits.hpp"
#include "user/loaded.hpp"
#include "verify/isolate.hpp"
#include "verify/quantities.hpp"
#include "verify/report.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

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
#include <memory>
#include <mutex>

namespace bc::cli {

std::string clip_text(const std::string& s, size_t n) {
  if (s.size() <= n) return s;
  size_t k = n - 3;
  while (k > 0 && (static_cast<unsigned char>(s[k]) & 0xC0) == 0x80) --k;
  return s.substr(0, k) + "...";
}

namespace {

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
RunResult list_claims(out::Table t, const std::vector<verify::Claim>& selected, bool all_columns) {
  if (all_columns) {
    t.columns = {"id", "claim", "source", "published", "tolerance", "kind", "method"};
    for (const auto& c : selected)
      t.add_row({out::Cell::of_text(c.id), out::Cell::of_text(c.claim), out::Cell::of_text(c.source),
                 c.published.empty() ? out::Cell::of_null() : out::Cell::of_text(c.published),
                 out::Cell::of_text(c.tolerance),
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
    t.add_row({out::Cell::of_text(c.id), out::Cell::of_text(clip_text(c.claim, room))});
  t.notes.push_back(
      "--wide adds the source, published value, tolerance rule, kind and how each claim is checked");
  return {std::move(t), 0};
}

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// One claim, in this process. A ParamError (a malformed catalogue entry) propagates.
ClaimRun run_one(verify::Claim c, CommandQuantities& cq, const Context& ctx) {
  ClaimRun run;
  auto q = cq.quantities();
  c.digits = ctx.digits;  // the first rung of the precision ladder, as for --expr
  const double t0 = thread_cpu_seconds();
  run.outcome = verify::run_claim(c, &q);
  run.cpu_seconds = thread_cpu_seconds() - t0;
  run.error = run.outcome.grade == "error";
  try {  // never a verdict reached after the claim's budget (issue 38 §4b)
    limits::check_finished("claim " + c.id);
  } catch (const ResourceError& e) {
    run.outcome = verify::Outcome("-", verify::Verdict::undecided, e.what(), "error");
    run.error = true;
  }
  return run;
}

// A claim's run as the child process sends it to the parent.
std::string to_wire(const ClaimRun& r) {
  const auto& o = r.outcome;
  return nlohmann::json{{"computed", o.computed}, {"verdict", static_cast<int>(o.verdict)},
                        {"detail", o.detail},     {"grade", o.grade},
                        {"growth", o.growth},     {"cpu", r.cpu_seconds},
                        {"error", r.error}}
      .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

ClaimRun from_wire(const std::string& s) {
  const auto j = nlohmann::json::parse(s);
  if (j.contains("param_error")) throw verify::ParamError(j.at("param_error").get<std::string>());
  ClaimRun r;
  r.outcome = verify::Outcome(j.at("computed").get<std::string>(),
                              static_cast<verify::Verdict>(j.at("verdict").get<int>()),
                              j.at("detail").get<std::string>(), j.at("grade").get<std::string>());
  r.outcome.growth = j.at("growth").get<std::string>();
  r.cpu_seconds = j.at("cpu").get<double>();
  r.error = j.at("error").get<bool>();
  return r;
}

// A claim whose process failed: an error verdict with the reason.
ClaimRun failed_run(const std::string& why) {
  ClaimRun r;
  r.outcome = verify::Outcome("-", verify::Verdict::undecided, "the claim's evaluation " + why, "error");
  r.error = true;
  return r;
}

std::vector<ClaimRun> run_isolated_claims(const std::vector<verify::Claim>& claims, const Context& ctx,
                                          CommandQuantities& cq) {
  const bool progress = isatty(STDERR_FILENO) != 0;
  Context child = ctx;
  child.threads = 1;  // the claims run side by side instead
  const auto results = run_isolated(
      claims.size(), ctx.threads, ctx.max_seconds,
      [&](size_t i) {
        // fault injection for the tests: a claim whose id names it dies as a library abort would,
        // or hangs in a loop that never polls
        if (limits::test_break("verify-abort") && claims[i].id.find("abort") != std::string::npos)
          std::abort();
        if (limits::test_break("verify-hang") && claims[i].id.find("hang") != std::string::npos)
          for (;;) pause();
        try {
          return to_wire(run_one(claims[i], cq, child));
        } catch (const verify::ParamError& e) {
          return nlohmann::json{{"param_error", e.what()}}.dump(-1, ' ', false,
                                                                nlohmann::json::error_handler_t::replace);
        }
      },
      [&](size_t k) {
        if (progress) std::fprintf(stderr, "\r[%zu/%zu] claims%-30s", k, claims.size(), "");
      });
  if (progress) std::fprintf(stderr, "\r%60s\r", "");
  std::vector<ClaimRun> runs;
  for (const auto& r : results) runs.push_back(r.ok ? from_wire(r.result) : failed_run(r.why));
  return runs;
}

// Without isolation (BOUNDCHECK_NO_ISOLATION=1, or no fork): the claims on OpenMP threads of this
// process, one Invoker each and one shared cache of command tables, in claim order.
std::vector<ClaimRun> run_in_process(const std::vector<verify::Claim>& claims, const Context& ctx,
                                     CommandQuantities& first, TableCache& cache) {
  std::vector<ClaimRun> runs(claims.size());
  std::vector<std::exception_ptr> errors(claims.size());
  const int threads = std::max(1, std::min<int>(ctx.threads, static_cast<int>(claims.size())));
  std::vector<std::unique_ptr<CommandQuantities>> others(static_cast<size_t>(threads));
  const long n = static_cast<long>(claims.size());
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
    try {
      auto& slot = others[static_cast<size_t>(tid)];
      if (tid != 0 && !slot) slot = std::make_unique<CommandQuantities>(cache, true);
      runs[static_cast<size_t>(i)] = run_one(claims[static_cast<size_t>(i)], tid == 0 ? first : *slot, ctx);
    } catch (...) {
      errors[static_cast<size_t>(i)] = std::current_exception();
    }
  }
  others.clear();
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel num_threads(threads)
  flint_cleanup();  // FLINT/Arb keep per-thread caches (constants, temporaries): free the workers'
#endif
  for (const auto& e : errors)
    if (e) std::rethrow_exception(e);
  return runs;
}

// --timing: the claims by their CPU time, slowest first.
std::string timing_note(const std::vector<verify::Claim>& claims, const std::vector<ClaimRun>& runs) {
  std::vector<size_t> order(runs.size());
  double total = 0;
  for (size_t i = 0; i < runs.size(); ++i) order[i] = i, total += runs[i].cpu_seconds;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return runs[a].cpu_seconds > runs[b].cpu_seconds; });
  std::vector<std::string> parts;
  for (size_t i : order) parts.push_back(fmt::format("{} {:.3f}", claims[i].id, runs[i].cpu_seconds));
  return fmt::format("timing (CPU seconds per claim, slowest first; total {:.3f}): {}", total,
                     fmt::join(parts, ", "));
}

// Why a claim reached its expected verdict without holding, as the catalogue records it.
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

std::string shown_grade(const verify::Claim& c, const ClaimRun& r) {
  std::string grade = r.outcome.grade;
  if (r.outcome.verdict == c.expect && c.expect == verify::Verdict::fails && grade == "-")
    grade = c.asymptotic ? "inconsistent, as recorded" : "refuted, as recorded";
  if (c.formula && r.outcome.verdict == verify::Verdict::holds)
    grade = "evaluates the formula (" + grade + ")";
  return grade;
}

// One row per claim (with -q only those not as expected) and a note for each verdict that is not
// holds (with -q only the unexpected ones).
void add_rows(out::Table& t, const std::vector<verify::Claim>& claims, const std::vector<ClaimRun>& runs,
              bool wide, bool quiet) {
  for (size_t i = 0; i < claims.size(); ++i) {
    const auto& c = claims[i];
    const auto& r = runs[i];
    const bool ok = as_expected(c, r);
    const std::string verdict = r.error ? "error" : verify::verdict_text(r.outcome.verdict, c);
    if (!ok)
      t.notes.push_back(fmt::format("{}: {} (expected {}): {}", c.id, verdict,
                                    verify::verdict_text(c.expect, c), r.outcome.detail));
    else if (r.outcome.verdict != verify::Verdict::holds && !quiet)
      t.notes.push_back(recorded_note(c, r.outcome));
    if (quiet && ok) continue;
    const out::Cell published = c.published.empty() ? out::Cell::of_null() : out::Cell::of_text(c.published);
    if (wide)
      t.add_row({out::Cell::of_text(c.id), out::Cell::of_text(c.claim), out::Cell::of_text(c.source),
                 published, out::Cell::of_text(c.tolerance), out::Cell::of_text(r.outcome.computed),
                 out::Cell::of_text(verdict), out::Cell::of_text(verify::verdict_text(c.expect, c)),
                 out::Cell::of_text(shown_grade(c, r)), out::Cell::of_flag(ok)});
    else
      t.add_row({out::Cell::of_text(c.id),
                 c.published.empty() ? out::Cell::of_null() : out::Cell::of_text(clip_text(c.published, 20)),
                 out::Cell::of_text(clip_text(r.outcome.computed, 44)), out::Cell::of_text(verdict),
                 out::Cell::of_text(clip_text(shown_grade(c, r), 56))});
  }
}

// The notes after the rows: the legend (for a reader at a terminal), then the summary.
void add_summary(out::Table& t, const Summary& s, bool wide, bool legend) {
  if (legend) {
    if (!wide)
      t.notes.push_back(
          "compact layout (computed and grade clipped): --wide adds the claim, source, tolerance rule, "
          "expected "
          "verdict and full texts");
    t.notes.push_back(
        "grades: exact; as rounding / as truncation (printed digits); within tolerance (rel=/abs= as "
        "stated); "
        "certified bound (enclosures decide an inequality); only in a regime (holds on part of a grid); "
        "asymptotic claims, graded on a finite grid (never holds / fails): consistent on the grid (C in [a, "
        "b]) / "
        "inconsistent: ratio grows like n^k / undecided: extend the grid; not certified by B (a claim tested "
        "through B, a lower bound of the claimed quantity, which falls short of it: that refutes nothing); "
        "not "
        "testable (the reason)");
    if (s.formulas > 0)
      t.notes.push_back(
          "grade 'evaluates the formula' (verdict 'evaluated'): the claim's outcome is forced by its own "
          "definition (a bound evaluated at a hidden constant we chose, compared with what it was derived "
          "from); "
          "it checks our arithmetic, not the source");
  }
  t.notes.push_back(summary_line(s));
  t.meta["summary"] = {{"claims", s.claims},
                       {"as_expected", s.as_expected},
                       {"not_as_expected", s.not_as_expected},
                       {"undecided", s.undecided},
                       {"errors", s.errors}};
}

std::vector<verify::Claim> selected_claims(const CatalogueRequest& o) {
  // read and checked; a catalogue's own quantities are registered first (tools/user/loaded.hpp)
  auto claims =
      (o.catalogue.empty() ? user::load_files(verify::embedded_catalogue()) : user::load_dir(o.catalogue))
          .claims;
  std::vector<verify::Claim> selected;
  for (auto& c : claims)
    if (o.id.empty() || c.id.rfind(o.id, 0) == 0) selected.push_back(std::move(c));
  if (selected.empty() && o.id.empty())  // only quantities and values: nothing to verify
    throw UsageError(
        fmt::format("--catalogue: \"{}\" defines no claims (its quantities and values are used by "
                    "verify --expr, tex and the other commands)",
                    o.catalogue));
  if (selected.empty()) throw UsageError(fmt::format("--id matches no claim, got \"{}\"", o.id));
  return selected;
}

}  // namespace

RunResult run_catalogue(const CatalogueRequest& o, const Context& ctx) {
  const std::vector<verify::Claim> selected = selected_claims(o);
  out::Table t;
  t.command = "verify";
  t.params["catalogue"] = o.catalogue.empty() ? "embedded" : o.catalogue;
  if (!o.id.empty()) t.params["id"] = o.id;
  // data formats (CSV, JSON), reports (HTML) and the Python module carry every column, unclipped
  const bool wide = o.wide || ctx.data || ctx.format == out::Format::csv || ctx.format == out::Format::json ||
                    ctx.format == out::Format::html;
  if (o.list) return list_claims(std::move(t), selected, wide);
  t.columns = wide ? std::vector<std::string>{"id",       "claim",   "source",   "published", "tolerance",
                                              "computed", "verdict", "expected", "grade",     "as_expected"}
                   : std::vector<std::string>{"id", "published", "computed", "verdict", "grade"};
  TableCache cache;
  CommandQuantities cq(cache, true);
  const bool isolated = isolation_available();
  if (isolated && release_watchdog != nullptr) release_watchdog();  // each claim's process has its own
  const std::vector<ClaimRun> runs =
      isolated ? run_isolated_claims(selected, ctx, cq) : run_in_process(selected, ctx, cq, cache);
  // each claim held its own budget, in its own process: the run as a whole has none to exceed
  if (isolated) limits::set_deadline_enabled(false);
  const Summary s = summarize(selected, runs);
  add_rows(t, selected, runs, wide, o.quiet);
  const bool legend = !o.quiet && !ctx.data && ctx.format == out::Format::table && isatty(STDOUT_FILENO) != 0;
  add_summary(t, s, wide, legend);
  if (o.timing) t.notes.push_back(timing_note(selected, runs));
  RunResult r{std::move(t), s.not_as_expected == 0 ? 0 : 1};
  if (ctx.report == "junit")
    r.raw = junit_report(selected, runs, s, o.catalogue.empty() ? "(built in)" : o.catalogue);
  if (ctx.report == "tap") r.raw = tap_report(selected, runs, s);
  return r;
}

}  // namespace bc::cli
