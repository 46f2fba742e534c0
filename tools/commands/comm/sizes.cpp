// boundcheck comm sizes --N N --d D --q Q [--p P] [--c C] [--reading literal|simplified]
// talk-H's size requirements side by side (src/comm/sizes.cpp): the O(.) attention dimension of
// qSA at c = 1 (the talk says an m of that order suffices; no constant, so not a sufficient size), the FNN
// width and RNN state that qSA needs, and the H m that Triple Matching needs at p bits. Orders of growth with
// the hidden constant c made explicit. --N, --d, --q take lists and ranges; every combination with q <= N is
// one row.
#include "comm/sizes.hpp"
#include "cli.hpp"
#include "commands/comm/reading.hpp"
#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "parse.hpp"

#include <fmt/format.h>

#include <functional>

namespace bc::cli {

namespace {

struct SizesOptions {
  std::string N, d, q, p = "32", c = "1", reading = "literal";
};

// A real evaluated at rising precision until it supports --digits (or --certified).
out::Cell evaluated_cell(const std::function<void(arb_t, slong)>& f, const Context& ctx) {
  Arb x;
  for (slong prec = bits_for_digits(ctx.digits) + 32;; prec *= 2) {
    f(x.x, prec);
    if (ctx.certified || accurate_to_digits(x.x, ctx.digits)) break;
    if (prec > limits::max_working_bits) throw ResourceError("comm sizes: precision limit reached");
  }
  std::string text = format_real(x.x, ctx.digits, ctx.certified);
  // an exact value printed in full ("505", "16.5") is an exact cell: verify compares it exactly
  if (arb_is_exact(x.x))
    if (auto q = parse_exact_rational(text)) {
      Arb back;
      arb_set_fmpq(back.x, q->x,
                   4 * FLINT_BITS + fmpz_bits(fmpq_numref(q->x)) + fmpz_bits(fmpq_denref(q->x)));
      if (arb_equal(back.x, x.x)) return out::Cell::of_exact(std::move(text));
    }
  return out::real_cell(std::move(text), x.x);
}

RunResult run_comm_sizes(const SizesOptions& o, const Context& ctx) {
  auto Ns = parse_uint_list("--N", o.N, 2, UINT64_MAX >> 2, 100000);
  auto ds = parse_uint_list("--d", o.d, 1, UINT64_MAX >> 2, 100000);
  auto qs = parse_uint_list("--q", o.q, 1, UINT64_MAX >> 2, 100000);
  const ulong p = parse_uint("--p", o.p, 1, 1u << 20);
  Fmpq c = parse_rational("--c", o.c);
  if (fmpq_sgn(c.x) <= 0) throw UsageError(fmt::format("--c must be a positive rational, got \"{}\"", o.c));
  const comm::Reading reading = parse_reading(o.reading);
  limits::check("comm sizes: grid", static_cast<double>(Ns.size()) * ds.size() * qs.size(), 1e5, "rows",
                "shorten the lists");
  out::Table t;
  t.command = "comm sizes";
  t.params["N"] = o.N;
  t.params["d"] = o.d;
  t.params["q"] = o.q;
  t.params["p"] = p;
  t.params["c"] = c.str();
  t.params["reading"] = o.reading;
  t.columns = {"N",
               "d",
               "q",
               "p",
               "c",
               "log2_N",
               "attention_m",
               "input_dim",
               "fnn_width",
               "rnn_state_bits",
               "rnn_index_bits",
               "triple_Hm",
               "triple_disj_bits"};
  size_t skipped = 0;
  for (auto N : Ns)
    for (auto d : ds)
      for (auto q : qs) {
        limits::poll("comm sizes");  // up to 10^5 rows
        if (q > N) {
          if (Ns.size() * ds.size() * qs.size() == 1)
            throw UsageError(
                fmt::format("--q must be <= N (a q-subset of [N]), got q = {} with N = {}", q, N));
          ++skipped;
          continue;
        }
        t.add_row(
            {out::Cell::of_int(static_cast<long long>(N)), out::Cell::of_int(static_cast<long long>(d)),
             out::Cell::of_int(static_cast<long long>(q)), out::Cell::of_int(static_cast<long long>(p)),
             out::Cell::of_exact(c.str()),
             evaluated_cell([&](arb_t r, slong prec) { comm::log2_ui(r, N, prec); }, ctx),
             evaluated_cell(
                 [&](arb_t r, slong prec) { comm::qsa_attention_m(r, N, d, q, c.x, reading, prec); }, ctx),
             evaluated_cell([&](arb_t r, slong prec) { comm::qsa_input_dim(r, N, d, q, c.x, prec); }, ctx),
             out::Cell::of_exact(comm::linear_lower_bound(N, c.x).str()),
             out::Cell::of_exact(comm::linear_lower_bound(N, c.x).str()),
             out::Cell::of_exact(comm::rnn_index_bits(N).str()),
             out::Cell::of_exact(comm::triple_matching_hm(N, p, c.x).str()),
             out::Cell::of_exact(comm::triple_disjointness_bits(N).str())});
      }
  if (t.rows.empty()) throw UsageError("--q must be <= N (a q-subset of [N]) in at least one combination");
  t.notes.push_back(qsa_reading_note(reading));
  t.notes.push_back(fmt::format(
      "attention_m is the O(.) size of l.266 evaluated at c = {}, not a sufficient size: the talk says an m "
      "of this order suffices, for a constant it does not give (the construction's sign vectors alone: "
      "comm neighborly --N 16 --q 2 --search-k needs k = 17, where the simplified reading gives m = 9)",
      c.str()));
  t.notes.push_back(
      "input_dim = c (d + (q+1) log2 N) is qSA's d_in (l.360); fnn_width = c N and rnn_state_bits = c N are "
      "what every FNN / RNN needs, even at q = 1 (l.267 'width Omega(N)', l.268 'Omega(N) bits'); triple_Hm "
      "= "
      "floor((N-1)/2) / (c p) is the least H m of ONE H-head layer with p-bit numbers for Triple Matching "
      "(l.644 "
      "'H x m = Omega~(N)'; the DISJ reduction's n = floor((N-1)/2) bits, l.650-670, against the layer's c p "
      "H "
      "m, l.683; talk-B l.470: p r H >~ N)");
  t.notes.push_back(
      "exact counts behind the Omega's (no constant): rnn_index_bits = N - 1, the state an RNN must carry by "
      "the "
      "INDEX reduction (n = N - 1, pigeonhole; l.487-493); triple_disj_bits = floor((N-1)/2), the bits a "
      "protocol must exchange by the DISJOINTNESS reduction (N = 2n + 1, Yao 1979; l.650-670), which one "
      "layer "
      "provides with H m poly log N bits (l.683)");
  t.notes.push_back("log is read as log2 (the talk does not give a base; c absorbs the difference)");
  if (skipped) t.notes.push_back(fmt::format("{} combinations with q > N were skipped", skipped));
  return {std::move(t), 0};
}

}  // namespace

void setup_comm_sizes(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<SizesOptions>();
  CLI::App* app = reg.add(group, "sizes", "talk-H's size requirements: attention, FNN, RNN, Triple Matching");
  app->add_option("--N", opt->N, "Input size N >= 2; list 512,1024 or range 2:64:2")
      ->type_name("LIST")
      ->required();
  app->add_option("--d", opt->d, "qSA value dimension d >= 1; list or range")->type_name("LIST")->required();
  app->add_option("--q", opt->q, "Sparsity q, 1 <= q <= N; list or range")->type_name("LIST")->required();
  app->add_option("--p", opt->p, "Bits of precision p (1..2^20, default 32)")->type_name("INT");
  app->add_option("--c", opt->c, "The hidden constant c > 0 of every bound (rational, default 1)")
      ->type_name("RATIONAL");
  add_reading_option(app, opt->reading);
  reg.help(
      app,
      Help{
          .formula =
              "With the hidden constant c made explicit:\n"
              "qSA by one attention unit: attention_m = c (d_in + q log2 N), d_in = c (d + (q+1) log2 N)\n"
              "  (--reading literal, the default; --reading simplified: m = c (d + q log2 N)):\n"
              "  the talk's O(.) size at c = 1 (the default); an m of this order suffices for an unknown c,\n"
              "  so it is not a sufficient size (N = 16, q = 2: simplified m = 9; comm neighborly needs k = "
              "17)\n"
              "qSA by an FNN or an RNN: width, state bits >= c N\n"
              "Triple Matching by one H-head layer at p bits: H m >= floor((N-1)/2) / (c p)   (p H m >~ N)",
          .formula_latex = R"tex(\begin{aligned}
\text{qSA, one unit:}\quad & m = c\, (d_{\mathrm{in}} + q \log_2 N), \quad d_{\mathrm{in}} = c\, (d + (q+1) \log_2 N)\\
\text{simplified:}\quad & m = c\, (d + q \log_2 N)\\
\text{qSA, FNN, RNN:}\quad & \text{width, state bits} \ge c\, N\\
\text{Triple Matching:}\quad & c\, p\, H\, m \ge \lfloor (N-1)/2 \rfloor \quad \text{(one layer)}
\end{aligned})tex",
          .source =
              "talk-H l.266 and l.390 (m = O(d_in + q log N)), l.360 (d_in), l.267-268 (FNN, RNN), l.644 and "
              "l.683 (H m = Omega~(N), H m poly log N bits); talk-B l.470 (p r H >~ N); "
              "docs/math/comm.md#sparse-averaging-sizes",
          .cost = "O(1) per row; --N, --d, --q take lists and ranges (at most 10^5 rows).",
          .details = "",
          .examples = {"boundcheck comm sizes --N 512,1024,2048 --d 1 --q 1,8",
                       "boundcheck comm sizes --N 1024 --d 64 --q 4 --c 2 --format csv"}});
  reg.bind(app, opt, run_comm_sizes);
  reg.lists(app, {"N", "d", "q"});
}

}  // namespace bc::cli
