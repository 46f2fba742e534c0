// Points, tasks and their costs (see table/plan.hpp).
// Cutting a group (the points at fixed values of the non-batched options, a Cartesian box over
// the batched ones B_0 .. B_{m-1} in spec order) into tasks, greedily in spec order:
//   at level j, consecutive values of B_j (each with every value of the inner options) join one
//   block while it costs at most `cap` and holds at most kBlock points; a value that alone exceeds
//   either is cut at level j + 1, down to single points.
// cap = max(total / kTaskShare, kMinTaskSeconds) with estimates; without them every point costs 1
// and cap is the innermost option's length (one call per run of it, as before estimates existed).
// Cost: the command's cost model over every point at most three times (the sweep's total, each
// group's totals, the slices the cut reads again; one call per slice of at most kEstimateBox
// points), O(points x m) for the cut; memory O(kEstimateBox) per group, nothing per point.
#include "table/plan.hpp"

#include "core/errors.hpp"
#include "core/suggest.hpp"
#include "output/output_path.hpp"
#include "table/shards.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <memory>

namespace bc::cli::table {

std::string join_words(const std::vector<std::string>& w) { return fmt::format("{}", fmt::join(w, " ")); }

// ---- points -------------------------------------------------------------------------------------

Points::Points(const Spec& s, size_t max_points) {
  double total = s.zip.empty() ? 1.0 : static_cast<double>(s.zip[0].values.size());
  for (const auto& a : s.sweep) total *= static_cast<double>(a.values.size());
  if (total > static_cast<double>(max_points))
    throw ResourceError(
        fmt::format("{}: the sweep has {:.4g} points, more than the limit of {} (split the spec)", s.file,
                    total, max_points));
  const size_t nz = s.zip.empty() ? 1 : s.zip[0].values.size();
  size_t stride = nz;
  for (size_t i = s.sweep.size(); i-- > 0;) {
    options_.insert(options_.begin(), s.sweep[i].option);
    values_.insert(values_.begin(), &s.sweep[i].values);
    stride_.insert(stride_.begin(), stride);
    radix_.insert(radix_.begin(), s.sweep[i].values.size());
    stride *= s.sweep[i].values.size();
  }
  for (const auto& a : s.zip) {  // the zip axes share one digit, the innermost
    options_.push_back(a.option);
    values_.push_back(&a.values);
    stride_.push_back(1);
    radix_.push_back(nz);
  }
  size_ = stride;
}

Point Points::at(size_t k) const {
  Point p;
  for (size_t j = 0; j < options_.size(); ++j) p.emplace_back(options_[j], value(k, j));
  return p;
}

size_t Points::slot(const std::string& option) const {
  return static_cast<size_t>(std::find(options_.begin(), options_.end(), option) - options_.begin());
}

size_t Plan::base(const Task& t) const {
  size_t b = t.first;
  for (size_t j = 0; j < t.ranges.size(); ++j) b -= t.ranges[j].first * points.stride(batched_slot[j]);
  return b;
}

Task Plan::task(size_t i) const {
  if (!batched.empty()) return blocks[i];
  Task t;
  t.first = i;
  t.cost = point_costs.empty() ? 1.0 : point_costs[i];
  return t;
}

double Plan::cost(size_t i) const {
  if (!batched.empty()) return blocks[i].cost;
  return point_costs.empty() ? 1.0 : point_costs[i];
}

std::uint64_t Plan::digest() const {
  std::uint64_t h = kFnvOffset;
  if (batched.empty() && point_costs.empty()) return fnv1a(fmt::format("{} points", points.size()), h);
  for (size_t i = 0; i < task_count(); ++i) {
    const Task t = task(i);
    h = fnv1a(fmt::format("{}+{}:{};", t.first, t.count, std::llround(t.cost * 1e6)), h);
  }
  return h;
}

// ---- the command ------------------------------------------------------------------------------

namespace {

/// A flag is set by true or false and an option with a value by a value: `--set d=true` of an option
/// that takes a value would put `--d` alone on the command line (and then take the next option as
/// its value), `exact = 4` of a flag a stray 4. Named where it is set: "--set d" or FILE:LINE.
void check_flags(const Spec& s, const Command& cmd) {
  const auto fail = [&](const std::string& opt, long line, const std::string& why) {
    if (s.is_set(opt)) throw UsageError(fmt::format("--set {}: {}", opt, why));
    throw UsageError(fmt::format("{}:{}: [fixed] {}: {}", s.file, line, opt, why));
  };
  for (const auto& [opt, line] : s.booleans)
    if (cmd.app->get_option("--" + opt)->get_expected_max() != 0)
      fail(opt, line, fmt::format("--{} takes a value, not true/false", opt));
  for (const auto& [opt_name, v] : s.fixed) {
    const std::string& opt = opt_name;  // lambdas cannot capture a structured binding (C++17)
    const CLI::Option* o = cmd.app->get_option_no_throw("--" + opt);
    if (o == nullptr) continue;  // named by check_command
    const bool flag = o->get_expected_max() == 0;
    const bool boolean = std::any_of(s.booleans.begin(), s.booleans.end(),
                                     [&](const std::pair<std::string, long>& b) { return b.first == opt; });
    if (flag && !boolean)
      fail(opt, s.line_of(opt), fmt::format("--{} is a flag: set it to true or false, not \"{}\"", opt, v));
    if (!flag && !boolean && v.empty()) fail(opt, s.line_of(opt), fmt::format("--{} must not be empty", opt));
  }
}

}  // namespace

const Command& check_command(const Spec& s, const Invoker& inv) {
  const std::string path = join_words(s.command);
  const Command* cmd = inv.registry().find(path);
  if (cmd == nullptr || s.command[0] == "table" || s.command[0] == "tex")
    throw UsageError(
        fmt::format("{}:{}: command: \"{}\" is not an evaluate command (e.g. \"rank bound\"; "
                    "boundcheck --help lists them)",
                    s.file, s.command_line, path));
  auto check_opt = [&](const std::string& opt, long line, const char* sec,
                       const std::vector<std::string>& values) {
    const CLI::Option* o = cmd->app->get_option_no_throw("--" + opt);
    if (o == nullptr) {
      std::vector<std::string> known;
      for (const CLI::Option* k : cmd->app->get_options())
        for (const auto& l : k->get_lnames()) known.push_back("--" + l);
      const std::string what = fmt::format("\"{}\" has no option --{}{} (see boundcheck {} --help)", path,
                                           opt, suggestion("--" + opt, known), path);
      if (s.is_set(opt)) throw UsageError(fmt::format("--set {}: {}", opt, what));
      throw UsageError(fmt::format("{}:{}: [{}] {}: {}", s.file, line, sec, opt, what));
    }
    if (!reads_file(*o)) return;
    // a --set path obeys the spec's rule too: shard files and Python calls carry overrides
    const bool set = s.is_set(opt);
    for (const auto& v : values) try {
        out::check_input_path_from_file(v, set ? "--set " + opt : fmt::format("[{}] {}", sec, opt));
      } catch (const UsageError& e) {
        if (set) throw;
        throw UsageError(fmt::format("{}:{}: {}", s.file, line > 0 ? line : s.line_of(opt), e.what()));
      }
  };
  for (const auto& [opt, line] : s.booleans) check_opt(opt, line, "fixed", {});
  check_flags(s, *cmd);  // before a flag's "" is read as an empty path
  for (const auto& [opt, v] : s.fixed) check_opt(opt, s.line_of(opt), "fixed", {v});
  for (const auto& a : s.sweep) check_opt(a.option, a.line, "sweep", a.values);
  for (const auto& a : s.zip) check_opt(a.option, a.line, "zip", a.values);
  return *cmd;
}

std::vector<std::string> call_args(const Spec& s, const Point& p, long digits, const std::string& threads,
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

Point block_call(const Plan& plan, const Task& t) {
  Point p;
  const size_t first = t.first;
  for (size_t j = 0; j < plan.points.options().size(); ++j)
    if (std::find(plan.batched_slot.begin(), plan.batched_slot.end(), j) == plan.batched_slot.end())
      p.emplace_back(plan.points.options()[j], plan.points.value(first, j));
  for (size_t b = 0; b < plan.batched.size(); ++b) {
    const size_t slot = plan.batched_slot[b];
    std::string list;
    for (size_t v = t.ranges[b].first; v < t.ranges[b].second; ++v) {
      if (!list.empty()) list += ',';
      list += plan.points.value(first + (v - t.ranges[b].first) * plan.points.stride(slot), slot);
    }
    p.emplace_back(plan.batched[b], std::move(list));
  }
  return p;
}

namespace {

// ---- estimates --------------------------------------------------------------------------------

/// The command's estimate of every point of the box `t` (a whole group), in the box's spec order;
/// empty when it has none or the call does not parse (the run itself then reports the value).
std::vector<double> estimate_box(Invoker& inv, const Spec& s, const Command& cmd, const Plan& plan,
                                 const Task& t, long digits) {
  if (!cmd.estimate) return {};
  std::vector<double> costs;
  try {
    const Point call = t.block() ? block_call(plan, t) : plan.points.at(t.first);
    const Command& c = inv.parse(call_args(s, call, digits, "1", false));
    costs = c.estimate(inv.context());
  } catch (...) {  // any refusal: the run reports it, naming the point
    return {};
  }
  if (costs.size() != t.count) return {};
  if (!t.block()) return costs;
  // the command prints its rows in the Cartesian order of its own list options: reorder to spec order
  std::vector<size_t> order;  // the batched options in the command's order, as indices into plan.batched
  for (const auto& o : cmd.list_options)
    for (size_t b = 0; b < plan.batched.size(); ++b)
      if (plan.batched[b] == o) order.push_back(b);
  bool same = true;
  for (size_t i = 0; i < order.size(); ++i) same = same && order[i] == i;
  if (same || order.size() != plan.batched.size()) return costs;
  std::vector<size_t> size(plan.batched.size()), cmd_stride(plan.batched.size());
  for (size_t b = 0; b < size.size(); ++b) size[b] = t.ranges[b].second - t.ranges[b].first;
  size_t st = 1;
  for (size_t i = order.size(); i-- > 0;) cmd_stride[order[i]] = st, st *= size[order[i]];
  std::vector<double> out(costs.size());
  std::vector<size_t> digit(size.size(), 0);
  for (size_t k = 0; k < out.size(); ++k) {
    size_t ci = 0;
    for (size_t b = 0; b < size.size(); ++b) ci += digit[b] * cmd_stride[b];
    out[k] = costs[ci];
    for (size_t b = size.size(); b-- > 0;) {
      if (++digit[b] < size[b]) break;
      digit[b] = 0;
    }
  }
  return out;
}

/// The command's estimate of the call at one point (throws what the command's parser throws).
std::vector<double> cmd_estimate(Invoker& inv, const Spec& s, const Point& p, long digits) {
  const Command& c = inv.parse(call_args(s, p, digits, "1", false));
  return c.estimate(inv.context());
}

/// A group as one box: every value of every batched option.
Task group_box(const Plan& plan, size_t base) {
  Task g;
  g.first = base;
  for (size_t b = 0; b < plan.batched.size(); ++b) {
    g.ranges.emplace_back(0, plan.points.radix(plan.batched_slot[b]));
    g.count *= g.ranges.back().second;
  }
  return g;
}

/// The estimated costs of one group's points (spec order), asked of the command in slices: boxes
/// of at most kEstimateBox points cut along the outer batched options, consecutive in the group's
/// order. Only each slice's total and the last few slices' costs are kept, so the plan's memory
/// stays O(kEstimateBox) whatever the sweep's size (every point's cost of a 10^8-point sweep would
/// take 800 MB); a slice read again is estimated again (estimates are deterministic). With `unit`,
/// or when the command has no estimate for some slice (ok() false), every point costs 1.
constexpr size_t kEstimateBox = 65536;

class GroupCosts {
 public:
  GroupCosts(Invoker& inv, const Spec& s, const Command& cmd, const Plan& plan, size_t gbase, long digits,
             bool unit)
      : inv_(inv), s_(s), cmd_(cmd), plan_(plan), digits_(digits), unit_(unit || !cmd.estimate) {
    Task g = group_box(plan, gbase);
    if (unit_) {
      total_ = static_cast<double>(g.count);
      return;
    }
    start_.push_back(0);
    slices(gbase, std::move(g), 0);
    for (size_t k = 0; k < boxes_.size() && !unit_; ++k) {
      double t = 0;
      for (double c : slice(k)) t += c;
      totals_.push_back(t);
      total_ += t;
    }
    if (unit_) total_ = static_cast<double>(start_.back());
  }
  [[nodiscard]] bool ok() const { return !unit_; }
  [[nodiscard]] double total() const { return total_; }
  /// The summed cost of the group's points [from, from + n).
  double sum(size_t from, size_t n) {
    if (unit_) return static_cast<double>(n);
    const size_t end = from + n;
    size_t k = static_cast<size_t>(std::upper_bound(start_.begin(), start_.end(), from) - start_.begin()) - 1;
    double c = 0;
    for (; from < end; ++k) {
      const size_t lo = start_[k], hi = std::min(end, start_[k + 1]);
      if (from == lo && hi == start_[k + 1]) {
        c += totals_[k];
      } else {
        const std::vector<double>& v = slice(k);
        for (size_t i = from; i < hi; ++i) c += v[i - lo];
      }
      from = hi;
    }
    return c;
  }

 private:
  Invoker& inv_;
  const Spec& s_;
  const Command& cmd_;
  const Plan& plan_;
  long digits_;
  bool unit_;
  double total_ = 0;
  std::vector<Task> boxes_;    // the slices, in group order
  std::vector<size_t> start_;  // each slice's first position in the group, then the group's size
  std::vector<double> totals_;
  std::vector<std::pair<size_t, std::vector<double>>> cache_;  // the last slices read, newest first

  /// The slices of `box` (levels before `level` already narrowed), appended in group order.
  void slices(size_t gbase, Task box, size_t level) {
    if (box.count <= kEstimateBox || level == box.ranges.size()) {
      box.first = gbase;
      for (size_t j = 0; j < box.ranges.size(); ++j)
        box.first += box.ranges[j].first * plan_.points.stride(plan_.batched_slot[j]);
      start_.push_back(start_.back() + box.count);
      boxes_.push_back(std::move(box));
      return;
    }
    const auto [lo, hi] = box.ranges[level];
    const size_t inner = box.count / (hi - lo);
    const size_t step = std::max<size_t>(1, kEstimateBox / inner);
    for (size_t v = lo; v < hi; v += step) {
      Task sub = box;
      sub.ranges[level] = {v, std::min(hi, v + step)};
      sub.count = inner * (sub.ranges[level].second - v);
      slices(gbase, std::move(sub), level + 1);
    }
  }
  /// Slice k's costs (estimated now unless among the last few read); an empty slice: no estimate.
  const std::vector<double>& slice(size_t k) {
    for (auto& [id, c] : cache_)
      if (id == k) return c;
    if (cache_.size() == 4) cache_.pop_back();
    cache_.emplace(cache_.begin(), k, estimate_box(inv_, s_, cmd_, plan_, boxes_[k], digits_));
    if (cache_.front().second.empty()) unit_ = true;
    return cache_.front().second;
  }
};

// ---- a sample's price ---------------------------------------------------------------------------

/// The number of points of a spec, as a double (no limit applies).
double point_count(const Spec& s) {
  double total = s.zip.empty() ? 1.0 : static_cast<double>(s.zip[0].values.size());
  for (const auto& a : s.sweep) total *= static_cast<double>(a.values.size());
  return total;
}

// ---- the cut ----------------------------------------------------------------------------------

struct Cutter {
  const Plan& plan;
  GroupCosts& cost;  // the group's points, spec order
  double cap;
  std::vector<size_t> size;  // values of each batched option in the group
  std::vector<Task>& out;
  size_t gbase = 0;

  size_t inner(size_t j) const {
    size_t n = 1;
    for (size_t i = j + 1; i < size.size(); ++i) n *= size[i];
    return n;
  }
  double sum(size_t from, size_t n) const { return cost.sum(from, n); }
  /// The box prefix (levels < j fixed) + [a, b) at level j + full inner levels; offset = its first
  /// point's position in the group.
  void emit(std::vector<std::pair<size_t, size_t>> ranges, size_t j, size_t a, size_t b, size_t offset) {
    Task t;
    ranges.emplace_back(a, b);
    for (size_t i = j + 1; i < size.size(); ++i) ranges.emplace_back(0, size[i]);
    t.count = 1;
    t.first = gbase;
    for (size_t i = 0; i < ranges.size(); ++i) {
      t.count *= ranges[i].second - ranges[i].first;
      t.first += ranges[i].first * plan.points.stride(plan.batched_slot[i]);
    }
    t.cost = sum(offset, t.count);
    if (t.count > 1) t.ranges = std::move(ranges);
    out.push_back(std::move(t));
  }
  void cut(std::vector<std::pair<size_t, size_t>> prefix, size_t j, size_t offset) {
    const size_t in = inner(j);
    size_t a = 0;
    double acc = 0;
    for (size_t v = 0; v < size[j]; ++v) {
      const double cv = sum(offset + v * in, in);
      if (in > kBlock || cv > cap) {  // this value alone is too big: cut it finer
        if (v > a) emit(prefix, j, a, v, offset + a * in);
        if (j + 1 == size.size()) {
          emit(prefix, j, v, v + 1, offset + v * in);
        } else {
          auto p = prefix;
          p.emplace_back(v, v + 1);
          cut(std::move(p), j + 1, offset + v * in);
        }
        a = v + 1, acc = 0;
        continue;
      }
      if (v > a && ((v - a + 1) * in > kBlock || acc + cv > cap)) {
        emit(prefix, j, a, v, offset + a * in);
        a = v, acc = 0;
      }
      acc += cv;
    }
    if (size[j] > a) emit(prefix, j, a, size[j], offset + a * in);
  }
};

/// Every group's base index (the non-batched digits), in spec order.
std::vector<size_t> group_bases(const Plan& plan) {
  std::vector<size_t> free;  // slots not batched
  for (size_t j = 0; j < plan.points.options().size(); ++j)
    if (std::find(plan.batched_slot.begin(), plan.batched_slot.end(), j) == plan.batched_slot.end())
      free.push_back(j);
  // zip slots share one digit: count it once
  std::vector<size_t> axes;
  for (size_t j : free)
    if (std::none_of(axes.begin(), axes.end(),
                     [&](size_t a) { return plan.points.stride(a) == plan.points.stride(j); }))
      axes.push_back(j);
  std::vector<size_t> bases{0};
  for (size_t a : axes) {
    std::vector<size_t> next;
    for (size_t b : bases)
      for (size_t v = 0; v < plan.points.radix(a); ++v) next.push_back(b + v * plan.points.stride(a));
    bases = std::move(next);
  }
  std::sort(bases.begin(), bases.end());
  return bases;
}

}  // namespace

namespace {

/// The batched options of the spec (in spec order) and their slots.
void find_batched(const Spec& s, const Command& cmd, Plan& plan) {
  for (const auto& a : s.sweep)
    if (std::find(cmd.list_options.begin(), cmd.list_options.end(), a.option) != cmd.list_options.end()) {
      plan.batched.push_back(a.option);
      plan.batched_slot.push_back(plan.points.slot(a.option));
    }
}

void plan_points(const Spec& s, const Command& cmd, long digits, Plan& plan) {
  if (!cmd.estimate || plan.points.size() > kMaxEstimatedPoints) {
    plan.total_cost = static_cast<double>(plan.points.size());
    return;
  }
  Invoker inv;
  std::vector<float> costs;
  for (size_t k = 0; k < plan.points.size(); ++k) {
    Task t;
    t.first = k;
    const auto c = estimate_box(inv, s, cmd, plan, t, digits);
    if (c.empty()) {  // a point the command refuses: the run names it; no estimates then
      plan.total_cost = static_cast<double>(plan.points.size());
      return;
    }
    costs.push_back(static_cast<float>(c[0]));
    plan.total_cost += c[0];
  }
  plan.point_costs = std::move(costs);
  plan.estimated = true;
}

void plan_blocks(const Spec& s, const Command& cmd, long digits, Plan& plan) {
  const std::vector<size_t> bases = group_bases(plan);
  Invoker inv;
  bool estimated = cmd.estimate != nullptr;
  std::unique_ptr<GroupCosts> only;  // a sweep of one group estimates it once for both passes
  for (size_t i = 0; i < bases.size() && estimated; ++i) {
    auto g = std::make_unique<GroupCosts>(inv, s, cmd, plan, bases[i], digits, false);
    estimated = g->ok();
    plan.total_cost += g->total();
    if (bases.size() == 1) only = std::move(g);
  }
  double cap = 0;  // without estimates: one unit per point, one call per run of the innermost option
  if (!estimated) {
    only.reset();
    plan.total_cost = static_cast<double>(plan.points.size());
    cap = static_cast<double>(plan.points.radix(plan.batched_slot.back()));
  } else {
    cap = std::max(plan.total_cost / kTaskShare, kMinTaskSeconds);
  }
  plan.estimated = estimated;
  for (size_t i = 0; i < bases.size(); ++i) {
    std::unique_ptr<GroupCosts> g =
        only ? std::move(only)
             : std::make_unique<GroupCosts>(inv, s, cmd, plan, bases[i], digits, !estimated);
    Cutter c{plan, *g, cap, {}, plan.blocks, bases[i]};
    for (const auto& r : group_box(plan, bases[i]).ranges) c.size.push_back(r.second);
    c.cut({}, 0, 0);
  }
  std::sort(plan.blocks.begin(), plan.blocks.end(),
            [](const Task& x, const Task& y) { return x.first < y.first; });
}

}  // namespace

std::optional<SampledCost> sampled_cost(const Spec& s, const Command& cmd, long digits) {
  const double n = point_count(s);
  if (!cmd.estimate || n <= static_cast<double>(kSampledAbove) || n >= 0x1p62) return std::nullopt;
  const Points points(s, size_t{1} << 62);
  const auto size = static_cast<std::uint64_t>(points.size());
  Invoker inv;
  SampledCost c;
  c.points = n;
  std::uint64_t state = 0x9E3779B97F4A7C15ULL;  // a fixed seed: the same spec gets the same price
  for (size_t i = 0; i < kSampledPoints; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;  // Knuth's MMIX LCG
    const double u = static_cast<double>(state >> 11) * 0x1p-53;      // in [0, 1)
    const auto k = static_cast<size_t>(std::min<double>(
        static_cast<double>(size - 1), std::floor((static_cast<double>(i) + u) * static_cast<double>(size) /
                                                  static_cast<double>(kSampledPoints))));
    std::vector<double> one;
    try {
      one = cmd_estimate(inv, s, points.at(k), digits);
    } catch (...) {  // a value the command refuses: validate_spec names it
      return std::nullopt;
    }
    if (one.size() != 1) return std::nullopt;
    c.seconds += one[0];
    ++c.sampled;
  }
  c.seconds *= n / static_cast<double>(c.sampled);
  return c;
}

Plan make_plan(const Spec& s, const Command& cmd, long digits, bool for_shards) {
  Plan plan(Points(s, kMaxPoints));
  find_batched(s, cmd, plan);
  if (plan.batched.empty() && !for_shards)
    plan.total_cost = static_cast<double>(plan.points.size());
  else if (plan.batched.empty())
    plan_points(s, cmd, digits, plan);
  else
    plan_blocks(s, cmd, digits, plan);
  return plan;
}

}  // namespace bc::cli::table
