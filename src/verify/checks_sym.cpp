// verify/ methods for the sym family (docs/math/sym.md; talk-B "DeepSet" l.305, "Main Result" l.347,
// "Proof Sketch" l.376-409). Each method's parameters are declared next to it (verify/params.hpp).
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "sym/bound.hpp"
#include "sym/characters.hpp"
#include "sym/gram.hpp"
#include "sym/hstar.hpp"
#include "verify/catalogue.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace bc::verify {

namespace {

// number of alpha in N^d with |alpha| <= N, by direct recursion (counting, no binomials)
ulong count_multi_indices(ulong d, ulong budget) {
  if (d == 0) return 1;
  ulong s = 0;
  for (ulong a = 0; a <= budget; ++a) s += count_multi_indices(d - 1, budget - a);
  return s;
}

// H* = binom(d+N, N) = #{alpha in N^d : |alpha| <= N} = product formula
// Kept as a method: `sym hstar` computes the binomial itself, so an expression comparing it with
// binom() would be circular; the independent side is the direct count, which no command prints.
// params: d_max, N_max (every 1 <= d <= d_max, 1 <= N <= N_max).
const std::vector<ParamSpec> hstar_identity_params{param::scalar("d_max", param::integer(1, param::kLoop)),
                                                   param::scalar("N_max", param::integer(1, param::kLoop))};

Outcome hstar_identity(const Claim& c) {
  const ulong dmax = claim_param<ulong>(c, "d_max"), Nmax = claim_param<ulong>(c, "N_max");
  // the direct count makes about binom(d+1+N, N) calls of 2 ns (measured 2026-11-27: 1.7e7 calls
  // over d <= 10, N <= 14 in 0.03 s); summed over the grid, at most binom(d_max+3+N_max, N_max+1)
  limits::check_seconds(c.id + ": the direct counts",
                        2e-9 * std::pow(10.0, std::min(sym::hstar_log10(dmax + 2, Nmax + 1), 300.0)),
                        "a lower d_max or N_max");
  size_t n = 0;
  for (ulong d = 1; d <= dmax; ++d)
    for (ulong N = 1; N <= Nmax; ++N, ++n) {
      Fmpz h, p;
      sym::hstar(h.x, d, N);
      sym::hstar_product(p.x, d, N);
      const ulong count = count_multi_indices(d, N);
      if (!fmpz_equal_ui(h.x, count) || !fmpz_equal(h.x, p.x))
        return {fmt::format("binom({}+{},{}) = {} but the count is {}", d, N, N, h.str(), count),
                Verdict::fails, ""};
    }
  return {fmt::format("binom(d+N, N) = #{{alpha in N^d : |alpha| <= N}} = product formula in all {} cases "
                      "(d <= {}, N <= {})",
                      n, dmax, Nmax),
          Verdict::holds, ""};
}

// CUE Gram (direct character sum over len(nu) <= N) is diag(z_lambda) for n <= N and not for n = N+1
// Kept as a method: the claim is about whole matrices (every entry, and a rank), computed by a
// direct character sum independent of `sym gram`; an expression reads one number.
// params: N_min <= N_max, below the character tables' degree.
const std::vector<ParamSpec> ds_orthogonality_params{
    param::scalar("N_min", param::integer(1, static_cast<std::int64_t>(sym::max_degree_cue) - 1)),
    param::scalar("N_max", param::integer(1, static_cast<std::int64_t>(sym::max_degree_cue) - 1))};

Outcome ds_orthogonality(const Claim& c) {
  const ulong nlo = claim_param<ulong>(c, "N_min"), nhi = claim_param<ulong>(c, "N_max");
  // priced by `sym gram`'s count of multiply-adds, before any character table is built; the direct
  // sum here runs slower per count as N grows (measured 2026-11-27, N_min = 2: N_max = 20, 24, 28
  // took 0.3 s, 3.4 s, 63 s for 1.7e7, 1.2e8, 7.1e8), 9e-8 s (count / 7.1e8)^0.45 a count
  double cost = 0;
  for (ulong N = nlo; N <= nhi; ++N)
    for (ulong n = 1; n <= N + 1; ++n) cost += sym::gram_cost_cue(n, N);
  limits::check_seconds(c.id + ": CUE Grams", 9e-8 * cost * std::pow(cost / 7.1e8, 0.45), "a lower N_max");
  limits::check(c.id + ": character table memory", sym::character_table_bytes(nhi + 1), 2e9, "bytes",
                "a lower N_max");
  std::vector<sym::CharacterTable> tables;
  for (ulong n = 0; n <= nhi + 1; ++n) tables.push_back(sym::character_table(n, 1));
  size_t checked = 0;
  for (ulong N = nlo; N <= nhi; ++N) {
    for (ulong n = 1; n <= N + 1; ++n) {
      auto g = sym::gram_cue(tables[n], N, false, sym::CueSum::direct, 1);
      ++checked;
      const bool ortho = g.diagonal && g.diag_is_z;
      if (n <= N && !ortho)
        return {
            fmt::format("N = {}: G not diag(z) at n = {} (max off-diagonal {})", N, n, g.max_offdiag.str()),
            Verdict::fails, ""};
      if (n == N + 1 && (g.diagonal || g.rank + 1 != g.parts.size()))
        return {fmt::format("N = {}: n = N+1 still orthogonal or rank {} != p(n) - 1", N, g.rank),
                Verdict::fails, ""};
    }
  }
  return {fmt::format("G = diag(z_lambda) for every n <= N and singular of rank p(N+1) - 1 with nonzero "
                      "off-diagonal entries at n = N+1, for N = {}..{} ({} blocks, exact)",
                      nlo, nhi, checked),
          Verdict::holds, ""};
}

// the talk's bound: positive exactly for H < 2^e and vacuous before H* (2^e <= H*), exact and ball
// paths agree; records the n-vs-N reading
// Kept as a method: it compares the exact and the ball path of the bound, both internal.
// params: d_max, N_max (every 1 <= d <= d_max, 1 <= N <= N_max).
const std::vector<ParamSpec> talk_bound_params{param::scalar("d_max", param::integer(1, param::kLoop)),
                                               param::scalar("N_max", param::integer(1, param::kLoop))};

Outcome talk_bound(const Claim& c) {
  const ulong dmax = claim_param<ulong>(c, "d_max"), Nmax = claim_param<ulong>(c, "N_max");
  // about 0.5 us a case at 128 bits (measured 2026-11-27: 9e4 cases in 0.04 s), plus the exact
  // binomials' digits, at most those of the grid's last case
  const double cases = static_cast<double>(dmax) * static_cast<double>(Nmax);
  limits::check_seconds(c.id + ": the grid of (d, N)", cases * (5e-7 + 3e-9 * sym::hstar_log10(dmax, Nmax)),
                        "a lower d_max or N_max");
  size_t n = 0;
  for (ulong d = 1; d <= dmax; ++d)
    for (ulong N = 1; N <= Nmax; ++N, ++n) {
      Fmpz vac, hs, hm;
      sym::vacuous_heads(vac.x, d, N);
      sym::hstar(hs.x, d, N);
      if (fmpz_cmp(vac.x, hs.x) > 0)
        return {fmt::format("ceil(2^e) = {} > H* = {} at d = {}, N = {}", vac.str(), hs.str(), d, N),
                Verdict::fails, "the bound would be non-vacuous above the universality threshold"};
      fmpz_sub_ui(hm.x, vac.x, 1);
      Arb below, at;
      if (!fmpz_is_zero(hm.x)) {
        sym::talk_bound_ball(below.x, d, N, hm.x, 128);
        if (!arb_is_positive(below.x))
          return {fmt::format("bound not positive at H = ceil(2^e) - 1, d = {}, N = {}", d, N),
                  Verdict::fails, ""};
      }
      sym::talk_bound_ball(at.x, d, N, vac.x, 128);
      if (arb_is_positive(at.x))
        return {fmt::format("bound positive at H = ceil(2^e), d = {}, N = {}", d, N), Verdict::fails, ""};
      if (sym::bound_is_rational(d, N)) {
        Fmpq q;
        Arb qb;
        sym::talk_bound_exact(q.x, d, N, hm.x);
        arb_set_fmpq(qb.x, q.x, 128);
        if (!fmpz_is_zero(hm.x) && !arb_overlaps(qb.x, below.x))
          return {fmt::format("exact and ball paths disagree at d = {}, N = {}", d, N), Verdict::fails, ""};
      }
    }
  return {fmt::format(
              "(1/6)(1 - H/2^{{min(N/2, d-1)}}) > 0 iff H < ceil(2^e) <= H* = binom(d+N,N), exact and ball "
              "paths agree, in all {} cases (d <= {}, N <= {}); n read as N",
              n, dmax, Nmax),
          Verdict::holds, ""};
}

}  // namespace

void register_sym_checks(Methods& r) {
  r["sym.hstar_identity"] = {hstar_identity, hstar_identity_params};
  r["sym.ds_orthogonality"] = {
      ds_orthogonality, ds_orthogonality_params, {param::less("N_min", "N_max", true)}};
  r["sym.talk_bound"] = {talk_bound, talk_bound_params};
}

}  // namespace bc::verify
