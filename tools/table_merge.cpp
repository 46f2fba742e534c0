// Shard files: writing, reading with their digests checked, merging, resuming (see
// table_merge.hpp). Cost: O(rows) to write, read and check; O(tasks) to check the cover.
#include "table_merge.hpp"

#include "core/errors.hpp"
#include "core/text_file.hpp"
#include "table_shards.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>

namespace bc::cli::table {

namespace {

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

}  // namespace

nlohmann::ordered_json shard_json(const Spec& s, size_t index, size_t count, const std::vector<Task>& tasks,
                                  const std::vector<size_t>& mine, const Raw& raw, long digits) {
  std::map<size_t, size_t> task_of;  // point -> task
  for (size_t t : mine)
    for (size_t p : tasks[t].points) task_of[p] = t;
  std::map<size_t, std::vector<const TaggedRow*>> by_task;
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
    std::uint64_t h = kFnvOffset;
    size_t n = 0;
    for (const auto* row : by_task[t]) {
      auto rj = row_json(row->first, row->second);
      h = fnv1a(rj.dump(), h);
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

namespace {

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
      throw UsageError(fmt::format(
          "table merge: \"{}\": task {} lists {} rows but the file holds only {} more (rows were deleted)",
          file, task, n, rows.size() - at));
    std::uint64_t h = kFnvOffset;
    std::vector<size_t> points;
    for (size_t k = at; k < at + n; ++k) {
      h = fnv1a(rows.at(k).dump(), h);
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

/// One row of a shard file back into cells.
std::vector<out::Cell> cells_of(const std::string& file, const nlohmann::json& r, size_t ncols) {
  const std::string kinds = r.at(1).get<std::string>();
  const auto& cells = r.at(2);
  if (kinds.size() != cells.size() || kinds.size() != ncols)
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
  return row;
}

}  // namespace

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
    sh.spec = parse_spec(j.at("spec").get<std::string>(), j.at("spec_file").get<std::string>());
    sh.index = j.at("shard").get<size_t>();
    sh.count = j.at("of").get<size_t>();
    sh.digits = j.at("digits").get<long>();
    sh.raw.columns = j.at("columns").get<std::vector<std::string>>();
    sh.raw.notes = j.at("notes").get<std::vector<std::string>>();
    check_task_digests(file, j, sh);
    for (const auto& r : j.at("rows"))
      sh.raw.rows.emplace_back(r.at(0).get<size_t>(), cells_of(file, r, sh.raw.columns.size()));
    return sh;
  } catch (const nlohmann::json::exception& e) {
    throw UsageError(fmt::format("table merge: \"{}\" is not a valid shard file: {}", file, e.what()));
  } catch (const std::logic_error& e) {  // stoll
    throw UsageError(fmt::format("table merge: \"{}\" is not a valid shard file: {}", file, e.what()));
  }
}

namespace {

/// Every task of the spec is in exactly one shard, in the shard the assignment gives it, with rows
/// for exactly its points (the task list is recomputed from the spec).
void check_task_cover(const std::vector<Shard>& shards, const std::vector<std::string>& files) {
  const Spec& s = shards[0].spec;
  const auto pts = expand(s, kMaxPoints);
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
      if (shard_of_task(t, shards[k].count) != shards[k].index || points != want)
        throw UsageError(
            fmt::format("table merge: \"{}\": task {} does not hold the rows of its points", files[k], t));
    }
  }
  for (size_t t = 0; t < tasks.size(); ++t)
    if (owner[t] < 0)
      throw UsageError(fmt::format("table merge: task {} of {} is in no shard file (shard {} lost rows?)", t,
                                   tasks.size(), shard_of_task(t, shards[0].count)));
}

/// One spec, shard count and digits; every shard 1..N exactly once.
void check_shard_set(const std::vector<Shard>& shards, const std::vector<std::string>& files) {
  const size_t n = shards[0].count;
  std::vector<int> seen(n + 1, 0);
  for (size_t k = 0; k < shards.size(); ++k) {
    const auto& sh = shards[k];
    if (sh.spec.text != shards[0].spec.text || sh.count != n || sh.digits != shards[0].digits)
      throw UsageError(
          fmt::format("table merge: \"{}\" comes from another spec, shard count or digits than \"{}\"",
                      files[k], files[0]));
    if (sh.index < 1 || sh.index > n || seen[sh.index]++ != 0)
      throw UsageError(
          fmt::format("table merge: shard {}/{} is given twice (\"{}\")", sh.index, n, files[k]));
  }
  for (size_t i = 1; i <= n; ++i)
    if (seen[i] == 0) throw UsageError(fmt::format("table merge: shard {}/{} is missing", i, n));
}

}  // namespace

Shard merge_shards(std::vector<Shard> shards, const std::vector<std::string>& files) {
  check_shard_set(shards, files);
  check_task_cover(shards, files);
  std::sort(shards.begin(), shards.end(), [](const Shard& a, const Shard& b) { return a.index < b.index; });
  Shard all;
  all.spec = shards[0].spec, all.index = 0, all.count = shards[0].count, all.digits = shards[0].digits;
  all.task_count = shards[0].task_count;
  for (size_t k = 0; k < shards.size(); ++k) {
    auto& sh = shards[k];
    if (all.raw.columns.empty()) all.raw.columns = sh.raw.columns;
    if (!sh.raw.rows.empty() && sh.raw.columns != all.raw.columns)
      throw UsageError("table merge: the shards have different columns");
    for (auto& r : sh.raw.rows) all.raw.rows.push_back(std::move(r));
    add_notes(all.raw.notes, sh.raw.notes);
  }
  sort_by_point(all.raw.rows);
  return all;
}

bool shard_done(const std::string& file, const Spec& s, size_t i, size_t n, long digits) {
  try {
    Shard old = read_shard(file);
    if (old.index == i && old.count == n && old.spec.text == s.text && old.digits == digits) return true;
    // said before the work starts, so a wrong --output is noticed at once
    const std::string held = old.spec.text != s.text ? "a shard of another spec"
                             : old.count != n
                                 ? fmt::format("shard {}/{} (another shard count)", old.index, old.count)
                             : old.index != i ? fmt::format("shard {}/{}", old.index, old.count)
                                              : "this shard at other digits";
    std::fprintf(stderr, "note: --resume: \"%s\" holds %s; recomputing shard %zu/%zu over it\n", file.c_str(),
                 held.c_str(), i, n);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "note: --resume: \"%s\" is not a complete shard file (%s); recomputing it\n",
                 file.c_str(), one_line(e.what()).c_str());
  }
  return false;
}

}  // namespace bc::cli::table
