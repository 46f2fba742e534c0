// c_l(d), s_l(d) and the cumulative energy by the ratio recurrence (see sign_coef.hpp).
// Cost: O(l_last) word multiplications/divisions at precision prec plus one Gamma ratio; one
// square root per printed row. The closed form (one Gamma ratio per l) is kept for checks.
#include "sphere/sign_coef.hpp"

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/real_format.hpp"
#include "sphere/dim.hpp"

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

// Multiplies x by a/b where a, b are products of word-size factors; one word operation each
// when the products fit in 64 bits.
void mul_ratio(arb_t x, std::initializer_list<ulong> num, std::initializer_list<ulong> den, slong prec) {
  auto apply = [&](std::initializer_list<ulong> fs, bool mul) {
    ulong acc = 1;
    for (ulong f : fs) {
      ulong next;
      if (__builtin_mul_overflow(acc, f, &next)) {
        mul ? arb_mul_ui(x, x, acc, prec) : arb_div_ui(x, x, acc, prec);
        next = f;
      }
      acc = next;
    }
    mul ? arb_mul_ui(x, x, acc, prec) : arb_div_ui(x, x, acc, prec);
  };
  apply(num, true);
  apply(den, false);
}

// Rows are computed in blocks of fixed size, each started from the closed form, so that the
// blocks can run in parallel and the result does not depend on the thread count.
constexpr ulong kBlockOdd = 2048;  // odd degrees per block

}  // namespace

double sign_coef_rows_seconds(ulong l_last, double digits) {
  return static_cast<double>(l_last) / 2 * 0.2e-6 * std::pow(1.0 + digits / 60.0, 1.6);
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
#pragma omp parallel for schedule(dynamic, 1)
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
    Arb s, n, c2, energy;
    ulong l = 2 * i0 + 1;
    sign_coef_unit_closed(s.x, d, l, prec);
    harmonic_dim_arb(n.x, d, l, prec);
    for (ulong i = i0; i < i1; ++i, l += 2) {
      arb_sqr(c2.x, s.x, prec);
      arb_mul(c2.x, c2.x, n.x, prec);
      arb_add(energy.x, energy.x, c2.x, prec);
      if (i >= first_i) {
        SignCoefRow& r = odd[i - first_i];
        r.l = l;
        arb_set(r.coef_unit.x, s.x);
        arb_sqrt(r.coef.x, c2.x, prec);  // |c_l| = sqrt(N s_l^2); sign of s_l
        if (arf_sgn(arb_midref(s.x)) < 0) arb_neg(r.coef.x, r.coef.x);
        arb_set(r.energy.x, energy.x);  // block-local for now
      }
      if (i + 1 == i1) break;
      // s_{l+2} = -s_l l / (l+d)
      mul_ratio(s.x, {l}, {l + d}, prec);
      arb_neg(s.x, s.x);
      // N(d,l+2) = N(d,l) (2l+d+2)(l+d-2)(l+d-1) / ((l+1)(l+2)(2l+d-2))
      mul_ratio(n.x, {2 * l + d + 2, l + d - 2, l + d - 1}, {l + 1, l + 2, 2 * l + d - 2}, prec);
    }
    arb_swap(block_energy[b].x, energy.x);
  }
  if (out_of_time) limits::poll("sphere sign coefficients");  // the deadline has passed: throws
  // Prefix sums of the block energies, in block order (independent of the thread count).
  std::vector<Arb> before(n_blocks);
  for (ulong b = 1; b < n_blocks; ++b) arb_add(before[b].x, before[b - 1].x, block_energy[b - 1].x, prec);
  for (auto& r : odd) {
    const ulong b = ((r.l - 1) / 2) / kBlockOdd;
    if (b > 0) arb_add(r.energy.x, r.energy.x, before[b].x, prec);
  }
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
    for (const auto& r : rows)
      for (const arb_struct* v : {r.coef.x, r.coef_unit.x, r.energy.x})
        if (!arb_is_zero(v)) worst = std::min(worst, arb_rel_accuracy_bits(v));
    if (worst >= target) return rows;
    prec += (target - worst) + 32;
    if (prec > limits::max_working_bits)
      limits::refuse("sphere sign-coef: working precision", static_cast<double>(prec),
                     static_cast<double>(limits::max_working_bits), "bits", "");
  }
}

}  // namespace bc::sphere
