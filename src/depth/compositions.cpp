// Weak compositions (depth/compositions.hpp): a depth-first enumeration, first part outermost.
#include "depth/compositions.hpp"

namespace bc::depth {

namespace {

void extend(std::vector<std::vector<unsigned long>>& out, std::vector<unsigned long>& cur, size_t i,
            unsigned long left) {
  if (i + 1 == cur.size()) {
    cur[i] = left;
    out.push_back(cur);
    return;
  }
  for (unsigned long v = 0; v <= left; ++v) {
    cur[i] = v;
    extend(out, cur, i + 1, left - v);
  }
}

}  // namespace

std::vector<std::vector<unsigned long>> weak_compositions(unsigned long lambda, unsigned long parts) {
  std::vector<std::vector<unsigned long>> out;
  std::vector<unsigned long> cur(parts);
  if (parts > 0) extend(out, cur, 0, lambda);
  return out;
}

}  // namespace bc::depth
