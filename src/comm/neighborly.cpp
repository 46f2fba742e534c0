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

namespace {

// Subsets come in chunks, generated in order; a chunk's witnesses are found in parallel into fixed
// slots and tallied in order, so counts and the stopping point do not depend on threads (when
// stopping at the first failure, chunks start at one per thread and double, so that an early
// failure wastes little work).
class SubsetRun {
 public:
  SubsetRun(NeighborlyReport& rep, const SignVectors& v, bool stop_at_failure, bool keep_rows,
            bool keep_witnesses, int threads)
      : rep_(rep),
        v_(v),
        stop_(stop_at_failure),
        keep_rows_(keep_rows),
        keep_witnesses_(keep_witnesses),
        threads_(threads),
        chunk_(stop_at_failure ? static_cast<size_t>(std::max(threads, 1)) : 256) {}
  /// Queues S; false once the run has stopped at a failure.
  bool push(const std::vector<unsigned long>& S) {
    batch_.push_back(S);
    return batch_.size() < chunk_ || flush();
  }
  /// Finds and tallies the queued subsets' witnesses; false when it stopped at a failure.
  bool flush() {
    limits::poll("comm neighborly");  // between chunks: nothing may throw inside the parallel loop
    found_.assign(batch_.size(), Witness());
    const long nb = static_cast<long>(batch_.size());
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads_)
#endif
    for (long b = 0; b < nb; ++b)
      found_[static_cast<size_t>(b)] = find_witness(v_, batch_[static_cast<size_t>(b)]);
    for (size_t b = 0; b < batch_.size(); ++b)
      if (!tally(batch_[b], found_[b])) return false;
    batch_.clear();
    chunk_ = std::min<size_t>(2 * chunk_, 256);
    return true;
  }

 private:
  bool tally(const std::vector<unsigned long>& S, const Witness& w) {
    ++rep_.tried;
    switch (w.status) {
      case WitnessStatus::certified:
        ++rep_.certified;
        rep_.max_norm_sq = std::max(rep_.max_norm_sq, fmpq_get_d(w.norm_sq.x));
        break;
      case WitnessStatus::infeasible:
        ++rep_.infeasible;
        break;
      case WitnessStatus::norm_exceeds:
        ++rep_.norm_exceeds;
        break;
      case WitnessStatus::not_found:
        ++rep_.not_found;
        break;
    }
    if (keep_rows_) {
      rep_.rows.push_back({S, w.status, w.norm_sq, w.least, {}});
      if (keep_witnesses_ && w.status == WitnessStatus::certified) rep_.rows.back().w = w.w;
    }
    if (stop_ && w.status != WitnessStatus::certified) {
      rep_.stopped = true;
      return false;
    }
    return true;
  }

  NeighborlyReport& rep_;
  const SignVectors& v_;
  bool stop_, keep_rows_, keep_witnesses_;
  int threads_;
  size_t chunk_;
  std::vector<std::vector<unsigned long>> batch_;
  std::vector<Witness> found_;
};

// Every q-subset of 0..N-1 in lexicographic order.
void all_subsets(SubsetRun& run, unsigned long N, unsigned long q) {
  std::vector<unsigned long> S(q);
  for (unsigned long i = 0; i < q; ++i) S[i] = i;
  while (true) {
    if (!run.push(S)) return;
    long i = static_cast<long>(q) - 1;
    while (i >= 0 && S[static_cast<size_t>(i)] == N - q + static_cast<unsigned long>(i)) --i;
    if (i < 0) break;
    ++S[static_cast<size_t>(i)];
    for (size_t t = static_cast<size_t>(i) + 1; t < q; ++t) S[t] = S[t - 1] + 1;
  }
  run.flush();
}

// Uniform q-subsets (Floyd's algorithm), drawn with replacement from their own stream. Specified
// exactly, since a certificate's checker draws the same subsets (tools/check_certificate/
// neighborly.py, sampled_subsets; the certificate's subset_generator states it): splitmix64 started at
// seed XOR 0xD1B54A32D192ED03, one stream for every draw; for j = N-q .. N-1, t = floor(x (j+1) / 2^64)
// for the next output x (the high word of a 64x64-bit product), replaced by j when t is already drawn.
void sampled_subsets(SubsetRun& run, unsigned long N, unsigned long q, unsigned long samples,
                     std::uint64_t seed) {
  std::uint64_t state = seed ^ 0xD1B54A32D192ED03ULL;
  auto below = [&](unsigned long n) {
    return static_cast<unsigned long>((static_cast<u128>(splitmix64(state)) * n) >> 64);
  };
  std::vector<unsigned long> S;
  for (unsigned long s = 0; s < samples; ++s) {
    S.clear();
    for (unsigned long j = N - q; j < N; ++j) {
      unsigned long t = below(j + 1);
      if (std::find(S.begin(), S.end(), t) != S.end()) t = j;
      S.push_back(t);
    }
    std::sort(S.begin(), S.end());
    if (!run.push(S)) return;
  }
  run.flush();
}

}  // namespace

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
  SubsetRun run(rep, v, stop_at_failure, keep_rows, keep_witnesses, threads);
  if (rep.sampled)
    sampled_subsets(run, N, q, samples, seed);
  else
    all_subsets(run, N, q);
  return rep;
}

}  // namespace bc::comm
