// boundcheck depth bounds --L L --dx DX --H H [--corollary 1 --shallow-L LS | --corollary 2 [--beta2-const
// K]] paper-L Theorems 1-2 (and Corollaries 1-2) on log_3 of the separation rank (src/depth/bounds.cpp).
#include "depth/bounds.hpp"
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/real_format.hpp"
#include "parse.hpp"

#include <fmt/format.h>

namespace bc::cli {

namespace {

struct DepthBoundsOptions {
  std::string L, dx, H = "1", corollary, shallow_L, beta2_const;
};

out::Cell real(const arb_t x, const Context& ctx) { return out::real_cell(x, ctx.digits, ctx.certified); }

RunResult run_depth_bounds(const DepthBoundsOptions& o, const Context& ctx) {
  const ulong L = parse_uint("--L", o.L, 1, 60);
  const ulong dx = parse_uint("--dx", o.dx, 2, 1ULL << 40);
  const ulong H = parse_uint("--H", o.H, 1, 1ULL << 40);
  const slong prec = bits_for_digits(ctx.digits) + 64;
  out::Table t;
  t.command = "depth bounds";
  t.params["L"] = L;
  t.params["dx"] = dx;
  t.params["H"] = H;
  if (o.corollary.empty() && (!o.shallow_L.empty() || !o.beta2_const.empty()))
    throw UsageError(fmt::format("{} applies only with --corollary {}",
                                 o.shallow_L.empty() ? "--beta2-const" : "--shallow-L",
                                 o.shallow_L.empty() ? "2" : "1"));
  if (o.corollary == "1" && !o.beta2_const.empty())
    throw UsageError("--beta2-const applies only with --corollary 2");
  if (o.corollary == "2" && !o.shallow_L.empty())
    throw UsageError("--shallow-L applies only with --corollary 1");
  if (o.corollary.empty()) {
    auto b = depth::separation_bounds(L, dx, H, prec);
    const bool th1 = b.regime == depth::Regime::width_sufficient;
    t.columns = {"L", "dx", "H", "regime", "log3_sep_lo", "log3_sep_hi"};
    t.add_row({out::Cell::of_int(static_cast<long long>(L)), out::Cell::of_int(static_cast<long long>(dx)),
               out::Cell::of_int(static_cast<long long>(H)),
               out::Cell::of_text(th1 ? "L<log3(dx): Theorem 1" : "L>log3(dx): Theorem 2"), real(b.lo.x, ctx),
               real(b.hi.x, ctx)});
    if (th1)
      t.notes.push_back(fmt::format("Theorem 1: a = -L + 2 - log_3 2 = {}; C(L) = (3^L-1)/2 = {}",
                                    format_real(b.a.x, 12, false), format_real(b.C.x, 12, false)));
    else
      t.notes.push_back(fmt::format("Theorem 2: b1 = {}, b2 = {}, c1 = {}, c2 = {}; C(L) = {}",
                                    format_real(b.b1.x, 12, false), format_real(b.b2.x, 12, false),
                                    format_real(b.c1.x, 12, false), format_real(b.c2.x, 12, false),
                                    format_real(b.C.x, 12, false)));
    t.notes.push_back("bounds hold almost everywhere in weight space (paper-L Theorems 1-2, as printed)");
    return {std::move(t), 0};
  }
  const std::string which = parse_choice("--corollary", o.corollary, {"1", "2"});
  if (which == "1") {
    if (o.shallow_L.empty()) throw UsageError("--corollary 1 needs --shallow-L LS (the shallower depth)");
    const ulong Ls = parse_uint("--shallow-L", o.shallow_L, 1, 60);
    Arb lw;
    depth::corollary1_log3_width_factor(lw.x, L, Ls, dx, H, prec);
    Arb l10;
    arb_const_log10(l10.x, prec);
    Arb l3;
    arb_log_ui(l3.x, 3, prec);
    Arb lw10;
    arb_mul(lw10.x, lw.x, l3.x, prec);
    arb_div(lw10.x, lw10.x, l10.x, prec);
    t.params["shallow_L"] = Ls;
    t.columns = {"L", "shallow_L", "dx", "H", "log3_width_factor", "log10_width_factor"};
    t.add_row({out::Cell::of_int(static_cast<long long>(L)), out::Cell::of_int(static_cast<long long>(Ls)),
               out::Cell::of_int(static_cast<long long>(dx)), out::Cell::of_int(static_cast<long long>(H)),
               real(lw.x, ctx), real(lw10.x, ctx)});
    t.notes.push_back(
        "Corollary 1: the shallow network of width w d_x can realise the deep one only if its Theorem 1 "
        "upper bound reaches the deep lower bound; w below the printed factor is excluded "
        "(w grows like exp(exp(depth ratio)))");
    return {std::move(t), 0};
  }
  const std::string beta2 = o.beta2_const.empty() ? "1" : o.beta2_const;
  const Fmpq kq = parse_rational("--beta2-const", beta2);
  if (fmpq_sgn(kq.x) <= 0)
    throw UsageError(fmt::format("--beta2-const must be positive, got \"{}\"", o.beta2_const));
  Arb kappa;
  arb_set_fmpq(kappa.x, kq.x, prec);
  auto c = depth::corollary2(L, dx, H, kappa.x, prec);
  t.params["beta2_const"] = beta2;
  t.columns = {"L", "dx", "H", "beta1", "beta2", "shallow_L", "log3_shallow_dx"};
  t.add_row({out::Cell::of_int(static_cast<long long>(L)), out::Cell::of_int(static_cast<long long>(dx)),
             out::Cell::of_int(static_cast<long long>(H)), real(c.beta1.x, ctx), real(c.beta2.x, ctx),
             real(c.shallow_L.x, ctx), real(c.log3_shallow_dx.x, ctx)});
  t.notes.push_back(
      "Corollary 2: beta_1 = log_3 d_x / L; beta_2 = K log(H) log(d_x) log(L) with K = --beta2-const, "
      "the constant paper-L leaves inside O(.) (natural logs); L_s = beta_1 L + beta_2, "
      "d_x^s = 3^beta_2 d_x");
  return {std::move(t), 0};
}

}  // namespace

void setup_depth_bounds(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<DepthBoundsOptions>();
  CLI::App* app = reg.add(group, "bounds", "paper-L Theorems 1-2: bounds on log_3 of the separation rank");
  app->add_option("--L", opt->L, "Depth L (1..60)")->type_name("INT")->required();
  app->add_option("--dx", opt->dx, "Width d_x")->type_name("INT")->required();
  app->add_option("--H", opt->H, "Heads per layer, dividing d_x (default 1)")->type_name("INT");
  app->add_option("--corollary", opt->corollary,
                  "1: width factor a shallower network needs; 2: beta_1, beta_2")
      ->type_name("1|2");
  app->add_option("--shallow-L", opt->shallow_L, "With --corollary 1: the shallower depth")->type_name("INT");
  app->add_option("--beta2-const", opt->beta2_const,
                  "With --corollary 2: the constant in beta_2 = O(.) (default 1)")
      ->type_name("RATIONAL");
  reg.help(
      app,
      Help{.formula = "Theorem 1 (L < log_3 d_x):\n"
                      "  3^(L-2) (log_3(d_x - H) + a) <= log_3 sep <= ((3^L - 1)/2) log_3(d_x + H),  a = "
                      "-L + 2 - log_3 2\n"
                      "Theorem 2 (L > log_3 d_x):\n"
                      "  d_x L/2 + b1 + b2 <= log_3 sep <= 2 d_x L + c1 + c2,  b1 = -L(H/2 + 1), c1 = L,\n"
                      "  b2 = -d_x (1 + log_3((d_x - H)/2)/2), c2 = -2 d_x log_3(d_x / (2 sqrt(2e))) + "
                      "log_3 d_x\n"
                      "Corollary 1: the width factor a shallower network needs; Corollary 2: beta_1, "
                      "beta_2.",
           .formula_latex = R"tex(\begin{aligned}
&\text{Theorem 1 } (L < \log_3 d_x):\\
&\quad 3^{L-2} \bigl( \log_3(d_x - H) + a \bigr) \le \log_3 \mathrm{sep} \le \tfrac{3^L - 1}{2} \log_3(d_x + H), \qquad a = -L + 2 - \log_3 2\\
&\text{Theorem 2 } (L > \log_3 d_x):\\
&\quad \tfrac12 d_x L + b_1 + b_2 \le \log_3 \mathrm{sep} \le 2 d_x L + c_1 + c_2, \qquad b_1 = -L \bigl( \tfrac H2 + 1 \bigr), \quad c_1 = L\\
&\quad b_2 = -d_x \bigl( 1 + \tfrac12 \log_3 \tfrac{d_x - H}{2} \bigr), \qquad c_2 = -2 d_x \log_3 \frac{d_x}{2\sqrt{2e}} + \log_3 d_x
\end{aligned})tex",
           .source = "paper-L l.126-132 (Theorem 1), l.150-154 (Theorem 2), l.140-142 (Corollary 1), "
                     "l.164-168 (Corollary 2); docs/math/depth.md#separation-rank-bounds",
           .cost = "O(1) ball operations (3^L as an exact integer); the regime is decided exactly.",
           .details = "L = log_3 d_x (d_x a power of 3) satisfies neither theorem and is refused.",
           .examples = {"boundcheck depth bounds --L 3 --dx 64 --H 2",
                        "boundcheck depth bounds --L 4 --dx 512 --H 8 --corollary 1 --shallow-L 2"}});
  reg.bind(app, opt, run_depth_bounds);
}

}  // namespace bc::cli
