// See construct.hpp for the formulas. Monomials of degree m in d variables are enumerated in
// lexicographic order of exponent vectors; an exponent vector is keyed as a base-(m+1) integer.
#include "rank/construct.hpp"

#include "core/limits.hpp"

#include <flint/fmpq_mat.h>
#include <flint/fmpz_mat.h>
#include <flint/fmpz_vec.h>

#include <map>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

namespace bc::rank {

namespace {

struct Monomials {
  std::vector<std::vector<ulong>> exps;
  std::unordered_map<unsigned long long, size_t> index;
};

unsigned long long key(const std::vector<ulong>& e, ulong m) {
  unsigned long long k = 0;
  for (ulong v : e) k = k * (m + 1) + v;
  return k;
}

void enumerate(std::vector<std::vector<ulong>>& out, std::vector<ulong>& cur, size_t i, ulong left) {
  if (i + 1 == cur.size()) {
    cur[i] = left;
    out.push_back(cur);
    return;
  }
  for (ulong v = left + 1; v-- > 0;) {
    cur[i] = v;
    enumerate(out, cur, i + 1, left - v);
  }
}

const Monomials& monomials(ulong d, ulong m) {
  // shared by the threads of verify (claims in parallel): std::map keeps references valid
  static std::mutex mutex;
  static std::map<std::pair<ulong, ulong>, Monomials> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache.find({d, m});
  if (it != cache.end()) return it->second;
  Monomials mo;
  std::vector<ulong> cur(d);
  enumerate(mo.exps, cur, 0, m);
  for (size_t i = 0; i < mo.exps.size(); ++i) mo.index[key(mo.exps[i], m)] = i;
  return cache.emplace(std::make_pair(d, m), std::move(mo)).first->second;
}

void add_to(HomPoly& p, const std::vector<ulong>& e, const fmpq_t v) {
  const auto& mo = monomials(p.d, p.m);
  fmpq_add(p.c[mo.index.at(key(e, p.m))].x, p.c[mo.index.at(key(e, p.m))].x, v);
}

bool is_zero(const HomPoly& p) {
  for (const auto& q : p.c)
    if (!fmpq_is_zero(q.x)) return false;
  return true;
}

void add_scaled(HomPoly& acc, const HomPoly& p, const fmpq_t s) {
  Fmpq t;
  for (size_t i = 0; i < p.c.size(); ++i) {
    fmpq_mul(t.x, p.c[i].x, s);
    fmpq_add(acc.c[i].x, acc.c[i].x, t.x);
  }
}

}  // namespace

HomPoly hom_zero(ulong d, ulong m) {
  HomPoly p;
  p.d = d;
  p.m = m;
  p.c.resize(monomials(d, m).exps.size());
  return p;
}

HomPoly hom_monomial(ulong d, const std::vector<ulong>& e) {
  ulong m = 0;
  for (ulong v : e) m += v;
  HomPoly p = hom_zero(d, m);
  Fmpq one(1, 1);
  add_to(p, e, one.x);
  return p;
}

HomPoly laplacian(const HomPoly& p) {
  if (p.m < 2) return hom_zero(p.d, 0);
  HomPoly out = hom_zero(p.d, p.m - 2);
  const auto& mo = monomials(p.d, p.m);
  Fmpq t;
  for (size_t k = 0; k < mo.exps.size(); ++k) {
    if (fmpq_is_zero(p.c[k].x)) continue;
    std::vector<ulong> e = mo.exps[k];
    for (size_t i = 0; i < e.size(); ++i) {
      if (e[i] < 2) continue;
      fmpq_mul_ui(t.x, p.c[k].x, e[i] * (e[i] - 1));
      e[i] -= 2;
      add_to(out, e, t.x);
      e[i] += 2;
    }
  }
  return out;
}

HomPoly times_norm2(const HomPoly& p) {
  HomPoly out = hom_zero(p.d, p.m + 2);
  const auto& mo = monomials(p.d, p.m);
  for (size_t k = 0; k < mo.exps.size(); ++k) {
    if (fmpq_is_zero(p.c[k].x)) continue;
    std::vector<ulong> e = mo.exps[k];
    for (size_t i = 0; i < e.size(); ++i) {
      e[i] += 2;
      add_to(out, e, p.c[k].x);
      e[i] -= 2;
    }
  }
  return out;
}

namespace {

// Returns H_m(p) and, in rest, p' with p = H_m(p) + |x|^2 p'.
HomPoly split(const HomPoly& p, HomPoly* rest) {
  const ulong d = p.d, m = p.m;
  HomPoly h = p;
  if (rest) *rest = m >= 2 ? hom_zero(d, m - 2) : hom_zero(d, 0);
  HomPoly lap = p;  // Delta^j p
  Fmpq c(1, 1);
  for (ulong j = 1; 2 * j <= m; ++j) {
    lap = laplacian(lap);
    if (is_zero(lap)) break;
    // c_j = -c_{j-1} / (2j (d + 2m - 2j - 2))
    fmpq_div_fmpz(c.x, c.x, Fmpz(static_cast<slong>(2 * j * (d + 2 * m - 2 * j - 2))).x);
    fmpq_neg(c.x, c.x);
    // term = c_j |x|^{2j} Delta^j p ; rest gets -c_j |x|^{2j-2} Delta^j p
    HomPoly q = lap;  // degree m - 2j
    for (ulong k = 1; k < j; ++k) q = times_norm2(q);
    if (rest) {
      Fmpq mc;
      fmpq_neg(mc.x, c.x);
      add_scaled(*rest, q, mc.x);
    }
    add_scaled(h, times_norm2(q), c.x);
  }
  return h;
}

}  // namespace

HomPoly harmonic_part(const HomPoly& p) { return split(p, nullptr); }

const std::vector<std::vector<ulong>>& monomial_exponents(ulong d, ulong m) { return monomials(d, m).exps; }

std::vector<HomPoly> fischer_parts(const HomPoly& p) {
  std::vector<HomPoly> parts;
  HomPoly cur = p;
  for (;;) {
    HomPoly rest;
    parts.push_back(split(cur, &rest));
    if (cur.m < 2) break;
    cur = std::move(rest);
  }
  return parts;
}

HomPoly harmonic_component(const HomPoly& p, ulong l) {
  if (p.m < l || (p.m - l) % 2 != 0) return hom_zero(p.d, l);
  HomPoly cur = p;
  while (cur.m > l) {
    HomPoly rest;
    split(cur, &rest);
    cur = std::move(rest);
  }
  return harmonic_part(cur);
}

void hom_eval(fmpq_t res, const HomPoly& p, const std::vector<Fmpq>& x) {
  const auto& mo = monomials(p.d, p.m);
  fmpq_zero(res);
  Fmpq term, pw;
  for (size_t k = 0; k < mo.exps.size(); ++k) {
    if (fmpq_is_zero(p.c[k].x)) continue;
    fmpq_set(term.x, p.c[k].x);
    for (size_t i = 0; i < p.d; ++i) {
      fmpq_pow_si(pw.x, x[i].x, static_cast<slong>(mo.exps[k][i]));
      fmpq_mul(term.x, term.x, pw.x);
    }
    fmpq_add(res, res, term.x);
  }
}

double construct_size(ulong d, ulong r, ulong l, ulong extra) {
  auto binom = [](double n, double k) {
    double b = 1;
    for (double i = 1; i <= k; ++i) b = b * (n - k + i) / i;
    return b;
  };
  double functions = 0;
  for (ulong k = 0; k <= extra; ++k)
    functions += binom(static_cast<double>(r + l + 2 * k - 1), static_cast<double>(r - 1));
  double mono = binom(static_cast<double>(l + 2 * extra + d - 1), static_cast<double>(d - 1));
  return functions * mono;
}

ConstructedCount constructed_count(ulong d, ulong r, ulong l, ulong extra, CountCertificate* cert) {
  if (d < 2 || r < 1) throw std::invalid_argument("constructed_count: requires d >= 2, r >= 1");
  const ulong rr = r < d ? r : d;  // a rank-r projection with r >= d sees all of z
  std::vector<HomPoly> rows;
  for (ulong k = 0; k <= extra; ++k) {
    const ulong m = l + 2 * k;
    // monomials of degree m in the first rr variables
    std::vector<std::vector<ulong>> ex;
    std::vector<ulong> cur(rr);
    enumerate(ex, cur, 0, m);
    for (auto& e : ex) {
      limits::poll("rank count: construction");
      std::vector<ulong> full(d, 0);
      for (size_t i = 0; i < rr; ++i) full[i] = e[i];
      if (cert != nullptr) {
        CountCertificate::Function f{full, fischer_parts(hom_monomial(d, full))};
        rows.push_back(f.parts[k]);  // h_l: the degree-l part of z^e (degree l + 2k)
        cert->functions.push_back(std::move(f));
      } else {
        rows.push_back(harmonic_component(hom_monomial(d, full), l));
      }
    }
  }
  ConstructedCount out;
  out.functions = rows.size();
  out.monomials = monomials(d, l).exps.size();
  fmpq_mat_t a;
  fmpq_mat_init(a, static_cast<slong>(rows.size()), static_cast<slong>(out.monomials));
  for (size_t i = 0; i < rows.size(); ++i)
    for (size_t j = 0; j < out.monomials; ++j)
      fmpq_set(fmpq_mat_entry(a, static_cast<slong>(i), static_cast<slong>(j)), rows[i].c[j].x);
  // clear denominators row by row (rank unchanged) and take the exact integer rank
  fmpz_mat_t num;
  fmpz_mat_init(num, fmpq_mat_nrows(a), fmpq_mat_ncols(a));
  fmpz* den = _fmpz_vec_init(fmpq_mat_nrows(a));
  fmpq_mat_get_fmpz_mat_rowwise(num, den, a);
  out.rank = static_cast<ulong>(fmpz_mat_rank(num));
  if (cert != nullptr) detail::certify_rows(*cert, rows, out.rank);
  _fmpz_vec_clear(den, fmpq_mat_nrows(a));
  fmpz_mat_clear(num);
  fmpq_mat_clear(a);
  return out;
}

}  // namespace bc::rank
