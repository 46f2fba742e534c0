// Which tasks of a sweep a shard computes, and the per-task digests that make a shard file
// self-checking (issue 19).
//
// Assignment: when the plan has the command's cost estimates (table/plan.hpp), tasks are dealt
// longest first, each to the shard with the least estimated cost so far (LPT: Graham, "Bounds on
// multiprocessing timing anomalies", SIAM J. Appl. Math. 17 (1969): within 4/3 of the best
// static assignment; with no task above 1/kTaskShare of the sweep, within a few percent of equal
// shares). Costs enter as integer microseconds and ties break by task and shard index, so every
// shard computes the same assignment. Without estimates, tasks are dealt in boustrophedon order
// (0 1 .. N-1 N-1 .. 1 0 0 1 ..), so cost that trends along the spec spreads over every shard.
// The task list does not depend on N, so the merged table is the unsharded one whatever N.
//
// Integrity: a shard file lists, per task, its row count and a 64-bit FNV-1a digest of its rows
// as written, and the plan's digest. merge, status and --resume refuse a file whose rows do not
// match (a row deleted or edited by hand) naming the file and the task, and merge refuses gaps and
// overlaps between shards. FNV-1a detects accidents, not forgery: a shard file is as trusted as
// the person who sent it. Cost: O(tasks log tasks) for the assignment.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace bc::cli::table {

struct Plan;

/// The most shards a sweep may be cut into: --shard I/N, --shards N and the "of" of a shard file
/// (untrusted: every size taken from a file is capped before anything is allocated for it).
inline constexpr size_t kMaxShards = 1000000;

/// The shard (1-based) of every task of `plan` dealt to `count` shards.
std::vector<std::uint32_t> assign_shards(const Plan& plan, size_t count);

/// The tasks (indices, ascending) that shard `index` (1-based) of `count` computes.
std::vector<size_t> shard_tasks(const Plan& plan, size_t index, size_t count);

/// FNV-1a 64 of `text`, continuing from `h` (start with kFnvOffset).
inline constexpr std::uint64_t kFnvOffset = 14695981039346656037ULL;
std::uint64_t fnv1a(std::string_view text, std::uint64_t h = kFnvOffset);

}  // namespace bc::cli::table
