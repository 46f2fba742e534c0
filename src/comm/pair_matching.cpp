// See pair_matching.hpp.
#include "comm/pair_matching.hpp"

#include "core/limits.hpp"

#include "core/errors.hpp"
#include "core/random.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace bc::comm {

__extension__ typedef unsigned __int128 u128;  // 64x64 -> 128-bit products (GCC/Clang)

namespace {

constexpr double two_pi = 6.283185307179586476925286766559;

// cos(2 pi r / M) for r = (a + b) mod M, reduced exactly in integers first.
double cos_sum(unsigned long a, unsigned long b, unsigned long M) {
  return pair_matching_cos(static_cast<unsigned long>((static_cast<u128>(a) + b) % M), M);
}

// log sum_j e^{alpha cos(2 pi (z_i + z_j)/M)} (scores shifted by their maximum), and whether some
// j matches i.
double row_lse(const std::vector<unsigned long>& z, size_t i, unsigned long M, double alpha, bool& match,
               std::vector<double>& s) {
  match = false;
  double mx = -INFINITY;
  for (size_t j = 0; j < z.size(); ++j) {
    const unsigned long r = static_cast<unsigned long>((static_cast<u128>(z[i]) + z[j]) % M);
    match = match || r == 0;
    s[j] = alpha * cos_sum(z[i], z[j], M);
    mx = std::max(mx, s[j]);
  }
  double sum = 0;
  for (size_t j = 0; j < z.size(); ++j) sum += pair_matching_exp(s[j] - mx);
  return mx + std::log(sum);
}

// Wrong outputs of one instance: a no-match output is right iff alpha c_0 > LSE_j(alpha cos_ij),
// a match output iff alpha c_0 <= LSE (always, for c_0 < 1). Counts into st.
void score_instance(PairMatchingStats& st, const std::vector<unsigned long>& z, unsigned long M, double alpha,
                    double c0) {
  std::vector<double> s(z.size());
  for (size_t i = 0; i < z.size(); ++i) {
    bool match = false;
    const double lse = row_lse(z, i, M, alpha, match, s);
    const bool predict_no_match = alpha * c0 > lse;  // o_i > 1/2
    ++st.outputs;
    if (match) ++st.positives;
    if (match && predict_no_match) ++st.errors, ++st.missed_match;
    if (!match && !predict_no_match) ++st.errors, ++st.false_match;
  }
}

void check_args(unsigned long N, unsigned long M, double theta) {
  if (N < 1) throw DomainError(fmt::format("pair matching: N must be >= 1, got {}", N));
  if (M < 2) throw DomainError(fmt::format("pair matching: M must be >= 2, got {}", M));
  if (!(theta > 0 && theta < 1))
    throw DomainError(fmt::format("pair matching: theta must lie in (0, 1), got {}", theta));
}

}  // namespace

double pair_matching_cos(unsigned long r, unsigned long M) {
  return std::cos(two_pi * static_cast<double>(r) / static_cast<double>(M));
}

double pair_matching_dummy_coef(unsigned long M, double theta) {
  const double c1 = std::cos(two_pi / static_cast<double>(M));
  return c1 + theta * (1 - c1);
}

double pair_matching_threshold(unsigned long N, unsigned long M, double theta) {
  check_args(N, M, theta);
  // 1 - cos x = 2 sin^2(x/2): no cancellation for large M
  const double s = std::sin(two_pi / static_cast<double>(M) / 2);
  return std::log(static_cast<double>(N)) / (theta * 2 * s * s);
}

std::vector<unsigned long> pair_matching_instance(unsigned long N, unsigned long M, std::uint64_t seed,
                                                  unsigned long t) {
  std::uint64_t state = seed ^ (0x5851F42D4C957F2DULL * (static_cast<std::uint64_t>(t) + 1));
  std::vector<unsigned long> z(N);
  for (auto& x : z) x = 1 + static_cast<unsigned long>((static_cast<u128>(splitmix64(state)) * M) >> 64);
  return z;
}

std::vector<char> pair_matching_truth(const std::vector<unsigned long>& z, unsigned long M) {
  std::vector<char> y(z.size(), 0);
  for (size_t i = 0; i < z.size(); ++i)
    for (size_t j = 0; j < z.size(); ++j)
      if ((static_cast<u128>(z[i]) + z[j]) % M == 0) y[i] = 1;
  return y;
}

std::vector<double> pair_matching_outputs(const std::vector<unsigned long>& z, unsigned long M, double alpha,
                                          double theta) {
  check_args(std::max<size_t>(z.size(), 1), M, theta);
  const double s0 = alpha * pair_matching_dummy_coef(M, theta);
  std::vector<double> o(z.size()), s(z.size());
  for (size_t i = 0; i < z.size(); ++i) {
    double mx = s0;
    for (size_t j = 0; j < z.size(); ++j) mx = std::max(mx, s[j] = alpha * cos_sum(z[i], z[j], M));
    double sum = std::exp(s0 - mx);
    for (size_t j = 0; j < z.size(); ++j) sum += pair_matching_exp(s[j] - mx);
    o[i] = std::exp(s0 - mx) / sum;
  }
  return o;
}

std::vector<double> pair_matching_margins(const std::vector<unsigned long>& z, unsigned long M, double alpha,
                                          double theta) {
  check_args(std::max<size_t>(z.size(), 1), M, theta);
  const double c0 = pair_matching_dummy_coef(M, theta);
  std::vector<double> m(z.size()), s(z.size());
  for (size_t i = 0; i < z.size(); ++i) {
    bool match = false;
    m[i] = alpha * c0 - row_lse(z, i, M, alpha, match, s);
  }
  return m;
}

PairMatchingStats pair_matching_run(unsigned long N, unsigned long M, double alpha, double theta,
                                    unsigned long trials, std::uint64_t seed, int threads) {
  check_args(N, M, theta);
  if (!(alpha > 0) || !std::isfinite(alpha))
    throw DomainError(fmt::format("pair matching: alpha must be positive and finite, got {}", alpha));
  const double c0 = pair_matching_dummy_coef(M, theta);
  std::vector<PairMatchingStats> slot(trials);
  const long nt = static_cast<long>(trials);
  limits::Run& run = limits::current();  // the trials read this thread's deadline and cancellation
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
#else
  (void)threads;
#endif
  for (long t = 0; t < nt; ++t) {
    const limits::RunScope scope(run);
    if (limits::expired()) continue;  // nothing may throw here: polled after the loop
    score_instance(slot[static_cast<size_t>(t)],
                   pair_matching_instance(N, M, seed, static_cast<unsigned long>(t)), M, alpha, c0);
  }
  limits::poll("comm pair-matching");
  PairMatchingStats st;
  st.trials = trials;
  for (const auto& s : slot) {
    st.outputs += s.outputs, st.positives += s.positives, st.errors += s.errors;
    st.false_match += s.false_match, st.missed_match += s.missed_match;
  }
  return st;
}

}  // namespace bc::comm
