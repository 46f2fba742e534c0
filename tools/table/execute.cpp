// Running a sweep's tasks (see table/execute.hpp). Cost: the command's own, plus one Invoker parse
// (~50 us) per block or single point and O(cells) to move the rows.
#include "table/execute.hpp"

#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "progress.hpp"

#include <flint/flint.h>
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <set>

#ifdef BOUNDCHECK_HAVE_OPENMP
#include <omp.h>
#endif

namespace bc::cli::table {

namespace {

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

}  // namespace

void add_notes(std::vector<std::string>& into, const std::vector<std::string>& notes) {
  unsigned long long a = 0, b = 0;
  std::string rest;
  for (const auto& n : notes)
    if (count_note(n, a, b, rest) || std::find(into.begin(), into.end(), n) == into.end()) into.push_back(n);
}

std::vector<std::string> coalesce_notes(const std::vector<std::string>& notes) {
  std::vector<std::string> out;
  std::map<std::string, std::pair<unsigned long long, unsigned long long>> sums;
  for (const auto& n : notes) {
    unsigned long long a = 0, b = 0;
    std::string rest;
    if (!count_note(n, a, b, rest)) {
      if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
      continue;
    }
    auto [it, fresh] = sums.try_emplace(rest, 0, 0);
    if (fresh) out.push_back("\x01" + rest);  // placeholder at the first position, filled below
    it->second.first += a, it->second.second += b;
  }
  for (auto& n : out)
    if (!n.empty() && n[0] == '\x01') {
      const auto& [a, b] = sums.at(n.substr(1));
      n = fmt::format("{} of {}{}", a, b, n.substr(1));
    }
  return out;
}

void sort_by_point(std::vector<TaggedRow>& rows) {
  auto by_point = [](const auto& x, const auto& y) { return x.first < y.first; };
  if (!std::is_sorted(rows.begin(), rows.end(), by_point))
    std::stable_sort(rows.begin(), rows.end(), by_point);
}

namespace {

/// "--set", "sweep", "zip" or "fixed": what gives `opt` its value.
const char* section_of(const Spec& s, const std::string& opt) {
  if (s.is_set(opt)) return "--set";
  for (const auto& a : s.zip)
    if (a.option == opt) return "zip";
  for (const auto& a : s.sweep)
    if (a.option == opt) return "sweep";
  return "fixed";
}

}  // namespace

void rethrow_point(const Spec& s, const Point& p, const PointError& e) {
  // name the field whose option the command's message mentions (swept first, then fixed), else
  // the whole point
  std::string where;
  long line = 0;
  auto mentions = [&](const std::string& opt) {
    return e.msg.find("--" + opt + " ") != std::string::npos ||
           e.msg.find("--" + opt + ",") != std::string::npos ||
           e.msg.find("--" + opt + ":") != std::string::npos;
  };
  std::vector<std::pair<std::string, std::string>> fields = p;
  fields.insert(fields.end(), s.fixed.begin(), s.fixed.end());
  for (const auto& [opt, v] : fields)
    if (mentions(opt)) {
      line = s.line_of(opt);
      const char* sec = section_of(s, opt);
      where =
          sec[0] == '-' ? fmt::format("{} {} = {}", sec, opt, v) : fmt::format("[{}] {} = {}", sec, opt, v);
      break;
    }
  if (where.empty()) {
    std::vector<std::string> kv;
    for (const auto& [opt, v] : p) kv.push_back(opt + " = " + v);
    where = kv.empty() ? "[fixed]" : fmt::format("point {}", fmt::join(kv, ", "));
    if (!p.empty()) line = s.line_of(p.front().first);
    if (p.empty() && !s.fixed.empty()) line = s.line_of(s.fixed.front().first);
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

namespace {

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

/// The output of one task (filled by one thread).
struct TaskOut {
  std::vector<std::string> columns;
  std::vector<TaggedRow> rows;
  std::vector<std::string> notes;
  size_t failed_point = 0;
  PointError error;
};

/// Whether row r of the command's output is point k: its batched columns `ci` hold the point's
/// values of the batched slots (checked cell by cell without allocating: this runs once per point
/// of a million-point sweep).
bool row_is_point(const out::Table& t, size_t r, const Plan& plan, size_t k, const std::vector<size_t>& ci) {
  for (size_t j = 0; j < ci.size(); ++j) {
    const out::Cell& c = t.rows[r][ci[j]];
    const std::string& v = plan.points.value(k, plan.batched_slot[j]);
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
}

/// The block's rows matched to its points by their batched values, when the command printed them
/// in another order; false if some point has no row.
bool match_by_key(out::Table& t, const Plan& plan, const Task& task, const std::vector<size_t>& ci,
                  std::vector<TaggedRow>& rows) {
  std::map<std::vector<std::string>, std::vector<size_t>> by_key;  // row indices, in order
  for (size_t r = 0; r < t.rows.size(); ++r) {
    std::vector<std::string> key;
    for (size_t c : ci) key.push_back(t.rows[r][c].display());
    by_key[key].push_back(r);
  }
  bool ok = true;
  plan.for_each_point(task, [&](size_t k) {
    if (!ok) return;
    std::vector<std::string> key;
    for (size_t slot : plan.batched_slot) key.push_back(plan.points.value(k, slot));
    auto it = by_key.find(key);
    if (it == by_key.end() || it->second.empty()) {
      ok = false;
      return;
    }
    rows.emplace_back(k, t.rows[it->second.front()]);
    it->second.erase(it->second.begin());
  });
  return ok;
}

/// One block in one call; false (and nothing recorded) when the command's rows cannot be matched
/// one-to-one to the block's points, so the caller runs them one by one instead.
bool run_block(Invoker& inv, const Spec& s, const Plan& plan, const Task& task, long digits,
               const Context& ctx, TaskOut& out) {
  out::Table t;
  const Point call = block_call(plan, task);
  if (guarded([&] {
        t = inv.run(call_args(s, call, digits, std::to_string(ctx.threads), ctx.certified)).table;
      }).kind != 0)
    return false;
  if (t.rows.size() != task.count) return false;
  // the swept options the call fixed (block_call puts the batched lists last) get their columns as
  // in a point-by-point run, so every row still says which point it is
  add_point_columns(t, Point(call.begin(), call.end() - static_cast<long>(plan.batched.size())));
  std::vector<size_t> ci;  // each batched option's column in t
  for (const auto& b : plan.batched) {
    auto it = std::find(t.columns.begin(), t.columns.end(), b);
    if (it == t.columns.end()) return false;
    ci.push_back(static_cast<size_t>(it - t.columns.begin()));
  }
  bool in_order = true;  // the usual case: rows in the block's point order
  size_t i = 0;
  plan.for_each_point(task, [&](size_t k) { in_order = in_order && row_is_point(t, i++, plan, k, ci); });
  if (in_order) {
    out.rows.reserve(task.count);
    i = 0;
    plan.for_each_point(task, [&](size_t k) { out.rows.emplace_back(k, std::move(t.rows[i++])); });
  } else if (!match_by_key(t, plan, task, ci, out.rows)) {
    out.rows.clear();
    return false;
  }
  out.columns = t.columns;
  out.notes = t.notes;
  return true;
}

/// The points of one task, one call each; stops at the first failure (recorded in `o`) or when
/// another thread failed.
void run_points(std::unique_ptr<Invoker>& inv, const Spec& s, const Plan& plan, const Task& task, long digits,
                const std::string& threads, const Context& ctx, std::atomic<bool>& stop, TaskOut& o,
                const std::function<void()>& on_point) {
  const std::string what = join_words(s.command);
  plan.for_each_point(task, [&](size_t k) {
    if (stop.load(std::memory_order_relaxed) || o.error.kind != 0) return;
    out::Table t;
    const Point p = plan.points.at(k);
    PointError e = guarded([&] {
      limits::poll(what.c_str());  // a point of an O(1) command polls nowhere else
      if (!inv) inv = std::make_unique<Invoker>();
      t = inv->run(call_args(s, p, digits, threads, ctx.certified)).table;
    });
    if (e.kind == 0) {
      add_point_columns(t, p);
      if (o.columns.empty()) o.columns = t.columns;
      if (t.columns != o.columns)
        e = {2, fmt::format("the command's columns change across the sweep ({} vs {}); sweep that option in "
                            "separate specs",
                            fmt::join(o.columns, ","), fmt::join(t.columns, ","))};
    }
    if (e.kind != 0) {
      o.error = e, o.failed_point = k;
      stop = true;
      return;
    }
    for (auto& r : t.rows) o.rows.emplace_back(k, std::move(r));
    add_notes(o.notes, t.notes);
    on_point();
  });
}

/// One window of tasks: blocks first, one at a time, each through the command's own (parallel)
/// kernel; then single points (and blocks that could not run as one call) in parallel, one
/// Invoker per thread.
void run_window(const Spec& s, const Plan& plan, const std::vector<Task>& tasks, long digits,
                const Context& ctx, std::vector<TaskOut>& outs, Invoker& main_inv, Progress& progress,
                std::atomic<size_t>& done) {
  std::vector<size_t> singles;
  for (size_t i = 0; i < tasks.size(); ++i) {
    if (!tasks[i].block() || !run_block(main_inv, s, plan, tasks[i], digits, ctx, outs[i])) {
      singles.push_back(i);
      continue;
    }
    done += tasks[i].count;
    progress.update(done);
  }
  size_t npts = 0;
  for (size_t i : singles) npts += tasks[i].count;
  if (npts == 0) return;
  const int threads = std::max(1, std::min<int>(ctx.threads, static_cast<int>(npts)));
  const std::string inner_threads = npts == 1 ? std::to_string(ctx.threads) : "1";
  std::vector<std::unique_ptr<Invoker>> invokers(static_cast<size_t>(threads));
  std::atomic<bool> stop{false};
  const long ns = static_cast<long>(singles.size());
  limits::Run& run = limits::current();  // the points poll this thread's deadline and cancellation
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
#endif
  for (long j = 0; j < ns; ++j) {
    const limits::RunScope scope(run);
    int tid = 0;
#ifdef BOUNDCHECK_HAVE_OPENMP
    tid = omp_get_thread_num();
#endif
    const size_t i = singles[static_cast<size_t>(j)];
    run_points(invokers[static_cast<size_t>(tid)], s, plan, tasks[i], digits, inner_threads, ctx, stop,
               outs[i], [&] {
                 const size_t d = ++done;
                 if (tid == 0) progress.update(d);
               });
  }
  // FLINT/Arb keep per-thread caches (constants, temporaries): free the workers' before returning,
  // also when a point failed (LeakSanitizer reports them on the error path otherwise)
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel num_threads(threads)
  flint_cleanup();
#endif
}

/// The first failure of a window in spec order is rethrown; otherwise the columns are checked
/// against the run's and the notes added, in task order.
void check_window(const Spec& s, const Plan& plan, std::vector<TaskOut>& outs, RunSummary& sum) {
  const TaskOut* first_bad = nullptr;
  for (const auto& o : outs)
    if (o.error.kind != 0 && (first_bad == nullptr || o.failed_point < first_bad->failed_point))
      first_bad = &o;
  if (first_bad != nullptr) rethrow_point(s, plan.points.at(first_bad->failed_point), first_bad->error);
  for (auto& o : outs) {
    if (sum.columns.empty()) sum.columns = o.columns;
    if (!o.columns.empty() && o.columns != sum.columns)
      throw DomainError(
          fmt::format("{}: the command's columns change across the sweep ({} vs {}); sweep that option "
                      "in separate specs",
                      s.file, fmt::join(sum.columns, ","), fmt::join(o.columns, ",")));
    add_notes(sum.notes, o.notes);
  }
}

}  // namespace

CellOptions cell_options(const Spec& s, const Context& ctx) {
  return {ctx.digits_given ? ctx.digits : s.digits.value_or(ctx.digits), ctx.certified};
}

std::vector<std::string> probe_columns(const Spec& s, const Plan& plan, const Context& ctx) {
  Invoker inv;
  const Point p = plan.points.at(0);
  out::Table t;
  const PointError e = guarded([&] {
    t = inv.run(call_args(s, p, cell_options(s, ctx).digits, std::to_string(ctx.threads), ctx.certified))
            .table;
  });
  if (e.kind != 0) rethrow_point(s, p, e);
  add_point_columns(t, p);
  return t.columns;
}

RunSummary run_tasks(const Spec& s, const Plan& plan, const std::vector<size_t>& ids, const Context& ctx,
                     const TaskRowsFn& take, const std::function<void(const RunSummary&)>& window_done) {
  const long digits = cell_options(s, ctx).digits;
  size_t npts = 0;
  for (size_t id : ids) npts += plan.task(id).count;
  Progress progress(fmt::format("table {}", join_words(s.command)), npts);
  std::atomic<size_t> done{0};
  Invoker main_inv;
  RunSummary sum;
  for (size_t w = 0; w < ids.size();) {
    std::vector<Task> tasks;
    size_t points = 0, end = w;
    for (; end < ids.size() && (end == w || points < kWindow); ++end) {
      tasks.push_back(plan.task(ids[end]));
      points += tasks.back().count;
    }
    std::vector<TaskOut> outs(tasks.size());
    run_window(s, plan, tasks, digits, ctx, outs, main_inv, progress, done);
    check_window(s, plan, outs, sum);
    for (size_t i = 0; i < outs.size(); ++i) take(ids[w + i], outs[i].rows, outs[i].notes);
    if (window_done) window_done(sum);
    w = end;
  }
  return sum;
}

Raw run_all(const Spec& s, const Plan& plan, const std::vector<size_t>& ids, const Context& ctx) {
  Raw raw;
  RunSummary sum = run_tasks(s, plan, ids, ctx, [&](size_t, std::vector<TaggedRow>& rows, const auto&) {
    for (auto& r : rows) raw.rows.push_back(std::move(r));
  });
  raw.columns = std::move(sum.columns);
  raw.notes = std::move(sum.notes);
  sort_by_point(raw.rows);
  return raw;
}

}  // namespace bc::cli::table
