// The plan of a `table` sweep, made from the spec alone before anything runs: its points (the
// Cartesian product of the swept values, in spec order), its tasks (the units of work a shard
// takes: one point, or a block of points swept in one call through the command's own list
// options) and the check that the command takes every option the spec sets. The plan depends only
// on the spec, so shards computed on different machines fit together (table_shards.hpp deals the
// tasks out; table_execute.hpp runs them).
#pragma once

#include "cli.hpp"
#include "table_spec.hpp"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace bc::cli::table {

/// Largest sweep one run expands (split bigger ones with --shard).
inline constexpr size_t kMaxPoints = 10000000;

/// One point of the sweep: the option values in spec order (sweep axes, then zip axes).
using Point = std::vector<std::pair<std::string, std::string>>;
/// Every point, in spec order (first sweep key outermost, zip innermost). Refuses above max_points.
std::vector<Point> expand(const Spec& s, size_t max_points);

/// A unit of work: one point, or a Cartesian block of points swept in one call through the
/// options the command takes as lists.
struct Task {
  std::vector<size_t> points;        ///< indices into the point list, ascending
  std::vector<std::string> batched;  ///< list options of a block; empty for a single point
};

/// The tasks of a sweep, ordered by their first point. Depends only on the spec.
std::vector<Task> make_tasks(const Spec& s, const Command& cmd, const std::vector<Point>& pts);

/// The spec's command, once its options are checked (every [fixed], [sweep] and [zip] key must be
/// one of its options), before any point runs. Throws UsageError naming the file and line.
const Command& check_command(const Spec& s, const Invoker& inv);

std::string join_words(const std::vector<std::string>& w);

}  // namespace bc::cli::table
