// boundcheck rank head-target --d D --theta T
// b(theta), the agreement of a rank-1 head with the target, certified (src/rank/head_target.cpp).
#include "rank/head_target.hpp"
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/real_format.hpp"
#include "parse.hpp"

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
  // 0 <= theta <= pi, decided exactly (a rational number of radians is never pi itself)
  bool above_pi = a.times_pi && fmpz_cmp(fmpq_numref(a.coef.x), fmpq_denref(a.coef.x)) > 0;
  if (!a.times_pi)
    for (slong prec = 64;; prec *= 2) {
      Arb th, pi;
      arb_set_fmpq(th.x, a.coef.x, prec);
      arb_const_pi(pi.x, prec);
      if (arb_gt(th.x, pi.x) || arb_lt(th.x, pi.x)) {
        above_pi = arb_gt(th.x, pi.x);
        break;
      }
    }
  if (fmpq_sgn(a.coef.x) < 0 || above_pi)
    throw UsageError(fmt::format("--theta must be an angle in [0, pi], got \"{}\"", o.theta));
  Arb b;
  if (ctx.alternate && a.times_pi) {  // --double-check: 1 - b(pi - theta)
    rank::Angle s = a;
    Fmpq one(1, 1);
    fmpq_sub(s.coef.x, one.x, a.coef.x);
    b = rank::head_target(d, s, ctx.digits);
    arb_neg(b.x, b.x);
    arb_add_ui(b.x, b.x, 1, bits_for_digits(ctx.digits) + 64);
  } else {
    b = rank::head_target(d, a, ctx.digits);
  }
  out::Table t;
  t.command = "rank head-target";
  t.params["d"] = d;
  t.params["theta"] = o.theta;
  t.columns = {"d", "theta", "b"};
  t.add_row({out::Cell::of_int(static_cast<long long>(d)), out::Cell::of_exact(o.theta),
             out::real_cell(b.x, ctx.digits, ctx.certified)});
  return {std::move(t), 0};
}

}  // namespace

void setup_rank_head_target(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<HeadTargetOptions>();
  CLI::App* app = reg.add(group, "head-target", "Agreement b(theta) of a rank-1 head with the target");
  app->add_option("--d", opt->d, "Dimension d >= 3")->type_name("INT")->required();
  app->add_option("--theta", opt->theta, "Angle between q and k: radians (0.5) or a multiple of pi (pi/6)")
      ->type_name("ANGLE")
      ->required();
  reg.help(
      app,
      Help{.formula = "b(theta) = 1/2 + (1/pi) sum_{l odd} <sign, Q_l> <arcsin, Q_l> P_{l,d}(cos theta): "
                      "the probability\n"
                      "that a rank-1 head with angle theta between query and key agrees with the target;\n"
                      "b(0) = p_head (rank majority), b(pi - theta) = 1 - b(theta).",
           .formula_latex = R"tex(\begin{aligned}
b(\theta) &= \tfrac12 + \tfrac1\pi \sum_{l \text{ odd}} \langle \operatorname{sign}, Q_l \rangle \langle \arcsin, Q_l \rangle\, P_{l,d}(\cos\theta)\\
&= \tfrac12 + \tfrac12 \sum_{l \text{ odd}} c_l^2\, s_l\, P_{l,d}(\cos\theta), \qquad b(0) = \mathtt{p\_head}, \quad b(\pi - \theta) = 1 - b(\theta)
\end{aligned})tex",
           .source = "docs/math/rank.md#head-target (paper-A's construction side, after the authors' "
                     "experiment code; "
                     "paper-A l.41, Figure 5)",
           .cost = "Certified by an exact one-dimensional integral form (Arb's integrator, "
                   "O(evaluations x d)) or by the series with its rigorous tail bound (O(L) terms, a "
                   "few at large d).",
           .details = "",
           .examples = {"boundcheck rank head-target --d 8 --theta pi/6",
                        "boundcheck rank head-target --d 3 --theta 0 --digits 20"}});
  reg.double_check(app,
                   "for theta a multiple of pi, 1 - b(pi - theta) (the integral or series at the "
                   "supplementary angle), at 12 more digits; otherwise b(theta) at 12 more digits");
  reg.bind(app, opt, run_rank_head_target);
}

}  // namespace bc::cli
