#!/usr/bin/env python3
"""The Python module against its alternatives: a 10^4-point sweep of LB(d, r, H) (module, CLI,
mpmath), the cost of one call, and Ball arithmetic (Arb in the extension, against mpmath).

    PYTHONPATH=build/release/python python3 bench/bench_python.py [--exe build/release/boundcheck]

Grid: d = 32, 64, ..., 320 (10) x r = 1..10 (10) x H = 100 log-spaced values in [1, 10^6]:
10^4 points, certified (Arb) kernel at --digits 30, one thread unless stated.

  module/point   boundcheck.rank.bound(d, r, H) once per point (10^4 calls, each a Table)
  module/grid    one call with comma lists (the command's own list kernel), 1 and 2 threads
  cli/point      one `boundcheck rank bound` process per point: timed on --cli-sample points
                 and scaled to 10^4 (the per-point cost is flat)
  cli/grid       one process for the whole grid (--format csv)
  mpmath/point   LB(d, r, H) = 1 - sum_{l odd} c_l^2 min(1, H b(r,l)/N(d,l)) summed in mpmath at
                 mp.dps = 30 until a term drops below 1e-32 (docs/math/rank.md#spectral-lower-bound; a truncated sum, not a
                 certified bracket): timed on --mpmath-sample points and scaled to 10^4.
                 This formula lives here only as the baseline of the benchmark.

Prints seconds for 10^4 points and the ratio to module/point; checks that each mpmath value lies
in boundcheck's bracket [lo, hi] (up to 1e-25).

Per call: `boundcheck.sphere.dim(d=3, l=2)` (a command whose computation takes well under a
microsecond, so the time is the module's overhead: argv, parse, worker hand-off, Table), the
median of --call-repeats batches of 1000 calls, against one CLI process for the same command.

Ball arithmetic at 30 digits: 10^5 additions and 10^5 multiplications of two Balls (each result a
new Ball), against mpmath.mpf and mpmath.iv at mp.dps = 30 on the same values; the results are
checked to agree (the mpmath value inside the Ball).

Grid pairs: module/grid and cli/grid (1 thread) timed back to back --grid-repeats times; the
median of the pair ratios is the figure for the first target (robust to a shared machine's load).

Targets (issue 15): module/grid within 1.2x of cli/grid; one call < 150 us; >= 10^5 Ball + or *
per second at 30 digits. The last lines print each target with the measured figure.
"""
import argparse
import os
import pathlib
import random
import subprocess
import sys
import time

import boundcheck

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402  (bench/results.py)

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
    ap.add_argument("--call-repeats", type=int, default=7)
    ap.add_argument("--grid-repeats", type=int, default=5)
    ap.add_argument("--ball-ops", type=int, default=10 ** 5)
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

    paired = grid_pairs(args, ds, rs, hs) if "cli/grid, 1 thread" in results else None
    per_call = call_overhead(args)
    ops = ball_ops(args.ball_ops)
    print("\ntargets:")
    if "cli/grid, 1 thread" in results:
        r = results["module/grid, 1 thread"] / results["cli/grid, 1 thread"]
        print(f"  module/grid / cli/grid = {r:.3f} once, {paired:.3f} median of {args.grid_repeats} "
              f"alternating pairs (target <= 1.2: {'met' if paired <= 1.2 else 'NOT met'})")
    print(f"  one call = {per_call * 1e6:.1f} us (target < 150 us: {'met' if per_call < 150e-6 else 'NOT met'})")
    worst = min(ops["Ball +"], ops["Ball *"])
    print(f"  Ball + / * at 30 digits = {ops['Ball +']:.3g} / {ops['Ball *']:.3g} per s "
          f"(target >= 1e5: {'met' if worst >= 1e5 else 'NOT met'})")
    return 0


def grid_pairs(args, ds, rs, hs):
    """module/grid over cli/grid (1 thread), measured in alternating pairs: on a shared machine the
    load drifts between two measurements taken a minute apart; a pair sees the same load."""
    argv = [args.exe, "rank", "bound", "--d", ",".join(map(str, ds)), "--r", ",".join(map(str, rs)),
            "--H", ",".join(map(str, hs)), "--threads", "1", "--format", "csv"]
    ratios = []
    for _ in range(args.grid_repeats):
        m, _ = timed(lambda: boundcheck.rank.bound(ds, rs, hs, threads=1))
        c, _ = timed(lambda: subprocess.run(argv, check=True, capture_output=True))
        ratios.append(m / c)
    print("\nmodule/grid over cli/grid in alternating pairs: " + ", ".join(f"{r:.3f}" for r in ratios))
    return sorted(ratios)[len(ratios) // 2]


def call_overhead(args):
    """Median seconds per call of a trivial command through the module, and one CLI process."""
    f = boundcheck.sphere.dim
    f(d=3, l=2, threads=1)
    batches = []
    for _ in range(args.call_repeats):
        t0 = time.perf_counter()
        for _ in range(1000):
            f(d=3, l=2, threads=1)
        batches.append((time.perf_counter() - t0) / 1000)
    per_call = sorted(batches)[len(batches) // 2]
    print(f"\none call, boundcheck.sphere.dim(d=3, l=2): {per_call * 1e6:.1f} us (median of "
          f"{args.call_repeats} x 1000; min {min(batches) * 1e6:.1f} us)")
    if pathlib.Path(args.exe).exists():
        t0 = time.perf_counter()
        for _ in range(20):
            subprocess.run([args.exe, "sphere", "dim", "--d", "3", "--l", "2", "--threads", "1"], check=True,
                           capture_output=True)
        cli = (time.perf_counter() - t0) / 20
        print(f"one CLI process for the same command: {cli * 1e6:.0f} us ({cli / per_call:.0f}x)")
    return per_call


def ball_ops(n):
    """Ball + and * per second at 30 digits (each makes a new Ball), and mpmath's on the same values."""
    from fractions import Fraction

    a = boundcheck.Ball(Fraction(1, 3), digits=30)
    b = boundcheck.Ball(Fraction(2, 7), digits=30)
    rates = {}

    def rate(name, f, x, y):
        t0 = time.perf_counter()
        for _ in range(n):
            f(x, y)
        rates[name] = n / (time.perf_counter() - t0)

    rate("Ball +", lambda x, y: x + y, a, b)
    rate("Ball *", lambda x, y: x * y, a, b)
    try:
        import mpmath
    except ImportError:
        mpmath = None
    if mpmath is not None:
        with mpmath.workdps(30):
            x, y = mpmath.mpf(1) / 3, mpmath.mpf(2) / 7
            rate("mpmath.mpf +", lambda u, v: u + v, x, y)
            rate("mpmath.mpf *", lambda u, v: u * v, x, y)
            assert abs(float((a + b) - (x + y))) < 1e-29 and abs(float((a * b) - (x * y))) < 1e-29
        with mpmath.iv.workdps(30) if hasattr(mpmath.iv, "workdps") else _ivprec(mpmath, 103):
            x, y = mpmath.iv.mpf(1) / 3, mpmath.iv.mpf(2) / 7
            rate("mpmath.iv +", lambda u, v: u + v, x, y)
            rate("mpmath.iv *", lambda u, v: u * v, x, y)
    print(f"\nBall arithmetic at 30 digits ({n} operations each):")
    for k, v in rates.items():
        print(f"  {k:14s} {v:12.3g} per s")
    return rates


class _ivprec:
    def __init__(self, mpmath, prec):
        self.iv, self.prec = mpmath.iv, prec

    def __enter__(self):
        self.saved, self.iv.prec = self.iv.prec, self.prec

    def __exit__(self, *exc):
        self.iv.prec = self.saved


if __name__ == "__main__":
    with results.recorded(__file__):  # bench/results/bench_python.md: the performance guide shows it
        sys.exit(main())
