// Partitions: enumeration (reverse lexicographic), p(n) by Euler's pentagonal recurrence,
// z_lambda. Cost: O(p(n) n) for the enumeration, O(n^1.5) for p(n).
#include "sym/partitions.hpp"

#include "core/errors.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace bc::sym {

std::uint64_t partition_count(ulong n) {
  if (n > max_partition_index)
    throw DomainError(fmt::format("partition_count: n must be <= {}, got {}", max_partition_index, n));
  // p(m) = sum_{k>=1} (-1)^{k+1} [p(m - k(3k-1)/2) + p(m - k(3k+1)/2)]
  std::vector<std::int64_t> p(n + 1, 0);
  p[0] = 1;
  for (ulong m = 1; m <= n; ++m) {
    std::int64_t s = 0;
    for (ulong k = 1;; ++k) {
      const ulong g1 = k * (3 * k - 1) / 2, g2 = k * (3 * k + 1) / 2;
      if (g1 > m) break;
      const std::int64_t sign = (k % 2) ? 1 : -1;
      s += sign * p[m - g1];
      if (g2 <= m) s += sign * p[m - g2];
    }
    p[m] = s;
  }
  return static_cast<std::uint64_t>(p[n]);
}

std::uint64_t partition_count_rows(ulong n, ulong rows) {
  if (n > max_partition_index)
    throw DomainError(fmt::format("partition_count_rows: n must be <= {}, got {}", max_partition_index, n));
  // partitions of n into parts of size <= rows (conjugation), coin-change recurrence
  const ulong r = std::min(rows, n);
  std::vector<std::uint64_t> q(n + 1, 0);
  q[0] = 1;
  for (ulong part = 1; part <= r; ++part)
    for (ulong m = part; m <= n; ++m) q[m] += q[m - part];
  return q[n];
}

std::vector<Partition> partitions(ulong n) {
  std::vector<Partition> out;
  if (n == 0) {
    out.emplace_back();
    return out;
  }
  // reverse lexicographic successor: find the rightmost part > 1, decrease it, redistribute
  Partition a{static_cast<std::uint32_t>(n)};
  for (;;) {
    out.push_back(a);
    ulong ones = 0;
    while (!a.empty() && a.back() == 1) a.pop_back(), ++ones;
    if (a.empty()) break;
    const std::uint32_t k = --a.back();
    ulong rest = ones + 1;
    while (rest > 0) {
      const std::uint32_t piece = static_cast<std::uint32_t>(std::min<ulong>(k, rest));
      a.push_back(piece);
      rest -= piece;
    }
  }
  return out;
}

ulong weight(const Partition& p) {
  ulong s = 0;
  for (auto v : p) s += v;
  return s;
}

std::string partition_str(const Partition& p) {
  if (p.empty()) return "0";
  std::string s;
  for (size_t i = 0; i < p.size(); ++i) s += (i ? "+" : "") + std::to_string(p[i]);
  return s;
}

Partition parse_partition(const std::string& opt, const std::string& text) {
  auto bad = [&](const char* why) {
    std::string shown = text.size() > 60 ? text.substr(0, 57) + "..." : text;
    return UsageError(
        fmt::format("{} must be a partition written as non-increasing positive parts joined by "
                    "'+' (e.g. 3+1+1){}, got \"{}\"",
                    opt, why, shown));
  };
  if (text.empty()) throw bad("");
  Partition p;
  std::uint64_t v = 0;
  bool digit = false;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '+') {
      if (!digit) throw bad("");
      if (v == 0) throw bad(" (parts are positive)");
      if (!p.empty() && v > p.back()) throw bad(" (parts must not increase)");
      p.push_back(static_cast<std::uint32_t>(v));
      v = 0;
      digit = false;
    } else if (text[i] >= '0' && text[i] <= '9') {
      v = v * 10 + static_cast<std::uint64_t>(text[i] - '0');
      if (v > 1000000) throw bad(" (part too large)");
      digit = true;
    } else {
      throw bad("");
    }
  }
  return p;
}

void part_product(fmpz_t res, const Partition& p) {
  fmpz_one(res);
  for (auto v : p) fmpz_mul_ui(res, res, v);
}

void multiplicity_factorials(fmpz_t res, const Partition& p) {
  fmpz_one(res);
  Fmpz f;
  for (size_t i = 0; i < p.size();) {
    size_t j = i;
    while (j < p.size() && p[j] == p[i]) ++j;
    fmpz_fac_ui(f.x, j - i);
    fmpz_mul(res, res, f.x);
    i = j;
  }
}

void z_lambda(fmpz_t res, const Partition& p) {
  Fmpz a;
  part_product(a.x, p);
  multiplicity_factorials(res, p);
  fmpz_mul(res, res, a.x);
}

}  // namespace bc::sym
