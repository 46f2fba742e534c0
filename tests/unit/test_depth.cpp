// The depth family (src/depth/): the transition fit two ways (normal equations, Householder QR)
// and against an independent SciPy computation, the transition sizes, the Theorem 1/2 bounds
// against a direct double evaluation of the printed formulas, Hadamard-power ranks exactly and
// mod p, and grid-tensor ranks of the linearised network.
#include "core/errors.hpp"
#include "core/nmod_minor.hpp"
#include "depth/bounds.hpp"
#include "depth/data.hpp"
#include "depth/fit.hpp"
#include "depth/hadamard_rank.hpp"
#include "depth/network.hpp"
#include "depth/transition.hpp"

#include <doctest/doctest.h>

#include <cmath>

using namespace bc;
using namespace bc::depth;

static bool rel_close(double a, double b, double tol) { return std::fabs(a - b) <= tol * std::fabs(b); }

TEST_CASE("depth: the fit by normal equations equals the fit by QR") {
  auto pts = transition_points();
  REQUIRE(pts.size() == 5);
  auto n = fit_wls(pts), q = fit_wls_qr(pts);
  CHECK(rel_close(n.a, q.a, 1e-12));
  CHECK(rel_close(n.b, q.b, 1e-12));
  CHECK(rel_close(n.var_a, q.var_a, 1e-10));
  CHECK(rel_close(n.var_b, q.var_b, 1e-10));
  CHECK(rel_close(n.cov_ab, q.cov_ab, 1e-10));
  CHECK(rel_close(n.chi2_red, q.chi2_red, 1e-10));
  CHECK(rel_close(n.r2, q.r2, 1e-12));
}

TEST_CASE("depth: the fit against an independent SciPy curve_fit (absolute_sigma) computation") {
  // values from scipy.optimize.curve_fit / numpy.polyfit(w = 1/sigma, cov='unscaled') on Table 4
  auto f = fit_wls(transition_points());
  CHECK(rel_close(f.a, 5.039667, 1e-6));
  CHECK(rel_close(f.b, 0.05550081, 1e-6));
  CHECK(rel_close(f.var_a, 9.43948e-4, 1e-5));
  CHECK(rel_close(f.cov_ab, -3.74207e-5, 1e-5));
  CHECK(rel_close(f.var_b, 1.73406e-6, 1e-5));
  CHECK(rel_close(f.chi2_red, 0.854934, 1e-5));
  CHECK(rel_close(f.r2, 0.998558, 1e-6));
  // and the variants differ as recorded: scaled covariance, nonlinear fit
  auto v = fit_variants(transition_points());
  REQUIRE(v.size() == 5);
  CHECK(rel_close(std::sqrt(v[1].var_a), 0.028408, 1e-4));
  CHECK(rel_close(v[4].cov_ab, -3.75999e-5, 1e-4));
}

TEST_CASE("depth: transition sizes (eq. 10) with the covariance term") {
  auto fit = params_of(fit_wls(transition_points()));
  auto pr = printed_params();
  FitParams p = fit;
  p.var_a = pr.var_a, p.var_b = pr.var_b, p.cov_ab = pr.cov_ab;
  auto t96 = transition(96, p), t80 = transition(80, p);
  CHECK(rel_close(t96.n, 1.1662e12, 1e-4));
  CHECK(rel_close(t96.sigma_n, 2.265e11, 1e-3));
  CHECK(rel_close(t80.n, 1.6454e11, 1e-4));
  CHECK(rel_close(t80.sigma_n, 2.514e10, 1e-3));
  // N_Tr(L) = 12 L d_x(L)^2 and the optimal depth inverts it
  CHECK(rel_close(t96.n, 12 * 96 * t96.dx * t96.dx, 1e-12));
  auto o = optimal_depth(t80.n, fit);
  CHECK(std::fabs(o.l_star - 80) < 1e-6);
}

TEST_CASE("depth: Theorem 1 and 2 bounds equal the printed formulas evaluated directly") {
  auto l3 = [](double x) { return std::log(x) / std::log(3.0); };
  {  // Theorem 1: L = 3, d_x = 64, H = 2
    auto b = separation_bounds(3, 64, 2, 128);
    CHECK(b.regime == Regime::width_sufficient);
    const double a = -3 + 2 - l3(2);
    CHECK(rel_close(arf_get_d(arb_midref(b.lo.x), ARF_RND_NEAR), 3 * (l3(62) + a), 1e-14));
    CHECK(rel_close(arf_get_d(arb_midref(b.hi.x), ARF_RND_NEAR), 13 * l3(66), 1e-14));
  }
  {  // Theorem 2: L = 5, d_x = 64, H = 2
    auto b = separation_bounds(5, 64, 2, 128);
    CHECK(b.regime == Regime::depth_saturated);
    const double b1 = -5 * (1 + 1), b2 = -64 * (1 + 0.5 * l3(31));
    const double c2 = -128 * l3(64 / (2 * std::sqrt(2 * std::exp(1.0)))) + l3(64);
    CHECK(rel_close(arf_get_d(arb_midref(b.lo.x), ARF_RND_NEAR), 0.5 * 64 * 5 + b1 + b2, 1e-13));
    CHECK(rel_close(arf_get_d(arb_midref(b.hi.x), ARF_RND_NEAR), 2 * 64 * 5 + 5 + c2, 1e-13));
  }
  // the boundary L = log_3 d_x and broken hypotheses are refused
  CHECK_THROWS_AS(separation_bounds(3, 27, 1, 64), DomainError);
  CHECK_THROWS_AS(separation_bounds(2, 64, 3, 64), DomainError);  // H does not divide d_x
  CHECK_THROWS_AS(separation_bounds(2, 4, 4, 64), DomainError);   // d_x = H
  // either side of the boundary picks the right theorem
  CHECK(separation_bounds(2, 27, 1, 64).regime == Regime::width_sufficient);
  CHECK(separation_bounds(4, 27, 1, 64).regime == Regime::depth_saturated);
}

TEST_CASE("depth: Hadamard-power rank, exact and mod p, and the excluded Omega") {
  for (auto [d, lam] : {std::pair{2ul, 3ul}, {3ul, 2ul}, {3ul, 3ul}, {4ul, 2ul}, {5ul, 3ul}}) {
    auto r = hadamard_rank(d, lam, Fmpq(1, 2), true);
    Fmpz nb;
    fmpz_bin_uiui(nb.x, d + lam - 1, lam);
    CHECK(fmpz_equal_ui(nb.x, r.n));
    CHECK(r.exact_rank == static_cast<long>(r.n));
    CHECK(r.rank_mod_p == r.n);
    auto s = hadamard_rank(d, lam, Fmpq(5, 3), true);
    CHECK(s.exact_rank == static_cast<long>(s.n));
  }
  // Omega = 1: every row equal, rank 1; Omega = -1 at (3,2): rank 4 (independent exact check)
  CHECK(hadamard_rank(3, 2, Fmpq(1, 1), true).exact_rank == 1);
  // fuzz_catalogue: d = 0 (a verify case [0, 9]) wrote past an empty composition vector
  CHECK_THROWS_AS(hadamard_rank(0, 9, Fmpq(1, 2), true), bc::DomainError);
  // a hostile catalogue: d = lambda = 2^62 asked GMP for 10^17 limbs (abort). The side is now
  // bounded before it is formed: binom(15, 5) = 3003 (FLINT's binomial, below) is just over 3000;
  // binom(67, 64) = 47905
  Fmpz over;
  fmpz_bin_uiui(over.x, 15, 5);
  CHECK(fmpz_cmp_ui(over.x, 3000) > 0);
  for (auto [d, lam] : {std::pair{11ul, 5ul}, {6ul, 10ul}, {3001ul, 1ul}, {1ul << 62, 64ul}, {4ul, 64ul}})
    CHECK_THROWS_AS(hadamard_rank(d, lam, Fmpq(1, 2), false), bc::ResourceError);
  CHECK_THROWS_AS(hadamard_rank(1, 1ul << 62, Fmpq(1, 2), false), bc::DomainError);  // lambda <= 64
  CHECK(hadamard_rank(1, 64, Fmpq(1, 2), false).n == 1);                             // binom(lambda, lambda)
  CHECK(hadamard_rank(40, 1, Fmpq(1, 2), false).n == 40);
  auto m = hadamard_rank(3, 2, Fmpq(-1, 1), true);
  CHECK(m.exact_rank == 4);
  CHECK(m.rank_mod_p == 4);
  // full rank mod p proves full rank over Q, so the exact rank needs no elimination over Z: the
  // theorem's binom(d+lambda-1, lambda) at sizes the elimination priced at minutes (d = 2,
  // lambda = 56: 57 x 57 entries of 4600 bits; d = 3, lambda = 20: 231 x 231)
  CHECK(hadamard_rank(2, 56, Fmpq(1, 2), true).exact_rank == 57);
  CHECK(hadamard_rank(3, 20, Fmpq(1, 2), true).exact_rank == 231);
}

TEST_CASE("depth: grid-tensor rank of the linearised network") {
  // one layer, one head, N = 2: the output is x^1 <W x^1, W' x^2> + ... of rank d_x + 1
  for (unsigned long dx : {2ul, 3ul, 4ul}) {
    auto r = network_grid_rank(1, dx, 1, 2, 30, 7);
    REQUIRE(r.ranks.size() == 1);
    CHECK(r.ranks[0] == dx + 1);
  }
  // Proposition 1: two balanced partitions, same rank; reproducible from the seed
  auto a = network_grid_rank(2, 2, 1, 4, 5, 11), b = network_grid_rank(2, 2, 1, 4, 5, 11);
  REQUIRE(a.ranks.size() == 2);
  CHECK(a.ranks[0] == a.ranks[1]);
  CHECK(a.ranks == b.ranks);
}

TEST_CASE("depth: Corollary 1's width factor closes the gap between the two Theorem 1 bounds") {
  // plugging w back: C(L_s) log_3(w d_x + H) must equal the deep network's lower bound
  const ulong Ld = 4, Ls = 2, dx = 512, H = 8;
  Arb lw;
  corollary1_log3_width_factor(lw.x, Ld, Ls, dx, H, 128);
  const double w = std::pow(3.0, arf_get_d(arb_midref(lw.x), ARF_RND_NEAR));
  const double shallow_hi = (std::pow(3.0, Ls) - 1) / 2 * std::log(w * dx + H) / std::log(3.0);
  auto deep = separation_bounds(Ld, dx, H, 128);
  CHECK(rel_close(shallow_hi, arf_get_d(arb_midref(deep.lo.x), ARF_RND_NEAR), 1e-12));
  CHECK_THROWS_AS(corollary1_log3_width_factor(lw.x, 2, 3, dx, H, 64), DomainError);
  // Corollary 2: L_s = beta_1 L + beta_2 with beta_1 = log_3 d_x / L
  Arb kappa;
  arb_one(kappa.x);
  auto c = corollary2(8, 64, 4, kappa.x, 128);
  CHECK(rel_close(arf_get_d(arb_midref(c.beta1.x), ARF_RND_NEAR), std::log(64.0) / std::log(3.0) / 8, 1e-14));
  CHECK(rel_close(arf_get_d(arb_midref(c.beta2.x), ARF_RND_NEAR),
                  std::log(4.0) * std::log(64.0) * std::log(8.0), 1e-14));
}

TEST_CASE("depth: a maximal nonsingular minor mod p has the rank's size and a nonzero determinant") {
  // A = B C with B (7 x r), C (r x 9) of small integers built so that rank A = r exactly over F_p:
  // B's first r rows and C's first r columns are identity blocks.
  const ulong p = 1000003;
  for (slong r = 0; r <= 5; ++r) {
    nmod_mat_t B, C, A;
    nmod_mat_init(B, 7, r, p);
    nmod_mat_init(C, r, 9, p);
    nmod_mat_init(A, 7, 9, p);
    for (slong i = 0; i < 7; ++i)
      for (slong k = 0; k < r; ++k)
        nmod_mat_entry(B, i, k) = i < r ? (i == k) : static_cast<ulong>(3 * i + 5 * k + 1) % p;
    for (slong k = 0; k < r; ++k)
      for (slong j = 0; j < 9; ++j)
        nmod_mat_entry(C, k, j) = j < r ? (j == k) : static_cast<ulong>(7 * j + k * k + 2) % p;
    if (r > 0) nmod_mat_mul(A, B, C);
    NmodMinor m = nmod_nonsingular_minor(A);
    CHECK(static_cast<slong>(m.rows.size()) == r);
    CHECK(static_cast<slong>(nmod_mat_rank(A)) == r);
    if (r > 0) CHECK(m.det != 0);
    // the minor's determinant, recomputed from its entries by FLINT's own det
    nmod_mat_t S;
    nmod_mat_init(S, r, r, p);
    for (slong i = 0; i < r; ++i)
      for (slong j = 0; j < r; ++j) nmod_mat_entry(S, i, j) = nmod_mat_entry(A, m.rows[i], m.cols[j]);
    if (r > 0) CHECK(nmod_mat_det(S) == m.det);
    nmod_mat_clear(S);
    nmod_mat_clear(A);
    nmod_mat_clear(B);
    nmod_mat_clear(C);
  }
}

TEST_CASE("depth: the Hadamard certificate's minors and null space") {
  HadamardCertificate c;
  auto r = hadamard_rank(3, 2, Fmpq(1, 1), true, &c);  // Omega = 1: rank 1, a 5-dimensional null space
  CHECK(r.exact_rank == 1);
  CHECK(c.compositions.size() == 6);
  CHECK(c.minor.rows.size() == 1);
  CHECK(c.exact_minor.rows.size() == 1);
  CHECK(c.null_space.size() == 5);
  HadamardCertificate f;
  auto full = hadamard_rank(3, 3, Fmpq(1, 2), true, &f);
  CHECK(f.minor.rows.size() == full.n);
  CHECK(f.null_space.empty());
}
