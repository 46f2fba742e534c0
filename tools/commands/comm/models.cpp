// boundcheck comm models [--p P] [--d D] [--c C] [--K 1024|1000] [--model NAME|all]
//                        [--reading literal|simplified]
// The model table at the end of talk-H (l.907-913, data/talkH_models.csv, embedded) and what
// talk-H's bounds say at each model's N (src/comm/sizes.cpp): the largest q whose qSA attention
// size fits m (either reading of l.266), and whether c p H m >= floor((N-1)/2): Triple Matching's
// one-layer lower bound through the DISJ reduction does not exclude the model (a necessary condition
// holds; nothing says one layer can do it: triple_not_excluded).
#include "comm/models.hpp"
#include "cli.hpp"
#include "comm/sizes.hpp"
#include "commands/comm/reading.hpp"
#include "core/errors.hpp"
#include "parse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace bc::cli {

namespace {

struct ModelsOptions {
  std::string p = "32", d = "1", c = "1", K = "1024", model = "all", reading = "literal";
};

out::Cell size_cell(const comm::SizeCell& s) {
  if (!s.value || s.uncertain) return out::Cell::of_text(s.printed);
  return out::Cell::of_int(static_cast<long long>(*s.value));
}

std::string lower(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

RunResult run_comm_models(const ModelsOptions& o, const Context&) {
  const ulong p = parse_uint("--p", o.p, 1, 1u << 20);
  const ulong d = parse_uint("--d", o.d, 0, 1u << 30);
  Fmpq c = parse_rational("--c", o.c);
  if (fmpq_sgn(c.x) <= 0) throw UsageError(fmt::format("--c must be a positive rational, got \"{}\"", o.c));
  const ulong K = std::stoul(parse_choice("--K", o.K, {"1024", "1000"}));
  const comm::Reading reading = parse_reading(o.reading);
  auto models = comm::talkh_models(K);
  std::vector<std::string> names{"all"};
  for (auto& m : models) names.push_back(m.model);
  if (std::none_of(names.begin(), names.end(),
                   [&](const std::string& n) { return lower(n) == lower(o.model); }))
    throw UsageError(fmt::format("--model must be one of {}, got \"{}\"", fmt::join(names, "|"), o.model));
  out::Table t;
  t.command = "comm models";
  t.params["p"] = p;
  t.params["d"] = d;
  t.params["c"] = c.str();
  t.params["K"] = K;
  t.params["model"] = o.model;
  t.params["reading"] = o.reading;
  t.columns = {"model", "N", "L", "H", "m", "nodes", "q_max", "pHm", "triple_not_excluded", "N_max_triple"};
  const auto unknown = out::Cell::of_text("?");
  for (const auto& m : models) {
    if (lower(o.model) != "all" && lower(o.model) != lower(m.model)) continue;
    out::Cell q_max = unknown, phm = unknown, holds = unknown, n_max = unknown;
    if (m.N.value && m.m.value && *m.N.value >= 2) {
      Fmpz mm;
      fmpz_set_ui(mm.x, *m.m.value);
      auto q = comm::qsa_q_max(mm.x, *m.N.value, d, c.x, reading);
      q_max = out::Cell::of_exact(q.str());
    }
    if (m.H.value && m.m.value) {
      Fmpz H, mm, prod;
      fmpz_set_ui(H.x, *m.H.value);
      fmpz_set_ui(mm.x, *m.m.value);
      fmpz_mul(prod.x, H.x, mm.x);
      fmpz_mul_ui(prod.x, prod.x, p);
      phm = out::Cell::of_exact(prod.str());
      auto nmax = comm::triple_matching_n_max(p, H.x, mm.x, c.x);
      n_max = out::Cell::of_exact(nmax.str());
      if (m.N.value) holds = out::Cell::of_text(fmpz_cmp_ui(nmax.x, *m.N.value) >= 0 ? "yes" : "no");
    }
    t.add_row({out::Cell::of_text(m.model), size_cell(m.N), size_cell(m.L), size_cell(m.H), size_cell(m.m),
               size_cell(m.nodes), q_max, phm, holds, n_max});
  }
  t.notes.push_back(fmt::format(
      "talk-H model table (l.907-913) as printed; '?' is unknown and stays '?'; K read as {} ({}): BERT's "
      "512-token and GPT-2's 1024-token contexts suggest K = 1024 for N (1K = 1024, 2K = 2048, 32K = 32768); "
      "--K 1000 gives the other reading",
      K, K == 1024 ? "default" : "--K 1000"));
  t.notes.push_back(
      fmt::format("q_max = largest q whose qSA attention size fits m at d = {}, c = {} (-1: even q = 0 "
                  "fails); {}",
                  d, c.str(), qsa_reading_note(reading)));
  t.notes.push_back(fmt::format(
      "pHm = p H m at p = {} bits; triple_not_excluded: is c p H m >= floor((N-1)/2), so that the lower "
      "bound "
      "does not exclude one layer solving Triple Matching at N (a necessary condition, not a construction: "
      "'yes' does not say it can); floor((N-1)/2) is the bits the DISJOINTNESS "
      "reduction forces (N = 2n + 1, talk-H l.650-670; Yao 1979: n bits) against the c p H m bits one "
      "layer's "
      "protocol sends (l.683 'H x m x poly log(N) bits', poly log read as p); N_max_triple = 2 floor(c p H "
      "m) + "
      "2, the largest such N. Scope: the bound (l.644 'Every H-headed self-attention layer ... requires H x "
      "m = "
      "Omega~(N)') is for ONE layer; the models have L layers, which it does not cover",
      p));
  t.notes.push_back(
      "m is the talk's 'Emb. dim.': 1024 (BERT) and 768 (GPT-2) are those models' hidden sizes, 128 (GPT-3) "
      "is GPT-3's per-head size, so the rows are not like for like; GPT-4's L cell is printed '120 ?'");
  return {std::move(t), 0};
}

}  // namespace

void setup_comm_models(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<ModelsOptions>();
  CLI::App* app = reg.add(group, "models", "talk-H's model table and what its bounds say at each model's N");
  app->add_option("--p", opt->p, "Bits of precision p (1..2^20, default 32)")->type_name("INT");
  app->add_option("--d", opt->d, "qSA value dimension d assumed for q_max (default 1)")->type_name("INT");
  app->add_option("--c", opt->c, "The hidden constant c > 0 (rational, default 1)")->type_name("RATIONAL");
  app->add_option("--K", opt->K, "Reading of the K suffix: 1024 (default) or 1000")->type_name("1024|1000");
  app->add_option("--model", opt->model, "One model (BERT, GPT-2, GPT-3, GPT-4) or all (default)")
      ->type_name("NAME|all");
  add_reading_option(app, opt->reading);
  reg.help(
      app,
      Help{.formula =
               "For each model of talk-H's table:\n"
               "q_max = the largest q whose qSA size fits m: c (d_in + q log2 N) <= m with d_in = c (d + "
               "(q+1) "
               "log2 N)\n(--reading literal, the default) or c (d + q log2 N) <= m (--reading simplified)\n"
               "pHm = p H m;  triple_not_excluded = whether c p H m >= floor((N-1)/2): Triple Matching's "
               "one-layer lower bound\n(the DISJ reduction) does not exclude the model; a necessary "
               "condition, not a construction\n"
               "N_max_triple = the largest N that lower bound allows.",
           .formula_latex = R"tex(\begin{aligned}
q_{\max} &= \max\{ q : m_{\mathrm{qSA}}(N, d, q) \le m \}, \qquad \mathtt{pHm} = p\, H\, m\\
\mathtt{triple\_can\_hold} &: \; c\, p\, H\, m \ge \lfloor (N-1)/2 \rfloor, \qquad \mathtt{N\_max\_triple} = 2 \lfloor c\, p H m \rfloor + 2
\end{aligned})tex",
           .source = "talk-H l.907-913 (the model table, data/talkH_models.csv), l.266, l.360, l.644, l.683; "
                     "docs/math/comm.md#the-model-table",
           .cost = "O(1) per model. '?' in the table stays unknown; K is read as 1024 (--K 1000 for the "
                   "other reading).",
           .details = "",
           .examples = {"boundcheck comm models", "boundcheck comm models --p 16 --K 1000 --format csv"}});
  reg.bind(app, opt, run_comm_models);
}

}  // namespace bc::cli
