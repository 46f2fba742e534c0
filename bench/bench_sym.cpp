// bench_sym: the full character table of S_n (src/sym/characters.cpp) for each n given on the
// command line (default 10..28), best of a few runs, on 1 thread and on 2; prints one JSON object
// per line with a checksum (sum of all values mod 2^64) so that runs can be compared.
// bench/run_bench_sym.py runs GAP's CharacterTable("Symmetric", n) + Irr on the same n and prints
// ratios.
// bench_sym gram n N: one degree of `sym gram` (the CUE Gram of S_n's power sums for U(N)) on 1 and
// 2 threads, against the plain exact kernel (every entry an __int128 dot product of characters
// over the same nu: boundcheck's kernel before the exact-double path), entries compared.
#include "sym/characters.hpp"
#include "sym/gram.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace bc;
using Clock = std::chrono::steady_clock;

// The plain kernel: G = z delta - sum_{len nu > N} chi chi or sum_{len nu <= N} chi chi, whichever
// sums fewer nu (as gram_cue does), every product in __int128.
static std::vector<Fmpz> gram_plain(const sym::CharacterTable& t, unsigned long N, int threads) {
  const size_t p = t.size();
  std::vector<size_t> low, high;
  for (size_t v = 0; v < p; ++v) (t.parts[v].size() <= N ? low : high).push_back(v);
  const bool complement = high.size() < low.size();
  const auto& sel = complement ? high : low;
  std::vector<Fmpz> G(p * p);
  const long np = static_cast<long>(p);
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 4) num_threads(threads)
#else
  (void)threads;
#endif
  for (long ii = 0; ii < np; ++ii) {
    const auto i = static_cast<size_t>(ii);
    Fmpz z;
    sym::z_lambda(z.x, t.parts[i]);
    for (size_t j = i; j < p; ++j) {
      sym::i128 s = 0;
      for (size_t v : sel) s += static_cast<sym::i128>(t.chi(v, i)) * t.chi(v, j);
      Fmpz& e = G[i * p + j];
      fmpz_set_signed_uiui(e.x, static_cast<ulong>(static_cast<sym::u128>(s) >> 64), static_cast<ulong>(s));
      if (complement) {
        fmpz_neg(e.x, e.x);
        if (i == j) fmpz_add(e.x, e.x, z.x);
      }
    }
  }
  return G;
}

static int bench_gram(unsigned long n, unsigned long N) {
  const auto t = sym::character_table(n, 2);
  const size_t p = t.size();
  double ours[2], plain[2];
  sym::GramDegree g;
  std::vector<Fmpz> G;
  for (int threads : {1, 2}) {
    auto t0 = Clock::now();
    g = sym::gram_cue(t, N, true, sym::CueSum::automatic, threads);
    ours[threads - 1] = std::chrono::duration<double>(Clock::now() - t0).count();
    t0 = Clock::now();
    G = gram_plain(t, N, threads);
    plain[threads - 1] = std::chrono::duration<double>(Clock::now() - t0).count();
  }
  size_t differ = 0;
  for (size_t i = 0; i < p; ++i)
    for (size_t j = i; j < p; ++j) differ += fmpz_equal(G[i * p + j].x, g.matrix[i * p + j].x) ? 0 : 1;
  std::printf(
      "{\"bench\": \"gram\", \"n\": %lu, \"N\": %lu, \"p\": %zu, \"seconds_1\": %.4f, \"seconds_2\": %.4f, "
      "\"plain_seconds_1\": %.4f, \"plain_seconds_2\": %.4f, \"entries_differing\": %zu}\n",
      n, N, p, ours[0], ours[1], plain[0], plain[1], differ);
  return differ == 0 ? 0 : 1;
}

int main(int argc, char** argv) {
  if (argc == 4 && std::string(argv[1]) == "gram")
    return bench_gram(std::strtoul(argv[2], nullptr, 10), std::strtoul(argv[3], nullptr, 10));
  std::vector<unsigned long> ns;
  for (int i = 1; i < argc; ++i) ns.push_back(std::strtoul(argv[i], nullptr, 10));
  if (ns.empty())
    for (unsigned long n = 10; n <= 28; ++n) ns.push_back(n);
  for (unsigned long n : ns) {
    double best[2] = {1e300, 1e300};
    std::uint64_t checksum = 0;
    for (int threads : {1, 2}) {
      const int reps = n <= 22 ? 5 : 2;
      for (int r = 0; r < reps; ++r) {
        auto t0 = Clock::now();
        auto t = sym::character_table(n, threads);
        const double s = std::chrono::duration<double>(Clock::now() - t0).count();
        best[threads - 1] = std::min(best[threads - 1], s);
        std::uint64_t c = 0;
        for (auto v : t.col) c += static_cast<std::uint64_t>(v);
        checksum = c;
      }
    }
    std::printf("{\"n\": %lu, \"p\": %llu, \"seconds_1\": %.6f, \"seconds_2\": %.6f, \"checksum\": %llu}\n",
                n, static_cast<unsigned long long>(sym::partition_count(n)), best[0], best[1],
                static_cast<unsigned long long>(checksum));
    std::fflush(stdout);
  }
}
