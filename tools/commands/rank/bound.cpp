// boundcheck rank bound --d D --r R --H H [--count exact|talk] [--kernel arb|double]
// The spectral lower bound LB(d,r,H) as a certified bracket (src/rank/spectral_bound.cpp), or in
// double precision (src/rank/spectral_double.cpp). --d, --r, --H take lists and ranges: the
// grid of all combinations is computed in parallel, in a fixed order.
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "parse.hpp"
#include "rank/spectral_bound.hpp"
#include "rank/spectral_cost.hpp"
#include "rank/spectral_double.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <exception>

#include <array>
#include <cmath>

namespace bc::cli {

namespace {

struct BoundOptions {
  std::string d, r, h, count = "exact", kernel = "arb", max_terms = "200001";
};

/// The validated options: the grid and the kernel.
struct BoundGrid {
  std::vector<std::uint64_t> ds, rs;
  std::vector<Fmpz> hs;
  rank::CountRule rule{};
  std::string kernel;
  ulong max_terms = 0;
  [[nodiscard]] size_t size() const { return ds.size() * rs.size() * hs.size(); }
};

BoundGrid parse_grid(const BoundOptions& o) {
  BoundGrid g;
  g.ds = parse_uint_list("--d", o.d, 3, 100000000);
  g.rs = parse_uint_list("--r", o.r, 1, 100000000);
  if (!rank::parse_count(o.count, g.rule)) parse_choice("--count", o.count, {"exact", "talk"});
  g.kernel = parse_choice("--kernel", o.kernel, {"arb", "double"});
  g.max_terms = parse_uint("--max-terms", o.max_terms, 101, 100000001);
  // H: big integers for the arb kernel (one value or a list/range of machine integers)
  if (o.h.find_first_of(",:") == std::string::npos)
    g.hs.push_back(parse_bigint("--H", o.h, 1));
  else
    for (auto v : parse_uint_list("--H", o.h, 1, UINT64_MAX >> 2)) g.hs.emplace_back(static_cast<slong>(v));
  limits::check("rank bound: grid", static_cast<double>(g.size()), 1e6, "points", "");
  return g;
}

/// Seconds on one core of every row, in row order (d, r, H): each certified bracket priced by
/// rank/spectral_cost.hpp; the double kernel at its measured 4e-6 s a point (its spectrum is
/// shared across H and its work varies little with d, r).
std::vector<double> row_seconds(const BoundGrid& g, long digits) {
  if (g.kernel == "double") return std::vector<double>(g.size(), 4e-6);
  std::vector<double> out;
  out.reserve(g.size());
  for (ulong d : g.ds)
    for (ulong r : g.rs) {
      const auto each = rank::spectral_seconds_each(d, r, g.hs, g.rule, digits, g.max_terms);
      out.insert(out.end(), each.begin(), each.end());
    }
  return out;
}

std::vector<double> estimate_rank_bound(const BoundOptions& o, const Context& ctx) {
  return row_seconds(parse_grid(o), ctx.digits);
}

/// Predicted single-thread seconds of the whole grid: every row priced (a million rows in about
/// 0.1 s: rank/spectral_cost.hpp prices each (d, r)'s degree ladder once).
double grid_seconds(const BoundGrid& g, long digits) {
  double total = 0;
  for (double s : row_seconds(g, digits)) total += s;
  return total;
}

struct Point {
  ulong d, r;
  size_t h;  ///< index into BoundGrid::hs
};

/// Every point's bracket: from the arb kernel its directed texts and the balls they were printed
/// from, from the double kernel its two doubles.
struct Brackets {
  explicit Brackets(size_t n) : text(n), balls(n), dlo(n), dhi(n), converged(n, 1), terms(n) {}
  std::vector<std::array<std::string, 2>> text;
  std::vector<std::array<Arb, 2>> balls;  // lo, hi as computed, kept in their cells
  std::vector<double> dlo, dhi;
  std::vector<char> converged;
  std::vector<ulong> terms;
};

std::vector<Point> grid_points(const BoundGrid& g) {
  std::vector<Point> pts;
  pts.reserve(g.size());
  for (ulong d : g.ds)
    for (ulong r : g.rs)
      for (size_t h = 0; h < g.hs.size(); ++h) pts.push_back({d, r, h});
  return pts;
}

void double_brackets(Brackets& br, const BoundGrid& g, const std::vector<Point>& pts, const Context& ctx) {
  // DoubleSpectrum keeps three long doubles per odd degree (24 bytes a degree), one spectrum per
  // thread at a time; the arb kernel walks the spectrum without keeping it (rank/spectral_sweep)
  const double spectra =
      std::min<double>(std::max(1, ctx.threads), static_cast<double>(g.ds.size() * g.rs.size()));
  limits::check("rank bound --kernel double: spectrum memory for --max-terms",
                static_cast<double>(g.max_terms) * 24.0 * spectra, 2e9, "bytes",
                "lower --max-terms or --threads");
  std::vector<rank::GridPoint> gp;
  for (auto& p : pts) gp.push_back({p.d, p.r, std::log(static_cast<long double>(fmpz_get_d(g.hs[p.h].x)))});
  for (auto& p : pts)
    if (fmpz_bits(g.hs[p.h].x) > 1000)
      throw UsageError("--H is too large for --kernel double (use --kernel arb)");
  auto res = rank::lb_grid_double(gp, g.rule, 1e-13, g.max_terms, ctx.threads);
  for (size_t i = 0; i < res.size(); ++i) {
    br.dlo[i] = res[i].lo, br.dhi[i] = res[i].hi, br.converged[i] = res[i].converged,
    br.terms[i] = res[i].terms;
  }
}

void certified_brackets(Brackets& br, const BoundGrid& g, const std::vector<Point>& pts, const Context& ctx) {
  const long np = static_cast<long>(pts.size());
  std::exception_ptr error;
  limits::Run& run = limits::current();  // the points poll this thread's deadline and cancellation
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(ctx.threads)
#endif
  for (long i = 0; i < np; ++i) {
    const limits::RunScope scope(run);
    // no exception may leave an OpenMP region: the first one is kept and rethrown below
    try {
      limits::poll("rank bound");  // a point is a bracket and its two directed texts
      const auto k = static_cast<size_t>(i);
      const auto& p = pts[k];
      auto b = rank::spectral_lower_bound(p.d, p.r, g.hs[p.h].x, g.rule, ctx.digits, g.max_terms);
      br.text[k] = {format_bound(b.lo.x, ctx.digits, -1), format_bound(b.hi.x, ctx.digits, +1)};
      arb_set(br.balls[k][0].x, b.lo.x);
      arb_set(br.balls[k][1].x, b.hi.x);
      br.converged[k] = b.converged;
      br.terms[k] = b.terms;
    } catch (...) {
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp critical(rank_bound_error)
#endif
      if (!error) error = std::current_exception();
    }
  }
  if (error) std::rethrow_exception(error);
}

out::Table bound_table(const BoundOptions& o, const BoundGrid& g, const std::vector<Point>& pts, Brackets& br,
                       const Context& ctx) {
  out::Table t;
  t.command = "rank bound";
  t.params["d"] = o.d;
  t.params["r"] = o.r;
  t.params["H"] = o.h;
  t.params["count"] = o.count;
  t.params["kernel"] = g.kernel;
  t.columns = {"d", "r", "H", "count", "lo", "hi"};
  std::vector<std::string> h_text;  // each H's digits once, not once per row
  for (const auto& h : g.hs) h_text.push_back(h.str());
  t.rows.reserve(pts.size());
  const bool dbl = g.kernel == "double";
  for (size_t i = 0; i < pts.size(); ++i) {
    const auto& p = pts[i];
    std::vector<out::Cell> row;  // moved in, not copied from an initializer list
    row.reserve(6);
    row.push_back(out::Cell::of_int(static_cast<long long>(p.d)));
    row.push_back(out::Cell::of_int(static_cast<long long>(p.r)));
    row.push_back(out::Cell::of_exact(h_text[p.h]));
    row.push_back(out::Cell::of_text(o.count));
    row.push_back(dbl ? uncertified(br.dlo[i], ctx, "rank bound", 10)
                      : out::real_cell(std::move(br.text[i][0]), br.balls[i][0].x));
    row.push_back(dbl ? uncertified(br.dhi[i], ctx, "rank bound", 10)
                      : out::real_cell(std::move(br.text[i][1]), br.balls[i][1].x));
    t.add_row(std::move(row));
  }
  return t;
}

void add_bound_notes(out::Table& t, const BoundGrid& g, const Brackets& br, const Context& ctx) {
  size_t not_converged = 0;
  ulong worst_terms = 0;
  for (size_t i = 0; i < br.converged.size(); ++i)
    if (!br.converged[i]) ++not_converged, worst_terms = std::max(worst_terms, br.terms[i]);
  if (g.kernel == "arb")
    t.notes.push_back(
        "lo <= LB <= hi is certified (Arb balls; lo rounded down, hi rounded up); the tail above "
        "the last degree is bracketed with the exact Parseval energy and the monotone ratio b/N");
  else
    t.notes.push_back(
        "double kernel: long-double log-space evaluation, not certified; the tests hold it to "
        "1e-10 relative against the Arb kernel");
  if (not_converged)
    t.notes.push_back(
        fmt::format("{} of {} brackets are wider than 10^-{} after {} odd degrees (slow tail, e.g. "
                    "r = d-1 with H = 1 converges like L^-2); raise --max-terms for more",
                    not_converged, br.converged.size(), ctx.digits, worst_terms));
}

RunResult run_rank_bound(const BoundOptions& o, const Context& ctx) {
  const BoundGrid g = parse_grid(o);
  if (g.kernel == "arb")
    limits::check_seconds(fmt::format("rank bound: {} certified brackets", g.size()),
                          grid_seconds(g, ctx.digits) / std::max(1, ctx.threads),
                          "use --kernel double for large grids (not certified, about 4e-6 s a point)");
  const std::vector<Point> pts = grid_points(g);
  Brackets br(pts.size());
  if (g.kernel == "double")
    double_brackets(br, g, pts, ctx);
  else
    certified_brackets(br, g, pts, ctx);
  out::Table t = bound_table(o, g, pts, br, ctx);
  add_bound_notes(t, g, br, ctx);
  return {std::move(t), 0};
}

}  // namespace

void setup_rank_bound(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<BoundOptions>();
  CLI::App* app = reg.add(group, "bound", "Spectral lower bound LB(d,r,H) on the error of H rank-r heads");
  app->add_option("--d", opt->d, "Dimension d >= 3; a list 64,128 or a range 8:1024:8")
      ->type_name("LIST")
      ->required();
  app->add_option("--r", opt->r, "Key/query rank r >= 1; list or range")->type_name("LIST")->required();
  app->add_option("--H", opt->h, "Number of heads H >= 1 (any size), or a list/range")
      ->type_name("LIST")
      ->required();
  app->add_option("--count", opt->count, "exact: binom(r+l-1,l) (default); talk: binom(r+l,l)")
      ->type_name("exact|talk");
  app->add_option("--kernel", opt->kernel, "arb: certified bracket (default); double: fast, for large grids")
      ->type_name("arb|double");
  app->add_option("--max-terms", opt->max_terms, "Largest odd degree summed (default 200001)")
      ->type_name("INT");
  reg.help(
      app,
      Help{.formula = "LB(d,r,H) = sum_{l odd} c_l(d)^2 (1 - min(1, H b(r,l) / N(d,l)))\n"
                      "          = 1 - sum_{l odd} c_l(d)^2 min(1, H b(r,l) / N(d,l)),   b(r,l) = "
                      "binom(r+l-1, l)\n"
                      "lower-bounds E|sign<z,y> - sum_h g_h|^2 over H heads of rank r. lo <= LB <= hi is a "
                      "guarantee.",
           .formula_latex = R"tex(\begin{aligned}
\mathrm{LB}(d,r,H) &= \sum_{l \text{ odd}} c_l(d)^2 \Bigl(1 - \min\Bigl(1, \frac{H\, b(r,l)}{N(d,l)}\Bigr)\Bigr), \qquad b(r,l) = \tbinom{r+l-1}{l}\\
&= 1 - \sum_{l \text{ odd}} c_l(d)^2 \min\Bigl(1, \frac{H\, b(r,l)}{N(d,l)}\Bigr)\\
&\le \mathbb{E}_{z,y} \Bigl| \operatorname{sign}\langle z, y \rangle - \sum_{h \le H} g_h(z,y) \Bigr|^2, \qquad \mathrm{lo} \le \mathrm{LB} \le \mathrm{hi} \text{ guaranteed}
\end{aligned})tex",
           .source = "talk-B l.716-724 ('Putting it all together', l.723), made exact by Eckart-Young; "
                     "docs/math/rank.md#spectral-lower-bound",
           .cost = "O(L) ball operations per point, L the last odd degree summed: one walk over the "
                   "degrees updates c_l^2 and b/N and the point's running sum, nothing stored (51 "
                   "suffice when r << d; up to --max-terms when r is close to d, a "
                   "slow tail bracketed by the exact Parseval energy and the monotone ratio b/N); "
                   "points in parallel. The time is priced up front from the degree ladder each bracket "
                   "needs (calibrated on measured CPU time: bench/calibrate_estimates.py). --kernel "
                   "double: long double in log space, about 4e-6 s a point, uncertified. At most 10^6 "
                   "points.",
           .details = "",
           .examples = {
               "boundcheck rank bound --d 64 --r 8 --H 100",
               "boundcheck rank bound --d 16:1024:16 --r 4 --H 1,10,100 --kernel double --format csv"}});
  reg.bind(app, opt, run_rank_bound);
  reg.lists(app, {"d", "r", "H"});
  reg.estimate(app, opt, estimate_rank_bound);
}

}  // namespace bc::cli
