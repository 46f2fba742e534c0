// boundcheck depth fit [--data FILE] [--variants]
// The depth-efficiency transition fit ln d_x = a + b L of paper-L 5.2.2 (src/depth/fit.cpp).
#include "cli.hpp"
#include "core/errors.hpp"
#include "depth/data.hpp"
#include "depth/fit.hpp"
#include "depth/transition.hpp"
#include "parse.hpp"

#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <sstream>

namespace bc::cli {

namespace {

std::vector<depth::TransitionPoint> load_points(const std::string& file) {
  if (file.empty()) return depth::transition_points();
  std::ifstream in(file, std::ios::binary);
  if (!in) throw UsageError(fmt::format("--data must be a readable CSV file, got \"{}\"", file));
  // read at most 1 MB (+1 byte to detect more): a table of transition points is a few lines, and
  // /dev/zero or a huge file must not exhaust memory
  constexpr std::streamsize kMax = 1 << 20;
  std::string text(static_cast<size_t>(kMax) + 1, '\0');
  in.read(text.data(), kMax + 1);
  text.resize(static_cast<size_t>(in.gcount()));
  if (static_cast<std::streamsize>(text.size()) > kMax)
    throw UsageError(fmt::format("--data must be a CSV file of at most 1 MB, got \"{}\"", file));
  if (text.find('\0') != std::string::npos)
    throw UsageError(fmt::format("--data must be a text CSV file, got \"{}\" (it contains NUL bytes)", file));
  return depth::parse_transition_points(text, file);
}

struct FitOptions {
  std::string data;
  bool variants = false;
};

RunResult run_depth_fit(const FitOptions& o, const Context& ctx) {
  auto pts = load_points(o.data);
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
  app->add_option("--data", opt->data, "CSV with columns L,dx,delta_dx (default: paper-L Table 4)");
  app->add_flag("--variants", opt->variants, "Also the error models tried that do not match the paper");
  app->footer("Example:\n  boundcheck depth fit --variants --format markdown");
  reg.double_check(app,
                   "the fit by Householder QR on the weighted design matrix (double) instead of the "
                   "normal equations (long double); with --variants, every variant again");
  reg.bind(app, opt, run_depth_fit);
}

}  // namespace bc::cli
