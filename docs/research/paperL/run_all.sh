#!/bin/sh
# Regenerates every *.out file quoted in FINDINGS.md (total ~4 min; q5/q6 are the slow ones).
cd "$(dirname "$0")"
for f in q1_fit q1b_table2_pairs q2_ntr q3_table1 q4_bounds q5_hadamard q6_network; do
  /usr/bin/python3 $f.py > $f.out 2>&1 || echo "FAILED: $f"
done
