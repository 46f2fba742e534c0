// The character table of S_n by Murnaghan–Nakayama as multiplication by p_k on beta-sets
// (see characters.hpp). Cost ~ p(n)^2 x (addable strips): sub-second at n = 28.
#include "sym/characters.hpp"

#include "core/errors.hpp"
#include "core/limits.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <unordered_map>

namespace bc::sym {

namespace detail {

/// Beta-set of nu with `beads` beads: bit (nu_i + beads - i) for i = 1..beads.
std::uint64_t beta_mask(const Partition& nu, ulong beads) {
  std::uint64_t m = 0;
  for (ulong i = 0; i < beads; ++i) {
    const ulong part = i < nu.size() ? nu[i] : 0;
    m |= std::uint64_t{1} << (part + beads - 1 - i);
  }
  return m;
}

}  // namespace detail

namespace {

struct Level {
  std::vector<Partition> parts;
  std::vector<std::uint64_t> mask;
  std::unordered_map<std::uint64_t, std::uint32_t> index;
};

struct Step {  // one nonzero of T(m, k)
  std::uint32_t to;
  std::int32_t sign;
};

// T(m, k) in CSR form: rows = Par(m)
struct Transition {
  std::vector<std::uint32_t> start;
  std::vector<Step> steps;
};

Transition make_transition(const Level& from, const Level& to, ulong k, ulong top) {
  Transition t;
  t.start.reserve(from.parts.size() + 1);
  t.start.push_back(0);
  for (std::uint64_t m : from.mask) {
    for (std::uint64_t bits = m; bits; bits &= bits - 1) {
      const int b = std::countr_zero(bits);
      const ulong dest = static_cast<ulong>(b) + k;
      if (dest > top || (m >> dest) & 1) continue;
      const std::uint64_t nm = m ^ (std::uint64_t{1} << b) ^ (std::uint64_t{1} << dest);
      // beads strictly between b and dest
      const std::uint64_t between = m & ((std::uint64_t{1} << dest) - 1) & ~((std::uint64_t{2} << b) - 1);
      const auto it = to.index.find(nm);
      if (it == to.index.end()) throw std::logic_error("character_table: rim hook left Par(m+k)");
      t.steps.push_back({it->second, (std::popcount(between) % 2) ? -1 : 1});
    }
    t.start.push_back(static_cast<std::uint32_t>(t.steps.size()));
  }
  return t;
}

[[noreturn]] void overflow(ulong n) {
  throw ResourceError(fmt::format("character_table: int64 overflow at n = {} (values exceed 2^63)", n));
}

}  // namespace

double character_table_bytes(ulong n) {
  const double p = static_cast<double>(partition_count(std::min<ulong>(n, max_partition_index)));
  return p * p * 8.0;
}

CharacterTable character_table(ulong n, int threads) {
  if (n > max_character_n)
    throw DomainError(fmt::format("character_table: n must be <= {}, got {}", max_character_n, n));
  (void)threads;                                                   // used only by the OpenMP pragma
  const ulong beads = std::max<ulong>(n, 1), top = n + beads - 1;  // positions 0..top < 64
  std::vector<Level> lv(n + 1);
  for (ulong m = 0; m <= n; ++m) {
    lv[m].parts = partitions(m);
    lv[m].mask.reserve(lv[m].parts.size());
    for (size_t i = 0; i < lv[m].parts.size(); ++i) {
      lv[m].mask.push_back(detail::beta_mask(lv[m].parts[i], beads));
      lv[m].index.emplace(lv[m].mask.back(), static_cast<std::uint32_t>(i));
    }
  }
  // Columns kept at level m < n: mu |- m with mu_1 <= n - m (exactly the parents needed; the set
  // is closed under removing the largest part). slot[m][i] = position of mu_i among them or -1.
  std::vector<std::vector<std::int64_t>> slot(n + 1);
  std::vector<CharacterValues> store(n + 1);
  std::vector<std::vector<std::uint32_t>> kept(n + 1);
  for (ulong m = 0; m <= n; ++m) {
    slot[m].assign(lv[m].parts.size(), -1);
    for (size_t i = 0; i < lv[m].parts.size(); ++i) {
      const auto& mu = lv[m].parts[i];
      const ulong largest = mu.empty() ? 0 : mu[0];
      if (m == n || largest <= n - m) {
        slot[m][i] = static_cast<std::int64_t>(kept[m].size());
        kept[m].push_back(static_cast<std::uint32_t>(i));
      }
    }
    store[m].resize(kept[m].size() * lv[m].parts.size());  // zeros (calloc), sized once
  }
  store[0][0] = 1;  // p_() = s_()
  // transitions T(m, k) built on demand
  std::vector<std::vector<Transition>> trans(n + 1);
  for (ulong m = 0; m < n; ++m) trans[m].resize(n - m + 1);
  std::vector<std::vector<char>> built(n + 1, std::vector<char>(n + 1, 0));
  for (ulong m = 1; m <= n; ++m) {
    limits::poll("sym gram: the character table");
    const size_t pm = lv[m].parts.size();
    for (auto i : kept[m]) {
      const ulong k = lv[m].parts[i][0];
      if (!built[m - k][k]) {
        trans[m - k][k] = make_transition(lv[m - k], lv[m], k, top);
        built[m - k][k] = 1;
      }
    }
    const long nk = static_cast<long>(kept[m].size());
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 16) \
    num_threads(threads) if (static_cast <double>(nk) * static_cast <double>(pm) > 4e6)
#endif
    for (long s = 0; s < nk; ++s) {
      const auto& mu = lv[m].parts[kept[m][static_cast<size_t>(s)]];
      const ulong k = mu[0];
      const ulong pm0 = m - k;
      Partition rest(mu.begin() + 1, mu.end());
      const size_t pi = lv[pm0].index.at(detail::beta_mask(rest, beads));
      const std::int64_t* in = store[pm0].data() + static_cast<size_t>(slot[pm0][pi]) * lv[pm0].parts.size();
      std::int64_t* out = store[m].data() + static_cast<size_t>(s) * pm;
      const Transition& t = trans[pm0][k];
      const size_t rows = lv[pm0].parts.size();
      for (size_t r = 0; r < rows; ++r) {
        const std::int64_t v = in[r];
        if (v == 0) continue;
        for (std::uint32_t e = t.start[r]; e < t.start[r + 1]; ++e) {
          const Step st = t.steps[e];
          if (__builtin_add_overflow(out[st.to], st.sign > 0 ? v : -v, &out[st.to])) overflow(n);
        }
      }
    }
  }
  CharacterTable t;
  t.n = n;
  t.parts = std::move(lv[n].parts);
  t.col = std::move(store[n]);
  return t;
}

namespace {
// chi^nu(lambda) = sum over rim hooks R of size lambda_1 removable from nu of
// (-1)^{ht R} chi^{nu - R}(lambda minus lambda_1), on beta-sets with `beads` beads.
std::int64_t mn_remove(std::uint64_t mask, const Partition& lambda, size_t from) {
  if (from == lambda.size()) return 1;
  const ulong k = lambda[from];
  std::int64_t s = 0;
  for (std::uint64_t bits = mask; bits; bits &= bits - 1) {
    const int b = std::countr_zero(bits);
    if (static_cast<ulong>(b) < k) continue;
    const ulong dest = static_cast<ulong>(b) - k;
    if ((mask >> dest) & 1) continue;
    const std::uint64_t between = mask & ((std::uint64_t{1} << b) - 1) & ~((std::uint64_t{2} << dest) - 1);
    const std::uint64_t nm = mask ^ (std::uint64_t{1} << b) ^ (std::uint64_t{1} << dest);
    const std::int64_t v = mn_remove(nm, lambda, from + 1);
    s += (std::popcount(between) % 2) ? -v : v;
  }
  return s;
}
}  // namespace

std::int64_t character_value_recursive(const Partition& nu, const Partition& lambda) {
  const ulong n = weight(nu);
  if (weight(lambda) != n) throw DomainError("character_value_recursive: |nu| != |lambda|");
  if (n > max_character_n) throw DomainError("character_value_recursive: n too large");
  return mn_remove(detail::beta_mask(nu, std::max<ulong>(n, 1)), lambda, 0);
}

}  // namespace bc::sym
