#!/usr/bin/python3
"""`boundcheck rank majority` against the SciPy script a user would write, in one run.

The SciPy alternative computes what the command prints: p_head = 1/2 + E arcsin|t|/pi, the
majority failure F(d, H) = E_phi I_{1/2 - phi/pi}(m, m) (m = ceil(H/2), phi = arcsin|t|, weight
cos^{d-2} phi), the averaged Hoeffding bound, F(d, d^2), and the least odd H with F <= target by
bisection on odd H, each F by scipy.integrate.quad (breakpoints at the scales 1/sqrt(H) and
1/sqrt(d), epsrel 1e-10) over scipy.special.betainc. Both answers are printed side by side with
the ratio; the least H is also checked against the reference in data/majority_reference.csv
(mpmath, 30 digits), which is how the SciPy script is seen to be wrong at d = 1000: betainc(m, m, x)
is off by about 1e-7 relative at m ~ 1.25e6.

boundcheck's time is that of the whole process (start-up included); SciPy's is in-process (the
interpreter and the SciPy import excluded), best of N for both. Both wall-clock and CPU time
(user + system; for boundcheck through getrusage of the child) are printed: on a machine shared
with other jobs, a short process's wall time is mostly waiting for a core, and CPU time is the
fairer comparison.

Usage: /usr/bin/python3 bench/bench_majority.py [build dir]   (default build/release)
"""
import csv
import json
import math
import os
import subprocess
import sys
import time

import numpy as np
from scipy import integrate, special

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402  (bench/results.py)

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "build", "release")
EXE = os.path.join(BUILD, "boundcheck")
CASES = [(64, 4096, "0.01"), (1000, 1000000, "0.01")]


# ---- the SciPy script, as a user would write it ----------------------------------------------
def phi_average(d, g, scales):
    w = lambda phi: math.cos(phi) ** (d - 2)
    pts = sorted({s * k for s in scales for k in (0.5, 1, 2, 4, 8) if s * k < math.pi / 2})
    num, _ = integrate.quad(lambda phi: g(phi) * w(phi), 0, math.pi / 2, points=pts, limit=200,
                            epsabs=0, epsrel=1e-10)
    den, _ = integrate.quad(w, 0, math.pi / 2, epsabs=0, epsrel=1e-12)
    return num / den


def scipy_fail(d, H):
    m = (H + 1) // 2
    return phi_average(d, lambda phi: special.betainc(m, m, 0.5 - phi / math.pi),
                       [math.pi / (2 * math.sqrt(H)), 1 / math.sqrt(d)])


def scipy_hoeffding(d, H):
    return phi_average(d, lambda phi: math.exp(-2 * H * phi * phi / math.pi ** 2),
                       [math.pi / (2 * math.sqrt(H)), 1 / math.sqrt(d)])


def scipy_least_h(d, target, cap=10 ** 8):
    lo, hi = 0, (cap + 1) // 2  # m: F(2 lo - 1) > target >= F(2 hi - 1)
    if scipy_fail(d, 2 * hi - 1) > target:
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if scipy_fail(d, 2 * mid - 1) <= target:
            hi = mid
        else:
            lo = mid
    return 2 * hi - 1


def scipy_script(d, H, target):
    p = 0.5 + phi_average(d, lambda phi: phi, [1 / math.sqrt(d)]) / math.pi
    return {"p_head": p, "fail_exact": scipy_fail(d, H), "fail_hoeffding": scipy_hoeffding(d, H),
            "fail_at_h_talk": scipy_fail(d, d * d), "h_target": scipy_least_h(d, float(target))}


# ---- boundcheck --------------------------------------------------------------------------------
def boundcheck(d, H, target):
    out = subprocess.run([EXE, "rank", "majority", "--d", str(d), "--H", str(H), "--target", target,
                          "--format", "json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)["rows"][0]


def best_of(n, f):
    """(best wall seconds, best CPU seconds of this process and its children, result)"""
    import resource
    best, best_cpu, out = float("inf"), float("inf"), None

    def cpu():
        a, b = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return a.ru_utime + a.ru_stime + b.ru_utime + b.ru_stime

    for _ in range(n):
        t0, c0 = time.perf_counter(), cpu()
        out = f()
        best = min(best, time.perf_counter() - t0)
        best_cpu = min(best_cpu, cpu() - c0)
    return best, best_cpu, out


def reference_h():
    path = os.path.join(HERE, "..", "data", "majority_reference.csv")
    refs = {}
    with open(path) as f:
        for row in csv.DictReader(line for line in f if not line.startswith("#")):
            if row["kind"] == "h_target":
                refs[(int(row["d"]), row["target"])] = int(row["value"])
    return refs


def main():
    if not os.path.exists(EXE):
        sys.exit("bench: build boundcheck first (cmake --build build/release)")
    refs = reference_h()
    print("rank majority: boundcheck vs the SciPy script (scipy %s, numpy %s)" % (
        __import__("scipy").__version__, np.__version__))
    rows = []
    for d, H, target in CASES:
        t_bc, c_bc, ours = best_of(5, lambda: boundcheck(d, H, target))
        t_sp, c_sp, theirs = best_of(3, lambda: scipy_script(d, H, target))
        ref = refs.get((d, target))
        print("d=%d H=%d target=%s" % (d, H, target))
        for key in ("p_head", "fail_exact", "fail_hoeffding", "fail_at_h_talk", "h_target"):
            print("  %-15s boundcheck %-34s SciPy %s" % (key, ours[key], theirs[key]))
        print("  h_target reference (mpmath, data/majority_reference.csv): %s; boundcheck %s, SciPy %s"
              % (ref, "right" if str(ours["h_target"]) == str(ref) else "WRONG",
                 "right" if theirs["h_target"] == ref else "wrong"))
        rows.append(("rank majority --d %d --H %d --target %s" % (d, H, target), t_bc, t_sp, c_bc, c_sp))
    print()
    print("| workload | boundcheck wall (s) | SciPy wall (s) | ratio | boundcheck CPU (s) | SciPy CPU (s) | ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, a, b, ca, cb in rows:
        print("| `%s` | %.4f | %.3f | %.1fx | %.4f | %.3f | %.1fx |" % (name, a, b, b / a, ca, cb, cb / ca))


if __name__ == "__main__":
    with results.recorded(__file__, EXE):  # bench/results/bench_majority.md: the performance guide shows it
        main()
