// See hadamard_rank.hpp. The certificate (optional) adds O(n^3) word operations for the minor
// and, for a deficient exact rank with n <= null_space_limit, one exact null space.
#include "depth/hadamard_rank.hpp"

#include "depth/compositions.hpp"

#include "core/errors.hpp"
#include "core/limits.hpp"

#include <flint/fmpz_mat.h>
#include <flint/nmod_mat.h>
#include <flint/ulong_extras.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace bc::depth {

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

namespace {

// The scaled Gram entries M'_{ab} = (sum_r p^{e_r} s^{2 lambda - e_r})^lambda = s^{2 lambda^2} M_{ab},
// e_r = q^a_r + q^b_r, for Omega = p/s: integers with the rank of M.
class ScaledEntries {
 public:
  ScaledEntries(ulong d, ulong lambda, const Fmpq& omega)
      : d_(d), lambda_(lambda), pp_(2 * lambda + 1), sp_(2 * lambda + 1) {
    q_ = weak_compositions(lambda, d);
    for (ulong e = 0; e <= 2 * lambda; ++e) {
      fmpz_pow_ui(pp_[e].x, fmpq_numref(omega.x), e);
      fmpz_pow_ui(sp_[e].x, fmpq_denref(omega.x), e);
    }
    const double b =
        static_cast<double>(std::max(fmpz_bits(fmpq_numref(omega.x)), fmpz_bits(fmpq_denref(omega.x))));
    big_ = static_cast<double>(lambda) * (2.0 * static_cast<double>(lambda) * b + 64) > 1e5;
  }
  const std::vector<std::vector<ulong>>& q() const { return q_; }
  // An entry is a power of a (2 lambda bits(Omega))-bit integer: (2 lambda^2 bits(Omega)) bits, 8
  // Mbit and milliseconds for a 1000-bit Omega at lambda = 64. The deadline is polled per entry when
  // entries have more than 1e5 bits, else per row (a poll per 16 rows let a 2 s budget run 21 s).
  void entry(fmpz_t res, size_t a, size_t b) const {
    if (big_ || b == 0) limits::poll("depth grid-rank");
    Fmpz sum, t;
    for (ulong r = 0; r < d_; ++r) {
      const ulong e = q_[a][r] + q_[b][r];
      fmpz_mul(t.x, pp_[e].x, sp_[2 * lambda_ - e].x);
      fmpz_add(sum.x, sum.x, t.x);
    }
    fmpz_pow_ui(res, sum.x, lambda_);
  }

 private:
  ulong d_, lambda_;
  bool big_ = false;
  std::vector<std::vector<ulong>> q_;
  std::vector<Fmpz> pp_, sp_;
};

// Seconds of the n^2 entries and of their rank mod p (measured, Release, one core, CPU time,
// 2026-12-01, bench/calibrate_estimates.py): nmod_mat_rank of a full-rank n x n matrix mod a 62-bit
// prime 2.2e-10 n^3 s (1.14 s at n = 1716, 5.3 s at 2925); an entry, a d-term sum raised to the
// power lambda, 0.1 us + 6.7e-6 us B^1.4 for entries of B bits on average not counting their
// trailing zero bits (GMP's power skips those: Omega = 1/2 and 3/4 cost half of what their size
// says): 0.2 us at 809 bits, 4.3 us at 15727, 33 us at 62689, 136 us at 165838 (within 1.4x from
// lambda = 10 to 60). B is the mean over 64 entries spread over the matrix, computed here (an entry
// costs a small fraction of the whole: at most 64 of the n^2 are priced, 8 when they are large).
double mod_p_seconds(const ScaledEntries& m, ulong n) {
  const size_t step = std::max<size_t>(1, n * n / 64);
  double bits = 0;
  size_t count = 0;
  Fmpz t;
  for (size_t k = 0; k < n * n; k += step, ++count) {
    // entries of a million bits cost tens of milliseconds and differ little in size: eight suffice
    if (count == 8 && bits > 8e6) break;
    m.entry(t.x, k / n, (k * 7 + 3) % n);  // rows in order, columns scattered
    bits += static_cast<double>(fmpz_bits(t.x) - (fmpz_is_zero(t.x) ? 0 : fmpz_val2(t.x)));
  }
  const double nd = static_cast<double>(n),
               mean_bits = bits / static_cast<double>(std::max<size_t>(1, count));
  return nd * nd * (0.1e-6 + 6.7e-12 * std::pow(mean_bits, 1.4)) + 2.2e-10 * nd * nd * nd;
}

// The exact rank when the rank mod p fell short of n: fraction-free elimination over Z, priced
// first from the entries' actual size.
long exact_rank_deficient(const ScaledEntries& m, ulong n, ulong rank_mod_p, ulong prime,
                          HadamardCertificate* cert) {
  if (n > 400)
    throw ResourceError(fmt::format(
        "depth grid-rank: exact rank limited to 400 x 400 (n = {}) when the rank mod p is below n", n));
  fmpz_mat_t mz;
  fmpz_mat_init(mz, static_cast<slong>(n), static_cast<slong>(n));
  slong bits = 1;
  try {  // entry() polls the deadline
    for (size_t a = 0; a < n; ++a)
      for (size_t b = 0; b < n; ++b) {
        fmpz* e = fmpz_mat_entry(mz, static_cast<slong>(a), static_cast<slong>(b));
        m.entry(e, a, b);
        bits = std::max(bits, static_cast<slong>(fmpz_bits(e)));
      }
  } catch (...) {
    fmpz_mat_clear(mz);
    throw;
  }
  // fraction-free elimination of b-bit integers stops after r = rank steps; step k updates
  // (n-k)^2 entries of about k b bits: about 1.2e-9 b sum_{k<r} (k+1) (n-k)^2 seconds, which is
  // 1e-10 n^4 b at full rank (measured on full-rank matrices at d = 2, Omega = 1/2, b ~ 81 lambda:
  // lambda = 40, 0.94 s; lambda = 50, 4.6 s). r is the rank mod p, a lower bound of the exact
  // rank that equals it unless p divides every r+1 minor; deficient ranks are small in practice
  // (Omega = 1: r = 1, d = 3, lambda = 25 takes 0.06 s where n^4 b predicted 61 s)
  double work = 0;
  const double nn = static_cast<double>(n);
  for (ulong k = 0; k < rank_mod_p; ++k) work += static_cast<double>(k + 1) * (nn - k) * (nn - k);
  try {
    limits::check_seconds(fmt::format("depth grid-rank: exact rank of the {} x {} Hadamard power", n, n),
                          1.2e-9 * work * static_cast<double>(bits) + 1e-8 * nn * nn,
                          "lower --lambda or drop --exact (the mod-p rank is fast)");
  } catch (...) {
    fmpz_mat_clear(mz);
    throw;
  }
  const long rank = static_cast<long>(fmpz_mat_rank(mz));
  if (cert != nullptr) exact_certificate(*cert, mz, static_cast<ulong>(rank), prime);
  fmpz_mat_clear(mz);
  return rank;
}

// binom(d+lambda-1, lambda), refused above 3000 before it is formed (a hostile catalogue's d = 2^62
// would otherwise print a 1200-digit side in the refusal; d = lambda = 2^62 asked GMP for 10^17
// limbs): by the running products binom(top-k+i, i), i = 1..k, each an integer, which pass 3000
// within a dozen steps once they grow.
ulong grid_side(ulong d, ulong lambda) {
  const ulong k = std::min(lambda, d - 1), top = d + lambda - 1;  // binom(top, k)
  double b = 1;
  for (ulong i = 1; i <= k && b <= 3000; ++i)
    b = b * static_cast<double>(top - k + i) / static_cast<double>(i);
  if (b > 3000) throw ResourceError("depth grid-rank: binom(d+lambda-1, lambda) exceeds the limit 3000");
  return static_cast<ulong>(std::llround(b));
}

}  // namespace

HadamardRank hadamard_rank(ulong d, ulong lambda, const Fmpq& omega, bool exact, HadamardCertificate* cert) {
  if (d < 1) throw DomainError(fmt::format("depth grid-rank: need d >= 1 parts, got d = {}", d));
  if (lambda < 1 || lambda > 64)  // the entries' compositions and powers are per unit of lambda
    throw DomainError(fmt::format("depth grid-rank: lambda must be in [1, 64], got {}", lambda));
  HadamardRank out;
  out.n = grid_side(d, lambda);
  const ScaledEntries m(d, lambda, omega);
  // nmod_mat_rank is one FLINT call that cannot poll the deadline: priced up front with the n^2
  // entries, so that a budget they do not fit refuses the run instead of overrunning
  limits::check_seconds(fmt::format("depth grid-rank: rank mod p of the {0} x {0} Hadamard power", out.n),
                        mod_p_seconds(m, out.n), "lower --lambda or --d");
  out.prime = n_nextprime(UWORD(1) << 62, 1);
  nmod_mat_t mp;
  nmod_mat_init(mp, static_cast<slong>(out.n), static_cast<slong>(out.n), out.prime);
  try {  // entry() and the minor poll the deadline: the matrix is freed when they throw
    Fmpz t;
    for (size_t a = 0; a < out.n; ++a) {
      for (size_t b = 0; b < out.n; ++b) {
        m.entry(t.x, a, b);
        nmod_mat_entry(mp, static_cast<slong>(a), static_cast<slong>(b)) = fmpz_fdiv_ui(t.x, out.prime);
      }
    }
    out.rank_mod_p = static_cast<ulong>(nmod_mat_rank(mp));
    if (cert != nullptr) {
      cert->compositions = m.q();
      cert->minor = nmod_nonsingular_minor(mp);
    }
  } catch (...) {
    nmod_mat_clear(mp);
    throw;
  }
  nmod_mat_clear(mp);
  if (!exact) return out;
  if (out.rank_mod_p == out.n) {
    // a minor nonsingular mod p is nonsingular over Q: the rank is n with no elimination over Z
    out.exact_rank = static_cast<long>(out.n);
    if (cert != nullptr) cert->exact_prime = out.prime, cert->exact_minor = cert->minor;
    return out;
  }
  out.exact_rank = exact_rank_deficient(m, out.n, out.rank_mod_p, out.prime, cert);
  return out;
}

}  // namespace bc::depth
