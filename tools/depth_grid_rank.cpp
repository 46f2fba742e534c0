// boundcheck depth grid-rank --hadamard --d D --lambda K [--omega W] [--exact]
// boundcheck depth grid-rank --network --L L --dx DX --H H --N N [--templates M] [--seed S]
// boundcheck depth grid-rank --network --construction lemma6 --L L --dx DX --H H [--N N] [--omega W]
//                            [--last-layer fixed|printed]
// Ranks behind paper-L's lower bounds (src/depth/hadamard_rank.cpp, src/depth/network.cpp).
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/expr.hpp"
#include "core/limits.hpp"
#include "depth/hadamard_rank.hpp"
#include "depth/lemma6.hpp"
#include "depth/network.hpp"
#include "parse.hpp"

#include <fmt/format.h>

namespace bc::cli {

namespace {

struct GridRankOptions {
  bool hadamard = false, network = false, exact = false;
  std::string d, lambda, omega = "1/2", L, dx, H = "1", N = "2", templates, seed = "1";
  std::string construction = "random", last_layer = "fixed";
};

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
       out::Cell::of_real(expr::show_ball(r.deviation.x, 5))});
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

RunResult run_depth_grid_rank(const GridRankOptions& o, const Context&) {
  if (o.hadamard == o.network) throw UsageError("give exactly one of --hadamard or --network");
  out::Table t;
  t.command = "depth grid-rank";
  if (o.hadamard) {
    if (o.d.empty() || o.lambda.empty()) throw UsageError("--hadamard needs --d D and --lambda K");
    const ulong d = parse_uint("--d", o.d, 1, 64);
    const ulong lam = parse_uint("--lambda", o.lambda, 1, 64);
    const Fmpq omega = parse_rational("--omega", o.omega);
    if (fmpq_is_zero(omega.x)) throw UsageError("--omega must be nonzero, got \"0\"");
    // the exact rank works with powers of omega: its height drives the cost
    if (fmpz_bits(fmpq_numref(omega.x)) > 1000 || fmpz_bits(fmpq_denref(omega.x)) > 1000)
      throw UsageError(
          fmt::format("--omega must be a rational with numerator and denominator below 2^1000, got \"{}\"",
                      o.omega.size() > 40 ? o.omega.substr(0, 37) + "..." : o.omega));
    auto r = depth::hadamard_rank(d, lam, omega, o.exact);
    t.params["d"] = d;
    t.params["lambda"] = lam;
    t.params["omega"] = o.omega;
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
    return {std::move(t), 0};
  }
  if (o.L.empty() || o.dx.empty()) throw UsageError("--network needs --L, --dx (and --H, --N)");
  const std::string construction = parse_choice("--construction", o.construction, {"random", "lemma6"});
  if (construction == "lemma6") return run_lemma6(o);
  const ulong L = parse_uint("--L", o.L, 1, 8);
  const ulong dx = parse_uint("--dx", o.dx, 1, 64);
  const ulong H = parse_uint("--H", o.H, 1, 64);
  if (dx % H)
    throw DomainError(fmt::format("depth grid-rank: H must divide d_x, got d_x = {}, H = {}", dx, H));
  const ulong N = parse_uint("--N", o.N, 2, 8);
  if (N % 2) throw UsageError(fmt::format("--N must be even (balanced partitions), got \"{}\"", o.N));
  const ulong M = o.templates.empty() ? (N == 2   ? 40
                                         : N == 4 ? 6
                                                  : 3)
                                      : parse_uint("--templates", o.templates, 1, 4096);
  const std::uint64_t seed = parse_uint("--seed", o.seed, 0, UINT64_MAX >> 2);
  limits::check_work("depth grid-rank --network: work", depth::network_cost(L, dx, H, N, M), 5e9,
                     "word operations", "lower --templates, --N, --L or --dx");
  double side = 1;
  for (ulong i = 0; i < N / 2; ++i) side *= static_cast<double>(M);
  limits::check("depth grid-rank --network: matrix side", side, 3000, "rows", "lower --templates or --N");
  auto r = depth::network_grid_rank(L, dx, H, N, M, seed);
  t.params["L"] = L;
  t.params["dx"] = dx;
  t.params["H"] = H;
  t.params["N"] = N;
  t.params["templates"] = M;
  t.params["seed"] = seed;
  t.columns = {"L", "dx", "H", "N", "templates", "partition_I", "rank_mod_p", "prime"};
  for (size_t i = 0; i < r.ranks.size(); ++i)
    t.add_row({out::Cell::of_int(static_cast<long long>(L)), out::Cell::of_int(static_cast<long long>(dx)),
               out::Cell::of_int(static_cast<long long>(H)), out::Cell::of_int(static_cast<long long>(N)),
               out::Cell::of_int(static_cast<long long>(M)),
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
  return {std::move(t), 0};
}

}  // namespace

void setup_depth_grid_rank(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<GridRankOptions>();
  CLI::App* app =
      reg.add(group, "grid-rank", "Ranks behind paper-L's lower bounds: Hadamard powers, grid tensors");
  app->add_flag("--hadamard", opt->hadamard, "rank((V V^T)^{odot lambda}) against binom(d+lambda-1, lambda)");
  app->add_flag("--network", opt->network, "grid-tensor rank of the linearised network mod p");
  app->add_option("--d", opt->d, "(--hadamard) parts d");
  app->add_option("--lambda", opt->lambda, "(--hadamard) power lambda");
  app->add_option("--omega", opt->omega, "(--hadamard) Omega, exact rational, default 1/2 (never unlucky)");
  app->add_flag("--exact", opt->exact, "(--hadamard) also the exact rank over Z (n <= 400)");
  app->add_option("--L", opt->L, "(--network) depth");
  app->add_option("--dx", opt->dx, "(--network) width");
  app->add_option("--H", opt->H, "(--network) heads, dividing dx (default 1)");
  app->add_option("--N", opt->N, "(--network) sequence length, even (default 2)");
  app->add_option("--templates", opt->templates, "(--network) template vectors M (grid M^N)");
  app->add_option("--seed", opt->seed, "(--network) seed for weights and templates (default 1)");
  app->add_option(
      "--construction", opt->construction,
      "(--network) random (default) or lemma6: paper-L Lemma 6's weights and templates (d_x/H odd)");
  app->add_option("--last-layer", opt->last_layer,
                  "(--construction lemma6) fixed (default: every head writes output p) or printed");
  app->footer(
      "Examples:\n"
      "  boundcheck depth grid-rank --hadamard --d 3 --lambda 3 --exact\n"
      "  boundcheck depth grid-rank --hadamard --d 3 --lambda 2 --omega 1     # an excluded Omega\n"
      "  boundcheck depth grid-rank --network --L 2 --dx 3 --N 4 --templates 6\n"
      "  boundcheck depth grid-rank --network --construction lemma6 --L 3 --dx 10 --H 2");
  reg.bind(app, opt, run_depth_grid_rank);
}

}  // namespace bc::cli
