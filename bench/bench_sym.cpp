// bench_sym: the full character table of S_n (src/sym/characters.cpp) for each n given on the
// command line (default 10..28), best of a few runs, on 1 thread and on 2; prints one JSON object
// per line with a checksum (sum of all values mod 2^64) so that runs can be compared.
// bench/run_bench_sym.py runs GAP's CharacterTable("Symmetric", n) + Irr on the same n and prints
// ratios.
#include "sym/characters.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace bc;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
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
