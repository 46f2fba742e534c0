// boundcheck rank heads --d D --r R --eps E [--count exact|talk] [--kernel arb|double]
// H_min = min{H : LB(d,r,H) <= eps} by an exact integer search on certified brackets
// (src/rank/heads.cpp), next to the talk's scalings.
#include "rank/heads.hpp"
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "parse.hpp"
#include "rank/spectral_double.hpp"

#include <fmt/format.h>

#include <cmath>

namespace bc::cli {

namespace {

struct HeadsOptions {
  std::string d, r, eps, count = "exact", kernel = "arb", max_terms = "200001";
};

RunResult run_rank_heads(const HeadsOptions& o, const Context& ctx) {
  const ulong d = parse_uint("--d", o.d, 3, 100000000);
  const ulong r = parse_uint("--r", o.r, 1, 100000000);
  const Fmpq eps = parse_rational("--eps", o.eps);
  if (fmpq_sgn(eps.x) <= 0 || fmpz_cmp(fmpq_numref(eps.x), fmpq_denref(eps.x)) >= 0)
    throw UsageError(fmt::format("--eps must be in (0, 1), got \"{}\"", o.eps));
  rank::CountRule rule{};
  if (!rank::parse_count(o.count, rule)) parse_choice("--count", o.count, {"exact", "talk"});
  const std::string kernel = parse_choice("--kernel", o.kernel, {"arb", "double"});
  const ulong max_terms = parse_uint("--max-terms", o.max_terms, 101, 100000001);
  // the double kernel works with eps as a double: tiny eps underflows
  const bool double_ok = fmpq_get_d(eps.x) >= 1e-300;
  // each bracket sums up to max_terms terms: refuse budgets that one bracket cannot afford
  limits::check("rank heads: spectral table memory for --max-terms", static_cast<double>(max_terms) * 100.0,
                2e9, "bytes", "lower --max-terms");
  out::Table t;
  t.command = "rank heads";
  t.params["d"] = d;
  t.params["r"] = r;
  t.params["eps"] = o.eps;
  t.params["count"] = o.count;
  t.params["kernel"] = kernel;
  t.columns = {"d", "r", "eps", "count", "h_min", "talk_power", "talk_exp_log2", "talk_exp_ln"};
  out::Cell hmin;
  const bool use_double = ctx.alternate ? kernel == "arb" && double_ok : kernel == "double";
  if (use_double) {
    if (!double_ok)
      throw DomainError(fmt::format(
          "rank heads --kernel double: --eps must be >= 1e-300, got \"{}\" (use --kernel arb)", o.eps));
    long double h = rank::min_heads_double(d, r, fmpq_get_d(eps.x), rule, max_terms);
    // not certified: H_min rounded to 6 significant digits (the kernel is held to 1e-10 relative)
    hmin = out::Cell::of_real(fmt::format("{:.6g}", static_cast<double>(h)));
    if (ctx.alternate)
      hmin = out::Cell::of_real(
          fmt::format("[{:.6e} +/- {:.1e}]", static_cast<double>(h), 1e-6 * static_cast<double>(h) + 1));
    if (!ctx.alternate)
      t.notes.push_back(
          "h_min from the double kernel is not certified: rounded to 6 significant digits; --kernel arb "
          "gives the exact integer");
  } else {
    auto res = rank::min_heads(d, r, eps, rule, max_terms);
    if (res.decided)
      hmin = out::Cell::of_exact(res.h_min.str());
    else {
      hmin = out::Cell::of_text(fmt::format("[{}, {}]", res.h_lo.str(), res.h_hi.str()));
      t.notes.push_back(
          fmt::format("h_min could not be pinned down within {} odd degrees: it lies in the range "
                      "shown; raise --max-terms",
                      res.terms));
    }
  }
  Arb p, e2, ee;
  const slong prec = bits_for_digits(ctx.digits) + 64;
  rank::talk_scalings(p.x, e2.x, ee.x, d, r, eps, prec);
  t.add_row({out::Cell::of_int(static_cast<long long>(d)), out::Cell::of_int(static_cast<long long>(r)),
             out::Cell::of_exact(o.eps), out::Cell::of_text(o.count), hmin,
             out::real_cell(p.x, ctx.digits, ctx.certified), out::real_cell(e2.x, ctx.digits, ctx.certified),
             out::real_cell(ee.x, ctx.digits, ctx.certified)});
  t.notes.push_back(
      "talk_power = (d/r)^(1/eps); talk_exp_log2 = 2^(d - r log2(d/r)) = 2^d (r/d)^r, reading the "
      "talk's log as log2 so that the exponent counts bits; talk_exp_ln uses the natural log. The "
      "talk states both up to constants (talk-B 'Our Rank Separation Result')");
  return {std::move(t), 0};
}

}  // namespace

void setup_rank_heads(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<HeadsOptions>();
  CLI::App* app = reg.add(group, "heads", "Fewest rank-r heads whose spectral lower bound allows error eps");
  app->add_option("--d", opt->d, "Dimension d >= 3")->type_name("INT")->required();
  app->add_option("--r", opt->r, "Key/query rank r >= 1")->type_name("INT")->required();
  app->add_option("--eps", opt->eps, "Target error in (0, 1), exact decimal or fraction")
      ->type_name("RATIONAL")
      ->required();
  app->add_option("--count", opt->count, "exact (default) or talk")->type_name("exact|talk");
  app->add_option("--kernel", opt->kernel,
                  "arb: exact integer search on certified brackets (default); double")
      ->type_name("arb|double");
  app->add_option("--max-terms", opt->max_terms, "Largest odd degree summed (default 200001)")
      ->type_name("INT");
  reg.help(
      app,
      Help{
          .formula = "H_min(d, r, eps) = min { H : LB(d,r,H) <= eps }, next to the talk's scalings\n"
                     "H >~ (d/r)^(1/eps) (talk_power) and, as eps -> 0, H >~ 2^(d - r log(d/r)) "
                     "(talk_exp_log2 with\n"
                     "log2, talk_exp_ln with ln).",
          .formula_latex = R"tex(\begin{aligned}
H_{\min}(d,r,\varepsilon) &= \min\{ H : \mathrm{LB}(d,r,H) \le \varepsilon \}\\
\mathtt{talk\_power} &= (d/r)^{1/\varepsilon}\\
\mathtt{talk\_exp\_log2} &= 2^{\,d - r \log_2(d/r)}, \qquad \mathtt{talk\_exp\_ln} = 2^{\,d - r \ln(d/r)}
\end{aligned})tex",
          .source =
              "talk-B l.593 (H >~ (d/r)^{1/eps}), l.595 (2^{d - r log(d/r)}); docs/math/rank.md#heads-needed",
          .cost = "LB is nonincreasing in H: an exponential search and an integer bisection, O(log "
                  "H_min) certified brackets, each O(L) ball operations on one shared spectral table "
                  "(see rank bound).",
          .details = "Each side of the threshold is certified: LB(H_min) <= eps < LB(H_min - 1) on the "
                     "brackets.",
          .examples = {
              "boundcheck rank heads --d 64 --r 8 --eps 0.1 --format csv",
              "d,r,eps,count,h_min,talk_power,talk_exp_log2,talk_exp_ln",
              "64,8,0.1,exact,2355290238402,1073741824,1099511627776,181186358375447.576324274139715",
              "boundcheck rank heads --d 16 --r 1 --eps 1/4 --count talk"}});
  reg.double_check(app,
                   "--kernel arb is checked against the double kernel's H_min (to its 6 digits) when eps >= "
                   "1e-300, and --kernel double against itself at other digits");
  reg.bind(app, opt, run_rank_heads);
}

}  // namespace bc::cli
