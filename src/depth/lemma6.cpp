// paper-L Lemma 6: the explicit construction and the certified rank of its grid sub-matrix.
// Formula, corrections to the printed text and cost: lemma6.hpp. Reference implementation in
// floating point: docs/research/paperL/q6_network.py (lemma6()).
#include "depth/lemma6.hpp"

#include "core/decimal.hpp"
#include "core/errors.hpp"
#include "depth/compositions.hpp"

#include <acb.h>
#include <fmt/format.h>

#include <cmath>
#include <vector>

namespace bc::depth {

namespace {

// Dense complex ball matrices, row-major.
struct CMat {
  unsigned long rows = 0, cols = 0;
  std::vector<Acb> a;
  CMat(unsigned long r, unsigned long c) : rows(r), cols(c), a(r * c) {}
  acb_ptr at(unsigned long i, unsigned long j) { return a[i * cols + j].x; }
  acb_srcptr at(unsigned long i, unsigned long j) const { return a[i * cols + j].x; }
};

CMat mul(const CMat& x, const CMat& y, slong prec) {
  CMat z(x.rows, y.cols);
  for (unsigned long i = 0; i < x.rows; ++i)
    for (unsigned long k = 0; k < x.cols; ++k) {
      if (acb_is_zero(x.at(i, k))) continue;
      for (unsigned long j = 0; j < y.cols; ++j) acb_addmul(z.at(i, j), x.at(i, k), y.at(k, j), prec);
    }
  return z;
}

CMat transpose(const CMat& x) {
  CMat t(x.cols, x.rows);
  for (unsigned long i = 0; i < x.rows; ++i)
    for (unsigned long j = 0; j < x.cols; ++j) acb_set(t.at(j, i), x.at(i, j));
  return t;
}

struct Layer {
  std::vector<CMat> k, v, o;  // per head; W^Q = W^K in the construction
};

// Certified lower bound on the rank: Gaussian elimination pivoting only on entries whose ball
// excludes 0 (each such pivot extends a minor with certified nonzero determinant).
unsigned long rank_lower_bound(CMat m, slong prec) {
  unsigned long r = 0;
  const unsigned long n = m.rows, c = m.cols;
  std::vector<bool> used_col(c, false);
  Acb f, t;
  for (unsigned long step = 0; step < std::min(n, c); ++step) {
    // the pivot: the largest certified-nonzero entry among rows >= step, unused columns
    long pi = -1, pj = -1;
    Arb best, mag;
    for (unsigned long i = step; i < n; ++i)
      for (unsigned long j = 0; j < c; ++j) {
        if (used_col[j] || acb_contains_zero(m.at(i, j))) continue;
        acb_abs(mag.x, m.at(i, j), prec);
        if (pi < 0 || arf_cmp(arb_midref(mag.x), arb_midref(best.x)) > 0) {
          pi = static_cast<long>(i), pj = static_cast<long>(j);
          arb_set(best.x, mag.x);
        }
      }
    if (pi < 0) break;
    for (unsigned long j = 0; j < c; ++j) acb_swap(m.at(step, j), m.at(static_cast<unsigned long>(pi), j));
    used_col[static_cast<unsigned long>(pj)] = true;
    for (unsigned long i = step + 1; i < n; ++i) {
      acb_div(f.x, m.at(i, static_cast<unsigned long>(pj)), m.at(step, static_cast<unsigned long>(pj)), prec);
      for (unsigned long j = 0; j < c; ++j) {
        acb_mul(t.x, f.x, m.at(step, j), prec);
        acb_sub(m.at(i, j), m.at(i, j), t.x, prec);
      }
      acb_zero(m.at(i, static_cast<unsigned long>(pj)));  // exactly eliminated
    }
    ++r;
  }
  return r;
}

// V: one row Omega^{q_r} / sqrt(sum_r Omega^{2 q_r}) per weak composition q of lambda into d parts.
std::vector<std::vector<Arb>> normalised_rows(const std::vector<std::vector<unsigned long>>& Q,
                                              unsigned long d, const Fmpq& omega, slong prec) {
  std::vector<std::vector<Arb>> V(Q.size(), std::vector<Arb>(d));
  Arb om, norm, t;
  arb_set_exact(om.x, omega, prec);
  for (unsigned long a = 0; a < Q.size(); ++a) {
    arb_zero(norm.x);
    for (unsigned long r = 0; r < d; ++r) {
      arb_pow_ui(V[a][r].x, om.x, Q[a][r], prec);
      arb_sqr(t.x, V[a][r].x, prec);
      arb_add(norm.x, norm.x, t.x, prec);
    }
    arb_rsqrt(norm.x, norm.x, prec);
    for (unsigned long r = 0; r < d; ++r) arb_mul(V[a][r].x, V[a][r].x, norm.x, prec);
  }
  return V;
}

/// The construction's dimensions: d_a = d_x / H per head, hf = (d_a - 1) / 2, d = H hf.
struct Shape {
  unsigned long L, dx, H, N, da, hf, d;
  bool fixed_last;
};

/// Every head's weight matrices (1-based formulas of the paper, 0-based arrays).
struct HeadWeights {
  std::vector<CMat> v1, o, vmid, vl, k1, k2, kl, ol;
};

// The first-layer value matrix of head h (its corrected rows hf+t: correction 1), divided by N.
CMat first_value(const Shape& sh, unsigned long h, slong prec) {
  const unsigned long base = sh.da * (h - 1), hf = sh.hf;
  CMat A(sh.da, sh.dx);
  for (unsigned long t = 1; t <= hf; ++t) {  // row t: x_{base+t} + i x_{base+hf+t}
    acb_one(A.at(t - 1, base + t - 1));
    acb_onei(A.at(t - 1, base + hf + t - 1));
    // row hf+t: -(x_{base+t} + i x_{base+hf+t}) + x_{d_a h}   (correction 1)
    acb_set_si(A.at(hf + t - 1, base + t - 1), -1);
    acb_onei(A.at(hf + t - 1, base + hf + t - 1));
    acb_neg(A.at(hf + t - 1, base + hf + t - 1), A.at(hf + t - 1, base + hf + t - 1));
  }
  for (unsigned long i = hf + 1; i <= sh.da; ++i) acb_one(A.at(i - 1, sh.da * h - 1));
  for (auto& x : A.a) acb_div_ui(x.x, x.x, sh.N, prec);
  return A;
}

HeadWeights construction_weights(const Shape& sh, slong prec) {
  HeadWeights w;
  const unsigned long da = sh.da, dx = sh.dx;
  for (unsigned long h = 1; h <= sh.H; ++h) {
    const unsigned long base = da * (h - 1);
    w.v1.push_back(first_value(sh, h, prec));
    CMat O(dx, da);
    for (unsigned long k = 0; k < da; ++k) acb_one(O.at(base + k, k));
    w.o.push_back(O);
    CMat Vm(da, dx);
    for (unsigned long k = 0; k < da; ++k) acb_one(Vm.at(k, base + k));
    w.vmid.push_back(Vm);
    CMat VL(da, dx);
    for (unsigned long k = 0; k < da; ++k)
      acb_onei(VL.at(k, sh.fixed_last ? da * h - 1 : da - 1));  // correction 4
    w.vl.push_back(VL);
    CMat K1(da, dx);
    acb_one(K1.at(0, da - 1));
    w.k1.push_back(K1);
    CMat K2(da, dx);
    for (unsigned long k = 0; k < sh.hf; ++k) acb_one(K2.at(k, base + k));
    w.k2.push_back(K2);
    CMat Kl(da, dx);
    for (unsigned long j = 1; j <= dx; ++j)
      if (j % da != 0) acb_one(Kl.at(0, j - 1));
    w.kl.push_back(Kl);
    CMat OL(dx, da);
    acb_one(OL.at(0, 0));
    w.ol.push_back(sh.fixed_last ? OL : O);
  }
  return w;
}

std::vector<Layer> construction_layers(const HeadWeights& w, unsigned long L) {
  std::vector<Layer> layers;
  for (unsigned long l = 1; l <= L; ++l)
    layers.push_back({l == 1 ? w.k1 : (l == 2 ? w.k2 : w.kl), l == 1 ? w.v1 : (l == L ? w.vl : w.vmid),
                      l == L ? w.ol : w.o});
  return layers;
}

// Templates x^(1..M+1); phi(j): V's column for a first-half coordinate j (correction 3).
CMat templates(const Shape& sh, const std::vector<std::vector<Arb>>& V) {
  const unsigned long M2 = V.size(), M = 2 * M2, da = sh.da, hf = sh.hf;
  auto phi = [&](unsigned long j) { return ((j - 1) / da) * hf + (j - 1) % da + 1; };
  CMat T(M + 1, sh.dx);
  for (unsigned long i = 1; i <= M + 1; ++i)
    for (unsigned long j = 1; j <= sh.dx; ++j) {
      const unsigned long t = (j - 1) % da;
      if (t == da - 1)
        acb_one(T.at(i - 1, j - 1));
      else if (i <= M2 && t < hf)
        acb_set_arb(T.at(i - 1, j - 1), V[i - 1][phi(j) - 1].x);
      else if (i > M2 && i <= M && t >= hf)
        acb_set_arb(T.at(i - 1, j - 1), V[i - M2 - 1][phi(j - hf) - 1].x);  // correction 2
    }
  return T;
}

// The linearised network's output entry (0, 0) on the input columns X.
Acb network_output(const std::vector<Layer>& layers, const Shape& sh, CMat X, slong prec) {
  for (const auto& ly : layers) {
    CMat Y(sh.dx, sh.N);
    for (unsigned long h = 0; h < sh.H; ++h) {
      CMat kx = mul(ly.k[h], X, prec);
      CMat s = mul(transpose(kx), kx, prec);  // S[j, i] = <W^K x^j, W^Q x^i>, W^Q = W^K
      CMat yh = mul(ly.o[h], mul(mul(ly.v[h], X, prec), s, prec), prec);
      for (size_t t = 0; t < Y.a.size(); ++t) acb_add(Y.a[t].x, Y.a[t].x, yh.a[t].x, prec);
    }
    X = std::move(Y);
  }
  Acb y;
  acb_set(y.x, X.at(0, 0));
  return y;
}

// The grid sub-matrix A[a, b]: template a at position 0, M2 + b at N/2, the last one elsewhere.
CMat grid_matrix(const std::vector<Layer>& layers, const Shape& sh, const CMat& T, unsigned long M2,
                 slong prec) {
  const unsigned long M = 2 * M2;
  CMat A(M2, M2);
  for (unsigned long a = 0; a < M2; ++a)
    for (unsigned long b = 0; b < M2; ++b) {
      CMat X(sh.dx, sh.N);
      for (unsigned long p = 0; p < sh.N; ++p) {
        const unsigned long tmpl = p == 0 ? a : p == sh.N / 2 ? M2 + b : M;
        for (unsigned long j = 0; j < sh.dx; ++j) acb_set(X.at(j, p), T.at(tmpl, j));
      }
      Acb y = network_output(layers, sh, std::move(X), prec);
      acb_set(A.at(a, b), y.x);
    }
  return A;
}

// eq. (28): A = c (V V^T)^{⊙λ}; out.deviation = max |A - c G| / max |A| with c fitted at (0, 0).
void check_proportional(Lemma6Rank& out, const CMat& A, const std::vector<std::vector<Arb>>& V,
                        unsigned long d, unsigned long lam, slong prec) {
  const unsigned long M2 = V.size();
  CMat G(M2, M2);
  Arb dot, t;
  for (unsigned long a = 0; a < M2; ++a)
    for (unsigned long b = 0; b < M2; ++b) {
      arb_zero(dot.x);
      for (unsigned long r = 0; r < d; ++r) arb_addmul(dot.x, V[a][r].x, V[b][r].x, prec);
      arb_pow_ui(dot.x, dot.x, lam, prec);
      acb_set_arb(G.at(a, b), dot.x);
    }
  Acb c, diff;
  acb_div(c.x, A.at(0, 0), G.at(0, 0), prec);
  Arb maxdev, maxa, m;
  for (unsigned long a = 0; a < M2; ++a)
    for (unsigned long b = 0; b < M2; ++b) {
      acb_mul(diff.x, c.x, G.at(a, b), prec);
      acb_sub(diff.x, A.at(a, b), diff.x, prec);
      acb_abs(m.x, diff.x, prec);
      arb_max(maxdev.x, maxdev.x, m.x, prec);
      acb_abs(m.x, A.at(a, b), prec);
      arb_max(maxa.x, maxa.x, m.x, prec);
    }
  arb_div(out.deviation.x, maxdev.x, maxa.x, prec);
  out.proportional =
      arb_contains_zero(out.deviation.x) && mag_cmp_2exp_si(arb_radref(out.deviation.x), -40) < 0;
}

Lemma6Rank run(unsigned long L, unsigned long dx, unsigned long H, unsigned long N, const Fmpq& omega,
               bool fixed_last, slong prec) {
  Shape sh{L, dx, H, N, dx / H, 0, 0, fixed_last};
  sh.hf = (sh.da - 1) / 2;
  sh.d = H * sh.hf;
  unsigned long lam = 1;
  for (unsigned long i = 2; i < L; ++i) lam *= 3;
  const auto Q = weak_compositions(lam, sh.d);
  const auto V = normalised_rows(Q, sh.d, omega, prec);
  const auto layers = construction_layers(construction_weights(sh, prec), L);
  const CMat A = grid_matrix(layers, sh, templates(sh, V), Q.size(), prec);
  Lemma6Rank out;
  out.d = sh.d;
  out.lambda = lam;
  out.half_m = Q.size();
  out.prec = prec;
  out.rank_lower = rank_lower_bound(A, prec);
  out.full_rank = out.rank_lower == out.half_m;
  check_proportional(out, A, V, sh.d, lam, prec);
  return out;
}

}  // namespace

double lemma6_cost(unsigned long L, unsigned long dx, unsigned long H, unsigned long N) {
  if (H == 0 || dx < H) return 0;
  const double d = static_cast<double>((dx / H - 1) / 2 * H);
  const double lam = std::pow(3.0, static_cast<double>(L) - 2);
  const double m2 = std::exp(std::lgamma(d + lam) - std::lgamma(lam + 1) - std::lgamma(d));
  const double eval = static_cast<double>(L * H) * static_cast<double>(dx) *
                      (3.0 * static_cast<double>(dx * N) + static_cast<double>(N * N));
  return m2 * m2 * eval + m2 * m2 * m2;
}

Lemma6Rank lemma6_grid_rank(unsigned long L, unsigned long dx, unsigned long H, unsigned long N,
                            const Fmpq& omega, bool fixed_last_layer) {
  if (L < 2)
    throw DomainError(fmt::format("depth grid-rank lemma6: L must be >= 2 (lambda = 3^(L-2)), got {}", L));
  if (H < 1 || dx % H)
    throw DomainError(fmt::format("depth grid-rank lemma6: H must divide d_x, got d_x = {}, H = {}", dx, H));
  const unsigned long da = dx / H;
  if (da < 3 || da % 2 == 0)
    throw DomainError(fmt::format(
        "depth grid-rank lemma6: d_a = d_x/H must be odd and >= 3 ((d_a-1)/2 segments), got d_a = {}", da));
  if (N < 2 || N % 2)
    throw DomainError(fmt::format("depth grid-rank lemma6: N must be even and >= 2, got {}", N));
  if (fmpq_is_zero(omega.x)) throw DomainError("depth grid-rank lemma6: Omega must be nonzero");
  Lemma6Rank r;
  for (slong prec : {128, 512}) {
    r = run(L, dx, H, N, omega, fixed_last_layer, prec);
    if (r.full_rank) break;
  }
  return r;
}

}  // namespace bc::depth
