// See sizes.hpp.
#include "comm/sizes.hpp"

#include "core/errors.hpp"

#include <fmt/format.h>

namespace bc::comm {

namespace {

bool is_power_of_two(ulong n) { return n != 0 && (n & (n - 1)) == 0; }

}  // namespace

void log2_ui(arb_t res, ulong N, slong prec) {
  if (N == 0) throw DomainError("log2_ui: N must be >= 1, got 0");
  if (is_power_of_two(N)) {
    arb_set_ui(res, static_cast<ulong>(FLINT_BIT_COUNT(N) - 1));
    return;
  }
  Arb l2;
  arb_log_ui(res, N, prec);
  arb_const_log2(l2.x, prec);
  arb_div(res, res, l2.x, prec);
}

void qsa_attention_m(arb_t res, ulong N, ulong d, ulong q, const fmpq_t c, slong prec) {
  log2_ui(res, N, prec);
  arb_mul_ui(res, res, q, prec);
  arb_add_ui(res, res, d, prec);
  arb_mul_fmpz(res, res, fmpq_numref(c), prec);
  arb_div_fmpz(res, res, fmpq_denref(c), prec);
}

void qsa_input_dim(arb_t res, ulong N, ulong d, ulong q, const fmpq_t c, slong prec) {
  if (q == UWORD_MAX) throw DomainError("qsa_input_dim: q + 1 overflows");
  qsa_attention_m(res, N, d, q + 1, c, prec);
}

Fmpq linear_lower_bound(ulong N, const fmpq_t c) {
  Fmpq r;
  fmpq_mul_ui(r.x, c, N);
  return r;
}

Fmpz rnn_index_bits(ulong N) {
  if (N < 1) throw DomainError("rnn_index_bits: N must be >= 1, got 0");
  Fmpz r;
  fmpz_set_ui(r.x, N - 1);
  return r;
}

Fmpz triple_disjointness_bits(ulong N) {
  if (N < 1) throw DomainError("triple_disjointness_bits: N must be >= 1, got 0");
  Fmpz r;
  fmpz_set_ui(r.x, (N - 1) / 2);
  return r;
}

Fmpq triple_matching_hm(ulong N, ulong p, const fmpq_t c) {
  if (p == 0 || fmpq_sgn(c) <= 0) throw DomainError("triple_matching_hm: p and c must be positive");
  Fmpq r;
  fmpq_set_ui(r.x, N, 1);
  fmpq_div(r.x, r.x, c);
  fmpq_div_fmpz(r.x, r.x, Fmpz(static_cast<slong>(p)).x);
  return r;
}

Fmpz qsa_q_max(const fmpz_t m, ulong N, ulong d, const fmpq_t c) {
  if (N < 2) throw DomainError(fmt::format("qsa_q_max: N must be >= 2, got {}", N));
  if (fmpq_sgn(c) <= 0) throw DomainError("qsa_q_max: c must be positive");
  // R = m / c - d: the room left for q log2 N
  Fmpq R;
  fmpq_set_fmpz_frac(R.x, m, Fmpz(1).x);
  fmpq_div(R.x, R.x, c);
  fmpq_sub_ui(R.x, R.x, d);
  Fmpz out;
  if (fmpq_sgn(R.x) < 0) {
    fmpz_set_si(out.x, -1);
    return out;
  }
  if (fmpq_is_zero(R.x)) return out;  // q = 0 exactly
  if (is_power_of_two(N)) {           // log2 N is an integer: exact rational floor
    fmpq_div_fmpz(R.x, R.x, Fmpz(static_cast<slong>(FLINT_BIT_COUNT(N) - 1)).x);
    fmpz_fdiv_q(out.x, fmpq_numref(R.x), fmpq_denref(R.x));
    return out;
  }
  // R / log2 N is irrational (R > 0 rational, log2 N irrational), so never an integer: refine
  // until the ball's floor is unique.
  for (slong prec = 64; prec <= 65536; prec *= 2) {
    Arb x, l;
    log2_ui(l.x, N, prec);
    arb_set_fmpq(x.x, R.x, prec);
    arb_div(x.x, x.x, l.x, prec);
    arb_floor(x.x, x.x, prec);
    if (arb_get_unique_fmpz(out.x, x.x)) return out;
  }
  throw DomainError("qsa_q_max: floor not decided at 65536 bits");
}

Fmpz triple_matching_n_max(ulong p, const fmpz_t H, const fmpz_t m, const fmpq_t c) {
  Fmpq r;
  fmpq_set_fmpz_frac(r.x, H, Fmpz(1).x);
  fmpq_mul_fmpz(r.x, r.x, m);
  fmpq_mul_ui(r.x, r.x, p);
  fmpq_mul(r.x, r.x, c);
  Fmpz out;
  fmpz_fdiv_q(out.x, fmpq_numref(r.x), fmpq_denref(r.x));
  return out;
}

}  // namespace bc::comm
