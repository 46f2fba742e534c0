// The limits of the independent checker, tools/check_certificate/limits.py, with the same names,
// values and estimates: given --certificate, a command refuses up front (ResourceError, exit 1,
// naming the limit) whatever the checker would refuse for size, so that every certificate
// boundcheck writes is one the checker checks. tests/certificates.py compares the two lists.
//
// A limit bounds the file (what parsing it costs) or the work its parameters imply beyond its own
// size; each estimate below is the checker's, computed the same way (the same operations in the
// same order on doubles, where the checker's are exact integers or the same libm calls).
#pragma once

#include <algorithm>
#include <cmath>

namespace bc::cli::certificate_limits {

// ---- every certificate
inline constexpr double max_file_bytes = 67108864;
inline constexpr double max_number_digits = 4000;
inline constexpr double max_json_containers = 4194304;  // arrays and objects in the whole file

// ---- comm neighborly
inline constexpr double neighborly_max_N = 100000;
inline constexpr double neighborly_max_k = 4096;
inline constexpr double neighborly_max_sign_entries = 10000000;
inline constexpr double neighborly_max_work = 200000000;
inline constexpr double neighborly_max_draws = 2000000;  // listed subsets x q, regenerated

// ---- comm pair-matching
inline constexpr double pair_matching_max_N = 1000000;
inline constexpr double pair_matching_max_M = 4611686018427387904.0;  // 2^62
inline constexpr double pair_matching_max_outputs = 4000000;
inline constexpr double pair_matching_max_pairs = 20000000;
inline constexpr double pair_matching_max_residues = 200000;

// ---- depth grid-rank
inline constexpr double grid_rank_max_side = 500;
inline constexpr double hadamard_max_d = 64;
inline constexpr double hadamard_max_lambda = 64;
inline constexpr double hadamard_max_omega_bits = 1000;
inline constexpr double hadamard_max_entry_bits = 65536;
inline constexpr double hadamard_max_null_work = 20000000;
inline constexpr double network_max_L = 8;
inline constexpr double network_max_dx = 64;
inline constexpr double network_max_H = 64;
inline constexpr double network_max_N = 8;
inline constexpr double network_max_templates = 4096;
inline constexpr double network_max_work = 100000000;

// ---- rank count
inline constexpr double rank_count_max_d = 12;
inline constexpr double rank_count_max_r = 1099511627776.0;  // 2^40
inline constexpr double rank_count_max_work = 50000000;

/// binom(n, k) in doubles (the checker's math.comb).
inline double binom(double n, double k) {
  if (k < 0 || k > n) return 0;
  k = std::min(k, n - k);
  double b = 1;
  for (double i = 1; i <= k; ++i) b = b * (n - k + i) / i;
  return std::round(b);
}

/// How far beyond the nearest distance the checker sums one output value's terms one by one
/// (those within e^-T of the largest, T = bits ln 2 + ln N); < 0: every distance.
inline double pair_matching_reach(double N, double M, double alpha, double bits = 72) {
  const double T = bits * std::log(2.0) + std::log(N);
  const double half_delta = alpha > 1e-300 ? T / (2 * alpha) : 2.0;
  if (half_delta >= 1) return -1;
  return std::ceil(M / M_PI * std::asin(std::sqrt(half_delta))) + 2;
}

/// Terms the checker sums: per instance, each distinct value with its window and a bound.
inline double pair_matching_pairs(double N, double M, double alpha, double instances) {
  const double D = std::min(N, M);
  const double reach = pair_matching_reach(N, M, alpha);
  const double window = reach < 0 ? D : std::min(D, 2 * reach + 2);
  return instances * D * (window + 1);
}

/// The exponentials of one evaluation, weighted by their precision (limits.pair_matching_residues).
inline double pair_matching_residues(double N, double M, double alpha, double instances) {
  const double count = std::min(std::floor(M / 2) + 1, pair_matching_pairs(N, M, alpha, instances));
  const double bits = alpha > 1 ? std::log2(alpha) : 0.0;
  return count * (1 + (bits / 256) * (bits / 256));
}

inline double neighborly_work(double N, double k, double witnesses) { return witnesses * N * k; }

/// Checking a Hadamard null space (limits.hadamard_null_work).
inline double hadamard_null_work(double n, double nullity, double entry_bits) {
  return (1 + nullity) * n * n * (1 + std::floor(entry_bits / 1024));
}

/// Multiplications mod p in the checker's network evaluation (limits.network_work).
inline double network_work(double L, double dx, double H, double N, double M) {
  const double point =
      L == 1 ? H * N
             : H * N * N * dx + (L - 2) * 2 * H * (N * dx * dx + N * N * dx) + H * (dx * dx + 2 * N * dx);
  return std::pow(M, N) * point + H * (2 * M * dx * dx + M * M * dx);
}

/// The most work one listed function of degree l causes the checker (limits.rank_count_work).
inline double rank_count_work(double d, double l) {
  return (std::floor(l / 2) + 2) * binom(l + d + 1, d - 1) * d;
}

}  // namespace bc::cli::certificate_limits

/// The arguments naming a limit in check_certificate_limit: its name as the checker prints it,
/// and its value.
#define BC_CERTIFICATE_LIMIT(name) #name, ::bc::cli::certificate_limits::name
