#!/usr/bin/python3
"""Benchmark of the sym family: the full character table of S_n, boundcheck vs GAP, in one run.

  boundcheck  sym::character_table(n) (Murnaghan-Nakayama as multiplication by p_k on beta-sets),
              best of 2-5 runs, 1 and 2 threads (bench/bench_sym)
  GAP         CharacterTable("Symmetric", n) then Irr(...) with every value touched (CTblLib's generic
              table), timed inside GAP with Runtime() (CPU ms) for each n in a fresh GAP session

Usage: /usr/bin/python3 bench/run_bench_sym.py [build dir] [n ...]   (default build/release,
n = 10 14 18 20 22 24 26 28). Needs bench_sym (BOUNDCHECK_BENCH=ON) and gap with ctbllib.
Ratios > 1 mean boundcheck is faster.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402  (bench/results.py)

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "build", "release")
NS = [int(a) for a in sys.argv[2:]] or [10, 14, 18, 20, 22, 24, 26, 28]
EXE = os.path.join(BUILD, "bench", "bench_sym")

GAP_SCRIPT = """
SizeScreen([4096, 1000]);
if LoadPackage("ctbllib") <> true then Print("ctbllib missing\\n"); QUIT_GAP(1); fi;
t0 := Runtime();
t := CharacterTable("Symmetric", {n});
irr := Irr(t);
s := 0;
for x in irr do s := s + Sum(ValuesOfClassFunction(x)); od;
Print("{{\\"n\\": {n}, \\"ms\\": ", Runtime() - t0, ", \\"rowsum\\": ", s, "}}\\n");
QUIT;
"""


def gap_time(n):
    out = subprocess.run(["gap", "-q", "-o", "8g"], input=GAP_SCRIPT.format(n=n), capture_output=True,
                         text=True, check=True).stdout
    for line in out.splitlines():
        if line.startswith("{"):
            return json.loads(line)
    raise RuntimeError("GAP printed no result: " + out)


def main():
    bc = {}
    out = subprocess.run([EXE] + [str(n) for n in NS], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        j = json.loads(line)
        bc[j["n"]] = j
    print(f"{'n':>3} {'p(n)':>6} {'boundcheck 1t':>14} {'boundcheck 2t':>14} {'GAP':>10} {'ratio 1t':>9}")
    for n in NS:
        g = gap_time(n)
        b = bc[n]
        gs = g["ms"] / 1000.0
        ratio = gs / max(b["seconds_1"], 1e-6)
        print(f"{n:>3} {b['p']:>6} {b['seconds_1']:>13.4f}s {b['seconds_2']:>13.4f}s {gs:>9.3f}s {ratio:>8.1f}x",
              flush=True)


if __name__ == "__main__":
    with results.recorded(__file__):  # bench/results/run_bench_sym.md: the performance guide shows it
        main()
