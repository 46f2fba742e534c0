// A point of the linear witness conditions from an LP, rebuilt exactly (neighborly.hpp, step 2).
//   minimise t  subject to  <v_j,w'> = 1 (j in S),  -1/2 <= <v_j,w'> <= 1/2 (j not in S),
//                           -t <= w'_i <= t  (i = 1..k),  w' free, t >= 0,
// i.e. the least ||w'||_inf, solved by GLPK's dual simplex (double precision, presolver off so that
// the optimal basis is available). Every coefficient and bound (+-1, +-1/2, 0, 1) is exact in
// binary, so the LP GLPK sees is exactly ours. The vertex is rebuilt in rationals from the basis:
// each non-basic row or column sits at its bound, giving k + 1 linear equations in (w', t),
// solved by fmpz_mat_solve. If that vertex is not exactly feasible (a float basis can be
// slightly off), GLPK's rational simplex glp_exact is run from the same basis and the vertex is
// rebuilt again. Infeasibility is reported only when glp_exact (exact arithmetic on these exact
// data) finds none. The caller re-checks every point exactly; nothing here is trusted blindly.
// Cost: a simplex on N + 2k rows and k + 1 columns; one (k+1)x(k+1) exact solve. Callers may run
// in parallel: a re-entrant GLPK (built with thread-local storage, glp_config("TLS"); Debian's 5.0
// is) solves each thread's own problem independently; any other GLPK is serialised by a mutex.
#include "comm/neighborly.hpp"

#include "comm/glpk.hpp"

#include <flint/fmpz_mat.h>

#include <cmath>
#include <memory>
#include <mutex>

namespace bc::comm::detail {

namespace {

struct LpDeleter {
  void operator()(glp_prob* p) const { glpk().delete_prob(p); }
};

std::mutex glpk_mutex;  // one LP at a time when GLPK keeps one process-wide environment

// GLPK 4.61+ built with thread-local storage keeps one environment per thread: independent problems
// may then be solved in parallel, each object used only by the thread that created it (GLPK 4.61
// release notes). glp_config("TLS") names the storage class, or is NULL/empty without it.
bool glpk_reentrant() {
  static const bool yes = [] {
    const char* tls = glpk().config("TLS");
    return tls != nullptr && *tls != '\0';
  }();
  return yes;
}

// Debian's GLPK keeps its environment in thread-local storage: a thread that ran an LP frees it when
// it exits (verify's worker threads and their OpenMP teams end before the process; LeakSanitizer
// reported the environments of joined threads as leaks)
struct GlpkEnvironment {
  GlpkEnvironment() = default;
  GlpkEnvironment(const GlpkEnvironment&) = delete;
  GlpkEnvironment& operator=(const GlpkEnvironment&) = delete;
  ~GlpkEnvironment() {
    std::lock_guard<std::mutex> lock(glpk_mutex);
    glpk().free_env();
  }
};

// 2x, which must be an integer (all our bounds are multiples of 1/2).
bool twice_as_integer(double x, slong& out) {
  const double t = 2 * x;
  if (!(std::fabs(t) < 1e15) || t != std::floor(t)) return false;
  out = static_cast<slong>(t);
  return true;
}

double bound_of(int stat, double lb, double ub) {
  switch (stat) {
    case GLP_NL:
    case GLP_NS:
      return lb;
    case GLP_NU:
      return ub;
    default:  // GLP_NF: a free non-basic variable is 0
      return 0.0;
  }
}

// The vertex of the current basis, exactly; false if the non-basic system is singular.
bool rebuild_vertex(std::vector<Fmpq>& w, glp_prob* lp, const SignVectors& v) {
  const slong n = static_cast<slong>(v.k) + 1;  // w'_1..w'_k, t
  const int rows = glpk().get_num_rows(lp), cols = glpk().get_num_cols(lp);
  fmpz_mat_t A, B, X;
  fmpz_mat_init(A, n, n);
  fmpz_mat_init(B, n, 1);
  fmpz_mat_init(X, n, 1);
  slong e = 0;
  bool ok = true;
  std::vector<int> ind(static_cast<size_t>(cols) + 1);
  std::vector<double> val(static_cast<size_t>(cols) + 1);
  for (int i = 1; i <= rows && ok; ++i) {
    const int st = glpk().get_row_stat(lp, i);
    if (st == GLP_BS) continue;
    if (e >= n) {
      ok = false;
      break;
    }
    slong rhs2 = 0;
    ok = twice_as_integer(bound_of(st, glpk().get_row_lb(lp, i), glpk().get_row_ub(lp, i)), rhs2);
    const int len = glpk().get_mat_row(lp, i, ind.data(), val.data());
    for (int t = 1; t <= len; ++t)  // coefficients are +-1: scale by 2 like the right-hand side
      fmpz_set_si(fmpz_mat_entry(A, e, ind[static_cast<size_t>(t)] - 1),
                  2 * static_cast<slong>(val[static_cast<size_t>(t)]));
    fmpz_set_si(fmpz_mat_entry(B, e, 0), rhs2);
    ++e;
  }
  for (int c = 1; c <= cols && ok; ++c) {
    const int st = glpk().get_col_stat(lp, c);
    if (st == GLP_BS) continue;
    if (e >= n) {
      ok = false;
      break;
    }
    slong rhs2 = 0;
    ok = twice_as_integer(bound_of(st, glpk().get_col_lb(lp, c), glpk().get_col_ub(lp, c)), rhs2);
    fmpz_set_si(fmpz_mat_entry(A, e, c - 1), 2);
    fmpz_set_si(fmpz_mat_entry(B, e, 0), rhs2);
    ++e;
  }
  Fmpz den;
  ok = ok && e == n && fmpz_mat_solve(X, den.x, A, B) != 0 && !fmpz_is_zero(den.x);
  if (ok) {
    w.assign(v.k, Fmpq());
    for (unsigned long i = 0; i < v.k; ++i)
      fmpq_set_fmpz_frac(w[i].x, fmpz_mat_entry(X, static_cast<slong>(i), 0), den.x);
  }
  fmpz_mat_clear(A);
  fmpz_mat_clear(B);
  fmpz_mat_clear(X);
  return ok;
}

}  // namespace

LpStatus lp_feasible_point(std::vector<Fmpq>& w, const SignVectors& v, const std::vector<unsigned long>& S) {
  thread_local GlpkEnvironment environment;  // constructed before the lock: its destructor locks
  (void)environment;
  std::unique_lock<std::mutex> lock(glpk_mutex, std::defer_lock);
  if (!glpk_reentrant()) lock.lock();
  glpk().term_out(GLP_OFF);  // the library never prints
  std::unique_ptr<glp_prob, LpDeleter> lp(glpk().create_prob());
  const int N = static_cast<int>(v.N), k = static_cast<int>(v.k);
  std::vector<char> in_s(v.N, 0);
  for (auto j : S) in_s[j] = 1;
  glpk().set_obj_dir(lp.get(), GLP_MIN);
  glpk().add_rows(lp.get(), N + 2 * k);
  glpk().add_cols(lp.get(), k + 1);
  for (int c = 1; c <= k; ++c) glpk().set_col_bnds(lp.get(), c, GLP_FR, 0.0, 0.0);
  glpk().set_col_bnds(lp.get(), k + 1, GLP_LO, 0.0, 0.0);
  glpk().set_obj_coef(lp.get(), k + 1, 1.0);
  std::vector<int> ia{0}, ja{0};
  std::vector<double> ar{0.0};
  for (int j = 1; j <= N; ++j) {
    if (in_s[static_cast<size_t>(j - 1)])
      glpk().set_row_bnds(lp.get(), j, GLP_FX, 1.0, 1.0);
    else
      glpk().set_row_bnds(lp.get(), j, GLP_DB, -0.5, 0.5);
    for (int i = 1; i <= k; ++i) {
      ia.push_back(j), ja.push_back(i);
      ar.push_back(
          static_cast<double>(v.at(static_cast<unsigned long>(j - 1), static_cast<unsigned long>(i - 1))));
    }
  }
  for (int i = 1; i <= k; ++i) {
    glpk().set_row_bnds(lp.get(), N + i, GLP_UP, 0.0, 0.0);      // w_i - t <= 0
    glpk().set_row_bnds(lp.get(), N + k + i, GLP_LO, 0.0, 0.0);  // w_i + t >= 0
    for (int r : {N + i, N + k + i}) {
      ia.push_back(r), ja.push_back(i), ar.push_back(1.0);
      ia.push_back(r), ja.push_back(k + 1), ar.push_back(r == N + i ? -1.0 : 1.0);
    }
  }
  glpk().load_matrix(lp.get(), static_cast<int>(ia.size()) - 1, ia.data(), ja.data(), ar.data());
  glp_smcp parm;
  glpk().init_smcp(&parm);
  parm.msg_lev = GLP_MSG_OFF;
  parm.presolve = GLP_OFF;
  // dual simplex first (primal if it fails): about 1.3x faster here than the primal from the
  // standard basis. Which optimal vertex it returns does not matter: the active-set descent goes on
  // to the least-norm point, which is unique, and every point is re-checked exactly.
  parm.meth = GLP_DUALP;
  const int ret = glpk().simplex(lp.get(), &parm);
  if (ret == 0 && glpk().get_status(lp.get()) == GLP_OPT && rebuild_vertex(w, lp.get(), v) &&
      linear_conditions_hold(w, v, S))
    return LpStatus::feasible;
  // float basis infeasible, singular or not optimal: decide in rational arithmetic
  if (ret != 0) glpk().adv_basis(lp.get(), 0);
  if (glpk().exact(lp.get(), &parm) != 0) return LpStatus::failed;
  const int st = glpk().get_status(lp.get());
  if (st == GLP_NOFEAS) return LpStatus::infeasible;
  if (st == GLP_OPT && rebuild_vertex(w, lp.get(), v) && linear_conditions_hold(w, v, S))
    return LpStatus::feasible;
  return LpStatus::failed;
}

}  // namespace bc::comm::detail
