// See majority.hpp. Costs: p(d) O(d) ball operations; F(d, H) and the search for the least H on
// one mesh (majority_mesh.cpp: a few hundred nodes, about 10 microseconds per H after a 0.2 ms
// set-up); the least H's boundary proved by two certified enclosures (majority_ball.cpp, about
// 1 ms each at 1e-9 relative, the first rung).
#include "rank/majority.hpp"

#include "core/limits.hpp"

#include "rank/majority_mesh.hpp"

#include <algorithm>
#include <cmath>

namespace bc::rank {

void wallis(arb_t res, ulong n, slong prec) {
  Arb w0, w1;
  arb_const_pi(w0.x, prec);
  arb_mul_2exp_si(w0.x, w0.x, -1);  // W_0 = pi/2
  arb_one(w1.x);                    // W_1 = 1
  if (n == 0) return arb_set(res, w0.x);
  if (n == 1) return arb_set(res, w1.x);
  Arb w;
  arb_set(w.x, n % 2 == 0 ? w0.x : w1.x);
  for (ulong k = n % 2 == 0 ? 2 : 3; k <= n; k += 2) {
    arb_mul_ui(w.x, w.x, k - 1, prec);
    arb_div_ui(w.x, w.x, k, prec);
  }
  arb_set(res, w.x);
}

void head_success_probability(arb_t res, ulong d, slong prec) {
  // R_n = R_0 - sum_{k = k0, k0 + 2, ..., n} t_k with t_k = 1/(k^2 W_k), k0 = 2 (n even) or 3 (n odd):
  // W_{k+2} = W_k (k+1)/(k+2) gives t_{k+2} = t_k k^2 / ((k+1)(k+2)), two word operations a step
  // (no ball inversion); t_2 = 1/pi (W_2 = pi/4), t_3 = 1/6 (W_3 = 2/3)
  const ulong n = d - 2;
  Arb pi, r, t, sum;
  arb_const_pi(pi.x, prec);
  ulong k = 0;
  if (n % 2 == 0) {
    arb_mul_2exp_si(r.x, pi.x, -2);  // R_0 = pi/4
    arb_inv(t.x, pi.x, prec);
    k = 2;
  } else {
    arb_mul_2exp_si(r.x, pi.x, -1);
    arb_sub_ui(r.x, r.x, 1, prec);  // R_1 = pi/2 - 1
    arb_set_ui(t.x, 1);
    arb_div_ui(t.x, t.x, 6, prec);
    k = 3;
  }
  for (; k <= n; k += 2) {
    arb_add(sum.x, sum.x, t.x, prec);
    if (k < (1UL << 31)) {  // k^2 and (k+1)(k+2) fit in a word
      arb_mul_ui(t.x, t.x, k * k, prec);
      arb_div_ui(t.x, t.x, (k + 1) * (k + 2), prec);
    } else {
      arb_mul_ui(t.x, t.x, k, prec);
      arb_mul_ui(t.x, t.x, k, prec);
      arb_div_ui(t.x, t.x, k + 1, prec);
      arb_div_ui(t.x, t.x, k + 2, prec);
    }
  }
  arb_sub(r.x, r.x, sum.x, prec);
  arb_div(res, r.x, pi.x, prec);
  arb_one(t.x);
  arb_mul_2exp_si(t.x, t.x, -1);
  arb_add(res, res, t.x, prec);
}

double majority_failure(unsigned long d, unsigned long H) {
  const unsigned long m = (H + 1) / 2;
  return detail::MajorityMesh(d, detail::majority_scale(d, 2 * m - 1)).failure(m);
}

double majority_hoeffding(unsigned long d, unsigned long H) {
  const double s = std::min(detail::majority_scale(d, 1), 1.0 / (2.0 * std::sqrt(static_cast<double>(H))));
  return detail::MajorityMesh(d, s).hoeffding(H);
}

namespace {

// The least odd H = 2m - 1 <= 2 top_m - 1 with F(d, H) <= target, by F on one mesh; 0 if none.
// F is nonincreasing in m and smooth, F ~ A m^-k for large m (k = 1/2: F(d, d^2) ~ 1/(2 sqrt d)):
// a secant step on log F against log m predicts where F = target, safeguarded to stay strictly
// inside the bracket (lo: F > target, hi: F <= target) and to bisect when a step gains too little.
// About 8 evaluations instead of the 2 log2(H) of plain bisection.
unsigned long least_heads(const detail::MajorityMesh& mesh, double target, unsigned long top_m) {
  auto F = [&](unsigned long m) { return mesh.failure(m); };
  unsigned long lo = 1, hi = 0;  // hi = 0: not known yet
  double fm = F(1);
  if (fm <= target) return 1;
  unsigned long prev = 1, m = 64;
  double fprev = fm;
  for (int step = 0; step < 200; ++step) {
    limits::poll("rank majority: the least H");
    if (m > top_m) m = top_m;
    fm = F(m);
    if (fm <= target) {
      hi = m;
    } else {
      lo = m;
      if (m == top_m) return 0;  // even the cap fails
    }
    if (hi != 0 && hi - lo <= 1) return 2 * hi - 1;
    double guess = 0;  // secant on (log m, log F) through the two latest points
    if (fprev > 0 && fm > 0 && prev != m) {
      const double k = std::log(fprev / fm) / std::log(static_cast<double>(m) / static_cast<double>(prev));
      if (k > 1e-6) guess = static_cast<double>(m) * std::pow(fm / target, 1.0 / k);
    }
    prev = m, fprev = fm;
    const double a = static_cast<double>(lo), b = hi != 0 ? static_cast<double>(hi) : 4.0 * a + 64.0;
    if (!(guess > a && guess < b) || !std::isfinite(guess)) guess = hi != 0 ? (a + b) / 2 : b;
    unsigned long next = static_cast<unsigned long>(std::llround(guess));
    if (hi != 0) next = std::min(std::max(next, lo + 1), hi - 1);
    if (next == m) next = hi != 0 ? lo + (hi - lo) / 2 : 2 * m;
    m = std::max<unsigned long>(next, lo + 1);
  }
  if (hi == 0) return 0;  // the secant did not settle (not expected): plain bisection
  while (hi - lo > 1) {
    limits::poll("rank majority: the least H");
    const unsigned long mid = lo + (hi - lo) / 2;
    (F(mid) <= target ? hi : lo) = mid;
  }
  return 2 * hi - 1;
}

unsigned long top_of(unsigned long h_cap) { return ((h_cap % 2 == 1 ? h_cap : h_cap - 1) + 1) / 2; }

}  // namespace

unsigned long majority_min_heads(unsigned long d, double target, unsigned long h_cap) {
  const unsigned long top_m = top_of(h_cap);
  const detail::MajorityMesh mesh(d, detail::majority_scale(d, 2 * top_m - 1));
  return least_heads(mesh, target, top_m);
}

namespace {

// F(d, 2m - 1) as a ball at the tolerance of one rung; false when the budget ran out
bool failure_ball(Arb& res, unsigned long d, unsigned long m, const detail::MajorityMesh& mesh, int rung) {
  // the first rung decides the usual margins (the neighbours differ by about F / (2m)) cheaply
  static constexpr double tol[] = {1e-9, 1e-16, 1e-24, 1e-32};
  static constexpr slong prec[] = {96, 128, 160, 192};
  return majority_failure_ball(res.x, d, m, mesh.failure(m), tol[rung], prec[rung]);
}

}  // namespace

MajorityTarget majority_target(unsigned long d, const fmpq_t target, unsigned long h_cap) {
  // The double search proposes h; certified enclosures of F at h and h - 2 then prove
  // F(h) <= target < F(h - 2), which with F nonincreasing in odd H makes h the least. A failed
  // proof moves h by 2 (the double search was off at its last bit) or, when an enclosure still
  // contains the target, retries at a tighter tolerance (four rungs, 1e-9 to 1e-32 relative).
  const unsigned long top_m = top_of(h_cap);
  const detail::MajorityMesh mesh(d, detail::majority_scale(d, 2 * top_m - 1));
  Arb t;
  arb_set_fmpq(t.x, target, 256);
  MajorityTarget out;
  unsigned long h = least_heads(mesh, fmpq_get_d(target), top_m);
  for (int rung = 0; rung < 4; ++rung) {
    for (int moves = 0; moves < 8; ++moves) {
      out.h = h;
      const unsigned long m = h == 0 ? top_m : (h + 1) / 2;
      if (!failure_ball(out.f_h, d, m, mesh, rung)) return out;
      if (h == 0) {  // the search says even the cap fails: prove F(cap) > target
        out.decided = arb_gt(out.f_h.x, t.x);
        if (out.decided || !arb_le(out.f_h.x, t.x)) break;
        h = 2 * top_m - 1;  // it does not fail after all: look below the cap
        continue;
      }
      if (arb_gt(out.f_h.x, t.x)) {  // F(h) > target: h is too small
        h = m == top_m ? 0 : h + 2;
        continue;
      }
      if (m > 1 && !failure_ball(out.f_below, d, m - 1, mesh, rung)) return out;
      if (m > 1 && arb_le(out.f_below.x, t.x)) {  // F(h - 2) <= target: h is too large
        h -= 2;
        continue;
      }
      out.decided = arb_le(out.f_h.x, t.x) && (m == 1 || arb_gt(out.f_below.x, t.x));
      break;
    }
    out.h = h;
    if (out.decided) return out;
  }
  return out;
}

}  // namespace bc::rank
