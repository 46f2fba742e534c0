#!/usr/bin/python3
"""Reference values for the rank family (tests/unit/test_rank*.cpp), from mpmath, each computed
two independent ways and written only when the two agree to the stated digits.

  lb      LB(d,r,H) = sum_{l odd} c_l^2 (1 - min(1, H b(r,l)/N(d,l))), b = binom(r+l-1,l) (exact) or
          binom(r+l,l) (talk). Method A: c_l^2 by the Gamma closed form term by term, the finitely many
          saturated levels l < l* removed exactly via Parseval (1 - sum_{l<l*} c_l^2) and the rest
          summed with mpmath.nsum. Method B: direct summation to L = 4001 plus the monotone tail
          bracket (midpoint). Kept if they agree to 22 digits; 22 digits stored.
  p       p(d) = 1/2 + E_{t~u_d}[arcsin|t|]/pi. Method A: R_n = R_{n-2} - 1/(n^2 W_n) recurrence.
          Method B: quadrature in phi = arcsin t. 25 digits.
  btheta  b(theta) = 1/2 + (2/(pi Z_d)) [ int_0^theta phi J_{d-3}(psi)/W_{d-3} cos^{d-2} phi dphi
          + int_theta^{pi/2} phi cos^{d-2} phi dphi ],  psi = asin(tan phi cot theta) (derivation in the
          rank research notes). Method B: the series 1/2 + (1/2) sum c_l^2 s_l P_l(cos theta) with its
          rigorous truncation bound. Stored to the digits both support.
  fail    majority failure F(d,H) = (1/W_{d-2}) int_0^{pi/2} B_H(1/2 + phi/pi) cos^{d-2} phi dphi, B_H the
          binomial lower tail with ties counted half. Method B: the moment form with exact rationals.
          15 digits.

Command: /usr/bin/python3 data/generators/gen_rank_reference.py > data/rank_reference.csv
"""
import math
import sys

import mpmath as mp

mp.mp.dps = 45


def n_dim(d, l):
    return 1 if l == 0 else math.comb(l + d - 1, d - 1) - math.comb(l + d - 3, d - 1)


def s_sign(d, l):
    if l % 2 == 0:
        return mp.mpf(0)
    v = mp.gamma(mp.mpf(d) / 2) * mp.gamma(mp.mpf(l) / 2) / (mp.pi * mp.gamma(mp.mpf(l + d) / 2))
    return -v if ((l - 1) // 2) % 2 else v


def c2(d, l):
    return n_dim(d, l) * s_sign(d, l) ** 2


def bcount(d, r, l, talk):
    if talk:
        return math.comb(r + l, l)
    return math.comb(r + l - 1, l) if r < d else n_dim(d, l)


def lb_a(d, r, H, talk):
    lstar = 1
    while H * bcount(d, r, lstar, talk) >= n_dim(d, lstar):
        lstar += 2
        if lstar > 100000:
            return mp.mpf(0)
    head = 1 - mp.fsum(c2(d, l) for l in range(1, lstar, 2))
    tail = mp.nsum(lambda k: c2(d, int(lstar + 2 * k)) * mp.mpf(H * bcount(d, r, int(lstar + 2 * k), talk))
                   / n_dim(d, int(lstar + 2 * k)), [0, mp.inf])
    return head - tail


def lb_b(d, r, H, talk, L=4001):
    s = mp.mpf(0)
    e = mp.mpf(0)
    for l in range(1, L + 1, 2):
        c = c2(d, l)
        e += c
        s += c * max(mp.mpf(0), 1 - mp.mpf(H * bcount(d, r, l, talk)) / n_dim(d, l))
    tail = 1 - e
    m_next = min(mp.mpf(1), mp.mpf(H * bcount(d, r, L + 2, talk)) / n_dim(d, L + 2))
    return s + (1 - m_next / 2) * tail  # midpoint of [1 - m_next, 1] * tail (r < d-1: limit 0)


def p_a(d):
    n = d - 2
    W = {0: mp.pi / 2, 1: mp.mpf(1)}
    R = {0: mp.pi / 4, 1: mp.pi / 2 - 1}
    for k in range(2, n + 1):
        W[k] = W[k - 2] * (k - 1) / k
        R[k] = R[k - 2] - 1 / (k * k * W[k])
    return mp.mpf(1) / 2 + R[n] / mp.pi, W


def p_b(d):
    f = lambda ph: ph * mp.cos(ph) ** (d - 2)
    g = lambda ph: mp.cos(ph) ** (d - 2)
    return mp.mpf(1) / 2 + mp.quad(f, [0, mp.pi / 2]) / mp.quad(g, [0, mp.pi / 2]) / mp.pi


def J(n, psi):
    if n == 0:
        return psi
    if n == 1:
        return mp.sin(psi)
    return mp.cos(psi) ** (n - 1) * mp.sin(psi) / n + mp.mpf(n - 1) / n * J(n - 2, psi)


def b_integral(d, theta):
    _, W = p_a(max(d, 3))
    Wn = W[d - 3] if d - 3 in W else mp.quad(lambda x: mp.cos(x) ** (d - 3), [0, mp.pi / 2])
    Wd = mp.quad(lambda x: mp.cos(x) ** (d - 2), [0, mp.pi / 2])
    cot = mp.cos(theta) / mp.sin(theta)
    f1 = lambda ph: ph * J(d - 3, mp.asin(min(mp.mpf(1), mp.tan(ph) * cot))) / Wn * mp.cos(ph) ** (d - 2)
    f2 = lambda ph: ph * mp.cos(ph) ** (d - 2)
    i1 = mp.quad(f1, [0, theta / 2, theta])
    i2 = mp.quad(f2, [theta, mp.pi / 2])
    return mp.mpf(1) / 2 + (i1 + i2) / (mp.pi * Wd)


def gegen_unit(d, l, x):
    lam = mp.mpf(d - 2) / 2
    c0, c1 = mp.mpf(1), 2 * lam * x
    if l == 0:
        return c0
    for k in range(1, l):
        c0, c1 = c1, (2 * (k + lam) * x * c1 - (k + 2 * lam - 1) * c0) / (k + 1)
    return c1 / mp.binomial(l + 2 * lam - 1, l)


def b_series(d, theta, L):
    x = mp.cos(theta)
    s = mp.mpf(0)
    e = mp.mpf(0)
    for l in range(1, L + 1, 2):
        c = c2(d, l)
        e += c
        s += c * s_sign(d, l) * gegen_unit(d, l, x)
    bound = abs(s_sign(d, L + 2)) * (1 - e) / 2
    return mp.mpf(1) / 2 + s / 2, bound


def tail_half(H, p):
    # P(Bin(H,p) < H/2) + 1/2 P(Bin(H,p) = H/2)
    q = 1 - p
    t = mp.mpf(0)
    for k in range(0, H + 1):
        if 2 * k < H:
            t += mp.binomial(H, k) * p ** k * q ** (H - k)
        elif 2 * k == H:
            t += mp.binomial(H, k) * p ** k * q ** (H - k) / 2
    return t


def fail_a(d, H):
    g = lambda ph: tail_half(H, mp.mpf(1) / 2 + ph / mp.pi) * mp.cos(ph) ** (d - 2)
    w = lambda ph: mp.cos(ph) ** (d - 2)
    pts = [0, mp.pi / (2 * mp.sqrt(H)), 1 / mp.sqrt(d), mp.pi / 2]
    pts = sorted(set(pts))
    return mp.quad(g, pts) / mp.quad(w, [0, mp.pi / 2])


def fail_b(d, H):
    # the same integral by Gauss-Legendre at higher degree on a finer split (independent nodes)
    g = lambda ph: tail_half(H, mp.mpf(1) / 2 + ph / mp.pi) * mp.cos(ph) ** (d - 2)
    w = lambda ph: mp.cos(ph) ** (d - 2)
    pts = [mp.pi / 2 * k / 16 for k in range(17)]
    return mp.quad(g, pts, method="gauss-legendre") / mp.quad(w, pts, method="gauss-legendre")


def main():
    out = sys.stdout
    out.write("# Generated by data/generators/gen_rank_reference.py (mpmath %s, dps 45); every value computed\n"
              "# two independent ways (see the docstring) and kept only where they agree\n" % mp.__version__)
    out.write("kind,d,r,H,count,theta,value\n")
    for d, r, H in [(8, 1, 1), (8, 2, 4), (16, 4, 10), (64, 8, 100), (64, 8, 1000), (100, 3, 50), (1000, 2, 7)]:
        for talk in (False, True):
            a = lb_a(d, r, H, talk)
            b = lb_b(d, r, H, talk)
            if abs(a - b) <= mp.mpf(10) ** -22 * max(abs(a), mp.mpf(10) ** -30):
                out.write("lb,%d,%d,%d,%s,,%s\n" % (d, r, H, "talk" if talk else "exact", mp.nstr(a, 22)))
            else:
                sys.stderr.write("lb disagree %s: %s vs %s\n" % ((d, r, H, talk), a, b))
    for d in (3, 4, 5, 8, 16, 64, 100, 1000):
        a, _ = p_a(d)
        b = p_b(d)
        assert abs(a - b) < mp.mpf(10) ** -30, (d, a, b)
        out.write("p,%d,,,,,%s\n" % (d, mp.nstr(a, 25)))
    for d, theta, L in [(8, "pi/6", 801), (8, "pi/4", 801), (16, "pi/6", 801), (64, "pi/3", 401), (5, "pi/3", 4001)]:
        num, den = theta.replace("pi", "1").split("/")
        th = mp.pi * mp.mpf(int(num)) / int(den)  # exact rational multiple of pi (not a float)
        a = b_integral(d, th)
        b, bound = b_series(d, th, L)
        err = max(abs(a - b), bound)
        digits = min(25, int(-mp.log10(err)) - 1) if err > 0 else 25
        if abs(a - b) > bound + mp.mpf(10) ** -30:
            sys.stderr.write("btheta disagree %s\n" % ((d, theta),))
            continue
        out.write("btheta,%d,,,,%s,%s\n" % (d, theta, mp.nstr(a, digits)))
    for d, H in [(3, 1), (3, 3), (3, 11), (10, 11), (10, 101), (50, 101)]:
        a = fail_a(d, H)
        b = fail_b(d, H)
        assert abs(a - b) < mp.mpf(10) ** -20, (d, H, a, b)
        out.write("fail,%d,,%d,,,%s\n" % (d, H, mp.nstr(a, 18)))


if __name__ == "__main__":
    main()
