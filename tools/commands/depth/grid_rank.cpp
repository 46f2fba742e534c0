// boundcheck depth grid-rank --hadamard --d D --lambda K [--omega W] [--exact]
// boundcheck depth grid-rank --network --L L --dx DX --H H --N N [--templates M] [--seed S]
// boundcheck depth grid-rank --network --construction lemma6 --L L --dx DX --H H [--N N] [--omega W]
//                            [--last-layer fixed|printed]
// Ranks behind paper-L's lower bounds (src/depth/hadamard_rank.cpp, src/depth/network.cpp).
#include "certificate/certificate.hpp"
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "depth/hadamard_rank.hpp"
#include "depth/lemma6.hpp"
#include "depth/network.hpp"
#include "expr/expr.hpp"
#include "parse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace bc::cli {

namespace {

struct GridRankOptions {
  bool hadamard = false, network = false, exact = false;
  std::string d, lambda, omega = "1/2", L, dx, H = "1", N = "2", templates, seed = "1";
  std::string construction = "random", last_layer = "fixed", certificate;
};

// The bits of an exact entry A_ab <= (d max(|p|, s)^(2 lambda))^lambda, as the checker bounds them
// before it forms the entries to check a null space (certificate_limits::hadamard_max_entry_bits).
double hadamard_entry_bits(ulong d, ulong lam, const Fmpq& omega) {
  const double bits =
      static_cast<double>(std::max(fmpz_bits(fmpq_numref(omega.x)), fmpz_bits(fmpq_denref(omega.x))));
  return static_cast<double>(lam) * (2.0 * static_cast<double>(lam) * bits + std::floor(std::log2(d)) + 1);
}

nlohmann::json minor_json(const NmodMinor& m) {
  return {{"rows", m.rows}, {"cols", m.cols}, {"det_mod_p", std::to_string(m.det)}};
}

nlohmann::json hadamard_certificate(const depth::HadamardRank& r, const depth::HadamardCertificate& c,
                                    ulong d, ulong lam, const Fmpq& omega, const nlohmann::json& params) {
  nlohmann::json j = certificate_header("depth grid-rank", params);
  j["kind"] = "hadamard";
  j["definition"] =
      "Rows and columns are indexed by the weak compositions q^a of lambda into d parts (listed, 0-based "
      "indices). With Omega = p/s in lowest terms (s > 0), A_ab = (sum_r p^{e_r} s^{2 lambda - e_r})^lambda, "
      "e_r = q^a_r + q^b_r: an integer, s^{2 lambda^2} (sum_r Omega^{e_r})^lambda. paper-L's (V V^T)^{odot "
      "lambda} (appendix B, lines 680-718) is D A D / s^{2 lambda^2} for the positive diagonal D of the row "
      "normalisation, so it has the rank of A. A minor nonsingular mod a prime is nonsingular over Q: "
      "rank_Q(A) >= its size. The paper's claim is rank = binom(d+lambda-1, lambda) = n.";
  j["d"] = d;
  j["lambda"] = lam;
  j["omega"] = omega.str();
  j["n"] = r.n;
  j["compositions"] = c.compositions;
  j["prime"] = std::to_string(r.prime);
  j["minor"] = minor_json(c.minor);
  j["claim"] = {{"rank_mod_p", r.rank_mod_p}, {"rank_at_least", c.minor.rows.size()}, {"multiset", r.n}};
  if (r.exact_rank >= 0) {
    nlohmann::json e = {{"rank", r.exact_rank},
                        {"prime", std::to_string(c.exact_prime)},
                        {"minor", minor_json(c.exact_minor)}};
    if (r.exact_rank < static_cast<long>(r.n)) {
      const double bits = hadamard_entry_bits(d, lam, omega);
      const double work = certificate_limits::hadamard_null_work(
          static_cast<double>(r.n), static_cast<double>(c.null_space.size()), bits);
      if (!c.null_space.empty() && (bits > certificate_limits::hadamard_max_entry_bits ||
                                    work > certificate_limits::hadamard_max_null_work)) {
        e["upper_bound"] = fmt::format(
            "not certified: checking the null space needs entries of {:.0f} bits and hadamard_null_work = "
            "{:.0f}, "
            "above the checker's limits hadamard_max_entry_bits = {:.0f} or hadamard_max_null_work = {:.0f}",
            bits, work, certificate_limits::hadamard_max_entry_bits,
            certificate_limits::hadamard_max_null_work);
      } else if (c.null_space.empty()) {
        e["upper_bound"] = fmt::format("not certified: n = {} is above {}, the null space is not listed", r.n,
                                       depth::null_space_limit);
      } else {
        nlohmann::json ns = nlohmann::json::array();
        for (const auto& v : c.null_space) {
          std::vector<std::string> col;
          for (const auto& x : v) col.push_back(x.str());
          ns.push_back(col);
        }
        e["null_space"] = ns;
        e["upper_bound"] = "A x = 0 for each listed x, and they are independent: rank <= n - their number";
      }
    }
    j["exact"] = e;
  }
  return j;
}

nlohmann::json network_certificate(const depth::NetworkRank& r, ulong L, ulong dx, ulong H, ulong N, ulong M,
                                   std::uint64_t seed, const nlohmann::json& params) {
  nlohmann::json j = certificate_header("depth grid-rank", params);
  j["kind"] = "network";
  j["definition"] =
      "Linearised self-attention (paper-L eq. (3), appendix B.1 lines 613-658), integer weights: X_0 is d_x "
      "x N "
      "with column j = template_vectors[i_j]; X_{l+1} = sum_h W^O_{l,h} (W^V_{l,h} X_l) ((W^K_{l,h} X_l)^T "
      "(W^Q_{l,h} X_l)); y(i_1..i_N) = entry (1,1) of X_L. The grid tensor y is matricised by the partition: "
      "the row index is the mixed-radix number (base M, first listed position most significant) of the "
      "template indices at the positions I (1-based), the column index that of the other positions in "
      "increasing order. A minor nonsingular mod the prime is nonsingular over Q, so the rank over Q of "
      "the integer grid matrix (hence sep, paper-L Claim 1) is at least its size.";
  j["L"] = L;
  j["dx"] = dx;
  j["H"] = H;
  j["N"] = N;
  j["templates"] = M;
  j["seed"] = std::to_string(seed);
  j["prime"] = std::to_string(r.prime);
  j["generator"] =
      "splitmix64 started at state seed; every draw reduced mod the prime, in the order: for each layer l "
      "and "
      "head h (index l H + h) W^Q, W^K, W^V (d_a x d_x), W^O (d_x x d_a), row-major; then the M templates";
  auto strings = [](const std::vector<unsigned long>& v) {
    std::vector<std::string> s;
    for (auto x : v) s.push_back(std::to_string(x));
    return s;
  };
  nlohmann::json w = nlohmann::json::array();
  for (size_t i = 0; i < r.w_q.size(); ++i)
    w.push_back({{"layer", i / H + 1},
                 {"head", i % H + 1},
                 {"W_Q", strings(r.w_q[i])},
                 {"W_K", strings(r.w_k[i])},
                 {"W_V", strings(r.w_v[i])},
                 {"W_O", strings(r.w_o[i])}});
  j["weights"] = w;
  nlohmann::json tv = nlohmann::json::array();
  for (const auto& t : r.templates_x) tv.push_back(strings(t));
  j["template_vectors"] = tv;
  nlohmann::json parts = nlohmann::json::array();
  for (size_t i = 0; i < r.partitions.size(); ++i)
    parts.push_back({{"I", r.partitions[i]}, {"rank_mod_p", r.ranks[i]}, {"minor", minor_json(r.minors[i])}});
  j["partitions"] = parts;
  return j;
}

// paper-L Lemma 6's explicit weights and templates (src/depth/lemma6.hpp: the corrections to the
// printed construction are listed there); the certified rank of the Ĩ x J̃ sub-matrix.
RunResult run_lemma6(const GridRankOptions& o) {
  const ulong L = parse_uint("--L", o.L, 2, 8);
  const ulong dx = parse_uint("--dx", o.dx, 3, 64);
  const ulong H = parse_uint("--H", o.H, 1, 64);
  const ulong N = parse_uint("--N", o.N, 2, 8);
  if (N % 2) throw UsageError(fmt::format("--N must be even (balanced partitions), got \"{}\"", o.N));
  const std::string last = parse_choice("--last-layer", o.last_layer, {"fixed", "printed"});
  const Fmpq omega = parse_rational("--omega", o.omega);
  if (fmpq_is_zero(omega.x)) throw UsageError("--omega must be nonzero, got \"0\"");
  if (!o.templates.empty() || o.seed != "1")
    throw UsageError(
        "--construction lemma6 fixes its own templates and weights: drop --templates and --seed");
  limits::check_work("depth grid-rank --construction lemma6: work", depth::lemma6_cost(L, dx, H, N), 2e9,
                     "ball operations", "lower --L or --dx");
  auto r = depth::lemma6_grid_rank(L, dx, H, N, omega, last == "fixed");
  out::Table t;
  t.command = "depth grid-rank";
  t.params["construction"] = "lemma6";
  t.params["L"] = L;
  t.params["dx"] = dx;
  t.params["H"] = H;
  t.params["N"] = N;
  t.params["omega"] = o.omega;
  t.params["last_layer"] = last;
  t.columns = {"rank", "multiset", "L",         "dx",           "H",        "N",
               "d",    "lambda",   "full_rank", "proportional", "deviation"};
  t.add_row(
      {out::Cell::of_int(static_cast<long long>(r.rank_lower)),
       out::Cell::of_int(static_cast<long long>(r.half_m)), out::Cell::of_int(static_cast<long long>(L)),
       out::Cell::of_int(static_cast<long long>(dx)), out::Cell::of_int(static_cast<long long>(H)),
       out::Cell::of_int(static_cast<long long>(N)), out::Cell::of_int(static_cast<long long>(r.d)),
       out::Cell::of_int(static_cast<long long>(r.lambda)), out::Cell::of_text(r.full_rank ? "yes" : "no"),
       out::Cell::of_text(r.proportional ? "yes" : "no"),
       out::real_cell(expr::show_ball(r.deviation.x, 5), r.deviation.x)});
  t.notes.push_back(fmt::format(
      "paper-L Lemma 6 (corrected, last layer {}): rank = certified lower bound on the rank of the grid "
      "sub-matrix [[A]]_(I~,J~) (complex ball arithmetic, {} bits); multiset = ((d lambda)) = "
      "binom(d+lambda-1, "
      "lambda), the bound the lemma promises; proportional: eq. (28) A = Const (V V^T)^(odot lambda) within "
      "the "
      "balls",
      last, r.prec));
  if (last == "printed" && H > 1)
    t.notes.push_back(
        "the last layer as printed reads only head 1 (W^{V,L,h} = i 1_{j=d_a}): eq. (28) fails for H > 1");
  return {std::move(t), 0};
}

// --hadamard: rank((V V^T)^{odot lambda}) exactly or mod p, against binom(d+lambda-1, lambda).
RunResult run_hadamard(const GridRankOptions& o) {
  if (o.d.empty() || o.lambda.empty()) throw UsageError("--hadamard needs --d D and --lambda K");
  const ulong d = parse_uint("--d", o.d, 1, 64);
  const ulong lam = parse_uint("--lambda", o.lambda, 1, 64);
  const Fmpq omega = parse_rational("--omega", o.omega);
  if (fmpq_is_zero(omega.x)) throw UsageError("--omega must be nonzero, got \"0\"");
  // the exact rank works with powers of omega: its height drives the cost
  constexpr auto omega_bits = static_cast<ulong>(certificate_limits::hadamard_max_omega_bits);
  if (fmpz_bits(fmpq_numref(omega.x)) > omega_bits || fmpz_bits(fmpq_denref(omega.x)) > omega_bits)
    throw UsageError(
        fmt::format("--omega must be a rational with numerator and denominator below 2^1000, got \"{}\"",
                    o.omega.size() > 40 ? o.omega.substr(0, 37) + "..." : o.omega));
  depth::HadamardCertificate hc;
  if (!o.certificate.empty()) {
    Fmpz nb;
    fmpz_bin_uiui(nb.x, d + lam - 1, lam);
    check_certificate_limit("depth grid-rank --certificate", "binom(d+lambda-1, lambda)", fmpz_get_d(nb.x),
                            BC_CERTIFICATE_LIMIT(grid_rank_max_side), "lower --d or --lambda");
  }
  auto r = depth::hadamard_rank(d, lam, omega, o.exact, o.certificate.empty() ? nullptr : &hc);
  out::Table t;
  t.command = "depth grid-rank";
  t.params["d"] = d;
  t.params["lambda"] = lam;
  t.params["omega"] = o.omega;
  nlohmann::json cert;
  if (!o.certificate.empty()) cert = hadamard_certificate(r, hc, d, lam, omega, t.params);
  t.columns = {"d", "lambda", "omega", "multiset", "rank_exact", "rank_mod_p", "prime", "full_rank"};
  const bool full = r.rank_mod_p == r.n && (r.exact_rank < 0 || r.exact_rank == static_cast<long>(r.n));
  t.add_row({out::Cell::of_int(static_cast<long long>(d)), out::Cell::of_int(static_cast<long long>(lam)),
             out::Cell::of_exact(omega.str()), out::Cell::of_int(static_cast<long long>(r.n)),
             r.exact_rank < 0 ? out::Cell::of_text("n/a") : out::Cell::of_int(r.exact_rank),
             out::Cell::of_int(static_cast<long long>(r.rank_mod_p)),
             out::Cell::of_exact(std::to_string(r.prime)), out::Cell::of_text(full ? "yes" : "no")});
  if (!full)
    t.notes.push_back(
        fmt::format("unlucky Omega = {}: the rank falls below binom(d+lambda-1, lambda) = {}; the claim "
                    "holds for all but finitely many Omega (Omega = 1 always fails; any non-integer "
                    "rational is safe)",
                    omega.str(), r.n));
  if (r.exact_rank >= 0 && static_cast<long>(r.rank_mod_p) != r.exact_rank)
    t.notes.push_back(
        "the rank mod p is below the exact rank: p divides a minor (a lower bound, as expected)");
  RunResult res{std::move(t), 0};
  attach_certificate(res, o.certificate, cert);
  return res;
}

/// --network (random construction): the validated sizes.
struct NetworkRequest {
  ulong L = 0, dx = 0, H = 0, N = 0, M = 0;
  std::uint64_t seed = 0;
};

NetworkRequest parse_network(const GridRankOptions& o) {
  NetworkRequest q;
  q.L = parse_uint("--L", o.L, 1, 8);
  q.dx = parse_uint("--dx", o.dx, 1, 64);
  q.H = parse_uint("--H", o.H, 1, 64);
  if (q.dx % q.H)
    throw DomainError(fmt::format("depth grid-rank: H must divide d_x, got d_x = {}, H = {}", q.dx, q.H));
  q.N = parse_uint("--N", o.N, 2, 8);
  if (q.N % 2) throw UsageError(fmt::format("--N must be even (balanced partitions), got \"{}\"", o.N));
  q.M = o.templates.empty() ? (q.N == 2   ? 40
                               : q.N == 4 ? 6
                                          : 3)
                            : parse_uint("--templates", o.templates, 1, 4096);
  q.seed = parse_uint("--seed", o.seed, 0, UINT64_MAX >> 2);
  return q;
}

void check_network_costs(const NetworkRequest& q, const GridRankOptions& o) {
  depth::check_network_size("depth grid-rank --network", q.L, q.dx, q.H, q.N, q.M,
                            "lower --templates, --N, --L or --dx", "lower --templates or --N");
  double side = 1;
  for (ulong i = 0; i < q.N / 2; ++i) side *= static_cast<double>(q.M);
  if (o.certificate.empty()) return;
  const std::string what = "depth grid-rank --certificate";
  check_certificate_limit(what, "templates^(N/2)", side, BC_CERTIFICATE_LIMIT(grid_rank_max_side),
                          "lower --templates or --N");
  check_certificate_limit(what, "network_work",
                          certificate_limits::network_work(
                              static_cast<double>(q.L), static_cast<double>(q.dx), static_cast<double>(q.H),
                              static_cast<double>(q.N), static_cast<double>(q.M)),
                          BC_CERTIFICATE_LIMIT(network_max_work), "lower --templates, --N, --L or --dx");
}

out::Table network_table(const NetworkRequest& q, const depth::NetworkRank& r) {
  out::Table t;
  t.command = "depth grid-rank";
  t.params["L"] = q.L;
  t.params["dx"] = q.dx;
  t.params["H"] = q.H;
  t.params["N"] = q.N;
  t.params["templates"] = q.M;
  t.params["seed"] = q.seed;
  t.columns = {"L", "dx", "H", "N", "templates", "partition_I", "rank_mod_p", "prime"};
  for (size_t i = 0; i < r.ranks.size(); ++i)
    t.add_row({out::Cell::of_int(static_cast<long long>(q.L)),
               out::Cell::of_int(static_cast<long long>(q.dx)),
               out::Cell::of_int(static_cast<long long>(q.H)), out::Cell::of_int(static_cast<long long>(q.N)),
               out::Cell::of_int(static_cast<long long>(q.M)),
               out::Cell::of_text(fmt::format("{{{}}}", fmt::join(r.partitions[i], ","))),
               out::Cell::of_int(static_cast<long long>(r.ranks[i])),
               out::Cell::of_exact(std::to_string(r.prime))});
  t.notes.push_back(
      "rank mod p of the matricised grid tensor of the linearised network (random integer weights "
      "and templates from --seed): a certified lower bound on its rational rank, hence on sep "
      "(paper-L Claim 1), for almost every weight setting (Claim 2)");
  if (r.ranks.size() > 1)
    t.notes.push_back(r.ranks[0] == r.ranks[1] ? "Proposition 1: equal ranks for the two balanced partitions"
                                               : "Proposition 1: the ranks differ for these templates (more "
                                                 "templates may be needed to saturate both)");
  return t;
}

// --network with random weights and templates: parse, check the costs, compute, present.
RunResult run_network(const GridRankOptions& o) {
  const NetworkRequest q = parse_network(o);
  check_network_costs(q, o);
  auto r = depth::network_grid_rank(q.L, q.dx, q.H, q.N, q.M, q.seed, !o.certificate.empty());
  RunResult res{network_table(q, r), 0};
  if (!o.certificate.empty())
    attach_certificate(res, o.certificate,
                       network_certificate(r, q.L, q.dx, q.H, q.N, q.M, q.seed, res.table.params));
  return res;
}

RunResult run_depth_grid_rank(const GridRankOptions& o, const Context& ctx) {
  if (o.hadamard == o.network) throw UsageError("give exactly one of --hadamard or --network");
  check_certificate_path(o.certificate, ctx, {});
  if (o.hadamard) return run_hadamard(o);
  if (o.L.empty() || o.dx.empty()) throw UsageError("--network needs --L, --dx (and --H, --N)");
  const std::string construction = parse_choice("--construction", o.construction, {"random", "lemma6"});
  if (construction != "lemma6") return run_network(o);
  if (!o.certificate.empty())
    throw UsageError(
        "--certificate is not available with --construction lemma6: its grid matrix is irrational (complex "
        "balls); certify the rank it reduces to (eq. 28) with --hadamard --d D --lambda K --certificate "
        "FILE");
  return run_lemma6(o);
}

}  // namespace

void setup_depth_grid_rank(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<GridRankOptions>();
  CLI::App* app =
      reg.add(group, "grid-rank", "Ranks behind paper-L's lower bounds: Hadamard powers, grid tensors");
  app->add_flag("--hadamard", opt->hadamard, "rank((V V^T)^{odot lambda}) against binom(d+lambda-1, lambda)");
  app->add_flag("--network", opt->network, "grid-tensor rank of the linearised network mod p");
  app->add_option("--d", opt->d, "(--hadamard) parts d")->type_name("INT");
  app->add_option("--lambda", opt->lambda, "(--hadamard) power lambda")->type_name("INT");
  app->add_option("--omega", opt->omega, "(--hadamard) Omega, exact rational, default 1/2 (never unlucky)")
      ->type_name("RATIONAL");
  app->add_flag("--exact", opt->exact, "(--hadamard) also the exact rank over Z (n <= 400)");
  app->add_option("--L", opt->L, "(--network) depth")->type_name("INT");
  app->add_option("--dx", opt->dx, "(--network) width")->type_name("INT");
  app->add_option("--H", opt->H, "(--network) heads, dividing dx (default 1)")->type_name("INT");
  app->add_option("--N", opt->N, "(--network) sequence length, even (default 2)")->type_name("INT");
  app->add_option("--templates", opt->templates, "(--network) template vectors M (grid M^N)")
      ->type_name("INT");
  app->add_option("--seed", opt->seed, "(--network) seed for weights and templates (default 1)")
      ->type_name("INT");
  app->add_option(
         "--construction", opt->construction,
         "(--network) random (default) or lemma6: paper-L Lemma 6's weights and templates (d_x/H odd)")
      ->type_name("random|lemma6");
  app->add_option("--last-layer", opt->last_layer,
                  "(--construction lemma6) fixed (default: every head writes output p) or printed")
      ->type_name("fixed|printed");
  add_certificate_option(
      app, opt->certificate,
      "a nonsingular minor: row and column indices, the prime, the determinant mod p, with "
      "the matrix's definition (and the network's weights); with --exact, the exact rank's "
      "minor and, below full rank, its null space");
  reg.help(
      app,
      Help{.formula = "--hadamard: rank((V V^T)^{odot lambda}) against the multiset coefficient\n"
                      "  binom(d+lambda-1, lambda), V the rows Omega^{q_r} over the weak compositions q of "
                      "lambda\n"
                      "  into d parts (rows normalised).\n"
                      "--network: the rank of the grid tensor of the linearised network, matricised by two "
                      "balanced\n"
                      "  partitions, mod a 62-bit prime (a certified lower bound of the rational rank, "
                      "hence of sep).\n"
                      "--construction lemma6: Lemma 6's weights and templates; a certified lower bound of "
                      "the rank of\n"
                      "  its sub-matrix against binom(d+lambda-1, lambda), d = (d_x - H)/2, lambda = "
                      "3^(L-2).",
           .formula_latex = R"tex(\begin{aligned}
\text{hadamard:}\quad & \operatorname{rank}\bigl( (V V^{\top})^{\odot \lambda} \bigr) = \tbinom{d + \lambda - 1}{\lambda}, \qquad V_{\alpha r} = \Omega^{q^\alpha_r} / \| \Omega^{q^\alpha} \|, \quad q^\alpha \text{ the weak compositions of } \lambda \text{ into } d \text{ parts}\\
\text{network:}\quad & \operatorname{rank}_p \mathcal{A}(y)_{I,J} \le \operatorname{rank}_{\mathbb{Q}} \mathcal{A}(y)_{I,J} \le \mathrm{sep}(y; I, J), \qquad (I, J) \text{ balanced}\\
\text{lemma6:}\quad & \operatorname{rank} \ge \tbinom{d + \lambda - 1}{\lambda}, \qquad d = \tfrac{d_x - H}{2}, \quad \lambda = 3^{L-2}
\end{aligned})tex",
           .source = "paper-L l.678-703 (eq. 24 and the Hadamard-power rank), l.615-640 (grid tensors, "
                     "Claim 1), l.724-728 (Lemma 6, eq. 28), l.73-79 (the linearised layer, eqs. 3-4); "
                     "docs/math/depth.md#grid-tensors",
           .cost = "--hadamard: an n x n rank mod p, n = binom(d+lambda-1, lambda), O(n^3) word "
                   "operations (--exact: over Z, n <= 400). --network: M^N grid points through L "
                   "layers, then a rank of a side <= 3000 matrix mod p (estimated up front, refused "
                   "above 5e9 operations). lemma6: certified ball arithmetic, refused above 2e9 ball "
                   "operations.",
           .details = "Two places in Lemma 6's printed text are corrected (the index typos, and the last "
                      "layer, which as printed reads only head 1: --last-layer printed shows the "
                      "shortfall). --certificate FILE: a nonsingular minor (rows, columns, prime, det mod p) "
                      "with the matrix's definition (and the weights); tools/check_certificate.py "
                      "recomputes the entries and the determinant.",
           .examples = {"boundcheck depth grid-rank --hadamard --d 3 --lambda 3 --exact",
                        "boundcheck depth grid-rank --hadamard --d 3 --lambda 2 --omega 1     # an excluded "
                        "Omega",
                        "boundcheck depth grid-rank --network --L 2 --dx 3 --N 4 --templates 6",
                        "boundcheck depth grid-rank --network --construction lemma6 --L 3 --dx 10 --H 2",
                        "boundcheck depth grid-rank --hadamard --d 3 --lambda 3 --exact --certificate "
                        "h.json"}});
  reg.bind(app, opt, run_depth_grid_rank);
}

}  // namespace bc::cli
