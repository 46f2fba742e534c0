// F(d, H) in double precision, in the variable s = phi/pi of the head's advantage p - 1/2.
//
// Formula (derived here; docs/math/rank.md#majority-vote states the phi form). With T ~ Beta(m, m), m =
// ceil(H/2), the binomial tail is B_H(p) = I_{1-p}(m, m) = P(T < 1 - p), so
//   F(d, H) = E_phi P(T < 1/2 - phi/pi) = P(phi < pi (1/2 - T))
//           = C_m int_0^{1/2} (1 - 4 s^2)^{m-1} G(s) ds,   C_m = 2 Gamma(m + 1/2) / (sqrt(pi) Gamma(m)),
// where G(s) = int_0^s pi cos^{d-2}(pi u) du / W_{d-2} is the law of phi/pi. The incomplete beta of
// order m (up to 10^12) is gone: what depends on m is one power, and G depends on d alone, so
// every H of a search reuses the same nodes and the same G values. Likewise Hoeffding's
//   E exp(-2 H (phi/pi)^2) = int_0^{1/2} exp(-2 H s^2) pi cos^{d-2}(pi s) ds / W_{d-2}.
// Both normalisers come from the same rule (C_m as 1 / (2 int (1 - 4s^2)^{m-1}), W as int w), so
// the rule's error largely cancels and no Gamma function of size 10^12 is evaluated in double.
//
// Rule: n = 10-point Gauss–Legendre on the panels [0, s0], [s0, q s0], [q s0, q^2 s0], ... up to
// 1/2, with s0 a quarter of the smallest scale (1/sqrt(8(m-1)) of the power, 1/(pi sqrt(d-2)) of
// the weight) and q = 1.2: every Gaussian-like factor of width sigma meets panels no wider than
// 0.2 of its position, i.e. about sigma/2 where it matters (s <= 10 sigma). G at a node is the
// panel's running integral plus an n-point rule on [panel start, node]. The tests check F against
// mpmath (exact binomial sums at small H, 30-digit quadrature at H ~ 2.5e6): about 1e-14 relative.
//
// Cost: building, (log(1/(2 s0)) / log q) panels x n^2 cosines (1e4 to 1e5 flops); each F or
// Hoeffding value, one log1p and one exp per node (a few hundred nodes).
#include "rank/majority_mesh.hpp"

#include <boost/math/quadrature/gauss.hpp>

#include <algorithm>
#include <cmath>

namespace bc::rank::detail {

namespace {

constexpr int n_gauss = 10;
constexpr double ratio = 1.2;
using Rule = boost::math::quadrature::gauss<double, n_gauss>;

// pi cos^k(pi s) for 0 <= s <= 1/2. For k up to 10^6 the logarithm must be accurate in absolute
// terms: log cos x = log1p(-sin^2 x)/2 where the weight matters (small s), and cos(pi s) =
// sin(pi (1/2 - s)) near 1/2
double weight(double s, double k) {
  if (s <= 0.25) {
    const double sn = std::sin(M_PI * s);
    return M_PI * std::exp(0.5 * k * std::log1p(-sn * sn));
  }
  const double c = std::sin(M_PI * (0.5 - s));
  if (c <= 0) return 0.0;
  return M_PI * std::exp(k * std::log(c));
}

// n-point Gauss–Legendre of f on [a, b]
template <class F>
double gauss(F&& f, double a, double b) {
  const double c = (a + b) / 2, r = (b - a) / 2;
  const auto& x = Rule::abscissa();
  const auto& w = Rule::weights();
  double sum = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    sum += w[i] * f(c + r * x[i]);
    if (x[i] != 0) sum += w[i] * f(c - r * x[i]);
  }
  return sum * r;
}

std::vector<double> breakpoints(double s_min) {
  std::vector<double> b{0.0};
  for (double s = s_min / 4; s < 0.5; s *= ratio) b.push_back(s);
  b.push_back(0.5);
  return b;
}

}  // namespace

double majority_scale(unsigned long d, unsigned long H) {
  const double m = static_cast<double>((H + 1) / 2);
  const double sm = m > 1 ? 1.0 / std::sqrt(8.0 * (m - 1)) : 1.0;
  const double sd = 1.0 / (M_PI * std::sqrt(static_cast<double>(d)));
  return std::min({sm, sd, 1.0 / (2.0 * std::sqrt(static_cast<double>(H)))});
}

MajorityMesh::MajorityMesh(unsigned long d, double s_min) : s_min_(s_min) {
  const double k = static_cast<double>(d - 2);
  auto w = [&](double s) { return weight(s, k); };
  const auto b = breakpoints(s_min);
  const auto& x = Rule::abscissa();
  const auto& wx = Rule::weights();
  double running = 0;  // int_0^{b[i]} w
  for (size_t i = 0; i + 1 < b.size(); ++i) {
    const double c = (b[i] + b[i + 1]) / 2, r = (b[i + 1] - b[i]) / 2;
    for (size_t j = 0; j < x.size(); ++j)
      for (double sign : {-1.0, 1.0}) {
        if (x[j] == 0 && sign < 0) continue;
        const double s = c + sign * r * x[j];
        s_.push_back(s);
        w_.push_back(wx[j] * r);
        weight_.push_back(w(s));
        g_.push_back(running + gauss(w, b[i], s));
      }
    running += gauss(w, b[i], b[i + 1]);
  }
  for (double& g : g_) g /= running;
  for (double& v : weight_) v /= running;
}

double MajorityMesh::failure(unsigned long m) const {
  const double e = static_cast<double>(m - 1);
  double num = 0, den = 0;
  for (size_t i = 0; i < s_.size(); ++i) {
    const double p = (m == 1 ? 1.0 : std::exp(e * std::log1p(-4 * s_[i] * s_[i]))) * w_[i];
    num += p * g_[i];
    den += p;
  }
  return num / (2 * den);
}

double MajorityMesh::hoeffding(unsigned long H) const {
  const double h = static_cast<double>(H);
  double sum = 0;
  for (size_t i = 0; i < s_.size(); ++i) sum += w_[i] * weight_[i] * std::exp(-2 * h * s_[i] * s_[i]);
  return sum;
}

}  // namespace bc::rank::detail
