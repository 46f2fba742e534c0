// verify/ methods for the comm family (talk-H, Sanford-Hsu-Telgarsky 2023; MATH.md §6).
#include "comm/models.hpp"
#include "comm/neighborly.hpp"
#include "comm/pair_matching.hpp"
#include "comm/sizes.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "verify/catalogue.hpp"

#include <fmt/format.h>

#include <cmath>

namespace bc::verify {

namespace {

template <class T>
T param(const Claim& c, const char* key) {
  return claim_param<T>(c, key);
}

const comm::ModelSizes& model_row(const std::vector<comm::ModelSizes>& rows, const std::string& name) {
  for (const auto& m : rows)
    if (m.model == name) return m;
  throw DomainError("unknown model " + name);
}

// Triple Matching: can c p H m >= N hold for the model's printed H, m, N (K = 1024)?
Outcome triple_capacity(const Claim& c) {
  const auto rows = comm::talkh_models(1024);
  const auto& m = model_row(rows, param<std::string>(c, "model"));
  const ulong p = param<ulong>(c, "p");
  if (!m.N.value || !m.H.value || !m.m.value)
    return {"-", Verdict::undecided, "the table gives no H or m for " + m.model};
  Fmpz H, mm;
  fmpz_set_ui(H.x, *m.H.value);
  fmpz_set_ui(mm.x, *m.m.value);
  Fmpq one(1, 1);
  auto nmax = comm::triple_matching_n_max(p, H.x, mm.x, one.x);
  const bool holds = fmpz_cmp_ui(nmax.x, *m.N.value) >= 0;
  return {fmt::format("p H m = {} x {} x {} = {} {} N = {} (largest N allowed: {})", p, *m.H.value,
                      *m.m.value, nmax.str(), holds ? ">=" : "<", *m.N.value, nmax.str()),
          holds ? Verdict::holds : Verdict::fails, "p H m < N"};
}

// qSA: the largest q with d + q log2 N <= m at the model's N, m (c = 1), two ways: the library's
// ball floor, and the exact integer comparison 2^(m-d) >= N^q (and < N^(q+1)).
Outcome qsa_q_max(const Claim& c) {
  const auto rows = comm::talkh_models(1024);
  const auto& m = model_row(rows, param<std::string>(c, "model"));
  const ulong d = param<ulong>(c, "d");
  const long expect = param<long>(c, "q_max");
  if (!m.N.value || !m.m.value) return {"-", Verdict::undecided, "the table gives no m for " + m.model};
  const ulong N = *m.N.value, mm = *m.m.value;
  Fmpz fm;
  fmpz_set_ui(fm.x, mm);
  Fmpq one(1, 1);
  const long q = fmpz_get_si(comm::qsa_q_max(fm.x, N, d, one.x).x);
  // independent: 2^(m-d) >= N^q and 2^(m-d) < N^(q+1)
  bool exact_ok = false;
  if (q >= 0 && mm >= d) {
    Fmpz two_pow, n_q, n_q1, base;
    fmpz_set_ui(base.x, N);
    fmpz_one(two_pow.x);
    fmpz_mul_2exp(two_pow.x, two_pow.x, mm - d);
    fmpz_pow_ui(n_q.x, base.x, static_cast<ulong>(q));
    fmpz_mul(n_q1.x, n_q.x, base.x);
    exact_ok = fmpz_cmp(two_pow.x, n_q.x) >= 0 && fmpz_cmp(two_pow.x, n_q1.x) < 0;
  }
  const bool ok = q == expect && exact_ok;
  return {fmt::format("m = {}, N = {}, d = {}: largest q with d + q log2 N <= m is {} (2^(m-d) vs N^q: {})",
                      mm, N, d, q, exact_ok ? "agrees" : "disagrees"),
          ok ? Verdict::holds : Verdict::fails, fmt::format("expected q_max = {}", expect)};
}

// Every q-subset of a seeded draw has a witness, certified in exact rationals.
Outcome neighborly_all(const Claim& c) {
  const ulong N = param<ulong>(c, "N"), q = param<ulong>(c, "q"), k = param<ulong>(c, "k");
  const std::uint64_t seed = param<std::uint64_t>(c, "seed");
  // refused up front like `comm neighborly` (the sign vectors alone are N x k); C(N, q) in
  // floating point, as N and q may be any 62-bit values here (q > N is refused below)
  const double n = static_cast<double>(N), m = static_cast<double>(q);
  const double subsets =
      q > N ? 0 : std::exp(std::lgamma(n + 1) - std::lgamma(m + 1) - std::lgamma(n - m + 1));
  limits::check_work("comm.neighborly_all: work", subsets * comm::neighborly_subset_cost(N, k), 2e10,
                     "operations", "C(N, q) subsets x LP and exact active set; lower N, q or k");
  auto rep = comm::neighborly_check(N, q, k, seed, 0, false, false);
  const bool ok = rep.certified == rep.tried && fmpz_cmp_ui(rep.subsets.x, rep.tried) == 0;
  return {
      fmt::format("N = {}, q = {}, k = {} (q log2 N = {:.2f}), seed {}: {} of {} subsets certified exactly "
                  "(largest ||w_S||^2 = {:.4g} <= 4q = {})",
                  N, q, k, q * std::log2(static_cast<double>(N)), seed, rep.certified, rep.subsets.str(),
                  rep.max_norm_sq, 4 * q),
      ok ? Verdict::holds : Verdict::fails,
      fmt::format("{} infeasible, {} norm above 2 sqrt q, {} not found", rep.infeasible, rep.norm_exceeds,
                  rep.not_found)};
}

// Refused up front like `comm pair-matching`: trials x N^2 score evaluations per alpha tried.
void check_pair_matching_work(const char* method, const std::vector<std::vector<ulong>>& cases, ulong trials,
                              double steps) {
  double work = 0;
  for (const auto& nm : cases)
    work += steps * static_cast<double>(trials) * std::pow(static_cast<double>(nm.at(0)), 2);
  limits::check_work(fmt::format("{}: work", method), work, 2e10, "score evaluations",
                     "trials x N^2 per case; lower trials or N");
}

// alpha = c M^2 ln N: zero errors on the stated instances, and alpha above the sufficient alpha*.
Outcome pair_matching_zero_errors(const Claim& c) {
  auto cases = param<std::vector<std::vector<ulong>>>(c, "cases");  // [N, M]
  const double cc = param<double>(c, "c");
  const ulong trials = param<ulong>(c, "trials");
  const std::uint64_t seed = param<std::uint64_t>(c, "seed");
  check_pair_matching_work("comm.pair_matching_zero_errors", cases, trials, 1.0);
  std::vector<std::string> parts;
  for (const auto& nm : cases) {
    const ulong N = nm.at(0), M = nm.at(1);
    const double alpha =
        cc * static_cast<double>(M) * static_cast<double>(M) * std::log(static_cast<double>(N));
    const double thr = comm::pair_matching_threshold(N, M, 0.5);
    auto st = comm::pair_matching_run(N, M, alpha, 0.5, trials, seed, 1);
    if (st.errors != 0 || !(thr <= alpha))
      return {fmt::format("N = {}, M = {}: alpha = {:.6g}, alpha* = {:.6g}, {} errors in {} outputs", N, M,
                          alpha, thr, st.errors, st.outputs),
              Verdict::fails, "errors at alpha = c M^2 ln N"};
    parts.push_back(
        fmt::format("(N={}, M={}): alpha = {:.4g} >= alpha* = {:.4g}, 0 errors in {} outputs ({} "
                    "with a match)",
                    N, M, alpha, thr, st.outputs, st.positives));
  }
  return {fmt::format("{}", fmt::join(parts, "; ")), Verdict::holds, ""};
}

// The least alpha with zero errors on seeded instances is O(M^2 log N): below c M^2 ln N.
Outcome pair_matching_min_alpha(const Claim& c) {
  auto cases = param<std::vector<std::vector<ulong>>>(c, "cases");
  const double cc = param<double>(c, "c");
  const ulong trials = param<ulong>(c, "trials");
  const std::uint64_t seed = param<std::uint64_t>(c, "seed");
  check_pair_matching_work("comm.pair_matching_min_alpha", cases, trials, 64.0);  // ~64 bisection steps
  std::vector<std::string> parts;
  bool ok = true;
  for (const auto& nm : cases) {
    const ulong N = nm.at(0), M = nm.at(1);
    ulong steps = 0;
    const double a = comm::pair_matching_min_alpha(N, M, 0.5, trials, seed, 1, 1e-6, steps);
    const double ref = static_cast<double>(M) * static_cast<double>(M) * std::log(static_cast<double>(N));
    ok = ok && a <= cc * ref;
    parts.push_back(fmt::format("(N={}, M={}): alpha_min = {:.4g} = {:.3f} M^2 ln N", N, M, a, a / ref));
  }
  return {fmt::format("{}", fmt::join(parts, "; ")), ok ? Verdict::holds : Verdict::fails,
          fmt::format("alpha_min above {} M^2 ln N", cc)};
}

}  // namespace

void register_comm_checks(std::map<std::string, Check>& r) {
  r["comm.triple_capacity"] = triple_capacity;
  r["comm.qsa_q_max"] = qsa_q_max;
  r["comm.neighborly_all"] = neighborly_all;
  r["comm.pair_matching_zero_errors"] = pair_matching_zero_errors;
  r["comm.pair_matching_min_alpha"] = pair_matching_min_alpha;
}

}  // namespace bc::verify
