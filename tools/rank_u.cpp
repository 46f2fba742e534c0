// boundcheck rank u --d D --t T [--degree 49]
// u(t), the head-angle weighting that reproduces the target (paper-A Figure 5;
// src/rank/head_target.cpp).
#include "cli.hpp"
#include "core/errors.hpp"
#include "core/real_format.hpp"
#include "parse.hpp"
#include "rank/head_target.hpp"

#include <fmt/format.h>

namespace bc::cli {

namespace {

struct UOptions {
  std::string d, t, degree = "49";
};

RunResult run_rank_u(const UOptions& o, const Context& ctx) {
  const ulong d = parse_uint("--d", o.d, 3, 100000000);
  const Fmpq tq = parse_rational("--t", o.t);
  Fmpq one(1, 1), minus(-1, 1);
  if (fmpq_cmp(tq.x, one.x) > 0 || fmpq_cmp(tq.x, minus.x) < 0)
    throw UsageError(fmt::format("--t must be in [-1, 1], got \"{}\"", o.t));
  const ulong degree = parse_uint("--degree", o.degree, 1, 10001);
  Arb u = rank::u_weight(d, tq, degree, ctx.digits);
  out::Table t;
  t.command = "rank u";
  t.params["d"] = d;
  t.params["t"] = o.t;
  t.params["degree"] = degree;
  t.columns = {"d", "t", "degree", "u"};
  t.add_row({out::Cell::of_int(static_cast<long long>(d)), out::Cell::of_exact(o.t),
             out::Cell::of_int(static_cast<long long>(degree)),
             out::Cell::of_real(format_real(u.x, ctx.digits, ctx.certified))});
  t.notes.push_back(
      "u(t) = sum_{l odd <= degree} u_l Q_l(t), u_l = (pi/2) N c_l / <arcsin,Q_l> = N^(3/2)/c_l; "
      "paper-A Figure 5 truncates at degree 49 ('degree-50 ultraspherical expansion')");
  return {std::move(t), 0};
}

}  // namespace

void setup_rank_u(CLI::App& group, Registry& reg) {
  auto uopt = std::make_shared<UOptions>();
  CLI::App* uapp =
      reg.add(group, "u", "The head-angle weighting u(t) reproducing the target (paper-A Fig. 5)");
  uapp->add_option("--d", uopt->d, "Dimension d >= 3")->required();
  uapp->add_option("--t", uopt->t, "Argument in [-1, 1], exact decimal or fraction")->required();
  uapp->add_option("--degree", uopt->degree, "Truncation degree (default 49)");
  uapp->footer("Example:\n  boundcheck rank u --d 16 --t 0.9");
  reg.bind(uapp, uopt, run_rank_u);
}

}  // namespace bc::cli
