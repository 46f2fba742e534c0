// boundcheck sym eckart-young (--spectrum FILE | --uniform M | --power M --alpha A | --family K --N N) --H H
// The rank step of the DeepSets bound (talk-B l.398-409): the best rank-H Frobenius approximation
// error sum_{i>H} s_i^2 and its ratio to sum_i s_i^2 (src/sym/eckart_young.hpp).
#include "sym/eckart_young.hpp"
#include "cli.hpp"
#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "core/text_file.hpp"
#include "parse.hpp"
#include "sym/partitions.hpp"

#include <fmt/format.h>

#include <algorithm>

#include <fstream>
#include <sstream>

namespace bc::cli {

namespace {

struct EyOptions {
  std::string spectrum, uniform, power, alpha, family, N, h;
};

std::vector<Fmpq> read_spectrum(const std::string& path) {
  // at most 256 MiB (10^7 values of up to ~25 digits) and 4096 characters a line: /dev/zero or a
  // binary file is refused, not read until memory runs out
  std::istringstream in(read_text_file(path, TextLimits{size_t(256) << 20, 4096}, "--spectrum"));
  std::vector<Fmpq> sq;
  std::string line;
  size_t ln = 0;
  while (std::getline(in, line)) {
    ++ln;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
      line.pop_back();
    size_t b = line.find_first_not_of(" \t");
    if (b == std::string::npos || line[b] == '#') continue;
    auto q = parse_exact_rational(line.substr(b));
    if (!q || fmpq_sgn(q->x) < 0)
      throw UsageError(fmt::format("--spectrum: line {} of \"{}\" must be a nonnegative decimal, got \"{}\"",
                                   ln, path, line.size() > 40 ? line.substr(0, 37) + "..." : line));
    Fmpq s;
    fmpq_mul(s.x, q->x, q->x);
    sq.push_back(std::move(s));
    if (sq.size() > 10000000) throw ResourceError("--spectrum: more than 10^7 values");
  }
  if (sq.empty()) throw UsageError(fmt::format("--spectrum: no values in \"{}\"", path));
  return sq;
}

out::Cell ball_cell(const arb_t x, const Context& ctx) {
  if (ctx.certified || accurate_to_digits(x, ctx.digits)) return out::real_cell(x, ctx.digits, ctx.certified);
  throw ResourceError("sym eckart-young: the ball is too wide for the requested --digits");
}

RunResult run_sym_eckart_young(const EyOptions& o, const Context& ctx) {
  const int given = !o.spectrum.empty() + !o.uniform.empty() + !o.power.empty() + !o.family.empty();
  if (given != 1) throw UsageError("give exactly one of --spectrum FILE, --uniform M, --power M, --family K");
  if (!o.alpha.empty() && o.power.empty()) throw UsageError("--alpha goes with --power M");
  if (!o.N.empty() && o.family.empty()) throw UsageError("--N goes with --family K");
  const ulong H = parse_uint("--H", o.h, 1);
  const slong prec = bits_for_digits(ctx.digits) + 64;
  out::Table t;
  t.command = "sym eckart-young";
  t.params["H"] = H;
  sym::EckartYoung r;
  std::string source;
  if (!o.spectrum.empty()) {
    t.params["spectrum"] = o.spectrum;
    r = sym::eckart_young_exact(read_spectrum(o.spectrum), H, prec);
    source = "spectrum file";
  } else if (!o.uniform.empty()) {
    const ulong M = parse_uint("--uniform", o.uniform, 1, 10000000);
    t.params["uniform"] = M;
    r = sym::eckart_young_exact(std::vector<Fmpq>(M, Fmpq(1, 1)), H, prec);
    source = fmt::format("{} equal singular values", M);
  } else if (!o.power.empty()) {
    const ulong M = parse_uint("--power", o.power, 1, 10000000);
    if (o.alpha.empty()) throw UsageError("--power M needs --alpha A");
    Fmpq A = parse_rational("--alpha", o.alpha);
    if (fmpq_sgn(A.x) < 0 || fmpz_bits(fmpq_numref(A.x)) > 20 || fmpz_bits(fmpq_denref(A.x)) > 20)
      throw UsageError(
          fmt::format("--alpha must be a rational in [0, 10^6] with small terms, got \"{}\"", o.alpha));
    t.params["power"] = M;
    t.params["alpha"] = A.str();
    // 2 alpha an integer e: the sum of i^-e in exact rationals, whose denominator grows to about
    // lcm(1..M)^e (1.44 e M bits), so the M additions cost about 1.44 e M^2 bit operations (measured:
    // M = 300000, e = 2 took 36 s, at about 7e9 a second); otherwise M ball powers at the precision
    Fmpq two_a;
    fmpq_mul_ui(two_a.x, A.x, 2);
    const bool exact = fmpz_is_one(fmpq_denref(two_a.x));
    const double md = static_cast<double>(M), e = exact ? fmpz_get_d(fmpq_numref(two_a.x)) : 0.0;
    limits::check_work("sym eckart-young --power: the sum",
                       exact ? 1.44 * std::max(1.0, e) * md * md : md * static_cast<double>(prec) * 50.0,
                       limits::max_bit_operations, "bit operations", "lower --power M");
    r = sym::eckart_young_power(M, A.x, H, prec);
    source = fmt::format("s_i = i^(-{}), i = 1..{}", A.str(), M);
  } else {
    const ulong K = parse_uint("--family", o.family, 1, 200);
    if (o.N.empty()) throw UsageError("--family K needs --N N (the CUE size; requires K <= N)");
    const ulong N = parse_uint("--N", o.N, 1);
    if (K > N)
      throw DomainError(
          fmt::format("--family K must be <= --N = {} (orthogonality under CUE holds only for "
                      "degrees <= N), got {}",
                      N, K));
    ulong F = 0;
    for (ulong n = 0; n <= K; ++n) F += sym::partition_count(n);
    t.params["family"] = K;
    t.params["N"] = N;
    limits::check("sym eckart-young: family", static_cast<double>(F), 1e7, "members", "lower --family");
    r = sym::eckart_young_exact(std::vector<Fmpq>(F, Fmpq(1, 1)), H, prec);
    source = fmt::format(
        "identity on the {} orthonormalised power-sum products of degree 0..{} (CUE, K <= N)", F, K);
    t.notes.push_back(fmt::format(
        "family: p_lambda / sqrt(prod_k m_k!) for |lambda| <= {} are orthonormal under CUE(N = {}) "
        "(Diaconis-Shahshahani, degree <= N); a target acting as the identity on them has {} unit singular "
        "values, so the best rank-H relative error is 1 - H/{} (0 when H >= {})",
        K, N, F, F, F));
  }
  t.columns = {"H", "rank", "kind", "tail_sq", "total_sq", "relative", "relative_decimal"};
  Arb rel;
  out::Cell tail, total, relative;
  if (r.exact) {
    tail = out::exact_cell(r.tail_sq.x), total = out::exact_cell(r.total_sq.x),
    relative = out::exact_cell(r.relative.x);
    arb_set_fmpq(rel.x, r.relative.x, prec);
  } else {
    tail = ball_cell(r.tail_ball.x, ctx), total = ball_cell(r.total_ball.x, ctx),
    relative = ball_cell(r.rel_ball.x, ctx);
    arb_set(rel.x, r.rel_ball.x);
  }
  out::Cell rel_decimal = ball_cell(rel.x, ctx);
  if (r.exact) out::keep_exact(rel_decimal, r.relative.x);
  t.add_row({out::Cell::of_int(static_cast<long long>(H)), out::Cell::of_int(static_cast<long long>(r.rank)),
             out::Cell::of_text(r.exact ? "exact" : "ball"), std::move(tail), std::move(total),
             std::move(relative), std::move(rel_decimal)});
  t.notes.push_back(
      "Eckart-Young-Mirsky: min_{rank F <= H} ||G - F||_F^2 = sum_{i>H} s_i^2 (" + source +
      "). This is the proof's linear-algebra step (talk-B l.398-409), not the paper's error ||g - f||_nu^2, "
      "which the talk bounds below by it only up to unstated constants");
  RunResult res{std::move(t), 0};
  if (!o.spectrum.empty()) res.inputs = {o.spectrum};
  return res;
}

}  // namespace

void setup_sym_eckart_young(CLI::App& group, Registry& reg) {
  auto opt = std::make_shared<EyOptions>();
  CLI::App* app =
      reg.add(group, "eckart-young", "Best rank-H Frobenius error of a spectrum (the bound's rank step)");
  app->add_option("--spectrum", opt->spectrum, "File: one nonnegative exact decimal singular value per line")
      ->type_name("FILE");
  app->add_option("--uniform", opt->uniform, "M equal singular values")->type_name("INT");
  app->add_option("--power", opt->power, "M singular values s_i = i^{-A} (with --alpha A)")->type_name("INT");
  app->add_option("--alpha", opt->alpha, "Decay exponent A >= 0 for --power (decimal or fraction)")
      ->type_name("RATIONAL");
  app->add_option("--family", opt->family,
                  "Identity on the power-sum products of degree <= K (with --N, K <= N)")
      ->type_name("INT");
  app->add_option("--N", opt->N, "CUE size N for --family")->type_name("INT");
  app->add_option("--H", opt->h, "Rank H >= 1 (the DeepSets width)")->type_name("INT")->required();
  reg.help(
      app,
      Help{
          .formula = "tail = sum_{i>H} s_i^2 and tail / sum_i s_i^2: the best rank-H Frobenius error of a "
                     "matrix with\n"
                     "singular values s_1 >= s_2 >= ... (Eckart-Young-Mirsky), the rank step of the "
                     "DeepSets bound.",
          .formula_latex =
              R"tex(\mathtt{tail} = \sum_{i > H} s_i^2 = \min_{\operatorname{rank} F \le H} \| G - F \|_F^2, \qquad \frac{\mathtt{tail}}{\sum_i s_i^2} \qquad (s_1 \ge s_2 \ge \dots))tex",
          .source = "talk-B l.398-409 (F has rank <= H and ||P_2(f - g)|| >~ ||F - G||_F); "
                    "docs/math/sym.md#the-rank-step",
          .cost = "O(M log M) for M values (a sort and a sum), exact when the squares are rational, "
                  "certified balls for s_i = i^{-A} with 2A not an integer; --spectrum FILE is read "
                  "with limits (256 MiB, 4096-character lines).",
          .details = "What it is not: the paper's ||g - f||^2, whose constants and target g the talk does "
                     "not give.",
          .examples = {"boundcheck sym eckart-young --uniform 64 --H 10",
                       "boundcheck sym eckart-young --power 1000 --alpha 1/2 --H 100",
                       "boundcheck sym eckart-young --family 6 --N 8 --H 20"}});
  reg.bind(app, opt, run_sym_eckart_young);
}

}  // namespace bc::cli
