// The neighborly driver (neighborly.hpp): sign vectors from the seed, the subsets (all, or a
// seeded sample), and the per-subset pipeline least-norm -> LP -> active set -> exact check.
// Cost: C(N,q) (or --samples) times the per-subset cost of neighborly.hpp.
#include "comm/neighborly.hpp"

#include "comm/glpk.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/random.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace bc::comm {

__extension__ typedef unsigned __int128 u128;  // 64x64 -> 128-bit products (GCC/Clang)

SignVectors draw_sign_vectors(unsigned long N, unsigned long k, std::uint64_t seed) {
  SignVectors s;
  s.N = N;
  s.k = k;
  s.v.resize(N * k);
  std::uint64_t state = seed ^ (static_cast<std::uint64_t>(k) * 0x9E3779B97F4A7C15ULL);
  for (auto& x : s.v) x = (splitmix64(state) >> 63) ? 1 : -1;
  return s;
}

const char* witness_status_name(WitnessStatus s) {
  switch (s) {
    case WitnessStatus::certified:
      return "certified";
    case WitnessStatus::infeasible:
      return "infeasible";
    case WitnessStatus::norm_exceeds:
      return "norm_exceeds";
    case WitnessStatus::not_found:
      return "not_found";
  }
  return "?";
}

Witness find_witness(const SignVectors& v, const std::vector<unsigned long>& S) {
  Witness out;
  if (S.empty() || !std::is_sorted(S.begin(), S.end()) || std::adjacent_find(S.begin(), S.end()) != S.end() ||
      S.back() >= v.N)
    throw DomainError("find_witness: S must be a nonempty sorted set of distinct indices < N");
  std::vector<Fmpq> w;
  Fmpq norm;
  // 1. least-norm solution of the equalities: if it meets the inequalities it is the optimum
  if (detail::least_norm_equalities(w, v, S)) {
    out.how = "least-norm equalities";
    if (certify_witness(w, v, S, norm)) {
      out.status = WitnessStatus::certified;
      out.least = true;
      out.w = std::move(w);
      out.norm_sq = norm;
      return out;
    }
    if (linear_conditions_hold(w, v, S)) {  // feasible least-norm point, norm above 2 sqrt q
      out.status = WitnessStatus::norm_exceeds;
      out.least = true;
      out.norm_sq = norm;
      out.w = std::move(w);
      return out;
    }
  }
  // 2. a feasible vertex from the LP, exactly
  switch (detail::lp_feasible_point(w, v, S)) {
    case detail::LpStatus::infeasible:
      out.status = WitnessStatus::infeasible;
      out.how = "LP infeasible (GLPK rational simplex)";
      return out;
    case detail::LpStatus::failed:
      out.status = WitnessStatus::not_found;
      out.how = "LP failed";
      return out;
    case detail::LpStatus::feasible:
      break;
  }
  // 3. least norm from there (exact active set)
  out.least = detail::least_norm_active_set(w, v, S);
  out.how = out.least ? "LP + active set (least norm)" : "LP + active set (iteration cap)";
  // 4. the exact check decides
  const bool ok = certify_witness(w, v, S, norm);
  out.norm_sq = norm;
  out.w = std::move(w);
  if (ok)
    out.status = WitnessStatus::certified;
  else if (out.least && linear_conditions_hold(out.w, v, S))  // least norm of a feasible point: > 4q
    out.status = WitnessStatus::norm_exceeds;
  else
    out.status = WitnessStatus::not_found;
  return out;
}

double neighborly_subset_cost(unsigned long N, unsigned long k) {
  const double rows = static_cast<double>(N) + 2.0 * static_cast<double>(k);
  return rows * rows * (static_cast<double>(k) + 1.0) +
         50.0 * static_cast<double>(N) * static_cast<double>(k);
}

NeighborlyReport neighborly_check(unsigned long N, unsigned long q, unsigned long k, std::uint64_t seed,
                                  unsigned long samples, bool stop_at_failure, bool keep_rows, int threads,
                                  bool keep_witnesses) {
  keep_rows = keep_rows || keep_witnesses;
  if (N < 1 || q < 1 || q > N)
    throw DomainError(fmt::format("neighborly: need 1 <= q <= N, got q = {}, N = {}", q, N));
  if (k < q) throw DomainError(fmt::format("neighborly: need k >= q, got k = {}, q = {}", k, q));
  NeighborlyReport rep;
  rep.N = N, rep.q = q, rep.k = k;
  fmpz_bin_uiui(rep.subsets.x, N, q);
  rep.sampled = samples > 0;
  const SignVectors v = draw_sign_vectors(N, k, seed);
  (void)detail::glpk();  // loaded (or refused) here: nothing may throw inside the parallel loop
  // Subsets come in chunks, generated in order; a chunk's witnesses are found in parallel into
  // fixed slots and tallied in order, so counts and the stopping point do not depend on threads.
  // (when stopping at the first failure, chunks start at one per thread and double, so that an
  // early failure wastes little work)
  size_t chunk = stop_at_failure ? static_cast<size_t>(std::max(threads, 1)) : 256;
  std::vector<std::vector<unsigned long>> batch;
  std::vector<Witness> found;
  auto flush = [&]() {
    limits::poll("comm neighborly");  // between chunks: nothing may throw inside the parallel loop
    found.assign(batch.size(), Witness());
    const long nb = static_cast<long>(batch.size());
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
#else
    (void)threads;
#endif
    for (long b = 0; b < nb; ++b)
      found[static_cast<size_t>(b)] = find_witness(v, batch[static_cast<size_t>(b)]);
    for (size_t b = 0; b < batch.size(); ++b) {
      const Witness& w = found[b];
      ++rep.tried;
      switch (w.status) {
        case WitnessStatus::certified:
          ++rep.certified;
          rep.max_norm_sq = std::max(rep.max_norm_sq, fmpq_get_d(w.norm_sq.x));
          break;
        case WitnessStatus::infeasible:
          ++rep.infeasible;
          break;
        case WitnessStatus::norm_exceeds:
          ++rep.norm_exceeds;
          break;
        case WitnessStatus::not_found:
          ++rep.not_found;
          break;
      }
      if (keep_rows) {
        rep.rows.push_back({batch[b], w.status, w.norm_sq, w.least, {}});
        if (keep_witnesses && w.status == WitnessStatus::certified) rep.rows.back().w = w.w;
      }
      if (stop_at_failure && w.status != WitnessStatus::certified) {
        rep.stopped = true;
        return false;
      }
    }
    batch.clear();
    chunk = std::min<size_t>(2 * chunk, 256);
    return true;
  };
  auto push = [&](const std::vector<unsigned long>& S) {
    batch.push_back(S);
    return batch.size() < chunk || flush();
  };
  std::vector<unsigned long> S(q);
  if (!rep.sampled) {
    for (unsigned long i = 0; i < q; ++i) S[i] = i;
    while (true) {  // lexicographic order
      if (!push(S)) return rep;
      long i = static_cast<long>(q) - 1;
      while (i >= 0 && S[static_cast<size_t>(i)] == N - q + static_cast<unsigned long>(i)) --i;
      if (i < 0) break;
      ++S[static_cast<size_t>(i)];
      for (size_t t = static_cast<size_t>(i) + 1; t < q; ++t) S[t] = S[t - 1] + 1;
    }
    flush();
    return rep;
  }
  // uniform q-subsets (Floyd's algorithm), drawn with replacement from their own stream
  std::uint64_t state = seed ^ 0xD1B54A32D192ED03ULL;
  auto below = [&](unsigned long n) {
    return static_cast<unsigned long>((static_cast<u128>(splitmix64(state)) * n) >> 64);
  };
  for (unsigned long s = 0; s < samples; ++s) {
    S.clear();
    for (unsigned long j = N - q; j < N; ++j) {
      unsigned long t = below(j + 1);
      if (std::find(S.begin(), S.end(), t) != S.end()) t = j;
      S.push_back(t);
    }
    std::sort(S.begin(), S.end());
    if (!push(S)) return rep;
  }
  flush();
  return rep;
}

}  // namespace bc::comm
