// boundcheck rank head-target --d D --theta T      b(theta), certified (src/rank/head_target.cpp)
// boundcheck rank u --d D --t T [--degree 49]       u(t), the head weighting of paper-A Figure 5
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/real_format.hpp"
#include "parse.hpp"
#include "rank/head_target.hpp"

#include <fmt/format.h>

namespace bc::cli {

namespace {

struct HeadTargetOptions {
  std::string d, theta;
};

RunResult run_rank_head_target(const HeadTargetOptions& o, const Context& ctx) {
  const ulong d = parse_uint("--d", o.d, 3, 100000000);
  rank::Angle a;
  parse_angle("--theta", o.theta, a.coef, a.times_pi);
  // 0 <= theta <= pi
  const double approx = fmpq_get_d(a.coef.x) * (a.times_pi ? 3.141592653589793 : 1.0);
  if (fmpq_sgn(a.coef.x) < 0 || approx > 3.1415926535897936 ||
      (a.times_pi && fmpz_cmp(fmpq_numref(a.coef.x), fmpq_denref(a.coef.x)) > 0))
    throw UsageError(fmt::format("--theta must be an angle in [0, pi], got \"{}\"", o.theta));
  Arb b = rank::head_target(d, a, ctx.digits);
  out::Table t;
  t.command = "rank head-target";
  t.params["d"] = d;
  t.params["theta"] = o.theta;
  t.columns = {"d", "theta", "b"};
  t.add_row({out::Cell::of_int(static_cast<long long>(d)), out::Cell::of_exact(o.theta),
             out::Cell::of_real(format_real(b.x, ctx.digits, ctx.certified))});
  return {std::move(t), 0};
}

struct UOptions {
  std::string d, t, degree = "49";
};

RunResult run_rank_u(const UOptions& o, const Context& ctx) {
  const ulong d = parse_uint("--d", o.d, 3, 100000000);
  const Fmpq tq = parse_rational("--t", o.t);
  Fmpq one(1, 1), minus(-1, 1);
  if (fmpq_cmp(tq.x, one.x) > 0 || fmpq_cmp(tq.x, minus.x) < 0)
    throw UsageError(fmt::format("--t must be in [-1, 1], got \"{}\"", o.t));
  const ulong degree = parse_uint("--degree", o.degree, 1, 10001);
  Arb u = rank::u_weight(d, tq, degree, ctx.digits);
  out::Table t;
  t.command = "rank u";
  t.params["d"] = d;
  t.params["t"] = o.t;
  t.params["degree"] = degree;
  t.columns = {"d", "t", "degree", "u"};
  t.add_row({out::Cell::of_int(static_cast<long long>(d)), out::Cell::of_exact(o.t),
             out::Cell::of_int(static_cast<long long>(degree)),
             out::Cell::of_real(format_real(u.x, ctx.digits, ctx.certified))});
  t.notes.push_back(
      "u(t) = sum_{l odd <= degree} u_l Q_l(t), u_l = (pi/2) N c_l / <arcsin,Q_l> = N^(3/2)/c_l; "
      "paper-A Figure 5 truncates at degree 49 ('degree-50 ultraspherical expansion')");
  return {std::move(t), 0};
}

}  // namespace

void setup_rank_head_target(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<HeadTargetOptions>();
  CLI::App* app = reg.add(group, "head-target", "Agreement b(theta) of a rank-1 head with the target");
  app->add_option("--d", opt->d, "Dimension d >= 3")->required();
  app->add_option("--theta", opt->theta, "Angle between q and k: radians (0.5) or a multiple of pi (pi/6)")
      ->required();
  app->footer(
      "b(theta) = 1/2 + (1/pi) sum_{l odd} <sign,Q_l> <arcsin,Q_l> P_{l,d}(cos theta) (MATH.md §4), the\n"
      "probability that a rank-1 head with angle theta between query and key agrees with the target.\n"
      "Certified via an exact one-dimensional integral form (Arb's integrator) or the series with its\n"
      "rigorous tail bound. b(0) = p_head (rank majority); b(pi - theta) = 1 - b(theta).\n"
      "Example:\n"
      "  boundcheck rank head-target --d 8 --theta pi/6");
  reg.set_runner(app, [opt](const Context& ctx) { return run_rank_head_target(*opt, ctx); });

  auto uopt = std::make_shared<UOptions>();
  CLI::App* uapp =
      reg.add(group, "u", "The head-angle weighting u(t) reproducing the target (paper-A Fig. 5)");
  uapp->add_option("--d", uopt->d, "Dimension d >= 3")->required();
  uapp->add_option("--t", uopt->t, "Argument in [-1, 1], exact decimal or fraction")->required();
  uapp->add_option("--degree", uopt->degree, "Truncation degree (default 49)");
  uapp->footer("Example:\n  boundcheck rank u --d 16 --t 0.9");
  reg.set_runner(uapp, [uopt](const Context& ctx) { return run_rank_u(*uopt, ctx); });
}

}  // namespace bc::cli
