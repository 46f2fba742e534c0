// boundcheck table --spec FILE [--shard I/N [--resume]] [--plot FILE]
// boundcheck table merge SHARD... [--plot FILE]
// Sweeps one evaluate command over a parameter grid. Every point runs the command's own parser and
// code through an Invoker (tools/app.cpp), so a spec cell the command would refuse is refused the
// same way, with the spec's file, line and field. Points run in parallel (one Invoker per thread),
// rows come out in spec order whatever --threads. Shards are contiguous slices of the point list;
// `merge` rebuilds exactly the table the unsharded run prints.
#include "cli.hpp"
#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "core/flint.hpp"
#include "core/real_format.hpp"
#include "core/text_file.hpp"
#include "output/atomic_file.hpp"
#include "output/cell_value.hpp"
#include "output/labels.hpp"
#include "output/latex_text.hpp"
#include "output/output_path.hpp"
#include "output/plot.hpp"
#include "parse.hpp"
#include "progress.hpp"
#include "table_shards.hpp"
#include "table_spec.hpp"

#include <flint/flint.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#ifdef BOUNDCHECK_HAVE_OPENMP
#include <omp.h>
#endif

namespace bc::cli {

namespace {

using table::Point;
using table::Spec;

constexpr size_t kMaxPoints = 10000000;

std::string join_words(const std::vector<std::string>& w) { return fmt::format("{}", fmt::join(w, " ")); }

/// The raw result of a slice of the sweep: rows tagged with their point's index (so shards merge
/// back into spec order), and the commands' notes in task order.
struct Raw {
  std::vector<std::string> columns;
  std::vector<std::pair<size_t, std::vector<out::Cell>>> rows;
  std::vector<std::string> notes;
};

/// A count note "A of B rest" (rank bound: "3 of 91 brackets are wider ..."): its numbers, rest.
bool count_note(const std::string& n, unsigned long long& a, unsigned long long& b, std::string& rest) {
  const auto sp = n.find(" of ");
  if (sp == std::string::npos || sp == 0 || n.find_first_not_of("0123456789") != sp) return false;
  const auto sp2 = n.find(' ', sp + 4);
  const std::string bs = n.substr(sp + 4, sp2 == std::string::npos ? std::string::npos : sp2 - sp - 4);
  if (bs.empty() || bs.size() > 18 || bs.find_first_not_of("0123456789") != std::string::npos || sp > 18)
    return false;
  a = std::stoull(n.substr(0, sp)), b = std::stoull(bs);
  rest = sp2 == std::string::npos ? "" : n.substr(sp2);
  return true;
}

/// Notes of many tasks: repeats dropped, except count notes, which are kept to be summed.
void add_notes(std::vector<std::string>& into, const std::vector<std::string>& notes) {
  unsigned long long a = 0, b = 0;
  std::string rest;
  for (const auto& n : notes)
    if (count_note(n, a, b, rest) || std::find(into.begin(), into.end(), n) == into.end()) into.push_back(n);
}

/// Count notes with the same text summed into one ("3 of 91 ..." + "5 of 91 ..." = "8 of 182 ..."):
/// the table's notes are then the same however the sweep was cut into tasks and shards.
std::vector<std::string> coalesce_notes(const std::vector<std::string>& notes) {
  std::vector<std::string> out;
  std::map<std::string, std::pair<unsigned long long, unsigned long long>> sums;
  std::vector<std::string> order;  // first position of each count note, as its rest
  for (const auto& n : notes) {
    unsigned long long a = 0, b = 0;
    std::string rest;
    if (!count_note(n, a, b, rest)) {
      if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
      continue;
    }
    auto [it, fresh] = sums.try_emplace(rest, 0, 0);
    if (fresh) out.push_back("\x01" + rest);  // placeholder, filled below
    it->second.first += a, it->second.second += b;
  }
  for (auto& n : out)
    if (!n.empty() && n[0] == '\x01') {
      const auto& [a, b] = sums.at(n.substr(1));
      n = fmt::format("{} of {}{}", a, b, n.substr(1));
    }
  return out;
}

/// Checks the command and its options before any point runs.
const Command& check_command(const Spec& s, const Invoker& inv) {
  const std::string path = join_words(s.command);
  const Command* cmd = inv.registry().find(path);
  if (cmd == nullptr || s.command[0] == "table")
    throw UsageError(
        fmt::format("{}:{}: command: \"{}\" is not an evaluate command (e.g. \"rank bound\"; "
                    "boundcheck --help lists them)",
                    s.file, s.command_line, path));
  auto check_opt = [&](const std::string& opt, long line, const char* sec) {
    if (cmd->app->get_option_no_throw("--" + opt) == nullptr)
      throw UsageError(fmt::format("{}:{}: [{}] {}: \"{}\" has no option --{} (see boundcheck {} --help)",
                                   s.file, line, sec, opt, path, opt, path));
  };
  for (const auto& [opt, v] : s.fixed) check_opt(opt, 0, "fixed");
  for (const auto& a : s.sweep) check_opt(a.option, a.line, "sweep");
  for (const auto& a : s.zip) check_opt(a.option, a.line, "zip");
  return *cmd;
}

struct PointError {
  int kind = 0;  // 0 none, 1 usage, 2 domain, 3 resource
  std::string msg;
};

[[noreturn]] void rethrow_point(const Spec& s, const Point& p, const PointError& e) {
  // name the swept field whose option the command's message mentions, else the whole point
  std::string where;
  long line = 0;
  for (const auto& [opt, v] : p)
    if (e.msg.find("--" + opt + " ") != std::string::npos ||
        e.msg.find("--" + opt + ",") != std::string::npos ||
        e.msg.find("--" + opt + ":") != std::string::npos) {
      line = s.line_of(opt);
      where = fmt::format("[{}] {} = {}", line == 0 ? "fixed" : "sweep", opt, v);
      break;
    }
  if (where.empty()) {
    std::vector<std::string> kv;
    for (const auto& [opt, v] : p) kv.push_back(opt + " = " + v);
    where = kv.empty() ? "[fixed]" : fmt::format("point {}", fmt::join(kv, ", "));
    if (!p.empty()) line = s.line_of(p.front().first);
  }
  std::string msg = line > 0 ? fmt::format("{}:{}: {}: {}", s.file, line, where, e.msg)
                             : fmt::format("{}: {}: {}", s.file, where, e.msg);
  if (s.file.empty()) {  // a list on the command line: name the value, as typed
    msg = e.msg;
    for (const auto& [opt, v] : p)
      if (e.msg.find("--" + opt) != std::string::npos) msg = fmt::format("at --{} {}: {}", opt, v, e.msg);
  }
  if (e.kind == 1) throw UsageError(msg);
  if (e.kind == 2) throw DomainError(msg);
  throw ResourceError(msg);
}

/// Rows into spec (point) order; already sorted unless blocks and single points interleave.
void sort_by_point(std::vector<std::pair<size_t, std::vector<out::Cell>>>& rows) {
  auto by_point = [](const auto& x, const auto& y) { return x.first < y.first; };
  if (!std::is_sorted(rows.begin(), rows.end(), by_point))
    std::stable_sort(rows.begin(), rows.end(), by_point);
}

/// A unit of work: one point, or a Cartesian block of points swept in one call through the
/// options the command takes as lists. The task list depends only on the spec, so shards (slices
/// of it) print exactly what the unsharded run prints.
struct Task {
  std::vector<size_t> points;
  std::vector<std::string> batched;  ///< list options of a block; empty for a single point
};

constexpr size_t kBlock = 4096;  // points per block: the call's fixed cost (~50 us) becomes noise

std::vector<Task> make_tasks(const Spec& s, const Command& cmd, const std::vector<Point>& pts) {
  std::vector<std::string> B;  // [sweep] options the command takes as lists, in spec order
  for (const auto& a : s.sweep)
    if (std::find(cmd.list_options.begin(), cmd.list_options.end(), a.option) != cmd.list_options.end())
      B.push_back(a.option);
  std::vector<Task> tasks;
  if (B.empty()) {
    for (size_t k = 0; k < pts.size(); ++k) tasks.push_back({{k}, {}});
    return tasks;
  }
  // group points by their non-batched values; each group is the full product of the B axes
  std::map<std::vector<std::string>, std::vector<size_t>> groups;
  std::vector<std::vector<std::string>> order;
  for (size_t k = 0; k < pts.size(); ++k) {
    std::vector<std::string> key;
    for (const auto& [opt, v] : pts[k])
      if (std::find(B.begin(), B.end(), opt) == B.end()) key.push_back(opt + "=" + v);
    auto [it, fresh] = groups.try_emplace(key);
    if (fresh) order.push_back(key);
    it->second.push_back(k);
  }
  // blocks: split the group's points (in spec order, B axes varying as in the sweep, the last
  // fastest) into runs of the innermost B axis at fixed values of the others, at most kBlock points
  // each. Small blocks are what lets shards balance (a block is the unit a shard takes: `rank bound`
  // costs seconds at d = 8, r = 1 and milliseconds at d = 256), and they cost one call each (~50 us)
  size_t last = 1;
  for (const auto& a : s.sweep)
    if (a.option == B.back()) last = a.values.size();
  for (const auto& key : order) {
    const auto& g = groups[key];
    for (size_t run = 0; run < g.size(); run += last)
      for (size_t b = run; b < std::min(g.size(), run + last); b += kBlock) {
        Task t;
        t.points.assign(g.begin() + static_cast<long>(b),
                        g.begin() + static_cast<long>(std::min({g.size(), run + last, b + kBlock})));
        t.batched = t.points.size() > 1 ? B : std::vector<std::string>{};
        tasks.push_back(std::move(t));
      }
  }
  std::sort(tasks.begin(), tasks.end(),
            [](const Task& x, const Task& y) { return x.points[0] < y.points[0]; });
  return tasks;
}

struct TaskOut {
  std::vector<std::string> columns;
  std::vector<std::pair<size_t, std::vector<out::Cell>>> rows;
  std::vector<std::string> notes;
  size_t failed_point = 0;
  PointError error;
};

std::vector<std::string> point_args(const Spec& s, const Point& p, long digits, const std::string& threads,
                                    bool certified) {
  std::vector<std::string> args = s.command;
  for (const auto& [opt, v] : s.fixed) {
    args.push_back("--" + opt);
    if (!v.empty()) args.push_back(v);
  }
  for (const auto& [opt, v] : p) args.insert(args.end(), {"--" + opt, v});
  args.insert(args.end(), {"--digits", std::to_string(digits), "--threads", threads});
  if (certified) args.emplace_back("--certified");
  return args;
}

/// Swept options the command does not print as columns are put in front, so every row says which
/// point it belongs to (e.g. d for `sphere sign-coef`, whose rows are per degree).
void add_point_columns(out::Table& t, const Point& p) {
  size_t at = 0;
  for (const auto& [opt, v] : p) {
    if (std::find(t.columns.begin(), t.columns.end(), opt) != t.columns.end()) continue;
    out::Cell c = out::Cell::of_text(v);
    if (auto q = parse_exact_rational(v)) {
      if (fmpz_is_one(fmpq_denref(q->x)) && fmpz_fits_si(fmpq_numref(q->x)))
        c = out::Cell::of_int(fmpz_get_si(fmpq_numref(q->x)));
      else
        c = out::Cell::of_exact(v);
    }
    t.columns.insert(t.columns.begin() + static_cast<long>(at), opt);
    for (auto& r : t.rows) r.insert(r.begin() + static_cast<long>(at), c);
    ++at;
  }
}

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

/// One block in one call; false (and nothing recorded) when the command's rows cannot be matched
/// one-to-one to the block's points, so the caller runs them one by one instead.
bool run_block(Invoker& inv, const Spec& s, const std::vector<Point>& pts, const Task& task, long digits,
               const Context& ctx, TaskOut& out) {
  Point p;  // the non-batched values, then each batched option as a list of its distinct values
  for (const auto& [opt, v] : pts[task.points[0]])
    if (std::find(task.batched.begin(), task.batched.end(), opt) == task.batched.end())
      p.emplace_back(opt, v);
  for (const auto& b : task.batched) {
    std::vector<std::string> vals;
    std::set<std::string> seen;
    for (size_t k : task.points)
      for (const auto& [opt, v] : pts[k])
        if (opt == b && seen.insert(v).second) vals.push_back(v);
    p.emplace_back(b, fmt::format("{}", fmt::join(vals, ",")));
  }
  out::Table t;
  if (guarded([&] {
        t = inv.run(point_args(s, p, digits, std::to_string(ctx.threads), ctx.certified)).table;
      }).kind != 0)
    return false;
  if (t.rows.size() != task.points.size()) return false;
  std::vector<size_t> ci;
  for (const auto& b : task.batched) {
    auto it = std::find(t.columns.begin(), t.columns.end(), b);
    if (it == t.columns.end()) return false;
    ci.push_back(static_cast<size_t>(it - t.columns.begin()));
  }
  auto key_of_point = [&](size_t k) {
    std::vector<std::string> key;
    for (const auto& b : task.batched)
      for (const auto& [opt, v] : pts[k])
        if (opt == b) key.push_back(v);
    return key;
  };
  auto key_of_row = [&](size_t r) {
    std::vector<std::string> key;
    for (size_t c : ci) key.push_back(t.rows[r][c].display());
    return key;
  };
  // usual case: the command's rows come in the block's point order (checked cell by cell without
  // allocating: this loop runs once per point of a million-point sweep)
  std::vector<size_t> slot(task.batched.size());  // where each batched option sits in a Point
  for (size_t j = 0; j < task.batched.size(); ++j)
    for (size_t q = 0; q < pts[task.points[0]].size(); ++q)
      if (pts[task.points[0]][q].first == task.batched[j]) slot[j] = q;
  auto same = [&](size_t r, size_t k) {
    for (size_t j = 0; j < ci.size(); ++j) {
      const out::Cell& c = t.rows[r][ci[j]];
      const std::string& v = pts[k][slot[j]].second;
      if (c.kind == out::CellKind::integer) {
        const fmt::format_int f(c.ival);
        if (std::string_view(f.data(), f.size()) != v) return false;
      } else if (c.kind == out::CellKind::exact || c.kind == out::CellKind::text) {
        if (c.str != v) return false;
      } else if (c.display() != v) {
        return false;
      }
    }
    return true;
  };
  bool in_order = true;
  for (size_t i = 0; i < task.points.size() && in_order; ++i) in_order = same(i, task.points[i]);
  if (in_order) {
    out.rows.reserve(task.points.size());
    for (size_t i = 0; i < task.points.size(); ++i)
      out.rows.emplace_back(task.points[i], std::move(t.rows[i]));
    out.columns = t.columns;
    out.notes = t.notes;
    return true;
  }
  std::map<std::vector<std::string>, std::vector<size_t>> by_key;  // row indices, in order
  for (size_t r = 0; r < t.rows.size(); ++r) by_key[key_of_row(r)].push_back(r);
  std::vector<std::pair<size_t, std::vector<out::Cell>>> rows;
  for (size_t k : task.points) {
    auto it = by_key.find(key_of_point(k));
    if (it == by_key.end() || it->second.empty()) return false;
    rows.emplace_back(k, t.rows[it->second.front()]);
    it->second.erase(it->second.begin());
  }
  out.columns = t.columns;
  out.rows = std::move(rows);
  out.notes = t.notes;
  return true;
}

Raw run_tasks(const Spec& s, const std::vector<Point>& pts, const std::vector<Task>& tasks,
              const Context& ctx) {
  const long digits = s.digits.value_or(ctx.digits);
  std::vector<TaskOut> outs(tasks.size());
  Progress progress(fmt::format("table {}", join_words(s.command)), pts.size());
  std::atomic<size_t> done{0};
  std::atomic<bool> stop{false};
  // blocks first, one at a time, each through the command's own (parallel) kernel
  Invoker main_inv;
  std::vector<size_t> singles;
  for (size_t i = 0; i < tasks.size(); ++i) {
    if (tasks[i].batched.empty() || !run_block(main_inv, s, pts, tasks[i], digits, ctx, outs[i])) {
      singles.push_back(i);
      continue;
    }
    done += tasks[i].points.size();
    progress.update(done);
  }
  // single points (and blocks that could not run as one call) in parallel, one Invoker per thread
  size_t nsingle_pts = 0;
  for (size_t i : singles) nsingle_pts += tasks[i].points.size();
  const int threads = std::max(1, std::min<int>(ctx.threads, static_cast<int>(nsingle_pts)));
  const std::string inner_threads = nsingle_pts == 1 ? std::to_string(ctx.threads) : "1";
  std::vector<std::unique_ptr<Invoker>> invokers(static_cast<size_t>(threads));
  const long ns = static_cast<long>(singles.size());
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
#endif
  for (long j = 0; j < ns; ++j) {
    int tid = 0;
#ifdef BOUNDCHECK_HAVE_OPENMP
    tid = omp_get_thread_num();
#endif
    auto& inv = invokers[static_cast<size_t>(tid)];
    TaskOut& o = outs[singles[static_cast<size_t>(j)]];
    for (size_t k : tasks[singles[static_cast<size_t>(j)]].points) {
      if (stop.load(std::memory_order_relaxed)) break;
      out::Table t;
      PointError e = guarded([&] {
        if (!inv) inv = std::make_unique<Invoker>();
        t = inv->run(point_args(s, pts[k], digits, inner_threads, ctx.certified)).table;
      });
      if (e.kind != 0) {
        o.error = e, o.failed_point = k;
        stop = true;
        break;
      }
      add_point_columns(t, pts[k]);
      if (o.columns.empty()) o.columns = t.columns;
      if (t.columns != o.columns) {
        o.error = {
            2, fmt::format("the command's columns change across the sweep ({} vs {}); sweep that option in "
                           "separate specs",
                           fmt::join(o.columns, ","), fmt::join(t.columns, ","))};
        o.failed_point = k;
        stop = true;
        break;
      }
      for (auto& r : t.rows) o.rows.emplace_back(k, std::move(r));
      add_notes(o.notes, t.notes);
      const size_t d = ++done;
      if (tid == 0) progress.update(d);
    }
  }
  // FLINT/Arb keep per-thread caches (constants, temporaries): free the workers' before returning,
  // also when a point failed (LeakSanitizer reports them on the error path otherwise)
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel num_threads(threads)
  flint_cleanup();
#endif
  // the first failure in spec order is the one reported, whatever the thread count
  const TaskOut* first_bad = nullptr;
  for (const auto& o : outs)
    if (o.error.kind != 0 && (first_bad == nullptr || o.failed_point < first_bad->failed_point))
      first_bad = &o;
  if (first_bad != nullptr) rethrow_point(s, pts[first_bad->failed_point], first_bad->error);
  Raw raw;
  for (auto& o : outs) {
    if (raw.columns.empty()) raw.columns = o.columns;
    if (!o.columns.empty() && o.columns != raw.columns)
      throw DomainError(
          fmt::format("{}: the command's columns change across the sweep ({} vs {}); sweep that option "
                      "in separate specs",
                      s.file, fmt::join(raw.columns, ","), fmt::join(o.columns, ",")));
    for (auto& r : o.rows) raw.rows.push_back(std::move(r));
    add_notes(raw.notes, o.notes);
  }
  sort_by_point(raw.rows);
  return raw;
}

// ---- shards ----------------------------------------------------------------------------------

char kind_code(out::CellKind k) { return "iernt"[static_cast<int>(k)]; }

/// One row as a shard file holds it: [point, kinds, cells].
nlohmann::ordered_json row_json(size_t point, const std::vector<out::Cell>& r) {
  std::string kinds;
  auto cells = nlohmann::ordered_json::array();
  for (const auto& c : r) {
    kinds += kind_code(c.kind);
    if (c.kind == out::CellKind::number)
      cells.push_back(fmt::format("{}", c.dval));  // shortest round-trip text: exact on reading
    else
      cells.push_back(c.display());
  }
  return {point, kinds, cells};
}

/// The shard file of `mine` (indices into `tasks`, ascending): rows grouped by task, in task order,
/// each task with its row count and the FNV-1a digest of its rows as written.
nlohmann::ordered_json shard_json(const Spec& s, size_t index, size_t count, const std::vector<Task>& tasks,
                                  const std::vector<size_t>& mine, const Raw& raw, long digits) {
  std::map<size_t, size_t> task_of;  // point -> task
  for (size_t t : mine)
    for (size_t p : tasks[t].points) task_of[p] = t;
  std::map<size_t, std::vector<const std::pair<size_t, std::vector<out::Cell>>*>> by_task;
  for (const auto& row : raw.rows) by_task[task_of.at(row.first)].push_back(&row);
  nlohmann::ordered_json j;
  j["boundcheck_table_shard"] = 1;
  j["boundcheck"] = BOUNDCHECK_VERSION;
  j["spec_file"] = s.file;
  j["spec"] = s.text;
  j["shard"] = index;
  j["of"] = count;
  j["task_count"] = tasks.size();
  j["digits"] = digits;
  j["columns"] = raw.columns;
  auto rows = nlohmann::ordered_json::array();
  auto task_rows = nlohmann::ordered_json::array();
  for (size_t t : mine) {
    std::uint64_t h = table::kFnvOffset;
    size_t n = 0;
    for (const auto* row : by_task[t]) {
      auto rj = row_json(row->first, row->second);
      h = table::fnv1a(rj.dump(), h);
      rows.push_back(std::move(rj));
      ++n;
    }
    task_rows.push_back({t, n, fmt::format("{:016x}", h)});
  }
  j["tasks"] = std::move(task_rows);  // [task, rows, digest], in the order the rows follow
  j["rows"] = std::move(rows);
  j["notes"] = raw.notes;
  return j;
}

struct Shard {
  Spec spec;
  size_t index = 0, count = 0, task_count = 0;
  long digits = 0;
  Raw raw;
  /// Per task of the file: its index and the points its rows hold (distinct, ascending).
  std::vector<std::pair<size_t, std::vector<size_t>>> tasks;
};

/// Checks the file's per-task row counts and digests against its rows (a row deleted or edited by
/// hand is named with its task) and records each task's points in sh.tasks.
void check_task_digests(const std::string& file, const nlohmann::json& j, Shard& sh) {
  const auto& tasks = j.at("tasks");
  if (!j.contains("task_count") || !tasks.is_array() || (!tasks.empty() && !tasks.at(0).is_array()))
    throw UsageError(
        fmt::format("table merge: \"{}\" was written by an older boundcheck (contiguous shards, no digests); "
                    "recompute it with table --shard",
                    file));
  sh.task_count = j.at("task_count").get<size_t>();
  const auto& rows = j.at("rows");
  size_t at = 0;
  for (const auto& t : tasks) {
    const size_t task = t.at(0).get<size_t>(), n = t.at(1).get<size_t>();
    const std::string digest = t.at(2).get<std::string>();
    if (task >= sh.task_count)
      throw UsageError(fmt::format("table merge: \"{}\": task {} is beyond the spec's {} tasks", file, task,
                                   sh.task_count));
    if (at + n > rows.size())
      throw UsageError(
          fmt::format("table merge: \"{}\": task {} lists {} rows but the file holds only {} more "
                      "(rows were deleted)",
                      file, task, n, rows.size() - at));
    std::uint64_t h = table::kFnvOffset;
    std::vector<size_t> points;
    for (size_t k = at; k < at + n; ++k) {
      h = table::fnv1a(rows.at(k).dump(), h);
      const size_t p = rows.at(k).at(0).get<size_t>();
      if (points.empty() || points.back() != p) points.push_back(p);
    }
    if (fmt::format("{:016x}", h) != digest)
      throw UsageError(
          fmt::format("table merge: \"{}\": the rows of task {} do not match their digest (edited "
                      "or truncated by hand?); recompute shard {}/{}",
                      file, task, sh.index, sh.count));
    sh.tasks.emplace_back(task, std::move(points));
    at += n;
  }
  if (at != rows.size())
    throw UsageError(fmt::format("table merge: \"{}\": {} rows belong to no task (added by hand?)", file,
                                 rows.size() - at));
}

Shard read_shard(const std::string& file) {
  // a shard file is untrusted: at most 1 GiB (10^6 points of a few hundred bytes each)
  const std::string text = read_text_file(file, TextLimits{size_t(1) << 30, size_t(1) << 30}, "table merge");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    throw UsageError(fmt::format("table merge: \"{}\" is not a shard file (not JSON)", file));
  }
  try {
    if (!j.is_object() || !j.contains("boundcheck_table_shard"))
      throw UsageError(
          fmt::format("table merge: \"{}\" is not a shard file (written by table --shard)", file));
    Shard sh;
    sh.spec = table::parse_spec(j.at("spec").get<std::string>(), j.at("spec_file").get<std::string>());
    sh.index = j.at("shard").get<size_t>();
    sh.count = j.at("of").get<size_t>();
    sh.digits = j.at("digits").get<long>();
    sh.raw.columns = j.at("columns").get<std::vector<std::string>>();
    sh.raw.notes = j.at("notes").get<std::vector<std::string>>();
    check_task_digests(file, j, sh);
    for (const auto& r : j.at("rows")) {
      const size_t point = r.at(0).get<size_t>();
      const std::string kinds = r.at(1).get<std::string>();
      const auto& cells = r.at(2);
      if (kinds.size() != cells.size() || kinds.size() != sh.raw.columns.size())
        throw UsageError(fmt::format("table merge: \"{}\": a row has the wrong number of cells", file));
      std::vector<out::Cell> row;
      for (size_t i = 0; i < kinds.size(); ++i) {
        const std::string v = cells.at(i).get<std::string>();
        switch (kinds[i]) {
          case 'i':
            row.push_back(out::Cell::of_int(std::stoll(v)));
            break;
          case 'e':
            row.push_back(out::Cell::of_exact(v));
            break;
          case 'r':
            row.push_back(out::Cell::of_real(v));
            break;
          case 'n':
            row.push_back(out::Cell::of_double(std::strtod(v.c_str(), nullptr)));
            break;
          case 't':
            row.push_back(out::Cell::of_text(v));
            break;
          default:
            throw UsageError(fmt::format("table merge: \"{}\": unknown cell kind '{}'", file, kinds[i]));
        }
      }
      sh.raw.rows.emplace_back(point, std::move(row));
    }
    return sh;
  } catch (const nlohmann::json::exception& e) {
    throw UsageError(fmt::format("table merge: \"{}\" is not a valid shard file: {}", file, e.what()));
  } catch (const std::logic_error& e) {  // stoll
    throw UsageError(fmt::format("table merge: \"{}\" is not a valid shard file: {}", file, e.what()));
  }
}

// ---- from the raw rows to the printed table ---------------------------------------------------

using out::cell_ball;  // output/cell_value.hpp: the one cell-to-ball conversion

out::Cell derived_cell(const arb_t x, bool uncertified, long digits) {
  if (uncertified) return out::Cell::of_double(arf_get_d(arb_midref(x), ARF_RND_NEAR));
  if (!arb_is_finite(x)) return out::Cell::of_text("undefined");
  for (long d = digits; d >= 1; --d)
    if (accurate_to_digits(x, d)) return out::Cell::of_real(format_real(x, d, false));
  return out::Cell::of_real(format_real(x, std::min<long>(digits, 5), true));
}

size_t col_index(const std::vector<std::string>& cols, const std::string& name) {
  auto it = std::find(cols.begin(), cols.end(), name);
  return it == cols.end() ? cols.size() : static_cast<size_t>(it - cols.begin());
}

out::Table finish(const Spec& s, Raw raw, long digits, const Context& ctx) {
  out::Table t;
  t.command = "table";
  t.params["spec"] = s.file;
  t.params["command"] = join_words(s.command);
  for (const auto& [k, v] : s.fixed) t.params["fixed"][k] = v.empty() ? "true" : v;
  for (const auto& a : s.sweep) t.params["sweep"][a.option] = a.values;
  for (const auto& a : s.zip) t.params["zip"][a.option] = a.values;
  t.columns = raw.columns;
  for (auto& r : raw.rows) t.rows.push_back(std::move(r.second));
  t.notes = coalesce_notes(raw.notes);
  // one JSON type per column: machine integers join exact integers as strings when both occur
  for (size_t c = 0; c < t.columns.size(); ++c) {
    bool has_int = false, has_exact = false;
    for (const auto& r : t.rows)
      has_int |= r[c].kind == out::CellKind::integer, has_exact |= r[c].kind == out::CellKind::exact;
    if (has_int && has_exact)
      for (auto& r : t.rows)
        if (r[c].kind == out::CellKind::integer) r[c] = out::Cell::of_exact(std::to_string(r[c].ival));
  }
  // derived columns, in spec order (a derived column may use an earlier one)
  const slong prec = bits_for_digits(digits) + 64;
  for (size_t k = 0; k < s.derived.size(); ++k) {
    const std::string& name = s.derived[k].first;  // not a structured binding: clang 14 cannot
    const auto& ex = s.derived[k].second;          // capture one in the lambda below
    if (col_index(t.columns, name) != t.columns.size())
      throw UsageError(fmt::format("{}:{}: [derived] {}: a column of that name exists already", s.file,
                                   s.derived_lines[k], name));
    for (const auto& v : ex.variables())
      if (col_index(t.columns, v) == t.columns.size())
        throw UsageError(fmt::format("{}:{}: [derived] {}: no column \"{}\" (columns: {})", s.file,
                                     s.derived_lines[k], name, v, fmt::join(t.columns, ", ")));
    for (auto& r : t.rows) {
      bool uncertified = false;
      Arb val;
      ex.eval(
          val.x,
          [&](arb_t res, const std::string& var, slong p) {
            const auto& cell = r[col_index(t.columns, var)];
            if (!cell_ball(res, cell, uncertified, p))
              throw UsageError(fmt::format("{}:{}: [derived] {}: column \"{}\" is not numeric (\"{}\")",
                                           s.file, s.derived_lines[k], name, var, cell.display()));
          },
          prec);
      r.push_back(derived_cell(val.x, uncertified, s.derived_digits.value_or(digits)));
    }
    t.columns.push_back(name);
  }
  if (!s.derived.empty())
    t.notes.push_back(
        "derived columns are evaluated in ball arithmetic from the printed values (a printed decimal counts "
        "as +-1 unit of its last digit) and printed with only the digits that survive; a derived value from "
        "a double column is a double");
  // keep and order columns
  if (!s.columns.empty()) {
    std::vector<size_t> idx;
    for (const auto& c : s.columns) {
      const size_t i = col_index(t.columns, c);
      if (i == t.columns.size())
        throw UsageError(fmt::format("{}:{}: columns: no column \"{}\" (columns: {})", s.file, s.columns_line,
                                     c, fmt::join(t.columns, ", ")));
      idx.push_back(i);
    }
    for (auto& r : t.rows) {
      std::vector<out::Cell> nr;
      for (size_t i : idx) nr.push_back(r[i]);
      r = std::move(nr);
    }
    t.columns = s.columns;
  }
  // pivot
  if (s.layout) {
    const auto& L = *s.layout;
    auto need = [&](const std::string& c, const char* role) {
      const size_t i = col_index(t.columns, c);
      if (i == t.columns.size())
        throw UsageError(fmt::format("{}:{}: [layout] {}: no column \"{}\" (columns: {})", s.file, L.line,
                                     role, c, fmt::join(t.columns, ", ")));
      return i;
    };
    const size_t ri = need(L.rows, "rows"), ci = need(L.cols, "cols");
    std::vector<size_t> vi;
    for (const auto& v : L.value) vi.push_back(need(v, "value"));
    std::vector<std::string> rkeys, ckeys;
    std::map<std::pair<std::string, std::string>, out::Cell> cells;
    std::map<std::string, out::Cell> rcell;
    for (const auto& r : t.rows) {
      const std::string rk = r[ri].display(), ck = r[ci].display();
      if (rcell.emplace(rk, r[ri]).second) rkeys.push_back(rk);
      if (std::find(ckeys.begin(), ckeys.end(), ck) == ckeys.end()) ckeys.push_back(ck);
      out::Cell v = vi.size() == 1
                        ? r[vi[0]]
                        : out::Cell::of_text(fmt::format("[{}, {}]", r[vi[0]].display(), r[vi[1]].display()));
      if (!cells.emplace(std::make_pair(rk, ck), v).second)
        throw UsageError(
            fmt::format("{}:{}: [layout]: two rows have {} = {} and {} = {}; add the other swept options "
                        "to [fixed] or pivot on them",
                        s.file, L.line, L.rows, rk, L.cols, ck));
    }
    out::Table p;
    p.command = t.command;
    p.params = t.params;
    p.notes = t.notes;
    p.columns = {L.rows};
    for (const auto& ck : ckeys) p.columns.push_back(L.cols + "=" + ck);
    for (const auto& rk : rkeys) {
      std::vector<out::Cell> row{rcell.at(rk)};
      for (const auto& ck : ckeys) {
        auto it = cells.find({rk, ck});
        row.push_back(it == cells.end() ? out::Cell::of_text("") : it->second);
      }
      p.add_row(std::move(row));
    }
    const std::string head = s.labels.count(L.cols) ? s.labels.at(L.cols) : "";
    // the column name and its values come from the spec and the rows: math mode only when both
    // are plain (a name like "d", a number), escaped text otherwise
    const bool plain_name = !L.cols.empty() && std::all_of(L.cols.begin(), L.cols.end(), [](char ch) {
      return std::isalnum(static_cast<unsigned char>(ch)) != 0;
    });
    for (const auto& ck : ckeys) {
      const bool plain = out::latex_plain_number(ck);
      const std::string v = plain ? ck : out::latex_escape(ck);
      std::string& l = p.labels[L.cols + "=" + ck];
      if (!head.empty())
        l = plain ? fmt::format("{} $= {}$", head, v) : fmt::format("{} = {}", head, v);
      else
        l = plain && plain_name ? fmt::format("${} = {}$", L.cols, v)
                                : fmt::format("{} = {}", out::latex_escape(L.cols), v);
    }
    t = std::move(p);
  }
  const std::string inner = join_words(s.command);
  for (const auto& c : t.columns)
    if (t.labels.count(c) == 0U) {
      std::string l = out::default_label(inner, c);
      if (!l.empty()) t.labels[c] = l;
    }
  for (const auto& [k, v] : s.labels) t.labels[k] = v;
  t.caption =
      fmt::format("{}{}boundcheck {}, \\texttt{{table}} over \\texttt{{{}}}", s.caption,
                  s.caption.empty() ? "" : " ", BOUNDCHECK_VERSION, out::latex_escape(join_words(s.command)));
  (void)ctx;
  return t;
}

out::Plot plot_of(const Spec& s) {
  const auto& P = *s.plot;
  out::Plot p;
  p.x = P.x, p.y = P.y, p.series = P.series, p.y_lo = P.y_lo, p.y_hi = P.y_hi, p.yerr = P.yerr;
  p.title = P.title, p.xlabel = P.xlabel, p.ylabel = P.ylabel, p.logx = P.logx, p.logy = P.logy;
  p.xrange = P.xrange, p.yrange = P.yrange;
  if (!P.key.empty()) p.key = P.key;
  for (const auto& g : P.guides) {
    auto eval = [ex = g.expr](double x) {
      Arb r;
      try {
        ex.eval(
            r.x, [x](arb_t res, const std::string&, slong) { arb_set_d(res, x); }, 64);
      } catch (const DomainError&) {
        return std::nan("");  // e.g. a pole of the guide: no point drawn there
      }
      return arb_is_finite(r.x) ? arf_get_d(arb_midref(r.x), ARF_RND_NEAR) : std::nan("");
    };
    p.guides.push_back({g.label, eval});
  }
  return p;
}

/// An overlay's points: the other command's rows, through the same registry.
out::PlotPoints overlay_points(const Spec& s, const table::Overlay& o) {
  std::vector<std::string> args = o.command;
  for (const auto& [opt, v] : o.fixed) {
    args.push_back("--" + opt);
    if (!v.empty()) args.push_back(v);
  }
  out::Table t;
  Invoker inv;
  if (PointError e = guarded([&] { t = inv.run(args).table; }); e.kind != 0)
    throw UsageError(fmt::format("{}:{}: [plot.overlay]: {}", s.file, o.line, e.msg));
  const size_t xi = col_index(t.columns, o.x), yi = col_index(t.columns, o.y);
  if (xi == t.columns.size() || yi == t.columns.size())
    throw UsageError(fmt::format("{}:{}: [plot.overlay]: \"{}\" has no column \"{}\" (columns: {})", s.file,
                                 o.line, join_words(o.command), xi == t.columns.size() ? o.x : o.y,
                                 fmt::join(t.columns, ", ")));
  out::PlotPoints pts{o.label, {}};
  for (const auto& r : t.rows) {
    double x = 0, y = 0;
    if (out::plot_value(r[xi], x) && out::plot_value(r[yi], y)) pts.xy.emplace_back(x, y);
  }
  return pts;
}

void maybe_plot(const Spec& s, const out::Table& t, const std::string& path) {
  if (path.empty()) return;
  if (!s.plot) throw UsageError(fmt::format("--plot: {} has no [plot] section", s.file));
  out::Plot p = plot_of(s);
  // guides pass through the first plotted point
  if (!p.guides.empty() && !t.rows.empty()) {
    const size_t xi = col_index(t.columns, p.x), yi = col_index(t.columns, p.y[0]);
    double x0 = 0, y0 = 0;
    if (xi < t.columns.size() && yi < t.columns.size() && out::plot_value(t.rows[0][xi], x0) &&
        out::plot_value(t.rows[0][yi], y0))
      for (size_t gi = 0; gi < p.guides.size(); ++gi) {
        auto& g = p.guides[gi];
        if (!s.plot->guides[gi].scale) continue;
        const double g0 = g.f(x0);
        if (g0 != 0 && std::isfinite(g0)) g.f = [f = g.f, c = y0 / g0](double x) { return c * f(x); };
      }
  }
  for (const auto& o : s.plot->overlays) p.overlays.push_back(overlay_points(s, o));
  try {
    out::write_plot(t, p, path);
  } catch (const UsageError& e) {
    throw UsageError(fmt::format("{}:{}: {}", s.file, s.plot->line, e.what()));
  }
}

/// Refuses, before anything is computed, output paths that would overwrite an input or (for the
/// spec's own `outputs`, which come from a file) lead outside the working directory.
void check_paths(const Spec& s, const std::vector<std::string>& inputs, const std::string& plot,
                 const Context& ctx) {
  using out::PathOrigin;
  if (!ctx.output.empty()) out::check_output_path(ctx.output, PathOrigin::command_line, inputs, "--output");
  if (!plot.empty()) out::check_output_path(plot, PathOrigin::command_line, inputs, "--plot");
  for (const auto& of : s.outputs) {
    const std::string& file = of.first;
    try {
      out::check_output_path(file, PathOrigin::file, inputs, "outputs");
      if (file == ctx.output || file == plot)
        throw UsageError(fmt::format("outputs: \"{}\" is also the command line's output", file));
    } catch (const UsageError& e) {
      throw UsageError(fmt::format("{}:{}: {}", s.file, s.outputs_line, e.what()));
    }
  }
}

/// The spec's `outputs`: the same table in each file's format, each written atomically.
void write_outputs(const Spec& s, const out::Table& t, const Context& ctx) {
  for (const auto& [file, format] : s.outputs) {
    out::Format f{};
    out::parse_format(format, f);
    // a relative path is taken from the directory the command runs in, as --output is
    out::write_atomic(file, out::render(t, out::Meta{ctx.digits, ctx.threads, ctx.certified}, f));
  }
}

// ---- the commands ----------------------------------------------------------------------------

struct TableOptions {
  std::string spec, shard, plot;
  bool resume = false;
};

RunResult run_table(const TableOptions& o, const Context& ctx) {
  if (o.spec.empty()) throw UsageError("table needs --spec FILE (or: table merge SHARD...)");
  Spec s = table::load_spec(o.spec);
  check_paths(s, {o.spec}, o.plot, ctx);
  auto pts = table::expand(s, kMaxPoints);
  std::vector<Task> tasks;
  {
    Invoker probe;
    tasks = make_tasks(s, check_command(s, probe), pts);
  }
  const long digits = s.digits.value_or(ctx.digits);
  if (!o.shard.empty()) {
    const auto slash = o.shard.find('/');
    if (slash == std::string::npos)
      throw UsageError(fmt::format("--shard must be I/N (e.g. 3/8), got \"{}\"", o.shard));
    const size_t n = parse_uint("--shard", o.shard.substr(slash + 1), 1, 1000000);
    const size_t i = parse_uint("--shard", o.shard.substr(0, slash), 1, n);
    if (ctx.output.empty())
      throw UsageError("--shard needs --output FILE (the shard file that table merge reads)");
    if (!o.plot.empty()) throw UsageError("--plot goes with table merge, not with --shard");
    if (o.resume && std::filesystem::exists(ctx.output)) {
      try {
        Shard old = read_shard(ctx.output);
        if (old.index == i && old.count == n && old.spec.text == s.text && old.digits == digits) {
          RunResult r;
          r.raw = "";
          r.skip_output = true;
          r.table.notes.push_back(
              fmt::format("--resume: shard {}/{} is already in \"{}\"", i, n, ctx.output));
          return r;
        }
        // said before the work starts, so a wrong --output is noticed at once
        std::fprintf(stderr, "note: --resume: \"%s\" holds %s; recomputing shard %zu/%zu over it\n",
                     ctx.output.c_str(),
                     old.spec.text != s.text ? "a shard of another spec"
                     : old.count != n
                         ? fmt::format("shard {}/{} (another shard count)", old.index, old.count).c_str()
                     : old.index != i ? fmt::format("shard {}/{}", old.index, old.count).c_str()
                                      : "this shard at other digits",
                     i, n);
      } catch (const UsageError& e) {
        std::fprintf(stderr, "note: --resume: \"%s\" is not a complete shard file (%s); recomputing it\n",
                     ctx.output.c_str(), one_line(e.what()).c_str());
      }
    }
    const std::vector<size_t> mine = table::shard_tasks(tasks.size(), i, n);
    std::vector<Task> slice;
    for (size_t t : mine) slice.push_back(tasks[t]);
    Raw raw = run_tasks(s, pts, slice, ctx);
    RunResult r;
    r.raw = shard_json(s, i, n, tasks, mine, raw, digits).dump(1) + "\n";
    return r;
  }
  if (o.resume) throw UsageError("--resume goes with --shard I/N");
  Raw raw = run_tasks(s, pts, tasks, ctx);
  out::Table t = finish(s, std::move(raw), digits, ctx);
  maybe_plot(s, t, o.plot);
  write_outputs(s, t, ctx);
  RunResult r{std::move(t), 0};
  r.inputs = {o.spec};
  return r;
}

/// Every task of the spec is in exactly one shard, in the shard the assignment gives it, with rows
/// for exactly its points (the task list is recomputed from the spec).
void check_task_cover(const std::vector<Shard>& shards, const std::vector<std::string>& files) {
  const Spec& s = shards[0].spec;
  const auto pts = table::expand(s, kMaxPoints);
  Invoker probe;
  const auto tasks = make_tasks(s, check_command(s, probe), pts);
  std::vector<int> owner(tasks.size(), -1);
  for (size_t k = 0; k < shards.size(); ++k) {
    if (shards[k].task_count != tasks.size())
      throw UsageError(fmt::format("table merge: \"{}\" counts {} tasks, the spec has {}", files[k],
                                   shards[k].task_count, tasks.size()));
    for (const auto& [t, points] : shards[k].tasks) {
      if (owner[t] >= 0)
        throw UsageError(fmt::format("table merge: task {} is in both \"{}\" and \"{}\"", t,
                                     files[static_cast<size_t>(owner[t])], files[k]));
      owner[t] = static_cast<int>(k);
      std::vector<size_t> want = tasks[t].points;
      std::sort(want.begin(), want.end());
      if (table::shard_of_task(t, shards[k].count) != shards[k].index || points != want)
        throw UsageError(
            fmt::format("table merge: \"{}\": task {} does not hold the rows of its points", files[k], t));
    }
  }
  for (size_t t = 0; t < tasks.size(); ++t)
    if (owner[t] < 0)
      throw UsageError(fmt::format("table merge: task {} of {} is in no shard file (shard {} lost rows?)", t,
                                   tasks.size(), table::shard_of_task(t, shards[0].count)));
}

struct MergeOptions {
  std::vector<std::string> files;
  std::string plot;
};

RunResult run_table_merge(const MergeOptions& o, const Context& ctx) {
  if (o.files.empty()) throw UsageError("table merge needs the shard files written by table --shard I/N");
  std::vector<Shard> shards;
  for (const auto& f : o.files) shards.push_back(read_shard(f));
  // the spec inside a shard file is as untrusted as a spec: its outputs stay in the working directory
  check_paths(shards[0].spec, o.files, o.plot, ctx);
  const size_t n = shards[0].count;
  std::vector<int> seen(n + 1, 0);
  for (size_t k = 0; k < shards.size(); ++k) {
    const auto& sh = shards[k];
    if (sh.spec.text != shards[0].spec.text || sh.count != n || sh.digits != shards[0].digits)
      throw UsageError(
          fmt::format("table merge: \"{}\" comes from another spec, shard count or digits than \"{}\"",
                      o.files[k], o.files[0]));
    if (sh.index < 1 || sh.index > n || seen[sh.index]++ != 0)
      throw UsageError(
          fmt::format("table merge: shard {}/{} is given twice (\"{}\")", sh.index, n, o.files[k]));
  }
  for (size_t i = 1; i <= n; ++i)
    if (seen[i] == 0) throw UsageError(fmt::format("table merge: shard {}/{} is missing", i, n));
  check_task_cover(shards, o.files);
  std::sort(shards.begin(), shards.end(), [](const Shard& a, const Shard& b) { return a.index < b.index; });
  Raw raw;
  for (auto& sh : shards) {
    if (raw.columns.empty()) raw.columns = sh.raw.columns;
    if (!sh.raw.rows.empty() && sh.raw.columns != raw.columns)
      throw UsageError("table merge: the shards have different columns");
    for (auto& r : sh.raw.rows) raw.rows.push_back(std::move(r));
    add_notes(raw.notes, sh.raw.notes);
  }
  sort_by_point(raw.rows);
  out::Table t = finish(shards[0].spec, std::move(raw), shards[0].digits, ctx);
  maybe_plot(shards[0].spec, t, o.plot);
  write_outputs(shards[0].spec, t, ctx);
  RunResult r{std::move(t), 0};
  r.inputs = o.files;
  return r;
}

/// Splits at commas outside parentheses ("1,log(1,1e6,4)" -> two parts).
std::vector<std::string> split_top(const std::string& v) {
  std::vector<std::string> parts;
  std::string cur;
  int depth = 0;
  for (char c : v) {
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (c == ',' && depth == 0) {
      parts.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  parts.push_back(cur);
  return parts;
}

bool numeric_word(const std::string& w) {
  if (w.empty()) return false;
  if (parse_exact_rational(w)) return true;
  // angles such as pi/6, 2*pi/3 (the command parses them; here we only recognise the shape)
  return w.find("pi") != std::string::npos && w.find_first_not_of("0123456789.+-*/epi") == std::string::npos;
}

/// The values a command-line value stands for, or nullopt if it is one plain value:
/// "a,b,c", "a:b" and "a:b:step" (exact arithmetic), "log(from,to,per_decade)" (log-spaced;
/// integers when both ends are). Throws UsageError naming the option on a malformed range.
std::optional<std::vector<std::string>> cli_values(const std::string& opt, const std::string& value) {
  auto parts = split_top(value);
  bool any_list = parts.size() > 1;
  std::vector<std::string> out;
  for (const auto& p : parts) {
    if (p.rfind("log(", 0) == 0 && p.back() == ')') {
      auto args = split_top(p.substr(4, p.size() - 5));
      std::optional<Fmpq> a, b, k;
      if (args.size() == 3)
        a = parse_exact_rational(args[0]), b = parse_exact_rational(args[1]),
        k = parse_exact_rational(args[2]);
      if (!a || !b || !k || fmpq_sgn(a->x) <= 0 || fmpq_cmp(a->x, b->x) > 0 ||
          !fmpz_is_one(fmpq_denref(k->x)) || fmpz_cmp_si(fmpq_numref(k->x), 1) < 0 ||
          fmpz_cmp_si(fmpq_numref(k->x), 1000) > 0)
        throw UsageError(fmt::format(
            "--{} log(from,to,per_decade) needs 0 < from <= to and per_decade in 1..1000, got \"{}\"", opt,
            p));
      auto vals = table::log_range(*a, *b, fmpz_get_si(fmpq_numref(k->x)), 10000000);
      out.insert(out.end(), vals.begin(), vals.end());
      any_list = true;
      continue;
    }
    const auto c1 = p.find(':');
    if (c1 != std::string::npos) {
      const auto c2 = p.find(':', c1 + 1);
      auto a = parse_exact_rational(p.substr(0, c1));
      auto b =
          parse_exact_rational(p.substr(c1 + 1, c2 == std::string::npos ? std::string::npos : c2 - c1 - 1));
      std::optional<Fmpq> st =
          c2 == std::string::npos ? std::optional<Fmpq>(Fmpq(1, 1)) : parse_exact_rational(p.substr(c2 + 1));
      if (!a || !b || !st) return std::nullopt;  // not a numeric range: the command decides
      if (fmpq_sgn(st->x) <= 0 || fmpq_cmp(a->x, b->x) > 0)
        throw UsageError(fmt::format("--{} ranges need a <= b and step > 0, got \"{}\"", opt, p));
      std::vector<std::string> vals;
      try {
        vals = table::step_range(*a, *b, *st, 10000000);
      } catch (const UsageError& e) {
        throw UsageError(fmt::format("--{} must be a list of at most 10000000 values: {}", opt, e.what()));
      }
      out.insert(out.end(), vals.begin(), vals.end());
      any_list = true;
      continue;
    }
    if (!numeric_word(p)) return std::nullopt;
    out.push_back(p);
  }
  if (!any_list) return std::nullopt;
  return out;
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
    auto vals = cli_values(opt, value);
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
  auto pts = table::expand(s, kMaxPoints);
  Raw raw = run_tasks(s, pts, make_tasks(s, cmd, pts), ctx);
  out::Table t;
  t.command = cmd.path();
  for (const auto& [k, v] : s.fixed) t.params[k] = v.empty() ? "true" : v;
  for (const auto& a : s.sweep) t.params[a.option] = a.values;
  t.columns = raw.columns;
  for (auto& r : raw.rows) t.rows.push_back(std::move(r.second));
  t.notes = coalesce_notes(raw.notes);
  return RunResult(std::move(t), 0);
}

void setup_table(CLI::App& root, Registry& reg) {
  auto opt = std::make_shared<TableOptions>();
  CLI::App* app = reg.add(
      root, "table", "Sweep a command over a parameter grid: CSV/JSON/Markdown/LaTeX tables, plots, shards");
  app->add_option("--spec", opt->spec, "The spec file (TOML; format below)");
  app->add_option("--shard", opt->shard,
                  "Compute only slice I of N (1-based) into --output, for table merge");
  app->add_flag("--resume", opt->resume, "With --shard: skip the shard if --output already holds it");
  app->add_option("--plot", opt->plot,
                  "Also draw the [plot] section with gnuplot to FILE (.svg, .png or .pdf)");
  app->require_subcommand(0, 1);
  app->footer(
      "Spec (TOML):\n"
      "  command = \"rank bound\"                 # any evaluate command, as typed after boundcheck\n"
      "  digits = 12                            # optional (else --digits)\n"
      "  caption = \"...\"                        # optional LaTeX caption (command and version appended)\n"
      "  columns = [\"d\", \"H\", \"lo\"]             # optional: keep and order columns\n"
      "  outputs = [\"t.csv\", \"t.tex\"]          # optional: also write these files (format from the "
      "extension)\n"
      "  [fixed]   r = 4                        # option = value, as on the command line (true = a flag)\n"
      "  [sweep]   d = [16, 64, 256]            # Cartesian product, first key outermost\n"
      "            H = { from = 1, to = 1e6, per_decade = 4 }   # log-spaced; or { from, to, step }\n"
      "  [zip]     ...                          # lists swept together (same length), innermost\n"
      "  [derived] ratio = \"lo / hi\"            # + - * / ^ sqrt exp log log2 log10 abs min max pi\n"
      "  [labels]  lo = '$\\mathrm{LB}$'         # LaTeX column headers\n"
      "  [layout]  rows = \"d\"  cols = \"H\"  value = \"lo\"   # pivot (value = [\"lo\",\"hi\"]: a "
      "bracket)\n"
      "  [plot]    x = \"H\"  y = \"lo\"  series = \"d\"  logx = true  logy = true\n"
      "            y_lo = \"lo\"  y_hi = \"hi\" (band)  yerr = \"sigma\" (bars)  guides = [{ expr = \"x^-1\" "
      "}]\n"
      "Every point runs the command's own code; a value it refuses is refused with the spec's file, line "
      "and\n"
      "field. Rows come in spec order whatever --threads.\n"
      "A spec is untrusted input (you may have downloaded it):\n"
      "  - caption and [labels] are LaTeX source by design: compiling a stranger's spec is like compiling a\n"
      "    stranger's .tex. Everything else that reaches LaTeX (column names, cells, commands) is escaped.\n"
      "  - [plot] text (title, xlabel, ylabel, guide and overlay labels, column names, series values) must\n"
      "    be one printable line of at most 400 bytes without ` or @; gnuplot gets it as an inert literal.\n"
      "  - outputs = [...] may only name files inside the working directory (no absolute paths, no ..,\n"
      "    no symlinks leading out); --output and --plot, typed by you, may go anywhere. No output may\n"
      "    overwrite the spec or a shard file being read, or a directory.\n"
      "Examples (data/specs/):\n"
      "  boundcheck table --spec data/specs/lb_vs_heads.toml --format latex --plot lb.svg\n"
      "  boundcheck table --spec big.toml --shard 3/8 --output part3.json   # then: table merge part*.json");
  reg.bind(app, opt, run_table);

  auto mopt = std::make_shared<MergeOptions>();
  CLI::App* mapp =
      reg.add(*app, "merge", "Join the shard files of one spec into the table the unsharded run prints");
  mapp->add_option("files", mopt->files, "Shard files (any order)");
  mapp->add_option("--plot", mopt->plot, "Also draw the spec's [plot] section to FILE");
  reg.bind(mapp, mopt, run_table_merge);
}

}  // namespace bc::cli
