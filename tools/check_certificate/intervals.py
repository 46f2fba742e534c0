"""Rigorous real arithmetic in integers: a real x is bracketed as lo <= x 2^F <= hi (fixed point
with F fractional bits), or as [lo, hi] 2^(k-F) (a binary exponent k for the exponential).

Every series is summed with floors only, so each computed term underestimates its true value by a
few units in the last place (at most 6, by induction over the term recurrence: the ratio of
consecutive terms is below 1 where they are used); the sums widen their brackets by that much per
term plus the tail, and the results are rounded outward to the caller's F. Sources: Machin's
formula for pi, ln 2 = 2 atanh(1/3), the Taylor series of sin and exp (alternating or positive),
ln x = 2 atanh((x-1)/(x+1)). Cost: O(F / log F) multiplications of (F + 32)-bit integers each.
"""

GUARD = 32
_CACHE = {}


def _down(x, shift):
    """floor(x / 2^shift) (shift >= 0), or x 2^-shift (shift < 0)."""
    return x >> shift if shift >= 0 else x << -shift


def _up(x, shift):
    return -((-x) >> shift) if shift >= 0 else x << -shift


def _atan_inv(x, G):
    """atan(1/x) 2^G for an integer x >= 2, as (sum, error bound)."""
    total, p, n, x2 = 0, (1 << G) // x, 0, x * x
    while p:
        t = p // (2 * n + 1)
        total += -t if n % 2 else t
        n += 1
        p //= x2
    return total, n + 2


def pi_fixed(F):
    """pi = 16 atan(1/5) - 4 atan(1/239) (Machin): (lo, hi) with lo <= pi 2^F <= hi."""
    key = ("pi", F)
    if key not in _CACHE:
        G = F + GUARD
        a, ea = _atan_inv(5, G)
        b, eb = _atan_inv(239, G)
        lo, hi = 16 * (a - ea) - 4 * (b + eb), 16 * (a + ea) - 4 * (b - eb)
        _CACHE[key] = (_down(lo, GUARD), _up(hi, GUARD))
    return _CACHE[key]


def ln2_fixed(F):
    """ln 2 = 2 sum_n 1 / ((2n+1) 3^(2n+1)) (positive terms, ratio below 1/9): (lo, hi)."""
    key = ("ln2", F)
    if key not in _CACHE:
        G = F + GUARD
        total, p, n = 0, (1 << G) // 3, 0
        while p:
            total += p // (2 * n + 1)
            n += 1
            p //= 9
        _CACHE[key] = (_down(2 * total, GUARD), _up(2 * (total + n + 2), GUARD))
    return _CACHE[key]


def sin_fixed(X, F):
    """sin(X / 2^F) for 0 <= X / 2^F <= 2: alternating terms x^(2n+1)/(2n+1)!, decreasing since
    x^2 < 6. Returns (lo, hi) at scale 2^F."""
    if not 0 <= X <= 2 << F:
        raise ValueError("sin_fixed: the argument must lie in [0, 2]")
    G = F + GUARD
    x = _down(X, F - G)
    x2 = x * x >> G
    total, t, n = 0, x, 0
    while t:
        total += -t if n % 2 else t
        n += 1
        t = t * x2 // ((2 * n) * (2 * n + 1) << G)
    err = 6 * n + 6
    return max(0, _down(total - err, GUARD)), _up(total + err, GUARD)


def _exp_small(x, G, upper):
    """e^(x / 2^G) for |x| <= 2^(G-5): Taylor, positive or alternating terms; one end."""
    total, t, n, neg = 0, 1 << G, 0, x < 0
    ax = -x if neg else x
    while t:
        total += -t if (neg and n % 2) else t
        n += 1
        t = t * ax // (n << G)
    err = 3 * n + 4
    return total + err if upper else max(0, total - err)


def exp_fixed(X, F, upper):
    """One end of e^(X / 2^F) for |X / 2^F| <= 4, at scale 2^F: e^x = (e^(x/2^7))^(2^7), the
    squarings rounded outward (relative error 2^7 times the series' own)."""
    if abs(X) > 4 << F:
        raise ValueError("exp_fixed: the argument must lie in [-4, 4]")
    s = 7
    G = F + GUARD + s
    x = _up(X, F - G + s) if upper else _down(X, F - G + s)  # x / 2^s at scale 2^G
    v = _exp_small(x, G, upper)
    for _ in range(s):
        v = _up(v * v, G) if upper else v * v >> G
    return _up(v, G - F) if upper else _down(v, G - F)


def exp_binary(ylo, yhi, Fy, F):
    """e^y for ylo <= y 2^Fy <= yhi as (mlo, mhi, k): mlo 2^(k-F) <= e^y <= mhi 2^(k-F), with
    1/2 < mlo 2^-F and mhi 2^-F < 4 (y reduced by k ln 2, ln 2 known to 2^-Fy)."""
    llo, lhi = ln2_fixed(Fy)
    k = ylo // lhi
    rlo = ylo - k * (lhi if k >= 0 else llo)
    rhi = yhi - k * (llo if k >= 0 else lhi)
    G = F + GUARD
    mlo = exp_fixed(_down(rlo, Fy - G), G, False)
    mhi = exp_fixed(_up(rhi, Fy - G), G, True)
    return _down(mlo, GUARD), _up(mhi, GUARD), k


def log_fixed(U, F):
    """ln U for an integer U >= 1: ln U = b ln 2 + 2 atanh(t), 2^b <= U < 2^(b+1),
    t = (U - 2^b) / (U + 2^b) in [0, 1/3). Returns (lo, hi) at scale 2^F."""
    if U < 1:
        raise ValueError("log_fixed: U must be a positive integer")
    G = F + GUARD
    b = U.bit_length() - 1
    t = ((U - (1 << b)) << G) // (U + (1 << b))
    t2 = t * t >> G
    total, p, n = 0, t, 0
    while p:
        total += p // (2 * n + 1)
        n += 1
        p = p * t2 >> G
    llo, lhi = ln2_fixed(G + b.bit_length())
    shift = b.bit_length()
    lo = 2 * total + _down(b * llo, shift)
    hi = 2 * (total + 3 * n + 8) + _up(b * lhi, shift)
    return _down(lo, GUARD), _up(hi, GUARD)
