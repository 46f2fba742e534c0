// See fit.hpp. Cost: O(n).
#include "depth/fit.hpp"

#include <Eigen/Dense>

#include <cmath>

namespace bc::depth {

namespace {

// Weighted linear fit y = a + b x with weights w; covariance (A^T W A)^{-1} times `scale`.
FitResult linear(const std::vector<long double>& x, const std::vector<long double>& y,
                 const std::vector<long double>& w, const std::string& name, bool scaled) {
  long double sw = 0, sx = 0, sxx = 0, sy = 0, sxy = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    sw += w[i], sx += w[i] * x[i], sxx += w[i] * x[i] * x[i], sy += w[i] * y[i], sxy += w[i] * x[i] * y[i];
  }
  const long double det = sw * sxx - sx * sx;
  FitResult f;
  f.variant = name;
  const long double a = (sxx * sy - sx * sxy) / det, b = (sw * sxy - sx * sy) / det;
  long double chi2 = 0, ybar = sy / sw, tot = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const long double r = y[i] - a - b * x[i];
    chi2 += w[i] * r * r;
    tot += w[i] * (y[i] - ybar) * (y[i] - ybar);
  }
  const long double n = static_cast<long double>(x.size());
  f.a = static_cast<double>(a);
  f.b = static_cast<double>(b);
  f.chi2 = static_cast<double>(chi2);
  f.chi2_red = static_cast<double>(chi2 / (n - 2));
  const long double scale = scaled ? chi2 / (n - 2) : 1.0L;
  f.var_a = static_cast<double>(sxx / det * scale);
  f.var_b = static_cast<double>(sw / det * scale);
  f.cov_ab = static_cast<double>(-sx / det * scale);
  f.r2 = static_cast<double>(1 - chi2 / tot);
  return f;
}

}  // namespace

FitResult fit_wls(const std::vector<TransitionPoint>& pts) {
  std::vector<long double> x, y, w;
  for (const auto& p : pts) {
    const long double s = static_cast<long double>(p.delta_dx) / p.dx;
    x.push_back(p.L);
    y.push_back(std::log(static_cast<long double>(p.dx)));
    w.push_back(1 / (s * s));
  }
  return linear(x, y, w, "wls-absolute (paper)", false);
}

FitResult fit_wls_qr(const std::vector<TransitionPoint>& pts) {
  const Eigen::Index n = static_cast<Eigen::Index>(pts.size());
  Eigen::MatrixXd a(n, 2);
  Eigen::VectorXd y(n), yraw(n), w(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const auto& p = pts[static_cast<size_t>(i)];
    const double s = p.delta_dx / p.dx;
    a(i, 0) = 1 / s;
    a(i, 1) = p.L / s;
    yraw(i) = std::log(p.dx);
    y(i) = yraw(i) / s;
    w(i) = 1 / (s * s);
  }
  Eigen::HouseholderQR<Eigen::MatrixXd> qr(a);
  Eigen::Vector2d c = qr.solve(y);
  Eigen::Matrix2d r = qr.matrixQR().topLeftCorner(2, 2).triangularView<Eigen::Upper>();
  Eigen::Matrix2d rinv = r.inverse();
  Eigen::Matrix2d cov = rinv * rinv.transpose();  // (R^T R)^{-1}
  FitResult f;
  f.variant = "wls-absolute (QR)";
  f.a = c(0);
  f.b = c(1);
  f.var_a = cov(0, 0);
  f.var_b = cov(1, 1);
  f.cov_ab = cov(0, 1);
  const Eigen::VectorXd res = y - a * c;
  f.chi2 = res.squaredNorm();
  f.chi2_red = f.chi2 / static_cast<double>(n - 2);
  const double ybar = (w.array() * yraw.array()).sum() / w.sum();
  f.r2 = 1 - f.chi2 / (w.array() * (yraw.array() - ybar).square()).sum();
  return f;
}

std::vector<FitResult> fit_variants(const std::vector<TransitionPoint>& pts) {
  std::vector<FitResult> out{fit_wls(pts)};
  std::vector<long double> x, y, w, w_half, ones;
  for (const auto& p : pts) {
    const long double s = static_cast<long double>(p.delta_dx) / p.dx;
    x.push_back(p.L);
    y.push_back(std::log(static_cast<long double>(p.dx)));
    w.push_back(1 / (s * s));
    w_half.push_back(4 / (s * s));
    ones.push_back(1);
  }
  out.push_back(linear(x, y, w, "wls-scaled (cov x chi2_red)", true));
  out.push_back(linear(x, y, w_half, "wls sigma = Delta/(2 d_x)", false));
  out.push_back(linear(x, y, ones, "ols (unweighted, cov scaled)", true));
  // nonlinear d_x = exp(a + b L), sigma = Delta d_x: Gauss-Newton from the linear fit
  {
    long double a = out[0].a, b = out[0].b;
    for (int it = 0; it < 50; ++it) {
      long double jtj[2][2] = {{0, 0}, {0, 0}}, jtr[2] = {0, 0};
      for (const auto& p : pts) {
        const long double f = std::exp(a + b * p.L),
                          wi = 1 / (static_cast<long double>(p.delta_dx) * p.delta_dx);
        const long double r = p.dx - f, j0 = f, j1 = f * p.L;
        jtj[0][0] += wi * j0 * j0, jtj[0][1] += wi * j0 * j1, jtj[1][1] += wi * j1 * j1;
        jtr[0] += wi * j0 * r, jtr[1] += wi * j1 * r;
      }
      const long double det = jtj[0][0] * jtj[1][1] - jtj[0][1] * jtj[0][1];
      const long double da = (jtj[1][1] * jtr[0] - jtj[0][1] * jtr[1]) / det;
      const long double db = (jtj[0][0] * jtr[1] - jtj[0][1] * jtr[0]) / det;
      a += da, b += db;
      if (std::fabs(static_cast<double>(da)) < 1e-15 && std::fabs(static_cast<double>(db)) < 1e-17) break;
    }
    long double jtj[2][2] = {{0, 0}, {0, 0}}, chi2 = 0, sw = 0, swy = 0;
    for (const auto& p : pts) {
      const long double f = std::exp(a + b * p.L),
                        wi = 1 / (static_cast<long double>(p.delta_dx) * p.delta_dx);
      jtj[0][0] += wi * f * f, jtj[0][1] += wi * f * f * p.L, jtj[1][1] += wi * f * f * p.L * p.L;
      chi2 += wi * (p.dx - f) * (p.dx - f);
      sw += wi, swy += wi * p.dx;
    }
    long double tot = 0;
    for (const auto& p : pts) {
      const long double wi = 1 / (static_cast<long double>(p.delta_dx) * p.delta_dx);
      tot += wi * (p.dx - swy / sw) * (p.dx - swy / sw);
    }
    const long double det = jtj[0][0] * jtj[1][1] - jtj[0][1] * jtj[0][1];
    FitResult f;
    f.variant = "nonlinear d_x = e^(a+bL), sigma = Delta d_x";
    f.a = static_cast<double>(a);
    f.b = static_cast<double>(b);
    f.var_a = static_cast<double>(jtj[1][1] / det);
    f.var_b = static_cast<double>(jtj[0][0] / det);
    f.cov_ab = static_cast<double>(-jtj[0][1] / det);
    f.chi2 = static_cast<double>(chi2);
    f.chi2_red = static_cast<double>(chi2 / (static_cast<long double>(pts.size()) - 2));
    f.r2 = static_cast<double>(1 - chi2 / tot);
    out.push_back(f);
  }
  return out;
}

}  // namespace bc::depth
