// The sym family (src/sym/): H*, the talk's bound, characters of S_n, Gram matrices of power sums.
// References: GAP's character tables (data/sym_characters_gap.csv, generator in data/generators/),
// the orthogonality relations, the recursive Murnaghan–Nakayama rule, Pascal's rule, brute-force
// enumeration of the circle counts, and a Monte Carlo estimate over Haar unitaries (seeded).
#include "core/errors.hpp"
#include "monte_carlo.hpp"
#include "support.hpp"
#include "sym/bound.hpp"
#include "sym/characters.hpp"
#include "sym/eckart_young.hpp"
#include "sym/gram.hpp"
#include "sym/hstar.hpp"

#include <doctest/doctest.h>
#include <Eigen/Dense>

#include <complex>
#include <map>
#include <random>

using namespace bc;
using namespace bc::sym;

namespace {
size_t index_of(const std::vector<Partition>& ps, const Partition& p) {
  return static_cast<size_t>(std::find(ps.begin(), ps.end(), p) - ps.begin());
}
}  // namespace

TEST_CASE("sym: partitions, p(n) and notation") {
  for (ulong n = 0; n <= 30; ++n) CHECK(partitions(n).size() == partition_count(n));
  CHECK(partition_count(28) == 3718);
  CHECK(partition_count(100) == 190569292ULL);
  CHECK(partition_count_rows(5, 2) == 3);  // 5, 4+1, 3+2
  CHECK(partition_str(partitions(4)[0]) == "4");
  CHECK(partition_str(partitions(4)[4]) == "1^4");  // exponent notation (issue 18)
  CHECK(partition_str(Partition{3, 1, 1}) == "3 1^2");
  CHECK(partition_str(Partition{2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}) ==
        "2 1^22");
  CHECK(partition_str(Partition{3, 2, 2, 1}) == "3 2^2 1");
  CHECK(parse_partition("--lambda", "3+1+1") == Partition{3, 1, 1});
  CHECK(parse_partition("--lambda", "3 1^2") == Partition{3, 1, 1});
  CHECK(parse_partition("--lambda", "1^4") == Partition{1, 1, 1, 1});
  for (ulong n : {5ul, 8ul, 12ul})  // printing then reading gives the partition back, for every one
    for (const auto& p : partitions(n)) CHECK(parse_partition("--lambda", partition_str(p)) == p);
  for (const char* bad :
       {"", "1+3", "3+0", "a", "3++1", "+3", "3+", "1^0", "1^", "^2", "1 3", "2^x", "1^2000000"})
    CHECK_THROWS_AS(parse_partition("--lambda", bad), UsageError);
  Fmpz z;
  z_lambda(z.x, Partition{2, 2, 1});
  CHECK(fmpz_equal_ui(z.x, 8));  // 2^2 2! 1
}

TEST_CASE("sym: H* against Pascal's rule and the product formula") {
  // H*(d, N) = H*(d-1, N) + H*(d, N-1), H*(0, N) = H*(d, 0) = 1
  const ulong M = 40;
  std::vector<std::vector<Fmpz>> P(M + 1, std::vector<Fmpz>(M + 1, Fmpz(1)));
  for (ulong d = 1; d <= M; ++d)
    for (ulong N = 1; N <= M; ++N) fmpz_add(P[d][N].x, P[d - 1][N].x, P[d][N - 1].x);
  Fmpz h, q;
  for (ulong d = 1; d <= M; ++d)
    for (ulong N = 1; N <= M; ++N) {
      hstar(h.x, d, N);
      hstar_product(q.x, d, N);
      CHECK(h == P[d][N]);
      CHECK(q == P[d][N]);
    }
  hstar(h.x, 3, 2);
  CHECK(fmpz_equal_ui(h.x, 10));
}

TEST_CASE("sym: the talk's bound, exact and ball paths agree at integer exponents") {
  Fmpz H(100);
  for (ulong d = 1; d <= 30; ++d)
    for (ulong N = 1; N <= 40; ++N) {
      Arb b;
      talk_bound_ball(b.x, d, N, H.x, 256);
      if (bound_is_rational(d, N)) {
        Fmpq q;
        talk_bound_exact(q.x, d, N, H.x);
        Arb e;
        arb_set_fmpq(e.x, q.x, 256);
        CHECK(arb_overlaps(e.x, b.x));
        CHECK(mag_cmp_2exp_si(arb_radref(b.x), -200) < 0);
      } else {
        Fmpq q0;
        CHECK_THROWS_AS(talk_bound_exact(q0.x, d, N, H.x), DomainError);
      }
      // vacuous threshold: B(ceil 2^e) <= 0 < B(ceil 2^e - 1)
      Fmpz v, vm;
      vacuous_heads(v.x, d, N);
      talk_bound_ball(b.x, d, N, v.x, 256);
      CHECK(!arb_is_positive(b.x));
      fmpz_sub_ui(vm.x, v.x, 1);
      if (!fmpz_is_zero(vm.x)) {
        talk_bound_ball(b.x, d, N, vm.x, 256);
        CHECK(arb_is_positive(b.x));
      }
    }
  // d = 10, N = 16: e = 8, (1/6)(1 - 100/256) = 156/1536 = 13/128
  Fmpq q;
  talk_bound_exact(q.x, 10, 16, H.x);
  CHECK(q.str() == "13/128");
  Fmpz v;
  vacuous_heads(v.x, 40, 15);  // ceil(2^7.5) = ceil(181.02) = 182
  CHECK(fmpz_equal_ui(v.x, 182));
}

TEST_CASE("sym: character table against GAP (data/sym_characters_gap.csv)") {
  std::map<ulong, CharacterTable> tables;
  size_t rows = 0;
  for (const auto& r : test::read_csv("sym_characters_gap.csv")) {
    const ulong n = std::stoul(r[0]);
    if (!tables.count(n)) tables.emplace(n, character_table(n, 1));
    const auto& t = tables.at(n);
    const size_t nu = index_of(t.parts, parse_partition("nu", r[1]));
    const size_t la = index_of(t.parts, parse_partition("lambda", r[2]));
    REQUIRE(nu < t.size());
    REQUIRE(la < t.size());
    INFO("n=" << n << " nu=" << r[1] << " lambda=" << r[2]);
    CHECK(t.chi(nu, la) == std::stoll(r[3]));
    ++rows;
  }
  CHECK(rows == 918);  // sum_{n=1}^{8} p(n)^2
}

TEST_CASE("sym: character table against the recursive Murnaghan-Nakayama rule, n <= 11") {
  for (ulong n = 0; n <= 11; ++n) {
    const auto t = character_table(n, 2);
    for (size_t i = 0; i < t.size(); ++i)
      for (size_t j = 0; j < t.size(); ++j)
        CHECK(t.chi(i, j) == character_value_recursive(t.parts[i], t.parts[j]));
  }
}

TEST_CASE("sym: column and row orthogonality of the characters, n <= 16 and n = 22") {
  for (ulong n : {1ul, 2ul, 5ul, 9ul, 12ul, 16ul, 22ul}) {
    const auto t = character_table(n, 2);
    const size_t p = t.size();
    std::vector<Fmpz> z(p);
    Fmpz nf;
    fmpz_fac_ui(nf.x, n);
    for (size_t l = 0; l < p; ++l) z_lambda(z[l].x, t.parts[l]);
    size_t bad = 0;
    // columns: sum_nu chi(l) chi(m) = z_l delta (first rows/cols only for the large n)
    const size_t lim = n > 16 ? 40 : p;
    for (size_t l = 0; l < lim; ++l)
      for (size_t m = 0; m < lim; ++m) {
        i128 s = 0;
        for (size_t v = 0; v < p; ++v) s += static_cast<i128>(t.chi(v, l)) * t.chi(v, m);
        const i128 want = l == m ? static_cast<i128>(fmpz_get_si(z[l].x)) : 0;
        if (s != want) ++bad;
      }
    // rows: sum_lambda (n!/z_lambda) chi^nu(lambda) chi^rho(lambda) = n! delta
    for (size_t a = 0; a < lim; ++a)
      for (size_t b = 0; b < lim; ++b) {
        Fmpz s, c;
        for (size_t l = 0; l < p; ++l) {
          fmpz_divexact(c.x, nf.x, z[l].x);
          fmpz_mul_si(c.x, c.x, t.chi(a, l));
          fmpz_mul_si(c.x, c.x, t.chi(b, l));
          fmpz_add(s.x, s.x, c.x);
        }
        if (!(a == b ? fmpz_equal(s.x, nf.x) : fmpz_is_zero(s.x))) ++bad;
      }
    INFO("n=" << n);
    CHECK(bad == 0);
  }
}

TEST_CASE("sym: CUE Gram is diag(z) for n <= N and singular beyond, direct and complementary sums agree") {
  for (ulong N = 1; N <= 6; ++N)
    for (ulong n = 1; n <= 9; ++n) {
      const auto t = character_table(n, 1);
      auto g = gram_cue(t, N, true, CueSum::automatic, 2);
      auto h = gram_cue(t, N, true, CueSum::direct, 1);
      INFO("N=" << N << " n=" << n);
      CHECK(g.matrix.size() == h.matrix.size());
      for (size_t i = 0; i < g.matrix.size(); ++i) CHECK(g.matrix[i] == h.matrix[i]);
      CHECK(g.rank == partition_count_rows(n, N));
      CHECK((g.diagonal && g.diag_is_z) == (n <= N));
      const size_t p = t.size();
      CHECK(rank_exact(g.matrix, p) == g.rank);
      CHECK(rank_mod_p(g.matrix, p, 1000003) == g.rank);
    }
}

// gram_cue takes most entries as dot products in doubles (exact when z_lambda z_mu < 2^106) and
// the rest in integers: entries of both kinds against fmpz sums over the characters (the direct
// form, len(nu) <= N), at n = 21 (i128 integer path) and n = 20 (int64 path).
TEST_CASE("sym: CUE Gram, double and integer paths, against fmpz sums of characters") {
  std::mt19937_64 rng(test::test_seed());
  for (auto [n, N] : {std::pair<ulong, ulong>{21, 5}, {20, 4}}) {
    const auto t = character_table(n, 2);
    const size_t p = t.size();
    const auto g = gram_cue(t, N, true, CueSum::automatic, 2);
    std::vector<ulong> zbits(p);
    Fmpz z;
    for (size_t l = 0; l < p; ++l) {
      z_lambda(z.x, t.parts[l]);
      zbits[l] = fmpz_bits(z.x);
    }
    std::vector<std::pair<size_t, size_t>> pairs;
    for (size_t i = 0; i < p; ++i)  // every pair on the integer path, and one row's on both
      for (size_t j = i; j < p; ++j)
        if (zbits[i] + zbits[j] > 106 || i == p - 1) pairs.emplace_back(i, j);
    const size_t wide = pairs.size();
    for (int k = 0; k < 3000; ++k) pairs.emplace_back(rng() % p, rng() % p);
    size_t bad = 0, doubles = 0;
    Fmpz s, c;
    for (auto [i, j] : pairs) {
      fmpz_zero(s.x);
      for (size_t v = 0; v < p; ++v)
        if (t.parts[v].size() <= N) {
          fmpz_set_si(c.x, t.chi(v, i));
          fmpz_mul_si(c.x, c.x, t.chi(v, j));
          fmpz_add(s.x, s.x, c.x);
        }
      if (!fmpz_equal(s.x, g.matrix[i * p + j].x)) ++bad;
      if (zbits[i] + zbits[j] <= 106) ++doubles;
    }
    const std::string where =
        bc::test::cat("n=", n, " N=", N, " pairs=", pairs.size(), " integer-path pairs<=", wide);
    INFO(where);
    CHECK(bad == 0);
    CHECK(doubles > 1000);
    CHECK(doubles < pairs.size());  // both paths were exercised
  }
}

TEST_CASE("sym: circle Gram against brute-force enumeration, N <= 3") {
  for (ulong N = 1; N <= 3; ++N)
    for (ulong n = 1; n <= 5; ++n) {
      auto g = gram_circle(n, N, true, 1);
      const size_t p = g.parts.size();
      Fmpz b;
      for (size_t i = 0; i < p; ++i)
        for (size_t j = 0; j < p; ++j) {
          gram_circle_brute(b.x, g.parts[i], g.parts[j], N);
          INFO("N=" << N << " " << partition_str(g.parts[i]) << " / " << partition_str(g.parts[j]));
          CHECK(g.matrix[i * p + j] == b);
        }
      CHECK(g.rank == partition_count_rows(n, N));
      CHECK(rank_exact(g.matrix, p) == g.rank);
    }
  // E|P_1|^2 = N, E[P_1^2 conj P_2] = N
  auto g = gram_circle(2, 5, true, 1);  // parts: 2, 1+1
  CHECK(fmpz_equal_ui(g.matrix[0].x, 5));
  CHECK(fmpz_equal_ui(g.matrix[1].x, 5));
  CHECK(fmpz_equal_ui(g.matrix[3].x, 2 * 25 - 5));  // E|P_1|^4 = 2N^2 - N
}

TEST_CASE("sym: N = 1, CUE and circle coincide (all ones)") {
  for (ulong n = 1; n <= 8; ++n) {
    auto a = gram_cue(character_table(n, 1), 1, true, CueSum::automatic, 1);
    auto b = gram_circle(n, 1, true, 1);
    for (size_t i = 0; i < a.matrix.size(); ++i) {
      CHECK(fmpz_is_one(a.matrix[i].x));
      CHECK(fmpz_is_one(b.matrix[i].x));
    }
  }
}

TEST_CASE("sym: CUE Gram against a Monte Carlo estimate over Haar unitaries") {
  const std::uint64_t seed = test::test_seed();
  MESSAGE("seed " << seed);
  std::mt19937_64 rng(seed);
  for (ulong N : {2ul, 3ul}) {
    const ulong K = 3;
    std::vector<GramDegree> exact;
    for (ulong n = 1; n <= K; ++n)
      exact.push_back(gram_cue(character_table(n, 1), N, true, CueSum::direct, 1));
    const int S = 40000;
    std::vector<std::vector<double>> sum(K), sum2(K);
    for (ulong n = 1; n <= K; ++n) {
      const size_t p = exact[n - 1].parts.size();
      sum[n - 1].assign(p * p, 0);
      sum2[n - 1].assign(p * p, 0);
    }
    const long Ni = static_cast<long>(N);
    for (int s = 0; s < S; ++s) {
      const std::vector<std::complex<double>> P = test::haar_power_sums(Ni, K, rng);
      for (ulong n = 1; n <= K; ++n) {
        const auto& ps = exact[n - 1].parts;
        const size_t p = ps.size();
        std::vector<std::complex<double>> v(p, 1);
        for (size_t i = 0; i < p; ++i)
          for (auto part : ps[i]) v[i] *= P[part];
        for (size_t i = 0; i < p; ++i)
          for (size_t j = 0; j < p; ++j) {
            const double x = (v[i] * std::conj(v[j])).real();
            sum[n - 1][i * p + j] += x;
            sum2[n - 1][i * p + j] += x * x;
          }
      }
    }
    for (ulong n = 1; n <= K; ++n) {
      const size_t p = exact[n - 1].parts.size();
      for (size_t i = 0; i < p * p; ++i) {
        const double mean = sum[n - 1][i] / S;
        const double sd = std::sqrt(std::max(0.0, sum2[n - 1][i] / S - mean * mean));
        const double want = fmpz_get_d(exact[n - 1].matrix[i].x);
        INFO("N=" << N << " n=" << n << " entry " << i << " MC " << mean << " exact " << want);
        CHECK(std::abs(mean - want) <= 6 * sd / std::sqrt(static_cast<double>(S)) + 1e-9);
      }
    }
  }
}

TEST_CASE("sym: normalised entries printed exactly") {
  Fmpz G(3), ab(6);
  CHECK(normalised_entry_str(G.x, ab.x) == "3/sqrt(6)");
  fmpz_set_ui(G.x, 2), fmpz_set_ui(ab.x, 8);
  CHECK(normalised_entry_str(G.x, ab.x) == "1/sqrt(2)");
  fmpz_set_ui(G.x, 5), fmpz_set_ui(ab.x, 4);
  CHECK(normalised_entry_str(G.x, ab.x) == "5/2");
  fmpz_set_si(G.x, -1), fmpz_set_ui(ab.x, 12);
  CHECK(normalised_entry_str(G.x, ab.x) == "-1/(2*sqrt(3))");
}

TEST_CASE("sym: certified smallest eigenvalue of a circle Gram brackets the double estimate") {
  auto g = gram_circle(4, 4, true, 1);
  const size_t p = g.parts.size();
  REQUIRE(g.rank == p);
  Arb lo, hi;
  certified_min_eigenvalue(lo.x, hi.x, g.matrix, {}, p);
  CHECK(arb_is_positive(lo.x));
  Eigen::MatrixXd D(p, p);
  for (size_t i = 0; i < p; ++i)
    for (size_t j = 0; j < p; ++j) D(i, j) = fmpz_get_d(g.matrix[i * p + j].x);
  const double l0 = Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(D).eigenvalues()(0);
  Arb l;
  arb_set_d(l.x, l0);
  CHECK(arb_le(lo.x, l.x));
  CHECK(arf_cmp_d(arb_midref(hi.x), l0 * (1 - 1e-12)) >= 0);
}

TEST_CASE("sym: Eckart-Young tails") {
  auto u = eckart_young_exact(std::vector<Fmpq>(10, Fmpq(1, 1)), 3, 128);
  CHECK(u.relative.str() == "7/10");
  Fmpq half(1, 2);
  auto p = eckart_young_power(4, half.x, 1, 128);  // squares 1, 1/2, 1/3, 1/4
  CHECK(p.exact);
  CHECK(p.tail_sq.str() == "13/12");
  CHECK(p.relative.str() == "13/25");
  Fmpq third(1, 3);
  auto b = eckart_young_power(4, third.x, 1, 128);
  CHECK(!b.exact);
  CHECK(arb_is_positive(b.rel_ball.x));
  CHECK_THROWS_AS(eckart_young_exact({Fmpq(1, 1)}, 0, 64), DomainError);
}
