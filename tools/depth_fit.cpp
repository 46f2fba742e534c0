// boundcheck depth fit [--data FILE] [--variants]       the transition fit (src/depth/fit.cpp)
// boundcheck depth transition --L L [--ab fit|printed] [--cov fit|printed]
// boundcheck depth optimal (--params P | --model NAME)
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
  std::ifstream in(file);
  if (!in) throw UsageError(fmt::format("--data must be a readable CSV file, got \"{}\"", file));
  std::stringstream ss;
  ss << in.rdbuf();
  return depth::parse_transition_points(ss.str(), file);
}

struct FitOptions {
  std::string data;
  bool variants = false;
};

RunResult run_depth_fit(const FitOptions& o, const Context&) {
  auto pts = load_points(o.data);
  std::vector<depth::FitResult> fits =
      o.variants ? depth::fit_variants(pts) : std::vector{depth::fit_wls(pts)};
  out::Table t;
  t.command = "depth fit";
  t.params["data"] = o.data.empty() ? "data/depth_transitions.csv (paper-L Table 4)" : o.data;
  t.columns = {"a", "b", "sigma_a", "sigma_b", "cov_ab", "chi2_red", "r2"};
  if (o.variants) t.columns.insert(t.columns.begin(), "variant");
  for (const auto& f : fits) {
    std::vector<out::Cell> row{out::Cell::of_double(f.a),
                               out::Cell::of_double(f.b),
                               out::Cell::of_double(std::sqrt(f.var_a)),
                               out::Cell::of_double(std::sqrt(f.var_b)),
                               out::Cell::of_double(f.cov_ab),
                               out::Cell::of_double(f.chi2_red),
                               out::Cell::of_double(f.r2)};
    if (o.variants) row.insert(row.begin(), out::Cell::of_text(f.variant));
    t.add_row(std::move(row));
  }
  t.notes.push_back(
      "fit: ln d_x = a + b L, weighted by sigma = Delta d_x / d_x (Table 4b), absolute covariance, "
      "R^2 around the weighted mean; paper-L prints a = 5.039 +- 0.030, b = 5.55e-2 +- 1.3e-3, "
      "R^2 = 0.998, chi2_red = 0.854: all nine printed figures are truncations of these values");
  return {std::move(t), 0};
}

depth::FitParams choose_params(const std::string& ab, const std::string& cov) {
  parse_choice("--ab", ab, {"fit", "printed"});
  parse_choice("--cov", cov, {"fit", "printed"});
  auto fit = depth::params_of(depth::fit_wls(depth::transition_points()));
  auto pr = depth::printed_params();
  depth::FitParams p = ab == "printed" ? pr : fit;
  const auto& c = cov == "printed" ? pr : fit;
  p.var_a = c.var_a, p.var_b = c.var_b, p.cov_ab = c.cov_ab;
  return p;
}

struct TransitionOptions {
  std::string L, ab = "fit", cov = "printed";
};

RunResult run_depth_transition(const TransitionOptions& o, const Context&) {
  auto ls = parse_uint_list("--L", o.L, 1, 100000, 100000);
  auto p = choose_params(o.ab, o.cov);
  out::Table t;
  t.command = "depth transition";
  t.params["L"] = o.L;
  t.params["ab"] = o.ab;
  t.params["cov"] = o.cov;
  t.columns = {"L", "dx", "N_tr", "sigma_N"};
  for (auto L : ls) {
    auto tr = depth::transition(static_cast<double>(L), p);
    t.add_row({out::Cell::of_int(static_cast<long long>(L)), out::Cell::of_double(tr.dx),
               out::Cell::of_double(tr.n), out::Cell::of_double(tr.sigma_n)});
  }
  t.notes.push_back(
      "N_Tr(L) = 12 L e^{2a} e^{2bL} (eq. 10), sigma_N = 2 N sqrt(var_a + L^2 var_b + 2 L cov_ab); the "
      "defaults (full-precision a, b from the fit; eq. 11's printed covariance) reproduce paper-L's "
      "1.17 +- 0.23 e12 (L = 96), 1.65 +- 0.25 e11 (L = 80) and Delta N/N = 0.2 (L = 100)");
  return {std::move(t), 0};
}

struct OptimalOptions {
  std::string params, model;
};

double parse_size(const std::string& opt, const std::string& v) {
  static const std::pair<char, double> suffixes[] = {
      {'K', 1e3}, {'M', 1e6}, {'B', 1e9}, {'G', 1e9}, {'T', 1e12}};
  std::string num = v;
  double scale = 1;
  if (!v.empty())
    for (auto [c, s] : suffixes)
      if (v.back() == c) num = v.substr(0, v.size() - 1), scale = s;
  auto q = parse_rational(opt, num);
  double x = fmpq_get_d(q.x) * scale;
  if (!(x >= 1) || !std::isfinite(x))
    throw UsageError(
        fmt::format("{} must be a parameter count >= 1 (e.g. 175e9, 175B, 1T), got \"{}\"", opt, v));
  return x;
}

RunResult run_depth_optimal(const OptimalOptions& o, const Context&) {
  if (o.params.empty() == o.model.empty()) throw UsageError("give exactly one of --params P or --model NAME");
  auto p = depth::params_of(depth::fit_wls(depth::transition_points()));
  out::Table t;
  t.command = "depth optimal";
  if (!o.params.empty()) {
    const double P = parse_size("--params", o.params);
    auto opt = depth::optimal_depth(P, p);
    t.params["params"] = o.params;
    t.columns = {"params", "L", "dx", "dx_fit", "l_star"};
    t.add_row({out::Cell::of_double(P), out::Cell::of_int(static_cast<long long>(opt.L)),
               out::Cell::of_double(opt.dx), out::Cell::of_double(opt.dx_fit),
               out::Cell::of_double(opt.l_star)});
  } else {
    auto models = depth::gpt3_models();
    std::vector<std::string> names{"all"};
    for (auto& m : models) names.push_back(m.model);
    bool known = false;
    for (auto& n : names) known = known || n == o.model;
    if (!known)
      throw UsageError(fmt::format("--model must be one of {}, got \"{}\"", fmt::join(names, "|"), o.model));
    t.params["model"] = o.model;
    t.columns = {"model", "params", "L", "dx", "dx_fit", "published_L", "published_dx"};
    for (const auto& m : models) {
      if (o.model != "all" && o.model != m.model) continue;
      const double P = m.n_layers ? 12.0 * m.n_layers * static_cast<double>(m.d_model) * m.d_model : 1e12;
      auto opt = depth::optimal_depth(P, p);
      t.add_row({out::Cell::of_text(m.model), out::Cell::of_double(P),
                 out::Cell::of_int(static_cast<long long>(opt.L)), out::Cell::of_double(std::round(opt.dx)),
                 out::Cell::of_double(std::round(opt.dx_fit)),
                 out::Cell::of_int(static_cast<long long>(m.published_L)),
                 out::Cell::of_int(static_cast<long long>(m.published_width))});
    }
    t.notes.push_back(
        "params = 12 n_layers d_model^2 of the GPT-3 architecture (non-embedding; paper-L l.20), "
        "1e12 for the 1T row; L = nearest integer to the root of P = N_Tr(L); dx = sqrt(P/(12 L)) "
        "(Table 1's rule for the GPT-3 rows), dx_fit = e^{a+bL} (its rule for the 1T row)");
  }
  return {std::move(t), 0};
}

}  // namespace

void setup_depth_fit(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<FitOptions>();
  CLI::App* app =
      reg.add(group, "fit", "The depth-efficiency transition fit ln d_x = a + b L (paper-L 5.2.2)");
  app->add_option("--data", opt->data, "CSV with columns L,dx,delta_dx (default: paper-L Table 4)");
  app->add_flag("--variants", opt->variants, "Also the error models tried that do not match the paper");
  app->footer("Example:\n  boundcheck depth fit --variants --format markdown");
  reg.set_runner(app, [opt](const Context& ctx) { return run_depth_fit(*opt, ctx); });

  auto topt = std::make_shared<TransitionOptions>();
  CLI::App* tapp =
      reg.add(group, "transition", "Transition size N_Tr(L) = 12 L e^{2a+2bL} and its error (eq. 10)");
  tapp->add_option("--L", topt->L, "Depth, or a list/range (80,96 or 6:96:6)")->required();
  tapp->add_option("--ab", topt->ab, "fit: full-precision a, b (default); printed: 5.039, 5.55e-2");
  tapp->add_option("--cov", topt->cov, "printed: eq. 11's matrix (default); fit: the fit's own covariance");
  tapp->footer("Example:\n  boundcheck depth transition --L 80,96,100");
  reg.set_runner(tapp, [topt](const Context& ctx) { return run_depth_transition(*topt, ctx); });

  auto oopt = std::make_shared<OptimalOptions>();
  CLI::App* oapp = reg.add(group, "optimal", "Optimal depth and width for a network size (paper-L Table 1)");
  oapp->add_option("--params", oopt->params, "Non-embedding size 12 L d_x^2: 175e9, 175B, 1T, ...");
  oapp->add_option("--model", oopt->model, "A GPT-3 model (gpt3-small ... gpt3-175b, optimal-1t) or 'all'");
  oapp->footer("Examples:\n  boundcheck depth optimal --model all\n  boundcheck depth optimal --params 1T");
  reg.set_runner(oapp, [oopt](const Context& ctx) { return run_depth_optimal(*oopt, ctx); });
}

}  // namespace bc::cli
