// boundcheck sym hstar --d D --N N
// H* = binom(d+N, N), the size of the multisymmetric power-sum basis (talk-B l.305), exact.
// --d and --N take lists and ranges; --double-check recomputes by the product formula.
#include "sym/hstar.hpp"
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "parse.hpp"

#include <fmt/format.h>

namespace bc::cli {

namespace {

struct HstarOptions {
  std::string d, N;
};

RunResult run_sym_hstar(const HstarOptions& o, const Context& ctx) {
  const auto ds = parse_uint_list("--d", o.d, 1, max_index / 2);
  const auto Ns = parse_uint_list("--N", o.N, 1, max_index / 2);
  limits::check("sym hstar: grid", static_cast<double>(ds.size()) * static_cast<double>(Ns.size()), 1e6,
                "points", "");
  double chars = 0;
  for (ulong d : ds)
    for (ulong N : Ns) {
      const double digits = sym::hstar_log10(d, N) + 1;
      limits::check(fmt::format("sym hstar: binom(d+N, N) at d = {}, N = {}", d, N), digits,
                    limits::max_integer_digits, "decimal digits", "");
      chars += digits + 24;
    }
  limits::check("sym hstar: output", chars, limits::max_output_chars, "characters", "use fewer values");
  out::Table t;
  t.command = "sym hstar";
  t.params["d"] = o.d;
  t.params["N"] = o.N;
  t.columns = {"d", "N", "H_star"};
  Fmpz h, c;
  for (ulong d : ds)
    for (ulong N : Ns) {
      limits::poll("sym hstar");  // up to 10^6 rows
      sym::hstar(h.x, d, N);
      if (ctx.double_check) {
        sym::hstar_product(c.x, d, N);
        if (!fmpz_equal(h.x, c.x))
          throw DomainError(fmt::format("sym hstar: --double-check failed at d = {}, N = {}", d, N));
      }
      t.add_row({out::Cell::of_int(static_cast<long long>(d)), out::Cell::of_int(static_cast<long long>(N)),
                 out::Cell::of_exact(h.str())});
    }
  t.notes.push_back(
      "H* = binom(d+N, N) (talk-B l.305): the number of multi-indices alpha in N^d with |alpha| <= N, the "
      "size "
      "of the multisymmetric power-sum basis; above it Sym(H, N, d) approximates any smooth symmetric "
      "function");
  if (ctx.double_check) t.notes.push_back("double-checked: every value recomputed by the product formula");
  return {std::move(t), 0};
}

}  // namespace

void setup_sym_hstar(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<HstarOptions>();
  CLI::App* app =
      reg.add(group, "hstar", "H* = binom(d+N, N), the multisymmetric power-sum basis size, exact");
  app->add_option("--d", opt->d, "Dimension d >= 1 of each set element; a list 2,3 or a range 1:10")
      ->type_name("LIST")
      ->required();
  app->add_option("--N", opt->N, "Set size N >= 1; list or range")->type_name("LIST")->required();
  reg.double_check(app, "every value recomputed by the product formula", true);
  reg.help(
      app,
      Help{
          .formula = "H* = binom(d+N, N): the size of the multisymmetric power-sum basis; for H > H* the "
                     "DeepSets\n"
                     "class Sym(H, N, d) is universal.",
          .formula_latex =
              R"tex(H^* = \binom{d+N}{N}, \qquad H > H^* \implies \mathrm{Sym}(H, N, d) \text{ is universal})tex",
          .source = "talk-B l.305 (the Fact: Schlaefli, MacMahon, Weyl, Noether); "
                    "docs/math/sym.md#the-power-sum-basis",
          .cost = "One binomial (FLINT), any size up to 10^7 digits (estimated first); --d and --N "
                  "take lists and ranges.",
          .details = "",
          .examples = {"boundcheck sym hstar --d 3 --N 1:4 --format csv", "d,N,H_star", "3,1,4", "3,2,10",
                       "3,3,20", "3,4,35", "boundcheck sym hstar --d 1000 --N 1000000 --format json"}});
  reg.bind(app, opt, run_sym_hstar);
  reg.lists(app, {"d", "N"});
}

}  // namespace bc::cli
