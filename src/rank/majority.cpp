// See majority.hpp. Costs: p(d) O(d) ball operations; each F(d,H) one adaptive quadrature
// (a few hundred incomplete-beta evaluations).
#include "rank/majority.hpp"

#include "core/limits.hpp"

#include <boost/math/quadrature/gauss_kronrod.hpp>
#include <boost/math/special_functions/beta.hpp>

#include <cmath>
#include <vector>

namespace bc::rank {

void wallis(arb_t res, ulong n, slong prec) {
  Arb w0, w1;
  arb_const_pi(w0.x, prec);
  arb_mul_2exp_si(w0.x, w0.x, -1);  // W_0 = pi/2
  arb_one(w1.x);                    // W_1 = 1
  if (n == 0) return arb_set(res, w0.x);
  if (n == 1) return arb_set(res, w1.x);
  Arb w;
  arb_set(w.x, n % 2 == 0 ? w0.x : w1.x);
  for (ulong k = n % 2 == 0 ? 2 : 3; k <= n; k += 2) {
    arb_mul_ui(w.x, w.x, k - 1, prec);
    arb_div_ui(w.x, w.x, k, prec);
  }
  arb_set(res, w.x);
}

void head_success_probability(arb_t res, ulong d, slong prec) {
  const ulong n = d - 2;
  Arb pi, r, w, t;
  arb_const_pi(pi.x, prec);
  // R_0 = pi/4, R_1 = pi/2 - 1; W as in wallis()
  if (n % 2 == 0) {
    arb_mul_2exp_si(r.x, pi.x, -2);
    arb_mul_2exp_si(w.x, pi.x, -1);
  } else {
    arb_mul_2exp_si(r.x, pi.x, -1);
    arb_sub_ui(r.x, r.x, 1, prec);
    arb_one(w.x);
  }
  for (ulong k = n % 2 == 0 ? 2 : 3; k <= n; k += 2) {
    arb_mul_ui(w.x, w.x, k - 1, prec);
    arb_div_ui(w.x, w.x, k, prec);  // W_k
    arb_mul_ui(t.x, w.x, k, prec);
    arb_mul_ui(t.x, t.x, k, prec);
    arb_inv(t.x, t.x, prec);
    arb_sub(r.x, r.x, t.x, prec);  // R_k = R_{k-2} - 1/(k^2 W_k)
  }
  arb_div(res, r.x, pi.x, prec);
  arb_one(t.x);
  arb_mul_2exp_si(t.x, t.x, -1);
  arb_add(res, res, t.x, prec);
}

namespace {

double log_wallis(unsigned long n) {
  // W_n = sqrt(pi) Gamma((n+1)/2) / (2 Gamma(n/2 + 1))
  const double x = static_cast<double>(n);
  return 0.5 * std::log(M_PI) + std::lgamma((x + 1) / 2) - std::log(2.0) - std::lgamma(x / 2 + 1);
}

template <class F>
double phi_average(unsigned long d, unsigned long H, F&& g) {
  // (1/W_{d-2}) int_0^{pi/2} g(phi) cos^{d-2}(phi) dphi, with breakpoints where g and the
  // weight change scale
  const double lw = log_wallis(d - 2);
  auto f = [&](double phi) {
    double c = std::cos(phi);
    if (c <= 0) return 0.0;
    return g(phi) * std::exp(static_cast<double>(d - 2) * std::log(c) - lw);
  };
  std::vector<double> pts{0.0};
  const double sh = M_PI / (2.0 * std::sqrt(static_cast<double>(H))),
               sd = 1.0 / std::sqrt(static_cast<double>(d));
  for (double s : {sh, sd})
    for (double m : {0.25, 0.5, 1.0, 2.0, 4.0, 8.0})
      if (s * m < M_PI / 2) pts.push_back(s * m);
  pts.push_back(M_PI / 2);
  std::sort(pts.begin(), pts.end());
  double total = 0;
  for (size_t i = 0; i + 1 < pts.size(); ++i) {
    if (pts[i + 1] - pts[i] < 1e-300) continue;
    total += boost::math::quadrature::gauss_kronrod<double, 61>::integrate(f, pts[i], pts[i + 1], 6, 1e-13);
  }
  return total;
}

}  // namespace

double majority_failure(unsigned long d, unsigned long H) {
  const double m = static_cast<double>((H + 1) / 2);
  return phi_average(d, H, [&](double phi) {
    const double p = 0.5 + phi / M_PI;
    return boost::math::ibeta(m, m, 1.0 - p);  // P(Bin(2m-1, p) <= m-1)
  });
}

double majority_hoeffding(unsigned long d, unsigned long H) {
  const double h = static_cast<double>(H);
  return phi_average(d, H, [&](double phi) { return std::exp(-2.0 * h * phi * phi / (M_PI * M_PI)); });
}

unsigned long majority_min_heads(unsigned long d, double target, unsigned long h_cap) {
  // F is nonincreasing in odd H: bisection over m, H = 2m - 1
  unsigned long lo = 0, hi = 1;  // F(2 lo - 1) > target (lo = 0: none), F(2 hi - 1) <= target
  // unreachable within the cap: once the doubling passes 2^20 heads, one quadrature at the largest
  // odd H <= cap says so, instead of the remaining ~log2(cap) - 20 (d = 10^6: 36 s before)
  const unsigned long top = h_cap % 2 == 1 ? h_cap : h_cap - 1;
  bool cap_checked = false;
  while (majority_failure(d, 2 * hi - 1) > target) {
    limits::poll("rank majority: the least H");  // each step is a quadrature (milliseconds)
    if (!cap_checked && 2 * hi - 1 > (1ul << 20)) {
      cap_checked = true;
      if (top >= 1 && majority_failure(d, top) > target) return 0;
    }
    lo = hi;
    hi *= 2;
    if (2 * hi - 1 > h_cap) return 0;
  }
  while (hi - lo > 1) {
    limits::poll("rank majority: the least H");
    unsigned long mid = lo + (hi - lo) / 2;
    (majority_failure(d, 2 * mid - 1) <= target ? hi : lo) = mid;
  }
  return 2 * hi - 1;
}

}  // namespace bc::rank
