// The plan of a `table` sweep, made from the spec alone before anything runs:
//  - its points: the Cartesian product of the swept values in spec order (first sweep key
//    outermost, the zip axes together innermost), addressed by index and never materialised;
//  - its tasks, the units of work a shard takes: one point, or a block of points swept in one call
//    through the options the command takes as lists (Command::list_options). Blocks are cut by
//    estimated cost (Command::estimate): cheap regions become blocks of up to kBlock points (the
//    call's fixed cost becomes noise), expensive ones are split down to single points, so that no
//    task costs more than about 1/kTaskShare of the sweep;
//  - their estimated cost, which table/shards.hpp uses to deal them to shards.
// The plan depends only on the spec (and the boundcheck build): every shard of a run, on any
// machine, and the unsharded run compute the same tasks, so the merged table is the unsharded one
// whatever N. Cost: O(points) for the estimates and the cut (no per-point allocation).
#pragma once

#include "cli.hpp"
#include "table/spec.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bc::cli::table {

/// Largest sweep one run plans (split bigger ones into several specs).
inline constexpr size_t kMaxPoints = 100000000;
/// Largest block, in points: one call's rows are held in memory at once.
inline constexpr size_t kBlock = 4096;
/// A task is cut until it costs at most (estimated total) / kTaskShare, or kMinTaskSeconds.
inline constexpr double kTaskShare = 2048;
inline constexpr double kMinTaskSeconds = 0.02;

/// One point of the sweep: the option values in spec order (sweep axes, then zip axes).
using Point = std::vector<std::pair<std::string, std::string>>;

/// The points of a spec, by index (mixed radix over the axes).
class Points {
 public:
  /// Refuses (ResourceError) above max_points (which must be below 2^62).
  Points(const Spec& s, size_t max_points);
  [[nodiscard]] size_t size() const { return size_; }
  /// The swept options in spec order (sweep, then zip): a Point's keys.
  [[nodiscard]] const std::vector<std::string>& options() const { return options_; }
  /// The value of option slot j at point k.
  [[nodiscard]] const std::string& value(size_t k, size_t j) const {
    return (*values_[j])[(k / stride_[j]) % radix_[j]];
  }
  /// Point k with its option names.
  [[nodiscard]] Point at(size_t k) const;
  /// The stride of slot j in point indices, and its number of values.
  [[nodiscard]] size_t stride(size_t j) const { return stride_[j]; }
  [[nodiscard]] size_t radix(size_t j) const { return radix_[j]; }
  /// The slot of an option, or options().size().
  [[nodiscard]] size_t slot(const std::string& option) const;

 private:
  size_t size_ = 1;
  std::vector<std::string> options_;
  std::vector<const std::vector<std::string>*> values_;
  std::vector<size_t> stride_, radix_;
};

/// A unit of work: one point, or a block: a Cartesian box over the batched options (at fixed
/// values of the others), computed in one call with each batched option given as a list.
struct Task {
  size_t first = 0;  ///< its first point (tasks are ordered by it)
  size_t count = 1;  ///< its number of points
  /// A block's digit range [lo, hi) per batched option (Plan::batched order); empty for one point.
  std::vector<std::pair<size_t, size_t>> ranges;
  double cost = 0;  ///< estimated seconds on one core

  [[nodiscard]] bool block() const { return !ranges.empty(); }
};

struct Plan {
  explicit Plan(Points p) : points(std::move(p)) {}
  Points points;
  std::vector<std::string> batched;  ///< [sweep] options the command takes as lists, spec order
  std::vector<size_t> batched_slot;  ///< their slots in `points`
  bool estimated = false;            ///< costs are the command's estimates (else one unit per point)
  double total_cost = 0;
  /// Block plans (the command takes some swept option as a list): every task, ordered by first
  /// point. Point plans keep nothing here: task i is point i.
  std::vector<Task> blocks;
  /// Point plans with estimates: the cost of each point.
  std::vector<float> point_costs;

  [[nodiscard]] size_t task_count() const { return batched.empty() ? points.size() : blocks.size(); }
  [[nodiscard]] Task task(size_t i) const;
  [[nodiscard]] double cost(size_t i) const;
  /// Calls f(k) for every point of task t, in spec order.
  template <class F>
  void for_each_point(const Task& t, F&& f) const;
  /// The base index (every batched digit 0) of a block.
  [[nodiscard]] size_t base(const Task& t) const;
  /// A 64-bit digest of the cut and the costs the shards are dealt by (every task's first point,
  /// size and cost in microseconds): shard files carry it, so that files planned differently
  /// (another boundcheck build estimating differently) are refused by name, not merged wrongly.
  [[nodiscard]] std::uint64_t digest() const;
};

/// The plan of a sweep of `cmd` (checked with check_command) at `digits` (costs depend on them).
/// Without an estimate, every point costs one unit and blocks are runs of the innermost batched
/// option. Point plans (whose tasks do not depend on costs) are estimated only `for_shards`, and
/// only up to kMaxEstimatedPoints points (one parse each).
Plan make_plan(const Spec& s, const Command& cmd, long digits, bool for_shards);
inline constexpr size_t kMaxEstimatedPoints = 20000;

/// The estimated seconds on one core of a whole sweep of `cmd`, priced from a sample of its points
/// without planning them (or checking their number against kMaxPoints): so that a sweep far over
/// its budget is refused in milliseconds, whatever its size (issue 37 §2: a 6 million point sweep
/// took 47 s and 122 MB to be refused). The sample is kSampledPoints points spread over the
/// sweep's index space, one in each of kSampledPoints equal strata (at a fixed pseudo-random
/// offset within it, so that no axis is aliased), and the estimate their mean cost times the
/// number of points. nullopt: the command has no cost model, the sweep is small enough to be
/// priced whole (at most kSampledAbove points: make_plan does), or a sampled point does not parse
/// (the checks then name it).
struct SampledCost {
  double seconds = 0;
  double points = 0;   ///< the sweep's size
  size_t sampled = 0;  ///< points priced
};
std::optional<SampledCost> sampled_cost(const Spec& s, const Command& cmd, long digits);
inline constexpr size_t kSampledPoints = 2048;
inline constexpr size_t kSampledAbove = 65536;

/// The argument list of one call: the command, the spec's fixed options, the point's values.
std::vector<std::string> call_args(const Spec& s, const Point& p, long digits, const std::string& threads,
                                   bool certified);
/// A block's call: the non-batched values, then each batched option as the list of its values.
Point block_call(const Plan& plan, const Task& t);

/// The spec's command, once its options are checked (every [fixed], [sweep] and [zip] key must be
/// one of its options), before any point runs. Throws UsageError naming the file and line.
const Command& check_command(const Spec& s, const Invoker& inv);

std::string join_words(const std::vector<std::string>& w);

template <class F>
void Plan::for_each_point(const Task& t, F&& f) const {
  if (!t.block()) {
    f(t.first);
    return;
  }
  const size_t m = t.ranges.size();
  std::vector<size_t> digit(m);
  for (size_t j = 0; j < m; ++j) digit[j] = t.ranges[j].first;
  const size_t b = base(t);
  for (;;) {
    size_t k = b;
    for (size_t j = 0; j < m; ++j) k += digit[j] * points.stride(batched_slot[j]);
    f(k);
    size_t j = m;  // odometer over the ranges, the last fastest
    while (j > 0 && ++digit[j - 1] == t.ranges[j - 1].second) {
      digit[j - 1] = t.ranges[j - 1].first;
      --j;
    }
    if (j == 0) return;
  }
}

}  // namespace bc::cli::table
