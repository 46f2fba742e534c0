// The witness of a constructed count (construct.hpp, CountCertificate): rank_Q(rows) = rank.
//   from below: a minor of the rows nonsingular modulo a prime p (the rows' entries are rationals
//     whose denominators p does not divide; reduction mod p is a ring map on them, so a nonzero
//     determinant mod p means a nonzero rational determinant). The first prime above 2^62 at which
//     the rank mod p reaches the exact rank is used (all but finitely many primes do).
//   from above: every other row as an exact rational combination of the minor's rows (solved on
//     the minor's columns, then checked on every column).
// tools/check_certificate.py verifies both without boundcheck.
// Cost: O(rank F n) word operations for the minor (F rows, n monomials) and one rational solve
// with F - rank right-hand sides.
#include "rank/construct.hpp"

#include "core/errors.hpp"

#include <flint/fmpq_mat.h>
#include <flint/nmod_mat.h>
#include <flint/ulong_extras.h>

#include <algorithm>

namespace bc::rank::detail {

namespace {

// rows reduced mod p; false when p divides a denominator
bool reduce(nmod_mat_t m, const std::vector<HomPoly>& rows, ulong p) {
  for (size_t i = 0; i < rows.size(); ++i)
    for (size_t j = 0; j < rows[i].c.size(); ++j) {
      const fmpq* q = rows[i].c[j].x;
      const ulong den = fmpz_fdiv_ui(fmpq_denref(q), p);
      if (den == 0) return false;
      const ulong num = fmpz_fdiv_ui(fmpq_numref(q), p);
      nmod_mat_entry(m, static_cast<slong>(i), static_cast<slong>(j)) =
          n_mulmod2_preinv(num, n_invmod(den, p), p, n_preinvert_limb(p));
    }
  return true;
}

}  // namespace

void certify_rows(CountCertificate& cert, const std::vector<HomPoly>& rows, ulong rank) {
  const auto F = static_cast<slong>(rows.size());
  const auto n = static_cast<slong>(rows.empty() ? 0 : rows[0].c.size());
  ulong p = n_nextprime(UWORD(1) << 62, 1);
  for (int tries = 0;; ++tries) {
    nmod_mat_t m;
    nmod_mat_init(m, F, n, p);
    if (reduce(m, rows, p)) cert.minor = nmod_nonsingular_minor(m);
    nmod_mat_clear(m);
    if (cert.minor.rows.size() == rank) break;
    if (tries == 50) throw DomainError("rank count: no prime attains the exact rank of the construction");
    p = n_nextprime(p, 1);
  }
  cert.prime = p;
  const auto r = static_cast<slong>(rank);
  std::vector<size_t> others;
  for (slong i = 0; i < F; ++i)
    if (std::find(cert.minor.rows.begin(), cert.minor.rows.end(), static_cast<ulong>(i)) ==
        cert.minor.rows.end())
      others.push_back(static_cast<size_t>(i));
  if (others.empty() || r == 0) return;
  // B c = b on the minor's columns: B[k][t] = row_{rows[t]}[cols[k]], b[k] = row_i[cols[k]]
  fmpq_mat_t B, X, Y;
  fmpq_mat_init(B, r, r);
  fmpq_mat_init(Y, r, static_cast<slong>(others.size()));
  fmpq_mat_init(X, r, static_cast<slong>(others.size()));
  for (slong k = 0; k < r; ++k) {
    const size_t col = cert.minor.cols[static_cast<size_t>(k)];
    for (slong t = 0; t < r; ++t)
      fmpq_set(fmpq_mat_entry(B, k, t), rows[cert.minor.rows[static_cast<size_t>(t)]].c[col].x);
    for (size_t o = 0; o < others.size(); ++o)
      fmpq_set(fmpq_mat_entry(Y, k, static_cast<slong>(o)), rows[others[o]].c[col].x);
  }
  const int ok = fmpq_mat_solve_fraction_free(X, B, Y);
  Fmpq acc, t;
  for (size_t o = 0; ok != 0 && o < others.size(); ++o) {
    std::vector<Fmpq> c(static_cast<size_t>(r));
    for (slong k = 0; k < r; ++k)
      fmpq_set(c[static_cast<size_t>(k)].x, fmpq_mat_entry(X, k, static_cast<slong>(o)));
    for (slong j = 0; j < n; ++j) {  // the combination must hold on every column, not only the minor's
      fmpq_zero(acc.x);
      for (slong k = 0; k < r; ++k) {
        fmpq_mul(t.x, c[static_cast<size_t>(k)].x,
                 rows[cert.minor.rows[static_cast<size_t>(k)]].c[static_cast<size_t>(j)].x);
        fmpq_add(acc.x, acc.x, t.x);
      }
      if (!fmpq_equal(acc.x, rows[others[o]].c[static_cast<size_t>(j)].x))
        throw DomainError("rank count: a row is not in the span of the minor's rows (internal error)");
    }
    cert.dependencies.emplace_back(others[o], std::move(c));
  }
  fmpq_mat_clear(B);
  fmpq_mat_clear(X);
  fmpq_mat_clear(Y);
  if (ok == 0) throw DomainError("rank count: the minor is singular over Q (internal error)");
}

}  // namespace bc::rank::detail
