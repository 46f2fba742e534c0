// boundcheck table --spec FILE [--shard I/N [--resume]] [--plot FILE]
// boundcheck table merge SHARD... [--plot FILE]
// Sweeps one evaluate command over a parameter grid, and the command line's lists (sweep_lists).
// The job is in rooms, one file each:
//   table_spec.*    the spec file (TOML, schema-driven)      table_values.*  ranges and CLI lists
//   table_plan.*    points and tasks                         table_shards.*  which shard takes a task
//   table_execute.* running tasks (blocks, points, threads)  table_merge.*   shard files, merge, resume
//   table_render.*  the printed table (derived, pivot)       table_plot.cpp  the figure
// This file holds the commands: options, the order of the steps, --help.
#include "cli.hpp"
#include "core/errors.hpp"
#include "parse.hpp"
#include "table_execute.hpp"
#include "table_merge.hpp"
#include "table_plan.hpp"
#include "table_render.hpp"
#include "table_shards.hpp"
#include "table_spec.hpp"
#include "table_values.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <set>
#include <sstream>

namespace bc::cli {

namespace {

using table::Point;
using table::Spec;
using table::Task;

struct TableOptions {
  std::string spec, shard, plot;
  bool resume = false;
};

/// "I/N" of --shard.
std::pair<size_t, size_t> parse_shard(const std::string& v) {
  const auto slash = v.find('/');
  if (slash == std::string::npos)
    throw UsageError(fmt::format("--shard must be I/N (e.g. 3/8), got \"{}\"", v));
  const size_t n = parse_uint("--shard", v.substr(slash + 1), 1, 1000000);
  const size_t i = parse_uint("--shard", v.substr(0, slash), 1, n);
  return {i, n};
}

/// `table --spec F --shard I/N --output P`: the shard file of shard I (or nothing, under --resume,
/// when P already holds it).
RunResult run_shard(const TableOptions& o, const Spec& s, const std::vector<Point>& pts,
                    const std::vector<Task>& tasks, long digits, const Context& ctx) {
  const auto [i, n] = parse_shard(o.shard);
  if (ctx.output.empty())
    throw UsageError("--shard needs --output FILE (the shard file that table merge reads)");
  if (!o.plot.empty()) throw UsageError("--plot goes with table merge, not with --shard");
  if (o.resume && std::filesystem::exists(ctx.output) && table::shard_done(ctx.output, s, i, n, digits)) {
    RunResult r;
    r.skip_output = true;
    r.table.notes.push_back(fmt::format("--resume: shard {}/{} is already in \"{}\"", i, n, ctx.output));
    return r;
  }
  const std::vector<size_t> mine = table::shard_tasks(tasks.size(), i, n);
  std::vector<Task> slice;
  for (size_t t : mine) slice.push_back(tasks[t]);
  table::Raw raw = table::run_tasks(s, pts, slice, ctx);
  RunResult r;
  r.raw = table::shard_json(s, i, n, tasks, mine, raw, digits).dump(1) + "\n";
  return r;
}

RunResult run_table(const TableOptions& o, const Context& ctx) {
  if (o.spec.empty()) throw UsageError("table needs --spec FILE (or: table merge SHARD...)");
  Spec s = table::load_spec(o.spec);
  table::check_paths(s, {o.spec}, o.plot, ctx);
  auto pts = table::expand(s, table::kMaxPoints);
  std::vector<Task> tasks;
  {
    Invoker probe;
    tasks = table::make_tasks(s, table::check_command(s, probe), pts);
  }
  const long digits = s.digits.value_or(ctx.digits);
  if (!o.shard.empty()) return run_shard(o, s, pts, tasks, digits, ctx);
  if (o.resume) throw UsageError("--resume goes with --shard I/N");
  table::Raw raw = table::run_tasks(s, pts, tasks, ctx);
  out::Table t = table::finish(s, std::move(raw), digits);
  table::maybe_plot(s, t, o.plot);
  table::write_outputs(s, t, ctx);
  std::string figure = ctx.format == out::Format::html ? table::report_figure(s, t) : "";
  RunResult r{std::move(t), 0};
  r.figure = std::move(figure);
  r.inputs = {o.spec};
  return r;
}

struct MergeOptions {
  std::vector<std::string> files;
  std::string plot;
};

RunResult run_table_merge(const MergeOptions& o, const Context& ctx) {
  if (o.files.empty()) throw UsageError("table merge needs the shard files written by table --shard I/N");
  std::vector<table::Shard> shards;
  for (const auto& f : o.files) shards.push_back(table::read_shard(f));
  // the spec inside a shard file is as untrusted as a spec: its outputs stay in the working directory
  table::check_paths(shards[0].spec, o.files, o.plot, ctx);
  table::Shard all = table::merge_shards(std::move(shards), o.files);
  out::Table t = table::finish(all.spec, std::move(all.raw), all.digits);
  table::maybe_plot(all.spec, t, o.plot);
  table::write_outputs(all.spec, t, ctx);
  std::string figure = ctx.format == out::Format::html ? table::report_figure(all.spec, t) : "";
  RunResult r{std::move(t), 0};
  r.figure = std::move(figure);
  r.inputs = o.files;
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
  auto pts = table::expand(s, table::kMaxPoints);
  table::Raw raw = table::run_tasks(s, pts, table::make_tasks(s, cmd, pts), ctx);
  out::Table t;
  t.command = cmd.path();
  for (const auto& [k, v] : s.fixed) t.params[k] = v.empty() ? "true" : v;
  for (const auto& a : s.sweep) t.params[a.option] = a.values;
  t.columns = raw.columns;
  for (auto& r : raw.rows) t.rows.push_back(std::move(r.second));
  t.notes = table::coalesce_notes(raw.notes);
  return RunResult(std::move(t), 0);
}

void setup_table(CLI::App& root, Registry& reg) {
  auto opt = std::make_shared<TableOptions>();
  CLI::App* app = reg.add(
      root, "table", "Sweep a command over a parameter grid: CSV/JSON/Markdown/LaTeX tables, plots, shards");
  app->add_option("--spec", opt->spec, "The spec file (TOML; format below)")->type_name("PATH");
  app->add_option("--shard", opt->shard, "Compute only slice I of N (1-based) into --output, for table merge")
      ->type_name("I/N");
  app->add_flag("--resume", opt->resume, "With --shard: skip the shard if --output already holds it");
  app->add_option("--plot", opt->plot,
                  "Also draw the [plot] section with gnuplot to FILE: .tex (LaTeX sets its text, with a .pdf "
                  "beside it), .svg, .png or .pdf")
      ->type_name("PATH");
  app->require_subcommand(0, 1);
  // the spec format and the rest of the help: tools/table_help.cpp
  reg.bind(app, opt, run_table);

  auto mopt = std::make_shared<MergeOptions>();
  CLI::App* mapp =
      reg.add(*app, "merge", "Join the shard files of one spec into the table the unsharded run prints");
  mapp->add_option("files", mopt->files, "Shard files (any order)")->type_name("PATH ...");
  mapp->add_option("--plot", mopt->plot, "Also draw the spec's [plot] section to FILE (as table --plot)")
      ->type_name("PATH");
  reg.bind(mapp, mopt, run_table_merge);
}

}  // namespace bc::cli
