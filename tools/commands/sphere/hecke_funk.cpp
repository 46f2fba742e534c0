// boundcheck sphere hecke-funk --d D --l L
// The closed form of <sign, P_{l,d}>_{u_d} (Arb) against Gauss–Jacobi quadrature of the
// Hecke–Funk integral (MPFR), see src/sphere/hecke_funk.hpp.
#include "sphere/hecke_funk.hpp"
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "parse.hpp"

#include <cmath>

namespace bc::cli {

namespace {

struct HeckeFunkOptions {
  std::string d, l;
};

// The quadrature printed as an enclosure of the true integral: |quadrature - closed form| is
// measured (abs_diff) and the closed form is a certified ball, so the quadrature is within
// abs_diff + rad(closed form) of the true value; only the digits that interval supports are printed.
out::Cell quadrature_cell(const sphere::MpReal& q, const sphere::MpReal& abs_diff, const arb_t closed,
                          long digits, bool certified) {
  Arb a;
  if (!mpfr_number_p(q.backend().data()) || !mpfr_number_p(abs_diff.backend().data()))
    throw DomainError(
        "sphere hecke-funk: the Gauss–Jacobi quadrature did not produce a finite value at this d");
  arf_set_mpfr(arb_midref(a.x), q.backend().data());
  Arf e;
  arf_set_mpfr(e.x, abs_diff.backend().data());
  Mag m;
  arf_get_mag(m.x, e.x);
  mag_add(m.x, m.x, arb_radref(closed));
  arb_add_error_mag(a.x, m.x);
  if (certified || arb_is_zero(a.x)) return out::real_cell(a.x, digits, certified);
  long shown = digits;
  while (shown > 1 && !accurate_to_digits(a.x, shown)) --shown;
  if (!accurate_to_digits(a.x, shown)) return out::real_cell(a.x, digits, true);
  return out::real_cell(a.x, shown, false);
}

RunResult run_sphere_hecke_funk(const HeckeFunkOptions& o, const Context& ctx) {
  const ulong d = parse_uint("--d", o.d, 2, 1ULL << 40);
  const ulong l = parse_uint("--l", o.l, 0, 1ULL << 40);
  const double secs = sphere::hecke_funk_seconds(l, ctx.digits);
  limits::check_seconds("sphere hecke-funk: the quadrature", secs, "lower --l or --digits");
  const sphere::MpScope scope(static_cast<unsigned>(ctx.digits) + 20);
  auto r = sphere::hecke_funk_check(d, l, ctx.digits);
  const sphere::MpReal tol = pow(sphere::MpReal(10), -(ctx.digits - 2));
  const sphere::MpReal scale = r.quadrature == 0 ? sphere::MpReal(1) : abs(r.quadrature);
  const bool agree = r.abs_diff <= tol * scale;
  out::Table t;
  t.command = "sphere hecke-funk";
  t.params["d"] = d;
  t.params["l"] = l;
  t.columns = {"d", "l", "closed_form", "quadrature", "nodes", "abs_diff", "verdict"};
  Arb diff;
  arf_set_mpfr(arb_midref(diff.x), r.abs_diff.backend().data());
  t.add_row({out::Cell::of_int(static_cast<long long>(d)), out::Cell::of_int(static_cast<long long>(l)),
             out::real_cell(r.closed_form.x, ctx.digits, ctx.certified),
             quadrature_cell(r.quadrature, r.abs_diff, r.closed_form.x, ctx.digits,
                             ctx.certified && !ctx.alternate),
             out::Cell::of_int(r.nodes), out::real_cell(diff.x, 3, false),
             out::Cell::of_text(agree ? "holds" : "fails")});
  t.notes.push_back(l % 2 == 0 ? "even l: both sides vanish by parity"
                               : "quadrature: Gauss–Jacobi, exact for this polynomial integrand; "
                                 "abs_diff measures rounding only");
  return {std::move(t), agree ? 0 : 1};
}

}  // namespace

void setup_sphere_hecke_funk(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<HeckeFunkOptions>();
  CLI::App* app = reg.add(group, "hecke-funk",
                          "Check the closed form of <sign, P_{l,d}> against high-precision quadrature");
  app->add_option("--d", opt->d, "Dimension d >= 2")->type_name("INT")->required();
  app->add_option("--l", opt->l, "Degree l >= 0")->type_name("INT")->required();
  reg.help(
      app,
      Help{.formula = "<phi_theta, Y_l>_tau = Y_l(theta) <phi, P_{l,d}>_{u_d} (Hecke-Funk), phi = sign. "
                      "closed_form:\n"
                      "  (-1)^((l-1)/2) Gamma(d/2) Gamma(l/2) / (pi Gamma((l+d)/2));  quadrature:\n"
                      "  (2^{-a-1}/Z) int_{-1}^{1} q(s) (1-s)^a ds,  a = (d-3)/2, t = sqrt((1+s)/2), q = "
                      "P_{l,d}(t)/t.",
           .formula_latex = R"tex(\begin{aligned}
& \langle \phi_\theta, Y_l \rangle_\tau = Y_l(\theta)\, \langle \phi, P_{l,d} \rangle_{u_d}, \qquad \phi = \operatorname{sign}\\
\text{closed form:}\quad & (-1)^{(l-1)/2}\, \frac{\Gamma(d/2)\, \Gamma(l/2)}{\pi\, \Gamma((l+d)/2)}\\
\text{quadrature:}\quad & \frac{2^{-a-1}}{Z_d} \int_{-1}^{1} q(s)\, (1-s)^{a}\, ds,\\
& a = \tfrac{d-3}{2}, \quad t = \sqrt{(1+s)/2}, \quad q(s) = P_{l,d}(t)/t
\end{aligned})tex",
           .source =
               "talk-B l.660-667 (l.666 prints the exponent of u_d as (d-2)/3, a typo for (d-3)/2: "
               "docs/math/sphere.md#the-sphere-and-its-measures); docs/math/sphere.md#sign-coefficients",
           .cost = "The closed form: a few Gamma values in Arb. The quadrature: an n-point Gauss-Jacobi "
                   "rule, n = floor((l-1)/4) + 2 (exact for the degree-(l-1)/2 polynomial q), in MPFR "
                   "at D + 20 digits, P by its three-term recurrence: O(n (8n + l)) MPFR operations, "
                   "plus MPFR's lngamma (Bernoulli numbers, which dominate at thousands of digits); "
                   "both estimated up front.",
           .details = "abs_diff measures rounding only (the rule is exact); exit code 1 if the two differ "
                      "beyond 10^-(D-2) relative.",
           .examples = {"boundcheck sphere hecke-funk --d 5 --l 101 --digits 40",
                        "boundcheck sphere hecke-funk --d 3 --l 7 --format csv"}});
  reg.double_check(app,
                   "the closed form and the Gauss–Jacobi rule again at 12 more digits (other nodes and "
                   "working precision); abs_diff is a measurement and not compared",
                   false, {"abs_diff"});
  reg.bind(app, opt, run_sphere_hecke_funk);
}

}  // namespace bc::cli
