// boundcheck sym gram --N N --degree K --measure cue|circle [--normalised] [--matrix] [--lambda P]
// Exact Gram matrices E[P_lambda conj P_mu] of products of power sums, degree by degree n = 1..K
// (src/sym/gram.hpp): per degree the size p(n), the rank, whether G is diagonal (and equal to
// z_lambda on the diagonal: Diaconis–Shahshahani), the largest off-diagonal entry and the smallest
// eigenvalue (exact for cue, exact or certified for circle); or, with --matrix, every entry.
#include "sym/gram.hpp"
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "parse.hpp"
#include "sym/characters.hpp"

#include <flint/ulong_extras.h>
#include <fmt/format.h>

namespace bc::cli {

namespace {

struct GramOptions {
  std::string N, degree, measure = "cue", lambda, sum = "auto";
  bool normalised = false, matrix = false;
};

constexpr size_t kEigenMax = 400;  // certified eigenvalue brackets (O(p^3) balls) up to this size

std::string entry_text(const fmpz_t G, const sym::Partition& l, const sym::Partition& m, bool normalised) {
  if (!normalised) return to_string(G);
  Fmpz a, b;
  sym::part_product(a.x, l);
  sym::part_product(b.x, m);
  fmpz_mul(a.x, a.x, b.x);
  return sym::normalised_entry_str(G, a.x);
}

out::Cell entry_decimal(const fmpz_t G, const sym::Partition& l, const sym::Partition& m,
                        const Context& ctx) {
  Fmpz a, b;
  sym::part_product(a.x, l);
  sym::part_product(b.x, m);
  fmpz_mul(a.x, a.x, b.x);
  Arb v;
  for (slong prec = bits_for_digits(ctx.digits) + 32;; prec *= 2) {
    sym::normalised_entry_arb(v.x, G, a.x, prec);
    if (fmpz_is_zero(G)) arb_zero(v.x);
    if (ctx.certified || accurate_to_digits(v.x, ctx.digits))
      return out::real_cell(v.x, ctx.digits, ctx.certified);
  }
}

/// The validated request: measure, degrees n_lo..n_hi, one row lambda (--lambda) or all.
struct GramRequest {
  bool cue = true, direct = false, matrix = false;
  ulong N = 0, K = 0, n_lo = 1, n_hi = 1;
  sym::Partition only;
};

GramRequest parse_request(const GramOptions& o) {
  GramRequest q;
  q.cue = parse_choice("--measure", o.measure, {"cue", "circle"}) == "cue";
  q.direct = parse_choice("--sum", o.sum, {"auto", "direct"}) == "direct";
  q.N = parse_uint("--N", o.N, 1);
  q.K = parse_uint("--degree", o.degree, 1, q.cue ? sym::max_degree_cue : sym::max_degree_circle);
  q.matrix = o.matrix || !o.lambda.empty();
  if (!o.lambda.empty()) {
    q.only = sym::parse_partition("--lambda", o.lambda);
    if (sym::weight(q.only) > q.K)
      throw UsageError(fmt::format("--lambda must have weight <= --degree = {}, got \"{}\" (weight {})", q.K,
                                   o.lambda, sym::weight(q.only)));
  }
  q.n_lo = q.only.empty() ? 1 : sym::weight(q.only);
  q.n_hi = q.only.empty() ? q.K : q.n_lo;
  return q;
}

/// Up-front cost, memory and output estimates; refuses above the limits.
void check_costs(const GramRequest& q, const GramOptions& o, const Context& ctx) {
  double cost = 0, out_chars = 0;
  for (ulong n = q.n_lo; n <= q.n_hi; ++n) {
    cost += q.cue ? sym::gram_cost_cue(n, q.N) : sym::gram_cost_circle(n, q.N);
    const double p = static_cast<double>(sym::partition_count(n));
    if (q.matrix)
      out_chars += (q.only.empty() ? p * p : p) *
                   (4.0 * static_cast<double>(n) + 40 + (o.normalised ? ctx.digits : 0));
    if (!q.cue && (q.matrix || ctx.double_check || p <= kEigenMax)) cost += p * p * 8;  // entries kept
  }
  if (q.cue) {
    limits::check_work("sym gram: CUE Gram", cost, sym::max_gram_word_ops, "multiply-adds", "lower --degree");
    limits::check("sym gram: character table memory", 1.5 * sym::character_table_bytes(q.n_hi), 2e9, "bytes",
                  "lower --degree");
  } else {
    limits::check_work("sym gram: circle Gram", cost, sym::max_gram_fmpz_ops, "multiply-adds",
                       "lower --degree");
  }
  limits::check("sym gram: output", out_chars, limits::max_output_chars, "characters",
                "drop --matrix or lower --degree");
  if (q.matrix && q.cue)
    limits::check("sym gram: matrix memory",
                  static_cast<double>(sym::partition_count(q.n_hi)) *
                      static_cast<double>(sym::partition_count(q.n_hi)) * 48,
                  2e9, "bytes", "lower --degree");
}

/// The Gram matrix of degree n; under --double-check, the other character sum (cue) and the rank
/// modulo two primes are compared with it.
sym::GramDegree gram_degree(const GramRequest& q, ulong n, bool keep, const Context& ctx) {
  sym::GramDegree g;
  if (q.cue) {
    const auto table = sym::character_table(n, ctx.threads);
    g = sym::gram_cue(table, q.N, keep, q.direct ? sym::CueSum::direct : sym::CueSum::automatic, ctx.threads);
    if (ctx.double_check) {
      auto h = sym::gram_cue(table, q.N, true, q.direct ? sym::CueSum::automatic : sym::CueSum::direct,
                             ctx.threads);
      for (size_t i = 0; i < g.matrix.size(); ++i)
        if (!fmpz_equal(g.matrix[i].x, h.matrix[i].x))
          throw DomainError(
              fmt::format("sym gram: --double-check: direct and complementary sums differ at n = {}", n));
    }
  } else {
    g = sym::gram_circle(n, q.N, keep, ctx.threads);
  }
  if (ctx.double_check) {
    // rank over Q <= r by construction (G = X^T X with r rows); rank mod p = r proves equality
    static const std::vector<ulong> primes = {n_nextprime(UWORD(1) << 62, 1), n_nextprime(UWORD(1) << 61, 1)};
    const size_t p = sym::partition_count(n);
    ulong best = 0;
    for (ulong pr : primes) best = std::max(best, sym::rank_mod_p(g.matrix, p, pr));
    if (best != g.rank)
      throw DomainError(fmt::format("sym gram: --double-check: rank mod p {} differs from r = {} at n = {}",
                                    best, g.rank, n));
  }
  return g;
}

/// --matrix: one row per entry (lambda, mu) of degree n (only lambda = --lambda when given).
void add_matrix_rows(out::Table& t, const GramRequest& q, const GramOptions& o, const Context& ctx, ulong n,
                     const sym::GramDegree& g) {
  const size_t p = sym::partition_count(n);
  for (size_t i = 0; i < p; ++i) {
    if (!q.only.empty() && g.parts[i] != q.only) continue;
    for (size_t j = 0; j < p; ++j) {
      const fmpz* v = g.matrix[i * p + j].x;
      std::vector<out::Cell> row = {out::Cell::of_int(static_cast<long long>(n)),
                                    out::Cell::of_text(sym::partition_str(g.parts[i])),
                                    out::Cell::of_text(sym::partition_str(g.parts[j])),
                                    out::Cell::of_exact(entry_text(v, g.parts[i], g.parts[j], o.normalised))};
      if (o.normalised) row.push_back(entry_decimal(v, g.parts[i], g.parts[j], ctx));
      t.add_row(std::move(row));
    }
  }
}

/// min over lambda of G(l,l)/prod(l) for a diagonal G (= z: min prod m_k! = 1).
std::string normalised_min_diagonal(const GramRequest& q, const sym::GramDegree& g, size_t p) {
  Fmpq best, r;
  for (size_t i = 0; i < p; ++i) {
    Fmpz a, d;
    sym::part_product(a.x, g.parts[i]);
    if (q.cue)
      sym::z_lambda(d.x, g.parts[i]);
    else
      fmpz_set(d.x, g.min_diag.x);  // p = 1 only
    fmpq_set_fmpz_frac(r.x, d.x, a.x);
    if (i == 0 || fmpq_cmp(r.x, best.x) < 0) best = r;
  }
  return best.str();
}

/// The smallest eigenvalue of degree n's G (exact when singular or diagonal, else a certified
/// bracket up to size kEigenMax) and how it was found.
std::pair<std::string, std::string> min_eigenvalue(const GramRequest& q, const GramOptions& o,
                                                   const Context& ctx, const sym::GramDegree& g, size_t p) {
  if (g.rank < p) return {"0", fmt::format("exact: singular, rank {} < {}", g.rank, p)};
  if (g.diagonal)
    return {o.normalised ? normalised_min_diagonal(q, g, p) : g.min_diag.str(),
            "exact: diagonal, minimum diagonal entry"};
  if (p > kEigenMax)
    return {"n/a", fmt::format("positive (full rank {}); bracket not computed above size {}", p, kEigenMax)};
  std::vector<Fmpz> s;
  if (o.normalised) {
    s.resize(p);
    for (size_t i = 0; i < p; ++i) sym::part_product(s[i].x, g.parts[i]);
  }
  Arb lo, hi;
  sym::certified_min_eigenvalue(lo.x, hi.x, g.matrix, s, p);
  const long dg = std::min<long>(ctx.digits, 12);
  return {"[" + format_bound(lo.x, dg, -1) + ", " + format_bound(hi.x, dg, +1) + "]",
          "certified: ball Cholesky of G - lo I (lo), Rayleigh quotient (hi)"};
}

/// The summary row of degree n: size, rank, diagonality, largest off-diagonal entry, min eigenvalue.
void add_summary_row(out::Table& t, const GramRequest& q, const GramOptions& o, const Context& ctx, ulong n,
                     const sym::GramDegree& g) {
  const size_t p = sym::partition_count(n);
  std::string max_text = "0", at = "-";
  if (!g.diagonal) {
    if (o.normalised) {
      max_text = sym::normalised_entry_str(g.norm_G.x, g.norm_ab.x);
      at = sym::partition_str(g.parts[g.norm_i]) + " / " + sym::partition_str(g.parts[g.norm_j]);
    } else {
      max_text = g.max_offdiag.str();
      at = sym::partition_str(g.parts[g.max_i]) + " / " + sym::partition_str(g.parts[g.max_j]);
    }
  }
  auto [eig, method] = min_eigenvalue(q, o, ctx, g, p);
  t.add_row({out::Cell::of_int(static_cast<long long>(n)), out::Cell::of_int(static_cast<long long>(p)),
             out::Cell::of_int(static_cast<long long>(g.rank)), out::Cell::of_text(g.diagonal ? "yes" : "no"),
             out::Cell::of_text(g.diag_is_z ? "yes" : "no"), out::Cell::of_exact(max_text),
             out::Cell::of_text(at), out::Cell::of_exact(eig), out::Cell::of_text(method)});
}

void add_notes(out::Table& t, const GramRequest& q, const GramOptions& o, const Context& ctx,
               long first_fail) {
  if (q.cue)
    t.notes.push_back(
        "cue: x_i = eigenvalues of a Haar unitary U(N); G(lambda,mu) = sum_{nu |- n, len(nu) <= N} "
        "chi^nu(lambda) chi^nu(mu) (characters of S_n by Murnaghan-Nakayama, exact); Diaconis-Shahshahani: "
        "G = diag(z_lambda) for n <= N; rank = #{nu |- n : len(nu) <= N}");
  else
    t.notes.push_back(
        "circle: x_i iid uniform on the unit circle; G(lambda,mu) = #{(f,g) : parts -> [N] with equal bin "
        "loads} = sum_rho M(rho) A_lambda(rho) A_mu(rho) (power-sum to monomial transition, exact); "
        "rank = #{rho |- n : len(rho) <= N}");
  if (o.normalised)
    t.notes.push_back(
        "normalised: p_k = k^{-1/2} P_k (talk-B l.376), entries G / sqrt(prod lambda_i prod mu_j) printed "
        "exactly; diag_is_z still compares the raw diagonal with z_lambda (normalised: prod_k m_k!)");
  if (!q.matrix) {
    if (first_fail < 0)
      t.notes.push_back(
          fmt::format("orthogonality holds (G diagonal) at every degree {}..{}", q.n_lo, q.n_hi));
    else
      t.notes.push_back(fmt::format("orthogonality (G diagonal) first fails at degree n = {}", first_fail));
  }
  if (ctx.double_check)
    t.notes.push_back(
        "double-checked: rank mod two 62-bit primes equals r (so the rank over Q is r)" +
        std::string(q.cue ? "; direct and complementary character sums agree entry by entry" : ""));
  t.notes.push_back("partitions are written in exponent notation: 3 1^2 is 3+1+1, 2 1^22 is 2+1+...+1");
}

RunResult run_sym_gram(const GramOptions& o, const Context& ctx) {
  const GramRequest q = parse_request(o);
  check_costs(q, o, ctx);
  out::Table t;
  t.command = "sym gram";
  t.params["N"] = q.N;
  t.params["degree"] = q.K;
  t.params["measure"] = q.cue ? "cue" : "circle";
  t.params["normalised"] = o.normalised;
  if (!o.lambda.empty()) t.params["lambda"] = sym::partition_str(q.only);
  if (q.matrix)
    t.columns = o.normalised ? std::vector<std::string>{"n", "lambda", "mu", "value", "value_decimal"}
                             : std::vector<std::string>{"n", "lambda", "mu", "value"};
  else
    t.columns = {"n",           "size",           "rank",           "diagonal",         "diag_is_z",
                 "max_offdiag", "max_offdiag_at", "min_eigenvalue", "eigenvalue_method"};
  long first_fail = -1;
  for (ulong n = q.n_lo; n <= q.n_hi; ++n) {
    const size_t p = sym::partition_count(n);
    const bool keep = q.matrix || ctx.double_check || (!q.cue && p <= kEigenMax && p > 1);
    const sym::GramDegree g = gram_degree(q, n, keep, ctx);
    if (!g.diagonal && first_fail < 0) first_fail = static_cast<long>(n);
    if (q.matrix)
      add_matrix_rows(t, q, o, ctx, n, g);
    else
      add_summary_row(t, q, o, ctx, n, g);
  }
  add_notes(t, q, o, ctx, first_fail);
  return {std::move(t), 0};
}

}  // namespace

void setup_sym_gram(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<GramOptions>();
  CLI::App* app =
      reg.add(group, "gram", "Exact Gram matrices E[P_lambda conj P_mu] of power-sum products, per degree");
  app->add_option("--N", opt->N, "Number of points N >= 1 (CUE: unitary size)")->type_name("INT")->required();
  app->add_option(
         "--degree", opt->degree,
         fmt::format("Largest degree K: every n = 1..K (cue: K <= {}, circle: K <= {}; cost-checked)",
                     sym::max_degree_cue, sym::max_degree_circle))
      ->type_name("INT")
      ->required();
  app->add_option("--measure", opt->measure,
                  "cue (Haar unitary eigenvalues; default) or circle (iid uniform)")
      ->type_name("cue|circle");
  app->add_flag("--normalised", opt->normalised,
                "Use p_k = k^{-1/2} P_k (entries G/sqrt(prod lambda prod mu))");
  app->add_flag("--matrix", opt->matrix, "Print every entry as a row (n, lambda, mu, value)");
  app->add_option("--lambda", opt->lambda,
                  "Print only the row of this partition (e.g. '3 1^2' or 3+1+1; implies --matrix)")
      ->type_name("PARTITION");
  app->add_option("--sum", opt->sum, "cue: auto (cheaper side, default) or direct (sum over len(nu) <= N)")
      ->type_name("auto|direct");
  reg.double_check(
      app, "the rank recomputed mod two 62-bit primes and (cue) the direct sum against the complementary sum",
      true);
  reg.help(
      app,
      Help{.formula = "G(lambda, mu) = E[P_lambda conj P_mu], P_k = sum_{i<=N} x_i^k, over the partitions "
                      "of each\n"
                      "n = 1..K (blocks of different n vanish).\n"
                      "cue: x the eigenvalues of a Haar unitary U(N): G = sum_{nu |- n, len(nu) <= N} "
                      "chi^nu(lambda)\n"
                      "  chi^nu(mu), which is diag(z_lambda) for n <= N (Diaconis-Shahshahani)\n"
                      "circle: x_i iid uniform on the circle (counting equal bin loads).",
           .formula_latex = R"tex(\begin{aligned}
G(\lambda, \mu) &= \mathbb{E}\bigl[ P_\lambda\, \overline{P_\mu} \bigr], \qquad P_k = \sum_{i \le N} x_i^k, \qquad |\lambda| = |\mu| = n \le K\\
\text{cue:}\quad G &= \sum_{\nu \vdash n,\ \ell(\nu) \le N} \chi^\nu(\lambda)\, \chi^\nu(\mu) = z_\lambda\, \delta_{\lambda\mu} \quad (n \le N)\\
\text{circle:}\quad G &= \#\{ (f, g) : \text{equal loads} \} = \sum_{\rho \vdash n,\ \ell(\rho) \le N} M(\rho)\, A_\lambda(\rho)\, A_\mu(\rho)
\end{aligned})tex",
           .source = "talk-B l.376-379 (normalised power sums p_k = k^{-1/2} P_k; a measure making them "
                     "orthogonal); docs/math/sym.md#power-sums-and-their-gram-matrices",
           .cost = "cue: the character table of S_n (sub-second at n = 28), then p(n)^2/2 x min(r, p(n) "
                   "- r) multiply-adds per degree, r the partitions with at most N parts; circle: "
                   "p(n)^2/2 x r fmpz multiply-adds; ranks O(p(n)^3). Work, memory and output are "
                   "estimated up front.",
           .details = "Entries are exact integers; --normalised entries are exact, a/(b*sqrt(c)), with a "
                      "decimal column. Partitions print in exponent notation (3 1^2 is 3+1+1; --lambda "
                      "reads either). The smallest eigenvalue is exact (cue) or a certified bracket [lo, "
                      "hi] (circle).",
           .examples = {"boundcheck sym gram --N 3 --degree 5",
                        "boundcheck sym gram --N 2 --degree 3 --matrix --normalised",
                        "boundcheck sym gram --N 4 --degree 8 --measure circle"}});
  reg.bind(app, opt, run_sym_gram);
}

}  // namespace bc::cli
