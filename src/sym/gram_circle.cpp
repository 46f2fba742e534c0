// Circle Gram of raw power-sum products, one degree n (x_i iid uniform on the unit circle):
//   G(lambda, mu) = #{(f, g): f: parts(lambda) -> [N], g: parts(mu) -> [N], equal bin loads}
//                 = sum_{rho |- n, len(rho) <= N} M(rho) A_lambda(rho) A_mu(rho)
// with A_lambda(rho) = [x^rho] P_lambda (E[x^a conj x^b] = delta_ab on the circle) and M(rho) the
// number of arrangements of rho padded to N entries. A_lambda = P_{lambda_1} applied to
// A_{lambda minus lambda_1} in the monomial basis: from the sorted load vector rho, add k to one of
// the bins holding x (weight: how many of the N bins hold x, zeros included).
// docs/math/sym.md#uniform-points-on-the-circle. Cost: p(n)^2/2 x r fmpz multiply-adds for G, r = #{rho :
// len(rho) <= N}; the transition is O(p(n) r n) fmpz operations.
#include "core/errors.hpp"
#include "sym/gram.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace bc::sym {

namespace detail {
bool norm_greater(const fmpz_t g1, const fmpz_t ab1, const fmpz_t g2, const fmpz_t ab2);
}

double gram_cost_circle(ulong n, ulong N) {
  const double p = static_cast<double>(partition_count(n));
  const double r = static_cast<double>(partition_count_rows(n, N));
  return p * p / 2 * r + p * r * static_cast<double>(n);
}

void arrangements(fmpz_t res, const Partition& rho, ulong N) {
  // N (N-1) ... (N - len + 1) / prod_{x > 0} m_x!
  fmpz_one(res);
  for (ulong i = 0; i < rho.size(); ++i) fmpz_mul_ui(res, res, N - i);
  Fmpz f;
  multiplicity_factorials(f.x, rho);
  fmpz_divexact(res, res, f.x);
}

std::vector<std::vector<Fmpz>> power_to_monomial(ulong n, ulong N, std::vector<Partition>& rhos) {
  // states at every level m <= n: partitions of m with <= N parts
  std::vector<std::map<Partition, size_t>> index(n + 1);
  std::vector<std::vector<Partition>> states(n + 1);
  for (ulong m = 0; m <= n; ++m)
    for (auto& r : partitions(m))
      if (r.size() <= N) {
        index[m].emplace(r, states[m].size());
        states[m].push_back(r);
      }
  // memo: A for each partition mu (as a vector over states[|mu|])
  std::map<Partition, std::vector<Fmpz>> memo;
  memo[Partition{}] = std::vector<Fmpz>(1, Fmpz(1));
  auto get = [&](auto&& self, const Partition& mu) -> const std::vector<Fmpz>& {
    auto it = memo.find(mu);
    if (it != memo.end()) return it->second;
    const ulong k = mu[0], m = weight(mu);
    const Partition rest(mu.begin() + 1, mu.end());
    const std::vector<Fmpz> in = self(self, rest);
    std::vector<Fmpz> out(states[m].size());
    const auto& from = states[m - k];
    for (size_t s = 0; s < from.size(); ++s) {
      if (fmpz_is_zero(in[s].x)) continue;
      const Partition& rho = from[s];
      // distinct loads x present among the N bins: the parts of rho, and 0 if len < N
      for (size_t i = 0; i <= rho.size(); ++i) {
        const std::uint32_t x = i < rho.size() ? rho[i] : 0;
        if (i < rho.size() && i > 0 && rho[i - 1] == x) continue;  // first occurrence only
        if (i == rho.size() && rho.size() >= N) break;
        ulong mult = 0;
        if (x == 0) {
          mult = N - rho.size();
        } else {
          for (auto v : rho) mult += v == x;
        }
        Partition nr = rho;
        if (x == 0)
          nr.push_back(static_cast<std::uint32_t>(k));
        else
          nr[i] = x + static_cast<std::uint32_t>(k);
        std::sort(nr.begin(), nr.end(), std::greater<>());
        fmpz_addmul_ui(out[index[m].at(nr)].x, in[s].x, mult);
      }
    }
    return memo.emplace(mu, std::move(out)).first->second;
  };
  rhos = states[n];
  std::vector<std::vector<Fmpz>> A;
  for (const auto& lam : partitions(n)) {
    const auto& F = get(get, lam);
    // F counts maps f with sorted load rho: F = M(rho) A(rho)
    std::vector<Fmpz> row(F.size());
    Fmpz M;
    for (size_t s = 0; s < F.size(); ++s) {
      arrangements(M.x, rhos[s], N);
      fmpz_divexact(row[s].x, F[s].x, M.x);
    }
    A.push_back(std::move(row));
  }
  return A;
}

GramDegree gram_circle(ulong n, ulong N, bool keep_matrix, int threads) {
  if (N < 1) throw DomainError("gram_circle: requires N >= 1, got 0");
  GramDegree g;
  g.n = n;
  g.parts = partitions(n);
  std::vector<Partition> rhos;
  const auto A = power_to_monomial(n, N, rhos);
  const size_t p = g.parts.size(), r = rhos.size();
  g.rank = r;
  std::vector<Fmpz> M(r), z(p), a(p);
  for (size_t s = 0; s < r; ++s) arrangements(M[s].x, rhos[s], N);
  // MA[l][s] = M(rho_s) A_l(rho_s)
  std::vector<std::vector<Fmpz>> MA(p, std::vector<Fmpz>(r));
  for (size_t l = 0; l < p; ++l) {
    z_lambda(z[l].x, g.parts[l]);
    part_product(a[l].x, g.parts[l]);
    for (size_t s = 0; s < r; ++s) fmpz_mul(MA[l][s].x, M[s].x, A[l][s].x);
  }
  std::vector<Fmpz> G(p * p);
  const long np = static_cast<long>(p);
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 4) num_threads(threads)
#endif
  for (long ii = 0; ii < np; ++ii) {
    const size_t i = static_cast<size_t>(ii);
    for (size_t j = i; j < p; ++j) {
      Fmpz s;
      for (size_t k = 0; k < r; ++k) fmpz_addmul(s.x, MA[i][k].x, A[j][k].x);
      fmpz_set(G[i * p + j].x, s.x);
      fmpz_set(G[j * p + i].x, s.x);
    }
  }
  bool any = false;
  fmpz_one(g.norm_ab.x);
  Fmpz v, ab;
  for (size_t i = 0; i < p; ++i) {
    const fmpz* d = G[i * p + i].x;
    if (i == 0 || fmpz_cmp(d, g.min_diag.x) < 0) fmpz_set(g.min_diag.x, d);
    if (!fmpz_equal(d, z[i].x)) g.diag_is_z = false;
    for (size_t j = i + 1; j < p; ++j) {
      fmpz_abs(v.x, G[i * p + j].x);
      if (fmpz_is_zero(v.x)) continue;
      g.diagonal = false;
      fmpz_mul(ab.x, a[i].x, a[j].x);
      if (!any || fmpz_cmp(v.x, g.max_offdiag.x) > 0) g.max_offdiag = v, g.max_i = i, g.max_j = j;
      if (!any || detail::norm_greater(v.x, ab.x, g.norm_G.x, g.norm_ab.x))
        g.norm_G = v, g.norm_ab = ab, g.norm_i = i, g.norm_j = j;
      any = true;
    }
  }
  if (keep_matrix) g.matrix = std::move(G);
  return g;
}

void gram_circle_brute(fmpz_t res, const Partition& lambda, const Partition& mu, ulong N) {
  // enumerate f and g as base-N counters; compare load vectors
  auto loads = [&](const Partition& parts, std::vector<ulong>& idx) {
    std::vector<ulong> l(N, 0);
    for (size_t j = 0; j < parts.size(); ++j) l[idx[j]] += parts[j];
    return l;
  };
  auto next = [&](std::vector<ulong>& idx) {
    for (auto& v : idx) {
      if (++v < N) return true;
      v = 0;
    }
    return false;
  };
  std::map<std::vector<ulong>, ulong> count;
  std::vector<ulong> f(lambda.size(), 0), h(mu.size(), 0);
  do ++count[loads(lambda, f)];
  while (next(f));
  fmpz_zero(res);
  do {
    auto it = count.find(loads(mu, h));
    if (it != count.end()) fmpz_add_ui(res, res, it->second);
  } while (next(h));
}

}  // namespace bc::sym
