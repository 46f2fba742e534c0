// CUE Gram of raw power-sum products, one degree n:
//   G(lambda, mu) = sum_{nu |- n, len(nu) <= N} chi^nu(lambda) chi^nu(mu)
//                 = z_lambda delta_{lambda mu} - sum_{len(nu) > N} chi^nu(lambda) chi^nu(mu)
// (Diaconis–Shahshahani 1994 for n <= N; the second form by column orthogonality). Source:
// docs/math/sym.md#haar-unitary-eigenvalues. Cost p(n)^2/2 x min(r, p(n) - r) multiply-adds, int64 for n <=
// 20 and i128 above (|partial sums| <= sqrt(z_lambda z_mu) <= n!, Cauchy–Schwarz with column orthogonality).
// Exact in doubles: sum_nu |chi^nu(lambda) chi^nu(mu)| <= sqrt(z_lambda z_mu) (Cauchy–Schwarz and
// sum_nu chi^nu(lambda)^2 = z_lambda), so when z_lambda z_mu < 2^106 every product and every
// partial sum, in any order, is an integer below 2^53: the dot product in doubles (vectorised,
// reassociated) is exact. That holds for 99.8% of the pairs at n = 28 (z is small unless lambda
// has many short cycles); the others take the integer path. Measured at n = 28, N = 8: ~5x faster.
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "sym/gram.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace bc::sym {

namespace detail {

void set_i128(fmpz_t res, i128 v) {
  const bool neg = v < 0;
  u128 u = neg ? -static_cast<u128>(v) : static_cast<u128>(v);
  fmpz_set_ui(res, static_cast<ulong>(u >> 64));
  fmpz_mul_2exp(res, res, 64);
  fmpz_add_ui(res, res, static_cast<ulong>(u & ~ulong{0}));
  if (neg) fmpz_neg(res, res);
}

// |G1| / sqrt(ab1) > |G2| / sqrt(ab2)  <=>  G1^2 ab2 > G2^2 ab1
bool norm_greater(const fmpz_t g1, const fmpz_t ab1, const fmpz_t g2, const fmpz_t ab2) {
  Fmpz l, r;
  fmpz_mul(l.x, g1, g1);
  fmpz_mul(l.x, l.x, ab2);
  fmpz_mul(r.x, g2, g2);
  fmpz_mul(r.x, r.x, ab1);
  return fmpz_cmp(l.x, r.x) > 0;
}

}  // namespace detail

double gram_cost_cue(ulong n, ulong N) {
  const double p = static_cast<double>(partition_count(n));
  const double r = static_cast<double>(partition_count_rows(n, N));
  return p * p / 2 * std::min(r, p - r) + p * p * 4;  // Gram + character table
}

namespace {

// sum_k a_k b_k in doubles, in any order (the caller guarantees exactness): four independent
// vector accumulators (the additions' latency, not the multiplications, bounds one accumulator);
// AVX2 where the CPU has it.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
double
dot_exact(const double* a, const double* b, size_t q) {
  typedef double v4 __attribute__((vector_size(32)));
  v4 s0 = {0, 0, 0, 0}, s1 = s0, s2 = s0, s3 = s0, x, y;
  size_t k = 0;
  for (; k + 16 <= q; k += 16) {
    std::memcpy(&x, a + k, sizeof x), std::memcpy(&y, b + k, sizeof y), s0 += x * y;
    std::memcpy(&x, a + k + 4, sizeof x), std::memcpy(&y, b + k + 4, sizeof y), s1 += x * y;
    std::memcpy(&x, a + k + 8, sizeof x), std::memcpy(&y, b + k + 8, sizeof y), s2 += x * y;
    std::memcpy(&x, a + k + 12, sizeof x), std::memcpy(&y, b + k + 12, sizeof y), s3 += x * y;
  }
  s0 += s1 + s2 + s3;
  double s = s0[0] + s0[1] + s0[2] + s0[3];
  for (; k < q; ++k) s += a[k] * b[k];
  return s;
}

struct RowResult {
  bool diagonal = true, diag_is_z = true;
  Fmpz max_off, norm_G, norm_ab, diag;
  size_t max_j = 0, norm_j = 0;
  bool has_off = false;
  double norm_d = -1;
  std::vector<Fmpz> row;  // entries j >= i when keeping the matrix
};

// One entry G(i, j), j >= i, into row i's summary (v is overwritten).
void record(RowResult& rr, Fmpz& v, Fmpz& ab, size_t i, size_t j, bool keep, const std::vector<Fmpz>& z,
            const std::vector<Fmpz>& a, const std::vector<double>& ad) {
  if (keep) fmpz_set(rr.row[j - i].x, v.x);
  if (i == j) {
    rr.diag = v;
    if (!fmpz_equal(v.x, z[i].x)) rr.diag_is_z = false;
    return;
  }
  if (fmpz_is_zero(v.x)) return;
  rr.diagonal = false;
  fmpz_abs(v.x, v.x);
  if (!rr.has_off || fmpz_cmp(v.x, rr.max_off.x) > 0) rr.max_off = v, rr.max_j = j;
  const double nd = fmpz_get_d(v.x) / std::sqrt(ad[i] * ad[j]);
  if (nd >= rr.norm_d * (1 - 1e-9)) {
    fmpz_mul(ab.x, a[i].x, a[j].x);
    if (!rr.has_off || detail::norm_greater(v.x, ab.x, rr.norm_G.x, rr.norm_ab.x)) {
      rr.norm_G = v, rr.norm_ab = ab, rr.norm_j = j;
      rr.norm_d = std::max(nd, rr.norm_d);
    }
  }
  rr.has_off = true;
}

template <class Acc>
void cue_rows(const CharacterTable& t, ulong N, bool keep, CueSum mode, int threads, GramDegree& g) {
  const size_t p = t.size();
  std::vector<size_t> low, high;  // nu with len <= N, > N
  for (size_t v = 0; v < p; ++v) (t.parts[v].size() <= N ? low : high).push_back(v);
  g.rank = low.size();
  const bool complement = mode == CueSum::automatic && high.size() < low.size();
  const auto& sel = complement ? high : low;
  const size_t q = sel.size();
  std::vector<std::int64_t> X(p * q);
  for (size_t l = 0; l < p; ++l)
    for (size_t j = 0; j < q; ++j) X[l * q + j] = t.chi(sel[j], l);
  std::vector<Fmpz> z(p), a(p);
  std::vector<double> ad(p), Xd(p * q);
  std::vector<ulong> zbits(p);
  for (size_t l = 0; l < p; ++l) {
    z_lambda(z[l].x, t.parts[l]);
    part_product(a[l].x, t.parts[l]);
    ad[l] = fmpz_get_d(a[l].x);
    zbits[l] = fmpz_bits(z[l].x);  // z < 2^zbits
  }
  // exact as doubles in every row the double path reads: |chi^nu(lambda)| <= sqrt(z_lambda) < 2^53
  for (size_t k = 0; k < p * q; ++k) Xd[k] = static_cast<double>(X[k]);
  std::vector<RowResult> rows(p);
  // blocks of kBlock rows i against every j >= i: row j is read once per block (from memory, the
  // matrix being far larger than the caches at n >= 24) and then from L1 for each row of the block;
  // each row still sees its j in increasing order (the first maximum is kept)
  constexpr size_t kBlock = 8;
  const long nb = static_cast<long>((p + kBlock - 1) / kBlock);
  limits::Run& run = limits::current();  // the blocks read this thread's deadline and cancellation
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
#endif
  for (long bb = 0; bb < nb; ++bb) {
    const limits::RunScope scope(run);
    if (limits::expired()) continue;  // nothing may throw here: polled after the loop
    const size_t i0 = static_cast<size_t>(bb) * kBlock, i1 = std::min(p, i0 + kBlock);
    Fmpz v, ab;
    if (keep)
      for (size_t i = i0; i < i1; ++i) rows[i].row.resize(p - i);
    for (size_t j = i0; j < p; ++j) {
      const std::int64_t* xj = X.data() + j * q;
      for (size_t i = i0; i < i1 && i <= j; ++i) {
        const std::int64_t* xi = X.data() + i * q;
        Acc s = 0;
        if (zbits[i] + zbits[j] <= 106)  // z_i z_j < 2^106: exact in doubles (banner)
          s = static_cast<Acc>(static_cast<std::int64_t>(dot_exact(Xd.data() + i * q, Xd.data() + j * q, q)));
        else
          for (size_t k = 0; k < q; ++k) s += static_cast<Acc>(xi[k]) * xj[k];
        detail::set_i128(v.x, static_cast<i128>(s));
        if (complement) {
          fmpz_neg(v.x, v.x);
          if (i == j) fmpz_add(v.x, v.x, z[i].x);
        }
        record(rows[i], v, ab, i, j, keep, z, a, ad);
      }
    }
  }
  limits::poll("sym gram");
  // ordered merge: results do not depend on the thread count
  bool any = false;
  fmpz_one(g.norm_ab.x);
  for (size_t i = 0; i < p; ++i) {
    RowResult& rr = rows[i];
    g.diagonal = g.diagonal && rr.diagonal;
    g.diag_is_z = g.diag_is_z && rr.diag_is_z;
    if (i == 0 || fmpz_cmp(rr.diag.x, g.min_diag.x) < 0) g.min_diag = rr.diag;
    if (!rr.has_off) continue;
    if (!any || fmpz_cmp(rr.max_off.x, g.max_offdiag.x) > 0)
      g.max_offdiag = rr.max_off, g.max_i = i, g.max_j = rr.max_j;
    if (!any || detail::norm_greater(rr.norm_G.x, rr.norm_ab.x, g.norm_G.x, g.norm_ab.x))
      g.norm_G = rr.norm_G, g.norm_ab = rr.norm_ab, g.norm_i = i, g.norm_j = rr.norm_j;
    any = true;
  }
  if (keep) {
    g.matrix.resize(p * p);
    for (size_t i = 0; i < p; ++i)
      for (size_t j = i; j < p; ++j) {
        fmpz_set(g.matrix[i * p + j].x, rows[i].row[j - i].x);
        fmpz_set(g.matrix[j * p + i].x, rows[i].row[j - i].x);
      }
  }
}

}  // namespace

GramDegree gram_cue(const CharacterTable& t, ulong N, bool keep_matrix, CueSum sum, int threads) {
  if (N < 1) throw DomainError("gram_cue: requires N >= 1, got 0");
  if (t.n > 33) throw DomainError(fmt::format("gram_cue: n must be <= 33, got {}", t.n));
  GramDegree g;
  g.n = t.n;
  g.parts = t.parts;
  if (t.n <= 20)
    cue_rows<std::int64_t>(t, N, keep_matrix, sum, threads, g);
  else
    cue_rows<i128>(t, N, keep_matrix, sum, threads, g);
  return g;
}

}  // namespace bc::sym
