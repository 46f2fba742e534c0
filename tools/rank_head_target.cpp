// boundcheck rank head-target --d D --theta T
// b(theta), the agreement of a rank-1 head with the target, certified (src/rank/head_target.cpp).
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
  reg.bind(app, opt, run_rank_head_target);
}

}  // namespace bc::cli
