// verify/ methods for the sphere family (docs/math/sphere.md). Each recomputes a claim by a method
// independent of the one the CLI uses where possible, and decides holds / fails / undecided from
// the same comparisons its computed text states. Each method's parameters are declared next to it
// (verify/params.hpp).
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "sphere/dim.hpp"
#include "sphere/gauss_jacobi.hpp"
#include "sphere/hecke_funk.hpp"
#include "sphere/parseval.hpp"
#include "sphere/sign_coef.hpp"
#include "verify/catalogue.hpp"

#include <fmt/format.h>
#include <boost/math/special_functions/gamma.hpp>

#include <cmath>
#include <vector>

namespace bc::verify {

namespace {

using sphere::MpReal;

std::string short_real(const arb_t x, long digits = 6) {
  Arb y;
  arb_set(y.x, x);
  if (!accurate_to_digits(y.x, digits)) return format_real(y.x, digits, true);
  return format_real(y.x, digits, false);
}

// Prices N(d,l) for every d in ds and l in 0..l_max and `extra`, by all three algorithms, before any
// is computed: each value's size is held to `sphere dim`'s limit, and the sum of
// sphere::harmonic_dim_seconds to the time budget (d = l = 2^62 ran out of memory; d = 10^5 over
// l <= 10^5 ran for minutes).
void check_dim_cost(const Claim& c, const std::vector<ulong>& ds, ulong lmax,
                    const std::vector<ulong>& extra) {
  double secs = 0;
  auto price = [&](ulong d, ulong l) {
    limits::check(c.id + ": N(d,l)", sphere::harmonic_dim_log10(d, l) + 1, limits::max_integer_digits,
                  "decimal digits", "lower d or l");
    secs += sphere::harmonic_dim_seconds(d, l);
  };
  for (ulong d : ds) {
    for (ulong l = 0; l <= lmax; ++l) price(d, l);
    for (ulong l : extra) price(d, l);
  }
  limits::check_seconds(c.id + ": N(d,l) by three algorithms", secs, "fewer or smaller d, or a lower l_max");
}

// The dimension d of the sphere S^{d-1}: d >= 2 (single values any 62-bit size: closed forms).
ParamField sphere_d(const char* name = "") { return param::integer(2, param::k62, name); }

// N(d,l) against a closed form in l, by all three algorithms.
// params: d; l_max (every l <= l_max); formula; l_extra (more l, beyond l_max).
const std::vector<ParamSpec> dim_closed_form_params{
    param::scalar("d", sphere_d()), param::scalar("l_max", param::integer(0, param::kLoop)),
    param::scalar("formula", param::text({"2l+1", "(l+1)^2"})),
    param::list("l_extra", param::integer(0, param::k62), 0)};

Outcome dim_closed_form(const Claim& c) {
  const ulong d = claim_param<ulong>(c, "d");
  const ulong lmax = claim_param<ulong>(c, "l_max");
  const std::string formula = claim_param<std::string>(c, "formula");
  auto extra = claim_param<std::vector<ulong>>(c, "l_extra");
  auto expected = [&](fmpz_t res, ulong l) {
    if (formula == "2l+1") {
      fmpz_set_ui(res, l);
      fmpz_mul_2exp(res, res, 1);
      fmpz_add_ui(res, res, 1);
    } else if (formula == "(l+1)^2") {
      fmpz_set_ui(res, l);
      fmpz_add_ui(res, res, 1);
      fmpz_mul(res, res, res);
    } else {
      throw std::logic_error("dim_closed_form: unknown formula " + formula);  // declared choices
    }
  };
  check_dim_cost(c, {d}, lmax, extra);
  std::vector<ulong> ls;
  for (ulong l = 0; l <= lmax; ++l) ls.push_back(l);
  ls.insert(ls.end(), extra.begin(), extra.end());
  auto range = sphere::harmonic_dim_range(d, lmax);
  Fmpz a, b, e;
  for (ulong l : ls) {
    sphere::harmonic_dim(a.x, d, l);
    sphere::harmonic_dim_difference(b.x, d, l);
    expected(e.x, l);
    bool ok = fmpz_equal(a.x, e.x) && fmpz_equal(b.x, e.x) && (l > lmax || fmpz_equal(range[l].x, e.x));
    if (!ok)
      return {fmt::format("N({},{}) = {}", d, l, a.str()), Verdict::fails,
              fmt::format("expected {} at l = {}", e.str(), l)};
  }
  return {fmt::format("equal for l = 0..{} and l in {{{}}} (3 algorithms)", lmax, fmt::join(extra, ", ")),
          Verdict::holds, ""};
}

// Product form = difference form = ratio recurrence on a grid of (d, l).
// Kept as a method: the ratio recurrence is internal to sphere/dim.cpp and reaches no command, and
// the 8 x 300 grid of exact products would cost 2400 command runs as an expression.
const std::vector<ParamSpec> dim_forms_agree_params{param::list("d", sphere_d()),
                                                    param::scalar("l_max", param::integer(0, param::kLoop))};

Outcome dim_forms_agree(const Claim& c) {
  auto ds = claim_param<std::vector<ulong>>(c, "d");
  const ulong lmax = claim_param<ulong>(c, "l_max");
  check_dim_cost(c, ds, lmax, {});
  size_t n = 0;
  Fmpz a, b;
  for (ulong d : ds) {
    auto range = sphere::harmonic_dim_range(d, lmax);
    for (ulong l = 0; l <= lmax; ++l, ++n) {
      sphere::harmonic_dim(a.x, d, l);
      sphere::harmonic_dim_difference(b.x, d, l);
      if (!fmpz_equal(a.x, b.x) || !fmpz_equal(a.x, range[l].x))
        return {fmt::format("N({},{}): {} vs {}", d, l, a.str(), b.str()), Verdict::fails, "forms differ"};
    }
  }
  return {fmt::format("{} values equal, d in {{{}}}, l <= {}", n, fmt::join(ds, ", "), lmax), Verdict::holds,
          ""};
}

// Estimated seconds of one unit_norm case: an (l+1)-node Gauss–Jacobi rule and l+1 recurrences of
// length l, 7e-6 (l+1)^2 s at 40 digits growing like ((1 + D/300)/1.1)^1.9 in the digits
// (measured 2026-11-27: l = 400, 800 at 40 digits 1.15 s, 4.4 s; at 300 digits 3.5 s, 12.9 s),
// plus MPFR's Gamma at the working precision as hecke_funk_seconds prices it.
double unit_norm_seconds(ulong l, long digits) {
  const double n = static_cast<double>(l) + 1, dg = static_cast<double>(digits);
  return 7e-6 * n * n * std::pow((1.0 + dg / 300.0) / 1.1, 1.9) + 2.64 * std::pow(dg / 4000.0, 3.2);
}

// ||P_{l,d}||^2_{u_d} = 1/N(d,l) by Gauss–Jacobi quadrature (weight (1-t^2)^{(d-3)/2}) in MPFR.
// Kept as a method: the quadrature of P^2 is not a command (no quantity prints ||P||^2).
// params: cases = [[d, l], ...]; digits (the tolerance is 10^-digits).
const std::vector<ParamSpec> unit_norm_params{
    param::tuples("cases", {sphere_d("d"), param::integer(0, param::k62, "l")}),
    param::scalar("digits", param::digits())};

Outcome unit_norm(const Claim& c) {
  auto cases = claim_param<std::vector<std::vector<ulong>>>(c, "cases");
  const long digits = claim_param<long>(c, "digits");
  double secs = 0;
  for (const auto& dl : cases) secs += unit_norm_seconds(dl.at(1), digits);
  limits::check_seconds(c.id + ": the quadratures", secs, "fewer or smaller cases, or fewer digits");
  const unsigned d10 = static_cast<unsigned>(digits) + 15;
  const sphere::MpScope scope(d10);
  MpReal worst = 0;
  std::string worst_case;
  for (const auto& dl : cases) {
    const ulong d = dl.at(0), l = dl.at(1);
    const double a = (static_cast<double>(d) - 3) / 2;
    auto rule = sphere::gauss_jacobi(static_cast<unsigned>(l + 1), a, a, d10);
    MpReal s = 0;
    for (size_t i = 0; i < rule.nodes.size(); ++i) {
      MpReal p = sphere::unit_gegenbauer_rec(d, l, rule.nodes[i]);
      s += rule.weights[i] * p * p;
    }
    MpReal z = sqrt(boost::math::constants::pi<MpReal>()) * tgamma(MpReal(static_cast<long>(d) - 1) / 2) /
               tgamma(MpReal(static_cast<long>(d)) / 2);
    Fmpz n;
    sphere::harmonic_dim(n.x, d, l);
    MpReal nn(n.str());
    MpReal dev = abs(s / z * nn - 1);
    if (dev > worst || worst_case.empty()) {
      worst = dev;
      worst_case = fmt::format("d={}, l={}", d, l);
    }
  }
  const MpReal tol = pow(MpReal(10), -digits);
  const bool ok = worst <= tol;
  std::string computed =
      fmt::format("max |N ||P||^2 - 1| = {} over {} cases ({}), {} 1e-{}",
                  worst.str(3, std::ios_base::scientific), cases.size(), worst_case, ok ? "<=" : ">", digits);
  return {computed, ok ? Verdict::holds : Verdict::fails,
          fmt::format("deviation above the tolerance 1e-{}", digits)};
}

// A sign coefficient against an exact published value: the exact recurrence must print the
// published expression, and the Gamma closed form (Arb) must enclose its numeric value.
// Kept as a method for irrational values (sqrt(3)/2): expressions compare rationals exactly and
// reals as balls, so they cannot prove a symbolic closed form equal; rational values are
// expression claims (sphere.sign.unit_d3_l3, _l5).
// params: d, l >= 1; which (coef or coef_unit); expected (the exact form as printed); its value
// sign num/den sqrt(rad) / pi^pi_power.
const std::vector<ParamSpec> sign_coef_exact_value_params{
    param::scalar("d", sphere_d()),
    param::scalar("l", param::integer(1, param::k62)),
    param::scalar("which", param::text({"coef", "coef_unit"})),
    param::scalar("expected", param::text()),
    param::scalar("sign", param::integer(-1, 1)),
    param::scalar("num", param::integer(0, param::k62)),
    param::scalar("den", param::integer(1, param::k62)),
    param::scalar("rad", param::integer(0, param::k62)),
    param::scalar("pi_power", param::integer(0, 8))};

Outcome sign_coef_exact_value(const Claim& c) {
  const ulong d = claim_param<ulong>(c, "d"), l = claim_param<ulong>(c, "l");
  const std::string which = claim_param<std::string>(c, "which");
  const std::string expected = claim_param<std::string>(c, "expected");
  // numeric form of the expected value: sign * num/den * sqrt(rad) / pi^k
  const slong sign = claim_param<slong>(c, "sign");
  const ulong num = claim_param<ulong>(c, "num"), den = claim_param<ulong>(c, "den"),
              rad = claim_param<ulong>(c, "rad");
  const ulong pik = claim_param<ulong>(c, "pi_power");
  sphere::check_sign_coef_exact_work(c.id + ": the exact coefficient", d, l, "a lower l");
  auto rows = sphere::sign_coef_exact(d, l, l, false);
  const std::string got = which == "coef" ? rows.at(0).coef : rows.at(0).coef_unit;
  const slong prec = 256;
  Arb val, ref, t;
  if (which == "coef")
    sphere::sign_coef_closed(val.x, d, l, prec);
  else
    sphere::sign_coef_unit_closed(val.x, d, l, prec);
  arb_set_ui(ref.x, num);
  arb_div_ui(ref.x, ref.x, den, prec);
  arb_sqrt_ui(t.x, rad, prec);
  arb_mul(ref.x, ref.x, t.x, prec);
  arb_const_pi(t.x, prec);
  for (ulong k = 0; k < pik; ++k) arb_div(ref.x, ref.x, t.x, prec);
  if (sign < 0) arb_neg(ref.x, ref.x);
  bool numeric_ok = arb_overlaps(val.x, ref.x) && arb_rel_accuracy_bits(val.x) > 200;
  std::string computed = fmt::format("{} (exact) = {} (Gamma form)", got, short_real(val.x, 20));
  if (got == expected && numeric_ok) return {computed, Verdict::holds, ""};
  if (!arb_overlaps(val.x, ref.x) || got != expected)
    return {computed, Verdict::fails, fmt::format("expected {}", expected)};
  return {computed, Verdict::undecided, "ball too wide"};
}

// Parseval: sum c_l^2 = 1, with a certified two-sided tail bracket (sphere/parseval.hpp).
// Kept as a method: the tail bracket is not a command output.
const std::vector<ParamSpec> parseval_params{param::list("d", sphere_d()),
                                             param::scalar("L", param::integer(1, param::kLoop))};

Outcome parseval(const Claim& c) {
  auto ds = claim_param<std::vector<ulong>>(c, "d");
  const ulong L = claim_param<ulong>(c, "L");
  std::vector<std::string> parts;
  Verdict v = Verdict::holds;
  for (ulong d : ds) {
    auto b = sphere::parseval_bracket(d, L, 192);
    Arb gap, lo, hi;
    arb_one(gap.x);
    arb_sub(gap.x, gap.x, b.partial.x, 192);         // 1 - S_L, to compare with the tail bracket
    arb_union(lo.x, b.tail_lo.x, b.tail_hi.x, 192);  // [tail_lo, tail_hi]
    bool inside = arb_contains(lo.x, gap.x);
    bool outside = !arb_overlaps(lo.x, gap.x);
    parts.push_back(fmt::format("d={}: 1-S_{} = {} {} [{}, {}]", d, b.L, short_real(gap.x, 7),
                                inside    ? "in"
                                : outside ? "outside"
                                          : "overlapping",
                                short_real(b.tail_lo.x, 7), short_real(b.tail_hi.x, 7)));
    if (outside)
      v = Verdict::fails;
    else if (!inside && v == Verdict::holds)
      v = Verdict::undecided;
  }
  return {fmt::format("{}", fmt::join(parts, "; ")), v,
          v == Verdict::holds ? "" : "1 - S_L outside the certified tail bracket"};
}

// Least-squares slope of log|c_l| (or log|s_l|) against log l over odd l in [l_lo, l_hi].
double decay_slope(ulong d, ulong l_lo, ulong l_hi, bool unit) {
  limits::check_work(fmt::format("sign decay fit: ratio recurrence to l = {}", l_hi),
                     sphere::sign_coef_rows_seconds(l_hi, 128 * 0.30103), 120.0, "seconds", "lower l_hi");
  auto rows = sphere::sign_coef_rows(d, l_lo | 1, l_hi, false, 128);
  double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0;
  // geometric subsample: every row whose index is a power-of-1.05 step
  double next = static_cast<double>(l_lo);
  for (const auto& r : rows) {
    if (static_cast<double>(r.l) < next) continue;
    next = static_cast<double>(r.l) * 1.05;
    double y = std::log(std::fabs(arf_get_d(arb_midref(unit ? r.coef_unit.x : r.coef.x), ARF_RND_NEAR)));
    double x = std::log(static_cast<double>(r.l));
    sx += x, sy += y, sxx += x * x, sxy += x * y, n += 1;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

// Kept as a method: a least-squares exponent over a sample is not an expression. Holds when the
// orthonormal reading's exponent is within tol of the claimed one; the unit reading's is reported.
// params: d; l_lo < l_hi (odd l in between); exponent (claimed); tol.
const std::vector<ParamSpec> sign_decay_params{
    param::scalar("d", sphere_d()), param::scalar("l_lo", param::integer(1, param::k62)),
    param::scalar("l_hi", param::integer(1, param::kLoop)), param::scalar("exponent", param::finite()),
    param::scalar("tol", param::positive())};

Outcome sign_decay(const Claim& c) {
  const ulong d = claim_param<ulong>(c, "d"), lo = claim_param<ulong>(c, "l_lo"),
              hi = claim_param<ulong>(c, "l_hi");
  const double expected = claim_param<double>(c, "exponent"), tol = claim_param<double>(c, "tol");
  double s_orth = decay_slope(d, lo, hi, false), s_unit = decay_slope(d, lo, hi, true);
  const bool ok = std::fabs(s_orth - expected) <= tol;
  std::string computed = fmt::format(
      "exponent {:.4f} for <sign,Q_l> (orthonormal), {} {} of the claimed {}; {:.4f} for <sign,P_l> (unit, "
      "P(1)=1)",
      s_orth, ok ? "within" : "not within", tol, expected, s_unit);
  return {
      computed, ok ? Verdict::holds : Verdict::fails,
      ok ? "" : fmt::format("the orthonormal exponent {:.4f} is not within {} of {}", s_orth, tol, expected)};
}

// The decay exponent of c_l = <sign, Q_l> (orthonormal) per regime of (d, l): a least-squares
// slope of log|c_l| against log l over ~40 geometrically spaced odd l in [l_lo, l_hi], each c_l
// from the Gamma closed form (docs/math/sphere.md#sign-coefficients) in ball arithmetic. A method, not an
// expression: the fitted exponent is a least-squares fit over a sample, which the expression language does
// not express. Regimes: params.regimes = [[d, l_lo, l_hi], ...] and params.labels. Asymptotics: for l >> d,
// c_l ~ l^{-1}; for l << d (d -> infinity first), c_l -> sqrt(2^l / l!) Gamma(l/2) / pi ~ l^{-3/4}. Cost:
// O(regimes * 40) Gamma evaluations.
double closed_slope(ulong d, ulong lo, ulong hi) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0, n = 0;
  Arb v;
  for (int k = 0; k < 40; ++k) {
    const double t =
        std::exp(std::log(static_cast<double>(lo)) +
                 (std::log(static_cast<double>(hi)) - std::log(static_cast<double>(lo))) * k / 39.0);
    const ulong l = static_cast<ulong>(t) | 1;
    sphere::sign_coef_closed(v.x, d, l, 128);
    const double y = std::log(std::fabs(arf_get_d(arb_midref(v.x), ARF_RND_NEAR)));
    const double x = std::log(static_cast<double>(l));
    sx += x, sy += y, sxx += x * x, sxy += x * y, n += 1;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

// params: regimes = [[d, l_lo, l_hi], ...] (l_lo < l_hi); labels (optional, one per regime);
// exponent (claimed); tol.
const std::vector<ParamSpec> sign_decay_regimes_params{
    param::tuples(
        "regimes",
        {sphere_d("d"), param::integer(1, param::k62, "l_lo"), param::integer(1, param::k62, "l_hi")},
        [](const nlohmann::json& t) {
          return t[1].get<std::int64_t>() < t[2].get<std::int64_t>() ? "" : "l_lo must be below l_hi";
        }),
    param::optional(param::list("labels", param::text(), 0), nlohmann::json::array()),
    param::scalar("exponent", param::finite()), param::scalar("tol", param::positive())};

Outcome sign_decay_regimes(const Claim& c) {
  auto regimes = claim_param<std::vector<std::vector<ulong>>>(c, "regimes");
  auto labels = claim_param<std::vector<std::string>>(c, "labels");
  const double expected = claim_param<double>(c, "exponent"), tol = claim_param<double>(c, "tol");
  std::vector<std::string> parts, good, bad;
  for (size_t i = 0; i < regimes.size(); ++i) {
    const auto& r = regimes[i];
    const double s = closed_slope(r.at(0), r.at(1), r.at(2));
    const std::string label = i < labels.size() ? labels[i] : fmt::format("regime {}", i + 1);
    parts.push_back(fmt::format("{} (d={}, l in [{}, {}]): {:.3f}", label, r[0], r[1], r[2], s));
    (std::fabs(s - expected) <= tol ? good : bad).push_back(label);
  }
  Outcome o{fmt::format("fitted exponent per regime: {}", fmt::join(parts, "; ")),
            bad.empty() ? Verdict::holds : Verdict::fails,
            bad.empty() ? "" : fmt::format("the exponent is not {} in: {}", expected, fmt::join(bad, ", "))};
  if (bad.empty())
    o.grade = fmt::format("within tolerance (|exponent - ({})| <= {}) in every regime", expected, tol);
  else if (!good.empty())
    o.grade = fmt::format("only in a regime: {}", fmt::join(good, ", "));
  else
    o.grade = "-";
  return o;
}

// |c_1(d) - sqrt(2/pi)| -> 0: holds when the distance certainly falls at every step and is
// certainly below tol at the last d, fails when it certainly does not fall at a step or is certainly
// not below tol, else undecided (the balls decide, and the text says which).
// params: d, the points (at least 3, increasing); tol.
const std::vector<ParamSpec> c1_limit_params{param::sequence("d", sphere_d()),
                                             param::scalar("tol", param::positive())};

Outcome c1_limit(const Claim& c) {
  auto ds = claim_param<std::vector<ulong>>(c, "d");
  const double tol = claim_param<double>(c, "tol");
  const slong prec = 256;
  Arb lim, v, diff, prev, t;
  arb_const_pi(lim.x, prec);
  arb_ui_div(lim.x, 2, lim.x, prec);
  arb_sqrt(lim.x, lim.x, prec);
  std::string rise, unsure;  // the first step that certainly does not fall / is not decided
  std::vector<std::string> parts;
  for (size_t i = 0; i < ds.size(); ++i) {
    sphere::sign_coef_closed(v.x, ds[i], 1, prec);
    arb_sub(diff.x, v.x, lim.x, prec);
    arb_abs(diff.x, diff.x);
    if (i > 0 && rise.empty() && arb_ge(diff.x, prev.x)) rise = fmt::format("does not fall at d = {}", ds[i]);
    if (i > 0 && unsure.empty() && !arb_lt(diff.x, prev.x) && !arb_ge(diff.x, prev.x))
      unsure = fmt::format("is not decided to fall at d = {}", ds[i]);
    arb_set(prev.x, diff.x);
    parts.push_back(fmt::format("d={}: {}", ds[i], short_real(diff.x, 3)));
  }
  arb_set_d(t.x, tol);
  const bool below = arb_lt(prev.x, t.x), above = arb_ge(prev.x, t.x);
  const Verdict verdict = !rise.empty() || above    ? Verdict::fails
                          : unsure.empty() && below ? Verdict::holds
                                                    : Verdict::undecided;
  const std::string trend = !rise.empty() ? rise : !unsure.empty() ? unsure : "falls at every step";
  const std::string end = fmt::format("{} tol = {} at d = {}",
                                      below   ? "below"
                                      : above ? "not below"
                                              : "not decided against",
                                      tol, ds.back());
  return {fmt::format("|c_1(d) - sqrt(2/pi)|: {}; it {}, {}", fmt::join(parts, ", "), trend, end), verdict,
          verdict == Verdict::holds ? "" : fmt::format("the distance {}, {}", trend, end)};
}

// Kept as a method: compares a quadrature (in MPFR) with the closed form over many cases with a
// worst-case relative error; `sphere hecke-funk` prints one case.
// params: cases = [[d, l], ...]; digits (the tolerance is 10^-(digits - 2)).
const std::vector<ParamSpec> hecke_funk_params{
    param::tuples("cases", {sphere_d("d"), param::integer(0, param::k62, "l")}),
    param::scalar("digits", param::integer(3, 20000))};

Outcome hecke_funk(const Claim& c) {
  auto cases = claim_param<std::vector<std::vector<ulong>>>(c, "cases");
  const long digits = claim_param<long>(c, "digits");
  double secs = 0;  // priced before any case runs, as `sphere hecke-funk` prices one
  for (const auto& dl : cases) secs += sphere::hecke_funk_seconds(dl.at(1), digits);
  limits::check_seconds(c.id + ": the quadratures", secs, "fewer or smaller cases, or fewer digits");
  const sphere::MpScope scope(static_cast<unsigned>(digits) + 20);
  MpReal worst = 0;
  std::string where;
  for (const auto& dl : cases) {
    auto r = sphere::hecke_funk_check(dl.at(0), dl.at(1), digits);
    MpReal rel = r.quadrature == 0 ? r.abs_diff : r.abs_diff / abs(r.quadrature);
    if (rel >= worst) {
      worst = rel;
      where = fmt::format("d={}, l={}", dl.at(0), dl.at(1));
    }
  }
  const MpReal tol = pow(MpReal(10), -(digits - 2));
  const bool ok = worst <= tol;
  return {
      fmt::format("max relative difference {} over {} cases ({}), {} 1e-{}",
                  worst.str(3, std::ios_base::scientific), cases.size(), where, ok ? "<=" : ">", digits - 2),
      ok ? Verdict::holds : Verdict::fails, "closed form and quadrature disagree"};
}

}  // namespace

void register_sphere_checks(Methods& r) {
  r["sphere.dim_closed_form"] = {dim_closed_form, dim_closed_form_params};
  r["sphere.dim_forms_agree"] = {dim_forms_agree, dim_forms_agree_params};
  r["sphere.unit_norm"] = {unit_norm, unit_norm_params};
  r["sphere.sign_coef_exact_value"] = {sign_coef_exact_value, sign_coef_exact_value_params};
  r["sphere.parseval"] = {parseval, parseval_params};
  r["sphere.sign_decay"] = {sign_decay, sign_decay_params, {param::less("l_lo", "l_hi")}};
  r["sphere.c1_limit"] = {c1_limit, c1_limit_params};
  r["sphere.sign_decay_regimes"] = {sign_decay_regimes, sign_decay_regimes_params};
  r["sphere.hecke_funk"] = {hecke_funk, hecke_funk_params};
}

}  // namespace bc::verify
