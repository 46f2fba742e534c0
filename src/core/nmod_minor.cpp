// See nmod_minor.hpp.
#include "core/nmod_minor.hpp"

#include "core/errors.hpp"
#include "core/limits.hpp"

#include <flint/nmod_vec.h>
#include <flint/ulong_extras.h>

#include <numeric>

namespace bc {

NmodMinor nmod_nonsingular_minor(const nmod_mat_t a) {
  const slong m = nmod_mat_nrows(a), n = nmod_mat_ncols(a);
  const nmod_t mod = a->mod;
  std::vector<std::vector<mp_limb_t>> w(static_cast<size_t>(m),
                                        std::vector<mp_limb_t>(static_cast<size_t>(n)));
  for (slong i = 0; i < m; ++i)
    for (slong j = 0; j < n; ++j) w[static_cast<size_t>(i)][static_cast<size_t>(j)] = nmod_mat_entry(a, i, j);
  std::vector<unsigned long> orig(static_cast<size_t>(m));
  std::iota(orig.begin(), orig.end(), 0UL);
  NmodMinor out;
  mp_limb_t det = 1;
  size_t k = 0;  // rows 0..k-1 of w are pivot rows
  for (slong c = 0; c < n && k < static_cast<size_t>(m); ++c) {
    limits::poll("nonsingular minor");
    size_t piv = k;
    while (piv < static_cast<size_t>(m) && w[piv][static_cast<size_t>(c)] == 0) ++piv;
    if (piv == static_cast<size_t>(m)) continue;
    std::swap(w[k], w[piv]);
    std::swap(orig[k], orig[piv]);
    const mp_limb_t inv = n_invmod(w[k][static_cast<size_t>(c)], mod.n);
    det = nmod_mul(det, w[k][static_cast<size_t>(c)], mod);
    for (size_t r = k + 1; r < static_cast<size_t>(m); ++r) {
      const mp_limb_t f = nmod_mul(w[r][static_cast<size_t>(c)], inv, mod);
      if (f == 0) continue;
      // row r -= f row k (from column c on: the earlier columns of both are already zero)
      for (size_t j = static_cast<size_t>(c); j < static_cast<size_t>(n); ++j)
        w[r][j] = nmod_sub(w[r][j], nmod_mul(f, w[k][j], mod), mod);
    }
    out.rows.push_back(orig[k]);
    out.cols.push_back(static_cast<unsigned long>(c));
    ++k;
  }
  out.det = det;
  // the product of the pivots is the minor's determinant (see the header): checked independently
  if (!out.rows.empty()) {
    const auto r = static_cast<slong>(out.rows.size());
    nmod_mat_t s;
    nmod_mat_init(s, r, r, mod.n);
    for (slong i = 0; i < r; ++i)
      for (slong j = 0; j < r; ++j)
        nmod_mat_entry(s, i, j) = nmod_mat_entry(a, static_cast<slong>(out.rows[static_cast<size_t>(i)]),
                                                 static_cast<slong>(out.cols[static_cast<size_t>(j)]));
    const mp_limb_t d = nmod_mat_det(s);
    nmod_mat_clear(s);
    if (d != det || d == 0)
      throw DomainError("nonsingular minor: the determinant check failed (internal error)");
  }
  return out;
}

}  // namespace bc
