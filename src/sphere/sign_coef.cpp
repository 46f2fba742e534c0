// c_l(d), s_l(d) and the cumulative energy by the ratio recurrence (see sign_coef.hpp).
// Cost: O(l_last) word multiplications/divisions at precision prec plus one Gamma ratio; one
// square root per printed row. The closed form (one Gamma ratio per l) is kept for checks.
#include "sphere/sign_coef.hpp"

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "sphere/dim.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <stdexcept>

namespace bc::sphere {

void sign_coef_unit_closed(arb_t res, ulong d, ulong l, slong prec) {
  if (d < 2) throw std::invalid_argument("sign_coef_unit_closed: requires d >= 2");
  if (l % 2 == 0) {
    arb_zero(res);
    return;
  }
  Arb a, b, c;
  arb_set_ui(a.x, d);
  arb_mul_2exp_si(a.x, a.x, -1);
  arb_gamma(a.x, a.x, prec);  // Gamma(d/2)
  arb_set_ui(b.x, l);
  arb_mul_2exp_si(b.x, b.x, -1);
  arb_gamma(b.x, b.x, prec);  // Gamma(l/2)
  arb_set_ui(c.x, l + d);
  arb_mul_2exp_si(c.x, c.x, -1);
  arb_gamma(c.x, c.x, prec);  // Gamma((l+d)/2)
  arb_mul(a.x, a.x, b.x, prec);
  arb_div(a.x, a.x, c.x, prec);
  arb_const_pi(b.x, prec);
  arb_div(res, a.x, b.x, prec);
  if ((l / 2) % 2 == 1) arb_neg(res, res);  // (-1)^{(l-1)/2}
}

void sign_coef_closed(arb_t res, ulong d, ulong l, slong prec) {
  sign_coef_unit_closed(res, d, l, prec);
  Arb n;
  harmonic_dim_arb(n.x, d, l, prec);
  arb_sqrt(n.x, n.x, prec);
  arb_mul(res, res, n.x, prec);
}

namespace {

// res = x a/b where a, b are products of word-size factors; one word operation each when the
// products fit in 64 bits. The first operation reads x, the others work on res in place (res may
// be x): the same roundings either way.
void mul_ratio(arb_t res, const arb_t x, std::initializer_list<ulong> num, std::initializer_list<ulong> den,
               slong prec) {
  arb_srcptr src = x;
  auto op = [&](ulong v, bool mul) {
    mul ? arb_mul_ui(res, src, v, prec) : arb_div_ui(res, src, v, prec);
    src = res;
  };
  auto apply = [&](std::initializer_list<ulong> fs, bool mul) {
    ulong acc = 1;
    for (ulong f : fs) {
      ulong next;
      if (__builtin_mul_overflow(acc, f, &next)) {
        op(acc, mul);
        next = f;
      }
      acc = next;
    }
    op(acc, mul);
  };
  apply(num, true);
  apply(den, false);
}

// Rows are computed in blocks of fixed size, each started from the closed form, so that the
// blocks can run in parallel and the result does not depend on the thread count.
constexpr ulong kBlockOdd = kSignCoefBlockOdd;  // odd degrees per block

// The odd degrees l = 2i+1, i in [i0, i1), by the ratio recurrence from the closed form at i0; the
// row of i >= first_i goes to out[i - first_i], with its energy summed from the block's start.
// The recurrence runs through the rows themselves (a row's s_l and energy are the next row's
// inputs: nothing is copied); degrees before first_i use two scratch pairs in turn. The block's
// energy goes to `block_energy`.
void sign_coef_block(SignCoefRow* out, arb_t block_energy, ulong d, ulong i0, ulong i1, ulong first_i,
                     slong prec) {
  Arb scratch_s[2], scratch_e[2], n, c2, zero;
  arb_srcptr s_prev = nullptr, e_prev = zero.x;
  ulong l = 2 * i0 + 1;
  harmonic_dim_arb(n.x, d, l, prec);
  for (ulong i = i0; i < i1; ++i, l += 2) {
    SignCoefRow* r = i >= first_i ? out + (i - first_i) : nullptr;
    arb_ptr s = r != nullptr ? r->coef_unit.x : scratch_s[i % 2].x;
    arb_ptr e = r != nullptr ? r->energy.x : scratch_e[i % 2].x;
    if (i == i0) {
      sign_coef_unit_closed(s, d, l, prec);
    } else {
      const ulong m = l - 2;
      // s_l = -s_m m / (m+d)
      mul_ratio(s, s_prev, {m}, {m + d}, prec);
      arb_neg(s, s);
      // N(d,l) = N(d,m) (2m+d+2)(m+d-2)(m+d-1) / ((m+1)(m+2)(2m+d-2))
      mul_ratio(n.x, n.x, {2 * m + d + 2, m + d - 2, m + d - 1}, {m + 1, m + 2, 2 * m + d - 2}, prec);
    }
    arb_sqr(c2.x, s, prec);
    arb_mul(c2.x, c2.x, n.x, prec);
    arb_add(e, e_prev, c2.x, prec);
    if (r != nullptr) {
      r->l = l;
      arb_sqrt(r->coef.x, c2.x, prec);  // |c_l| = sqrt(N s_l^2); sign of s_l
      if (arf_sgn(arb_midref(s)) < 0) arb_neg(r->coef.x, r->coef.x);
    }
    s_prev = s;
    e_prev = e;
  }
  arb_set(block_energy, e_prev);
}

}  // namespace

double sign_coef_rows_seconds(ulong l_last, double digits) {
  // measured (Release, one core, CPU time, 2026-12-01, bench/calibrate_estimates.py): the
  // recurrence to l_last costs per odd degree 0.24 us at 30 digits, 0.59 at 300, 1.9 at 1000, 9.4 at
  // 3000: 0.2 us + 1.085e-4 us digits^1.4
  return static_cast<double>(l_last) / 2 * (0.2 + 1.085e-4 * std::pow(digits, 1.4)) * 1e-6;
}

std::vector<SignCoefRow> sign_coef_rows(ulong d, ulong l_first, ulong l_last, bool include_even, slong prec) {
  if (d < 2) throw std::invalid_argument("sign_coef_rows: requires d >= 2");
  // odd l = 2i+1, i = 0..n_odd-1
  const ulong n_odd = (l_last + 1) / 2;
  // first odd l >= l_first - 1 (the odd row below an even l_first carries its energy)
  const ulong first_i = l_first > 0 ? (l_first - 1) / 2 : 0;
  const ulong n_blocks = (n_odd + kBlockOdd - 1) / kBlockOdd;
  std::vector<SignCoefRow> odd(n_odd > first_i ? n_odd - first_i : 0);
  std::vector<Arb> block_energy(n_blocks);
  std::atomic<bool> out_of_time{false};  // nothing may throw inside the parallel loop
  limits::Run& run = limits::current();  // the workers poll this thread's deadline and cancellation
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(static, 1)  // block b on thread b % T (sign_coef.hpp)
#endif
  for (ulong b = 0; b < n_blocks; ++b) {
    const limits::RunScope scope(run);
    if (out_of_time.load(std::memory_order_relaxed)) continue;
    try {
      limits::poll("sphere sign coefficients");
    } catch (const ResourceError&) {
      out_of_time = true;
      continue;
    }
    const ulong i0 = b * kBlockOdd, i1 = std::min(n_odd, i0 + kBlockOdd);
    sign_coef_block(odd.data(), block_energy[b].x, d, i0, i1, first_i, prec);
  }
  if (out_of_time) limits::poll("sphere sign coefficients");  // the deadline has passed: throws
  // Prefix sums of the block energies, in block order (independent of the thread count).
  std::vector<Arb> before(n_blocks);
  for (ulong b = 1; b < n_blocks; ++b) arb_add(before[b].x, before[b - 1].x, block_energy[b - 1].x, prec);
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(static, 1)  // from b = 0: block b on thread b % T, as it was made
#endif
  for (ulong b = 0; b < n_blocks; ++b)
    for (ulong i = std::max(b * kBlockOdd, first_i); i < std::min(n_odd, (b + 1) * kBlockOdd); ++i) {
      arb_ptr e = odd[i - first_i].energy.x;
      arb_add(e, e, before[b].x, prec);
    }
  // odd degrees only, from l_first (odd, or 0): the rows as they are
  if (!include_even && (odd.empty() || odd.front().l >= l_first)) return odd;
  std::vector<SignCoefRow> rows;
  rows.reserve(include_even ? 2 * odd.size() + 1 : odd.size());
  if (include_even && l_first == 0) {
    SignCoefRow r;  // l = 0: zero coefficient, zero energy
    rows.push_back(std::move(r));
  }
  for (auto& r : odd) {
    const ulong l = r.l;
    Arb e;
    if (include_even) arb_set(e.x, r.energy.x);
    if (l >= l_first) rows.push_back(std::move(r));
    if (include_even && l + 1 >= l_first && l + 1 <= l_last) {
      SignCoefRow even;  // even l: zero coefficients; the energy does not change
      even.l = l + 1;
      arb_swap(even.energy.x, e.x);
      rows.push_back(std::move(even));
    }
  }
  return rows;
}

std::vector<SignCoefRow> sign_coef_eval(ulong d, ulong l_first, ulong l_last, bool include_even,
                                        long digits) {
  const slong target = bits_for_digits(digits);
  // Each step adds a few ulps of relative error: log2(l_last) + 8 guard bits cover it.
  slong prec = target + 40 + static_cast<slong>(std::log2(static_cast<double>(l_last) + 2.0));
  for (;;) {
    auto rows = sign_coef_rows(d, l_first, l_last, include_even, prec);
    slong worst = target;
    const long n_rows = static_cast<long>(rows.size());
#ifdef BOUNDCHECK_HAVE_OPENMP
#pragma omp parallel for schedule(static) reduction(min : worst)
#endif
    for (long i = 0; i < n_rows; ++i) {
      const SignCoefRow& r = rows[static_cast<size_t>(i)];
      for (const arb_struct* v : {r.coef.x, r.coef_unit.x, r.energy.x})
        if (!arb_is_zero(v)) worst = std::min(worst, arb_rel_accuracy_bits(v));
    }
    if (worst >= target) return rows;
    prec += (target - worst) + 32;
    if (prec > limits::max_working_bits)
      limits::refuse("sphere sign-coef: working precision", static_cast<double>(prec),
                     static_cast<double>(limits::max_working_bits), "bits", "");
  }
}

}  // namespace bc::sphere
