// Running the tasks of a sweep (table/plan.hpp): blocks one at a time through the command's own
// list kernel (itself parallel), single points in parallel with one Invoker per thread. Every
// point runs the command's own parser and code, so a value it refuses is refused the same way,
// named with the spec's file, line and field. Rows come out tagged with their point, in spec
// order whatever --threads; the first failure in spec order is the one reported.
#pragma once

#include "cli.hpp"
#include "table/plan.hpp"

#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace bc::cli::table {

/// The options besides the spec that change a sweep's printed cells (a shard's: every reader
/// compares them; merge and --resume refuse a mismatch, status calls it stale). --threads and
/// --format do not change cells; --double-check only checks them.
struct CellOptions {
  long digits = 0;
  bool certified = false;
  bool operator==(const CellOptions&) const = default;
};

/// The cell options of a sweep of `s` run with `ctx`: digits from --digits when it was typed, else
/// the spec's `digits`, else 30 (the command line wins, as it does over every other default).
CellOptions cell_options(const Spec& s, const Context& ctx);

/// A row of the sweep with the index of its point (so shards merge back into spec order).
using TaggedRow = std::pair<size_t, std::vector<out::Cell>>;

/// The raw result of some tasks: the command's columns, the rows tagged with their point, and the
/// commands' notes in task order.
struct Raw {
  std::vector<std::string> columns;
  std::vector<TaggedRow> rows;
  std::vector<std::string> notes;
};

/// What a run of tasks leaves besides rows: the command's columns and its notes, in task order.
struct RunSummary {
  std::vector<std::string> columns;
  std::vector<std::string> notes;
};

/// Receives each task's rows (tagged with their points, in the command's order) and its notes (as
/// add_notes gathers them over the task's calls) once its window of tasks has run; tasks arrive in
/// the order of `ids`.
using TaskRowsFn =
    std::function<void(size_t task, std::vector<TaggedRow>& rows, const std::vector<std::string>& notes)>;

/// Runs the tasks `ids` (ascending) of `plan` with ctx.threads threads, in windows of about
/// kWindow points (blocks one by one through the command's own parallel kernel, single points in
/// parallel), handing every task's rows to `take` as its window completes. Throws the first
/// failing point's error (in spec order within a window), naming the spec's file, line and field.
/// `window_done`, if given, is called after each window's tasks were handed over, with the
/// columns and notes so far.
RunSummary run_tasks(const Spec& s, const Plan& plan, const std::vector<size_t>& ids, const Context& ctx,
                     const TaskRowsFn& take, const std::function<void(const RunSummary&)>& window_done = {});
inline constexpr size_t kWindow = 65536;

/// run_tasks collecting every row, in spec order.
Raw run_all(const Spec& s, const Plan& plan, const std::vector<size_t>& ids, const Context& ctx);

/// Rows into spec (point) order; already sorted unless blocks and single points interleave.
void sort_by_point(std::vector<TaggedRow>& rows);

/// Notes of many tasks: repeats dropped, except count notes ("3 of 91 brackets ..."), kept to be summed.
void add_notes(std::vector<std::string>& into, const std::vector<std::string>& notes);
/// Count notes with the same text summed into one ("3 of 91 ..." + "5 of 91 ..." = "8 of 182 ..."):
/// the table's notes are then the same however the sweep was cut into tasks and shards.
std::vector<std::string> coalesce_notes(const std::vector<std::string>& notes);

/// What a point's run threw, kept to be rethrown in spec order (kind 0: none, 1 usage, 2 domain,
/// 3 resource).
struct PointError {
  int kind = 0;
  std::string msg;
};

/// Runs f, returning the UsageError, DomainError, ResourceError or bad_alloc it threw, if any.
template <class F>
PointError guarded(F&& f) {
  try {
    f();
  } catch (const UsageError& e) {
    return {1, e.what()};
  } catch (const DomainError& e) {
    return {2, e.what()};
  } catch (const ResourceError& e) {
    return {3, e.what()};
  } catch (const std::bad_alloc&) {
    return {3, "out of memory"};
  }
  return {};
}

/// Rethrows a point's error with the spec's file, line and the field whose option the message names
/// ("[sweep] d = 2", "--set r = 0"), else the whole point; keeps its kind.
[[noreturn]] void rethrow_point(const Spec& s, const Point& p, const PointError& e);

/// The command's columns at point 0 of `plan` (the swept options it does not print put in front, as
/// the run does): the point is computed, once, with `ctx`'s digits, threads and time budget. A
/// failure is reported as the run reports it.
std::vector<std::string> probe_columns(const Spec& s, const Plan& plan, const Context& ctx);

}  // namespace bc::cli::table
