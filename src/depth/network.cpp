// The linearised network's grid tensor mod p and its matricised ranks; formula, source and cost in
// depth/network.hpp (paper-L eq. (3)/(12), appendix B.1; docs/math/depth.md#grid-tensors).
#include "depth/network.hpp"

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/random.hpp"

#include <flint/nmod_mat.h>
#include <flint/nmod_vec.h>
#include <flint/ulong_extras.h>

#include <algorithm>
#include <cmath>

namespace bc::depth {

namespace {

// Dense matrices mod p, row-major.
struct Mat {
  unsigned long rows = 0, cols = 0;
  std::vector<mp_limb_t> a;
  Mat(unsigned long r, unsigned long c) : rows(r), cols(c), a(r * c, 0) {}
  mp_limb_t& at(unsigned long i, unsigned long j) { return a[i * cols + j]; }
  mp_limb_t at(unsigned long i, unsigned long j) const { return a[i * cols + j]; }
};

Mat mul(const Mat& x, const Mat& y, nmod_t mod) {
  Mat z(x.rows, y.cols);
  for (unsigned long i = 0; i < x.rows; ++i)
    for (unsigned long k = 0; k < x.cols; ++k) {
      const mp_limb_t xik = x.at(i, k);
      if (!xik) continue;
      for (unsigned long j = 0; j < y.cols; ++j)
        z.at(i, j) = nmod_add(z.at(i, j), nmod_mul(xik, y.at(k, j), mod), mod);
    }
  return z;
}

Mat transpose(const Mat& x) {
  Mat t(x.cols, x.rows);
  for (unsigned long i = 0; i < x.rows; ++i)
    for (unsigned long j = 0; j < x.cols; ++j) t.at(j, i) = x.at(i, j);
  return t;
}

struct RandomWeights {
  std::vector<Mat> q, k, v, o;  // per (layer, head)
};

}  // namespace

double network_cost(unsigned long L, unsigned long dx, unsigned long H, unsigned long N, unsigned long M) {
  const double da = static_cast<double>(dx) / static_cast<double>(H);
  const double eval = static_cast<double>(L * H) * (4 * da * dx * N + da * N * N + 2.0 * dx * da * N);
  return std::pow(static_cast<double>(M), static_cast<double>(N)) * std::max(eval, 1.0);
}

void check_network_size(const std::string& what, unsigned long L, unsigned long dx, unsigned long H,
                        unsigned long N, unsigned long M, const std::string& work_hint,
                        const std::string& side_hint) {
  limits::check_work(what + ": work", network_cost(L, dx, H, N, M), 5e9, "word operations", work_hint);
  limits::check(what + ": matrix side", std::pow(static_cast<double>(M), static_cast<double>(N / 2)), 3000,
                "rows", side_hint);
}

namespace {

/// The problem's sizes and field: L layers of H heads, d_a = d_x / H, N positions, M templates.
struct Net {
  unsigned long L, dx, H, N, M, da;
  nmod_t mod;
};

// RandomWeights per (layer, head), then the templates, drawn in that order (network.hpp states it).
void draw_network(RandomWeights& w, std::vector<std::vector<mp_limb_t>>& templ, const Net& n,
                  std::uint64_t seed, mp_limb_t prime) {
  std::uint64_t s = seed;
  auto rnd = [&]() { return splitmix64(s) % prime; };
  for (unsigned long l = 0; l < n.L * n.H; ++l) {
    for (auto* vec : {&w.q, &w.k, &w.v}) {
      Mat m(n.da, n.dx);
      for (auto& x : m.a) x = rnd();
      vec->push_back(std::move(m));
    }
    Mat o(n.dx, n.da);
    for (auto& x : o.a) x = rnd();
    w.o.push_back(std::move(o));
  }
  templ.assign(n.M, std::vector<mp_limb_t>(n.dx));
  for (auto& t : templ)
    for (auto& x : t) x = rnd();
}

void keep_weights(NetworkRank& out, const RandomWeights& w,
                  const std::vector<std::vector<mp_limb_t>>& templ) {
  for (size_t i = 0; i < w.q.size(); ++i) {
    out.w_q.emplace_back(w.q[i].a.begin(), w.q[i].a.end());
    out.w_k.emplace_back(w.k[i].a.begin(), w.k[i].a.end());
    out.w_v.emplace_back(w.v[i].a.begin(), w.v[i].a.end());
    out.w_o.emplace_back(w.o[i].a.begin(), w.o[i].a.end());
  }
  for (const auto& t : templ) out.templates_x.emplace_back(t.begin(), t.end());
}

// y(x^(idx_1), ..., x^(idx_N)): entry (1, 1) of the depth-L composition.
mp_limb_t network_entry(const RandomWeights& w, const std::vector<std::vector<mp_limb_t>>& templ,
                        const Net& n, const std::vector<unsigned long>& idx) {
  Mat x(n.dx, n.N);
  for (unsigned long j = 0; j < n.N; ++j)
    for (unsigned long i = 0; i < n.dx; ++i) x.at(i, j) = templ[idx[j]][i];
  for (unsigned long l = 0; l < n.L; ++l) {
    Mat y(n.dx, n.N);
    for (unsigned long h = 0; h < n.H; ++h) {
      const size_t wi = l * n.H + h;
      Mat kx = mul(w.k[wi], x, n.mod), qx = mul(w.q[wi], x, n.mod), vx = mul(w.v[wi], x, n.mod);
      Mat sc = mul(transpose(kx), qx, n.mod);  // N x N: <W^K x^j, W^Q x^i>
      Mat yh = mul(w.o[wi], mul(vx, sc, n.mod), n.mod);
      for (size_t t = 0; t < y.a.size(); ++t) y.a[t] = nmod_add(y.a[t], yh.a[t], n.mod);
    }
    x = std::move(y);
  }
  return x.at(0, 0);
}

// Entry e of the grid tensor in mixed radix M: its index tuple.
void grid_index(std::vector<unsigned long>& idx, unsigned long e, const Net& n) {
  unsigned long r = e;
  for (unsigned long j = n.N; j-- > 0;) {
    idx[j] = r % n.M;
    r /= n.M;
  }
}

// Two balanced partitions: first half, and alternate positions (distinct when N >= 4).
std::vector<std::vector<unsigned long>> balanced_partitions(unsigned long N) {
  std::vector<std::vector<unsigned long>> parts;
  std::vector<unsigned long> a, b;
  for (unsigned long j = 0; j < N / 2; ++j) a.push_back(j);
  for (unsigned long j = 0; j < N; j += 2) b.push_back(j);
  parts.push_back(a);
  if (b != a) parts.push_back(b);
  return parts;
}

// The rank mod p of the grid tensor matricised by rows I (and, with `certificate`, its minor).
void matricised_rank(NetworkRank& out, const std::vector<mp_limb_t>& grid,
                     const std::vector<unsigned long>& I, const Net& n, bool certificate) {
  const unsigned long side =
      static_cast<unsigned long>(std::llround(std::pow(static_cast<double>(n.M), n.N / 2.0)));
  std::vector<unsigned long> J, idx(n.N);
  for (unsigned long j = 0; j < n.N; ++j)
    if (std::find(I.begin(), I.end(), j) == I.end()) J.push_back(j);
  nmod_mat_t m;
  nmod_mat_init(m, static_cast<slong>(side), static_cast<slong>(side), out.prime);
  for (unsigned long e = 0; e < grid.size(); ++e) {
    grid_index(idx, e, n);
    unsigned long row = 0, col = 0;
    for (unsigned long j : I) row = row * n.M + idx[j];
    for (unsigned long j : J) col = col * n.M + idx[j];
    nmod_mat_entry(m, static_cast<slong>(row), static_cast<slong>(col)) = grid[e];
  }
  out.ranks.push_back(static_cast<unsigned long>(nmod_mat_rank(m)));
  if (certificate) out.minors.push_back(nmod_nonsingular_minor(m));
  nmod_mat_clear(m);
  std::vector<unsigned long> one_based;
  for (unsigned long j : I) one_based.push_back(j + 1);
  out.partitions.push_back(one_based);
}

}  // namespace

NetworkRank network_grid_rank(unsigned long L, unsigned long dx, unsigned long H, unsigned long N,
                              unsigned long M, std::uint64_t seed, bool certificate) {
  if (N < 2 || N % 2) throw DomainError("depth grid-rank: N must be even and >= 2 (balanced partitions)");
  if (H < 1 || dx % H) throw DomainError("depth grid-rank: H must divide d_x");
  check_network_size("depth grid-rank --network", L, dx, H, N, M, "fewer templates, positions, layers or d_x",
                     "fewer templates or positions");
  NetworkRank out;
  out.prime = n_nextprime(UWORD(1) << 61, 1);
  out.templates = M;
  Net n{L, dx, H, N, M, dx / H, {}};
  nmod_init(&n.mod, out.prime);
  RandomWeights w;
  std::vector<std::vector<mp_limb_t>> templ;
  draw_network(w, templ, n, seed, out.prime);
  if (certificate) keep_weights(out, w, templ);
  unsigned long entries = 1;
  for (unsigned long j = 0; j < N; ++j) entries *= M;
  out.grid_entries = entries;
  std::vector<mp_limb_t> grid(entries);
  std::vector<unsigned long> idx(N);
  for (unsigned long e = 0; e < entries; ++e) {
    if (e % 256 == 0) limits::poll("depth grid-rank --network");
    grid_index(idx, e, n);
    grid[e] = network_entry(w, templ, n, idx);
  }
  for (const auto& I : balanced_partitions(N)) matricised_rank(out, grid, I, n, certificate);
  return out;
}

}  // namespace bc::depth
