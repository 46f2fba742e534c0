// boundcheck rank count --d D --r R (--l L | --l-max L)
// Orthogonality counts per degree l: N(d,l), the exact count binom(r+l-1, l), the talk's
// binom(r+l, l), and the count constructed by exact harmonic projection (src/rank/construct.cpp).
#include "rank/count.hpp"
#include "certificate/certificate.hpp"
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "parse.hpp"
#include "rank/construct.hpp"
#include "sphere/dim.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace bc::cli {

namespace {

struct CountOptions {
  std::string d, r, l, l_max, certificate;
  bool no_construct = false;
};

nlohmann::json poly_json(const rank::HomPoly& p) {
  const auto& ex = rank::monomial_exponents(p.d, p.m);
  nlohmann::json terms = nlohmann::json::array();
  for (size_t i = 0; i < p.c.size(); ++i)
    if (!fmpq_is_zero(p.c[i].x)) terms.push_back({ex[i], p.c[i].str()});
  return {{"degree", p.m}, {"terms", terms}};
}

// The common denominators the checker forms for one degree: each function's parts together, the
// rows (degree-l parts) together, each dependency's coefficients. Returns the work the checker
// charges beyond rank_count_work for large numbers (limits.size_factor, per function).
double check_denominators(ulong d, ulong l, const rank::CountCertificate& c) {
  const std::string what = fmt::format("rank count --certificate (l = {})", l);
  std::vector<const fmpz*> rows;
  double extra = 0;
  for (const auto& f : c.functions) {
    std::vector<const fmpz*> dens;
    std::vector<const fmpq*> xs;
    for (const auto& h : f.parts)
      for (const auto& x : h.c)
        if (!fmpq_is_zero(x.x)) dens.push_back(fmpq_denref(x.x)), xs.push_back(x.x);
    check_common_denominator(what, dens);
    extra += (size_factor(xs) - 1) *
             certificate_limits::rank_count_work(static_cast<double>(d), static_cast<double>(l));
    ulong m = 0;
    for (auto e : f.exponent) m += e;
    for (const auto& x : f.parts[(m - l) / 2].c) rows.push_back(fmpq_denref(x.x));
  }
  check_common_denominator(what, rows);
  for (const auto& dep : c.dependencies) {
    std::vector<const fmpz*> dens;
    for (const auto& x : dep.second) dens.push_back(fmpq_denref(x.x));
    check_common_denominator(what, dens);
  }
  return extra;
}

// One degree of the certificate (tools/check_certificate.py checks it); `extra` gains the work
// the checker charges for its large numbers.
nlohmann::json degree_certificate(ulong d, ulong l, const rank::ConstructedCount& cc,
                                  const rank::CountCertificate& c, double& extra) {
  extra += check_denominators(d, l, c);
  nlohmann::json fs = nlohmann::json::array();
  for (const auto& f : c.functions) {
    nlohmann::json parts = nlohmann::json::array();
    for (const auto& h : f.parts) parts.push_back(poly_json(h));
    fs.push_back({{"exponent", f.exponent}, {"parts", parts}});
  }
  const auto& ex = rank::monomial_exponents(d, l);
  std::vector<std::vector<ulong>> cols;
  for (auto j : c.minor.cols) cols.push_back(ex[j]);
  nlohmann::json deps = nlohmann::json::array();
  for (const auto& [row, coef] : c.dependencies) {
    std::vector<std::string> cs;
    for (const auto& x : coef) cs.push_back(x.str());
    deps.push_back({{"row", row}, {"coefficients", cs}});
  }
  return {{"l", l},
          {"constructed", cc.rank},
          {"functions", fs},
          {"prime", std::to_string(c.prime)},
          {"minor", {{"rows", c.minor.rows}, {"cols", cols}, {"det_mod_p", std::to_string(c.minor.det)}}},
          {"dependencies", deps}};
}

// rational coefficients handled by the construction in one row, at the default time budget (a work
// limit: it scales with --max-seconds)
constexpr double kConstructLimit = 4.0e5;

bool constructs(ulong d, ulong r, ulong l, double construct_limit) {
  return d <= 12 && rank::construct_size(d, std::min(r, d), l, 1) <= construct_limit;
}

// --certificate: what the checker would refuse, refused before the construction. The degrees
// that are not constructed ('n/a') claim nothing; at least one must be.
double check_count_certificate(ulong d, ulong r, ulong l_lo, ulong l_hi, double construct_limit) {
  const std::string what = "rank count --certificate";
  check_certificate_limit(what, "d", static_cast<double>(d), BC_CERTIFICATE_LIMIT(rank_count_max_d),
                          "the checker expands polynomials in d variables exactly; lower --d");
  double work = 0, built = 0;
  for (ulong k = l_lo; k <= l_hi; ++k)
    if (constructs(d, r, k, construct_limit)) {
      work += certificate_limits::rank_count_work(static_cast<double>(d), static_cast<double>(k));
      ++built;
    }
  check_certificate_limit(what, "rank_count_work", work, BC_CERTIFICATE_LIMIT(rank_count_max_work),
                          "lower --l or --l-max");
  if (built == 0)
    throw ResourceError(fmt::format(
        "{}: no degree in {}..{} is constructed (above {:.0e} rational coefficients, or d > 12), so the "
        "certificate would certify nothing; lower --l or --l-max, or raise --max-seconds",
        what, l_lo, l_hi, construct_limit));
  return work;
}

// The certificate: the definition, d, r and the degrees.
nlohmann::json count_certificate(const nlohmann::json& params, ulong d, ulong r, nlohmann::json degrees) {
  nlohmann::json c = certificate_header("rank count", params);
  c["definition"] =
      "Functions of a rank-r projection K^T z (K = the first min(r,d) coordinate axes) that reach V_l(d): "
      "every monomial z^e of degree l and l+2 in z_1..z_min(r,d). Each listed 'parts' is the Fischer "
      "decomposition z^e = sum_j |x|^{2j} h_{m-2j} (m = deg e, every h_{m-2j} harmonic: unique), so the "
      "degree-l part h_l is the V_l component of z^e on the sphere. The rows h_l of all functions have "
      "rank 'constructed' over Q: a minor (rows: function indices, cols: monomials) nonsingular mod the "
      "prime bounds it from below, and each other row is the listed rational combination of the minor's "
      "rows (from above). docs/math/rank.md#orthogonality-count: the count is binom(r+l-1, l) for r < d, "
      "N(d,l) for r >= d.";
  c["d"] = d;
  c["r"] = r;
  c["degrees"] = std::move(degrees);
  return c;
}

// The same size limits as sphere dim: N(d,l), binom(r+l-1, l) and binom(r+l, l) are printed exactly.
void check_count_sizes(ulong d, ulong r, ulong l, bool range) {
  auto log10_binom = [](double n, double k) {
    return (std::lgamma(n + 1) - std::lgamma(k + 1) - std::lgamma(n - k + 1)) / std::log(10.0);
  };
  const double L = static_cast<double>(l), R = static_cast<double>(r);
  const double digits = std::max({sphere::harmonic_dim_log10(d, l), log10_binom(R + L, L)}) + 1;
  limits::check("rank count: N(d,l) and binom(r+l, l)", digits, limits::max_integer_digits, "decimal digits",
                "");
  if (range)
    limits::check("rank count: output", (L + 1) * 3 * (digits + 8), limits::max_output_chars, "characters",
                  "lower --l-max");
}

/// The validated request: degrees l_lo..l_hi.
struct CountRequest {
  ulong d = 0, r = 0, l_lo = 0, l_hi = 0;
  bool range = false, cert = false;
  double construct_limit = 0;
};

CountRequest parse_count_request(const CountOptions& o, const Context& ctx) {
  CountRequest q;
  q.d = parse_uint("--d", o.d, 2, 1ULL << 40);
  q.r = parse_uint("--r", o.r, 1, 1ULL << 40);
  if (o.l.empty() == o.l_max.empty()) throw UsageError("give exactly one of --l L or --l-max L");
  q.range = !o.l_max.empty();
  q.l_hi = q.range ? parse_uint("--l-max", o.l_max, 0, 100000) : parse_uint("--l", o.l, 0, 1ULL << 40);
  q.l_lo = q.range ? 0 : q.l_hi;
  if (!o.certificate.empty() && o.no_construct)
    throw UsageError("--certificate certifies the constructed count: drop --no-construct");
  check_certificate_path(o.certificate, ctx, {});
  q.cert = !o.certificate.empty();
  q.construct_limit = limits::work(kConstructLimit);
  return q;
}

// The certificate's work estimate, refused above the checker's limits before anything is built.
double check_count_costs(const CountRequest& q) {
  check_count_sizes(q.d, q.r, q.l_hi, q.range);
  if (!q.cert) return 0;
  // the Fischer parts of every function, each about as large as its row
  const double work = check_count_certificate(q.d, q.r, q.l_lo, q.l_hi, q.construct_limit);
  double size = 0;
  for (ulong k = q.l_lo; k <= q.l_hi; ++k)
    if (constructs(q.d, q.r, k, q.construct_limit))
      size += rank::construct_size(q.d, std::min(q.r, q.d), k, 1);
  check_certificate_limit("rank count --certificate", "its estimated size in bytes", 3 * 40 * size,
                          BC_CERTIFICATE_LIMIT(max_file_bytes), "lower --l or --l-max");
  return work;
}

// One row per degree; the certificate's degrees into `degrees` (and their large numbers' work into
// `extra`). Returns whether some degree was not constructed.
bool count_rows(out::Table& t, nlohmann::json& degrees, double& extra, const CountRequest& q,
                const CountOptions& o) {
  bool refused = false;
  for (ulong k = q.l_lo; k <= q.l_hi; ++k) {
    Fmpz n, e, tk;
    sphere::harmonic_dim(n.x, q.d, k);
    rank::head_count(e.x, q.d, q.r, k, rank::CountRule::exact);
    rank::head_count(tk.x, q.d, q.r, k, rank::CountRule::talk);
    out::Cell constructed = out::Cell::of_text("n/a");
    if (!o.no_construct && constructs(q.d, q.r, k, q.construct_limit)) {
      rank::CountCertificate cc_cert;
      auto cc = rank::constructed_count(q.d, q.r, k, 1, q.cert ? &cc_cert : nullptr);
      constructed = out::Cell::of_int(static_cast<long long>(cc.rank));
      if (q.cert) degrees.push_back(degree_certificate(q.d, k, cc, cc_cert, extra));
      if (!fmpz_equal_ui(e.x, cc.rank))
        throw DomainError(
            fmt::format("rank count: constructed rank {} differs from the exact count {} at "
                        "d={}, r={}, l={}",
                        cc.rank, e.str(), q.d, q.r, k));
    } else {
      refused = true;
      if (q.cert) degrees.push_back({{"l", k}, {"constructed", "n/a"}});
    }
    t.add_row({out::Cell::of_int(static_cast<long long>(k)), out::Cell::of_exact(n.str()),
               out::Cell::of_exact(e.str()), out::Cell::of_exact(tk.str()), constructed});
  }
  return refused;
}

RunResult run_rank_count(const CountOptions& o, const Context& ctx) {
  const CountRequest q = parse_count_request(o, ctx);
  const double cert_work = check_count_costs(q);
  out::Table t;
  t.command = "rank count";
  t.params["d"] = q.d;
  t.params["r"] = q.r;
  t.params[q.range ? "l_max" : "l"] = q.l_hi;
  t.columns = {"l", "N", "exact", "talk", "constructed"};
  nlohmann::json degrees = nlohmann::json::array();
  double extra = 0;
  const bool refused = count_rows(t, degrees, extra, q, o);
  t.notes.push_back(
      "exact = binom(r+l-1, l) for r < d (N(d,l) for r >= d; docs/math/rank.md#orthogonality-count); talk = "
      "binom(r+l, l) "
      "(talk-B lemma); constructed = rank over Q of the harmonic projections onto V_l(d) of all "
      "monomials of degree l and l+2 in K^T z");
  if (refused && !o.no_construct)
    t.notes.push_back(
        fmt::format("constructed: n/a where the construction exceeds {:.0e} rational coefficients "
                    "or d > 12 (exact arithmetic is for small d, l)",
                    q.construct_limit));
  RunResult res{std::move(t), 0};
  if (q.cert) {
    check_certificate_limit("rank count --certificate", "rank_count_work (with its large numbers)",
                            cert_work + extra, BC_CERTIFICATE_LIMIT(rank_count_max_work),
                            "lower --l or --l-max");
    attach_certificate(res, o.certificate, count_certificate(res.table.params, q.d, q.r, std::move(degrees)));
  }
  return res;
}

}  // namespace

void setup_rank_count(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<CountOptions>();
  CLI::App* app =
      reg.add(group, "count", "Harmonics one rank-r head can reach, per degree l: exact, talk, constructed");
  app->add_option("--d", opt->d, "Dimension d >= 2")->type_name("INT")->required();
  app->add_option("--r", opt->r, "Key/query rank r >= 1")->type_name("INT")->required();
  app->add_option("--l", opt->l, "One degree l")->type_name("INT");
  app->add_option("--l-max", opt->l_max, "All degrees 0..L (L <= 100000)")->type_name("INT");
  app->add_flag("--no-construct", opt->no_construct, "Skip the exact construction");
  add_certificate_option(app, opt->certificate,
                         "per degree: each projected function with its exact Fischer decomposition, a minor "
                         "nonsingular mod p and the exact dependencies of the other rows");
  reg.help(
      app,
      Help{.formula = "exact: b(r,l) = dim of the O(d-r)-invariant part of V_l(d) = binom(r+l-1, l) for r "
                      "< d,\n"
                      "  N(d,l) for r >= d\n"
                      "talk: binom(r+l, l)\n"
                      "constructed: the rank over Q of the harmonic projections onto V_l(d) of all "
                      "monomials of degree\n"
                      "  l and l+2 in K^T z (it must equal exact).",
           .formula_latex = R"tex(\begin{aligned}
\text{exact:}\quad & b(r,l) = \dim V_l(d)^{O(d-r)} = \tbinom{r+l-1}{l} \quad (r < d), \qquad N(d,l) \quad (r \ge d)\\
\text{talk:}\quad & \tbinom{r+l}{l}\\
\text{constructed:}\quad & \text{the rank over } \mathbb{Q} \text{ of the projections onto } V_l(d)\\
& \text{of the monomials of degree } l \text{ and } l+2 \text{ in } K^{\top} z \quad (\text{must equal exact})
\end{aligned})tex",
           .source = "talk-B l.704 (Lemma: one head is orthogonal to at least N(d,l) - binom(r+l, l) "
                     "harmonics), l.710; the exact count is derived in docs/math/rank.md#orthogonality-count "
                     "(branching V_l(d) to "
                     "O(r) x O(d-r))",
           .cost = "exact and talk: one binomial each. constructed: O(F M) exact rational operations "
                   "for F functions and M = binom(l+4+d-1, d-1) monomials, then a rank over Q; done for "
                   "d <= 12 while F M stays under 4e5 x (--max-seconds / 60), 'n/a' beyond.",
           .details = "The command fails (exit 1) if the constructed rank ever differs from the exact "
                      "count. --certificate FILE: per degree, each monomial's exact Fischer decomposition, a "
                      "minor nonsingular mod p and the other rows' dependencies; tools/check_certificate.py "
                      "checks the rank both ways.",
           .examples = {"boundcheck rank count --d 5 --r 2 --l-max 4 --format csv",
                        "l,N,exact,talk,constructed", "0,1,1,1,1", "1,5,2,3,2", "2,14,3,6,3", "3,30,4,10,4",
                        "4,55,5,15,5", "boundcheck rank count --d 1000 --r 8 --l 100 --no-construct",
                        "boundcheck rank count --d 5 --r 2 --l-max 4 --certificate count.json"}});
  reg.bind(app, opt, run_rank_count);
}

}  // namespace bc::cli
