// Shard files and what reads them: `table --shard I/N` writes one (shard_json), `table merge`
// joins them into the table the unsharded run prints, `--resume` checks whether its output
// already holds the shard. A shard file is untrusted evidence that crosses machines: it carries
// its spec's text, and per task its row count and digest (table/shards.hpp), and every reader
// checks them before using a row.
#pragma once

#include "table/execute.hpp"
#include "table/plan.hpp"
#include "table/spec.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bc::cli::table {

/// The shard file format this boundcheck writes and reads (3: --certified recorded; 4: each note
/// with the task that first gave it, so that merge puts the notes in the unsharded run's order;
/// 5: each task's digest starts from its spec's (rows pasted from another spec's shard no longer
/// check), and each cell keeps the value it was printed from, so that merged derived columns and
/// Python see what an unsharded run computed, never the printed text read back).
/// A sweep with --set overrides also carries them ("set": ["r=4", ...]) and its digests start from
/// the spec's text and them (Spec::identity): shards made with other overrides never merge. The key
/// is absent without overrides, so such files read as before.
/// The digests detect accidents (a truncated copy, an edit, a file from another spec), not forgery:
/// FNV-1a is no signature.
inline constexpr unsigned kShardFormat = 5;

/// Writes the shard file of shard `index` of `count`: tasks arrive in ascending order with their
/// rows and notes (run_tasks' TaskRowsFn), each recorded with its row count and digest; the notes
/// as add_notes gathers them over the shard's tasks, each with the task that gave it.
class ShardWriter {
 public:
  ShardWriter(const Spec& s, const Plan& plan, size_t index, size_t count, const CellOptions& cells);
  void task(size_t t, const std::vector<TaggedRow>& rows, const std::vector<std::string>& notes);
  /// The file's text.
  [[nodiscard]] std::string finish(const RunSummary& sum);

 private:
  nlohmann::ordered_json head_, rows_, tasks_, notes_;
  std::uint64_t seed_ = 0;  // every task digest starts here: the digest of the plan and the spec text
  std::vector<std::string> note_texts_;  // notes_' texts
};

/// A shard file, read and checked against its own digests.
struct Shard {
  Spec spec;
  size_t index = 0, count = 0, task_count = 0;
  CellOptions cells;
  std::string version;  ///< the boundcheck that wrote it
  std::string plan;     ///< the plan's digest (hex)
  Raw raw;
  /// The task that gave each note of raw.notes (ascending; each one of the file's tasks).
  std::vector<size_t> note_tasks;
  /// Per task of the file: its index and the points its rows hold (distinct, in row order; a point
  /// that printed no rows is not among them).
  std::vector<std::pair<size_t, std::vector<size_t>>> tasks;
};

/// Reads FILE; throws UsageError naming the file (and the field or the task) if it is not a shard
/// file of format kShardFormat, a field is out of range (1 <= shard <= of <= kMaxShards, digits as
/// --digits) or its rows do not match their digests. `what` starts every message ("table merge").
Shard read_shard(const std::string& file, const std::string& what);

/// The shards' rows in spec order, after checking that they come from one spec, shard count, cell
/// options and boundcheck version, and that every task of the spec's plan is in exactly one of them, the one
/// the plan assigns it to, holding rows of its own points only, in order (throws UsageError naming the
/// file and the task otherwise): one Shard holding every row and note, the notes in task order as the
/// unsharded run gathers them. `files` name `shards`.
Shard merge_shards(std::vector<Shard> shards, const std::vector<std::string>& files);

/// Why `sh` (read from `file`) is not shard `sh.index` of the plan: its plan digest differs, a
/// task is missing, is not its shard's, or holds rows of points not its own. Empty when it is complete.
std::string shard_problem(const Shard& sh, const std::string& file, const Plan& plan);

/// Why a shard written with `sh` and by boundcheck `version` is not one of spec `s` with `cells`
/// (another spec, shard count, digits, --certified, boundcheck version), or empty.
std::string shard_mismatch(const Shard& sh, const Spec& s, size_t count, const CellOptions& cells);

/// For `--shard I/N --resume`: the file when `file` already holds shard I of N of this spec with
/// these cell options, complete; otherwise says on stderr, before the work starts, what the file
/// holds instead (naming the task when one is damaged or missing) and returns nothing.
std::optional<Shard> shard_done(const std::string& file, const Spec& s, const Plan& plan, size_t index,
                                size_t count, const CellOptions& cells);

/// `table status FILES [--spec F]`: one row per file (shard, state: done | stale | incomplete |
/// damaged | duplicate, tasks, points, rows, why) and one per shard with no complete file
/// (missing). The reference is the spec F, else the spec of the newest readable file, with that
/// file's shard count and cell options (when no file is of spec F: the newest file's, and every file
/// is stale); the digits are --digits when typed, else spec F's `digits`, else the file's. Spec F
/// (with its --set overrides `sets`) or the newest file's is checked as table checks it
/// (table/validate.hpp) before anything is printed. exit_code: 0 when every shard is done and no
/// file is in doubt.
out::Table shard_status(const std::vector<std::string>& files, const std::string& spec_file,
                        const std::vector<std::string>& sets, const Context& ctx, int& exit_code);

}  // namespace bc::cli::table
