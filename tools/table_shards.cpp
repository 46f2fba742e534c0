// Cost: O(number of tasks) per shard.
#include "table_shards.hpp"

namespace bc::cli::table {

size_t shard_of_task(size_t task, size_t count) {
  const size_t round = task / count, pos = task % count;
  return (round % 2 == 0 ? pos : count - 1 - pos) + 1;
}

std::vector<size_t> shard_tasks(size_t n_tasks, size_t index, size_t count) {
  std::vector<size_t> out;
  for (size_t t = 0; t < n_tasks; ++t)
    if (shard_of_task(t, count) == index) out.push_back(t);
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
