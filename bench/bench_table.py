#!/usr/bin/env python3
"""boundcheck table: sweeps timed against the ways users sweep today, in one run.

  /usr/bin/python3 bench/bench_table.py [build/release/boundcheck]

A. 10^6-point `rank bound --kernel double` grid (d = 16..10015, H = 1..100, r = 4):
   table --spec  vs  the command's own list call (the kernel alone, same output)
                 vs  a shell loop, one process per point (timed on 300 points, scaled to 10^6)
                 vs  NumPy vectorised over H (truncated at degree 101, per d; timed on 200 d, scaled)
B. 10^4-point certified grid (d = 16..115, H = 1..100, r = 4, Arb kernel, 30 digits):
   table --spec  vs  the command's own list call  vs  a shell loop (100 points, scaled)
                 vs  an mpmath script at 30 digits (10 points, scaled)
Ratios above 1 mean the table is faster. The overhead of the table machinery is
table / (command's own list call) - 1. Not a test: no limits are asserted.
"""
import math
import os
import subprocess
import sys
import tempfile
import time

from baselines import numpy_lb  # bench/ is on sys.path when run as a script

EXE = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "build", "release", "boundcheck")


def timed(args, reps=3):
    best = math.inf
    for _ in range(reps):
        t = time.perf_counter()
        subprocess.run([EXE] + args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - t)
    return best


def shell_loop(points, extra):
    t = time.perf_counter()
    for d, h in points:
        subprocess.run([EXE, "rank", "bound", "--d", str(d), "--r", "4", "--H", str(h)] + extra + ["--format", "csv"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return (time.perf_counter() - t) / len(points)


def spec(path, d_from, d_to, kernel):
    with open(path, "w") as f:
        f.write('command = "rank bound"\n[fixed]\nr = 4\nkernel = "%s"\n[sweep]\n'
                'd = { from = %d, to = %d, step = 1 }\nH = { from = 1, to = 100, step = 1 }\n' % (kernel, d_from, d_to))


def numpy_per_d():
    import numpy as np
    log_h = np.log(np.arange(1, 101, dtype=float))

    def one(d):
        return numpy_lb(d, log_h, 4)

    ds = range(16, 216)
    t = time.perf_counter()
    for d in ds:
        one(float(d))
    return (time.perf_counter() - t) / len(ds)  # per d (100 H values)


def mpmath_point(d, H, dps=30, L=2001):
    import mpmath as mp
    mp.mp.dps = dps
    total = mp.mpf(0)
    for l in range(1, L + 1, 2):
        n = mp.binomial(l + d - 1, d - 1) - mp.binomial(l + d - 3, d - 1)
        s = mp.gamma(mp.mpf(d) / 2) * mp.gamma(mp.mpf(l) / 2) / (mp.pi * mp.gamma(mp.mpf(l + d) / 2))
        b = mp.binomial(4 + l - 1, l)
        total += n * s * s * min(1, H * b / n)
    return 1 - total


def main():
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        a = os.path.join(tmp, "a.toml")
        spec(a, 16, 10015, "double")
        t_table = timed(["table", "--spec", a, "--format", "csv"])
        t_cmd = timed(["rank", "bound", "--d", "16:10015", "--r", "4", "--H", "1:100", "--kernel", "double",
                       "--format", "csv"])
        pts = [(16 + 33 * i, 1 + (7 * i) % 100) for i in range(300)]
        t_loop = shell_loop(pts, ["--kernel", "double"]) * 1e6
        t_np = numpy_per_d() * 1e4
        rows += [("A 10^6 double points", t_table, "rank bound list call (kernel + output)", t_cmd),
                 ("A 10^6 double points", t_table, "shell loop, 1 process per point (scaled)", t_loop),
                 ("A 10^6 double points", t_table, "NumPy, vectorised over H, L=101 (scaled)", t_np)]
        b = os.path.join(tmp, "b.toml")
        spec(b, 16, 115, "arb")
        t_table_b = timed(["table", "--spec", b, "--format", "csv"], reps=2)
        t_cmd_b = timed(["rank", "bound", "--d", "16:115", "--r", "4", "--H", "1:100", "--format", "csv"], reps=2)
        t_loop_b = shell_loop([(16 + i, 1 + (13 * i) % 100) for i in range(100)], []) * 1e4
        t0 = time.perf_counter()
        for i in range(10):
            mpmath_point(16 + 10 * i, 1 + 10 * i)
        t_mp = (time.perf_counter() - t0) / 10 * 1e4
        rows += [("B 10^4 certified points", t_table_b, "rank bound list call (kernel + output)", t_cmd_b),
                 ("B 10^4 certified points", t_table_b, "shell loop, 1 process per point (scaled)", t_loop_b),
                 ("B 10^4 certified points", t_table_b, "mpmath at 30 digits, L=2001 (scaled)", t_mp)]
    print("| sweep | table (s) | baseline | baseline (s) | ratio |")
    print("|---|---:|---|---:|---:|")
    for name, ours, base, base_s in rows:
        print("| %s | %.3g | %s | %.3g | %.2fx |" % (name, ours, base, base_s, base_s / ours))
    print()
    print("table machinery overhead over the command's own list call: A %+.1f%%, B %+.1f%%" %
          (100 * (t_table / t_cmd - 1), 100 * (t_table_b / t_cmd_b - 1)))


if __name__ == "__main__":
    main()
