// boundcheck comm neighborly --N N --q Q --k K --seed S [--samples M] [--search-k [--k-max K]] [--list]
// q-neighborly sign vectors (talk-H l.441-470, Candes & Tao 2005): draw u_j in {+-1/sqrt k}^k and,
// for every q-subset S (or a seeded sample), find w_S and certify it in exact rational arithmetic
// (src/comm/neighborly*.cpp). --search-k: the least k, searching upwards, at which every tried
// subset certifies.
#include "comm/neighborly.hpp"
#include "certificate/certificate.hpp"
#include "cli.hpp"
#include "comm/sizes.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "output/cell_value.hpp"
#include "parse.hpp"

#include <fmt/format.h>

#include <cmath>

namespace bc::cli {

namespace {

// certified / tried as printed by the double path, carrying the exact rational to expressions and
// Python (issue 29 §1: fraction_certified == 1 is decided exactly).
out::Cell fraction_cell(size_t certified, size_t tried, const Context& ctx) {
  out::Cell c = uncertified(tried ? static_cast<double>(certified) / static_cast<double>(tried) : 0.0, ctx,
                            "comm neighborly");
  if (tried == 0) return c;
  Fmpq q(static_cast<slong>(certified), static_cast<ulong>(tried));
  out::keep_exact(c, q.x);
  return c;
}

constexpr double kEnumerateMax = 100000;  // C(N,q) above this: sample
constexpr unsigned long kAutoSamples = 1000;

struct NeighborlyOptions {
  std::string N, q, k, seed = "1", samples, k_max, certificate;
  bool search_k = false, list = false;
};

// The sampled subsets as the certificate states them, for the checker to draw the same ones
// (src/comm/neighborly.cpp, sampled_subsets, draws them so: Floyd's algorithm on splitmix64).
constexpr const char* kSubsetStream =
    "draw s = 1..samples, with replacement: splitmix64 (Steele, Lea, Flood 2014) started at state seed XOR "
    "0xD1B54A32D192ED03, one stream for all draws; each draw is Floyd's algorithm: S = {}, for j = N-q .. "
    "N-1 (0-based): t = floor(x (j+1) / 2^64) for the next output x, and t = j instead when t is in S; add "
    "t. S + 1 (1-based) is the draw; the lists hold the draws in order (witnesses and not_certified are "
    "its certified and other subsequences), the first `tried` of them (all `samples` unless the search "
    "stopped at its first failure, which is then the last draw)";

// The certificate of one k (tools/check_certificate.py checks it): the sign vectors, each certified
// witness exactly, and the subsets that were not certified (for which nothing is claimed).
nlohmann::json neighborly_certificate(const comm::NeighborlyReport& rep, std::uint64_t seed, ulong samples,
                                      const nlohmann::json& params) {
  if (rep.certified == 0)  // the checker rejects a certificate that proves nothing ("nothing checked")
    throw DomainError(
        fmt::format("comm neighborly --certificate: no subset tried at k = {} has a witness, so there is "
                    "nothing to certify{}",
                    rep.k, rep.stopped ? " (the search stopped at its first subset)" : ""));
  nlohmann::json c = certificate_header("comm neighborly", params);
  c["definition"] =
      "u_j = v_j / sqrt(k) with v_j in {+1,-1}^k the j-th string of sign_vectors (j = 1..N). For each listed "
      "subset S (1-based), w_S = sqrt(k) w with w listed exactly, so <w_S,u_j> = <w,v_j> and ||w_S||^2 = "
      "k ||w||^2. Claim for every witness: <w,v_j> = 1 for j in S, |<w,v_j>| <= 1/2 for j not in S, and "
      "norm_sq = k ||w||^2 <= 4q (talk-H l.441-470, after Candes & Tao 2005).";
  c["N"] = rep.N;
  c["q"] = rep.q;
  c["k"] = rep.k;
  c["seed"] = std::to_string(seed);
  c["generator"] =
      "splitmix64 (Steele, Lea, Flood 2014) started at state seed XOR (k * 0x9E3779B97F4A7C15 mod 2^64); "
      "entry i of v_j (0-based) is + iff bit 63 of draw number j*k + i (0-based) is set";
  c["samples"] = samples;
  c["subset_generator"] =
      samples ? std::string(kSubsetStream)
              : "every q-subset of 1..N once, in lexicographic order ({1..q} first); the lists hold them in "
                "that order";
  const comm::SignVectors v = comm::draw_sign_vectors(rep.N, rep.k, seed);
  std::vector<std::string> signs;
  for (ulong j = 0; j < rep.N; ++j) {
    std::string row(rep.k, '+');
    for (ulong i = 0; i < rep.k; ++i)
      if (v.at(j, i) < 0) row[i] = '-';
    signs.push_back(std::move(row));
  }
  c["sign_vectors"] = signs;
  nlohmann::json wit = nlohmann::json::array(), other = nlohmann::json::array();
  Fmpq max_norm;
  // the checker's work: N k products per witness, more for large numbers (limits.size_factor)
  const double per_witness = static_cast<double>(rep.N) * static_cast<double>(rep.k);
  double work = static_cast<double>(rep.certified) * per_witness;
  for (const auto& r : rep.rows) {
    std::vector<ulong> S;
    for (auto j : r.S) S.push_back(j + 1);
    if (r.status == comm::WitnessStatus::certified) {
      std::vector<std::string> w;
      std::vector<const fmpz*> dens;
      std::vector<const fmpq*> xs;
      for (const auto& x : r.w) w.push_back(x.str()), dens.push_back(fmpq_denref(x.x)), xs.push_back(x.x);
      check_common_denominator("comm neighborly --certificate: a witness", dens);
      work += (size_factor(xs) - 1) * per_witness;
      wit.push_back({{"S", S}, {"w", w}, {"norm_sq", r.norm_sq.str()}});
      if (fmpq_cmp(r.norm_sq.x, max_norm.x) > 0) max_norm = r.norm_sq;
    } else {
      other.push_back({{"S", S}, {"status", comm::witness_status_name(r.status)}});
    }
  }
  check_certificate_limit("comm neighborly --certificate", "witnesses x N x k (with large numbers)", work,
                          BC_CERTIFICATE_LIMIT(neighborly_max_work), "lower --N, --k or --samples");
  c["witnesses"] = wit;
  c["not_certified"] = other;
  c["claim"] = {
      {"subsets", samples ? "sampled" : "all"},
      {"tried", rep.tried},
      {"certified", rep.certified},
      {"max_norm_sq", max_norm.str()},
      {"bound_4q", 4 * rep.q},
      {"stopped_at_first_failure", rep.stopped},
      {"note",
       "only the listed witnesses are certified; a subset in not_certified carries no proof "
       "(infeasible and norm_exceeds are the tool's exact findings, not part of this certificate)"}};
  return c;
}

out::Cell log_cell(ulong q, ulong N, bool base2, const Context& ctx) {
  Arb x;
  for (slong prec = bits_for_digits(ctx.digits) + 32;; prec *= 2) {
    if (base2)
      comm::log2_ui(x.x, N, prec);
    else
      arb_log_ui(x.x, N, prec);
    arb_mul_ui(x.x, x.x, q, prec);
    if (ctx.certified || accurate_to_digits(x.x, ctx.digits)) break;
  }
  return out::real_cell(x.x, ctx.digits, ctx.certified);
}

/// The validated request: N, q, the k range, the seed and the subsets tried.
struct NeighborlyRequest {
  ulong N = 0, q = 0, k = 0, k_max = 0, samples = 0;
  std::uint64_t seed = 0;
  bool auto_sampled = false;
  Fmpz subsets;  ///< C(N, q)
  double tried = 0;
};

NeighborlyRequest parse_request(const NeighborlyOptions& o) {
  NeighborlyRequest r;
  r.N = parse_uint("--N", o.N, 2, 100000);
  r.q = parse_uint("--q", o.q, 1, 100000);
  if (r.q > r.N)
    throw UsageError(fmt::format("--q must be <= N (a q-subset of [N]), got q = {} with N = {}", r.q, r.N));
  r.seed = parse_uint("--seed", o.seed, 0, UINT64_MAX >> 2);
  if (!o.search_k && o.k.empty()) throw UsageError("--k is required (or give --search-k)");
  if (!o.search_k && !o.k_max.empty()) throw UsageError("--k-max needs --search-k");
  if (o.search_k && o.list) throw UsageError("--list cannot be combined with --search-k");
  r.k = r.q;
  if (!o.k.empty()) {
    r.k = parse_uint("--k", o.k, 1, 4096);
    if (r.k < r.q)
      throw UsageError(
          fmt::format("--k must be >= q (k < q leaves no room for q independent equalities), got "
                      "k = {} with q = {}",
                      r.k, r.q));
  }
  r.k_max = r.k;
  if (o.search_k) {
    const double log2n = std::log2(static_cast<double>(r.N));
    const double dflt =
        std::min(4096.0, std::max(static_cast<double>(r.k), 4.0 * r.q * std::ceil(log2n) + 16));
    r.k_max = o.k_max.empty() ? static_cast<ulong>(dflt) : parse_uint("--k-max", o.k_max, 1, 4096);
    if (r.k_max < r.k)
      throw UsageError(fmt::format("--k-max must be >= the starting k = {}, got {}", r.k, r.k_max));
  }
  fmpz_bin_uiui(r.subsets.x, r.N, r.q);
  const double n_subsets = fmpz_get_d(r.subsets.x);
  if (!o.samples.empty()) {
    r.samples = parse_uint("--samples", o.samples, 1, 100000000);
  } else if (n_subsets > kEnumerateMax) {
    r.samples = kAutoSamples;
    r.auto_sampled = true;
  }
  r.tried = r.samples ? static_cast<double>(r.samples) : n_subsets;
  return r;
}

// --certificate: what the checker would refuse, before any subset is tried. The checker
// regenerates N k signs and takes N products of length k per witness (at most one per subset
// tried); a witness is k rationals of a few dozen digits each, a sign vector k characters.
void check_certificate_costs(const NeighborlyRequest& r) {
  const std::string what = "comm neighborly --certificate";
  const double N = static_cast<double>(r.N), k = static_cast<double>(r.k_max);
  check_certificate_limit(what, "N k", N * k, BC_CERTIFICATE_LIMIT(neighborly_max_sign_entries),
                          "lower --N or --k");
  check_certificate_limit(what, "subsets x N x k", certificate_limits::neighborly_work(N, k, r.tried),
                          BC_CERTIFICATE_LIMIT(neighborly_max_work), "lower --N, --k or --samples");
  check_certificate_limit(what, "its estimated size in bytes", r.tried * (k * 40 + 40) + N * (k + 4),
                          BC_CERTIFICATE_LIMIT(max_file_bytes), "lower --N, --q or --samples");
  check_certificate_limit(what, "subsets x q (regenerated)", r.tried * static_cast<double>(r.q),
                          BC_CERTIFICATE_LIMIT(neighborly_max_draws), "lower --q or --samples");
}

void check_costs(const NeighborlyRequest& r, const NeighborlyOptions& o) {
  // a search pays the full subset count at its last k; the smaller k stop at their first failure,
  // which is counted as one more full pass (an estimate, not a bound)
  const double work = (o.search_k ? 2.0 : 1.0) * r.tried * comm::neighborly_subset_cost(r.N, r.k_max);
  limits::check_work(
      "comm neighborly: work", work, 2e10, "operations",
      fmt::format("{:.3g} subsets x LP and exact active set on {} rows{}; lower --N, --q, {}or --samples",
                  r.tried, r.N + 2 * r.k_max, o.search_k ? ", twice for the search" : "",
                  o.search_k ? "--k-max " : "--k "));
  if (o.list) limits::check("comm neighborly: --list rows", r.tried, 1e5, "rows", "lower --samples");
  if (!o.certificate.empty()) check_certificate_costs(r);
}

/// --list: one row per subset tried.
void list_rows(out::Table& t, const NeighborlyRequest& r, const Context& ctx, bool cert,
               nlohmann::json& certificate) {
  auto rep = comm::neighborly_check(r.N, r.q, r.k, r.seed, r.samples, false, true, ctx.threads, cert);
  if (cert) certificate = neighborly_certificate(rep, r.seed, r.samples, t.params);
  t.columns = {"subset", "status", "w_norm_sq", "w_norm_sq_approx", "least_norm", "bound_4q"};
  for (const auto& row : rep.rows) {
    std::vector<std::string> idx;
    for (auto j : row.S) idx.push_back(std::to_string(j + 1));
    const bool has_point = row.status != comm::WitnessStatus::infeasible;
    t.add_row(
        {out::Cell::of_text(fmt::format("{{{}}}", fmt::join(idx, ","))),
         out::Cell::of_text(comm::witness_status_name(row.status)),
         has_point ? out::Cell::of_exact(row.norm_sq.str()) : out::Cell::of_text("-"),
         has_point ? uncertified(fmpq_get_d(row.norm_sq.x), ctx, "comm neighborly") : out::Cell::of_text("-"),
         out::Cell::of_text(row.least ? "yes" : "no"), out::Cell::of_int(static_cast<long long>(4 * r.q))});
  }
}

/// One summary row per k (k..k_max under --search-k, stopping at the first k that certifies
/// every subset tried); returns that k, or 0.
ulong summary_rows(out::Table& t, const NeighborlyRequest& r, const NeighborlyOptions& o, const Context& ctx,
                   bool cert, nlohmann::json& certificate) {
  t.columns = {"N",
               "q",
               "k",
               "seed",
               "subsets",
               "tried",
               "certified",
               "infeasible",
               "norm_exceeds",
               "not_found",
               "fraction_certified",
               "max_w_norm_sq",
               "bound_4q",
               "q_log2_N",
               "q_ln_N"};
  for (ulong kk = r.k; kk <= r.k_max; ++kk) {
    auto rep = comm::neighborly_check(r.N, r.q, kk, r.seed, r.samples, o.search_k, false, ctx.threads, cert);
    // the certificate is of the last k tried (the one found, or k_max): written once the search ends
    const bool last = kk == r.k_max || (o.search_k && !rep.stopped && rep.certified == rep.tried);
    if (cert && last) certificate = neighborly_certificate(rep, r.seed, r.samples, t.params);
    t.add_row({out::Cell::of_int(static_cast<long long>(r.N)), out::Cell::of_int(static_cast<long long>(r.q)),
               out::Cell::of_int(static_cast<long long>(kk)), out::Cell::of_exact(std::to_string(r.seed)),
               out::Cell::of_exact(rep.subsets.str()), out::Cell::of_int(static_cast<long long>(rep.tried)),
               out::Cell::of_int(static_cast<long long>(rep.certified)),
               out::Cell::of_int(static_cast<long long>(rep.infeasible)),
               out::Cell::of_int(static_cast<long long>(rep.norm_exceeds)),
               out::Cell::of_int(static_cast<long long>(rep.not_found)),
               fraction_cell(rep.certified, rep.tried, ctx),
               rep.certified ? uncertified(rep.max_norm_sq, ctx, "comm neighborly") : out::Cell::of_text("-"),
               out::Cell::of_int(static_cast<long long>(4 * r.q)), log_cell(r.q, r.N, true, ctx),
               log_cell(r.q, r.N, false, ctx)});
    if (o.search_k && !rep.stopped && rep.certified == rep.tried) return kk;
  }
  return 0;
}

void add_notes(out::Table& t, const NeighborlyRequest& r, const NeighborlyOptions& o, ulong found_k) {
  if (o.search_k) {
    const double log2n = std::log2(static_cast<double>(r.N));
    t.notes.push_back(
        found_k
            ? fmt::format("smallest k in [{}, {}] at which every tried subset certifies for this seed: k = "
                          "{} (q log2 N = {:.3f}, q ln N = {:.3f}); at each smaller k the search stopped "
                          "at the first subset not certified",
                          r.k, r.k_max, found_k, r.q * log2n, r.q * std::log(static_cast<double>(r.N)))
            : fmt::format("no k in [{}, {}] certified every tried subset (raise --k-max)", r.k, r.k_max));
  }
  t.notes.push_back(
      "v_j = sqrt(k) u_j in {+-1}^k, w' = w / sqrt(k): every witness is checked in exact rationals "
      "(<w,u_j> = 1 on S, |<w,u_j>| <= 1/2 off S, ||w||^2 <= 4q); w_norm_sq = ||w||^2. Search: least-norm "
      "solution of the equalities, else an LP (GLPK) vertex rebuilt exactly from its basis, then an exact "
      "active-set descent to the least ||w||. infeasible: no w meets the linear conditions (GLPK rational "
      "simplex); norm_exceeds: the least ||w||^2 (KKT verified exactly) exceeds 4q; not_found: the descent "
      "hit "
      "its iteration cap, a witness may exist");
  if (r.samples)
    t.notes.push_back(
        fmt::format("{} of the C(N,q) = {} subsets drawn at random (with replacement) from the "
                    "seed{}",
                    r.samples, r.subsets.str(),
                    r.auto_sampled ? fmt::format(": C(N,q) > {:.0f}, so sampled automatically; "
                                                 "--samples sets the number",
                                                 kEnumerateMax)
                                   : std::string()));
}

RunResult run_comm_neighborly(const NeighborlyOptions& o, const Context& ctx) {
  const NeighborlyRequest r = parse_request(o);
  check_certificate_path(o.certificate, ctx, {});
  check_costs(r, o);
  const bool cert = !o.certificate.empty();
  nlohmann::json certificate;
  out::Table t;
  t.command = "comm neighborly";
  t.params["N"] = r.N;
  t.params["q"] = r.q;
  t.params["k"] = r.k;
  t.params["seed"] = r.seed;
  t.params["samples"] = r.samples;
  t.params["search_k"] = o.search_k;
  if (o.search_k) t.params["k_max"] = r.k_max;
  ulong found_k = 0;
  if (o.list)
    list_rows(t, r, ctx, cert, certificate);
  else
    found_k = summary_rows(t, r, o, ctx, cert, certificate);
  add_notes(t, r, o, found_k);
  RunResult res{std::move(t), 0};
  attach_certificate(res, o.certificate, certificate);
  return res;
}

}  // namespace

void setup_comm_neighborly(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<NeighborlyOptions>();
  CLI::App* app = reg.add(group, "neighborly",
                          "q-neighborly sign vectors: find and exactly certify w_S for every q-subset S");
  app->add_option("--N", opt->N, "Number of vectors N (2..100000)")->type_name("INT")->required();
  app->add_option("--q", opt->q, "Subset size q, 1 <= q <= N")->type_name("INT")->required();
  app->add_option("--k", opt->k, "Dimension k, q <= k <= 4096 (with --search-k: where the search starts)")
      ->type_name("INT");
  app->add_option("--seed", opt->seed, "Seed of the sign vectors and of sampled subsets (default 1)")
      ->type_name("INT");
  app->add_option("--samples", opt->samples,
                  "Check this many random q-subsets instead of all (automatic, 1000, when C(N,q) > 100000)")
      ->type_name("INT");
  app->add_flag("--search-k", opt->search_k,
                "Search k upwards for the least k at which all tried subsets certify");
  app->add_option("--k-max", opt->k_max, "Largest k searched (default 4 q ceil(log2 N) + 16, at most 4096)")
      ->type_name("INT");
  app->add_flag("--list", opt->list, "One row per subset: status and the exact ||w_S||^2");
  add_certificate_option(app, opt->certificate,
                         "the sign vectors and every certified witness w_S exactly, with its norm; with "
                         "--search-k, those of the last k tried");
  reg.help(
      app,
      Help{.formula = "u_1..u_N in {+-1/sqrt k}^k (seeded), k = O(q log N), such that every q-subset S has "
                      "a w_S with\n"
                      "||w_S|| <= 2 sqrt q, <w_S, u_j> = 1 on S and |<w_S, u_j>| <= 1/2 off S "
                      "(q-neighborly).",
           .formula_latex = R"tex(\begin{aligned}
& u_1, \dots, u_N \in \{ \pm 1/\sqrt{k} \}^k, \quad k = O(q \log N): \quad \text{every } S \subset [N], \; |S| = q, \text{ has a } w_S \text{ with}\\
& \| w_S \| \le 2 \sqrt{q}, \qquad \langle w_S, u_j \rangle = 1 \; (j \in S), \qquad | \langle w_S, u_j \rangle | \le \tfrac12 \; (j \notin S)
\end{aligned})tex",
           .source = "talk-H l.441-470 (after Candes & Tao 2005); docs/math/comm.md#neighborly-sign-vectors",
           .cost = "Per subset: an exact least-norm active-set descent, GLPK's simplex on N + 2k rows "
                   "with the vertex rebuilt in rationals, and an exact O(N k) check; C(N,q) subsets (or "
                   "--samples M), twice the attempts with --search-k. Estimated up front and refused "
                   "above the work limit.",
           .details = "Every witness reported as certified was checked in exact rational arithmetic. "
                      "--certificate FILE: the sign vectors and every certified w_S exactly; "
                      "tools/check_certificate.py checks them with Python's fractions alone.",
           .examples = {"boundcheck comm neighborly --N 16 --q 2 --k 24 --seed 1",
                        "boundcheck comm neighborly --N 16 --q 2 --seed 1 --search-k",
                        "boundcheck comm neighborly --N 16 --q 2 --k 17 --seed 1 --certificate nb.json"}});
  reg.bind(app, opt, run_comm_neighborly);
}

}  // namespace bc::cli
