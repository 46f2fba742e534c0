// `table status PARTS`: where a sharded sweep stands (see table/merge.hpp shard_status).
// Every file is read as merge reads it (digests checked, naming the task of any mismatch); the
// reference is --spec when given, else the spec of the newest readable file; its plan says which
// tasks each shard must hold. Cost: reading the files, plus one plan (and one point of the spec when
// the files' columns disagree).
#include "core/errors.hpp"
#include "table/execute.hpp"
#include "table/merge.hpp"
#include "table/render.hpp"
#include "table/shards.hpp"
#include "table/validate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>

namespace bc::cli::table {

namespace {

struct FileState {
  std::string file;
  std::optional<Shard> shard;
  std::string state, detail;
  std::filesystem::file_time_type mtime{};
};

/// The newest readable file (of the spec `identity`, when not empty): the reference's shard count
/// and cell options.
const Shard* newest(const std::vector<FileState>& fs, const std::string& identity) {
  const Shard* best = nullptr;
  std::filesystem::file_time_type t{};
  for (const auto& f : fs)
    if (f.shard && (identity.empty() || f.shard->spec.identity() == identity) &&
        (best == nullptr || f.mtime > t))
      best = &*f.shard, t = f.mtime;
  return best;
}

void judge(FileState& f, const Spec& ref, size_t count, const CellOptions& cells, const Plan& plan) {
  if (std::string why = shard_mismatch(*f.shard, ref, count, cells); !why.empty())
    f.state = "stale", f.detail = why;
  else if (why = shard_problem(*f.shard, f.file, plan); !why.empty())
    f.state = "incomplete", f.detail = why;
  else
    f.state = "done";
}

out::Cell count_cell(size_t n) { return out::Cell::of_int(static_cast<long long>(n)); }

/// The points a file holds: a done file, every point of its tasks (a point may print no rows);
/// any other, the points its rows hold.
size_t points_held(const FileState& f, const std::optional<Plan>& plan) {
  size_t pts = 0;
  if (f.shard)
    for (const auto& [task, p] : f.shard->tasks) pts += f.state == "done" ? plan->task(task).count : p.size();
  return pts;
}

// The columns a shard file must hold, when the files of the spec disagree (table merge refuses files
// whose columns differ): those of the spec's first point as table computes them, a probe run only
// then. `columns` is empty when the files agree (nothing to flag). When the probe cannot run (over
// the time budget, say), `unprobed` says why and no file with rows is called done: a vote of the
// files could take consistent forgeries for the reference.
struct ColumnsReference {
  std::vector<std::string> columns;
  std::string unprobed;
};

ColumnsReference reference_columns(const std::vector<FileState>& fs, const Spec& spec, const Plan& plan,
                                   const Context& ctx) {
  std::set<std::vector<std::string>> held;
  for (const auto& f : fs)
    if (f.shard && !f.shard->raw.rows.empty() && f.shard->spec.identity() == spec.identity())
      held.insert(f.shard->raw.columns);
  if (held.size() <= 1) return {};
  try {
    return {probe_columns(spec, plan, ctx), ""};
  } catch (const std::runtime_error& e) {  // UsageError, DomainError, ResourceError
    return {{}, one_line(e.what())};
  }
}

/// The reference spec's plan, once the spec is checked as table checks it (table/validate.hpp): the
/// columns its derived columns, layout and plot name come from a file of this spec that holds rows
/// (a shard dealt no task has no columns), else a probe.
Plan checked_plan(const Spec& spec, const Shard* ref, const CellOptions& cells, const Context& ctx) {
  Invoker probe;
  Plan plan = make_plan(spec, validate_spec(spec, probe, ctx), cells.digits, true);
  if (names_columns(spec))
    check_columns(spec, ref != nullptr && ref->spec.identity() == spec.identity() && !ref->raw.columns.empty()
                            ? ref->raw.columns
                            : probe_columns(spec, plan, ctx));
  return plan;
}

}  // namespace

out::Table shard_status(const std::vector<std::string>& files, const std::string& spec_file,
                        const std::vector<std::string>& sets, const Context& ctx, int& exit_code) {
  if (spec_file.empty() && !sets.empty())
    throw UsageError("table status: --set goes with --spec FILE (the spec it overrides)");
  std::vector<FileState> fs;
  for (const auto& file : files) {
    FileState f{file, std::nullopt, "", "", {}};
    try {
      f.shard = read_shard(file, "table status");
      std::error_code ec;
      f.mtime = std::filesystem::last_write_time(file, ec);
    } catch (const UsageError& e) {
      f.state = "damaged", f.detail = one_line(e.what());
    }
    fs.push_back(std::move(f));
  }
  const std::optional<Spec> given =
      spec_file.empty() ? std::nullopt : std::optional<Spec>(load_spec(spec_file, sets));
  // with --spec: the newest file of that spec, else (every file stale) the newest file's shard count
  const Shard* ref = newest(fs, given ? given->identity() : "");
  if (ref == nullptr && given) ref = newest(fs, "");
  const Spec spec = given ? *given : ref != nullptr ? ref->spec : Spec{};
  const size_t count = ref != nullptr ? ref->count : 0;  // <= kMaxShards (read_shard)
  CellOptions cells = ref != nullptr ? ref->cells : CellOptions{};
  if (given && given->digits) cells.digits = *given->digits;
  if (ctx.digits_given) cells.digits = ctx.digits;  // --digits typed: as table --spec F --digits D computes
  out::Table t;
  t.command = "table status";
  t.params["files"] = files;
  t.columns = {"shard", "file", "state", "tasks", "points", "rows", "detail"};
  std::vector<int> done(count + 1, 0);
  size_t points_done = 0, rows_done = 0, total_points = 0;
  if (cells.digits == 0) cells.digits = ctx.digits;  // no file to take them from
  std::optional<Plan> plan;
  if (given) plan.emplace(checked_plan(spec, ref, cells, ctx));  // refused before anything is printed
  if (ref != nullptr) {
    if (!plan) plan.emplace(checked_plan(spec, ref, cells, ctx));
    total_points = plan->points.size();
    // table merge refuses shards whose columns differ, so status calls none of them done
    const ColumnsReference ref_cols = reference_columns(fs, spec, *plan, ctx);
    for (auto& f : fs)
      if (f.shard) {
        judge(f, spec, count, cells, *plan);
        const bool rows = f.state == "done" && !f.shard->raw.rows.empty();
        if (rows && !ref_cols.unprobed.empty())
          f.state = "damaged",
          f.detail = fmt::format(
              "the files' columns differ and the spec's could not be probed to tell which are "
              "right (merge refuses them together): {}",
              ref_cols.unprobed);
        else if (rows && !ref_cols.columns.empty() && f.shard->raw.columns != ref_cols.columns)
          f.state = "damaged", f.detail = "its columns differ from the spec's (merge refuses it)";
        if (f.state == "done" && done[f.shard->index]++ != 0)
          f.state = "duplicate", f.detail = "shard given twice";
      }
  }
  for (const auto& f : fs) {
    const size_t pts = points_held(f, plan), rows = f.shard ? f.shard->raw.rows.size() : 0;
    if (f.state == "done") points_done += pts, rows_done += rows;
    t.add_row({f.shard ? out::Cell::of_text(fmt::format("{}/{}", f.shard->index, f.shard->count))
                       : out::Cell::of_text("?"),
               out::Cell::of_text(f.file), out::Cell::of_text(f.state),
               count_cell(f.shard ? f.shard->tasks.size() : 0), count_cell(pts), count_cell(rows),
               out::Cell::of_text(f.detail)});
  }
  std::vector<std::string> missing;
  for (size_t i = 1; i <= count; ++i)
    if (done[i] == 0) {
      missing.push_back(std::to_string(i));
      t.add_row({out::Cell::of_text(fmt::format("{}/{}", i, count)), out::Cell::of_text(""),
                 out::Cell::of_text("missing"), count_cell(0), count_cell(0), count_cell(0),
                 out::Cell::of_text("no complete file for this shard")});
    }
  const size_t ndone = count - missing.size();
  t.notes.push_back(fmt::format(
      "{} of {} shards done: {} of {} points, {} rows so far{}", ndone, count, points_done, total_points,
      rows_done, missing.empty() ? "" : fmt::format("; missing: {}", fmt::join(missing, ","))));
  const bool clean = ref != nullptr && missing.empty() &&
                     std::all_of(fs.begin(), fs.end(), [](const FileState& f) { return f.state == "done"; });
  exit_code = clean ? 0 : 1;
  return t;
}

}  // namespace bc::cli::table
