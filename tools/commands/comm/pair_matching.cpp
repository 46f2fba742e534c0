// boundcheck comm pair-matching --N N --M M (--alpha A | --search-alpha) --trials T --seed S [--theta F]
// Pair Matching by one attention head with scores alpha cos(2 pi (z_i + z_j) / M) (talk-H l.553-638;
// src/comm/pair_matching.cpp): the error rate on seeded random instances, or the least alpha with
// zero errors on them next to M^2 ln N, M^2 log2 N and the sufficient alpha* derived there.
#include "comm/pair_matching.hpp"
#include "certificate/certificate.hpp"
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "parse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace bc::cli {

namespace {

struct PairOptions {
  std::string N, M, alpha, trials = "100", seed = "1", theta = "1/2", certificate;
  bool search_alpha = false;
};

// The error of a double-precision margin: a few roundings of scores of size alpha. The checker
// decides every output exactly, so a margin within this of 0 may be decided either way there.
double margin_slack(double alpha) { return 64 * std::numeric_limits<double>::epsilon() * (1 + alpha); }

// One instance with its deciding margins at alpha (the certificate's unit); `closest` becomes the
// least |margin| of its no-match outputs if smaller (a match is decided "match" exactly).
nlohmann::json instance_json(ulong N, ulong M, std::uint64_t seed, ulong t, double alpha, double theta,
                             bool margins, double* closest = nullptr) {
  const auto z = comm::pair_matching_instance(N, M, seed, t);
  nlohmann::json j = {{"trial", t}, {"z", z}};
  if (margins) {
    const auto y = comm::pair_matching_truth(z, M);
    const auto ms = comm::pair_matching_margins(z, M, alpha, theta);
    std::vector<std::string> m;
    for (size_t i = 0; i < z.size(); ++i) {
      m.push_back(fmt::format("{:.17g}", ms[i]));
      if (closest != nullptr && y[i] == 0) *closest = std::min(*closest, std::abs(ms[i]));
    }
    j["margins"] = m;
  }
  return j;
}

// An evaluation over every trial: the instances, their margins at alpha and the error counts;
// `closest` receives the least |margin| of a no-match output.
nlohmann::json evaluation_json(ulong N, ulong M, std::uint64_t seed, ulong trials, double alpha, double theta,
                               const comm::PairMatchingStats& st, const char* role, double& closest) {
  nlohmann::json inst = nlohmann::json::array();
  closest = INFINITY;
  for (ulong t = 0; t < trials; ++t) {
    if (t % 64 == 0) limits::poll("comm pair-matching: certificate");
    inst.push_back(instance_json(N, M, seed, t, alpha, theta, true, &closest));
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

// The given alpha's evaluation; refused when an output lies within the margins' error of its
// decision (the certificate's error count could then differ from the checker's).
nlohmann::json given_evaluation(ulong N, ulong M, std::uint64_t seed, ulong trials, double alpha,
                                double theta, const comm::PairMatchingStats& st) {
  double closest = INFINITY;
  nlohmann::json ev = evaluation_json(N, M, seed, trials, alpha, theta, st, "given", closest);
  if (closest <= margin_slack(alpha))
    throw DomainError(fmt::format(
        "comm pair-matching --certificate: an output's margin at alpha = {:.17g} is {:.3g}, within the "
        "double-precision error {:.3g} of its decision, which the checker decides exactly; move --alpha "
        "slightly",
        alpha, closest, margin_slack(alpha)));
  return ev;
}

/// The search's certified bracket: (lo, hi] around alpha_min, each end moved out until its
/// deciding margins exceed their double-precision error (margin_slack).
struct SearchBracket {
  double lo = 0, hi = 0;
  nlohmann::json evaluations = nlohmann::json::array();
};

// A lower bound of d margin / d alpha for a no-match output: c_0 - (a softmax average of cosines
// <= c_1) >= c_0 - c_1 = theta (1 - c_1) = 2 theta sin^2(pi/M) (halved for rounding). Moving an
// end by (3 slack - margin) / gap clears its margins in one step, usually.
double margin_gap(ulong M, double theta) {
  const double s = std::sin(M_PI / static_cast<double>(M));
  return theta * s * s;
}

// Zero errors at hi, every no-match margin clear of its error.
nlohmann::json robust_zero_errors(ulong N, ulong M, std::uint64_t seed, ulong trials, double theta,
                                  int threads, double& hi) {
  double delta = 0;
  for (int round = 0;; ++round) {
    double closest = INFINITY;
    nlohmann::json ev = evaluation_json(N, M, seed, trials, hi, theta,
                                        comm::pair_matching_run(N, M, hi, theta, trials, seed, threads),
                                        "zero_errors", closest);
    if (closest > margin_slack(hi)) return ev;
    if (round == 16)
      throw DomainError("comm pair-matching --certificate: no error-free alpha with certain decisions found");
    delta = std::max(2 * delta, (3 * margin_slack(hi) - closest) / margin_gap(M, theta));
    hi += delta;
  }
}

// One output wrong at lo by more than the margins' error (a no-match output predicted "match": a
// match is never missed).
nlohmann::json robust_has_error(ulong N, ulong M, std::uint64_t seed, ulong trials, double theta,
                                double& lo) {
  double delta = 0;
  for (int round = 0; round < 16; ++round) {
    double most = INFINITY;  // the most negative no-match margin
    for (ulong t = 0; t < trials; ++t) {
      if (t % 64 == 0) limits::poll("comm pair-matching: certificate");
      const auto z = comm::pair_matching_instance(N, M, seed, t);
      const auto y = comm::pair_matching_truth(z, M);
      const auto m = comm::pair_matching_margins(z, M, lo, theta);
      for (size_t i = 0; i < z.size(); ++i) {
        if (y[i] == 0 && m[i] < -margin_slack(lo))
          return {{"role", "has_error"},
                  {"alpha", exact_of_double(lo)},
                  {"scope", "one instance"},
                  {"instances", {instance_json(N, M, seed, t, lo, theta, true)}},
                  {"wrong_output", i + 1}};
        if (y[i] == 0) most = std::min(most, m[i]);
      }
    }
    delta = std::max(2 * delta, (3 * margin_slack(lo) + most) / margin_gap(M, theta));
    lo = std::max(lo - delta, lo / 2);
  }
  throw DomainError("comm pair-matching --certificate: no alpha with a certain error found below alpha_min");
}

// Search mode: zero errors at hi on every trial and one instance that errs at lo, or (hi = 0)
// every output of every trial has a match.
SearchBracket search_evaluations(ulong N, ulong M, std::uint64_t seed, ulong trials, double hi, double lo,
                                 double theta, int threads) {
  SearchBracket b{lo, hi};
  if (hi == 0) {  // every output is a match (or N = 1): no alpha > 0 errs
    nlohmann::json inst = nlohmann::json::array();
    for (ulong t = 0; t < trials; ++t) inst.push_back(instance_json(N, M, seed, t, 0, theta, false));
    b.evaluations.push_back({{"role", "every_alpha"}, {"scope", "all trials"}, {"instances", inst}});
    return b;
  }
  b.evaluations.push_back(robust_zero_errors(N, M, seed, trials, theta, threads, b.hi));
  b.evaluations.push_back(robust_has_error(N, M, seed, trials, theta, b.lo));
  return b;
}

// The terms the checker sums for evaluations {alpha, instances}, and the exponentials it takes.
void check_certificate_work(ulong N, ulong M, const std::vector<std::pair<double, double>>& evaluations) {
  const std::string what = "comm pair-matching --certificate";
  const auto n = static_cast<double>(N), m = static_cast<double>(M);
  double pairs = 0, residues = 0;
  for (const auto& [alpha, instances] : evaluations) {
    pairs += certificate_limits::pair_matching_pairs(n, m, alpha, instances);
    residues += certificate_limits::pair_matching_residues(n, m, alpha, instances);
  }
  check_certificate_limit(what, "terms to sum (pair_matching_pairs)", pairs,
                          BC_CERTIFICATE_LIMIT(pair_matching_max_pairs),
                          "lower --trials or --N, or raise --alpha");
  check_certificate_limit(what, "exponentials to evaluate (pair_matching_residues)", residues,
                          BC_CERTIFICATE_LIMIT(pair_matching_max_residues), "lower --trials, --N or --M");
}

// --certificate: what the checker would refuse. Every output of every trial is listed (about 48
// bytes each) and decided; with a given alpha, the terms the checker sums (alpha = 0: known only
// after the search, checked by check_certificate_work).
void check_certificate_size(ulong N, ulong M, ulong trials, double alpha) {
  const std::string what = "comm pair-matching --certificate";
  const double outputs = static_cast<double>(trials) * static_cast<double>(N);
  check_certificate_limit(what, "trials x N", outputs, BC_CERTIFICATE_LIMIT(pair_matching_max_outputs),
                          "lower --trials or --N");
  check_certificate_limit(what, "its estimated size in bytes", outputs * 48,
                          BC_CERTIFICATE_LIMIT(max_file_bytes), "lower --trials or --N");
  if (alpha > 0) check_certificate_work(N, M, {{alpha, static_cast<double>(trials)}});
}

// --search-alpha --certificate: the robust bracket's evaluations and claim, refused above the
// checker's limits; a note when the bracket moved.
void search_certificate(nlohmann::json& cert, out::Table& t, ulong N, ulong M, std::uint64_t seed,
                        ulong trials, double amin, double alo, double theta, int threads) {
  SearchBracket b = search_evaluations(N, M, seed, trials, amin, alo, theta, threads);
  if (amin > 0) check_certificate_work(N, M, {{b.hi, static_cast<double>(trials)}, {b.lo, 1.0}});
  cert["evaluations"] = std::move(b.evaluations);
  cert["claim"] = {{"alpha_min_above", exact_of_double(b.lo)}, {"alpha_min_at_most", exact_of_double(b.hi)}};
  if (b.lo != alo || b.hi != amin)
    t.notes.push_back(fmt::format(
        "certificate: alpha_min in ({:.10g}, {:.10g}], the bisection's bracket widened until every deciding "
        "margin exceeds its double-precision error (the checker decides exactly)",
        b.lo, b.hi));
}

// The certificate's fields before its evaluations: the definition, the parameters, the generator.
nlohmann::json pair_certificate(const nlohmann::json& params, ulong N, ulong M, const Fmpq& theta_q,
                                std::uint64_t seed, ulong trials) {
  nlohmann::json cert = certificate_header("comm pair-matching", params);
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
  return cert;
}

/// The validated request; alpha is 0 under --search-alpha.
struct PairRequest {
  ulong N = 0, M = 0, trials = 0;
  std::uint64_t seed = 0;
  Fmpq theta_q;
  double theta = 0, alpha = 0;
};

PairRequest parse_pair(const PairOptions& o) {
  PairRequest q;
  q.N = parse_uint("--N", o.N, 1, 1000000);
  q.M = parse_uint("--M", o.M, 2, max_index);
  q.trials = parse_uint("--trials", o.trials, 1, UINT64_MAX >> 2);
  q.seed = parse_uint("--seed", o.seed, 0, UINT64_MAX >> 2);
  q.theta_q = parse_rational("--theta", o.theta);
  q.theta = fmpq_get_d(q.theta_q.x);
  if (!(q.theta > 0 && q.theta < 1))
    throw UsageError(fmt::format("--theta must lie strictly between 0 and 1, got \"{}\"", o.theta));
  if (o.alpha.empty() == !o.search_alpha) throw UsageError("give exactly one of --alpha A or --search-alpha");
  if (!o.search_alpha) {
    Fmpq a = parse_rational("--alpha", o.alpha);
    q.alpha = fmpq_get_d(a.x);
    if (fmpq_sgn(a.x) <= 0 || !std::isfinite(q.alpha) || q.alpha > 1e300)
      throw UsageError(fmt::format("--alpha must be a positive number below 1e300, got \"{}\"", o.alpha));
  }
  return q;
}

void check_pair_costs(const PairRequest& q, const PairOptions& o, const Context& ctx) {
  check_certificate_path(o.certificate, ctx, {});
  if (!o.certificate.empty()) check_certificate_size(q.N, q.M, q.trials, o.search_alpha ? 0 : q.alpha);
  const double per_alpha =
      static_cast<double>(q.trials) * static_cast<double>(q.N) * static_cast<double>(q.N);
  const double steps = o.search_alpha ? 64.0 : 1.0;
  limits::check_work(
      "comm pair-matching: work", per_alpha * steps, 2e10, "score evaluations",
      fmt::format("trials x N^2{}; lower --trials or --N", o.search_alpha ? " x ~64 bisection steps" : ""));
}

/// The scales every row shows: alpha_threshold, M^2 ln N and M^2 log2 N.
struct PairScales {
  double thr, m2_ln, m2_log2;
};

PairScales pair_scales(const PairRequest& q) {
  const double m2 = static_cast<double>(q.M) * static_cast<double>(q.M);
  return {comm::pair_matching_threshold(q.N, q.M, q.theta), m2 * std::log(static_cast<double>(q.N)),
          m2 * std::log2(static_cast<double>(q.N))};
}

// --alpha A: the error counts at A.
void given_alpha_row(out::Table& t, nlohmann::json& cert, const PairRequest& q, const PairOptions& o,
                     const Context& ctx) {
  const char* what = "comm pair-matching";
  t.params["alpha"] = o.alpha;
  auto st = comm::pair_matching_run(q.N, q.M, q.alpha, q.theta, q.trials, q.seed, ctx.threads);
  if (!o.certificate.empty()) {
    cert["evaluations"] =
        nlohmann::json::array({given_evaluation(q.N, q.M, q.seed, q.trials, q.alpha, q.theta, st)});
    cert["claim"] = {{"alpha", exact_of_double(q.alpha)}, {"errors", st.errors}};
  }
  const PairScales sc = pair_scales(q);
  t.columns = {"N",        "M",          "alpha",       "trials",       "outputs",         "positives",
               "errors",   "error_rate", "false_match", "missed_match", "alpha_threshold", "M2_ln_N",
               "M2_log2_N"};
  t.add_row({out::Cell::of_int(static_cast<long long>(q.N)), out::Cell::of_exact(std::to_string(q.M)),
             uncertified(q.alpha, ctx, what), out::Cell::of_exact(std::to_string(q.trials)),
             out::Cell::of_exact(std::to_string(st.outputs)),
             out::Cell::of_exact(std::to_string(st.positives)),
             out::Cell::of_exact(std::to_string(st.errors)),
             uncertified(static_cast<double>(st.errors) / static_cast<double>(st.outputs), ctx, what),
             out::Cell::of_exact(std::to_string(st.false_match)),
             out::Cell::of_exact(std::to_string(st.missed_match)), uncertified(sc.thr, ctx, what),
             uncertified(sc.m2_ln, ctx, what), uncertified(sc.m2_log2, ctx, what)});
}

// The significant digits of alpha_min (at most 8) that the search settles. Its bracket is
// (alo, amin], and each decision there is a margin computed in doubles, within margin_slack of the
// exact one; a no-match margin grows with alpha at least at the rate margin_gap, so the exact least
// alpha lies within slack / gap of the bracket (twice that here: slack grows with alpha). The
// printed value is stated as +/- 2 units in its last digit (cli::uncertified), which covers half a
// unit of rounding and this radius when the radius is at most 1.5 units. At M = 65536 the margins'
// error, not the bisection, limits alpha_min to about 5 digits. 0 when not even the first digit
// is settled (a tiny theta makes the gap, and so this bound, uninformative).
int alpha_min_digits(double amin, double alo, ulong M, double theta) {
  if (amin <= 0) return 8;  // printed exactly as 0
  const double radius = (amin - alo) + 2 * margin_slack(amin) / margin_gap(M, theta);
  const int e = static_cast<int>(std::floor(std::log10(amin)));
  int sig = 8;
  while (sig > 0 && 1.5 * std::pow(10.0, e - sig + 1) < radius) --sig;
  return sig;
}

// alpha_min (or alpha_min / (M^2 ln N)) to `digits`, or "-" when no digit is settled.
out::Cell alpha_cell(double v, int digits, const Context& ctx) {
  return digits > 0 ? uncertified(v, ctx, "comm pair-matching", digits) : out::Cell::of_text("-");
}

// --search-alpha: the least error-free alpha on these instances, by bisection.
void searched_alpha_row(out::Table& t, nlohmann::json& cert, const PairRequest& q, const PairOptions& o,
                        const Context& ctx) {
  const char* what = "comm pair-matching";
  t.params["search_alpha"] = true;
  ulong nsteps = 0;
  double alo = 0;
  const double amin =
      comm::pair_matching_min_alpha(q.N, q.M, q.theta, q.trials, q.seed, ctx.threads, 1e-9, nsteps, &alo);
  const int alpha_digits = alpha_min_digits(amin, alo, q.M, q.theta);
  if (!o.certificate.empty())
    search_certificate(cert, t, q.N, q.M, q.seed, q.trials, amin, alo, q.theta, ctx.threads);
  const PairScales sc = pair_scales(q);
  t.columns = {"N",
               "M",
               "trials",
               "alpha_min",
               "alpha_threshold",
               "M2_ln_N",
               "M2_log2_N",
               "alpha_min_over_M2_ln_N",
               "bisection_steps"};
  t.add_row({out::Cell::of_int(static_cast<long long>(q.N)), out::Cell::of_exact(std::to_string(q.M)),
             out::Cell::of_exact(std::to_string(q.trials)),
             amin == 0 ? out::Cell::of_exact("0") : alpha_cell(amin, alpha_digits, ctx),
             uncertified(sc.thr, ctx, what), uncertified(sc.m2_ln, ctx, what),
             uncertified(sc.m2_log2, ctx, what),
             q.N > 1 ? alpha_cell(amin / sc.m2_ln, alpha_digits, ctx) : out::Cell::of_text("-"),
             out::Cell::of_int(static_cast<long long>(nsteps))});
  if (alpha_digits == 0)
    t.notes.push_back(fmt::format(
        "alpha_min: the bisection ends at {:.3g}, but the margins' rounding error, over their least slope "
        "theta (1 - c1) at this theta and M, leaves not one digit settled (\"-\"); --certificate FILE "
        "gives a bracket that the checker decides exactly",
        amin));
  t.notes.push_back(
      "alpha_min: least alpha with zero errors on these instances (errors are monotone in alpha), 0 when "
      "every alpha > 0 is error-free on them (each instance has a match); found by bisection to relative "
      "1e-9 in double precision and shown to the digits (at most 8) that the bracket and the margins' "
      "rounding error settle; alpha_threshold guarantees zero errors on every instance");
}

RunResult run_comm_pair_matching(const PairOptions& o, const Context& ctx) {
  const PairRequest q = parse_pair(o);
  check_pair_costs(q, o, ctx);
  out::Table t;
  t.command = "comm pair-matching";
  t.params["N"] = q.N;
  t.params["M"] = q.M;
  t.params["trials"] = q.trials;
  t.params["seed"] = q.seed;
  t.params["theta"] = o.theta;
  nlohmann::json cert;
  if (!o.certificate.empty()) cert = pair_certificate(t.params, q.N, q.M, q.theta_q, q.seed, q.trials);
  if (!o.search_alpha)
    given_alpha_row(t, cert, q, o, ctx);
  else
    searched_alpha_row(t, cert, q, o, ctx);
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
           .formula_latex = R"tex(\begin{aligned}
& y_i = \mathbb{1}\{ \exists j : z_i + z_j \equiv 0 \bmod M \}, \qquad s_{ij} = \alpha \cos \tfrac{2\pi (z_i + z_j)}{M}, \qquad s_{i0} = \alpha\, (c_1 + \theta (1 - c_1)), \quad c_1 = \cos \tfrac{2\pi}{M}\\
& \text{no match} \iff \text{the dummy's softmax weight} > \tfrac12; \qquad \text{no error once } \alpha > \alpha^* = \frac{\ln N}{\theta (1 - \cos(2\pi/M))} \sim \frac{M^2 \ln N}{2 \pi^2 \theta}
\end{aligned})tex",
           .source = "talk-H l.587-589 (Pair Matching), l.607 (the scores), l.620 (alpha = O(M^2 log N)), "
                     "l.557 and l.638 (the dummy element); docs/math/comm.md#pair-matching",
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
