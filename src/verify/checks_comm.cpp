// verify/ methods for the comm family (talk-H, Sanford-Hsu-Telgarsky 2023; docs/math/comm.md).
// The Triple Matching, qSA and neighborly claims are expressions in verify/comm.toml; Pair Matching
// stays a method because its alpha = c M^2 ln N is irrational and a quantity's options take exact
// numbers, and because the claim runs over (N, M) pairs, not a product grid. Each method's
// parameters are declared next to it (verify/params.hpp).
#include "comm/pair_matching.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "verify/catalogue.hpp"

#include <fmt/format.h>

#include <cmath>

namespace bc::verify {

namespace {

// Refused up front like `comm pair-matching`: trials x N^2 score evaluations per alpha tried.
void check_pair_matching_work(const char* method, const std::vector<std::vector<ulong>>& cases, ulong trials,
                              double steps) {
  double work = 0;
  for (const auto& nm : cases)
    work += steps * static_cast<double>(trials) * std::pow(static_cast<double>(nm.at(0)), 2);
  limits::check_work(fmt::format("{}: work", method), work, 2e10, "score evaluations",
                     "trials x N^2 per case; lower trials or N");
}

// params: cases = [[N, M], ...] (N >= 1, M >= 2, as pair_matching_run); c > 0; trials; seed.
const std::vector<ParamSpec> pair_matching_params{
    param::tuples("cases", {param::integer(1, param::k62, "N"), param::integer(2, param::k62, "M")}),
    param::scalar("c", param::positive()), param::scalar("trials", param::integer(1, param::kLoop)),
    param::scalar("seed", param::seed())};

// alpha = c M^2 ln N: zero errors on the stated instances, and alpha above the sufficient alpha*.
Outcome pair_matching_zero_errors(const Claim& c) {
  auto cases = claim_param<std::vector<std::vector<ulong>>>(c, "cases");  // [N, M]
  const double cc = claim_param<double>(c, "c");
  const ulong trials = claim_param<ulong>(c, "trials");
  const std::uint64_t seed = claim_param<std::uint64_t>(c, "seed");
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
  auto cases = claim_param<std::vector<std::vector<ulong>>>(c, "cases");
  const double cc = claim_param<double>(c, "c");
  const ulong trials = claim_param<ulong>(c, "trials");
  const std::uint64_t seed = claim_param<std::uint64_t>(c, "seed");
  check_pair_matching_work("comm.pair_matching_min_alpha", cases, trials, 64.0);  // ~64 bisection steps
  std::vector<std::string> parts;
  bool ok = true;
  for (const auto& nm : cases) {
    const ulong N = nm.at(0), M = nm.at(1);
    ulong steps = 0;
    const double a = comm::pair_matching_min_alpha(N, M, 0.5, trials, seed, 1, 1e-6, steps);
    const double ref = static_cast<double>(M) * static_cast<double>(M) * std::log(static_cast<double>(N));
    const bool below = a <= cc * ref;
    ok = ok && below;
    parts.push_back(fmt::format("(N={}, M={}): alpha_min = {:.4g} = {:.3f} M^2 ln N, {} {} M^2 ln N", N, M, a,
                                a / ref, below ? "<=" : ">", cc));
  }
  return {fmt::format("{}", fmt::join(parts, "; ")), ok ? Verdict::holds : Verdict::fails,
          fmt::format("alpha_min above {} M^2 ln N", cc)};
}

}  // namespace

void register_comm_checks(Methods& r) {
  r["comm.pair_matching_zero_errors"] = {pair_matching_zero_errors, pair_matching_params};
  r["comm.pair_matching_min_alpha"] = {pair_matching_min_alpha, pair_matching_params};
}

}  // namespace bc::verify
