#!/usr/bin/env python3
"""A 10^4-point sweep of LB(d, r, H) three ways: the Python module, the CLI, an mpmath script.

    PYTHONPATH=build/release/python python3 bench/bench_python.py [--exe build/release/boundcheck]

Grid: d = 32, 64, ..., 320 (10) x r = 1..10 (10) x H = 100 log-spaced values in [1, 10^6]:
10^4 points, certified (Arb) kernel at --digits 30, one thread unless stated.

  module/point   boundcheck.rank.bound(d, r, H) once per point (10^4 calls, each a Table)
  module/grid    one call with comma lists (the command's own list kernel), 1 and 2 threads
  cli/point      one `boundcheck rank bound` process per point: timed on --cli-sample points
                 and scaled to 10^4 (the per-point cost is flat)
  cli/grid       one process for the whole grid (--format csv)
  mpmath/point   LB(d, r, H) = 1 - sum_{l odd} c_l^2 min(1, H b(r,l)/N(d,l)) summed in mpmath at
                 mp.dps = 30 until a term drops below 1e-32 (MATH.md §4; a truncated sum, not a
                 certified bracket): timed on --mpmath-sample points and scaled to 10^4.
                 This formula lives here only as the baseline of the benchmark.

Prints seconds for 10^4 points and the ratio to module/point; checks that each mpmath value lies
in boundcheck's bracket [lo, hi] (up to 1e-25).
"""
import argparse
import os
import pathlib
import random
import subprocess
import sys
import time

import boundcheck

ROOT = pathlib.Path(__file__).resolve().parents[1]


def grid():
    ds = list(range(32, 321, 32))
    rs = list(range(1, 11))
    hs = sorted({int(round(10 ** (6 * k / 99))) for k in range(100)})
    k = 0
    while len(hs) < 100:  # rounding merges a few small values: fill with the next integers
        k += 1
        hs = sorted(set(hs) | {hs[-1] + k})
    return ds, rs, hs


def lb_mpmath(mp, d, r, H):
    """The truncated spectral sum in mpmath (baseline only; see the module docstring)."""
    one = mp.mpf(1)
    # <sign, P_{1,d}> = Gamma(d/2) Gamma(1/2) / (pi Gamma((1+d)/2)); then s_{l+2} = -s_l l/(l+d)
    s = mp.gamma(mp.mpf(d) / 2) * mp.gamma(mp.mpf(1) / 2) / (mp.pi * mp.gamma(mp.mpf(d + 1) / 2))
    total = mp.mpf(0)
    l = 1
    while l <= 200001:
        n = mp.binomial(l + d - 1, d - 1) - (mp.binomial(l + d - 3, d - 1) if l >= 2 else 0)
        b = mp.binomial(r + l - 1, l)
        c2 = n * s * s
        term = c2 * min(one, H * b / n)
        total += term
        if term < mp.mpf(10) ** -32:
            break
        s = -s * l / (l + d)
        l += 2
    return 1 - total


def timed(f):
    t0 = time.perf_counter()
    out = f()
    return time.perf_counter() - t0, out


def main():
    ap = argparse.ArgumentParser(description="boundcheck: module vs CLI vs mpmath on 10^4 points")
    ap.add_argument("--exe", default=os.environ.get("BOUNDCHECK_EXE", str(ROOT / "build/release/boundcheck")))
    ap.add_argument("--cli-sample", type=int, default=300)
    ap.add_argument("--mpmath-sample", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    ds, rs, hs = grid()
    points = [(d, r, h) for d in ds for r in rs for h in hs]
    n = len(points)
    assert n == 10 ** 4, n
    rng = random.Random(args.seed)
    print(f"grid: {len(ds)} d x {len(rs)} r x {len(hs)} H = {n} points; seed {args.seed}", flush=True)
    results = {}

    t, _ = timed(lambda: [boundcheck.rank.bound(d, r, h, threads=1) for d, r, h in points])
    results["module/point"] = t
    t, g1 = timed(lambda: boundcheck.rank.bound(ds, rs, hs, threads=1))
    results["module/grid, 1 thread"] = t
    t, g2 = timed(lambda: boundcheck.rank.bound(ds, rs, hs, threads=2))
    results["module/grid, 2 threads"] = t
    assert g1.texts == g2.texts
    t, _ = timed(lambda: boundcheck.rank.bound(ds, rs, hs, kernel="double", threads=1))
    results["module/grid, double kernel"] = t

    if pathlib.Path(args.exe).exists():
        sample = rng.sample(points, args.cli_sample)

        def cli_points():
            for d, r, h in sample:
                subprocess.run([args.exe, "rank", "bound", "--d", str(d), "--r", str(r), "--H", str(h),
                                "--threads", "1"], check=True, capture_output=True)

        t, _ = timed(cli_points)
        results["cli/point (scaled)"] = t * n / len(sample)

        def cli_grid():
            return subprocess.run([args.exe, "rank", "bound", "--d", ",".join(map(str, ds)), "--r",
                                   ",".join(map(str, rs)), "--H", ",".join(map(str, hs)), "--threads", "1",
                                   "--format", "csv"], check=True, capture_output=True, text=True).stdout

        t, out = timed(cli_grid)
        results["cli/grid, 1 thread"] = t
        assert out == g1.to_csv()
    else:
        print(f"(no CLI at {args.exe}: skipped the CLI rows)")

    try:
        import mpmath
    except ImportError:
        print("(mpmath not installed: skipped the mpmath row)")
    else:
        mpmath.mp.dps = 30
        sample = rng.sample(range(n), args.mpmath_sample)
        t, vals = timed(lambda: [lb_mpmath(mpmath.mp, *points[i]) for i in sample])
        results["mpmath/point (scaled)"] = t * n / len(sample)
        bad = 0
        for i, v in zip(sample, vals):
            row = g1.rows[i]
            lo, hi = row["lo"], row["hi"]
            if not (mpmath.mpf(str(lo.lo)) - 1e-25 <= v <= mpmath.mpf(str(hi.hi)) + 1e-25):
                bad += 1
        print(f"mpmath values inside boundcheck's [lo, hi]: {len(sample) - bad}/{len(sample)}")

    base = results["module/point"]
    print(f"\n{'way':32s} {'s / 10^4 points':>16s} {'ratio':>9s}")
    for k, v in results.items():
        print(f"{k:32s} {v:16.3f} {v / base:9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
