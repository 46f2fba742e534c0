// Size requirements of talk-H (Sanford-Hsu-Telgarsky 2023; docs/math/comm.md#sparse-averaging-sizes), as
// stated there with the hidden constant c made a parameter (the talk states orders of growth only):
//   qSA by one self-attention unit, two readings (Reading):
//     literal:    m = c (d_in + q log2 N), d_in = c (d + (q+1) log2 N)    (talk-H l.266 / l.390 read
//                 "m = O(d_in + q log N)"; l.360 "d_in = O(d + (q + 1) log N)"); at c = 1,
//                 m = d + (2q + 1) log2 N
//     simplified: m = c (d + q log2 N)   (d_in replaced by d: talk-H l.473; docs/math/comm.md#two-readings)
//     construction: l.441-470 (q-neighborly sign vectors)
//   qSA by an FNN:                    width >= c N                          (l.267: Omega(N), q = 1)
//   qSA by an RNN:                    hidden state >= c N bits              (l.268, 477-540)
//     exactly: the INDEX reduction (l.487-493) forces n = N - 1 bits of state (q = d = 1)
//   Triple Matching, one H-head layer with p-bit numbers:
//                                     c p H m >= floor((N-1)/2)  (l.644 "H x m = Omega~(N)", l.683 "H x m
//                                     x poly log(N) bits"; talk-B l.470 "p r H >~ N"), the poly log read
//                                     as p; the bound is for ONE layer
//     exactly: the DISJOINTNESS reduction (l.650-670, N = 2n + 1) forces a protocol of
//     n = floor((N - 1) / 2) bits (Yao 1979), which one layer provides with H m poly log N bits (l.683)
// and, read backwards for a given architecture, the largest q that fits m and the largest N with
// c p H m >= floor((N-1)/2). log2 is the base of the talk's "log" as we read it (the talk does
// not say; within O(.) the base is a constant factor, which c absorbs).
// Cost: O(1) big-number operations; the floor of an irrational ratio raises precision until
// decided (it cannot be an integer unless the numerator is 0).
#pragma once

#include "core/flint.hpp"

namespace bc::comm {

/// How talk-H's qSA size "m = O(d_in + q log N)" is read (see the banner).
enum class Reading { literal, simplified };

/// res = log2 N (exact when N is a power of two). N >= 1.
void log2_ui(arb_t res, ulong N, slong prec);

/// res = the qSA attention embedding dimension (order of growth, constant c): c (d_in + q log2 N)
/// with d_in = c (d + (q+1) log2 N) (literal), or c (d + q log2 N) (simplified).
void qsa_attention_m(arb_t res, ulong N, ulong d, ulong q, const fmpq_t c, Reading reading, slong prec);

/// res = c (d + (q + 1) log2 N), the qSA input dimension d_in (talk-H l.360).
void qsa_input_dim(arb_t res, ulong N, ulong d, ulong q, const fmpq_t c, slong prec);

/// c N exactly: the FNN width and the RNN state in bits that qSA needs (Omega(N), constant c).
Fmpq linear_lower_bound(ulong N, const fmpq_t c);

/// N - 1: the bits of RNN state that the INDEX reduction forces (n = N - 1, pigeonhole).
Fmpz rnn_index_bits(ulong N);

/// floor((N - 1) / 2): the bits of communication the DISJOINTNESS reduction forces (N = 2n + 1).
Fmpz triple_disjointness_bits(ulong N);

/// floor((N-1)/2) / (c p) exactly: the least H m for Triple Matching at p bits of precision, from
/// the DISJOINTNESS reduction (n = floor((N-1)/2) bits must cross; one layer sends c p H m).
Fmpq triple_matching_hm(ulong N, ulong p, const fmpq_t c);

/// Largest integer q >= 0 with qsa_attention_m(N, d, q, c, reading) <= m, or -1 when even q = 0
/// fails. N >= 2; throws DomainError if the comparison cannot be decided below 2^16 bits.
Fmpz qsa_q_max(const fmpz_t m, ulong N, ulong d, const fmpq_t c, Reading reading);

/// 2 floor(c p H m) + 2: the largest N for which c p H m >= floor((N-1)/2) holds (the DISJ
/// reduction's bits; its factor 1/2 included).
Fmpz triple_matching_n_max(ulong p, const fmpz_t H, const fmpz_t m, const fmpq_t c);

}  // namespace bc::comm
