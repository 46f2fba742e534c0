// Points and tasks of a sweep (see table_plan.hpp). Cost: O(points x swept options) for the points,
// O(points log groups) for the tasks.
#include "table_plan.hpp"

#include "core/errors.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace bc::cli::table {

std::string join_words(const std::vector<std::string>& w) { return fmt::format("{}", fmt::join(w, " ")); }

std::vector<Point> expand(const Spec& s, size_t max_points) {
  double total = s.zip.empty() ? 1.0 : static_cast<double>(s.zip[0].values.size());
  for (const auto& a : s.sweep) total *= static_cast<double>(a.values.size());
  if (total > static_cast<double>(max_points))
    throw ResourceError(
        fmt::format("{}: the sweep has {:.4g} points, more than the limit of {} (split it with --shard)",
                    s.file, total, max_points));
  std::vector<Point> pts;
  pts.reserve(static_cast<size_t>(total));
  std::vector<size_t> idx(s.sweep.size(), 0);
  const size_t nz = s.zip.empty() ? 1 : s.zip[0].values.size();
  for (;;) {
    for (size_t z = 0; z < nz; ++z) {
      Point p;
      for (size_t i = 0; i < s.sweep.size(); ++i)
        p.emplace_back(s.sweep[i].option, s.sweep[i].values[idx[i]]);
      for (const auto& a : s.zip) p.emplace_back(a.option, a.values[z]);
      pts.push_back(std::move(p));
    }
    size_t k = s.sweep.size();  // odometer: the last key varies fastest
    while (k > 0 && ++idx[k - 1] == s.sweep[k - 1].values.size()) idx[--k] = 0;
    if (k == 0) break;
  }
  return pts;
}

const Command& check_command(const Spec& s, const Invoker& inv) {
  const std::string path = join_words(s.command);
  const Command* cmd = inv.registry().find(path);
  if (cmd == nullptr || s.command[0] == "table")
    throw UsageError(
        fmt::format("{}:{}: command: \"{}\" is not an evaluate command (e.g. \"rank bound\"; "
                    "boundcheck --help lists them)",
                    s.file, s.command_line, path));
  auto check_opt = [&](const std::string& opt, long line, const char* sec) {
    if (cmd->app->get_option_no_throw("--" + opt) == nullptr)
      throw UsageError(fmt::format("{}:{}: [{}] {}: \"{}\" has no option --{} (see boundcheck {} --help)",
                                   s.file, line, sec, opt, path, opt, path));
  };
  for (const auto& [opt, v] : s.fixed) check_opt(opt, 0, "fixed");
  for (const auto& a : s.sweep) check_opt(a.option, a.line, "sweep");
  for (const auto& a : s.zip) check_opt(a.option, a.line, "zip");
  return *cmd;
}

namespace {

constexpr size_t kBlock = 4096;  // points per block: the call's fixed cost (~50 us) becomes noise

/// Points grouped by their values of the options that are not batched, groups in spec order;
/// each group is the full product of the batched axes.
std::vector<std::vector<size_t>> groups_of(const std::vector<Point>& pts, const std::vector<std::string>& B) {
  std::map<std::vector<std::string>, size_t> index;
  std::vector<std::vector<size_t>> groups;
  for (size_t k = 0; k < pts.size(); ++k) {
    std::vector<std::string> key;
    for (const auto& [opt, v] : pts[k])
      if (std::find(B.begin(), B.end(), opt) == B.end()) key.push_back(opt + "=" + v);
    auto [it, fresh] = index.try_emplace(key, groups.size());
    if (fresh) groups.emplace_back();
    groups[it->second].push_back(k);
  }
  return groups;
}

}  // namespace

std::vector<Task> make_tasks(const Spec& s, const Command& cmd, const std::vector<Point>& pts) {
  std::vector<std::string> B;  // [sweep] options the command takes as lists, in spec order
  for (const auto& a : s.sweep)
    if (std::find(cmd.list_options.begin(), cmd.list_options.end(), a.option) != cmd.list_options.end())
      B.push_back(a.option);
  std::vector<Task> tasks;
  if (B.empty()) {
    for (size_t k = 0; k < pts.size(); ++k) tasks.push_back({{k}, {}});
    return tasks;
  }
  // blocks: split each group's points (in spec order, B axes varying as in the sweep, the last
  // fastest) into runs of the innermost B axis at fixed values of the others, at most kBlock points
  // each. Small blocks are what lets shards balance (a block is the unit a shard takes: `rank bound`
  // costs seconds at d = 8, r = 1 and milliseconds at d = 256), and they cost one call each (~50 us)
  size_t last = 1;
  for (const auto& a : s.sweep)
    if (a.option == B.back()) last = a.values.size();
  for (const auto& g : groups_of(pts, B))
    for (size_t run = 0; run < g.size(); run += last)
      for (size_t b = run; b < std::min(g.size(), run + last); b += kBlock) {
        Task t;
        t.points.assign(g.begin() + static_cast<long>(b),
                        g.begin() + static_cast<long>(std::min({g.size(), run + last, b + kBlock})));
        t.batched = t.points.size() > 1 ? B : std::vector<std::string>{};
        tasks.push_back(std::move(t));
      }
  std::sort(tasks.begin(), tasks.end(),
            [](const Task& x, const Task& y) { return x.points[0] < y.points[0]; });
  return tasks;
}

}  // namespace bc::cli::table
