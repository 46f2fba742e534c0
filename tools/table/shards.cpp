// Shard assignment and digests (see table/shards.hpp). Cost: O(T log T + T log N) for T tasks and
// N shards with estimates, O(T) without.
#include "table/shards.hpp"

#include "table/plan.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <queue>
#include <utility>

namespace bc::cli::table {

namespace {

size_t boustrophedon(size_t task, size_t count) {
  const size_t round = task / count, pos = task % count;
  return (round % 2 == 0 ? pos : count - 1 - pos) + 1;
}

}  // namespace

std::vector<std::uint32_t> assign_shards(const Plan& plan, size_t count) {
  const size_t n = plan.task_count();
  std::vector<std::uint32_t> owner(n);
  if (!plan.estimated) {
    for (size_t t = 0; t < n; ++t) owner[t] = static_cast<std::uint32_t>(boustrophedon(t, count));
    return owner;
  }
  std::vector<long long> cost(n);
  for (size_t t = 0; t < n; ++t) cost[t] = std::llround(plan.cost(t) * 1e6);  // microseconds: exact from here
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return cost[a] > cost[b]; });
  // the least loaded shard first; among equals the lowest index
  using Load = std::pair<long long, size_t>;
  std::priority_queue<Load, std::vector<Load>, std::greater<>> shards;
  for (size_t i = 1; i <= count; ++i) shards.emplace(0, i);
  for (size_t t : order) {
    auto [load, shard] = shards.top();
    shards.pop();
    owner[t] = static_cast<std::uint32_t>(shard);
    shards.emplace(load + cost[t], shard);
  }
  return owner;
}

std::vector<size_t> shard_tasks(const Plan& plan, size_t index, size_t count) {
  std::vector<size_t> out;
  if (!plan.estimated) {
    for (size_t t = 0; t < plan.task_count(); ++t)
      if (boustrophedon(t, count) == index) out.push_back(t);
    return out;
  }
  const auto owner = assign_shards(plan, count);
  for (size_t t = 0; t < owner.size(); ++t)
    if (owner[t] == index) out.push_back(t);
  return out;
}

std::uint64_t fnv1a(std::string_view text, std::uint64_t h) {
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

}  // namespace bc::cli::table
