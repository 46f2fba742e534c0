// Shard files: writing, reading with their digests checked, merging, resuming (see
// table/merge.hpp). Cost: O(rows) to write, read and check; O(tasks) to check the cover.
#include "table/merge.hpp"

#include "core/build_info.hpp"
#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/text_file.hpp"
#include "table/plan.hpp"
#include "table/shards.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <tuple>

namespace bc::cli::table {

namespace {

char kind_code(out::CellKind k) { return "iernt"[static_cast<int>(k)]; }

/// The value a cell was printed from, as a shard file keeps it: "q:p/q" (exact), "b:<arb_dump_str>"
/// (a ball, exactly: midpoint and radius in binary), "u:..." (a ball over double inputs; "u7:..." for
/// a number printed to 7 significant digits, Cell::sig); null when the cell has none (its text is
/// then all there is).
nlohmann::ordered_json number_json(const out::Cell& c) {
  if (!c.number) return nullptr;
  if (c.number->kind == out::CellNumber::Kind::exact) return "q:" + c.number->q.str();
  char* s = arb_dump_str(c.number->ball.x);
  const std::string tag = !c.number->uncertified ? "b" : c.sig > 0 ? fmt::format("u{}", c.sig) : "u";
  std::string text = tag + ":" + std::string(s);
  flint_free(s);
  return text;
}

/// One row as a shard file holds it: [point, kinds, cells, numbers].
nlohmann::ordered_json row_json(size_t point, const std::vector<out::Cell>& r) {
  std::string kinds;
  auto cells = nlohmann::ordered_json::array(), numbers = nlohmann::ordered_json::array();
  for (const auto& c : r) {
    kinds += kind_code(c.kind);
    if (c.kind == out::CellKind::number)
      cells.push_back(fmt::format("{}", c.dval));  // shortest round-trip text: exact on reading
    else
      cells.push_back(c.display());
    numbers.push_back(number_json(c));
  }
  return {point, kinds, cells, numbers};
}

/// Where every task digest of a shard of this spec starts: the plan's digest and the spec's identity
/// (its text, then its --set overrides: Spec::identity; the text alone without them).
std::uint64_t digest_seed(const std::string& plan_hex, const std::string& spec_identity) {
  return fnv1a(spec_identity, fnv1a(plan_hex + "\n"));
}

}  // namespace

ShardWriter::ShardWriter(const Spec& s, const Plan& plan, size_t index, size_t count,
                         const CellOptions& cells)
    : rows_(nlohmann::ordered_json::array()),
      tasks_(nlohmann::ordered_json::array()),
      notes_(nlohmann::ordered_json::array()) {
  head_["boundcheck_table_shard"] = kShardFormat;
  head_["boundcheck"] = BOUNDCHECK_VERSION;
  head_["spec_file"] = s.file;
  head_["spec"] = s.text;
  if (!s.sets.empty()) {  // a file without overrides reads as before they existed
    auto sets = nlohmann::ordered_json::array();
    for (const auto& o : s.sets) sets.push_back(o.option + "=" + o.value);
    head_["set"] = std::move(sets);
  }
  head_["shard"] = index;
  head_["of"] = count;
  head_["task_count"] = plan.task_count();
  head_["plan"] = fmt::format("{:016x}", plan.digest());
  head_["digits"] = cells.digits;
  head_["certified"] = cells.certified;
  // what computed the rows (read by nobody: merge compares "boundcheck", the version, as before)
  head_["provenance"] = provenance_json();
  seed_ = digest_seed(head_["plan"].get<std::string>(), s.identity());
}

void ShardWriter::task(size_t t, const std::vector<TaggedRow>& rows, const std::vector<std::string>& notes) {
  const size_t had = note_texts_.size();
  add_notes(note_texts_, notes);  // appends only: the task's notes not given by an earlier task (and counts)
  for (size_t i = had; i < note_texts_.size(); ++i) notes_.push_back({t, note_texts_[i]});
  std::uint64_t h = seed_;
  for (const auto& row : rows) {
    auto rj = row_json(row.first, row.second);
    h = fnv1a(rj.dump(), h);
    rows_.push_back(std::move(rj));
  }
  tasks_.push_back({t, rows.size(), fmt::format("{:016x}", h)});
}

std::string ShardWriter::finish(const RunSummary& sum) {
  nlohmann::ordered_json j = std::move(head_);
  j["columns"] = sum.columns;
  j["tasks"] = std::move(tasks_);  // [task, rows, digest], in the order the rows follow
  j["rows"] = std::move(rows_);
  j["notes"] = std::move(notes_);  // [task, note]: sum.notes, each with the task that gave it
  return j.dump(1) + "\n";
}

namespace {

/// A count or index from the file: a non-negative integer (1.5 and -1 are refused, not truncated).
size_t whole(const std::string& what, const std::string& file, const nlohmann::json& v, const char* field) {
  if (!v.is_number_unsigned())
    throw UsageError(fmt::format("{}: \"{}\": {} must be a non-negative integer, got {}", what, file, field,
                                 v.dump().substr(0, 40)));
  return v.get<size_t>();
}

/// Checks the file's per-task row counts and digests against its rows (a row deleted or edited by
/// hand is named with its task) and records each task's points in sh.tasks.
void check_task_digests(const std::string& what, const std::string& file, const nlohmann::json& j,
                        Shard& sh) {
  const auto& tasks = j.at("tasks");
  if (!j.contains("plan") || !tasks.is_array() || (!tasks.empty() && !tasks.at(0).is_array()))
    throw UsageError(fmt::format(
        "{}: \"{}\" was written by an older boundcheck (shards without a plan digest); recompute it with "
        "table --shard",
        what, file));
  sh.task_count = whole(what, file, j.at("task_count"), "task_count");
  const auto& rows = j.at("rows");
  const std::uint64_t seed = digest_seed(j.at("plan").get<std::string>(), sh.spec.identity());
  size_t at = 0;
  for (const auto& t : tasks) {
    const size_t task = whole(what, file, t.at(0), "a task's index"),
                 n = whole(what, file, t.at(1), "a task's row count");
    const std::string digest = t.at(2).get<std::string>();
    if (task >= sh.task_count)
      throw UsageError(
          fmt::format("{}: \"{}\": task {} is beyond the spec's {} tasks", what, file, task, sh.task_count));
    if (at + n > rows.size())
      throw UsageError(
          fmt::format("{}: \"{}\": task {} lists {} rows but the file holds only {} more (rows were deleted)",
                      what, file, task, n, rows.size() - at));
    std::uint64_t h = seed;
    std::vector<size_t> points;
    for (size_t k = at; k < at + n; ++k) {
      h = fnv1a(rows.at(k).dump(), h);
      const size_t p = whole(what, file, rows.at(k).at(0), "a row's point");
      if (points.empty() || points.back() != p) points.push_back(p);
    }
    if (fmt::format("{:016x}", h) != digest)
      throw UsageError(
          fmt::format("{}: \"{}\": the rows of task {} do not match their digest (edited, truncated, or "
                      "taken from another spec's shard?); recompute shard {}/{}",
                      what, file, task, sh.index, sh.count));
    sh.tasks.emplace_back(task, std::move(points));
    at += n;
  }
  if (at != rows.size())
    throw UsageError(
        fmt::format("{}: \"{}\": {} rows belong to no task (added by hand?)", what, file, rows.size() - at));
}

/// The file's notes, each [task, text], in task order (that each task is one of the file's own is
/// checked with its tasks' cover: note_problem).
void read_notes(const std::string& what, const std::string& file, const nlohmann::json& j, Shard& sh) {
  for (const auto& n : j.at("notes")) {
    const size_t t = whole(what, file, n.at(0), "a note's task");
    if (t >= sh.task_count)
      throw UsageError(fmt::format("{}: \"{}\": a note names task {}, beyond the spec's {} tasks", what, file,
                                   t, sh.task_count));
    if (!sh.note_tasks.empty() && t < sh.note_tasks.back())
      throw UsageError(fmt::format("{}: \"{}\": the notes are not in task order (task {} after task {})",
                                   what, file, t, sh.note_tasks.back()));
    sh.note_tasks.push_back(t);
    sh.raw.notes.push_back(n.at(1).get<std::string>());
  }
}

/// A cell's value as number_json wrote it, attached to `c`; null leaves the cell text only.
void read_number(const std::string& what, const std::string& file, const nlohmann::json& v, out::Cell& c) {
  if (v.is_null()) return;
  std::string s = v.is_string() ? v.get<std::string>() : std::string();
  // "u<sig>:": a number's significant digits (1..99), kept in the cell as "u:"
  if (c.kind == out::CellKind::number && s.size() > 3 && s[0] == 'u' &&
      std::isdigit(static_cast<unsigned char>(s[1]))) {
    const size_t colon = s.find(':');
    const std::string digits = s.substr(1, colon == std::string::npos ? 0 : colon - 1);
    if (colon == std::string::npos || digits.size() > 2 ||
        digits.find_first_not_of("0123456789") != std::string::npos || std::stoi(digits) == 0)
      throw UsageError(
          fmt::format("{}: \"{}\": a cell's value is malformed ({})", what, file, v.dump().substr(0, 40)));
    c.sig = std::stoi(digits);
    s = "u" + s.substr(colon);
  }
  auto n = std::make_shared<out::CellNumber>();
  bool ok = s.size() > 2 && s[1] == ':' && c.kind != out::CellKind::text;
  if (ok && s[0] == 'q') {  // "p" or "p/q" in decimal, of any length the file allows
    n->kind = out::CellNumber::Kind::exact;
    ok = s.find_first_not_of("0123456789-/", 2) == std::string::npos &&
         fmpq_set_str(n->q.x, s.c_str() + 2, 10) == 0 && !fmpz_is_zero(fmpq_denref(n->q.x));
    if (ok) fmpq_canonicalise(n->q.x);
  } else if (ok && (s[0] == 'b' || s[0] == 'u')) {  // arb_dump_str: four hex integers
    n->uncertified = s[0] == 'u';
    ok = s.find_first_not_of("0123456789abcdef -", 2) == std::string::npos &&
         std::count(s.begin(), s.end(), ' ') == 3 && arb_load_str(n->ball.x, s.c_str() + 2) == 0 &&
         arb_is_finite(n->ball.x);
  } else {
    ok = false;
  }
  if (!ok)
    throw UsageError(
        fmt::format("{}: \"{}\": a cell's value is malformed ({})", what, file, v.dump().substr(0, 40)));
  c.number = std::move(n);
}

/// One row of a shard file back into cells.
std::vector<out::Cell> cells_of(const std::string& what, const std::string& file, const nlohmann::json& r,
                                size_t ncols) {
  const std::string kinds = r.at(1).get<std::string>();
  const auto& cells = r.at(2);
  const auto& numbers = r.at(3);
  if (kinds.size() != cells.size() || kinds.size() != ncols || !numbers.is_array() ||
      numbers.size() != cells.size())
    throw UsageError(fmt::format("{}: \"{}\": a row has the wrong number of cells", what, file));
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
        throw UsageError(fmt::format("{}: \"{}\": unknown cell kind '{}'", what, file, kinds[i]));
    }
    read_number(what, file, numbers.at(i), row.back());
  }
  return row;
}

}  // namespace

namespace {

/// A value from the file, for a message: at most 40 characters.
std::string clip(const nlohmann::json& v) {
  std::string t = v.dump();
  return t.size() > 40 ? t.substr(0, 37) + "..." : t;
}

/// Field `key` of the file: an integer in [lo, hi], checked before anything is sized by it.
size_t bounded(const std::string& what, const std::string& file, const nlohmann::json& j, const char* key,
               size_t lo, size_t hi) {
  const auto& v = j.at(key);
  if (!v.is_number_unsigned() || v.get<std::uint64_t>() < lo || v.get<std::uint64_t>() > hi)
    throw UsageError(fmt::format("{}: \"{}\": \"{}\" must be an integer in [{}, {}], got {}", what, file, key,
                                 lo, hi, clip(v)));
  return v.get<size_t>();
}

/// The file's format (kShardFormat only) and the boundcheck version that wrote it (a version string).
std::string check_format(const std::string& what, const std::string& file, const nlohmann::json& j) {
  const auto& f = j.at("boundcheck_table_shard");
  if (f.is_number_unsigned() && f.get<std::uint64_t>() < kShardFormat)
    throw UsageError(fmt::format(
        "{}: \"{}\" is in shard format {}, written by an older boundcheck (this one reads format {}, which "
        "records --certified and the task of each note); recompute it with table --shard",
        what, file, clip(f), kShardFormat));
  if (!f.is_number_unsigned() || f.get<std::uint64_t>() != kShardFormat)
    throw UsageError(fmt::format(
        "{}: \"{}\" is in shard format {}, which this boundcheck ({}) does not read (it reads format {})",
        what, file, clip(f), BOUNDCHECK_VERSION, kShardFormat));
  const auto& v = j.at("boundcheck");
  const std::string ver = v.is_string() ? v.get<std::string>() : std::string();
  const bool ok = !ver.empty() && ver.size() <= 40 && std::all_of(ver.begin(), ver.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 ||
           (c != '\0' && std::strchr(".+-_~", c) != nullptr);
  });
  if (!ok)
    throw UsageError(fmt::format("{}: \"{}\": \"boundcheck\" must be a version such as \"{}\", got {}", what,
                                 file, BOUNDCHECK_VERSION, clip(v)));
  return ver;
}

/// The header: format, version, shard I of N, cell options. Every size is capped here.
void read_header(const std::string& what, const std::string& file, const nlohmann::json& j, Shard& sh) {
  sh.version = check_format(what, file, j);
  std::vector<std::string> sets;  // the --set overrides the shard was computed with
  if (j.contains("set")) {
    const auto& v = j.at("set");
    if (!v.is_array() || v.size() > 100 || !std::all_of(v.begin(), v.end(), [](const auto& w) {
          return w.is_string() && w.template get<std::string>().size() <= 4096;
        }))
      throw UsageError(fmt::format("{}: \"{}\": \"set\" must be a list of KEY=VALUE strings, got {}", what,
                                   file, clip(v)));
    sets = v.get<std::vector<std::string>>();
  }
  sh.spec = parse_spec(j.at("spec").get<std::string>(), j.at("spec_file").get<std::string>(), sets);
  sh.count = bounded(what, file, j, "of", 1, kMaxShards);
  sh.index = bounded(what, file, j, "shard", 1, sh.count);
  sh.cells.digits = static_cast<long>(bounded(what, file, j, "digits", 1, limits::max_digits));
  if (!j.at("certified").is_boolean())
    throw UsageError(fmt::format("{}: \"{}\": \"certified\" must be true or false, got {}", what, file,
                                 clip(j.at("certified"))));
  sh.cells.certified = j.at("certified").get<bool>();
}

// The JSON value of `text`; `duplicate` is set to the first key that appears twice in one object.
nlohmann::json parse_refusing_duplicates(const std::string& text, std::string& duplicate) {
  std::vector<std::set<std::string>> open;  // the keys of each object being read
  auto cb = [&](int, nlohmann::json::parse_event_t e, nlohmann::json& v) {
    using E = nlohmann::json::parse_event_t;
    if (e == E::object_start) open.emplace_back();
    if (e == E::object_end && !open.empty()) open.pop_back();
    if (e == E::key && !open.empty() && !open.back().insert(v.get<std::string>()).second && duplicate.empty())
      duplicate = v.get<std::string>();
    return true;
  };
  return nlohmann::json::parse(text, cb);
}

}  // namespace

Shard read_shard(const std::string& file, const std::string& what) {
  // a shard file is untrusted: at most 1 GiB (10^6 points of a few hundred bytes each)
  const std::string text = read_text_file(file, TextLimits{size_t(1) << 30, size_t(1) << 30}, what);
  nlohmann::json j;
  std::string duplicate;
  try {
    j = parse_refusing_duplicates(text, duplicate);
  } catch (const nlohmann::json::exception&) {
    throw UsageError(fmt::format("{}: \"{}\" is not a shard file (not JSON)", what, file));
  }
  if (!duplicate.empty())  // JSON readers differ on which one wins: a forged first "rows" is refused
    throw UsageError(fmt::format("{}: \"{}\": the key {} appears twice in one object", what, file,
                                 nlohmann::json(duplicate.substr(0, 60))
                                     .dump(-1, ' ', true, nlohmann::json::error_handler_t::replace)));
  try {
    if (!j.is_object() || !j.contains("boundcheck_table_shard"))
      throw UsageError(fmt::format("{}: \"{}\" is not a shard file (written by table --shard)", what, file));
    Shard sh;
    read_header(what, file, j, sh);
    sh.raw.columns = j.at("columns").get<std::vector<std::string>>();
    check_task_digests(what, file, j, sh);
    read_notes(what, file, j, sh);
    sh.plan = j.at("plan").get<std::string>();
    for (const auto& r : j.at("rows"))
      sh.raw.rows.emplace_back(whole(what, file, r.at(0), "a row's point"),
                               cells_of(what, file, r, sh.raw.columns.size()));
    return sh;
  } catch (const nlohmann::json::exception& e) {  // "[json.exception.type_error.302] type must be ..."
    std::string why = e.what();
    if (why.rfind("[json.exception.", 0) == 0 && why.find("] ") != std::string::npos)
      why.erase(0, why.find("] ") + 2);
    throw UsageError(fmt::format("{}: \"{}\" is not a valid shard file: {}", what, file, why));
  } catch (const std::logic_error& e) {  // stoll
    throw UsageError(fmt::format("{}: \"{}\" is not a valid shard file: {}", what, file, e.what()));
  }
}

namespace {

/// Whether `points` (the distinct points a task's rows hold, in row order) are points of task t of
/// the plan, ascending. Not necessarily all of them: a point may print no rows (sphere sign-coef
/// --l-max 0); rows deleted by hand are caught by the task's row count and digest.
bool own_points(const Plan& plan, size_t t, const std::vector<size_t>& points) {
  if (!std::is_sorted(points.begin(), points.end())) return false;
  size_t i = 0;  // points[i] is the next one to find among the task's points (ascending too)
  plan.for_each_point(plan.task(t), [&](size_t k) { i += i < points.size() && points[i] == k ? 1 : 0; });
  return i == points.size();
}

/// The plan of a shard's spec, as this boundcheck makes it.
Plan plan_of(const Shard& sh) {
  Invoker probe;
  return make_plan(sh.spec, check_command(sh.spec, probe), sh.cells.digits, true);
}

std::string plan_hex(const Plan& plan) { return fmt::format("{:016x}", plan.digest()); }

/// Why a note of `sh` names a task the file does not hold (edited by hand?), or empty.
std::string note_problem(const Shard& sh, const std::string& file) {
  std::vector<size_t> held;
  for (const auto& t : sh.tasks) held.push_back(t.first);
  std::sort(held.begin(), held.end());
  for (size_t t : sh.note_tasks)
    if (!std::binary_search(held.begin(), held.end(), t))
      return fmt::format("\"{}\": a note names task {}, which the file does not hold", file, t);
  return {};
}

/// Every task of the plan is in exactly one shard, in the shard the assignment gives it, with rows
/// for exactly its points.
void check_task_cover(const std::vector<Shard>& shards, const std::vector<std::string>& files,
                      const Plan& plan) {
  const std::vector<std::uint32_t> owner_of = assign_shards(plan, shards[0].count);
  std::vector<int> owner(plan.task_count(), -1);
  for (size_t k = 0; k < shards.size(); ++k) {
    if (shards[k].task_count != plan.task_count() || shards[k].plan != plan_hex(plan))
      throw UsageError(fmt::format(
          "table merge: \"{}\" was planned differently ({} tasks, plan {}; this boundcheck plans {} tasks, "
          "plan {}): recompute its shards with one boundcheck build",
          files[k], shards[k].task_count, shards[k].plan, plan.task_count(), plan_hex(plan)));
    for (const auto& [t, points] : shards[k].tasks) {
      if (owner[t] >= 0)
        throw UsageError(fmt::format("table merge: task {} is in both \"{}\" and \"{}\"", t,
                                     files[static_cast<size_t>(owner[t])], files[k]));
      owner[t] = static_cast<int>(k);
    }
  }
  for (size_t k = 0; k < shards.size(); ++k)
    for (const auto& [t, points] : shards[k].tasks) {
      if (owner_of[t] != shards[k].index)
        throw UsageError(
            fmt::format("table merge: \"{}\" (shard {}/{}) holds task {}, which is shard {}/{}'s", files[k],
                        shards[k].index, shards[k].count, t, owner_of[t], shards[k].count));
      if (!own_points(plan, t, points))
        throw UsageError(
            fmt::format("table merge: \"{}\": task {} holds rows of points not its own", files[k], t));
    }
  for (size_t t = 0; t < owner.size(); ++t)
    if (owner[t] < 0)
      for (size_t k = 0; k < shards.size(); ++k)
        if (shards[k].index == owner_of[t])
          throw UsageError(
              fmt::format("table merge: task {} of {} is in no shard file: \"{}\" (shard {}/{}) lost it", t,
                          owner.size(), files[k], owner_of[t], shards[k].count));
  for (size_t k = 0; k < shards.size(); ++k)
    if (std::string why = note_problem(shards[k], files[k]); !why.empty())
      throw UsageError("table merge: " + why);
}

/// How the cell options of `b` differ from those of `a`: "with --certified, not without".
std::string cell_difference(const CellOptions& a, const CellOptions& b) {
  std::vector<std::string> d;
  if (a.certified != b.certified)
    d.push_back(fmt::format("{} --certified", b.certified ? "with" : "without"));
  if (a.digits != b.digits) d.push_back(fmt::format("at --digits {}", b.digits));
  return fmt::format("{}", fmt::join(d, " and "));
}

/// One spec, shard count, cell options and boundcheck version; every shard 1..N exactly once.
void check_shard_set(const std::vector<Shard>& shards, const std::vector<std::string>& files) {
  const size_t n = shards[0].count;
  std::vector<int> seen(n + 1, 0);  // n <= kMaxShards (read_shard)
  for (size_t k = 0; k < shards.size(); ++k) {
    const auto& sh = shards[k];
    if (sh.spec.identity() != shards[0].spec.identity() || sh.count != n)
      throw UsageError(fmt::format("table merge: \"{}\" comes from another spec or shard count than \"{}\"",
                                   files[k], files[0]));
    if (sh.cells != shards[0].cells)
      throw UsageError(fmt::format(
          "table merge: \"{}\" was computed {}, \"{}\" {}: the cells would mix formats; recompute the shards "
          "with the same options",
          files[k], cell_difference(shards[0].cells, sh.cells), files[0],
          cell_difference(sh.cells, shards[0].cells)));
    if (sh.version != shards[0].version)
      throw UsageError(
          fmt::format("table merge: \"{}\" was written by boundcheck {}, \"{}\" by boundcheck {}: the shards "
                      "of one sweep come from one boundcheck",
                      files[k], sh.version, files[0], shards[0].version));
    if (seen[sh.index]++ != 0)
      throw UsageError(
          fmt::format("table merge: shard {}/{} is given twice (\"{}\")", sh.index, n, files[k]));
  }
  for (size_t i = 1; i <= n; ++i)
    if (seen[i] == 0) throw UsageError(fmt::format("table merge: shard {}/{} is missing", i, n));
}

}  // namespace

namespace {

/// The shards' notes as the unsharded run gathers them: add_notes over the tasks in order (a note
/// first given by task t comes with t's notes, wherever its shard is in the list).
std::vector<std::string> notes_in_task_order(const std::vector<Shard>& shards) {
  std::vector<std::tuple<size_t, size_t, size_t>> order;  // task, shard, position: a task is in one shard
  for (size_t k = 0; k < shards.size(); ++k)
    for (size_t i = 0; i < shards[k].note_tasks.size(); ++i)
      order.emplace_back(shards[k].note_tasks[i], k, i);
  std::sort(order.begin(), order.end());
  std::vector<std::string> notes;
  for (const auto& [t, k, i] : order) add_notes(notes, {shards[k].raw.notes[i]});
  return notes;
}

}  // namespace

Shard merge_shards(std::vector<Shard> shards, const std::vector<std::string>& files) {
  check_shard_set(shards, files);
  check_task_cover(shards, files, plan_of(shards[0]));
  std::sort(shards.begin(), shards.end(), [](const Shard& a, const Shard& b) { return a.index < b.index; });
  Shard all;
  all.spec = shards[0].spec, all.count = shards[0].count, all.cells = shards[0].cells;
  all.version = shards[0].version;
  all.task_count = shards[0].task_count, all.plan = shards[0].plan;
  all.raw.notes = notes_in_task_order(shards);
  size_t first = 0;  // the shard whose columns the others must have
  for (auto& sh : shards) {
    if (all.raw.columns.empty()) all.raw.columns = sh.raw.columns, first = sh.index;
    if (!sh.raw.rows.empty() && sh.raw.columns != all.raw.columns)
      throw UsageError(fmt::format(
          "table merge: the shards have different columns: shard {}/{}'s differ from shard {}/{}'s "
          "(table status tells which files hold the spec's columns)",
          sh.index, all.count, first, all.count));
    for (auto& r : sh.raw.rows) all.raw.rows.push_back(std::move(r));
  }
  sort_by_point(all.raw.rows);
  if (all.version != BOUNDCHECK_VERSION)
    all.raw.notes.push_back(fmt::format(
        "the shards were written by boundcheck {} (this is {}); their format, plan and digests check out",
        all.version, BOUNDCHECK_VERSION));
  return all;
}

std::string shard_problem(const Shard& sh, const std::string& file, const Plan& plan) {
  if (sh.task_count != plan.task_count() || sh.plan != plan_hex(plan))
    return fmt::format("\"{}\" was planned differently (plan {}, this boundcheck plans {})", file, sh.plan,
                       plan_hex(plan));
  const std::vector<size_t> want = shard_tasks(plan, sh.index, sh.count);
  for (size_t i = 0; i < std::max(want.size(), sh.tasks.size()); ++i) {
    if (i >= sh.tasks.size() || (i < want.size() && want[i] < sh.tasks[i].first))
      return fmt::format("\"{}\": task {} of shard {}/{} is missing", file, want[i], sh.index, sh.count);
    const size_t t = sh.tasks[i].first;
    if (i >= want.size() || want[i] != t)
      return fmt::format("\"{}\": task {} is not shard {}/{}'s", file, t, sh.index, sh.count);
    if (!own_points(plan, t, sh.tasks[i].second))
      return fmt::format("\"{}\": task {} holds rows of points not its own", file, t);
  }
  return note_problem(sh, file);
}

std::string shard_mismatch(const Shard& sh, const Spec& s, size_t count, const CellOptions& cells) {
  if (sh.spec.identity() != s.identity())
    return sh.spec.text == s.text ? "a shard of this spec with other --set overrides"
                                  : "a shard of another spec";
  if (sh.count != count) return fmt::format("shard {}/{} (another shard count)", sh.index, sh.count);
  if (sh.cells != cells)
    return fmt::format("a shard computed {} (not {})", cell_difference(cells, sh.cells),
                       cell_difference(sh.cells, cells));
  if (sh.version != BOUNDCHECK_VERSION)
    return fmt::format("a shard written by boundcheck {} (this is {})", sh.version, BOUNDCHECK_VERSION);
  return {};
}

std::optional<Shard> shard_done(const std::string& file, const Spec& s, const Plan& plan, size_t i, size_t n,
                                const CellOptions& cells) {
  try {
    Shard old = read_shard(file, "--resume");
    std::string held = shard_mismatch(old, s, n, cells);
    if (held.empty() && old.index != i)
      held = fmt::format("shard {}/{}", old.index, old.count);
    else if (std::string why = held.empty() ? shard_problem(old, file, plan) : ""; !why.empty())
      held = "this shard, incomplete (" + why + ")";
    if (held.empty()) return old;
    // said before the work starts, so a wrong --output is noticed at once
    std::fprintf(stderr, "note: --resume: \"%s\" holds %s; recomputing shard %zu/%zu over it\n",
                 one_line(file).c_str(), one_line(held).c_str(), i, n);
  } catch (const UsageError& e) {
    std::fprintf(stderr, "note: --resume: \"%s\" is not a complete shard file (%s); recomputing it\n",
                 one_line(file).c_str(), one_line(e.what()).c_str());
  }
  return std::nullopt;
}

}  // namespace bc::cli::table
