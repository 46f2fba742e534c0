#!/usr/bin/env python3
"""Sweep the spectral lower bound LB(d, r, H) over the number of heads H and find H_min.

    PYTHONPATH=build/release/python python3 docs/examples/sweep_lb.py [--d 64] [--eps 0.1] [--out FILE]

LB(d, r, H) = sum_{l odd} c_l(d)^2 (1 - min(1, H b(r,l)/N(d,l))) lower-bounds the error of H
rank-r heads (docs/math/rank.md#spectral-lower-bound). Everything is computed by boundcheck (`rank bound`, certified
brackets lo <= LB <= hi; `rank heads`, the exact H_min); this script only arranges and draws.
With matplotlib installed it writes a log-log plot (default docs/examples/sweep_lb.png);
without it, it prints the table.
"""
import argparse
import pathlib

import boundcheck


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--d", type=int, default=64)
    ap.add_argument("--ranks", default="1,2,4,8,16")
    ap.add_argument("--eps", default="0.1", help="target error (exact decimal)")
    ap.add_argument("--out", default=str(pathlib.Path(__file__).with_suffix(".png")))
    args = ap.parse_args()
    ranks = [int(r) for r in args.ranks.split(",")]
    # 1 .. 4e18 (the largest H a list takes is 2^62), 5 per decade
    heads = sorted({int(round(10 ** (k / 5))) for k in range(0, 94)} | {4 * 10**18})

    # one call: the whole grid through the command's own list kernel (rows in r-major order)
    grid = boundcheck.rank.bound(d=args.d, r=ranks, H=heads, digits=12)
    hmin = {r: boundcheck.rank.heads(d=args.d, r=r, eps=args.eps).value("h_min") for r in ranks}

    print(f"LB({args.d}, r, H): {len(grid)} certified brackets; H_min for eps = {args.eps}:")
    for r in ranks:
        print(f"  r = {r:3d}: H_min = {hmin[r]}")
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print(grid)
        print("(matplotlib is not installed: printed the table instead of plotting)")
        return

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for r in ranks:
        rows = [row for row in grid.rows if row["r"] == r]
        hs = [row["H"] for row in rows]
        lo = [float(row["lo"]) for row in rows]
        hi = [float(row["hi"]) for row in rows]
        (line,) = ax.plot(hs, lo, marker=".", lw=1.2, label=f"r = {r}")
        ax.fill_between(hs, lo, hi, color=line.get_color(), alpha=0.25)
        ax.axvline(hmin[r], color=line.get_color(), ls=":", lw=1)
    ax.axhline(float(args.eps), color="k", ls="--", lw=0.8, label=f"eps = {args.eps}")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("heads H")
    ax.set_ylabel("LB(d, r, H)")
    ax.set_title(f"Spectral lower bound, d = {args.d} (dotted: H_min for eps = {args.eps})")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(args.out, dpi=120)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
