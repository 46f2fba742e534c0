#!/usr/bin/python3
"""Q1 side-check: Table 4(a) (d_x, Delta d_x) vs the trained widths of Table 2 (paper lines 896-952).
For each depth, list pairs of trained widths (w1 < w2) whose midpoint is the published d_x."""
lines = open('/work/shared/papers/004_780437e4ec8fa9c6.txt', encoding='utf-8').read().split('\n')[896:952]
depths = [6, 12, 18, 24, 30, 36, 48]
cols = {L: set() for L in depths}
for ln in lines:
    parts = ln.split()
    if len(parts) != 7:
        continue
    for L, p in zip(depths, parts):
        if p != '-':
            cols[L].add(int(p))
T4 = [(6, 214, 6), (12, 308, 12), (18, 436, 20), (24, 572, 12), (30, 824, 16)]
for L, d, dd in T4:
    ws = sorted(cols[L])
    pairs = [(a, b) for a in ws for b in ws if a < b and a + b == 2 * d]
    print(f'L={L}: d_x={d}, Delta={dd}; trained widths near: {[w for w in ws if abs(w-d) <= 50]}')
    print(f'      pairs with midpoint d_x: {pairs}; half-distances: {[(b-a)//2 for a,b in pairs]}')
