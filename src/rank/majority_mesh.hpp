// The majority failure F(d, H) in double precision on one reusable mesh (see majority_mesh.cpp).
#pragma once

#include <vector>

namespace bc::rank::detail {

/// Gauss–Legendre nodes on a geometric mesh of [0, 1/2] in s = phi/pi, with the weight
/// w(s) = pi cos^{d-2}(pi s) and its normalised cumulative integral G(s) = int_0^s w / W_{d-2} at
/// every node. Built once per d (O(panels x n^2) cosines); every F(d, 2m-1) after that costs one
/// log1p and one exp per node, so a search over H reuses the nodes.
class MajorityMesh {
 public:
  /// `s_min`: the smallest scale the mesh must resolve (1/sqrt(8(m-1)) for the largest m asked,
  /// 1/(pi sqrt(d-2)) for the weight): the first panel is [0, s_min/4].
  MajorityMesh(unsigned long d, double s_min);

  /// F(d, 2m - 1) for m >= 1, assuming 1/sqrt(8(m-1)) >= s_min.
  [[nodiscard]] double failure(unsigned long m) const;
  /// The averaged Hoeffding bound E exp(-2 H (phi/pi)^2), assuming pi/(2 sqrt H) >= s_min.
  [[nodiscard]] double hoeffding(unsigned long H) const;
  [[nodiscard]] double s_min() const { return s_min_; }

 private:
  double s_min_;
  std::vector<double> s_, w_, weight_, g_;  // node, quadrature weight, w(s), G(s)
};

/// The resolution MajorityMesh needs for d and heads up to H: min(1/sqrt(8(m-1)), 1/(pi sqrt(d)))
/// with m = ceil(H/2).
[[nodiscard]] double majority_scale(unsigned long d, unsigned long H);

}  // namespace bc::rank::detail
