// Shared pieces of the Gram computations: exact printing of normalised entries G/sqrt(ab), and
// ranks over Z/p (nmod_mat_rank) and over Q (fmpz_mat_rank). Cost O(p^3) for the ranks.
#include "sym/gram.hpp"

#include <flint/fmpz_factor.h>
#include <flint/fmpz_mat.h>
#include <flint/nmod_mat.h>

namespace bc::sym {

ulong rank_mod_p(const std::vector<Fmpz>& m, size_t p, ulong prime) {
  nmod_mat_t a;
  nmod_mat_init(a, static_cast<slong>(p), static_cast<slong>(p), prime);
  for (size_t i = 0; i < p; ++i)
    for (size_t j = 0; j < p; ++j)
      nmod_mat_entry(a, static_cast<slong>(i), static_cast<slong>(j)) = fmpz_fdiv_ui(m[i * p + j].x, prime);
  const slong r = nmod_mat_rank(a);
  nmod_mat_clear(a);
  return static_cast<ulong>(r);
}

ulong rank_exact(const std::vector<Fmpz>& m, size_t p) {
  fmpz_mat_t a;
  fmpz_mat_init(a, static_cast<slong>(p), static_cast<slong>(p));
  for (size_t i = 0; i < p; ++i)
    for (size_t j = 0; j < p; ++j) fmpz_set(fmpz_mat_entry(a, i, j), m[i * p + j].x);
  const slong r = fmpz_mat_rank(a);
  fmpz_mat_clear(a);
  return static_cast<ulong>(r);
}

std::string normalised_entry_str(const fmpz_t G, const fmpz_t ab) {
  // ab = s^2 t, t squarefree; G / sqrt(ab) = (G/s) / sqrt(t)
  Fmpz s, t;
  fmpz_one(s.x);
  fmpz_one(t.x);
  fmpz_factor_t f;
  fmpz_factor_init(f);
  fmpz_factor(f, ab);
  for (slong i = 0; i < f->num; ++i) {
    Fmpz pw;
    fmpz_pow_ui(pw.x, f->p + i, f->exp[i] / 2);
    fmpz_mul(s.x, s.x, pw.x);
    if (f->exp[i] % 2) fmpz_mul(t.x, t.x, f->p + i);
  }
  fmpz_factor_clear(f);
  Fmpq c;
  fmpq_set_fmpz_frac(c.x, G, s.x);
  if (fmpz_is_one(t.x) || fmpq_is_zero(c.x)) return c.str();  // 0, not 0/sqrt(2)
  const std::string num = to_string(fmpq_numref(c.x)), rt = "sqrt(" + to_string(t.x) + ")";
  if (fmpz_is_one(fmpq_denref(c.x))) return num + "/" + rt;
  return num + "/(" + to_string(fmpq_denref(c.x)) + "*" + rt + ")";
}

void normalised_entry_arb(arb_t res, const fmpz_t G, const fmpz_t ab, slong prec) {
  Arb r;
  arb_set_fmpz(r.x, ab);
  arb_rsqrt(r.x, r.x, prec);
  arb_mul_fmpz(res, r.x, G, prec);
}

}  // namespace bc::sym
