// Which tasks of a sweep a shard computes, and the per-task digests that make a shard file
// self-checking (issue 19).
//
// Assignment: the task list (table_plan.hpp make_tasks: one task per point, or per run of the
// innermost batched axis) is dealt to N shards in boustrophedon order, 0 1 .. N-1 N-1 .. 1 0
// 0 1 ..: cost that trends along the spec's order (small d expensive, large d cheap) spreads
// over every shard instead of filling the first contiguous slice. Every shard of a run holds
// about the same number of tasks, and the task list does not depend on N, so the merged table
// is the unsharded one whatever N.
//
// Integrity: a shard file lists, per task, its row count and a 64-bit FNV-1a digest of its rows
// as written. merge, status and --resume refuse a file whose rows do not match (a row deleted or
// edited by hand), and merge refuses gaps and overlaps between shards. FNV-1a detects accidents,
// not forgery: a shard file is as trusted as the person who sent it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace bc::cli::table {

/// The tasks (indices into the task list, ascending) that shard `index` (1-based) of `count`
/// computes.
std::vector<size_t> shard_tasks(size_t n_tasks, size_t index, size_t count);

/// The shard (1-based) that computes task `task`.
size_t shard_of_task(size_t task, size_t count);

/// FNV-1a 64 of `text`, continuing from `h` (start with kFnvOffset).
inline constexpr std::uint64_t kFnvOffset = 14695981039346656037ULL;
std::uint64_t fnv1a(std::string_view text, std::uint64_t h = kFnvOffset);

}  // namespace bc::cli::table
