// boundcheck sphere gegenbauer --d D --l L --t T [--norm standard|unit|orthonormal]
// Value of the degree-l Gegenbauer polynomial of dimension d at an exact rational t, to --digits
// correct digits (or as a certified interval). Algorithms in src/sphere/gegenbauer*.cpp.
#include "sphere/gegenbauer.hpp"
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/real_format.hpp"
#include "parse.hpp"

namespace bc::cli {

namespace {

struct GegenbauerOptions {
  std::string d, l, t, norm = "standard";
};

RunResult run_sphere_gegenbauer(const GegenbauerOptions& o, const Context& ctx) {
  const ulong d = parse_uint("--d", o.d, 2, 1ULL << 40);
  const ulong l = parse_uint("--l", o.l, 0, 1ULL << 40);
  const Fmpq t = parse_rational("--t", o.t);
  sphere::GegenbauerNorm norm{};
  if (!sphere::parse_norm(o.norm, norm)) parse_choice("--norm", o.norm, {"standard", "unit", "orthonormal"});
  auto v = sphere::gegenbauer_eval(d, l, t, norm, ctx.digits);
  out::Table tab;
  tab.command = "sphere gegenbauer";
  tab.params["d"] = d;
  tab.params["l"] = l;
  tab.params["t"] = o.t;
  tab.params["norm"] = o.norm;
  tab.columns = {"d", "l", "t", "norm", "value"};
  tab.add_row({out::Cell::of_int(static_cast<long long>(d)), out::Cell::of_int(static_cast<long long>(l)),
               out::Cell::of_exact(o.t), out::Cell::of_text(o.norm),
               out::real_cell(v.value.x, ctx.digits, ctx.certified)});
  if (!v.note.empty()) tab.notes.push_back(v.note);
  return {std::move(tab), 0};
}

}  // namespace

void setup_sphere_gegenbauer(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<GegenbauerOptions>();
  CLI::App* app =
      reg.add(group, "gegenbauer", "Gegenbauer polynomial of dimension d at t, to --digits correct digits");
  app->add_option("--d", opt->d, "Dimension d >= 2; lambda = (d-2)/2")->type_name("INT")->required();
  app->add_option("--l", opt->l, "Degree l >= 0")->type_name("INT")->required();
  app->add_option("--t", opt->t, "Argument, exact: decimal (0.3, -1e-4) or fraction (3/10); any real")
      ->type_name("RATIONAL")
      ->required();
  app->add_option("--norm", opt->norm,
                  "standard: C_l^lambda(t) (DLMF 18.3); unit: P_{l,d}(t) = C_l^lambda(t)/C_l^lambda(1); "
                  "orthonormal: sqrt(N(d,l)) P_{l,d}(t), orthonormal in L^2(u_d). Default standard")
      ->type_name("standard|unit|orthonormal");
  reg.help(
      app,
      Help{.formula = "standard:    C_l^lambda(t), lambda = (d-2)/2 (DLMF 18.3)\n"
                      "unit:        P_{l,d}(t) = C_l^lambda(t) / C_l^lambda(1),  C_l^lambda(1) = "
                      "binom(l+d-3, l)\n"
                      "orthonormal: sqrt(N(d,l)) P_{l,d}(t), orthonormal in L^2(u_d)\n"
                      "d = 2: unit is T_l; standard reports lim C_l^lambda / lambda = (2/l) T_l (DLMF "
                      "18.7.25).",
           .formula_latex = R"tex(\begin{aligned}
\text{standard:}\quad & C_l^{\lambda}(t), \qquad \lambda = \tfrac{d-2}{2} \\
\text{unit:}\quad & P_{l,d}(t) = C_l^{\lambda}(t) / C_l^{\lambda}(1), \qquad C_l^{\lambda}(1) = \tbinom{l+d-3}{l} \\
\text{orthonormal:}\quad & Q_l(t) = \sqrt{N(d,l)}\, P_{l,d}(t), \qquad \|Q_l\|_{L^2(u_d)} = 1 \\
d = 2:\quad & P_{l,2} = T_l, \qquad \text{standard} = \lim_{\lambda \to 0} C_l^{\lambda} / \lambda = \tfrac{2}{l}\, T_l
\end{aligned})tex",
           .source = "talk-B l.665 (P_{l,d}, the Gegenbauer polynomial of the Hecke-Funk formula), l.667; "
                     "docs/math/sphere.md#gegenbauer-polynomials; DLMF 18.3, 18.5.11 (cosine sum), 18.7.25",
           .cost = "l/2 + 1 terms of the cosine sum C_l^lambda(cos th) = sum_k a_k cos((l-2k) th) (|t| "
                   "< 1; the same sum at t = cosh th for |t| > 1; t = +-1 in closed form) in Arb balls "
                   "at 3.32 D bits plus the cancellation, which is estimated up front and then "
                   "measured: about (l/2)(0.4 + 2 (prec/1024)^1.6) us (0.2 s at d = 100, l = 10^5). "
                   "Refused above --max-seconds or 4e6 working bits.",
           .details = "Every printed digit is proven by the ball; --certified prints the ball itself.",
           .examples = {"boundcheck sphere gegenbauer --d 3 --l 2 --t 1/2 --norm unit --format csv",
                        "d,l,t,norm,value", "3,2,1/2,unit,-0.125000000000000000000000000000",
                        "boundcheck sphere gegenbauer --d 100 --l 100000 --t 0.3"}});
  reg.bind(app, opt, run_sphere_gegenbauer);
}

}  // namespace bc::cli
