// verify/ methods for the depth family (paper-L; docs/math/depth.md). Each method's parameters
// are declared next to it (verify/params.hpp).
#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "depth/bounds.hpp"
#include "depth/data.hpp"
#include "depth/fit.hpp"
#include "depth/hadamard_rank.hpp"
#include "depth/network.hpp"
#include "depth/transition.hpp"
#include "verify/catalogue.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace bc::verify {

namespace {

// A printed decimal: its value and one unit in its last digit.
struct Printed {
  double value, ulp;
};
Printed printed(const std::string& s) {
  Printed p{std::stod(s), 0};
  std::string mant = s.substr(0, s.find_first_of("eE"));
  int exp10 = s.find_first_of("eE") == std::string::npos ? 0 : std::stoi(s.substr(s.find_first_of("eE") + 1));
  auto dot = mant.find('.');
  int decimals = dot == std::string::npos ? 0 : static_cast<int>(mant.size() - dot - 1);
  p.ulp = std::pow(10.0, exp10 - decimals);
  return p;
}

// "truncate": the printed digits are the leading digits of the value (toward zero);
// "round": the value rounds to them.
bool matches(double v, const Printed& p, const std::string& rule) {
  if (rule == "round") return std::fabs(v - p.value) <= 0.5 * p.ulp * (1 + 1e-12);
  if (v >= 0) return v >= p.value - 1e-12 * p.ulp && v < p.value + p.ulp;
  return v <= p.value + 1e-12 * p.ulp && v > p.value - p.ulp;
}

double fit_quantity(const depth::FitResult& f, const std::string& q) {
  if (q == "a") return f.a;
  if (q == "b") return f.b;
  if (q == "sigma_a") return std::sqrt(f.var_a);
  if (q == "sigma_b") return std::sqrt(f.var_b);
  if (q == "var_a") return f.var_a;
  if (q == "var_b") return f.var_b;
  if (q == "cov_ab") return f.cov_ab;
  if (q == "chi2_red") return f.chi2_red;
  if (q == "r2") return f.r2;
  throw DomainError("unknown fit quantity " + q);
}

// The fit, transition and Table 1 claims are expression claims now (verify/depth.toml); these
// methods stay registered for user catalogues that name them.
// params: quantity (of the fit); printed (the decimal as published); rule (how its digits read).
const std::vector<ParamSpec> fit_value_params{
    param::scalar("quantity", param::text({"a", "b", "sigma_a", "sigma_b", "var_a", "var_b", "cov_ab",
                                           "chi2_red", "r2"})),
    param::scalar("printed", param::decimal(true)),
    param::scalar("rule", param::text({"round", "truncate"}))};

Outcome fit_value(const Claim& c) {
  const std::string q = claim_param<std::string>(c, "quantity"), pub = claim_param<std::string>(c, "printed");
  const std::string rule = claim_param<std::string>(c, "rule");
  auto f = depth::fit_wls(depth::transition_points());
  const double v = fit_quantity(f, q);
  const Printed p = printed(pub);
  const bool t = matches(v, p, "truncate"), r = matches(v, p, "round");
  std::string computed = fmt::format(
      "{} = {:.7g} (WLS on ln d_x, sigma = Delta/d_x, absolute covariance); printed "
      "digits {} as truncation, {} as rounding",
      q, v, t ? "match" : "do not match", r ? "match" : "do not match");
  return {computed, matches(v, p, rule) ? Verdict::holds : Verdict::fails,
          "computed value outside the printed digits"};
}

// ab, cov: the fit's own values or the printed ones (transition, relative_error).
ParamSpec fit_source(const char* key) { return param::scalar(key, param::text({"printed", "fit"})); }

depth::FitParams params_for(const Claim& c) {
  const std::string ab = claim_param<std::string>(c, "ab"), cov = claim_param<std::string>(c, "cov");
  auto fit = depth::params_of(depth::fit_wls(depth::transition_points()));
  auto pr = depth::printed_params();
  depth::FitParams p = ab == "printed" ? pr : fit;
  if (cov == "printed")
    p.var_a = pr.var_a, p.var_b = pr.var_b, p.cov_ab = pr.cov_ab;
  else
    p.var_a = fit.var_a, p.var_b = fit.var_b, p.cov_ab = fit.cov_ab;
  return p;
}

// params: L (layers); n, sigma (the published N_Tr and its error); ab, cov.
const std::vector<ParamSpec> transition_params{
    param::scalar("L", param::positive()), param::scalar("n", param::decimal(true)),
    param::scalar("sigma", param::decimal(true)), fit_source("ab"), fit_source("cov")};

Outcome transition_value(const Claim& c) {
  const double L = claim_param<double>(c, "L");
  const std::string n_pub = claim_param<std::string>(c, "n"), s_pub = claim_param<std::string>(c, "sigma");
  auto p = params_for(c);
  auto t = depth::transition(L, p);
  // also the alternatives, for the record
  auto fit = depth::params_of(depth::fit_wls(depth::transition_points()));
  auto alt = depth::transition(L, fit);
  depth::FitParams no_cov = p;
  no_cov.cov_ab = 0;
  auto nc = depth::transition(L, no_cov);
  const bool ok = matches(t.n, printed(n_pub), "round") && matches(t.sigma_n, printed(s_pub), "round");
  return {fmt::format("N_Tr({}) = {:.4g} +- {:.4g} (a, b: {}; covariance: {}); with the fit's own covariance "
                      "+- {:.4g}; without the covariance term +- {:.4g}",
                      L, t.n, t.sigma_n, claim_param<std::string>(c, "ab"),
                      claim_param<std::string>(c, "cov"), alt.sigma_n, nc.sigma_n),
          ok ? Verdict::holds : Verdict::fails, "outside the printed digits"};
}

// params: L; printed (the published Delta N / N); ab, cov.
const std::vector<ParamSpec> relative_error_params{param::scalar("L", param::positive()),
                                                   param::scalar("printed", param::decimal(true)),
                                                   fit_source("ab"), fit_source("cov")};

Outcome relative_error(const Claim& c) {
  const double L = claim_param<double>(c, "L");
  auto p = params_for(c);
  auto t = depth::transition(L, p);
  const double rel = t.sigma_n / t.n;
  return {fmt::format("Delta N / N at L = {} is {:.4f}", L, rel),
          matches(rel, printed(claim_param<std::string>(c, "printed")), "round") ? Verdict::holds
                                                                                 : Verdict::fails,
          ""};
}

// params: model (a row of Table 1); width_tol (relative).
std::vector<std::string> table1_models() {
  std::vector<std::string> names;
  for (const auto& m : depth::gpt3_models()) names.push_back(m.model);
  return names;
}
const std::vector<ParamSpec> optimal_row_params{
    param::scalar("model", param::text(table1_models())),
    param::scalar("width_tol", param::number(0, std::numeric_limits<double>::infinity()))};

Outcome optimal_row(const Claim& c) {
  const std::string model = claim_param<std::string>(c, "model");
  const double width_tol = claim_param<double>(c, "width_tol");
  auto p = depth::params_of(depth::fit_wls(depth::transition_points()));
  for (const auto& m : depth::gpt3_models()) {
    if (m.model != model) continue;
    const double P = m.n_layers ? 12.0 * m.n_layers * static_cast<double>(m.d_model) * m.d_model : 1e12;
    auto o = depth::optimal_depth(P, p);
    const double w = m.n_layers ? o.dx : o.dx_fit;  // the 1T row has no architecture: width e^{a+bL}
    const long dl = static_cast<long>(o.L) - static_cast<long>(m.published_L);
    const double dw = w / static_cast<double>(m.published_width) - 1;
    const bool ok = std::labs(dl) <= 1 && std::fabs(dw) <= width_tol;
    return {
        fmt::format("P = {:.4g}: L* = {:.2f} -> L = {} (published {}), width {:.0f} (published {}, {:+.2f}%)",
                    P, o.l_star, o.L, m.published_L, w, m.published_width, 100 * dw),
        ok ? Verdict::holds : Verdict::fails, "outside one layer or the width tolerance"};
  }
  throw DomainError("unknown model " + model);
}

// Kept as a method: three Omega values per (d, lambda) case and paired case lists; an expression
// over depth.grid_rank(hadamard, ...) could say it but would repeat each case three times.
// params: cases = [[d, lambda], ...] (their ranges are depth/hadamard_rank's).
const std::vector<ParamSpec> hadamard_params{
    param::tuples("cases", {param::integer(0, param::k62, "d"), param::integer(0, param::k62, "lambda")})};

Outcome hadamard(const Claim& c) {
  auto cases = claim_param<std::vector<std::vector<ulong>>>(c, "cases");
  std::vector<std::string> parts;
  for (const auto& dl : cases) {
    const ulong d = dl.at(0), lam = dl.at(1);
    auto half = depth::hadamard_rank(d, lam, Fmpq(1, 2), true);
    auto two = depth::hadamard_rank(d, lam, Fmpq(2, 1), false);
    auto one = depth::hadamard_rank(d, lam, Fmpq(1, 1), false);
    if (half.exact_rank != static_cast<long>(half.n) || half.rank_mod_p != half.n || two.rank_mod_p != two.n)
      return {fmt::format("(d,lambda) = ({},{}): rank {} / {} vs {}", d, lam, half.exact_rank, two.rank_mod_p,
                          half.n),
              Verdict::fails, ""};
    if (one.rank_mod_p != 1)
      return {fmt::format("Omega = 1 gave rank {}", one.rank_mod_p), Verdict::fails,
              "expected the degenerate rank 1"};
    parts.push_back(fmt::format("({},{}): {}", d, lam, half.n));
  }
  return {
      fmt::format("rank = binom(d+lambda-1, lambda) exactly at Omega = 1/2 and mod p at Omega = 2, for {}; "
                  "Omega = 1 (an excluded value) gives rank 1",
                  fmt::join(parts, ", ")),
      Verdict::holds, ""};
}

// Kept as a method: the two partitions are two rows of `depth grid-rank --network`, and an
// expression reads one row.
// params: cases = [[L, dx, H, N, M], ...] (priced by depth/network's grid tensor).
const std::vector<ParamSpec> proposition1_params{
    param::tuples("cases", {param::integer(0, param::k62, "L"), param::integer(0, param::k62, "dx"),
                            param::integer(0, param::k62, "H"), param::integer(0, param::k62, "N"),
                            param::integer(0, param::k62, "M")})};

Outcome proposition1(const Claim& c) {
  auto cases = claim_param<std::vector<std::vector<ulong>>>(c, "cases");  // [L, dx, H, N, M]
  std::vector<std::string> parts;
  for (const auto& k : cases) {
    auto r = depth::network_grid_rank(k.at(0), k.at(1), k.at(2), k.at(3), k.at(4), 20201);
    for (ulong x : r.ranks)
      if (x != r.ranks.front())
        return {
            fmt::format("L={}, d_x={}, H={}, N={}: ranks differ across partitions", k[0], k[1], k[2], k[3]),
            Verdict::fails, ""};
    depth::SepBounds b;
    try {
      b = depth::separation_bounds(k.at(0), k.at(1), k.at(2), 128);
    } catch (const DomainError&) {  // L = log_3 d_x: no theorem applies, nothing to compare
      parts.push_back(
          fmt::format("(L={},d_x={},H={},N={},M={}): rank {} on {} partitions (no theorem applies)", k[0],
                      k[1], k[2], k[3], k[4], r.ranks.front(), r.ranks.size()));
      continue;
    }
    Arb lr;
    arb_set_ui(lr.x, r.ranks.front());
    arb_log(lr.x, lr.x, 128);
    Arb l3;
    arb_log_ui(l3.x, 3, 128);
    arb_div(lr.x, lr.x, l3.x, 128);
    if (arb_gt(lr.x, b.hi.x))
      return {fmt::format("rank {} exceeds the upper bound 3^{:.3f}", r.ranks.front(),
                          arf_get_d(arb_midref(b.hi.x), ARF_RND_NEAR)),
              Verdict::fails, ""};
    parts.push_back(fmt::format("(L={},d_x={},H={},N={},M={}): rank {} on {} partitions", k[0], k[1], k[2],
                                k[3], k[4], r.ranks.front(), r.ranks.size()));
  }
  return {fmt::format("{}; all below the Theorem upper bounds", fmt::join(parts, "; ")), Verdict::holds, ""};
}

}  // namespace

void register_depth_checks(Methods& r) {
  r["depth.fit_value"] = {fit_value, fit_value_params};
  r["depth.transition"] = {transition_value, transition_params};
  r["depth.relative_error"] = {relative_error, relative_error_params};
  r["depth.optimal_row"] = {optimal_row, optimal_row_params};
  r["depth.hadamard"] = {hadamard, hadamard_params};
  r["depth.proposition1"] = {proposition1, proposition1_params};
}

}  // namespace bc::verify
