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
double phi_average(unsigned long d, unsigned long H, F&& g, double* error = nullptr) {
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
  double total = 0, err_sum = 0;
  for (size_t i = 0; i + 1 < pts.size(); ++i) {
    if (pts[i + 1] - pts[i] < 1e-300) continue;
    double err = 0;
    total +=
        boost::math::quadrature::gauss_kronrod<double, 61>::integrate(f, pts[i], pts[i + 1], 6, 1e-13, &err);
    err_sum += err;
  }
  if (error != nullptr) *error = err_sum;
  return total;
}

}  // namespace

double majority_failure(unsigned long d, unsigned long H, double* error) {
  const double m = static_cast<double>((H + 1) / 2);
  return phi_average(
      d, H,
      [&](double phi) {
        const double p = 0.5 + phi / M_PI;
        return boost::math::ibeta(m, m, 1.0 - p);  // P(Bin(2m-1, p) <= m-1)
      },
      error);
}

double majority_hoeffding(unsigned long d, unsigned long H) {
  const double h = static_cast<double>(H);
  return phi_average(d, H, [&](double phi) { return std::exp(-2.0 * h * phi * phi / (M_PI * M_PI)); });
}

unsigned long majority_min_heads(unsigned long d, double target, unsigned long h_cap) {
  // F is nonincreasing in odd H = 2m - 1 and smooth, F ~ A m^-k for large m (k = 1/2: F(d, d^2)
  // ~ 1/(2 sqrt d)): a secant step on log F against log m predicts where F = target, safeguarded
  // to stay strictly inside the bracket (lo: F > target, hi: F <= target) and to bisect when a
  // step gains too little. About 8 quadratures instead of the 2 log2(H) of plain bisection
  // (44 at d = 1000, target 0.01: 28 s before, issue 16).
  const unsigned long top_m = ((h_cap % 2 == 1 ? h_cap : h_cap - 1) + 1) / 2;
  auto F = [&](unsigned long m) {
    limits::poll("rank majority: the least H");
    return majority_failure(d, 2 * m - 1);
  };
  unsigned long lo = 0, hi = 0;  // 0: not known yet (m = 0 stands for "no heads": F > target)
  double flo = 1.0, fhi = 0.0;
  unsigned long m = 1;
  double fm = F(m);
  if (fm <= target) return 1;
  lo = 1, flo = fm;
  // the next guess from the secant through two points of log F (m_a, f_a), (m_b, f_b)
  unsigned long prev = 1;
  double fprev = fm;
  m = 64;
  for (int step = 0; step < 200; ++step) {
    if (m > top_m) m = top_m;
    fm = F(m);
    if (fm <= target) {
      hi = m, fhi = fm;
    } else {
      lo = m, flo = fm;
      if (m == top_m) return 0;  // even the cap fails
    }
    if (hi != 0 && hi - lo <= 1) return 2 * hi - 1;
    // secant on (log m, log F) through the two latest points
    double guess = 0;
    if (fprev > 0 && fm > 0 && prev != m) {
      const double k = std::log(fprev / fm) / std::log(static_cast<double>(m) / static_cast<double>(prev));
      if (k > 1e-6) guess = static_cast<double>(m) * std::pow(fm / target, 1.0 / k);
    }
    prev = m, fprev = fm;
    const double a = static_cast<double>(lo), b = hi != 0 ? static_cast<double>(hi) : 4.0 * a + 64.0;
    if (!(guess > a && guess < b) || !std::isfinite(guess)) guess = hi != 0 ? (a + b) / 2 : b;
    // aim just past the predicted crossing so that the next point likely lands on the other side
    // of it, and never closer than 1 to a bracket end
    unsigned long next = static_cast<unsigned long>(std::llround(guess));
    if (hi != 0) next = std::min(std::max(next, lo + 1), hi - 1);
    if (next == m) next = hi != 0 ? lo + (hi - lo) / 2 : 2 * m;
    m = std::max<unsigned long>(next, lo + 1);
    (void)flo, (void)fhi;
  }
  // the secant did not settle (not expected for a monotone, smooth F): plain bisection
  if (hi == 0) return 0;
  while (hi - lo > 1) {
    const unsigned long mid = lo + (hi - lo) / 2;
    (F(mid) <= target ? hi : lo) = mid;
  }
  return 2 * hi - 1;
}

}  // namespace bc::rank
