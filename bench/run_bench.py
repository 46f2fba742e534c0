#!/usr/bin/python3
"""Benchmarks for the sphere family, in one run, as ratios against the alternatives a user has.

  sign-coef   all odd l <= 10^5 at 50 digits, d = 64: boundcheck (ratio recurrence, Arb) vs the
              same closed form in mpmath (Gamma per term, N(d,l) by math.comb), and vs mpmath
              running boundcheck's ratio recurrence (the fairest Python alternative)
  floors      bench_floor.py first (its own results file): start-up vs a C program linking FLINT/Arb,
              certified Gegenbauer at l = 10^4 vs Arb as a process, sign-coef CSV vs mpmath
  dim         N(d,l) exactly: boundcheck (FLINT) vs (2l+d-2) * math.comb(l+d-3, l-1) // l
  gegenbauer  C_l^lambda(0.3) to 30 digits at l = 10^4, 10^5: boundcheck vs mpmath.gegenbauer vs
              Arb's arb_hypgeom_gegenbauer_c from the target precision plus guard bits

  lb grid     LB(d,r,H) on a 100 x 100 (d, H) grid for r = 1, 4, 16: boundcheck's double kernel
              (1 and 2 threads) vs its certified Arb kernel (per point, from a 10 x 10 subgrid) vs the
              same formula vectorised in NumPy (scipy.special.gammaln), with the results compared

Usage: /usr/bin/python3 bench/run_bench.py [build dir]   (default build/release)
Timings are best-of-N wall-clock seconds on this machine; ratios > 1 mean boundcheck is faster.
"""
import json
import math
import os
import subprocess
import sys
import time

import mpmath as mp
from baselines import numpy_lb  # noqa: E402  (bench/ is on sys.path when run as a script)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402  (bench/results.py)

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "build", "release")
EXE = os.path.join(BUILD, "bench", "bench_sphere")
EXE_RANK = os.path.join(BUILD, "bench", "bench_rank")


def best_of(n, f):
    best = float("inf")
    out = None
    for _ in range(n):
        t0 = time.perf_counter()
        out = f()
        best = min(best, time.perf_counter() - t0)
    return best, out


def ours(which, exe=None):
    res = subprocess.run([exe or EXE, which], check=True, capture_output=True, text=True)
    return [json.loads(line) for line in res.stdout.splitlines() if line.strip()]


def mp_sign_closed(d, lmax, dps, fmt=True):
    with mp.workdps(dps):
        gd = mp.gamma(mp.mpf(d) / 2)
        energy = mp.mpf(0)
        last = None
        for l in range(1, lmax + 1, 2):
            s = gd * mp.gamma(mp.mpf(l) / 2) / (mp.pi * mp.gamma(mp.mpf(l + d) / 2))
            if ((l - 1) // 2) % 2:
                s = -s
            n = (2 * l + d - 2) * math.comb(l + d - 3, l - 1) // l
            c = mp.sqrt(n) * s
            energy += c * c
            if fmt:
                last = (mp.nstr(c, dps), mp.nstr(s, dps), mp.nstr(energy, dps))
        return last


def mp_sign_ratio(d, lmax, dps):
    with mp.workdps(dps + 10):
        s = mp.gamma(mp.mpf(d) / 2) / (mp.sqrt(mp.pi) * mp.gamma(mp.mpf(d + 1) / 2))
        n = mp.mpf(d)
        energy = mp.mpf(0)
        last = None
        for l in range(1, lmax + 1, 2):
            c = mp.sqrt(n) * s
            energy += c * c
            last = (mp.nstr(c, dps), mp.nstr(s, dps), mp.nstr(energy, dps))
            s = -s * l / (l + d)
            n = n * (2 * l + d + 2) * (l + d - 2) * (l + d - 1) / ((l + 1) * (l + 2) * (2 * l + d - 2))
        return last


def py_dim(d, l):
    if l == 0:
        return 1
    return (2 * l + d - 2) * math.comb(l + d - 3, l - 1) // l


def main():
    # issue 27's three ratios (start-up, certified Gegenbauer vs Arb, sign-coef vs mpmath) need no
    # driver: bench_floor.py measures them in one run and records bench/results/bench_floor.md
    subprocess.run([sys.executable, os.path.join(HERE, "bench_floor.py"), BUILD], check=True)
    if not os.path.exists(EXE):
        sys.exit("bench: build bench_sphere first (cmake --build build/release --target bench_sphere)")
    rows = []
    print("boundcheck sphere benchmarks (python %s, mpmath %s)" % (sys.version.split()[0], mp.__version__))

    # sign-coef
    sc = ours("sign_coef")[0]
    t_closed, last_closed = best_of(1, lambda: mp_sign_closed(sc["d"], sc["l_max"], sc["digits"]))
    t_ratio, last_ratio = best_of(1, lambda: mp_sign_ratio(sc["d"], sc["l_max"], sc["digits"]))
    rows.append(("sign-coef d=64, odd l<=1e5, 50 digits (compute+format)", sc["seconds_with_format"],
                 "mpmath closed form", t_closed))
    rows.append(("sign-coef d=64, odd l<=1e5, 50 digits (compute+format)", sc["seconds_with_format"],
                 "mpmath ratio recurrence", t_ratio))
    t_compute, _ = best_of(1, lambda: mp_sign_closed(sc["d"], sc["l_max"], sc["digits"], fmt=False))
    rows.append(("sign-coef d=64, odd l<=1e5, 50 digits (compute only)", sc["seconds_compute"],
                 "mpmath closed form (compute only)", t_compute))
    print("  mpmath closed form, last row: c=%s s=%s energy=%s" % last_closed)
    # the whole command as a user runs it: CSV on stdout (start-up, compute, format, render, write)
    bc_exe = os.path.join(BUILD, "boundcheck")
    cmd = [bc_exe, "sphere", "sign-coef", "--d", "64", "--l-max", "100000", "--digits", "50", "--format", "csv"]
    t_cli, csv_text = best_of(5, lambda: subprocess.run(cmd, check=True, capture_output=True).stdout)
    last = csv_text.decode().rstrip("\n").rsplit("\n", 1)[1].split(",")
    # compared as numbers (the two print different notations: 2.83e-5 against 0.0000283): mpmath
    # sums 5e4 terms at 50 digits, so its last digits carry rounding; 45 digits must agree
    with mp.workdps(60):
        same = all(abs(mp.mpf(a) - mp.mpf(b)) <= mp.mpf(10) ** -45 * abs(mp.mpf(b))
                   for a, b in zip(last[1:], last_closed))
    print("  boundcheck CLI, last row: c=%s s=%s energy=%s (%s mpmath's to 45 digits)"
          % (last[1], last[2], last[3], "agrees with" if same else "DIFFERS from"))
    conversions = 3 * (len(csv_text.splitlines()) - 1)
    print("  CLI: %d bytes of CSV, %d decimal conversions: %.0f MB/s, %.2g conversions/s, %.2f us per row"
          % (len(csv_text), conversions, len(csv_text) / t_cli / 1e6, conversions / t_cli,
             t_cli / (conversions / 3) * 1e6))
    rows.append(("sign-coef CLI --format csv, d=64, odd l<=1e5, 50 digits (whole process)", t_cli,
                 "mpmath closed form", t_closed))

    # dim
    for r in ours("dim"):
        d, l = r["d"], r["l"]
        reps = 5
        t_py, val = best_of(reps, lambda: py_dim(d, l))
        rows.append(("dim N(%d,%d) [%d digits]" % (d, l, r["digits"]), r["seconds"], "math.comb", t_py))

    # gegenbauer
    for r in ours("gegenbauer"):
        d, l = r["d"], r["l"]
        lam = mp.mpf(d - 2) / 2

        def mp_geg():
            with mp.workdps(30):
                return mp.gegenbauer(l, lam, mp.mpf(3) / 10)

        try:
            t_mp, v = best_of(1, mp_geg)
            note = "mpmath.gegenbauer"
            agree = mp.nstr(v, 12)
        except Exception as e:  # mpmath gives up at large degree
            t_mp, note, agree = float("nan"), "mpmath.gegenbauer: %s" % type(e).__name__, "-"
        label = "gegenbauer d=%d l=%d t=0.3, 30 digits" % (d, l)
        rows.append((label, r["seconds"], note, t_mp))
        rows.append((label, r["seconds"], "Arb hypgeom (from target + 64 bits, to %d bits)" % r["arb_final_prec"],
                     r["arb_seconds"]))
        same = r["value"] == r["arb_value"]
        print("  %s: boundcheck %s | Arb %s (%s) | mpmath %s" % (label, r["value"], r["arb_value"],
                                                              "identical" if same else "DIFFER", agree))

    # LB grid
    import numpy as np

    ds = np.arange(32, 3201, 32, dtype=float)
    hs = np.round(10.0 ** (6.0 * np.arange(100) / 99))
    log_h = np.log(hs)

    def numpy_grid(r, L=101):
        out = [numpy_lb(d, log_h, r, L) for d in ds]
        return np.array([o[0] for o in out]), np.array([o[1] for o in out])

    rank_lines = ours("", EXE_RANK)
    for g in rank_lines:
        if g["bench"] == "arb_shared_walk":
            print("  certified LB at d=%d, r=%d over %d H to %d terms: one walk per H %.3g s, one walk for all %.3g s"
                  % (g["d"], g["r"], g["H"], g["max_terms"], g["walk_per_H_seconds"], g["one_walk_seconds"]))
    for g in (g for g in rank_lines if g["bench"] == "lb_grid"):
        r = g["r"]
        t_np, (lo, hi) = best_of(3, lambda: numpy_grid(r))
        mid = float(((lo + hi) / 2).sum())
        per_arb = g["arb_subgrid_seconds"] / g["arb_subgrid_points"]
        label = "LB grid 100x100 (d,H), r=%d" % r
        rows.append((label + ", double 1 thread", g["double_1t"], "Arb kernel (per point x 10^4)", per_arb * g["points"]))
        rows.append((label + ", double 1 thread", g["double_1t"], "NumPy vectorised", t_np))
        rows.append((label + ", double 2 threads", g["double_2t"], "double 1 thread", g["double_1t"]))
        print("  %s: sum of midpoints boundcheck %.12g, NumPy %.12g" % (label, g["checksum"], mid))

    print()
    print("| benchmark | boundcheck (s) | baseline | baseline (s) | ratio |")
    print("|---|---:|---|---:|---:|")
    for name, ours_s, base, base_s in rows:
        ratio = base_s / ours_s if ours_s > 0 and base_s == base_s else float("nan")
        print("| %s | %.4g | %s | %.4g | %s |" % (name, ours_s, base, base_s,
                                                 "%.1fx" % ratio if ratio == ratio else "n/a"))


if __name__ == "__main__":
    with results.recorded(__file__, os.path.join(BUILD, "boundcheck")):  # bench/results/run_bench.md: the performance guide shows it
        main()
