/* arb_gegenbauer: the alternative a user of Arb has for `boundcheck sphere gegenbauer --d D --l L
 * --t P/Q --digits DIGITS --certified`, as a whole process: Arb's own arb_hypgeom_gegenbauer_c(n =
 * L, m = (D-2)/2, z = P/Q) as a competent user of Arb runs it: at the target precision plus guard
 * bits first (log2(10) DIGITS + 8 bits, boundcheck's bits_for_digits, plus 64), doubled until the
 * ball's relative accuracy supports DIGITS digits (not doubled from 64 bits: that anchor spends two
 * extra rounds, about twice a user's time), printed by arb_printn to DIGITS digits with its radius.
 * bench/run_bench.py and bench/bench_floor.py time it against boundcheck.
 * Usage: arb_gegenbauer D L P Q DIGITS */
#include <arb_hypgeom.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: arb_gegenbauer D L P Q DIGITS\n");
    return 2;
  }
  const ulong d = strtoul(argv[1], NULL, 10), l = strtoul(argv[2], NULL, 10);
  const slong p = strtol(argv[3], NULL, 10), q = strtol(argv[4], NULL, 10);
  const slong digits = strtol(argv[5], NULL, 10);
  const slong target = (slong)ceil((double)digits * 3.3219280948873623) + 8;
  arb_t n, m, z, r;
  arb_init(n);
  arb_init(m);
  arb_init(z);
  arb_init(r);
  slong prec = target + 64;
  for (;; prec *= 2) {
    arb_set_ui(n, l);
    arb_set_ui(m, d - 2);
    arb_mul_2exp_si(m, m, -1);
    arb_set_si(z, p);
    arb_div_si(z, z, q, prec);
    arb_hypgeom_gegenbauer_c(r, n, m, z, prec);
    if (arb_rel_accuracy_bits(r) >= target) break;
  }
  arb_printn(r, digits, 0);
  printf("\n%ld\n", (long)prec);
  arb_clear(n);
  arb_clear(m);
  arb_clear(z);
  arb_clear(r);
  flint_cleanup_master();
  return 0;
}
