// GLPK, loaded when first used instead of linked (issue 27). Only `comm neighborly` and the verify
// claims that run it solve LPs (neighborly_lp.cpp); linking libglpk made every other invocation map
// it and its five dependencies (SuiteSparse AMD, COLAMD and config, zlib, ltdl) at start-up, about
// 10% of the start-up of a C program that links Arb. The types and constants still come from
// <glpk.h>; the functions come from one table, filled by dlopen/dlsym of the library CMake found
// (its SONAME, cmake/FindGLPK.cmake). Cost: one dlopen per process, on the first call.
#pragma once

#include <glpk.h>

namespace bc::comm::detail {

// The GLPK functions boundcheck calls: glp_<name>.
// clang-format off
#define BC_GLPK_FUNCTIONS(X)                                                                       \
  X(config) X(term_out) X(create_prob) X(delete_prob) X(free_env) X(set_obj_dir) X(add_rows)       \
  X(add_cols) X(set_col_bnds) X(set_row_bnds) X(set_obj_coef) X(load_matrix) X(init_smcp)          \
  X(simplex) X(exact) X(adv_basis) X(get_status) X(get_num_rows) X(get_num_cols) X(get_row_stat)   \
  X(get_col_stat) X(get_row_lb) X(get_row_ub) X(get_col_lb) X(get_col_ub) X(get_mat_row)
// clang-format on

/// GLPK's functions: glpk().simplex(...) is glp_simplex(...).
struct Glpk {
#define BC_GLPK_MEMBER(name) decltype(&::glp_##name) name = nullptr;
  BC_GLPK_FUNCTIONS(BC_GLPK_MEMBER)
#undef BC_GLPK_MEMBER
};

/// The library, loaded on the first call (thread-safe). Throws ResourceError naming the library and
/// the loader's reason when it cannot be loaded or lacks a function. Call it before a parallel
/// region: nothing may throw inside one.
const Glpk& glpk();

}  // namespace bc::comm::detail
