// See spectral_sweep.hpp.
#include "rank/spectral_sweep.hpp"

#include "core/limits.hpp"
#include "rank/spectrum.hpp"

#include <algorithm>
#include <iterator>
#include <numeric>

namespace bc::rank {

std::vector<LbBracket> spectral_lower_bounds(ulong d, ulong r, const std::vector<Fmpz>& hs, CountRule rule,
                                             long digits, ulong max_terms) {
  const slong prec = spectral_prec(digits, max_terms);
  const bool full = count_is_full(d, r, rule);
  const TailShape shape = tail_shape(d, r, rule);
  Arb tol, width, energy;
  detail::tolerance(tol.x, digits);
  std::vector<LbBracket> out(hs.size());
  std::vector<Arb> sums(hs.size());
  std::vector<size_t> open(hs.size());  // the H still walking, in order
  std::iota(open.begin(), open.end(), 0);
  // full rank: b = N, one head spans every block, so H >= 1 needs no sum (SpectralTable::bracket)
  auto summed = [&](size_t i) { return !full || fmpz_is_zero(hs[i].x); };
  std::vector<size_t> sum_open;
  std::copy_if(open.begin(), open.end(), std::back_inserter(sum_open), summed);
  SpectrumWalker walker(d, r, rule, prec);
  detail::TermAdder term;
  ulong L = 0;      // the last degree summed
  size_t work = 0;  // terms added since the last poll: a degree adds one per H still summed
  for (ulong rung = 101; !open.empty(); rung = 4 * rung + 1) {
    const ulong target = std::min(rung, max_terms | 1) | 1;
    while (L < target) {
      if ((work += sum_open.size() + 1) >= 8192) {
        limits::poll("rank: spectral sum");
        work = 0;
      }
      if (L > 0) walker.next();
      for (size_t i : sum_open) term.add(sums[i].x, walker.c2(), walker.rho(), hs[i].x, prec);
      arb_add(energy.x, energy.x, walker.c2(), prec);
      L = walker.l();
    }
    SpectrumWalker probe = walker;  // rho_{L+2}
    probe.next();
    std::vector<size_t> still;
    for (size_t i : open) {
      if ((++work & 1023) == 0) limits::poll("rank: spectral sum");
      LbBracket b;
      if (summed(i)) {
        b = detail::close_bracket(sums[i].x, energy.x, probe.rho(), hs[i].x, shape, L, prec);
      } else {
        b.terms = L;
      }
      arb_sub(width.x, b.hi.x, b.lo.x, 64);
      b.converged = arb_le(width.x, tol.x) || full;
      if (b.converged || L >= max_terms)
        out[i] = std::move(b);
      else
        still.push_back(i);
    }
    open = std::move(still);
    sum_open.clear();
    std::copy_if(open.begin(), open.end(), std::back_inserter(sum_open), summed);
  }
  return out;
}

}  // namespace bc::rank
