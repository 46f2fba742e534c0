#!/usr/bin/python3
"""Generates data/hmin_mpmath.csv: H_min(d, r, eps), the fewest rank-r heads whose spectral lower
bound allows error eps (docs/math/rank.md#spectral-lower-bound), by an implementation independent of src/rank/ (written from
the mathematical notes, now docs/math/sphere.md and docs/math/rank.md, by a second engineer, 2026-11-23, without reading the C++): mpmath at 60 digits
(every value unchanged at 70 and 100 digits), exact Python integers for N(d,l), b(r,l) and H,
Parseval for the saturated degrees and a 5F4(...;1) hypergeometric tail (checked against direct
summation to l = 40001). Run: /usr/bin/python3 data/generators/gen_hmin_mpmath.py > data/hmin_mpmath.csv
"""
# LB(d,r,H) = 1 - sum_{l odd} c_l(d)^2 min(1, H b(r,l)/N(d,l))          (docs/math/rank.md#spectral-lower-bound)
# c_l(d)^2  = N(d,l) a_l^2,  a_l = Gamma(d/2)Gamma(l/2)/(pi Gamma((l+d)/2)) (docs/math/sphere.md#sign-coefficients)
# N(d,l)    = binom(l+d-1,d-1) - binom(l+d-3,d-1)                           (docs/math/sphere.md#harmonic-dimensions)
# b(r,l)    = binom(r+l-1,l) ('exact') or binom(r+l,l) ('talk')             (docs/math/rank.md#spectral-lower-bound)
# H_min     = min{H : LB <= eps}
# Saturated degrees S = {odd l : H b >= N} form an initial segment (N/b increases in l, asserted):
# LB = (1 - sum_{l in S} c_l^2) - H sum_{l odd not in S} a_l^2 b(r,l), direct terms to M plus the tail.
import sys, math
from fractions import Fraction
from math import comb
import mpmath as mp

mp.mp.dps = 60
M = 1501  # largest odd degree summed directly; tail beyond via hypergeometric series


def Ndl(d, l):
    if l == 0:
        return 1
    v = comb(l + d - 1, d - 1) - comb(l + d - 3, d - 1)
    assert v * l == (2 * l + d - 2) * comb(l + d - 3, l - 1)
    return v


def bcount(r, l, rule):
    return comb(r + l - 1, l) if rule == 'exact' else comb(r + l, l)


_cache = {}


def tables(d, r, rule):
    key = (d, r, rule)
    if key in _cache:
        return _cache[key]
    ls = list(range(1, M + 1, 2))
    a2 = []
    a = mp.gamma(mp.mpf(d) / 2) * mp.gamma(mp.mpf(1) / 2) / (mp.pi * mp.gamma(mp.mpf(d + 1) / 2))
    for l in ls:
        a2.append(a * a)
        a = a * mp.mpf(l) / (l + d)  # a_{l+2}/a_l = (l/2)/((l+d)/2)
    Ns = [Ndl(d, l) for l in ls]
    bs = [bcount(r, l, rule) for l in ls]
    # N/b nondecreasing over odd l (so the saturated set is an initial segment)
    for i in range(len(ls) - 1):
        assert Ns[i + 1] * bs[i] >= Ns[i] * bs[i + 1], (d, r, ls[i])
    c2 = [Ns[i] * a2[i] for i in range(len(ls))]
    t = [a2[i] * bs[i] for i in range(len(ls))]
    # tail sum_{k>=0} t_{L0+2k}, L0 = M+2, as t_{L0} * 5F4(1, ...; 1)
    L0 = M + 2
    shift = 1 if rule == 'exact' else 2  # b = binom(r+l-1,l) or binom(r+l,l) = binom((r+1)+l-1,l)
    rr = r if rule == 'exact' else r + 1
    aL0 = mp.gamma(mp.mpf(d) / 2) * mp.gamma(mp.mpf(L0) / 2) / (mp.pi * mp.gamma(mp.mpf(L0 + d) / 2))
    tL0 = aL0 ** 2 * bcount(r, L0, rule)
    # ratio t_{l+2}/t_l = (l/(l+d))^2 (rr+l+1)(rr+l)/((l+2)(l+1)); with l=L0+2k, in k:
    h = mp.hyper([1, mp.mpf(L0) / 2, mp.mpf(L0) / 2, mp.mpf(L0 + rr + 1) / 2, mp.mpf(L0 + rr) / 2],
                 [mp.mpf(L0 + d) / 2, mp.mpf(L0 + d) / 2, mp.mpf(L0 + 2) / 2, mp.mpf(L0 + 1) / 2], 1)
    tail = tL0 * h
    suf = [None] * (len(ls) + 1)
    suf[len(ls)] = tail
    for i in range(len(ls) - 1, -1, -1):
        suf[i] = suf[i + 1] + t[i]
    pre = [mp.mpf(0)] * (len(ls) + 1)
    for i in range(len(ls)):
        pre[i + 1] = pre[i] + c2[i]
    res = dict(ls=ls, Ns=Ns, bs=bs, pre=pre, suf=suf, tail=tail)
    _cache[key] = res
    return res


def LB(d, r, H, rule='exact'):
    T = tables(d, r, rule)
    Ns, bs = T['Ns'], T['bs']
    k = 0  # number of saturated odd degrees
    while k < len(Ns) and H * bs[k] >= Ns[k]:
        k += 1
    assert k < len(Ns) - 5, "saturation reaches M; raise M"
    return (1 - T['pre'][k]) - H * T['suf'][k]


def hmin(d, r, eps, rule='exact'):
    eps = mp.mpf(eps.numerator) / eps.denominator if isinstance(eps, Fraction) else mp.mpf(eps)
    if LB(d, r, 1, rule) <= eps:
        return 1
    lo, hi = 1, 2  # LB(lo) > eps
    while LB(d, r, hi, rule) > eps:
        lo, hi = hi, hi * 2
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if LB(d, r, mid, rule) > eps:
            lo = mid
        else:
            hi = mid
    return hi



def main():
    print("d,r,eps,count,h_min")
    for rule, epss in (("exact", ("1/10", "1/5", "3/10", "1/20")), ("talk", ("1/10", "1/5"))):
        for d in (16, 32, 64, 128):
            for r in (1, 2, 4):
                for e in epss:
                    print(f"{d},{r},{e},{rule},{hmin(d, r, Fraction(e), rule)}", flush=True)


if __name__ == "__main__":
    main()
