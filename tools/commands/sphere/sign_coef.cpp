// boundcheck sphere sign-coef --d D (--l L | --l-max L) [--exact] [--include-even]
// Gegenbauer coefficients of sign (docs/math/sphere.md#sign-coefficients): c_l = <sign, Q_l>, s_l = <sign,
// P_{l,d}>, and the cumulative energy sum_{l' <= l} c_{l'}^2, by the ratio recurrence
// (src/sphere/sign_coef.cpp).
#include "sphere/sign_coef.hpp"
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "parse.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <memory>

namespace bc::cli {

namespace {

struct SignCoefOptions {
  std::string d, l, l_max;
  bool exact = false, include_even = false;
};

// The printed rows of a front end that only prints (Context::keep_values false): their CSV lines
// made in parallel into one buffer per block of rows (no string or value per cell), the values
// then freed. CSV is the lines as they are (RunResult::raw, written once); every other format takes
// the cells, cut out of the lines, through render() (fill).
class SignCoefText final : public out::RowSource {
 public:
  // Text block b holds the rows of the recurrence's block b (sphere::sign_coef_block_of), and both
  // loops give block b to thread b % T: each row's numbers are freed by the thread that allocated
  // them (a free into another thread's malloc arena takes its lock: 5% of the time on two threads).
  SignCoefText(std::vector<sphere::SignCoefRow>& rows, const Context& ctx)
      : l_(rows.size()), start_(rows.size()) {
    const size_t n_blocks = rows.empty() ? 0 : sphere::sign_coef_block_of(rows.back().l) + 1;
    std::vector<size_t> first(n_blocks + 1, rows.size());  // block b: rows [first[b], first[b + 1])
    for (size_t i = rows.size(); i-- > 0;) first[sphere::sign_coef_block_of(rows[i].l)] = i;
    for (size_t b = n_blocks; b-- > 0;) first[b] = std::min(first[b], first[b + 1]);
    text_.resize(n_blocks);
    const long nb = static_cast<long>(n_blocks);
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(static, 1) num_threads(ctx.threads)
#endif
    for (long b = 0; b < nb; ++b) {
      const size_t i0 = first[static_cast<size_t>(b)], i1 = first[static_cast<size_t>(b) + 1];
      // built in a local string and moved into place: the blocks' strings lie side by side in
      // text_, and appending to them in place made both threads write one cache line (the length
      // fields), which made two threads slower than one (issue 37)
      std::string t;
      t.reserve((i1 - i0) * (3 * static_cast<size_t>(ctx.digits + 8) + 24));
      for (size_t i = i0; i < i1; ++i) {
        sphere::SignCoefRow& r = rows[i];
        l_[i] = r.l;
        start_[i] = static_cast<uint32_t>(t.size());
        char buf[24];
        t.append(buf, std::to_chars(buf, buf + sizeof buf, r.l).ptr);  // as fmt prints an integer cell
        for (Arb* v : {&r.coef, &r.coef_unit, &r.energy}) {
          t += ',';  // a decimal holds no comma or quote: the field as it is
          append_real(t, v->x, ctx.digits, ctx.certified);
          *v = Arb();  // freed here, in parallel, rather than one by one after the loop
        }
        t += '\n';
      }
      text_[static_cast<size_t>(b)] = std::move(t);
    }
  }
  [[nodiscard]] size_t size() const override { return l_.size(); }
  void fill(size_t i, std::vector<out::Cell>& row) const override {
    row[0].kind = out::CellKind::integer;
    row[0].ival = static_cast<long long>(l_[i]);
    const std::string& t = text_[sphere::sign_coef_block_of(l_[i])];
    size_t at = t.find(',', start_[i]);
    for (size_t j = 1; j <= 3; ++j) {
      const size_t end = t.find(j < 3 ? ',' : '\n', at + 1);
      row[j].kind = out::CellKind::real;
      row[j].str.assign(t, at + 1, end - at - 1);
      at = end;
    }
  }
  /// `header`, then every row as render() prints it in CSV: the lines as they are, copied into
  /// place in parallel.
  [[nodiscard]] std::string csv(const std::string& header, int threads) const {
    std::vector<size_t> at(text_.size() + 1, header.size());
    for (size_t b = 0; b < text_.size(); ++b) at[b + 1] = at[b] + text_[b].size();
    std::string out(at.back(), '\0');
    std::copy(header.begin(), header.end(), out.begin());
    const long nb = static_cast<long>(text_.size());
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(static) num_threads(threads)
#else
    (void)threads;
#endif
    for (long b = 0; b < nb; ++b) {
      const std::string& t = text_[static_cast<size_t>(b)];
      std::copy(t.begin(), t.end(), out.begin() + static_cast<std::ptrdiff_t>(at[static_cast<size_t>(b)]));
    }
    return out;
  }

 private:
  std::vector<ulong> l_;
  std::vector<uint32_t> start_;  // where each row's line starts in its block's buffer
  std::vector<std::string> text_;
};

RunResult run_sphere_sign_coef(const SignCoefOptions& o, const Context& ctx) {
  const ulong d = parse_uint("--d", o.d, 2, 1ULL << 40);
  if (o.l.empty() == o.l_max.empty()) throw UsageError("give exactly one of --l L or --l-max L");
  const bool range = !o.l_max.empty();
  const ulong l =
      range ? parse_uint("--l-max", o.l_max, 0, 1ULL << 40) : parse_uint("--l", o.l, 0, 1ULL << 40);
  if (o.include_even && !range) throw UsageError("--include-even goes with --l-max");
  const ulong first = range ? 0 : l;
  const double n_rows = range ? (o.include_even ? l + 1.0 : (l + 1.0) / 2.0) : 1.0;
  out::Table t;
  t.command = "sphere sign-coef";
  t.params["d"] = d;
  t.params[range ? "l_max" : "l"] = l;
  t.params["exact"] = o.exact;
  t.columns = {"l", "coef", "coef_unit", "energy"};
  if (o.exact) {
    limits::check("sphere sign-coef --exact: output", n_rows * sphere::sign_coef_exact_row_chars(d, l),
                  limits::max_output_chars, "characters", "lower --l-max or drop --exact");
    sphere::check_sign_coef_exact_work("sphere sign-coef --exact", d, l, "lower --l or drop --exact");
    for (auto& r : sphere::sign_coef_exact(d, first, l, o.include_even || (!range && l % 2 == 0)))
      t.add_row({out::Cell::of_int(static_cast<long long>(r.l)), out::Cell::of_exact(r.coef),
                 out::Cell::of_exact(r.coef_unit), out::Cell::of_exact(r.energy)});
    if (d % 2 == 0) t.notes.push_back("even d: coefficients are rationals over pi (energy over pi^2)");
    return {std::move(t), 0};
  }
  limits::check("sphere sign-coef: output", n_rows * (3.0 * (ctx.digits + 12) + 12), limits::max_output_chars,
                "characters", "lower --l-max or --digits");
  // the recurrence (in parallel), then the rows' text: per row 0.65 us + 1.2e-3 us digits^1.37 (measured,
  // Release, one core, CPU time, 2026-12-01: 0.7 us at 30 digits, 3.6 at 300, 16 at 1000, 71 at 3000)
  const double digits = static_cast<double>(ctx.digits);
  const double secs = sphere::sign_coef_rows_seconds(l, digits) / std::max(1, ctx.threads) +
                      n_rows * (0.65 + 1.2e-3 * std::pow(digits, 1.37)) * 1e-6;
  limits::check_seconds("sphere sign-coef: evaluation", secs, "lower --l or --digits");
  // a single even --l prints its (zero) row
  const bool even_rows = o.include_even || (!range && l % 2 == 0);
  auto rows = sphere::sign_coef_eval(d, first, l, even_rows, ctx.digits);
  if (!ctx.keep_values) {
    auto text = std::make_shared<const SignCoefText>(rows, ctx);
    RunResult r{std::move(t), 0};
    // CSV (on stdout or to --output): the lines, not a rendering of cells; not under --double-check,
    // which compares the rows (and skips a run that has raw text)
    if (ctx.format == out::Format::csv && !ctx.double_check)
      r.raw = text->csv("l,coef,coef_unit,energy\n", ctx.threads);
    r.table.source = std::move(text);
    return r;
  }
  // Decimal conversion dominates for long ranges: done in parallel, into fixed slots.
  std::vector<std::array<std::string, 3>> text(rows.size());
  const long n = static_cast<long>(rows.size());
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(static) num_threads(ctx.threads)
#endif
  for (long i = 0; i < n; ++i) {
    const auto& r = rows[static_cast<size_t>(i)];
    text[static_cast<size_t>(i)] = {format_real(r.coef.x, ctx.digits, ctx.certified),
                                    format_real(r.coef_unit.x, ctx.digits, ctx.certified),
                                    format_real(r.energy.x, ctx.digits, ctx.certified)};
  }
  for (size_t i = 0; i < rows.size(); ++i)
    t.add_row({out::Cell::of_int(static_cast<long long>(rows[i].l)),
               out::real_cell(std::move(text[i][0]), rows[i].coef.x),
               out::real_cell(std::move(text[i][1]), rows[i].coef_unit.x),
               out::real_cell(std::move(text[i][2]), rows[i].energy.x)});
  return {std::move(t), 0};
}

}  // namespace

void setup_sphere_sign_coef(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<SignCoefOptions>();
  CLI::App* app = reg.add(group, "sign-coef", "Gegenbauer coefficients of sign and their cumulative energy");
  app->add_option("--d", opt->d, "Dimension d >= 2")->type_name("INT")->required();
  app->add_option("--l", opt->l, "One degree l (energy is cumulative up to l)")->type_name("INT");
  app->add_option("--l-max", opt->l_max, "All odd degrees l <= L (even coefficients vanish)")
      ->type_name("INT");
  app->add_flag("--exact", opt->exact,
                "Exact values: rationals for odd d, rationals over pi (pi^2 for energy) for even d");
  app->add_flag("--include-even", opt->include_even, "With --l-max, also print the zero rows of even l");
  reg.help(
      app,
      Help{.formula = "coef_unit = <sign, P_{l,d}>_{u_d} = (-1)^((l-1)/2) Gamma(d/2) Gamma(l/2) / (pi "
                      "Gamma((l+d)/2))\n"
                      "            for odd l, 0 for even l\n"
                      "coef      = c_l = <sign, Q_l> = sqrt(N(d,l)) coef_unit\n"
                      "energy    = sum_{odd l' <= l} c_l'^2, which tends to ||sign||^2 = 1 (Parseval): 1 - "
                      "energy is\n"
                      "            the exact energy above l.",
           .formula_latex = R"tex(\begin{aligned}
\mathtt{coef\_unit} &= s_l = \langle \operatorname{sign}, P_{l,d} \rangle_{u_d} = (-1)^{(l-1)/2}\, \frac{\Gamma(d/2)\, \Gamma(l/2)}{\pi\, \Gamma((l+d)/2)} \quad (l \text{ odd})\\
&= 0 \quad (l \text{ even})\\
\mathtt{coef} &= c_l = \langle \operatorname{sign}, Q_l \rangle = \sqrt{N(d,l)}\, s_l\\
\mathtt{energy} &= \sum_{l' \text{ odd},\, l' \le l} c_{l'}^2 \;\to\; \|\operatorname{sign}\|^2 = 1 \quad \text{(Parseval)}
\end{aligned})tex",
           .source = "talk-B l.687 (<sign, P_l> ~ l^-1); the closed form is derived in "
                     "docs/math/sphere.md#sign-coefficients (not in "
                     "the sources)",
           .cost = "The ratio s_{l+2} = -s_l l/(l+d) from one Gamma ratio: O(L) word operations at 3.32 "
                   "D bits and one square root per printed row (about 1.3 us a row at 50 digits); "
                   "--exact: O(L) rational operations on O(l log(l+d))-bit numbers. Time and output "
                   "size are estimated up front and refused above the limits.",
           .details = "--exact: the unit coefficient is rational for odd d and rational over pi for even d "
                      "(energy over pi^2).",
           .examples = {"boundcheck sphere sign-coef --d 3 --l 3 --exact --format csv",
                        "l,coef,coef_unit,energy", "3,-sqrt(7)/8,-1/8,55/64",
                        "boundcheck sphere sign-coef --d 64 --l-max 1001 --digits 50 --format csv"}});
  reg.bind(app, opt, run_sphere_sign_coef);
}

}  // namespace bc::cli
