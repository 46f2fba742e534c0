// Square-free splits n = s^2 m (see squarefree.hpp for the formulas and the cost).
#include "core/squarefree.hpp"

#include <flint/fmpz_factor.h>
#include <flint/ulong_extras.h>

#include <stdexcept>
#include <vector>

namespace bc {

namespace {

// The product of v by a balanced tree (a running product of k primes costs O(k^2) words).
void product(fmpz_t res, std::vector<Fmpz>& v) {
  if (v.empty()) {
    fmpz_one(res);
    return;
  }
  while (v.size() > 1) {
    size_t j = 0;
    for (size_t i = 0; i + 1 < v.size(); i += 2) fmpz_mul(v[j++].x, v[i].x, v[i + 1].x);
    if (v.size() % 2 == 1) fmpz_swap(v[j++].x, v.back().x);
    v.resize(j);
  }
  fmpz_set(res, v[0].x);
}

void add_prime(std::map<ulong, slong>& e, ulong p, slong k) {
  auto it = e.emplace(p, 0).first;
  it->second += k;
  if (it->second == 0) e.erase(it);
}

}  // namespace

void PrimePowers::add_factorial(ulong n, slong times) {
  n_primes_t it;
  n_primes_init(it);
  for (ulong p = n_primes_next(it); p <= n; p = n_primes_next(it)) {
    ulong v = 0;  // Legendre: v_p(n!) = sum_k floor(n / p^k)
    for (ulong q = n / p; q > 0; q /= p) v += q;
    add_prime(e_, p, times * static_cast<slong>(v));
  }
  n_primes_clear(it);
}

void PrimePowers::add_word(ulong n, slong times) {
  if (n == 0) throw std::logic_error("PrimePowers::add_word: n = 0");
  if (n == 1) return;
  n_factor_t f;
  n_factor_init(&f);
  n_factor(&f, n, 1);
  for (int i = 0; i < f.num; ++i) add_prime(e_, f.p[i], times * static_cast<slong>(f.exp[i]));
}

void PrimePowers::split(fmpz_t s, fmpz_t m) const {
  std::vector<Fmpz> roots, odd;
  for (const auto& [p, k] : e_) {
    if (k < 0) throw std::logic_error("PrimePowers::split: not an integer");
    if (k >= 2) {
      Fmpz x;
      fmpz_ui_pow_ui(x.x, p, static_cast<ulong>(k / 2));
      roots.push_back(std::move(x));
    }
    if (k % 2 == 1) odd.emplace_back(static_cast<slong>(p));
  }
  product(s, roots);
  product(m, odd);
}

void PrimePowers::value(fmpz_t res) const {
  Fmpz s, m;
  split(s.x, m.x);
  fmpz_mul(res, s.x, s.x);
  fmpz_mul(res, res, m.x);
}

bool squarefree_split(fmpz_t s, fmpz_t m, const fmpz_t n) {
  if (fmpz_sgn(n) <= 0) throw std::logic_error("squarefree_split: n <= 0");
  Fmpz c, r;
  fmpz_set(c.x, n);
  fmpz_one(s);
  fmpz_one(m);
  constexpr ulong kTrial = 1UL << 16;
  n_primes_t it;
  n_primes_init(it);
  for (ulong p = n_primes_next(it); p < kTrial && !fmpz_is_one(c.x); p = n_primes_next(it)) {
    if (fmpz_fdiv_ui(c.x, p) != 0) continue;
    Fmpz pp(static_cast<slong>(p));
    const slong k = fmpz_remove(c.x, c.x, pp.x);
    Fmpz pw;
    fmpz_pow_ui(pw.x, pp.x, static_cast<ulong>(k / 2));
    fmpz_mul(s, s, pw.x);
    if (k % 2 == 1) fmpz_mul_ui(m, m, p);
  }
  n_primes_clear(it);
  if (fmpz_is_one(c.x)) return true;
  if (fmpz_is_square(c.x)) {  // c = r^2
    fmpz_sqrt(r.x, c.x);
    fmpz_mul(s, s, r.x);
    return true;
  }
  // no prime factor below 2^16 and c < 2^48: c is p or p q (p^2 was excluded above)
  if (fmpz_bits(c.x) <= 48) {
    fmpz_mul(m, m, c.x);
    return true;
  }
  if (fmpz_bits(c.x) <= 96) {
    fmpz_factor_t f;
    fmpz_factor_init(f);
    fmpz_factor(f, c.x);
    for (slong i = 0; i < f->num; ++i) {
      Fmpz pw;
      fmpz_pow_ui(pw.x, f->p + i, f->exp[i] / 2);
      fmpz_mul(s, s, pw.x);
      if (f->exp[i] % 2 == 1) fmpz_mul(m, m, f->p + i);
    }
    fmpz_factor_clear(f);
    return true;
  }
  fmpz_mul(m, m, c.x);
  return false;
}

}  // namespace bc
