// A maximal nonsingular minor of a matrix modulo a prime p: the witness that rank_Q(A) >= r for an
// integer matrix A whose rank mod p is r (a minor with det != 0 mod p has det != 0 over Z).
// Gaussian elimination with row pivoting, column by column: the pivot rows (in the order they were
// chosen) and pivot columns (increasing) select the minor; after elimination its rows form an
// upper-triangular block in the pivot columns, so det = the product of the pivots (checked here
// against nmod_mat_det of the extracted minor). Used by --certificate (tools/check_certificate.py
// recomputes the determinant). Cost: O(r rows cols) word operations for rank r.
#pragma once

#include <flint/nmod_mat.h>

#include <vector>

namespace bc {

struct NmodMinor {
  std::vector<unsigned long> rows, cols;  ///< 0-based indices into A
  unsigned long det = 0;                  ///< det A[rows, cols] mod p (rows in the order listed)
};

/// The minor of `a` described above (its size is the rank of `a` mod p).
NmodMinor nmod_nonsingular_minor(const nmod_mat_t a);

}  // namespace bc
