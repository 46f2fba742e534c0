// boundcheck comm pair-matching --N N --M M (--alpha A | --search-alpha) --trials T --seed S [--theta F]
// Pair Matching by one attention head with scores alpha cos(2 pi (z_i + z_j) / M) (talk-H l.553-638;
// src/comm/pair_matching.cpp): the error rate on seeded random instances, or the least alpha with
// zero errors on them next to M^2 ln N, M^2 log2 N and the sufficient alpha* derived there.
#include "cli.hpp"
#include "comm/pair_matching.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "parse.hpp"

#include <fmt/format.h>

#include <cmath>

namespace bc::cli {

namespace {

struct PairOptions {
  std::string N, M, alpha, trials = "100", seed = "1", theta = "1/2";
  bool search_alpha = false;
};

RunResult run_comm_pair_matching(const PairOptions& o, const Context& ctx) {
  const ulong N = parse_uint("--N", o.N, 1, 1000000);
  const ulong M = parse_uint("--M", o.M, 2, max_index);
  const ulong trials = parse_uint("--trials", o.trials, 1, UINT64_MAX >> 2);
  const std::uint64_t seed = parse_uint("--seed", o.seed, 0, UINT64_MAX >> 2);
  const double theta = fmpq_get_d(parse_rational("--theta", o.theta).x);
  if (!(theta > 0 && theta < 1))
    throw UsageError(fmt::format("--theta must lie strictly between 0 and 1, got \"{}\"", o.theta));
  if (o.alpha.empty() == !o.search_alpha) throw UsageError("give exactly one of --alpha A or --search-alpha");
  double alpha = 0;
  if (!o.search_alpha) {
    Fmpq a = parse_rational("--alpha", o.alpha);
    alpha = fmpq_get_d(a.x);
    if (fmpq_sgn(a.x) <= 0 || !std::isfinite(alpha) || alpha > 1e300)
      throw UsageError(fmt::format("--alpha must be a positive number below 1e300, got \"{}\"", o.alpha));
  }
  const double per_alpha = static_cast<double>(trials) * static_cast<double>(N) * static_cast<double>(N);
  const double steps = o.search_alpha ? 64.0 : 1.0;
  limits::check_work(
      "comm pair-matching: work", per_alpha * steps, 2e10, "score evaluations",
      fmt::format("trials x N^2{}; lower --trials or --N", o.search_alpha ? " x ~64 bisection steps" : ""));
  const double lnN = std::log(static_cast<double>(N)), m2 = static_cast<double>(M) * static_cast<double>(M);
  const double thr = comm::pair_matching_threshold(N, M, theta);
  out::Table t;
  t.command = "comm pair-matching";
  t.params["N"] = N;
  t.params["M"] = M;
  t.params["trials"] = trials;
  t.params["seed"] = seed;
  t.params["theta"] = o.theta;
  if (!o.search_alpha) {
    t.params["alpha"] = o.alpha;
    auto st = comm::pair_matching_run(N, M, alpha, theta, trials, seed, ctx.threads);
    t.columns = {"N",        "M",          "alpha",       "trials",       "outputs",         "positives",
                 "errors",   "error_rate", "false_match", "missed_match", "alpha_threshold", "M2_ln_N",
                 "M2_log2_N"};
    t.add_row({out::Cell::of_int(static_cast<long long>(N)), out::Cell::of_exact(std::to_string(M)),
               uncertified(alpha, ctx, "comm pair-matching"), out::Cell::of_exact(std::to_string(trials)),
               out::Cell::of_exact(std::to_string(st.outputs)),
               out::Cell::of_exact(std::to_string(st.positives)),
               out::Cell::of_exact(std::to_string(st.errors)),
               uncertified(static_cast<double>(st.errors) / static_cast<double>(st.outputs), ctx,
                           "comm pair-matching"),
               out::Cell::of_exact(std::to_string(st.false_match)),
               out::Cell::of_exact(std::to_string(st.missed_match)),
               uncertified(thr, ctx, "comm pair-matching"), uncertified(m2 * lnN, ctx, "comm pair-matching"),
               uncertified(m2 * std::log2(static_cast<double>(N)), ctx, "comm pair-matching")});
  } else {
    t.params["search_alpha"] = true;
    ulong nsteps = 0;
    // the bisection stops at relative width 1e-9: its first 8 significant digits are settled
    constexpr int kAlphaDigits = 8;
    const double amin = comm::pair_matching_min_alpha(N, M, theta, trials, seed, ctx.threads, 1e-9, nsteps);
    t.columns = {"N",
                 "M",
                 "trials",
                 "alpha_min",
                 "alpha_threshold",
                 "M2_ln_N",
                 "M2_log2_N",
                 "alpha_min_over_M2_ln_N",
                 "bisection_steps"};
    t.add_row(
        {out::Cell::of_int(static_cast<long long>(N)), out::Cell::of_exact(std::to_string(M)),
         out::Cell::of_exact(std::to_string(trials)),
         amin == 0 ? out::Cell::of_exact("0") : uncertified(amin, ctx, "comm pair-matching", kAlphaDigits),
         uncertified(thr, ctx, "comm pair-matching"), uncertified(m2 * lnN, ctx, "comm pair-matching"),
         uncertified(m2 * std::log2(static_cast<double>(N)), ctx, "comm pair-matching"),
         N > 1 ? uncertified(amin / (m2 * lnN), ctx, "comm pair-matching", kAlphaDigits)
               : out::Cell::of_text("-"),
         out::Cell::of_int(static_cast<long long>(nsteps))});
    t.notes.push_back(
        "alpha_min: least alpha (bisection to relative 1e-9, so 8 significant digits are shown; errors are "
        "monotone in alpha) with zero errors on these instances, 0 when every alpha > 0 is error-free on "
        "them "
        "(each instance has a match); alpha_threshold guarantees zero errors on every instance");
  }
  t.notes.push_back(fmt::format(
      "scores alpha cos(2 pi (z_i + z_j) / M) (talk-H l.607), dummy score alpha (c1 + theta (1 - c1)), c1 = "
      "cos(2 pi / M), theta = {}; output = the dummy's softmax weight, 'no match' iff > 1/2. A match is "
      "never "
      "missed; a no-match output is right once alpha > alpha_threshold = ln N / (theta (1 - cos(2 pi/M))) "
      "~ M^2 ln N / (2 pi^2 theta), talk-H's alpha = O(M^2 log N) (l.620). Double precision, log-sum-exp; z "
      "uniform on 1..M, trial t from its own seeded stream",
      o.theta));
  return {std::move(t), 0};
}

}  // namespace

void setup_comm_pair_matching(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<PairOptions>();
  CLI::App* app = reg.add(group, "pair-matching",
                          "Pair Matching by one attention head: error rate, least alpha (Monte Carlo)");
  app->add_option("--N", opt->N, "Input size N (1..10^6)")->required();
  app->add_option("--M", opt->M, "Modulus M >= 2 (z in 1..M)")->required();
  app->add_option("--alpha", opt->alpha, "Score scale alpha > 0 (decimal or fraction)");
  app->add_flag("--search-alpha", opt->search_alpha, "Find the least alpha with zero errors (bisection)");
  app->add_option("--trials", opt->trials, "Random instances (default 100)");
  app->add_option("--seed", opt->seed,
                  "Seed (default 1); trial t has its own stream, so any --threads agrees");
  app->add_option("--theta", opt->theta, "Dummy score position between c1 and 1, in (0,1) (default 1/2)");
  app->footer(
      "Examples:\n"
      "  boundcheck comm pair-matching --N 32 --M 64 --alpha 2000 --trials 200 --seed 1\n"
      "  boundcheck comm pair-matching --N 32 --M 64 --search-alpha --trials 200 --seed 1");
  reg.bind(app, opt, run_comm_pair_matching);
}

}  // namespace bc::cli
