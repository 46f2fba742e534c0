// boundcheck depth fit [--data FILE] [--variants]
// The depth-efficiency transition fit ln d_x = a + b L of paper-L 5.2.2 (src/depth/fit.cpp).
#include "depth/fit.hpp"
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/real_format.hpp"
#include "core/text_file.hpp"
#include "depth/data.hpp"
#include "depth/transition.hpp"
#include "parse.hpp"

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <sstream>

namespace bc::cli {

namespace {

std::vector<depth::TransitionPoint> load_points(const std::string& file) {
  if (file.empty()) return depth::transition_points();
  // at most 1 MB: a table of transition points is a few lines, and /dev/zero, a directory or a huge
  // file is refused (core/text_file.hpp)
  return depth::parse_transition_points(
      read_text_file(file, TextLimits{size_t(1) << 20, size_t(1) << 16}, "--data"), file);
}

struct FitOptions {
  std::string data, L;
  bool variants = false, points = false;
};

// A value read from the table: an integer as itself, anything else as its double.
out::Cell data_cell(double v, const Context& ctx) {
  if (v == std::floor(v) && std::fabs(v) < 9.0e15) return out::Cell::of_int(static_cast<long long>(v));
  return uncertified(v, ctx, "depth fit", 17);
}

out::Cell fit_cell(const arb_t x, const Context& ctx) { return out::real_cell(x, ctx.digits, ctx.certified); }

// --points: paper-L Table 4(a) and (b) row by row, with the fit's value and the empirical size.
//   ln_dx = ln d_x (certified), delta_ln_dx = Delta d_x / d_x (Table 4(b), l.998: exact, printed to
//   the digits), ln_dx_fit = a + b L and residual = (ln_dx - ln_dx_fit) / delta_ln_dx (the fit's
//   doubles), N_emp = 12 L d_x^2 (the transition size of eq. 10's N = 12 L d_x^2 at the measured
//   width: Figure 3(b)'s points).
RunResult run_points(const FitOptions& o, const std::vector<depth::TransitionPoint>& pts,
                     const depth::FitResult& f, const Context& ctx) {
  out::Table t;
  t.command = "depth fit";
  t.params["data"] = o.data.empty() ? "data/depth_transitions.csv (paper-L Table 4)" : o.data;
  t.params["points"] = true;
  t.columns = {"L", "dx", "delta_dx", "ln_dx", "delta_ln_dx", "ln_dx_fit", "residual", "N_emp"};
  std::optional<Fmpq> only;
  if (!o.L.empty()) {
    only = parse_rational("--L", o.L);
    t.params["L"] = o.L;
  }
  const slong prec = bits_for_digits(ctx.digits) + 64;
  for (const auto& p : pts) {
    Arb L, dx, dd, ln, rel, n;
    arb_set_d(L.x, p.L);  // doubles read from the table: exact values
    arb_set_d(dx.x, p.dx);
    arb_set_d(dd.x, p.delta_dx);
    if (only) {
      Arb q;
      arb_set_fmpq(q.x, only->x, prec);
      if (!arb_equal(q.x, L.x)) continue;
    }
    arb_log(ln.x, dx.x, prec);
    arb_div(rel.x, dd.x, dx.x, prec);
    arb_mul(n.x, dx.x, dx.x, prec);  // exact: products of doubles at this precision
    arb_mul(n.x, n.x, L.x, prec);
    arb_mul_ui(n.x, n.x, 12, prec);
    const double fit = f.a + f.b * p.L;
    Fmpz ni;
    out::Cell n_cell =
        arb_get_unique_fmpz(ni.x, n.x) != 0 ? out::Cell::of_exact(ni.str()) : fit_cell(n.x, ctx);
    t.add_row({data_cell(p.L, ctx), data_cell(p.dx, ctx), data_cell(p.delta_dx, ctx), fit_cell(ln.x, ctx),
               fit_cell(rel.x, ctx), uncertified(fit, ctx, "depth fit"),
               uncertified((std::log(p.dx) - fit) / (p.delta_dx / p.dx), ctx, "depth fit"), n_cell});
  }
  if (only && t.rows.empty()) {
    std::vector<std::string> Ls;
    for (const auto& p : pts) Ls.push_back(fmt::format("{}", p.L));
    throw UsageError(
        fmt::format("--L: no transition point at L = {} (the data has L = {})", o.L, fmt::join(Ls, ", ")));
  }
  t.notes.push_back(
      "paper-L Table 4 (l.982-996): (a) L, d_x, Delta d_x; (b) log d_x (natural log) and Delta(log d_x) = "
      "Delta d_x / d_x (l.998); ln_dx_fit = a + b L and residual = (ln_dx - ln_dx_fit) / delta_ln_dx with "
      "the "
      "fit's a, b (double); N_emp = 12 L d_x^2, the size at the measured transition (Figure 3(b)'s points)");
  RunResult r{std::move(t), 0};
  if (!o.data.empty()) r.inputs = {o.data};
  return r;
}

RunResult run_depth_fit(const FitOptions& o, const Context& ctx) {
  if (o.points && o.variants) throw UsageError("--points and --variants cannot be combined");
  if (!o.L.empty() && !o.points) throw UsageError("--L selects a row of --points: give --points too");
  auto pts = load_points(o.data);
  if (o.points) return run_points(o, pts, ctx.alternate ? depth::fit_wls_qr(pts) : depth::fit_wls(pts), ctx);
  std::vector<depth::FitResult> fits =
      o.variants ? depth::fit_variants(pts)
                 : std::vector{ctx.alternate ? depth::fit_wls_qr(pts) : depth::fit_wls(pts)};
  out::Table t;
  t.command = "depth fit";
  t.params["data"] = o.data.empty() ? "data/depth_transitions.csv (paper-L Table 4)" : o.data;
  t.columns = {"a", "b", "sigma_a", "sigma_b", "cov_ab", "chi2_red", "r2"};
  if (o.variants) t.columns.insert(t.columns.begin(), "variant");
  for (const auto& f : fits) {
    std::vector<out::Cell> row{uncertified(f.a, ctx, "depth fit"),
                               uncertified(f.b, ctx, "depth fit"),
                               uncertified(std::sqrt(f.var_a), ctx, "depth fit"),
                               uncertified(std::sqrt(f.var_b), ctx, "depth fit"),
                               uncertified(f.cov_ab, ctx, "depth fit"),
                               uncertified(f.chi2_red, ctx, "depth fit"),
                               uncertified(f.r2, ctx, "depth fit")};
    if (o.variants) row.insert(row.begin(), out::Cell::of_text(f.variant));
    t.add_row(std::move(row));
  }
  t.notes.push_back(
      "fit: ln d_x = a + b L, weighted by sigma = Delta d_x / d_x (Table 4b), absolute covariance, "
      "R^2 around the weighted mean; paper-L prints a = 5.039 +- 0.030, b = 5.55e-2 +- 1.3e-3, "
      "R^2 = 0.998, chi2_red = 0.854: all nine printed figures are truncations of these values");
  RunResult r{std::move(t), 0};
  if (!o.data.empty()) r.inputs = {o.data};
  return r;
}

}  // namespace

void setup_depth_fit(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<FitOptions>();
  CLI::App* app =
      reg.add(group, "fit", "The depth-efficiency transition fit ln d_x = a + b L (paper-L 5.2.2)");
  app->add_option("--data", opt->data, "CSV with columns L,dx,delta_dx (default: paper-L Table 4)")
      ->type_name("FILE");
  app->add_flag("--variants", opt->variants, "Also the error models tried that do not match the paper");
  app->add_flag("--points", opt->points,
                "The transition points instead: paper-L Table 4(a) and 4(b) (ln d_x, Delta d_x / d_x) with "
                "the fitted line and the sizes 12 L d_x^2 (Figure 3)");
  app->add_option("--L", opt->L, "(--points) only the row of this depth")->type_name("INT");
  reg.help(
      app,
      Help{.formula = "Weighted least squares ln d_x = a + b L, sigma_i = Delta d_x / d_x (Table 4b), "
                      "absolute\n"
                      "covariance, R^2 about the weighted mean, chi^2_red = chi^2 / (n - 2). Published "
                      "(eq. 11):\n"
                      "a = 5.039 +- 0.030, b = 5.55e-2 +- 1.3e-3, R^2 = 0.998, chi^2_red = 0.854.",
           .formula_latex = R"tex(\begin{aligned}
& \ln d_x = a + b L, \qquad \sigma_i = \Delta d_{x,i} / d_{x,i}, \qquad \operatorname{cov}(a, b) = (A^{\top} W A)^{-1}, \quad W = \operatorname{diag}(\sigma_i^{-2})\\
& R^2 = 1 - \frac{\sum_i w_i (y_i - \hat y_i)^2}{\sum_i w_i (y_i - \bar y_w)^2}, \qquad \chi^2_{\mathrm{red}} = \frac{\chi^2}{n - 2}\\
& \text{published: } a = 5.039 \pm 0.030, \quad b = 5.55 \cdot 10^{-2} \pm 1.3 \cdot 10^{-3}, \quad R^2 = 0.998, \quad \chi^2_{\mathrm{red}} = 0.854
\end{aligned})tex",
           .source = "paper-L l.193-212 (section 5.2.2, eqs. 10-11), l.982-996 (Table 4), l.978-980 (eq. "
                     "59, whose mean (1/n) sum y/sigma^2 is a typo); docs/math/depth.md#transition-fit",
           .cost = "O(n) for n points (5 in Table 4); --data FILE is read with limits (size, line "
                   "length, NUL bytes).",
           .details = "All nine published figures are these values with their digits truncated; --variants "
                      "shows the error models tried that do not reproduce them.",
           .examples = {"boundcheck depth fit --format csv",
                        "boundcheck depth fit --variants --format markdown",
                        "boundcheck depth fit --points --digits 6"}});
  reg.double_check(app,
                   "the fit by Householder QR on the weighted design matrix (double) instead of the "
                   "normal equations (long double); with --variants, every variant again");
  reg.bind(app, opt, run_depth_fit);
}

}  // namespace bc::cli
