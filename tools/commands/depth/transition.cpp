// boundcheck depth transition --L L [--ab fit|printed] [--cov fit|printed]
// N_Tr(L) = 12 L e^{2a+2bL} and its propagated error, paper-L eq. (10) (src/depth/transition.cpp).
#include "depth/transition.hpp"
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "depth/data.hpp"
#include "depth/fit.hpp"
#include "parse.hpp"

#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <sstream>

namespace bc::cli {

namespace {

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

RunResult run_depth_transition(const TransitionOptions& o, const Context& ctx) {
  auto ls = parse_uint_list("--L", o.L, 1, 100000, 100000);
  auto p = choose_params(o.ab, o.cov);
  out::Table t;
  t.command = "depth transition";
  t.params["L"] = o.L;
  t.params["ab"] = o.ab;
  t.params["cov"] = o.cov;
  t.columns = {"L", "dx", "N_tr", "sigma_N"};
  for (auto L : ls) {
    limits::poll("depth transition");  // a list of up to its limit of depths
    auto tr = depth::transition(static_cast<double>(L), p);
    t.add_row({out::Cell::of_int(static_cast<long long>(L)), uncertified(tr.dx, ctx, "depth transition"),
               uncertified(tr.n, ctx, "depth transition"), uncertified(tr.sigma_n, ctx, "depth transition")});
  }
  t.notes.push_back(
      "N_Tr(L) = 12 L e^{2a} e^{2bL} (eq. 10), sigma_N = 2 N sqrt(var_a + L^2 var_b + 2 L cov_ab); the "
      "defaults (full-precision a, b from the fit; eq. 11's printed covariance) reproduce paper-L's "
      "1.17 +- 0.23 e12 (L = 96), 1.65 +- 0.25 e11 (L = 80) and Delta N/N = 0.2 (L = 100)");
  return {std::move(t), 0};
}

}  // namespace

void setup_depth_transition(CLI::App& group, Registry& reg) {
  auto topt = std::make_shared<TransitionOptions>();
  CLI::App* tapp =
      reg.add(group, "transition", "Transition size N_Tr(L) = 12 L e^{2a+2bL} and its error (eq. 10)");
  tapp->add_option("--L", topt->L, "Depth, or a list/range (80,96 or 6:96:6)")->type_name("LIST")->required();
  tapp->add_option("--ab", topt->ab, "fit: full-precision a, b (default); printed: 5.039, 5.55e-2")
      ->type_name("fit|printed");
  tapp->add_option("--cov", topt->cov, "printed: eq. 11's matrix (default); fit: the fit's own covariance")
      ->type_name("printed|fit");
  reg.help(
      tapp,
      Help{.formula = "N_Tr(L) = 12 L e^{2a} e^{2bL}\n"
                      "Delta N = sqrt((dN/da)^2 sigma_a^2 + (dN/db)^2 sigma_b^2 + 2 (dN/da)(dN/db) "
                      "sigma_ab),\n"
                      "  dN/da = 2N, dN/db = 2LN\n"
                      "Published: N_Tr(96) = 1.17 +- 0.23 e12, N_Tr(80) = 1.65 +- 0.25 e11, Delta N/N "
                      "(L=100) = 0.2.",
           .formula_latex = R"tex(\begin{aligned}
N_{\mathrm{Tr}}(L) &= 12\, L\, e^{2a} e^{2bL}\\
\Delta N &= \sqrt{ \bigl( \tfrac{dN}{da} \bigr)^2 \sigma_a^2 + \bigl( \tfrac{dN}{db} \bigr)^2 \sigma_b^2 + 2 \tfrac{dN}{da} \tfrac{dN}{db} \sigma_{ab} } = 2 N \sqrt{ \sigma_a^2 + L^2 \sigma_b^2 + 2 L \sigma_{ab} }\\
&\text{published: } N_{\mathrm{Tr}}(96) = 1.17 \pm 0.23 \cdot 10^{12}, \quad N_{\mathrm{Tr}}(80) = 1.65 \pm 0.25 \cdot 10^{11}, \quad \Delta N / N \, (L = 100) = 0.2
\end{aligned})tex",
           .source = "paper-L l.204-207 (eq. 10), l.211-212 (eq. 11), l.224-229 (the GPT-3 projections); "
                     "docs/math/depth.md#transition-size",
           .cost = "O(1) per depth; --L takes lists and ranges.",
           .details = "The published figures need full-precision a, b (--ab fit) with eq. 11's printed "
                      "covariance (--cov printed) and the 2 L cov_ab term kept.",
           .examples = {"boundcheck depth transition --L 80,96,100",
                        "boundcheck depth transition --L 6:30:6 --ab printed --format csv"}});
  reg.bind(tapp, topt, run_depth_transition);
  reg.lists(tapp, {"L"});
}

}  // namespace bc::cli
