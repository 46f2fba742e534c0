// boundcheck table --spec FILE [--shard I/N [--resume]] [--plot FILE]
// boundcheck table merge SHARD... [--plot FILE]
// Sweeps one evaluate command over a parameter grid, and the command line's lists (sweep_lists).
// The job is in rooms, one file each:
//   table_spec.*    the spec file (TOML, schema-driven)      table_values.*  ranges and CLI lists
//   table_plan.*    points and tasks                         table_shards.*  which shard takes a task
//   table_execute.* running tasks (blocks, points, threads)  table_merge.*   shard files, merge, resume
//   table_render.*  the printed table (derived, pivot)       table/plot.cpp  the figure
// This file holds the commands: options, the order of the steps, --help.
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "output/atomic_file.hpp"
#include "parse.hpp"
#include "table/double_check.hpp"
#include "table/execute.hpp"
#include "table/merge.hpp"
#include "table/plan.hpp"
#include "table/render.hpp"
#include "table/shards.hpp"
#include "table/spec.hpp"
#include "table/validate.hpp"
#include "table/values.hpp"
#include "user/loaded.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <set>
#include <sstream>

namespace bc::cli {

namespace {

using table::Spec;

struct TableOptions {
  std::string spec, shard, plot, catalogue;
  std::vector<std::string> sets;
  bool resume = false;
};

/// Loads --catalogue DIR's quantities (nothing when not given).
void load_catalogue(const std::string& dir) {
  if (!dir.empty()) (void)user::load_dir(dir);
}

/// "I/N" of --shard.
std::pair<size_t, size_t> parse_shard(const std::string& v) {
  const auto slash = v.find('/');
  if (slash == std::string::npos)
    throw UsageError(fmt::format("--shard must be I/N (e.g. 3/8), got \"{}\"", v));
  const size_t n = parse_uint("--shard", v.substr(slash + 1), 1, table::kMaxShards);
  const size_t i = parse_uint("--shard", v.substr(0, slash), 1, n);
  return {i, n};
}

/// What a sweep over its budget may do (said once each: issue 37 §2).
constexpr const char* kOverBudget =
    "split it with --shard I/N, or raise --max-seconds (a long sweep may say --max-seconds 86400)";

/// Every command estimates its work before it starts: with the command's cost model, the tasks'
/// estimated seconds on ctx.threads threads are held to the time budget (--max-seconds).
void check_budget(const table::Plan& plan, const std::vector<size_t>& tasks, const Context& ctx) {
  if (!plan.estimated) return;
  double secs = 0;
  for (size_t t : tasks) secs += plan.cost(t);
  limits::check_seconds(fmt::format("table: {} tasks", tasks.size()), secs / std::max(1, ctx.threads),
                        kOverBudget);
}

/// The same check before anything is planned, from a sample of the sweep's points (table/plan.hpp
/// sampled_cost), so that a sweep far over its budget is refused in milliseconds whatever its size;
/// a shard is held to its share. A sweep the sample accepts is checked again from its plan.
void check_sampled_budget(const Spec& s, const Command& cmd, long digits, size_t shards, const Context& ctx) {
  const std::optional<table::SampledCost> c = table::sampled_cost(s, cmd, digits);
  if (!c) return;
  const double secs = c->seconds / static_cast<double>(shards) / std::max(1, ctx.threads);
  const auto points = static_cast<std::uint64_t>(c->points);
  const std::string what =
      shards > 1
          ? fmt::format("table: {} points in {} shards (priced from {} of them)", points, shards, c->sampled)
          : fmt::format("table: {} points (priced from {} of them)", points, c->sampled);
  limits::check_seconds(what, secs, kOverBudget);
}

/// `table --spec F --shard I/N --output P`: the shard file of shard I (or nothing, under --resume,
/// when P already holds it). --double-check recomputes the shard's rows (the file's, under --resume)
/// and compares them before the file is written; the file is written once.
RunResult run_shard(const TableOptions& o, const Spec& s, const table::Plan& plan,
                    const table::CellOptions& cells, const Context& ctx) {
  const auto [i, n] = parse_shard(o.shard);
  if (ctx.output.empty())
    throw UsageError("--shard needs --output FILE (the shard file that table merge reads)");
  if (!o.plot.empty()) throw UsageError("--plot goes with table merge, not with --shard");
  const std::vector<size_t> mine = table::shard_tasks(plan, i, n);
  RunResult r;
  if (o.resume && std::filesystem::exists(ctx.output)) {
    if (std::optional<table::Shard> old = table::shard_done(ctx.output, s, plan, i, n, cells)) {
      r.skip_output = true;
      r.table.notes.push_back(fmt::format("--resume: shard {}/{} is already in \"{}\"", i, n, ctx.output));
      if (ctx.double_check) {
        table::double_check_rows(s, plan, mine, ctx, std::move(old->raw));
        r.table.notes.push_back("double-checked: " + std::string(table::kDoubleCheck));
      }
      return r;
    }
  }
  check_budget(plan, mine, ctx);
  table::ShardWriter writer(s, plan, i, n, cells);
  table::Raw first;
  const table::RunSummary sum = table::run_tasks(
      s, plan, mine, ctx, [&](size_t t, std::vector<table::TaggedRow>& rows, const auto& notes) {
        writer.task(t, rows, notes);
        if (ctx.double_check) first.rows.insert(first.rows.end(), rows.begin(), rows.end());
      });
  if (ctx.double_check) {
    first.columns = sum.columns;
    table::double_check_rows(s, plan, mine, ctx, std::move(first));
    r.table.notes.push_back("double-checked: " + std::string(table::kDoubleCheck));
  }
  r.raw = writer.finish(sum);
  return r;
}

/// Every task of a plan, in order.
std::vector<size_t> all_tasks(const table::Plan& plan) {
  std::vector<size_t> ids(plan.task_count());
  for (size_t t = 0; t < ids.size(); ++t) ids[t] = t;
  return ids;
}

/// Whether the unsharded table may be rendered window by window instead of held whole as cells:
/// CSV (no column widths or number formats measured over every row) with no pivot, figure, extra
/// outputs or --double-check, which need every row. Elsewhere the rows are held.
bool streamable(const TableOptions& o, const Spec& s, const Context& ctx) {
  return ctx.format == out::Format::csv && !s.layout && o.plot.empty() && s.outputs.empty() &&
         !ctx.double_check;
}

/// Whether the rendered windows go straight to --output: a regular file (a failed run leaves
/// nothing: the file is renamed into place at the end). Standard output, a device, a FIFO get
/// the text once the whole sweep has succeeded (nothing on stdout when a point fails).
bool to_file(const Context& ctx) {
  return !ctx.output.empty() && !out::is_write_through(out::resolve_output_target(ctx.output));
}

/// Rows (in spec order) through finish_rows into CSV text; the header only for the first piece.
std::string csv_piece(const Spec& s, const std::vector<std::string>& columns,
                      std::vector<table::TaggedRow>& rows, size_t n, const table::CellOptions& cells,
                      bool header, std::vector<std::string>& notes) {
  out::Table t;
  t.columns = columns;
  t.rows.reserve(n);
  for (size_t i = 0; i < n; ++i) t.rows.push_back(std::move(rows[i].second));
  rows.erase(rows.begin(), rows.begin() + static_cast<long>(n));
  table::finish_rows(s, t, cells);
  notes = t.notes;
  std::string text = out::render(t, out::Meta{}, out::Format::csv);
  if (!header) text.erase(0, text.find('\n') + 1);
  return text;
}

/// The sweep rendered as CSV window by window, byte for byte what the held table prints: into
/// --output when it is a regular file, else into memory as text (a tenth of the rows' cells) that
/// the front end prints once the sweep is done. Tasks arrive in order of their first point, so
/// once task t has arrived every point before task t + 1's first is in: those rows are rendered
/// after each window, and the rows held stay at about a window's (run_tasks' kWindow points)
/// whatever the sweep's size.
RunResult run_streamed(const Spec& s, const table::Plan& plan, const table::CellOptions& cells,
                       const Context& ctx) {
  std::optional<out::AtomicWriter> file;
  if (to_file(ctx)) file.emplace(ctx.output);
  std::string text;
  auto put = [&](const std::string& piece) {
    if (file)
      file->write(piece);
    else
      text += piece;
  };
  std::vector<table::TaggedRow> pending;
  size_t boundary = 0;  // every point below it has arrived
  bool header = true;
  std::vector<std::string> notes;
  const table::RunSummary sum = table::run_tasks(
      s, plan, all_tasks(plan), ctx,
      [&](size_t t, std::vector<table::TaggedRow>& rows, const auto&) {
        for (auto& r : rows) pending.push_back(std::move(r));
        boundary = t + 1 < plan.task_count() ? plan.task(t + 1).first : plan.points.size();
      },
      [&](const table::RunSummary& so_far) {
        table::sort_by_point(pending);
        const auto ready = std::partition_point(
            pending.begin(), pending.end(), [&](const table::TaggedRow& r) { return r.first < boundary; });
        const auto n = static_cast<size_t>(ready - pending.begin());
        if (n == 0) return;
        put(csv_piece(s, so_far.columns, pending, n, cells, header, notes));
        // room for every point at the first window's bytes per point, not log(n) copies (a point
        // may print many rows: count points, not rows)
        if (header && !file && boundary > 0 && boundary < plan.points.size())
          text.reserve(text.size() +
                       std::min(text.size() / boundary * (plan.points.size() - boundary) * 21 / 20,
                                static_cast<size_t>(limits::max_output_chars)));
        header = false;
      });
  table::sort_by_point(pending);
  put(csv_piece(s, sum.columns, pending, pending.size(), cells, header, notes));
  RunResult r;
  if (file) {
    file->commit();
    r.skip_output = true;
  } else {
    r.raw = std::move(text);
  }
  r.table.notes = table::coalesce_notes(sum.notes);
  for (const auto& n : notes) r.table.notes.push_back(n);  // the derived columns' note, as finish adds it
  r.inputs = {s.file};
  return r;
}

/// The spec's `digits` yields to a --digits typed on the command line: a note says so.
void digits_note(const Spec& s, const Context& ctx, std::vector<std::string>& notes) {
  if (ctx.digits_given && s.digits && *s.digits != ctx.digits)
    notes.push_back(fmt::format("--digits {} overrides the spec's digits = {}", ctx.digits, *s.digits));
}

/// The swept command's Formula and Source (as its --help shows them) and the spec with its --set
/// overrides: what an HTML report of a table says is computed.
std::vector<std::pair<std::string, std::string>> about_sweep(const Spec& s, const Command& cmd) {
  std::string spec = s.text;
  for (const auto& o : s.sets)
    spec += (spec.empty() || spec.back() == '\n' ? "" : "\n") + ("# --set " + o.text());
  return {{"Command", "boundcheck " + table::join_words(s.command)},
          {"Formula", cmd.help.formula},
          {"Source", cmd.help.source},
          {"Spec", spec}};
}

/// Whether the table is also written as LaTeX: --format latex, or a .tex among the spec's outputs.
bool writes_latex(const Spec& s, const Context& ctx) {
  return ctx.format == out::Format::latex ||
         std::any_of(s.outputs.begin(), s.outputs.end(),
                     [](const std::pair<std::string, std::string>& o) { return o.second == "latex"; });
}

/// The rows, finished, drawn and printed: the figure from the long rows, the table pivoted.
RunResult present_rows(const TableOptions& o, const Spec& s, table::Raw raw, const table::CellOptions& cells,
                       const Context& ctx) {
  out::Table rows = table::finish_long(s, std::move(raw), cells);
  if (ctx.double_check) rows.notes.push_back("double-checked: " + std::string(table::kDoubleCheck));
  table::maybe_plot(s, rows, o.plot);
  std::string figure = ctx.format == out::Format::html ? table::report_figure(s, rows) : "";
  out::Table t = table::present(s, std::move(rows), writes_latex(s, ctx));
  table::write_outputs(s, t, out::Meta{cells.digits, ctx.threads, ctx.certified});
  RunResult r{std::move(t), 0};
  r.figure = std::move(figure);
  return r;
}

/// What each --set that sweeps an option adds: its values and the points of the whole sweep
/// (`--set H=1:10000` is 10^4 values, a row each for most commands).
std::vector<std::string> set_notes(const Spec& s, size_t points) {
  std::vector<std::string> notes;
  for (const auto& o : s.sets)
    if (o.values > 0)
      notes.push_back(fmt::format("--set {} sweeps {} over {} value{}: the sweep has {} point{}",
                                  o.as_typed(), o.option, o.values, o.values == 1 ? "" : "s", points,
                                  points == 1 ? "" : "s"));
  return notes;
}

/// The sweep checked (table/validate.hpp: the options, the values, and, from a probe of the first
/// point, the columns the spec names), then computed and rendered: sharded, streamed, or held whole.
RunResult run_sweep(const TableOptions& o, const Spec& s, const Context& ctx) {
  const table::CellOptions cells = table::cell_options(s, ctx);
  // --shard is this command line's own option: refused before the spec's values are
  const size_t shards = o.shard.empty() ? 1 : parse_shard(o.shard).second;
  Invoker probe;
  check_sampled_budget(s, table::check_command(s, probe), cells.digits, shards, ctx);
  const Command& cmd = table::validate_spec(s, probe, ctx);
  const table::Plan plan = table::make_plan(s, cmd, cells.digits, !o.shard.empty());
  // a sweep of one point checks its columns once it is computed: the same refusal, no second run
  if (table::names_columns(s) && plan.points.size() > 1)
    table::check_columns(s, table::probe_columns(s, plan, ctx));
  RunResult r;
  if (!o.shard.empty()) {
    r = run_shard(o, s, plan, cells, ctx);
  } else {
    if (o.resume) throw UsageError("--resume goes with --shard I/N");
    check_budget(plan, all_tasks(plan), ctx);
    if (streamable(o, s, ctx)) {
      r = run_streamed(s, plan, cells, ctx);
      for (auto& n : set_notes(s, plan.points.size())) r.table.notes.push_back(std::move(n));
      return r;
    }
    table::Raw raw = table::run_all(s, plan, all_tasks(plan), ctx);
    if (ctx.double_check) table::double_check_rows(s, plan, all_tasks(plan), ctx, raw);
    r = present_rows(o, s, std::move(raw), cells, ctx);
  }
  for (auto& n : set_notes(s, plan.points.size())) r.table.notes.push_back(std::move(n));
  r.about = about_sweep(s, cmd);
  return r;
}

RunResult run_table(const TableOptions& o, const Context& ctx) {
  if (o.spec.empty()) throw UsageError("table needs --spec FILE (or: table merge SHARD...)");
  load_catalogue(o.catalogue);
  Spec s = table::load_spec(o.spec, o.sets);
  table::check_paths(s, {o.spec}, o.plot, ctx);
  RunResult r = run_sweep(o, s, ctx);
  digits_note(s, ctx, r.table.notes);
  r.digits = table::cell_options(s, ctx).digits;
  r.inputs = {o.spec};
  return r;
}

/// merge, plan and status compute nothing a second computation could check.
void no_double_check(const Context& ctx, const char* what) {
  if (ctx.double_check)
    throw UsageError(fmt::format(
        "--double-check: table {} computes nothing to recompute; double-check the rows as they are computed "
        "(table --spec F [--shard I/N] --double-check)",
        what));
}

struct PlanOptions {
  std::string spec, shards = "1", catalogue;
  std::vector<std::string> sets;
};

/// `table plan --spec F --shards N`: the tasks and estimated cost of every shard.
RunResult run_table_plan(const PlanOptions& o, const Context& ctx) {
  if (o.spec.empty()) throw UsageError("table plan needs --spec FILE");
  no_double_check(ctx, "plan");
  load_catalogue(o.catalogue);
  Spec s = table::load_spec(o.spec, o.sets);
  const size_t n = parse_uint("--shards", o.shards, 1, table::kMaxShards);
  // checked as table checks it before it computes (a plan is a promise): options, values, columns
  Invoker probe;
  const table::Plan plan =
      table::make_plan(s, table::validate_spec(s, probe, ctx), table::cell_options(s, ctx).digits, true);
  if (table::names_columns(s)) table::check_columns(s, table::probe_columns(s, plan, ctx));
  const auto owner = table::assign_shards(plan, n);
  std::vector<size_t> tasks(n + 1), points(n + 1);
  std::vector<double> cost(n + 1);
  for (size_t t = 0; t < owner.size(); ++t) {
    const table::Task task = plan.task(t);
    ++tasks[owner[t]], points[owner[t]] += task.count, cost[owner[t]] += task.cost;
  }
  out::Table t;
  t.command = "table plan";
  t.params["spec"] = o.spec;
  t.params["shards"] = n;
  for (const auto& so : s.sets) t.params["set"].push_back(so.text());
  t.columns = {"shard", "tasks", "points", plan.estimated ? "est_seconds" : "est_units"};
  for (size_t i = 1; i <= n; ++i)
    t.add_row({out::Cell::of_int(static_cast<long long>(i)),
               out::Cell::of_int(static_cast<long long>(tasks[i])),
               out::Cell::of_int(static_cast<long long>(points[i])),
               out::Cell::of_double(std::strtod(fmt::format("{:.3g}", cost[i]).c_str(), nullptr))});
  const double slowest = *std::max_element(cost.begin() + 1, cost.end());
  if (plan.estimated && plan.total_cost > 0)
    t.notes.push_back(fmt::format(
        "estimated seconds on one core (the command's own cost model): {:.3g} s unsharded; the slowest "
        "shard {:.3g} s is {:.2f} x an equal share",
        plan.total_cost, slowest, slowest / (plan.total_cost / static_cast<double>(n))));
  else if (plan.estimated)  // a user quantity that calls no priced command
    t.notes.push_back(
        "estimated seconds on one core (the command's own cost model): 0 s: nothing it runs is priced");
  else
    t.notes.push_back(fmt::format(
        "\"{}\" has no cost model: costs are counted in points ({} tasks dealt in boustrophedon order)",
        table::join_words(s.command), plan.task_count()));
  return RunResult(std::move(t), 0);
}

struct MergeOptions {
  std::string catalogue;
  std::vector<std::string> files;
  std::string plot;
  bool outputs = false;
};

/// The spec's outputs = [...] are written by merge only under --outputs (the spec came inside the
/// shard files, perhaps from someone else): one note per file written, or one saying they were not.
void merge_outputs(const MergeOptions& o, const table::Shard& all, out::Table& t, const Context& ctx) {
  const Spec& s = all.spec;
  if (s.outputs.empty()) return;
  std::vector<std::string> files;
  for (const auto& of : s.outputs) files.push_back(of.first);
  if (!o.outputs) {
    t.notes.push_back(fmt::format("the spec's outputs ({}) were not written: pass --outputs to write them",
                                  fmt::join(files, ", ")));
    return;
  }
  table::write_outputs(s, t, out::Meta{all.cells.digits, ctx.threads, all.cells.certified});
  for (const auto& f : files) t.notes.push_back(fmt::format("--outputs: wrote \"{}\"", f));
}

RunResult run_table_merge(const MergeOptions& o, const Context& ctx) {
  if (o.files.empty()) throw UsageError("table merge needs the shard files written by table --shard I/N");
  no_double_check(ctx, "merge");
  load_catalogue(o.catalogue);
  std::vector<table::Shard> shards;
  for (const auto& f : o.files) shards.push_back(table::read_shard(f, "table merge"));
  // the spec inside a shard file is as untrusted as a spec: its outputs stay in the working directory
  table::check_paths(shards[0].spec, o.files, o.plot, ctx);
  table::Shard all = table::merge_shards(std::move(shards), o.files);
  out::Table rows = table::finish_long(all.spec, std::move(all.raw), all.cells);
  table::maybe_plot(all.spec, rows, o.plot);
  std::string figure = ctx.format == out::Format::html ? table::report_figure(all.spec, rows) : "";
  out::Table t = table::present(all.spec, std::move(rows), writes_latex(all.spec, ctx));
  merge_outputs(o, all, t, ctx);
  // the cells are the shards': a --digits or --certified typed here cannot change them
  if (ctx.digits_given && ctx.digits != all.cells.digits)
    t.notes.push_back(fmt::format("--digits {}: the shard files were computed at {} digits, as shown",
                                  ctx.digits, all.cells.digits));
  if (ctx.certified && !all.cells.certified)
    t.notes.push_back("--certified: the shard files were computed without --certified, as shown");
  RunResult r{std::move(t), 0};
  r.figure = std::move(figure);
  Invoker registry;
  if (const Command* cmd = registry.registry().find(table::join_words(all.spec.command)))
    r.about = about_sweep(all.spec, *cmd);
  r.inputs = o.files;
  r.digits = all.cells.digits;
  r.certified = all.cells.certified;
  return r;
}

struct StatusOptions {
  std::vector<std::string> files, sets;
  std::string spec, catalogue;
};

RunResult run_table_status(const StatusOptions& o, const Context& ctx) {
  if (o.files.empty()) throw UsageError("table status needs the shard files written by table --shard I/N");
  no_double_check(ctx, "status");
  load_catalogue(o.catalogue);
  int code = 0;
  out::Table t = table::shard_status(o.files, o.spec, o.sets, ctx, code);
  RunResult r{std::move(t), code};
  r.inputs = o.files;
  if (!o.spec.empty()) r.inputs.push_back(o.spec);
  return r;
}

}  // namespace

std::optional<RunResult> sweep_lists(const Command& cmd, const Context& ctx) {
  static const std::set<std::string> kGlobal = {"--format", "--digits", "--threads", "--output",
                                                "--certified"};
  Spec s;  // an in-memory spec: file "" makes errors read as command-line errors
  std::istringstream words(cmd.path());
  for (std::string w; words >> w;) s.command.push_back(w);
  bool rewritten = false;
  for (const CLI::Option* o : cmd.app->get_options()) {
    const std::string name = o->get_name(false, true);
    if (o->count() == 0 || name.rfind("--", 0) != 0 || kGlobal.count(name) != 0U || name == "--help")
      continue;
    const std::string opt = name.substr(2);
    if (o->get_expected_min() == 0) {  // a flag
      s.fixed.emplace_back(opt, "");
      continue;
    }
    const std::string value = o->results().empty() ? std::string() : o->results().back();
    if (!sweepable(*o)) {  // an expression, a path, a prefix: one string, never a list or a range
      s.fixed.emplace_back(opt, value);
      continue;
    }
    auto vals = table::cli_values(opt, value);
    const bool native =
        std::find(cmd.list_options.begin(), cmd.list_options.end(), opt) != cmd.list_options.end();
    if (!vals) {
      s.fixed.emplace_back(opt, value);
    } else if (native) {  // the command's own list kernel takes it; log(...) is spelled out for it
      s.fixed.emplace_back(opt, fmt::format("{}", fmt::join(*vals, ",")));
      rewritten = rewritten || value.find("log(") != std::string::npos;
    } else {
      s.sweep.push_back({opt, *vals, 0});
    }
  }
  if (s.sweep.empty() && !rewritten) return std::nullopt;
  const table::Plan plan = table::make_plan(s, cmd, ctx.digits, false);
  table::Raw raw = table::run_all(s, plan, all_tasks(plan), ctx);
  out::Table t;
  t.command = cmd.path();
  for (const auto& [k, v] : s.fixed) t.params[k] = v.empty() ? "true" : v;
  for (const auto& a : s.sweep) t.params[a.option] = a.values;
  t.columns = raw.columns;
  for (auto& r : raw.rows) t.rows.push_back(std::move(r.second));
  t.notes = table::coalesce_notes(raw.notes);
  return RunResult(std::move(t), 0);
}

namespace {

/// --catalogue DIR: a catalogue whose [[quantity]] entries the spec's command may name
/// (command = "mine.heads"): registered before any Invoker is built (tools/user/loaded.hpp).
void add_catalogue_option(CLI::App* app, std::string& dir) {
  app->add_option(
         "--catalogue", dir,
         "A catalogue directory whose [[quantity]] entries the spec may sweep (command = \"mine.q\")")
      ->type_name("PATH");
}

/// --set KEY=VALUE, once per option: one word each, so that it never takes a shard file's name.
void add_set_option(CLI::App* app, std::vector<std::string>& sets) {
  app->add_option("--set", sets,
                  "Override the spec's [fixed]/[sweep]/[zip] value of an option (TOML: r=4, 'd=[16, 64]', "
                  "'H={from=1, to=1e6, per_decade=4}'); repeat for several")
      ->type_name("KEY=VALUE")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

}  // namespace

void setup_table(CLI::App& root, Registry& reg) {
  auto opt = std::make_shared<TableOptions>();
  CLI::App* app = reg.add(
      root, "table", "Sweep a command over a parameter grid: CSV/JSON/Markdown/LaTeX tables, plots, shards");
  app->add_option("--spec", opt->spec, "The spec file (TOML; format below)")->type_name("PATH");
  app->add_option("--shard", opt->shard, "Compute only slice I of N (1-based) into --output, for table merge")
      ->type_name("I/N");
  app->add_flag("--resume", opt->resume, "With --shard: skip the shard if --output already holds it");
  add_set_option(app, opt->sets);
  add_catalogue_option(app, opt->catalogue);
  app->add_option("--plot", opt->plot,
                  "Also draw the [plot] section with gnuplot to PATH: .tex (LaTeX sets its text, with a .pdf "
                  "beside it), .svg, .png or .pdf")
      ->type_name("PATH");
  app->require_subcommand(0, 1);
  // the spec format and the rest of the help: tools/table/help.cpp
  reg.bind(app, opt, run_table);
  reg.double_check(app, table::kDoubleCheck, true);

  auto mopt = std::make_shared<MergeOptions>();
  CLI::App* mapp =
      reg.add(*app, "merge", "Join the shard files of one spec into the table the unsharded run prints");
  mapp->add_option("files", mopt->files, "Shard files (any order)")->type_name("PATH ...");
  mapp->add_option("--plot", mopt->plot, "Also draw the spec's [plot] section to PATH (as table --plot)")
      ->type_name("PATH");
  mapp->add_flag(
      "--outputs", mopt->outputs,
      "Also write the files the spec's outputs = [...] lists (inside the working directory; a note "
      "names each). Without it merge writes only to --output or stdout");
  add_catalogue_option(mapp, mopt->catalogue);
  reg.bind(mapp, mopt, run_table_merge);
  const char* const kNothing =
      "refused: nothing here is computed (use table --spec F [--shard I/N] --double-check)";
  reg.double_check(mapp, kNothing, true);

  auto popt = std::make_shared<PlanOptions>();
  CLI::App* papp = reg.add(*app, "plan", "Per shard: tasks, points and estimated cost of a sharded sweep");
  papp->add_option("--spec", popt->spec, "The spec file (TOML; see table --help)")->type_name("PATH");
  papp->add_option("--shards", popt->shards, "Number of shards N (default 1)")->type_name("INT");
  add_set_option(papp, popt->sets);
  add_catalogue_option(papp, popt->catalogue);
  reg.bind(papp, popt, run_table_plan);
  reg.double_check(papp, kNothing, true);

  auto sopt = std::make_shared<StatusOptions>();
  CLI::App* sapp = reg.add(*app, "status", "Which shards of a sweep are done, missing, stale or damaged");
  sapp->add_option("files", sopt->files, "Shard files (any order)")->type_name("PATH ...");
  sapp->add_option("--spec", sopt->spec, "The current spec (default: the spec of the newest readable file)")
      ->type_name("PATH");
  add_set_option(sapp, sopt->sets);
  add_catalogue_option(sapp, sopt->catalogue);
  reg.bind(sapp, sopt, run_table_status);
  reg.double_check(sapp, kNothing, true);
}

}  // namespace bc::cli
