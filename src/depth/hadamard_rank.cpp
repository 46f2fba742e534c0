// See hadamard_rank.hpp. The certificate (optional) adds O(n^3) word operations for the minor
// and, for a deficient exact rank with n <= null_space_limit, one exact null space.
#include "depth/hadamard_rank.hpp"

#include "core/errors.hpp"
#include "core/limits.hpp"

#include <flint/fmpz_mat.h>
#include <flint/nmod_mat.h>
#include <flint/ulong_extras.h>
#include <fmt/format.h>

#include <algorithm>
#include <vector>

namespace bc::depth {

namespace {
void compositions(std::vector<std::vector<ulong>>& out, std::vector<ulong>& cur, size_t i, ulong left) {
  if (i + 1 == cur.size()) {
    cur[i] = left;
    out.push_back(cur);
    return;
  }
  for (ulong v = 0; v <= left; ++v) {
    cur[i] = v;
    compositions(out, cur, i + 1, left - v);
  }
}
}  // namespace

namespace {

// The exact part of the certificate: a prime at which the rank mod p is the exact rank (the
// minor there is nonsingular over Q), and the null space when the rank is deficient.
void exact_certificate(HadamardCertificate& cert, const fmpz_mat_t mz, ulong rank, ulong first_prime) {
  const slong n = fmpz_mat_nrows(mz);
  ulong p = first_prime;
  for (int tries = 0;; ++tries) {
    nmod_mat_t m;
    nmod_mat_init(m, n, n, p);
    fmpz_mat_get_nmod_mat(m, mz);
    NmodMinor minor = nmod_nonsingular_minor(m);
    nmod_mat_clear(m);
    if (minor.rows.size() == rank) {
      cert.exact_prime = p;
      cert.exact_minor = std::move(minor);
      break;
    }
    if (tries == 50)
      throw DomainError("depth grid-rank: no prime below 2^62 + 50 primes attains the exact rank");
    p = n_nextprime(p, 1);
  }
  if (rank == static_cast<ulong>(n) || static_cast<ulong>(n) > null_space_limit) return;
  fmpz_mat_t x;
  fmpz_mat_init(x, n, n);
  const slong nullity = fmpz_mat_nullspace(x, mz);
  for (slong c = 0; c < nullity; ++c) {
    std::vector<Fmpz> v(static_cast<size_t>(n));
    for (slong i = 0; i < n; ++i) fmpz_set(v[static_cast<size_t>(i)].x, fmpz_mat_entry(x, i, c));
    cert.null_space.push_back(std::move(v));
  }
  fmpz_mat_clear(x);
}

}  // namespace

HadamardRank hadamard_rank(ulong d, ulong lambda, const Fmpq& omega, bool exact, HadamardCertificate* cert) {
  if (d < 1) throw DomainError(fmt::format("depth grid-rank: need d >= 1 parts, got d = {}", d));
  HadamardRank out;
  Fmpz nb;
  fmpz_bin_uiui(nb.x, d + lambda - 1, lambda);
  if (fmpz_cmp_ui(nb.x, 3000) > 0)
    throw ResourceError(
        fmt::format("depth grid-rank: binom(d+lambda-1, lambda) = {} exceeds the limit 3000", nb.str()));
  out.n = fmpz_get_ui(nb.x);
  if (exact && out.n > 400)
    throw ResourceError(
        fmt::format("depth grid-rank: exact rank limited to 400 x 400 (n = {}); use the mod-p rank", out.n));
  if (exact) {
    // fraction-free elimination on n x n integers of b = (2 lambda^2 + lambda) log2(max(p, s)) bits
    // (the scaled entries below): about 1e-10 n^4 b seconds (measured at d = 2: lambda = 40, 0.57 s;
    // lambda = 56, 6.3 s; the fuzzer's catalogue target ran out of memory there under ASan)
    const double lam = static_cast<double>(lambda), n = static_cast<double>(out.n);
    const double bits = (2 * lam * lam + lam) *
                        std::max<double>(1.0, static_cast<double>(std::max(fmpz_bits(fmpq_numref(omega.x)),
                                                                           fmpz_bits(fmpq_denref(omega.x)))));
    limits::check_seconds(
        fmt::format("depth grid-rank: exact rank of the {} x {} Hadamard power", out.n, out.n),
        1e-10 * n * n * n * n * bits, "lower --lambda or drop --exact (the mod-p rank is fast)");
  }
  std::vector<std::vector<ulong>> q;
  std::vector<ulong> cur(d);
  compositions(q, cur, 0, lambda);
  // With Omega = p/s: M' = (sum_r p^{e_r} s^{2 lambda - e_r})^lambda = s^{2 lambda^2} M, e_r = q_r^a + q_r^b
  const fmpz* p = fmpq_numref(omega.x);
  const fmpz* s = fmpq_denref(omega.x);
  std::vector<Fmpz> pp(2 * lambda + 1), sp(2 * lambda + 1);
  for (ulong e = 0; e <= 2 * lambda; ++e) {
    fmpz_pow_ui(pp[e].x, p, e);
    fmpz_pow_ui(sp[e].x, s, e);
  }
  out.prime = n_nextprime(UWORD(1) << 62, 1);
  nmod_mat_t mp;
  nmod_mat_init(mp, static_cast<slong>(out.n), static_cast<slong>(out.n), out.prime);
  fmpz_mat_t mz;
  if (exact) fmpz_mat_init(mz, static_cast<slong>(out.n), static_cast<slong>(out.n));
  Fmpz sum, t;
  for (size_t a = 0; a < q.size(); ++a)
    for (size_t b = 0; b < q.size(); ++b) {
      fmpz_zero(sum.x);
      for (ulong r = 0; r < d; ++r) {
        const ulong e = q[a][r] + q[b][r];
        fmpz_mul(t.x, pp[e].x, sp[2 * lambda - e].x);
        fmpz_add(sum.x, sum.x, t.x);
      }
      fmpz_pow_ui(t.x, sum.x, lambda);
      nmod_mat_entry(mp, static_cast<slong>(a), static_cast<slong>(b)) = fmpz_fdiv_ui(t.x, out.prime);
      if (exact) fmpz_set(fmpz_mat_entry(mz, static_cast<slong>(a), static_cast<slong>(b)), t.x);
    }
  out.rank_mod_p = static_cast<ulong>(nmod_mat_rank(mp));
  if (cert != nullptr) {
    cert->compositions = q;
    cert->minor = nmod_nonsingular_minor(mp);
  }
  nmod_mat_clear(mp);
  if (exact) {
    out.exact_rank = static_cast<long>(fmpz_mat_rank(mz));
    if (cert != nullptr) exact_certificate(*cert, mz, static_cast<ulong>(out.exact_rank), out.prime);
    fmpz_mat_clear(mz);
  }
  return out;
}

}  // namespace bc::depth
