// Shard files and what reads them: `table --shard I/N` writes one (shard_json), `table merge`
// joins them into the table the unsharded run prints, `--resume` checks whether its output
// already holds the shard. A shard file is untrusted evidence that crosses machines: it carries
// its spec's text, and per task its row count and digest (table_shards.hpp), and every reader
// checks them before using a row.
#pragma once

#include "table_execute.hpp"
#include "table_plan.hpp"
#include "table_spec.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace bc::cli::table {

/// The shard file of tasks `mine` (indices into `tasks`, ascending) of shard `index` of `count`:
/// rows grouped by task, in task order, each task with its row count and digest.
nlohmann::ordered_json shard_json(const Spec& s, size_t index, size_t count, const std::vector<Task>& tasks,
                                  const std::vector<size_t>& mine, const Raw& raw, long digits);

/// A shard file, read and checked against its own digests.
struct Shard {
  Spec spec;
  size_t index = 0, count = 0, task_count = 0;
  long digits = 0;
  Raw raw;
  /// Per task of the file: its index and the points its rows hold (distinct, ascending).
  std::vector<std::pair<size_t, std::vector<size_t>>> tasks;
};

/// Reads FILE; throws UsageError naming the file (and the task) if it is not a shard file or its
/// rows do not match their digests.
Shard read_shard(const std::string& file);

/// The shards' rows in spec order, after checking that they come from one spec, shard count and
/// digits, and that every task of the spec is in exactly one of them (throws UsageError naming
/// the file and the task otherwise): one Shard holding every row and note. `files` name `shards`.
Shard merge_shards(std::vector<Shard> shards, const std::vector<std::string>& files);

/// For `--shard I/N --resume`: true when `file` already holds this shard of this spec at these
/// digits; otherwise says on stderr, before the work starts, what the file holds instead.
bool shard_done(const std::string& file, const Spec& s, size_t index, size_t count, long digits);

}  // namespace bc::cli::table
