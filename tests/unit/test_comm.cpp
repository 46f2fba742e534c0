// The comm family (src/comm/): talk-H's size formulas against hand-derived integers and an
// independent evaluation; the model table as printed ("?" unknown, K suffix); neighborly witnesses
// re-checked by an integer routine written here (not the library's check), an infeasible case, and
// determinism; Pair Matching against a direct softmax evaluation written here, thread-count
// independence and the error rate on both sides of the threshold alpha*.
#include "comm/models.hpp"
#include "comm/neighborly.hpp"
#include "comm/pair_matching.hpp"
#include "comm/sizes.hpp"
#include "core/errors.hpp"
#include "support.hpp"

#include <doctest/doctest.h>
#include <flint/fmpq_mat.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <tuple>

using namespace bc;
using namespace bc::comm;

namespace {

Fmpz fz(slong v) { return Fmpz(v); }

// Independent witness check, in integers: with L the lcm of the denominators and W = L w',
//   <W,v_j> = L on S, 2 |<W,v_j>| <= L off S, k sum W_i^2 <= 4 q L^2.
bool integer_recheck(const std::vector<Fmpq>& w, const SignVectors& v, const std::vector<unsigned long>& S) {
  Fmpz L(1);
  for (const auto& x : w) fmpz_lcm(L.x, L.x, fmpq_denref(x.x));
  std::vector<Fmpz> W(w.size());
  for (size_t i = 0; i < w.size(); ++i) {
    fmpz_divexact(W[i].x, L.x, fmpq_denref(w[i].x));
    fmpz_mul(W[i].x, W[i].x, fmpq_numref(w[i].x));
  }
  for (unsigned long j = 0; j < v.N; ++j) {
    Fmpz dot;
    for (unsigned long i = 0; i < v.k; ++i) fmpz_addmul(dot.x, W[i].x, fz(v.v[j * v.k + i]).x);
    const bool in_s = std::find(S.begin(), S.end(), j) != S.end();
    if (in_s) {
      if (!fmpz_equal(dot.x, L.x)) return false;
    } else {
      Fmpz twice;
      fmpz_mul_ui(twice.x, dot.x, 2);
      fmpz_abs(twice.x, twice.x);
      if (fmpz_cmp(twice.x, L.x) > 0) return false;
    }
  }
  Fmpz sq, lhs, rhs;
  for (const auto& x : W) fmpz_addmul(sq.x, x.x, x.x);
  fmpz_mul_ui(lhs.x, sq.x, v.k);
  fmpz_mul(rhs.x, L.x, L.x);
  fmpz_mul_ui(rhs.x, rhs.x, 4 * S.size());
  return fmpz_cmp(lhs.x, rhs.x) <= 0;
}

}  // namespace

TEST_CASE("comm sizes: exact values derived by hand") {
  CHECK(rnn_index_bits(512) == fz(511));
  CHECK(triple_disjointness_bits(2049) == fz(1024));
  CHECK(triple_disjointness_bits(2048) == fz(1023));
  Arb x;
  log2_ui(x.x, 1024, 64);
  CHECK(arb_equal_si(x.x, 10));
  Fmpq one(1, 1), half(1, 2), three_halves(3, 2);
  qsa_attention_m(x.x, 1024, 3, 2, one.x, Reading::simplified, 64);  // 3 + 2 * 10
  CHECK(arb_equal_si(x.x, 23));
  qsa_input_dim(x.x, 1024, 3, 2, half.x, 64);  // (3 + 3 * 10) / 2
  Arb e;
  arb_set_d(e.x, 16.5);
  CHECK(arb_equal(x.x, e.x));
  CHECK(linear_lower_bound(7, three_halves.x) == Fmpq(21, 2));
  // with the DISJ reduction's n = floor((N-1)/2): 1023/32, and 49 / (3/2 * 32) = 49/48
  CHECK(triple_matching_hm(2048, 32, one.x) == Fmpq(1023, 32));
  CHECK(triple_matching_hm(100, 32, three_halves.x) == Fmpq(49, 48));
  // largest q with d + q log2 N <= m: BERT 1023/9, GPT-2 767/10, GPT-3 127/11
  CHECK(qsa_q_max(fz(1024).x, 512, 1, one.x, Reading::simplified) == fz(113));
  CHECK(qsa_q_max(fz(768).x, 1024, 1, one.x, Reading::simplified) == fz(76));
  CHECK(qsa_q_max(fz(128).x, 2048, 1, one.x, Reading::simplified) == fz(11));
  // N = 1000 (irrational log): 2^100 >= 1000^10 = 10^30 and 2^100 < 10^33
  CHECK(qsa_q_max(fz(100).x, 1000, 0, one.x, Reading::simplified) == fz(10));
  CHECK(qsa_q_max(fz(5).x, 1000, 6, one.x, Reading::simplified) == fz(-1));
  CHECK(qsa_q_max(fz(6).x, 1000, 6, one.x, Reading::simplified) == fz(0));
  // largest N with floor((N-1)/2) <= K: N = 2K + 2 (floor(2K+1 / 2) = K), N = 2K + 3 gives K + 1
  CHECK(triple_matching_n_max(32, fz(96).x, fz(128).x, one.x) == fz(786434));
  CHECK(triple_matching_n_max(32, fz(3).x, fz(5).x, half.x) == fz(482));
  CHECK(triple_disjointness_bits(482) == fz(240));
  CHECK(triple_disjointness_bits(483) == fz(241));
  CHECK_THROWS_AS(qsa_q_max(fz(10).x, 1, 0, one.x, Reading::simplified), DomainError);
}

TEST_CASE(
    "comm sizes: the literal reading m = d_in + q log2 N, d_in = d + (q+1) log2 N (talk-H l.266, l.360)") {
  Fmpq one(1, 1), two(2, 1), half(1, 2);
  // at c = 1: d + (2q+1) log2 N <= m. BERT: 1 + 9 (2q+1) <= 1024 <=> 2q+1 <= 113 (q = 56);
  // GPT-2: 1 + 10 (2q+1) <= 768 <=> 2q+1 <= 76 (q = 37); GPT-3: 1 + 11 (2q+1) <= 128 (q = 5)
  CHECK(qsa_q_max(fz(1024).x, 512, 1, one.x, Reading::literal) == fz(56));
  CHECK(qsa_q_max(fz(768).x, 1024, 1, one.x, Reading::literal) == fz(37));
  CHECK(qsa_q_max(fz(128).x, 2048, 1, one.x, Reading::literal) == fz(5));
  // c = 2: m = 2 (2 (d + (q+1) L) + q L) = 4d + 4L + 6qL; N = 1024, d = 1: 4 + 40 + 60 q <= 200 -> q = 2
  CHECK(qsa_q_max(fz(200).x, 1024, 1, two.x, Reading::literal) == fz(2));
  // c = 1/2: m = (1/2)((1/2)(d + (q+1) L) + q L) = d/4 + L/4 + 3qL/4; N = 16, d = 4: 1 + 1 + 3q <= 20 -> 6
  CHECK(qsa_q_max(fz(20).x, 16, 4, half.x, Reading::literal) == fz(6));
  // even q = 0 fails: d + L > m
  CHECK(qsa_q_max(fz(10).x, 1024, 1, one.x, Reading::literal) == fz(-1));
  // m = c^2 d exactly with N not a power of two: x = -c/(c+1), floor -1
  CHECK(qsa_q_max(fz(4).x, 1000, 1, two.x, Reading::literal) == fz(-1));
  // N = 1000 (irrational log), c = 1, d = 0: (2q+1) log2 1000 <= 200 <=> 1000^(2q+1) <= 2^200;
  // 10^(3(2q+1)) <= 2^200 ~ 1.6e60 <=> 2q+1 <= 20 -> q = 9 (an independent integer check below)
  const Fmpz q9 = qsa_q_max(fz(200).x, 1000, 0, one.x, Reading::literal);
  CHECK(q9 == fz(9));
  Fmpz lhs, rhs;
  fmpz_ui_pow_ui(lhs.x, 1000, 19);  // q = 9: 2q+1 = 19
  fmpz_ui_pow_ui(rhs.x, 2, 200);
  CHECK(fmpz_cmp(lhs.x, rhs.x) <= 0);
  fmpz_ui_pow_ui(lhs.x, 1000, 21);  // q = 10 fails
  CHECK(fmpz_cmp(lhs.x, rhs.x) > 0);
  // the attention size itself, at the q_max and one above
  Arb x;
  qsa_attention_m(x.x, 512, 1, 56, one.x, Reading::literal, 64);  // 1 + 9 * 113 = 1018
  CHECK(arb_equal_si(x.x, 1018));
  qsa_attention_m(x.x, 512, 1, 57, one.x, Reading::literal, 64);  // 1 + 9 * 115 = 1036 > 1024
  CHECK(arb_equal_si(x.x, 1036));
}

TEST_CASE("comm sizes: attention m against an independent evaluation (Arb's log_base_ui)") {
  Fmpq c(2, 3);
  for (ulong N : {3ul, 1000ul, 123456789ul}) {
    Arb a, ref;
    qsa_attention_m(a.x, N, 5, 7, c.x, Reading::simplified, 256);
    arb_set_ui(ref.x, N);
    arb_log_base_ui(ref.x, ref.x, 2, 256);  // a different routine from log2_ui
    arb_mul_ui(ref.x, ref.x, 7, 256);
    arb_add_ui(ref.x, ref.x, 5, 256);
    arb_mul_ui(ref.x, ref.x, 2, 256);
    arb_div_ui(ref.x, ref.x, 3, 256);
    CHECK(arb_overlaps(a.x, ref.x));
    CHECK(arb_rel_accuracy_bits(a.x) > 200);
  }
}

TEST_CASE("comm models: the talk-H table as printed, unknowns kept, K read both ways") {
  auto m = talkh_models(1024);
  REQUIRE(m.size() == 4);
  CHECK(m[0].model == "BERT");
  CHECK(*m[0].N.value == 512);
  CHECK(*m[0].m.value == 1024);
  CHECK(*m[0].nodes.value == 4096);
  CHECK(m[1].model == "GPT-2");
  CHECK(*m[1].N.value == 1024);
  CHECK(!m[1].nodes.value);  // "?" is unknown, not 0
  CHECK(*m[2].N.value == 2048);
  CHECK(*m[2].nodes.value == 12288);
  CHECK(m[3].model == "GPT-4");
  CHECK(*m[3].N.value == 32768);
  CHECK(*m[3].L.value == 120);
  CHECK(m[3].L.uncertain);
  CHECK(!m[3].H.value);
  CHECK(!m[3].m.value);
  CHECK(!m[3].nodes.value);
  auto k1000 = talkh_models(1000);
  CHECK(*k1000[1].N.value == 1000);
  CHECK(*k1000[3].N.value == 32000);
  CHECK(*k1000[0].N.value == 512);
  for (const char* bad : {"", "3.5K", "-1", "K", "12 K K", "1e3", "??"})
    CHECK_THROWS_AS(parse_size_cell(bad, 1024, "test"), DomainError);
  CHECK_THROWS_AS(parse_model_table("model,N\nA,1\n", 1024, "t"), DomainError);
  CHECK_THROWS_AS(parse_model_table("model,N,L,H,m,nodes\nA,1,2,3,4\n", 1024, "t"), DomainError);
  auto one = parse_model_table("# c\nmodel,N,L,H,m,nodes\nX,2K,?,4,8 ?,1k\n", 1000, "t");
  REQUIRE(one.size() == 1);
  CHECK(*one[0].N.value == 2000);
  CHECK(!one[0].L.value);
  CHECK(one[0].m.uncertain);
  CHECK(*one[0].nodes.value == 1000);
}

TEST_CASE("comm neighborly: every certified witness passes an independent integer re-check") {
  const std::uint64_t seed = test::test_seed();
  INFO("seed " << seed);
  for (auto [N, q, k] :
       {std::tuple{10ul, 1ul, 12ul}, std::tuple{12ul, 2ul, 20ul}, std::tuple{9ul, 3ul, 24ul}}) {
    auto v = draw_sign_vectors(N, k, seed);
    for (auto x : v.v) CHECK((x == 1 || x == -1));
    unsigned long certified = 0, total = 0;
    std::vector<unsigned long> S(q);
    for (unsigned long i = 0; i < q; ++i) S[i] = i;
    while (true) {
      auto w = find_witness(v, S);
      ++total;
      if (w.status == WitnessStatus::certified) {
        ++certified;
        CHECK(integer_recheck(w.w, v, S));
      } else if (w.status == WitnessStatus::norm_exceeds) {
        CHECK(w.least);
        CHECK(fmpq_cmp_ui(w.norm_sq.x, 4 * q) > 0);
        CHECK(!integer_recheck(w.w, v, S));
      }
      long i = static_cast<long>(q) - 1;
      while (i >= 0 && S[static_cast<size_t>(i)] == N - q + static_cast<unsigned long>(i)) --i;
      if (i < 0) break;
      ++S[static_cast<size_t>(i)];
      for (size_t t = static_cast<size_t>(i) + 1; t < q; ++t) S[t] = S[t - 1] + 1;
    }
    const std::string where = bc::test::cat("N ", N, " q ", q, " k ", k);
    INFO(where);
    CHECK(certified > total / 2);
    auto rep = neighborly_check(N, q, k, seed, 0, false, false);
    CHECK(rep.tried == total);
    CHECK(rep.certified == certified);
    CHECK(rep.certified + rep.infeasible + rep.norm_exceeds + rep.not_found == rep.tried);
  }
}

TEST_CASE("comm neighborly: an equality that holds only to 1e-30 does not certify") {
  auto v = draw_sign_vectors(8, 16, 7);
  std::vector<unsigned long> S{2};
  auto w = find_witness(v, S);
  REQUIRE(w.status == WitnessStatus::certified);
  Fmpq norm;
  CHECK(certify_witness(w.w, v, S, norm));
  auto w2 = w.w;
  Fmpq eps(1, 1);
  fmpq_div_2exp(eps.x, eps.x, 100);
  fmpq_add(w2[0].x, w2[0].x, eps.x);
  CHECK(!certify_witness(w2, v, S, norm));
  CHECK(!integer_recheck(w2, v, S));
}

TEST_CASE("comm neighborly: u_j = +-u_j' with j in S, j' not in S has no witness") {
  for (int sign : {1, -1}) {
    SignVectors v = draw_sign_vectors(6, 10, 11);
    for (unsigned long i = 0; i < v.k; ++i)
      v.v[4 * v.k + i] = static_cast<signed char>(sign * v.v[1 * v.k + i]);
    std::vector<unsigned long> S{1, 3};  // j = 1 in S, its copy j' = 4 outside
    auto w = find_witness(v, S);
    CHECK(w.status == WitnessStatus::infeasible);
    // and a subset holding both copies is fine for sign +1 (the equalities agree)
    if (sign == 1) {
      auto w2 = find_witness(v, {1, 4});
      CHECK(w2.status != WitnessStatus::infeasible);
      if (w2.status == WitnessStatus::certified) CHECK(integer_recheck(w2.w, v, {1, 4}));
    } else {
      CHECK(find_witness(v, {1, 4}).status == WitnessStatus::infeasible);  // <w,u> = 1 and -1
    }
  }
}

TEST_CASE("comm neighborly: deterministic per seed, sampled subsets too") {
  auto a = neighborly_check(14, 2, 14, 5, 0, false, true);
  auto b = neighborly_check(14, 2, 14, 5, 0, false, true);
  REQUIRE(a.rows.size() == b.rows.size());
  for (size_t i = 0; i < a.rows.size(); ++i) {
    CHECK(a.rows[i].S == b.rows[i].S);
    CHECK(a.rows[i].status == b.rows[i].status);
    CHECK(a.rows[i].norm_sq == b.rows[i].norm_sq);
  }
  auto c = neighborly_check(14, 2, 14, 5, 0, false, true, 2);  // two threads: the same rows
  REQUIRE(c.rows.size() == a.rows.size());
  for (size_t i = 0; i < a.rows.size(); ++i) CHECK(c.rows[i].norm_sq == a.rows[i].norm_sq);
  auto st1 = neighborly_check(16, 2, 10, 1, 0, true, false, 1);
  auto st2 = neighborly_check(16, 2, 10, 1, 0, true, false, 2);
  CHECK(st1.stopped);
  CHECK(st1.tried == st2.tried);
  auto s1 = neighborly_check(40, 3, 30, 9, 25, false, true),
       s2 = neighborly_check(40, 3, 30, 9, 25, false, true, 2);
  REQUIRE(s1.rows.size() == 25);
  for (size_t i = 0; i < s1.rows.size(); ++i) CHECK(s1.rows[i].S == s2.rows[i].S);
  CHECK(draw_sign_vectors(5, 9, 1).v == draw_sign_vectors(5, 9, 1).v);
  CHECK(draw_sign_vectors(5, 9, 1).v != draw_sign_vectors(5, 9, 2).v);
  CHECK_THROWS_AS(neighborly_check(5, 3, 2, 1, 0, false, false), DomainError);  // k < q
}

TEST_CASE("comm pair-matching: outputs equal a direct softmax evaluation") {
  const double two_pi = 2 * std::acos(-1.0);
  for (auto [N, M, alpha] :
       {std::tuple{5ul, 7ul, 3.0}, std::tuple{8ul, 4ul, 1.5}, std::tuple{6ul, 10ul, 20.0}}) {
    for (unsigned long t = 0; t < 5; ++t) {
      auto z = pair_matching_instance(N, M, 42, t);
      for (auto x : z) CHECK((x >= 1 && x <= M));
      auto o = pair_matching_outputs(z, M, alpha, 0.5);
      auto y = pair_matching_truth(z, M);
      const double c1 = std::cos(two_pi / static_cast<double>(M)), c0 = (1 + c1) / 2;
      for (size_t i = 0; i < N; ++i) {
        // brute force, no shift: weights e^{score}
        double den = std::exp(alpha * c0);
        bool match = false;
        for (size_t j = 0; j < N; ++j) {
          den +=
              std::exp(alpha * std::cos(two_pi * static_cast<double>(z[i] + z[j]) / static_cast<double>(M)));
          match = match || (z[i] + z[j]) % M == 0;
        }
        const double ref = std::exp(alpha * c0) / den;
        CHECK(std::fabs(o[i] - ref) <= 1e-12 * ref);
        CHECK(static_cast<bool>(y[i]) == match);
      }
    }
  }
}

// pair_matching_exp skips std::exp below -746; the claim that makes it bit-exact is that std::exp
// rounds to +0 there (e^-746 < 2^-1075, half the least subnormal), checked on this libm.
TEST_CASE("comm pair-matching: the log-sum-exp's exponential is std::exp bit for bit") {
  for (double x = -2000.0; x <= 0.0; x += 0.0625) {
    INFO("x = " << x);
    const double a = pair_matching_exp(x), b = std::exp(x);
    CHECK(std::memcmp(&a, &b, sizeof a) == 0);
  }
  for (double x : {-746.0, std::nextafter(-746.0, 0.0), -745.2, -745.13, -744.5, -708.5, -1e300}) {
    INFO("x = " << x);
    const double a = pair_matching_exp(x), b = std::exp(x);
    CHECK(std::memcmp(&a, &b, sizeof a) == 0);
  }
  CHECK(std::exp(std::nextafter(-746.0, -1000.0)) == 0.0);
  CHECK(std::exp(-745.0) > 0.0);  // the subnormal range is left to std::exp
}

TEST_CASE("comm pair-matching: error rate 0 above alpha*, > 0 well below, threads do not matter") {
  const unsigned long N = 24, M = 48, trials = 60;
  const double thr = pair_matching_threshold(N, M, 0.5);
  const double thr_direct = std::log(24.0) / (0.5 * (1 - std::cos(2 * std::acos(-1.0) / 48)));
  CHECK(std::fabs(thr - thr_direct) <= 1e-12 * thr_direct);
  auto above = pair_matching_run(N, M, 1.01 * thr, 0.5, trials, 3, 2);
  CHECK(above.errors == 0);
  CHECK(above.outputs == N * trials);
  auto below = pair_matching_run(N, M, thr / 50, 0.5, trials, 3, 2);
  CHECK(below.errors > 0);
  CHECK(below.missed_match == 0);  // a match is never missed
  auto one = pair_matching_run(N, M, thr / 10, 0.5, trials, 3, 1);
  auto two = pair_matching_run(N, M, thr / 10, 0.5, trials, 3, 2);
  CHECK(one.errors == two.errors);
  CHECK(one.positives == two.positives);
  unsigned long s1 = 0, s2 = 0;
  const double a1 = pair_matching_min_alpha(N, M, 0.5, trials, 3, 1, 1e-9, s1);
  const double a2 = pair_matching_min_alpha(N, M, 0.5, trials, 3, 2, 1e-9, s2);
  CHECK(a1 == a2);
  CHECK(a1 <= thr * (1 + 1e-9));
  CHECK(pair_matching_run(N, M, a1, 0.5, trials, 3, 1).errors == 0);
  CHECK(pair_matching_run(N, M, a1 * (1 - 1e-6), 0.5, trials, 3, 1).errors > 0);
}

// pair_matching_min_alpha decides each bisection step with its own early-exit test (skipped match
// outputs, the last erring trial first, a cosine table): its bracket [lo, hi] is re-decided here by
// the full error count of pair_matching_run, which scores every output of every trial.
TEST_CASE("comm pair-matching: the least alpha's bracket agrees with the full error count") {
  struct Case {
    unsigned long N, M, trials;
    std::uint64_t seed;
  };
  for (const Case& c : {Case{8, 16, 50, 1}, Case{32, 64, 40, 7}, Case{5, 2, 30, 2}, Case{6, 3, 30, 5},
                        Case{12, 5, 30, 9}, Case{20, 70000, 5, 4}, Case{3, 40, 1, 11}}) {
    INFO("N=" << c.N << " M=" << c.M << " trials=" << c.trials);
    for (int threads : {1, 2}) {
      unsigned long steps = 0;
      double lo = -1;
      const double hi = pair_matching_min_alpha(c.N, c.M, 0.5, c.trials, c.seed, threads, 1e-7, steps, &lo);
      const double thr = pair_matching_threshold(c.N, c.M, 0.5);
      CHECK(pair_matching_run(c.N, c.M, hi > 0 ? hi : thr * 1e-12, 0.5, c.trials, c.seed, 1).errors == 0);
      if (lo > 0) {
        CHECK(pair_matching_run(c.N, c.M, lo, 0.5, c.trials, c.seed, 1).errors > 0);
        CHECK(hi - lo <= 1e-7 * hi);
      } else {
        CHECK(hi == 0);  // no alpha > 0 errs on these instances
      }
    }
  }
}

namespace {

// Least ||w'||^2 over the linear conditions by brute force: every choice of inequality sides
// (inactive / = 1/2 / = -1/2) held at equality together with S; least-norm point of each
// nonsingular choice (fmpq_mat_solve on the Gram matrix), kept if feasible. Exponential: tiny N.
bool brute_least_norm(Fmpq& best, const SignVectors& v, const std::vector<unsigned long>& S) {
  std::vector<unsigned long> off;
  for (unsigned long j = 0; j < v.N; ++j)
    if (std::find(S.begin(), S.end(), j) == S.end()) off.push_back(j);
  size_t combos = 1;
  for (size_t i = 0; i < off.size(); ++i) combos *= 3;
  bool found = false;
  for (size_t code = 0; code < combos; ++code) {
    std::vector<std::pair<unsigned long, Fmpq>> rows;
    for (auto j : S) {  // two equal sign vectors in S give one equation (q <= 2 here)
      bool dup = false;
      for (auto& r : rows)
        dup = dup || std::equal(v.v.begin() + static_cast<long>(r.first * v.k),
                                v.v.begin() + static_cast<long>((r.first + 1) * v.k),
                                v.v.begin() + static_cast<long>(j * v.k));
      if (!dup) rows.push_back({j, Fmpq(1, 1)});
    }
    size_t c = code;
    for (auto j : off) {
      if (c % 3 == 1) rows.push_back({j, Fmpq(1, 2)});
      if (c % 3 == 2) rows.push_back({j, Fmpq(-1, 2)});
      c /= 3;
    }
    const slong n = static_cast<slong>(rows.size());
    if (n > static_cast<slong>(v.k)) continue;
    fmpq_mat_t G, b, lam;
    fmpq_mat_init(G, n, n);
    fmpq_mat_init(b, n, 1);
    fmpq_mat_init(lam, n, 1);
    for (slong a = 0; a < n; ++a) {
      for (slong e = 0; e < n; ++e) {
        slong s = 0;
        for (unsigned long i = 0; i < v.k; ++i)
          s += v.v[rows[a].first * v.k + i] * v.v[rows[e].first * v.k + i];
        fmpq_set_si(fmpq_mat_entry(G, a, e), s, 1);
      }
      fmpq_set(fmpq_mat_entry(b, a, 0), rows[a].second.x);
    }
    if (fmpq_mat_solve(lam, G, b)) {
      std::vector<Fmpq> w(v.k);
      for (unsigned long i = 0; i < v.k; ++i)
        for (slong a = 0; a < n; ++a) {
          Fmpq t;
          fmpq_mul_si(t.x, fmpq_mat_entry(lam, a, 0), v.v[rows[a].first * v.k + i]);
          fmpq_add(w[i].x, w[i].x, t.x);
        }
      if (linear_conditions_hold(w, v, S)) {
        Fmpq nsq, t;
        for (auto& x : w) fmpq_mul(t.x, x.x, x.x), fmpq_add(nsq.x, nsq.x, t.x);
        fmpq_mul_ui(nsq.x, nsq.x, v.k);
        if (!found || fmpq_cmp(nsq.x, best.x) < 0) best = nsq;
        found = true;
      }
    }
    fmpq_mat_clear(G);
    fmpq_mat_clear(b);
    fmpq_mat_clear(lam);
  }
  return found;
}

}  // namespace

TEST_CASE("comm neighborly: least norms equal a brute-force search over active sets") {
  unsigned long compared = 0, exceeded = 0;
  for (std::uint64_t seed : {1ull, 2ull, 3ull, 4ull})
    for (auto [N, q, k] : {std::tuple{7ul, 1ul, 4ul}, std::tuple{7ul, 2ul, 5ul}, std::tuple{8ul, 2ul, 6ul}}) {
      auto v = draw_sign_vectors(N, k, seed);
      for (unsigned long a = 0; a < N; ++a)
        for (unsigned long b = a + 1; b < N; ++b) {
          std::vector<unsigned long> S =
              q == 1 ? std::vector<unsigned long>{a} : std::vector<unsigned long>{a, b};
          if (q == 1 && b != a + 1) continue;
          auto w = find_witness(v, S);
          Fmpq best;
          const bool feasible = brute_least_norm(best, v, S);
          const std::string where = bc::test::cat("seed ", seed, " N ", N, " k ", k, " S ", a, ",", b);
          INFO(where);
          CHECK(feasible == (w.status != WitnessStatus::infeasible));
          if (feasible && w.least) {
            CHECK(w.norm_sq == best);
            ++compared;
            exceeded += w.status == WitnessStatus::norm_exceeds;
          }
        }
    }
  CHECK(compared > 50);
  MESSAGE("least norms compared: " << compared << ", above 4q: " << exceeded);
}
