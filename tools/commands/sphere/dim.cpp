// boundcheck sphere dim --d D (--l L | --l-max L)
// N(d,l) = (2l+d-2)/l binom(l+d-3, l-1), exact (docs/math/sphere.md#harmonic-dimensions). Ranges use the
// exact ratio recurrence; --double-check recomputes every value by the difference-of-binomials form.
#include "sphere/dim.hpp"
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "parse.hpp"

#include <fmt/format.h>

#include <cmath>

namespace bc::cli {

namespace {

struct DimOptions {
  std::string d, l, l_max;
};

RunResult run_sphere_dim(const DimOptions& o, const Context& ctx) {
  const ulong d = parse_uint("--d", o.d, 2);
  if (o.l.empty() == o.l_max.empty()) throw UsageError("give exactly one of --l L or --l-max L");
  const bool range = !o.l_max.empty();
  const ulong l = range ? parse_uint("--l-max", o.l_max, 0) : parse_uint("--l", o.l, 0);
  const double digits = sphere::harmonic_dim_log10(d, l) + 1;
  limits::check("sphere dim: N(d,l)", digits, limits::max_integer_digits, "decimal digits", "");
  if (range) {
    limits::check("sphere dim: output", (static_cast<double>(l) + 1) * (digits + 24),
                  limits::max_output_chars, "characters", "lower --l-max");
  }
  out::Table t;
  t.command = "sphere dim";
  t.params["d"] = d;
  t.params[range ? "l_max" : "l"] = l;
  t.columns = {"d", "l", "N"};
  std::vector<Fmpz> values;
  if (range) {
    values = sphere::harmonic_dim_range(d, l);
  } else {
    values.resize(1);
    sphere::harmonic_dim(values[0].x, d, l);
  }
  const ulong first = range ? 0 : l;
  if (ctx.double_check) {
    Fmpz check;
    for (size_t i = 0; i < values.size(); ++i) {
      sphere::harmonic_dim_difference(check.x, d, first + i);
      if (!fmpz_equal(check.x, values[i].x))
        throw DomainError(fmt::format("sphere dim: --double-check failed at d = {}, l = {}", d, first + i));
    }
    t.notes.push_back("double-checked: every value recomputed as binom(l+d-1,d-1) - binom(l+d-3,d-1)");
  }
  for (size_t i = 0; i < values.size(); ++i) {
    if ((i & 4095) == 4095) limits::poll("sphere dim");
    t.add_row({out::Cell::of_int(static_cast<long long>(d)),
               out::Cell::of_int(static_cast<long long>(first + i)), out::exact_cell(values[i].x)});
  }
  return {std::move(t), 0};
}

}  // namespace

void setup_sphere_dim(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<DimOptions>();
  CLI::App* app = reg.add(group, "dim", "Dimension N(d,l) of degree-l spherical harmonics on S^{d-1}, exact");
  app->add_option("--d", opt->d, "Ambient dimension d >= 2 (the sphere S^{d-1} in R^d)")
      ->type_name("INT")
      ->required();
  app->add_option("--l", opt->l, "Degree l >= 0")->type_name("INT");
  app->add_option("--l-max", opt->l_max, "Tabulate l = 0..L")->type_name("INT");
  reg.double_check(app, "every value recomputed by the difference form binom(l+d-1,d-1) - binom(l+d-3,d-1)",
                   true);
  reg.help(app,
           Help{.formula = "N(d,0) = 1,  N(d,l) = (2l+d-2)/l binom(l+d-3, l-1) = binom(l+d-1, d-1) - "
                           "binom(l+d-3, d-1);\n"
                           "N(2,l) = 2, N(3,l) = 2l+1, N(4,l) = (l+1)^2. Exact integers (JSON strings).",
                .formula_latex = R"tex(\begin{aligned}
N(d,0) &= 1, \qquad N(d,l) = \frac{2l+d-2}{l}\binom{l+d-3}{l-1} = \binom{l+d-1}{d-1} - \binom{l+d-3}{d-1} \quad (l \ge 1)\\
N(2,l) &= 2, \qquad N(3,l) = 2l+1, \qquad N(4,l) = (l+1)^2 \qquad \text{(exact integers)}
\end{aligned})tex",
                .source = "talk-B l.643 (dim V_l = N(d,l)); docs/math/sphere.md#harmonic-dimensions",
                .cost = "One binomial (FLINT fmpz_bin_uiui, about M(n) log n for an n-digit result); --l-max "
                        "L: the exact ratio recurrence, O(L) multiply-divides. The size, log10 N(d,l), is "
                        "estimated first: above 10^7 digits the request is refused.",
                .details = "",
                .examples = {"boundcheck sphere dim --d 3 --l-max 3 --format csv", "d,l,N", "3,0,1", "3,1,3",
                             "3,2,5", "3,3,7",
                             "boundcheck sphere dim --d 100000 --l 10000 --format json   # 14551 digits"}});
  reg.bind(app, opt, run_sphere_dim);
}

}  // namespace bc::cli
