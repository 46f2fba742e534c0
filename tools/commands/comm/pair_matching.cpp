// boundcheck comm pair-matching --N N --M M (--alpha A | --search-alpha) --trials T --seed S [--theta F]
// Pair Matching by one attention head with scores alpha cos(2 pi (z_i + z_j) / M) (talk-H l.553-638;
// src/comm/pair_matching.cpp): the error rate on seeded random instances, or the least alpha with
// zero errors on them next to M^2 ln N, M^2 log2 N and the sufficient alpha* derived there.
#include "certificate.hpp"
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
  std::string N, M, alpha, trials = "100", seed = "1", theta = "1/2", certificate;
  bool search_alpha = false;
};

// One instance with its deciding margins at alpha (the certificate's unit).
nlohmann::json instance_json(ulong N, ulong M, std::uint64_t seed, ulong t, double alpha, double theta,
                             bool margins) {
  const auto z = comm::pair_matching_instance(N, M, seed, t);
  nlohmann::json j = {{"trial", t}, {"z", z}};
  if (margins) {
    std::vector<std::string> m;
    for (double x : comm::pair_matching_margins(z, M, alpha, theta)) m.push_back(fmt::format("{:.17g}", x));
    j["margins"] = m;
  }
  return j;
}

// An evaluation over every trial: the instances, their margins at alpha and the error counts.
nlohmann::json evaluation_json(ulong N, ulong M, std::uint64_t seed, ulong trials, double alpha, double theta,
                               const comm::PairMatchingStats& st, const char* role) {
  nlohmann::json inst = nlohmann::json::array();
  for (ulong t = 0; t < trials; ++t) {
    if (t % 64 == 0) limits::poll("comm pair-matching: certificate");
    inst.push_back(instance_json(N, M, seed, t, alpha, theta, true));
  }
  return {{"role", role},
          {"alpha", exact_of_double(alpha)},
          {"scope", "all trials"},
          {"instances", inst},
          {"outputs", st.outputs},
          {"errors", st.errors},
          {"false_match", st.false_match},
          {"missed_match", st.missed_match}};
}

// Search mode: zero errors at alpha_hi on every trial, and one instance that errs at alpha_lo.
nlohmann::json search_evaluations(ulong N, ulong M, std::uint64_t seed, ulong trials, double hi, double lo,
                                  double theta, int threads) {
  nlohmann::json ev = nlohmann::json::array();
  if (hi == 0) {  // every output is a match (or N = 1): no alpha > 0 errs
    nlohmann::json inst = nlohmann::json::array();
    for (ulong t = 0; t < trials; ++t) inst.push_back(instance_json(N, M, seed, t, 0, theta, false));
    ev.push_back({{"role", "every_alpha"}, {"scope", "all trials"}, {"instances", inst}});
    return ev;
  }
  ev.push_back(evaluation_json(N, M, seed, trials, hi, theta,
                               comm::pair_matching_run(N, M, hi, theta, trials, seed, threads),
                               "zero_errors"));
  for (ulong t = 0; t < trials; ++t) {
    const auto z = comm::pair_matching_instance(N, M, seed, t);
    const auto y = comm::pair_matching_truth(z, M);
    const auto m = comm::pair_matching_margins(z, M, lo, theta);
    for (size_t i = 0; i < z.size(); ++i)
      if ((m[i] > 0) == (y[i] != 0)) {  // predicted "no match" on a match, or "match" on a no-match
        ev.push_back({{"role", "has_error"},
                      {"alpha", exact_of_double(lo)},
                      {"scope", "one instance"},
                      {"instances", {instance_json(N, M, seed, t, lo, theta, true)}},
                      {"wrong_output", i + 1}});
        return ev;
      }
  }
  throw DomainError("comm pair-matching: the search's erring alpha has no error on recomputation");
}

RunResult run_comm_pair_matching(const PairOptions& o, const Context& ctx) {
  const ulong N = parse_uint("--N", o.N, 1, 1000000);
  const ulong M = parse_uint("--M", o.M, 2, max_index);
  const ulong trials = parse_uint("--trials", o.trials, 1, UINT64_MAX >> 2);
  const std::uint64_t seed = parse_uint("--seed", o.seed, 0, UINT64_MAX >> 2);
  const Fmpq theta_q = parse_rational("--theta", o.theta);
  const double theta = fmpq_get_d(theta_q.x);
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
  check_certificate_path(o.certificate, ctx, {});
  if (!o.certificate.empty())
    limits::check("comm pair-matching: --certificate size",
                  static_cast<double>(trials) * static_cast<double>(N) * 48, limits::max_output_chars,
                  "characters", "lower --trials or --N");
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
  nlohmann::json cert;
  if (!o.certificate.empty()) {
    cert = certificate_header("comm pair-matching", t.params);
    cert["definition"] =
        "Instance z_1..z_N in {1..M}; output i has a match iff z_i + z_j = 0 (mod M) for some j in 1..N "
        "(j = i allowed). Scores alpha cos(2 pi (z_i + z_j)/M), dummy score alpha c_0 with c_0 = c_1 + theta "
        "(1 - c_1), c_1 = cos(2 pi/M); the head predicts 'no match' iff the dummy's softmax weight exceeds "
        "1/2, "
        "i.e. iff the margin m_i = alpha c_0 - log sum_j exp(alpha cos(2 pi (z_i + z_j)/M)) > 0, i.e. iff "
        "sum_j exp(alpha (cos(2 pi (z_i + z_j)/M) - c_0)) < 1. alpha and theta are exact rationals; margins "
        "are "
        "the tool's double-precision values (17 digits). Errors are monotone in alpha (talk-H l.553-638; "
        "src/comm/pair_matching.hpp): for a no-match output every cos(2 pi (z_i + z_j)/M) <= c_1 < c_0.";
    cert["N"] = N;
    cert["M"] = M;
    cert["theta"] = theta_q.str();
    cert["seed"] = std::to_string(seed);
    cert["trials"] = trials;
    cert["generator"] =
        "trial t (0-based) runs splitmix64 from state seed XOR (0x5851F42D4C957F2D (t + 1) mod 2^64); z_i = "
        "1 + "
        "floor(x_i M / 2^64) for its i-th draw x_i";
  }
  if (!o.search_alpha) {
    t.params["alpha"] = o.alpha;
    auto st = comm::pair_matching_run(N, M, alpha, theta, trials, seed, ctx.threads);
    if (!o.certificate.empty()) {
      cert["evaluations"] =
          nlohmann::json::array({evaluation_json(N, M, seed, trials, alpha, theta, st, "given")});
      cert["claim"] = {{"alpha", exact_of_double(alpha)}, {"errors", st.errors}};
    }
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
    double alo = 0;
    const double amin =
        comm::pair_matching_min_alpha(N, M, theta, trials, seed, ctx.threads, 1e-9, nsteps, &alo);
    if (!o.certificate.empty()) {
      cert["evaluations"] = search_evaluations(N, M, seed, trials, amin, alo, theta, ctx.threads);
      cert["claim"] = {{"alpha_min_above", exact_of_double(alo)},
                       {"alpha_min_at_most", exact_of_double(amin)}};
    }
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
  RunResult res{std::move(t), 0};
  attach_certificate(res, o.certificate, cert);
  return res;
}

}  // namespace

void setup_comm_pair_matching(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<PairOptions>();
  CLI::App* app = reg.add(group, "pair-matching",
                          "Pair Matching by one attention head: error rate, least alpha (Monte Carlo)");
  app->add_option("--N", opt->N, "Input size N (1..10^6)")->type_name("INT")->required();
  app->add_option("--M", opt->M, "Modulus M >= 2 (z in 1..M)")->type_name("INT")->required();
  app->add_option("--alpha", opt->alpha, "Score scale alpha > 0 (decimal or fraction)")
      ->type_name("RATIONAL");
  app->add_flag("--search-alpha", opt->search_alpha, "Find the least alpha with zero errors (bisection)");
  app->add_option("--trials", opt->trials, "Random instances (default 100)")->type_name("INT");
  app->add_option("--seed", opt->seed,
                  "Seed (default 1); trial t has its own stream, so any --threads agrees")
      ->type_name("INT");
  app->add_option("--theta", opt->theta, "Dummy score position between c1 and 1, in (0,1) (default 1/2)")
      ->type_name("RATIONAL");
  add_certificate_option(app, opt->certificate,
                         "every instance and its deciding margins; with --search-alpha, zero errors at the "
                         "reported alpha and an erring instance just below it");
  reg.help(
      app,
      Help{.formula = "Pair Matching (output 1 iff some j has z_i + z_j = 0 mod M) by one head with scores\n"
                      "alpha cos(2 pi (z_i + z_j) / M) and a dummy score alpha (c1 + theta (1 - c1)), c1 = "
                      "cos(2 pi/M):\n"
                      "'no match' iff the dummy's softmax weight is > 1/2. Zero errors on every instance "
                      "once alpha >\n"
                      "alpha_threshold = ln N / (theta (1 - cos(2 pi / M))) ~ M^2 ln N / (2 pi^2 theta).",
           .source = "talk-H l.587-589 (Pair Matching), l.607 (the scores), l.620 (alpha = O(M^2 log N)), "
                     "l.557 and l.638 (the dummy element); MATH.md §6",
           .cost = "--trials x N^2 score evaluations in double precision (log-sum-exp), trials in "
                   "parallel; --search-alpha: a bisection of about 64 steps. Refused above 2e10 "
                   "evaluations.",
           .details = "Monte Carlo on seeded random instances (z uniform on 1..M; trial t from its own "
                      "stream, so any --threads agrees): an error rate, not a proof; alpha_threshold is "
                      "the proof. --certificate FILE: every instance with its deciding margins (and, with "
                      "--search-alpha, an erring instance just below alpha_min); tools/check_certificate.py "
                      "decides each output with rigorous bounds.",
           .examples = {"boundcheck comm pair-matching --N 32 --M 64 --alpha 2000 --trials 200 --seed 1",
                        "boundcheck comm pair-matching --N 32 --M 64 --search-alpha --trials 200 --seed 1",
                        "boundcheck comm pair-matching --N 8 --M 16 --search-alpha --trials 6 --certificate "
                        "pm.json"}});
  reg.bind(app, opt, run_comm_pair_matching);
}

}  // namespace bc::cli
