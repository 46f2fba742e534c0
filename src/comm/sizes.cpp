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

namespace {

// res = c (d + q log2 N)
void c_times_d_plus_q_log(arb_t res, ulong N, ulong d, ulong q, const fmpq_t c, slong prec) {
  log2_ui(res, N, prec);
  arb_mul_ui(res, res, q, prec);
  arb_add_ui(res, res, d, prec);
  arb_mul_fmpz(res, res, fmpq_numref(c), prec);
  arb_div_fmpz(res, res, fmpq_denref(c), prec);
}

}  // namespace

void qsa_attention_m(arb_t res, ulong N, ulong d, ulong q, const fmpq_t c, Reading reading, slong prec) {
  if (reading == Reading::simplified) {
    c_times_d_plus_q_log(res, N, d, q, c, prec);
    return;
  }
  Arb d_in, ql;
  qsa_input_dim(d_in.x, N, d, q, c, prec);  // c (d + (q+1) log2 N)
  log2_ui(ql.x, N, prec);
  arb_mul_ui(ql.x, ql.x, q, prec);
  arb_add(res, d_in.x, ql.x, prec);  // d_in + q log2 N
  arb_mul_fmpz(res, res, fmpq_numref(c), prec);
  arb_div_fmpz(res, res, fmpq_denref(c), prec);
}

void qsa_input_dim(arb_t res, ulong N, ulong d, ulong q, const fmpq_t c, slong prec) {
  if (q == UWORD_MAX) throw DomainError("qsa_input_dim: q + 1 overflows");
  c_times_d_plus_q_log(res, N, d, q + 1, c, prec);
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
  if (N < 1) throw DomainError("triple_matching_hm: N must be >= 1, got 0");
  Fmpq r;
  fmpq_set_ui(r.x, (N - 1) / 2, 1);  // the DISJ bits n = floor((N-1)/2)
  fmpq_div(r.x, r.x, c);
  fmpq_div_fmpz(r.x, r.x, Fmpz(static_cast<slong>(p)).x);
  return r;
}

// Both readings have the form  alpha + gamma L + q beta L <= m  (L = log2 N):
//   simplified: alpha = c d,   gamma = 0,   beta = c
//   literal:    alpha = c^2 d, gamma = c^2, beta = c^2 + c
// so q_max = floor(x) with x = (m - alpha) / (beta L) - gamma / beta, clamped below at -1.
Fmpz qsa_q_max(const fmpz_t m, ulong N, ulong d, const fmpq_t c, Reading reading) {
  if (N < 2) throw DomainError(fmt::format("qsa_q_max: N must be >= 2, got {}", N));
  if (fmpq_sgn(c) <= 0) throw DomainError("qsa_q_max: c must be positive");
  const bool literal = reading == Reading::literal;
  Fmpq c2, alpha, gamma, beta;
  fmpq_mul(c2.x, c, c);
  fmpq_mul_ui(alpha.x, literal ? c2.x : c, d);
  if (literal) gamma = c2;
  fmpq_add(beta.x, literal ? c2.x : gamma.x, c);
  Fmpq R, shift;  // R = (m - alpha) / beta (the room for L (q + gamma/beta)), shift = gamma / beta
  fmpq_set_fmpz_frac(R.x, m, Fmpz(1).x);
  fmpq_sub(R.x, R.x, alpha.x);
  fmpq_div(R.x, R.x, beta.x);
  fmpq_div(shift.x, gamma.x, beta.x);
  Fmpz out;
  auto clamp = [&] {
    if (fmpz_cmp_si(out.x, -1) < 0) fmpz_set_si(out.x, -1);
    return out;
  };
  if (is_power_of_two(N) || fmpq_is_zero(R.x)) {  // x is rational: an exact floor
    fmpq_div_fmpz(R.x, R.x, Fmpz(static_cast<slong>(FLINT_BIT_COUNT(N) - 1)).x);
    fmpq_sub(R.x, R.x, shift.x);
    fmpz_fdiv_q(out.x, fmpq_numref(R.x), fmpq_denref(R.x));
    return clamp();
  }
  // R / log2 N is irrational (R != 0 rational, log2 N irrational), and so is x: never an integer,
  // so refining the ball until its floor is unique terminates.
  for (slong prec = 64; prec <= 65536; prec *= 2) {
    Arb x, l, s;
    log2_ui(l.x, N, prec);
    arb_set_fmpq(x.x, R.x, prec);
    arb_div(x.x, x.x, l.x, prec);
    arb_set_fmpq(s.x, shift.x, prec);
    arb_sub(x.x, x.x, s.x, prec);
    arb_floor(x.x, x.x, prec);
    if (arb_get_unique_fmpz(out.x, x.x)) return clamp();
  }
  throw DomainError("qsa_q_max: floor not decided at 65536 bits");
}

Fmpz triple_matching_n_max(ulong p, const fmpz_t H, const fmpz_t m, const fmpq_t c) {
  Fmpq r;
  fmpq_set_fmpz_frac(r.x, H, Fmpz(1).x);
  fmpq_mul_fmpz(r.x, r.x, m);
  fmpq_mul_ui(r.x, r.x, p);
  fmpq_mul(r.x, r.x, c);
  Fmpz out;  // floor((N-1)/2) <= K = floor(c p H m)  <=>  N <= 2K + 2
  fmpz_fdiv_q(out.x, fmpq_numref(r.x), fmpq_denref(r.x));
  fmpz_mul_2exp(out.x, out.x, 1);
  fmpz_add_ui(out.x, out.x, 2);
  return out;
}

}  // namespace bc::comm
