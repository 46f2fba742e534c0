// bench_rank: the spectral bound LB(d,r,H) over a 100 x 100 grid of (d, H) for several r, by
//   - the double kernel (src/rank/spectral_double.cpp) on 1 and on 2 threads,
//   - the certified Arb kernel (src/rank/spectral_bound.cpp) on a 10 x 10 subgrid (per-point cost,
//     scaled to the full grid: it is too slow to run on all 10^4 points in a benchmark),
//   - one walk for many H (src/rank/spectral_sweep.cpp) against one walk per H, at d = 8, r = 4
//     over 84 H where every bracket runs to --max-terms 20001 (what sharing the walk would save
//     the list kernel, which walks once per point),
// and prints one JSON object per line; bench/run_bench.py adds the NumPy baseline and ratios.
// Grid: d = 32, 64, ..., 3200; H = round(10^(6 k/99)), k = 0..99.
#include "rank/spectral_bound.hpp"
#include "rank/spectral_double.hpp"
#include "rank/spectral_sweep.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>

using namespace bc;
using Clock = std::chrono::steady_clock;

int main() {
  std::vector<unsigned long> ds, hs;
  for (unsigned long i = 1; i <= 100; ++i) ds.push_back(32 * i);
  for (int k = 0; k < 100; ++k)
    hs.push_back(static_cast<unsigned long>(std::llround(std::pow(10.0, 6.0 * k / 99))));
  for (unsigned long r : {1ul, 4ul, 16ul}) {
    std::vector<rank::GridPoint> pts;
    for (auto d : ds)
      for (auto h : hs) pts.push_back({d, r, std::log(static_cast<long double>(h))});
    double secs[3] = {0, 0, 0};
    double checksum = 0;
    for (int threads : {1, 2}) {
      auto t0 = Clock::now();
      auto res = rank::lb_grid_double(pts, rank::CountRule::exact, 1e-13, 200001, threads);
      secs[threads] = std::chrono::duration<double>(Clock::now() - t0).count();
      checksum = 0;
      for (auto& x : res) checksum += 0.5 * (x.lo + x.hi);
    }
    // Arb kernel on a 10 x 10 subgrid (every 10th d and H), 16 digits
    auto t0 = Clock::now();
    size_t n_sub = 0;
    for (size_t i = 0; i < ds.size(); i += 10)
      for (size_t k = 0; k < hs.size(); k += 10) {
        Fmpz h(static_cast<slong>(hs[k]));
        (void)rank::spectral_lower_bound(ds[i], r, h.x, rank::CountRule::exact, 16, 200001);
        ++n_sub;
      }
    double arb_secs = std::chrono::duration<double>(Clock::now() - t0).count();
    std::printf(
        "{\"bench\":\"lb_grid\",\"r\":%lu,\"points\":%zu,\"double_1t\":%.6g,\"double_2t\":%.6g,"
        "\"arb_subgrid_points\":%zu,\"arb_subgrid_seconds\":%.6g,\"checksum\":%.15g}\n",
        r, pts.size(), secs[1], secs[2], n_sub, arb_secs, checksum);
  }
  {
    std::vector<Fmpz> many;
    for (int k = 0; k < 84; ++k)
      many.emplace_back(static_cast<slong>(std::llround(std::pow(10.0, k / 14.0))));
    auto t0 = Clock::now();
    for (const auto& h : many) (void)rank::spectral_lower_bound(8, 4, h.x, rank::CountRule::exact, 30, 20001);
    const double each = std::chrono::duration<double>(Clock::now() - t0).count();
    t0 = Clock::now();
    (void)rank::spectral_lower_bounds(8, 4, many, rank::CountRule::exact, 30, 20001);
    const double shared = std::chrono::duration<double>(Clock::now() - t0).count();
    std::printf(
        "{\"bench\":\"arb_shared_walk\",\"d\":8,\"r\":4,\"H\":84,\"max_terms\":20001,"
        "\"walk_per_H_seconds\":%.6g,\"one_walk_seconds\":%.6g}\n",
        each, shared);
  }
  flint_cleanup();
  return 0;
}
