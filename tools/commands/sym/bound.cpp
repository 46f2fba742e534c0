// boundcheck sym bound --d D --N N --H H
// The talk's DeepSets lower bound B = (1/6)(1 - H/2^{min(N/2, d-1)}) (talk-B l.347, lowercase n read
// as N): exact rational for integer exponents, certified ball otherwise; the smallest vacuous H
// (ceil 2^e, exact) and the bound at H = H* = binom(d+N, N).
#include "sym/bound.hpp"
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "output/cell_value.hpp"
#include "parse.hpp"
#include "sym/hstar.hpp"

#include <fmt/format.h>

namespace bc::cli {

namespace {

struct SymBoundOptions {
  std::string d, N, h;
};

// the bound as (exact or ball cell, decimal cell), both carrying the value
std::pair<out::Cell, out::Cell> bound_cells(ulong d, ulong N, const fmpz_t H, const Context& ctx) {
  Arb b;
  for (slong prec = bits_for_digits(ctx.digits) + 64;; prec *= 2) {
    if (sym::bound_is_rational(d, N)) {
      Fmpq q;
      sym::talk_bound_exact(q.x, d, N, H);
      arb_set_fmpq(b.x, q.x, prec);
      if (accurate_to_digits(b.x, ctx.digits) || ctx.certified) {
        out::Cell decimal = out::real_cell(b.x, ctx.digits, ctx.certified);
        out::keep_exact(decimal, q.x);
        return {out::exact_cell(q.x), std::move(decimal)};
      }
    } else {
      sym::talk_bound_ball(b.x, d, N, H, prec);
      if (accurate_to_digits(b.x, ctx.digits) || ctx.certified) {
        out::Cell c = out::real_cell(b.x, ctx.digits, ctx.certified);
        return {c, c};
      }
    }
    if (prec > limits::max_working_bits)
      throw ResourceError(fmt::format("sym bound: precision above {} bits at d = {}, N = {}",
                                      limits::max_working_bits, d, N));
  }
}

// e = min(N/2, d-1) as printed ("8", "15/2"), carrying the exact rational to expressions and Python.
out::Cell exponent_cell(ulong d, ulong N) {
  const ulong e2 = sym::bound_exponent_twice(d, N);
  out::Cell c = out::Cell::of_text(e2 % 2 ? fmt::format("{}/2", e2) : fmt::format("{}", e2 / 2));
  Fmpq e(static_cast<slong>(e2), 2);
  out::keep_exact(c, e.x);
  return c;
}

RunResult run_sym_bound(const SymBoundOptions& o, const Context& ctx) {
  const auto ds = parse_uint_list("--d", o.d, 1, max_index / 2);
  const auto Ns = parse_uint_list("--N", o.N, 1, max_index / 2);
  std::vector<Fmpz> hs;
  if (o.h.find_first_of(",:") == std::string::npos)
    hs.push_back(parse_bigint("--H", o.h, 1));
  else
    for (auto v : parse_uint_list("--H", o.h, 1, max_index)) hs.emplace_back(static_cast<slong>(v));
  const double n = static_cast<double>(ds.size() * Ns.size() * hs.size());
  limits::check("sym bound: grid", n, 1e5, "points", "");
  double chars = 0;
  for (ulong d : ds)
    for (ulong N : Ns) {
      const double dg = sym::bound_digits(d, N), hd = sym::hstar_log10(d, N) + 1;
      limits::check(fmt::format("sym bound: 2^{{min(N/2, d-1)}} at d = {}, N = {}", d, N), dg,
                    limits::max_integer_digits, "decimal digits", "");
      limits::check(fmt::format("sym bound: H* = binom(d+N, N) at d = {}, N = {}", d, N), hd,
                    limits::max_integer_digits, "decimal digits", "");
      chars += static_cast<double>(hs.size()) * (4 * dg + 2 * hd + 4.0 * static_cast<double>(ctx.digits));
    }
  limits::check("sym bound: output", chars, limits::max_output_chars, "characters",
                "use fewer or smaller values");
  out::Table t;
  t.command = "sym bound";
  t.params["d"] = o.d;
  t.params["N"] = o.N;
  t.params["H"] = o.h;
  t.columns = {"d",
               "N",
               "H",
               "exponent",
               "kind",
               "bound",
               "bound_decimal",
               "vacuous_from_H",
               "H_star",
               "bound_at_H_star"};
  bool any_vacuous = false;
  for (ulong d : ds)
    for (ulong N : Ns) {
      Fmpz vac, hstar;
      sym::vacuous_heads(vac.x, d, N);
      sym::hstar(hstar.x, d, N);
      const auto at_star = bound_cells(d, N, hstar.x, ctx);
      for (const auto& H : hs) {
        limits::poll("sym bound");  // one row each
        const auto b = bound_cells(d, N, H.x, ctx);
        if (fmpz_cmp(H.x, vac.x) >= 0) any_vacuous = true;
        t.add_row({out::Cell::of_int(static_cast<long long>(d)), out::Cell::of_int(static_cast<long long>(N)),
                   out::Cell::of_exact(H.str()), exponent_cell(d, N),
                   out::Cell::of_text(sym::bound_is_rational(d, N) ? "exact" : "ball"), b.first, b.second,
                   out::Cell::of_exact(vac.str()), out::Cell::of_exact(hstar.str()), at_star.second});
      }
    }
  t.notes.push_back(
      "bound = (1/6)(1 - H/2^e), e = min(N/2, d-1): talk-B l.347 ([ZB'22]) writes min(n/2, d-1) with a "
      "lowercase n; the setup (l.284, l.305) has only N (set size) and d, and "
      "docs/math/sym.md#the-deepsets-lower-bound reads n as N. "
      "That reading is what is computed here");
  t.notes.push_back(
      "disagreement: the NeurIPS 2022 abstract (Zweig-Bruna) says only 'width exponential in N and D', and a "
      "later citation states width exp(O(min(d, sqrt N))), i.e. exponent ~ sqrt N rather than N/2; the "
      "paper's theorem statement could not be checked here (only its abstract and introduction were found)");
  t.notes.push_back(
      "kind: exact = rational (N even or d-1 <= N/2); ball = 2^{N/2} with N odd is irrational, certified "
      "Arb value; vacuous_from_H = ceil(2^e), the smallest H with bound <= 0; bound_at_H_star at H = H*");
  if (any_vacuous) t.notes.push_back("some rows have H >= ceil(2^e): the bound is <= 0 there (vacuous)");
  return {std::move(t), 0};
}

}  // namespace

void setup_sym_bound(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<SymBoundOptions>();
  CLI::App* app = reg.add(
      group, "bound", "The talk's DeepSets lower bound (1/6)(1 - H/2^{min(N/2, d-1)}), exact or certified");
  app->add_option("--d", opt->d, "Dimension d >= 1; list or range")->type_name("LIST")->required();
  app->add_option("--N", opt->N, "Set size N >= 1; list or range")->type_name("LIST")->required();
  app->add_option("--H", opt->h, "Width H >= 1 (any size), or a list/range of machine integers")
      ->type_name("LIST")
      ->required();
  reg.help(app,
           Help{.formula = "min_{f in Sym(H,N,d)} ||g - f||^2 >= (1/6)(1 - H / 2^{min(N/2, d-1)}), with the "
                           "least H that\n"
                           "makes it vacuous and its value at H* = binom(d+N, N).",
                .formula_latex = R"tex(\begin{aligned}
& \min_{f \in \mathrm{Sym}(H,N,d)} \| g - f \|^2 \ge \frac16 \Bigl( 1 - \frac{H}{2^{\min(N/2,\, d-1)}} \Bigr)\\
& \text{vacuous from } H = \bigl\lceil 2^{\min(N/2,\, d-1)} \bigr\rceil; \quad \text{value at } H^* = \tbinom{d+N}{N}
\end{aligned})tex",
                .source = "talk-B l.347 (Theorem [ZB'22]; the exponent's lowercase n is read as the set size "
                          "N, docs/math/sym.md#the-deepsets-lower-bound)",
                .cost = "O(M(e)) for the exponent e = min(N/2, d-1): an exact rational when e is an integer, "
                        "a certified ball (2^{N/2} with N odd is irrational) otherwise; at most 10^5 grid "
                        "points.",
                .details = "A later citation gives width exp(O(min(d, sqrt N))) instead: the notes say so.",
                .examples = {"boundcheck sym bound --d 10 --N 16 --H 100",
                             "boundcheck sym bound --d 40 --N 15 --H 1,10,100 --certified"}});
  reg.bind(app, opt, run_sym_bound);
  reg.lists(app, {"d", "N", "H"});
}

}  // namespace bc::cli
