// boundcheck depth optimal (--params P | --model NAME|all)
// Optimal depth and width for a network size, paper-L Table 1 (src/depth/transition.cpp).
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

RunResult run_depth_optimal(const OptimalOptions& o, const Context& ctx) {
  if (o.params.empty() == o.model.empty()) throw UsageError("give exactly one of --params P or --model NAME");
  auto p = depth::params_of(depth::fit_wls(depth::transition_points()));
  out::Table t;
  t.command = "depth optimal";
  if (!o.params.empty()) {
    const double P = parse_size("--params", o.params);
    auto opt = depth::optimal_depth(P, p);
    t.params["params"] = o.params;
    t.columns = {"params", "L", "dx", "dx_fit", "l_star"};
    t.add_row({uncertified(P, ctx, "depth optimal"), out::Cell::of_int(static_cast<long long>(opt.L)),
               uncertified(opt.dx, ctx, "depth optimal"), uncertified(opt.dx_fit, ctx, "depth optimal"),
               uncertified(opt.l_star, ctx, "depth optimal")});
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
      // an exact integer (below 2^53): 12 n_layers d_model^2, or 10^12
      const long long P = m.n_layers ? 12LL * m.n_layers * m.d_model * m.d_model : 1000000000000LL;
      auto opt = depth::optimal_depth(static_cast<double>(P), p);
      t.add_row({out::Cell::of_text(m.model), out::Cell::of_int(P),
                 out::Cell::of_int(static_cast<long long>(opt.L)),
                 uncertified(std::round(opt.dx), ctx, "depth optimal"),
                 uncertified(std::round(opt.dx_fit), ctx, "depth optimal"),
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

void setup_depth_optimal(CLI::App& group, Registry& reg) {
  auto oopt = std::make_shared<OptimalOptions>();
  CLI::App* oapp = reg.add(group, "optimal", "Optimal depth and width for a network size (paper-L Table 1)");
  oapp->add_option("--params", oopt->params, "Non-embedding size 12 L d_x^2: 175e9, 175B, 1T, ...")
      ->type_name("SIZE");
  oapp->add_option("--model", oopt->model, "A GPT-3 model (gpt3-small ... gpt3-175b, optimal-1t) or 'all'")
      ->type_name("NAME|all");
  reg.help(
      oapp,
      Help{.formula = "For a non-embedding size P = 12 L d_x^2: L = the nearest integer to the root of P = "
                      "N_Tr(L)\n"
                      "(eq. 10), d_x = sqrt(P / (12 L)); dx_fit = e^(a + bL), the width the fit gives at "
                      "that depth.",
           .formula_latex = R"tex(\begin{aligned}
& P = 12\, L\, d_x^2: \qquad L = \operatorname{round}(L^*), \quad P = N_{\mathrm{Tr}}(L^*), \qquad d_x = \sqrt{P / (12 L)}\\
& \mathtt{dx\_fit} = e^{a + b L}
\end{aligned})tex",
           .source = "paper-L l.28-39 (Table 1), l.224-229; docs/math/depth.md#optimal-depth",
           .cost = "O(1): a bisection for the root of a monotone function.",
           .details = "The GPT-3 sizes are 12 n_layers d_model^2, not the nominal 125M...175B; every row "
                      "of Table 1 is reproduced within one layer and 2% (the 'large' row's root is 37.40, "
                      "printed as 38).",
           .examples = {"boundcheck depth optimal --model all", "boundcheck depth optimal --params 1T"}});
  reg.bind(oapp, oopt, run_depth_optimal);
}

}  // namespace bc::cli
