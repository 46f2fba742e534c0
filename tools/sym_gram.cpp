// boundcheck sym gram --N N --degree K --measure cue|circle [--normalised] [--matrix] [--lambda P]
// Exact Gram matrices E[P_lambda conj P_mu] of products of power sums, degree by degree n = 1..K
// (src/sym/gram.hpp): per degree the size p(n), the rank, whether G is diagonal (and equal to
// z_lambda on the diagonal: Diaconis–Shahshahani), the largest off-diagonal entry and the smallest
// eigenvalue (exact for cue, exact or certified for circle); or, with --matrix, every entry.
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "parse.hpp"
#include "sym/characters.hpp"
#include "sym/gram.hpp"

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

std::string entry_decimal(const fmpz_t G, const sym::Partition& l, const sym::Partition& m,
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
      return format_real(v.x, ctx.digits, ctx.certified);
  }
}

RunResult run_sym_gram(const GramOptions& o, const Context& ctx) {
  const std::string measure = parse_choice("--measure", o.measure, {"cue", "circle"});
  const bool cue = measure == "cue";
  const std::string sum = parse_choice("--sum", o.sum, {"auto", "direct"});
  const ulong N = parse_uint("--N", o.N, 1);
  const ulong kmax = cue ? sym::max_degree_cue : sym::max_degree_circle;
  const ulong K = parse_uint("--degree", o.degree, 1, kmax);
  sym::Partition only;
  const bool matrix = o.matrix || !o.lambda.empty();
  if (!o.lambda.empty()) {
    only = sym::parse_partition("--lambda", o.lambda);
    if (sym::weight(only) > K)
      throw UsageError(fmt::format("--lambda must have weight <= --degree = {}, got \"{}\" (weight {})", K,
                                   o.lambda, sym::weight(only)));
  }
  const ulong n_lo = only.empty() ? 1 : sym::weight(only), n_hi = only.empty() ? K : n_lo;
  // up-front cost, memory and output estimates
  double cost = 0, out_chars = 0;
  for (ulong n = n_lo; n <= n_hi; ++n) {
    cost += cue ? sym::gram_cost_cue(n, N) : sym::gram_cost_circle(n, N);
    const double p = static_cast<double>(sym::partition_count(n));
    if (matrix)
      out_chars +=
          (only.empty() ? p * p : p) * (4.0 * static_cast<double>(n) + 40 + (o.normalised ? ctx.digits : 0));
    if (!cue && (matrix || ctx.double_check || p <= kEigenMax)) cost += p * p * 8;  // entries kept
  }
  if (cue) {
    limits::check_work("sym gram: CUE Gram", cost, sym::max_gram_word_ops, "multiply-adds", "lower --degree");
    limits::check("sym gram: character table memory", 1.5 * sym::character_table_bytes(n_hi), 2e9, "bytes",
                  "lower --degree");
  } else {
    limits::check_work("sym gram: circle Gram", cost, sym::max_gram_fmpz_ops, "multiply-adds",
                       "lower --degree");
  }
  limits::check("sym gram: output", out_chars, limits::max_output_chars, "characters",
                "drop --matrix or lower --degree");
  if (matrix && cue)
    limits::check("sym gram: matrix memory",
                  static_cast<double>(sym::partition_count(n_hi)) *
                      static_cast<double>(sym::partition_count(n_hi)) * 48,
                  2e9, "bytes", "lower --degree");

  out::Table t;
  t.command = "sym gram";
  t.params["N"] = N;
  t.params["degree"] = K;
  t.params["measure"] = measure;
  t.params["normalised"] = o.normalised;
  if (!o.lambda.empty()) t.params["lambda"] = sym::partition_str(only);
  if (matrix)
    t.columns = o.normalised ? std::vector<std::string>{"n", "lambda", "mu", "value", "value_decimal"}
                             : std::vector<std::string>{"n", "lambda", "mu", "value"};
  else
    t.columns = {"n",           "size",           "rank",           "diagonal",         "diag_is_z",
                 "max_offdiag", "max_offdiag_at", "min_eigenvalue", "eigenvalue_method"};
  long first_fail = -1;
  std::vector<std::string> summaries;
  const std::vector<ulong> primes = {n_nextprime(UWORD(1) << 62, 1), n_nextprime(UWORD(1) << 61, 1)};
  for (ulong n = n_lo; n <= n_hi; ++n) {
    const size_t p = sym::partition_count(n);
    const bool keep = matrix || ctx.double_check || (!cue && p <= kEigenMax && p > 1);
    sym::GramDegree g;
    if (cue) {
      const auto table = sym::character_table(n, ctx.threads);
      g = sym::gram_cue(table, N, keep, sum == "direct" ? sym::CueSum::direct : sym::CueSum::automatic,
                        ctx.threads);
      if (ctx.double_check) {
        auto h = sym::gram_cue(table, N, true, sum == "direct" ? sym::CueSum::automatic : sym::CueSum::direct,
                               ctx.threads);
        for (size_t i = 0; i < g.matrix.size(); ++i)
          if (!fmpz_equal(g.matrix[i].x, h.matrix[i].x))
            throw DomainError(
                fmt::format("sym gram: --double-check: direct and complementary sums differ at n = {}", n));
      }
    } else {
      g = sym::gram_circle(n, N, keep, ctx.threads);
    }
    if (ctx.double_check) {
      // rank over Q <= r by construction (G = X^T X with r rows); rank mod p = r proves equality
      ulong best = 0;
      for (ulong pr : primes) best = std::max(best, sym::rank_mod_p(g.matrix, p, pr));
      if (best != g.rank)
        throw DomainError(fmt::format("sym gram: --double-check: rank mod p {} differs from r = {} at n = {}",
                                      best, g.rank, n));
    }
    if (!g.diagonal && first_fail < 0) first_fail = static_cast<long>(n);
    if (matrix) {
      for (size_t i = 0; i < p; ++i) {
        if (!only.empty() && g.parts[i] != only) continue;
        for (size_t j = 0; j < p; ++j) {
          const fmpz* v = g.matrix[i * p + j].x;
          std::vector<out::Cell> row = {
              out::Cell::of_int(static_cast<long long>(n)),
              out::Cell::of_text(sym::partition_str(g.parts[i])),
              out::Cell::of_text(sym::partition_str(g.parts[j])),
              out::Cell::of_exact(entry_text(v, g.parts[i], g.parts[j], o.normalised))};
          if (o.normalised) row.push_back(out::Cell::of_real(entry_decimal(v, g.parts[i], g.parts[j], ctx)));
          t.add_row(std::move(row));
        }
      }
      continue;
    }
    // summary row
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
    std::string eig, method;
    if (g.rank < p) {
      eig = "0";
      method = fmt::format("exact: singular, rank {} < {}", g.rank, p);
    } else if (g.diagonal) {
      if (o.normalised) {
        // min over lambda of G(l,l)/prod(l): for a diagonal G = z this is min prod m_k! = 1
        Fmpq best, q;
        for (size_t i = 0; i < p; ++i) {
          Fmpz a;
          sym::part_product(a.x, g.parts[i]);
          Fmpz d;
          if (cue)
            sym::z_lambda(d.x, g.parts[i]);
          else
            fmpz_set(d.x, g.min_diag.x);  // p = 1 only
          fmpq_set_fmpz_frac(q.x, d.x, a.x);
          if (i == 0 || fmpq_cmp(q.x, best.x) < 0) best = q;
        }
        eig = best.str();
      } else {
        eig = g.min_diag.str();
      }
      method = "exact: diagonal, minimum diagonal entry";
    } else if (p <= kEigenMax) {
      std::vector<Fmpz> s;
      if (o.normalised) {
        s.resize(p);
        for (size_t i = 0; i < p; ++i) sym::part_product(s[i].x, g.parts[i]);
      }
      Arb lo, hi;
      sym::certified_min_eigenvalue(lo.x, hi.x, g.matrix, s, p);
      const long dg = std::min<long>(ctx.digits, 12);
      eig = "[" + format_bound(lo.x, dg, -1) + ", " + format_bound(hi.x, dg, +1) + "]";
      method = "certified: ball Cholesky of G - lo I (lo), Rayleigh quotient (hi)";
    } else {
      eig = "n/a";
      method = fmt::format("positive (full rank {}); bracket not computed above size {}", p, kEigenMax);
    }
    t.add_row({out::Cell::of_int(static_cast<long long>(n)), out::Cell::of_int(static_cast<long long>(p)),
               out::Cell::of_int(static_cast<long long>(g.rank)),
               out::Cell::of_text(g.diagonal ? "yes" : "no"), out::Cell::of_text(g.diag_is_z ? "yes" : "no"),
               out::Cell::of_exact(max_text), out::Cell::of_text(at), out::Cell::of_exact(eig),
               out::Cell::of_text(method)});
  }
  if (cue)
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
  if (!matrix) {
    if (first_fail < 0)
      t.notes.push_back(fmt::format("orthogonality holds (G diagonal) at every degree {}..{}", n_lo, n_hi));
    else
      t.notes.push_back(fmt::format("orthogonality (G diagonal) first fails at degree n = {}", first_fail));
  }
  if (ctx.double_check)
    t.notes.push_back(
        "double-checked: rank mod two 62-bit primes equals r (so the rank over Q is r)" +
        std::string(cue ? "; direct and complementary character sums agree entry by entry" : ""));
  t.notes.push_back("partitions are written in exponent notation: 3 1^2 is 3+1+1, 2 1^22 is 2+1+...+1");
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
           .source = "talk-B l.376-379 (normalised power sums p_k = k^{-1/2} P_k; a measure making them "
                     "orthogonal); MATH.md §5",
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
