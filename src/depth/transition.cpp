// See transition.hpp. Cost: O(1); the root by bisection on a monotone function.
#include "depth/transition.hpp"

#include "core/errors.hpp"

#include <cmath>

namespace bc::depth {

FitParams printed_params() { return {5.039, 5.55e-2, 9.4e-4, 1.7e-6, -3.74e-5}; }

FitParams params_of(const FitResult& f) { return {f.a, f.b, f.var_a, f.var_b, f.cov_ab}; }

Transition transition(double L, const FitParams& p) {
  Transition t;
  t.dx = std::exp(p.a + p.b * L);
  t.n = 12 * L * std::exp(2 * p.a + 2 * p.b * L);
  t.sigma_n = 2 * t.n * std::sqrt(p.var_a + L * L * p.var_b + 2 * L * p.cov_ab);
  return t;
}

Optimal optimal_depth(double params, const FitParams& p) {
  if (!(params > 0)) throw DomainError("depth optimal: the size must be positive");
  auto n = [&](double L) { return 12 * L * std::exp(2 * p.a + 2 * p.b * L); };
  double lo = 1e-9, hi = 1;
  while (n(hi) < params) {
    hi *= 2;
    if (hi > 1e7) throw DomainError("depth optimal: size beyond any depth up to 10^7 layers");
  }
  for (int it = 0; it < 200; ++it) {
    double mid = 0.5 * (lo + hi);
    (n(mid) < params ? lo : hi) = mid;
  }
  Optimal o;
  o.l_star = 0.5 * (lo + hi);
  o.L = static_cast<unsigned long>(std::max(1.0, std::round(o.l_star)));
  o.dx = std::sqrt(params / (12.0 * static_cast<double>(o.L)));
  o.dx_fit = std::exp(p.a + p.b * static_cast<double>(o.L));
  return o;
}

}  // namespace bc::depth
