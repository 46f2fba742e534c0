#!/usr/bin/env python3
"""Checks boundcheck certificates (--certificate FILE) from first principles.

Usage: check_certificate.py FILE [FILE ...]     ('-' reads standard input)

Independent of boundcheck: no boundcheck code, no NumPy, only the standard library (json,
fractions, math for integer functions). Each certificate kind is re-derived from its definition:

  comm neighborly     the sign vectors (regenerated from the seed), and for every witness w_S,
                      exactly in rationals: <w,v_j> = 1 on S, |<w,v_j>| <= 1/2 off S,
                      norm_sq = k ||w||^2 <= 4q; the subset list is complete when it says "all".
  comm pair-matching  the instances (regenerated from the seed), the targets by integer
                      arithmetic, and every decision "no match iff sum_j exp(alpha (cos(2 pi
                      (z_i+z_j)/M) - c_0)) < 1" with rigorous interval bounds (below); the error
                      counts; each printed margin agrees with the rigorous one to 1e-9 (1 + alpha).
  depth grid-rank     the matrix entries recomputed from their definition (Hadamard power of the
                      composition matrix, or the linearised network's grid tensor from the listed
                      weights, regenerated from the seed), the minor's determinant mod p by
                      Gaussian elimination (p checked prime), so rank >= size of the minor over Q;
                      with the exact rank, its minor and, when it is not full, an exact null space.
  rank count          every projected function's Fischer decomposition p = sum_j |x|^{2j} h_{m-2j}
                      with every h harmonic (so h_l is p's V_l component), the rows' rank: a
                      minor nonsingular mod p from below and exact dependencies from above, and
                      the rank equal to binom(r+l-1, l) (r < d) or N(d, l).

Rigorous real arithmetic (pair matching only): pi from Machin's formula with alternating-series
remainders, cos and exp from Taylor series with their remainder bounds, every result an interval
[lo, hi] of rationals rounded outward to PREC significant bits (retried at 4x the precision when
a comparison is undecided). Exit status: 0 every file checks, 1 some file is rejected, 2 usage.
"""

from __future__ import annotations

import json
import math
import re
import sys
from fractions import Fraction
from itertools import combinations

MASK64 = (1 << 64) - 1
INF = float("inf")  # only ever an upper end of an interval, compared with rationals


class Reject(Exception):
    """The certificate does not prove what it claims (or is malformed)."""


def need(cond, msg):
    if not cond:
        raise Reject(msg)


def field(c, key, kind=None):
    need(key in c, f"missing field '{key}'")
    v = c[key]
    if kind is int:
        need(isinstance(v, int) and not isinstance(v, bool), f"'{key}' must be an integer")
    elif kind is not None:
        need(isinstance(v, kind), f"'{key}' must be a {kind.__name__}")
    return v


def exact(s, what) -> Fraction:
    """An exact rational written "p", "-p" or "p/q" (the certificates' only number format)."""
    need(isinstance(s, str), f"{what} must be a string holding an exact rational, got {s!r}")
    t = s[1:] if s.startswith("-") else s
    num, _, den = t.partition("/")
    need(num.isdigit() and (den == "" or den.isdigit()), f"{what} is not an exact rational: {s!r}")
    need(den == "" or int(den) != 0, f"{what} has a zero denominator")
    return Fraction(int(num), int(den) if den else 1) * (-1 if s.startswith("-") else 1)


def integer(s, what) -> int:
    q = exact(s, what)
    need(q.denominator == 1, f"{what} must be an integer, got {s!r}")
    return q.numerator


def splitmix64(state):
    """The next (state, output) of splitmix64 (Steele, Lea, Flood 2014)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def is_prime(n: int) -> bool:
    """Deterministic Miller-Rabin for n < 3.3e24 (bases: the first 13 primes)."""
    if n < 2:
        return False
    small = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
    for p in small:
        if n % p == 0:
            return n == p
    need(n < 3317044064679887385961981, "prime too large for the deterministic test")
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in small:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def det_mod_p(rows, p):
    """Determinant of a square integer matrix modulo the prime p (Gaussian elimination)."""
    a = [[x % p for x in r] for r in rows]
    n = len(a)
    det = 1
    for c in range(n):
        piv = next((r for r in range(c, n) if a[r][c]), None)
        if piv is None:
            return 0
        if piv != c:
            a[c], a[piv] = a[piv], a[c]
            det = -det
        det = det * a[c][c] % p
        inv = pow(a[c][c], p - 2, p)
        for r in range(c + 1, n):
            f = a[r][c] * inv % p
            if f:
                ar, ac = a[r], a[c]
                for k in range(c, n):
                    ar[k] = (ar[k] - f * ac[k]) % p
    return det % p


def rank_fraction(rows) -> int:
    """Exact rank of a rational matrix (Gaussian elimination over Fractions)."""
    a = [list(r) for r in rows]
    rank, ncols = 0, len(a[0]) if a else 0
    for c in range(ncols):
        piv = next((r for r in range(rank, len(a)) if a[r][c] != 0), None)
        if piv is None:
            continue
        a[rank], a[piv] = a[piv], a[rank]
        for r in range(rank + 1, len(a)):
            if a[r][c] != 0:
                f = a[r][c] / a[rank][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[rank])]
        rank += 1
    return rank


def check_minor(matrix_entry, minor, p, what):
    """A minor {rows, cols, det_mod_p}: the determinant recomputed mod p must match and be nonzero."""
    rows, cols = field(minor, "rows", list), field(minor, "cols", list)
    rows = [tuple(x) if isinstance(x, list) else x for x in rows]
    cols = [tuple(x) if isinstance(x, list) else x for x in cols]
    need(len(rows) == len(cols), f"{what}: rows and cols differ in length")
    need(len(set(rows)) == len(rows) and len(set(cols)) == len(cols), f"{what}: repeated indices")
    m = [[matrix_entry(i, j) for j in cols] for i in rows]
    d = det_mod_p(m, p) if rows else 1
    need(d == integer(field(minor, "det_mod_p"), f"{what} det_mod_p") % p,
         f"{what}: determinant mod p is {d}, the certificate says {minor['det_mod_p']}")
    need(d != 0, f"{what}: the minor is singular mod p")
    return len(rows)


# ---------------------------------------------------------------------------------------------
# comm neighborly

def check_neighborly(c):
    N, q, k = field(c, "N", int), field(c, "q", int), field(c, "k", int)
    need(1 <= q <= N and q <= k, "need 1 <= q <= N and q <= k")
    check_limits([("N", N, 100000), ("k", k, 4096)], "neighborly")
    seed = integer(field(c, "seed"), "seed")
    signs = field(c, "sign_vectors", list)
    need(len(signs) == N, f"sign_vectors: {len(signs)} vectors, N = {N}")
    v = []
    state = (seed ^ (k * 0x9E3779B97F4A7C15)) & MASK64
    for j, row in enumerate(signs):
        need(isinstance(row, str) and len(row) == k and set(row) <= {"+", "-"},
             f"sign_vectors[{j}] must be {k} characters + or -")
        vec = []
        for i in range(k):
            state, out = splitmix64(state)
            vec.append(1 if out >> 63 else -1)
        need(vec == [1 if ch == "+" else -1 for ch in row],
             f"sign_vectors[{j}] is not the seed's vector (splitmix64 from seed {seed})")
        v.append(vec)
    seen, max_norm = [], Fraction(0)
    for n, wit in enumerate(field(c, "witnesses", list)):
        S = field(wit, "S", list)
        need(len(S) == q and len(set(S)) == q and all(isinstance(j, int) and 1 <= j <= N for j in S),
             f"witness {n}: S must be {q} distinct indices in 1..{N}")
        w = [exact(x, f"witness {n} w") for x in field(wit, "w", list)]
        need(len(w) == k, f"witness {n}: w has {len(w)} entries, k = {k}")
        norm = exact(field(wit, "norm_sq"), f"witness {n} norm_sq")
        D = 1
        for x in w:
            D = D * x.denominator // math.gcd(D, x.denominator)
        a = [int(x * D) for x in w]  # w = a / D exactly
        inS = set(S)
        for j in range(N):
            dot = sum(ai * vi for ai, vi in zip(a, v[j]))  # D <w, v_j>
            if j + 1 in inS:
                need(dot == D, f"witness {n} (S = {S}): <w,u_{j + 1}> = {Fraction(dot, D)}, not 1")
            else:
                need(2 * abs(dot) <= D, f"witness {n} (S = {S}): |<w,u_{j + 1}>| = {abs(Fraction(dot, D))} > 1/2")
        need(k * sum(x * x for x in a) == norm * D * D,
             f"witness {n} (S = {S}): norm_sq = {norm}, but k ||w||^2 = {Fraction(k * sum(x * x for x in a), D * D)}")
        need(norm <= 4 * q, f"witness {n} (S = {S}): ||w_S||^2 = {norm} > 4q = {4 * q}")
        max_norm = max(max_norm, norm)
        seen.append(tuple(sorted(S)))
    others = field(c, "not_certified", list)
    for n, o in enumerate(others):
        S = field(o, "S", list)
        need(len(S) == q and all(isinstance(j, int) and 1 <= j <= N for j in S), f"not_certified {n}: bad S")
        need(field(o, "status") in ("infeasible", "norm_exceeds", "not_found"), f"not_certified {n}: bad status")
    claim = field(c, "claim", dict)
    need(field(claim, "certified", int) == len(seen),
         f"claim: {claim['certified']} certified, the certificate holds {len(seen)} witnesses")
    need(field(claim, "tried", int) == len(seen) + len(others), "claim: tried != witnesses + not_certified")
    need(exact(field(claim, "max_norm_sq"), "max_norm_sq") == max_norm, "claim: max_norm_sq is not the largest norm")
    need(field(claim, "bound_4q", int) == 4 * q, "claim: bound_4q != 4q")
    scope = field(claim, "subsets")
    if scope == "all":
        listed = seen + [tuple(sorted(o["S"])) for o in others]
        need(len(listed) == math.comb(N, q), f"claim: 'all' subsets, but {len(listed)} are listed of C({N},{q})")
        everything = set(combinations(range(1, N + 1), q))
        need(len(listed) == len(everything) and set(listed) == everything,
             f"claim: 'all' subsets, but the lists do not hold each of the C({N},{q}) = {len(everything)} subsets once")
    else:
        need(scope == "sampled", "claim: subsets must be 'all' or 'sampled'")
    return (f"N={N} q={q} k={k}: {len(seen)} of {len(seen) + len(others)} subsets ({scope}) have an exact "
            f"witness (<w,u_j> = 1 on S, |<w,u_j>| <= 1/2 off S, ||w_S||^2 <= {4 * q}; max {float(max_norm):.4g})")

# ---------------------------------------------------------------------------------------------
# Rigorous real arithmetic: intervals [lo, hi] of rationals, rounded outward to `bits` bits.

def rdown(q: Fraction, bits: int) -> Fraction:
    """The largest rational m / 2^e <= q with m of about `bits` bits (q itself when q = 0)."""
    if q == 0:
        return q
    e = bits - (abs(q.numerator).bit_length() - q.denominator.bit_length())
    if e >= 0:
        return Fraction((q.numerator << e) // q.denominator, 1 << e)
    return Fraction((q.numerator // (q.denominator << -e)) << -e)


def rup(q: Fraction, bits: int) -> Fraction:
    return -rdown(-q, bits)


def alternating_bracket(terms):
    """Partial sums S_n, S_{n+1} of an alternating series whose terms decrease in absolute value
    from the first one on: the sum lies between them. `terms` yields the terms until they are small."""
    s, prev = Fraction(0), None
    for t in terms:
        prev, s = s, s + t
    return (min(prev, s), max(prev, s))


_PI = {}


def pi_bounds(bits):
    """pi = 16 atan(1/5) - 4 atan(1/239) (Machin), each atan an alternating series."""
    if bits not in _PI:
        eps = Fraction(1, 1 << (bits + 8))

        def atan_terms(x):
            n, t = 0, x
            while True:
                yield t if n % 2 == 0 else -t
                if t < eps:
                    return
                n += 1
                t = x ** (2 * n + 1) / (2 * n + 1)

        a = alternating_bracket(atan_terms(Fraction(1, 5)))
        b = alternating_bracket(atan_terms(Fraction(1, 239)))
        _PI[bits] = (rdown(16 * a[0] - 4 * b[1], bits), rup(16 * a[1] - 4 * b[0], bits))
    return _PI[bits]


def cos_point(x: Fraction, bits):
    """Bounds on cos(x) for a rational 0 <= x <= 3.4: the Taylor series is alternating and its
    terms x^{2n}/(2n)! decrease from n = 1 on ((2n+1)(2n+2) > x^2)."""
    eps = Fraction(1, 1 << (bits + 8))

    def terms():
        n, t = 0, Fraction(1)
        while True:
            yield t if n % 2 == 0 else -t
            if t < eps and n >= 1:
                return
            n += 1
            t = t * x * x / ((2 * n - 1) * (2 * n))

    lo, hi = alternating_bracket(terms())
    return rdown(lo, bits), rup(hi, bits)


def cos_2pi_r_over_m(r, M, bits):
    """Interval of cos(2 pi r / M): exact at r = 0 and r = M/2, else cos is decreasing on (0, pi)."""
    r = r % M
    r = min(r, M - r)
    if r == 0:
        return (Fraction(1), Fraction(1))
    if 2 * r == M:
        return (Fraction(-1), Fraction(-1))
    plo, phi = pi_bounds(bits)
    xlo, xhi = 2 * plo * r / M, 2 * phi * r / M
    return (cos_point(xhi, bits)[0], cos_point(xlo, bits)[1])


EXP_CLAMP = 1 << 16


def exp_point(y: Fraction, bits):
    """Bounds on exp(y) for a rational y: exp(y) = exp(y / 2^k)^(2^k) with |y / 2^k| <= 1/16, the
    Taylor series there (alternating for y < 0; remainder <= 2 t^{n+1}/(n+1)! for y >= 0), then k
    squarings rounded outward. Beyond |y| = 2^16 only a one-sided bound is kept (e > 2):
    exp(y) <= 2^y for y < 0 and exp(y) >= 2^y for y > 0, with +infinity as the other end."""
    if y < -EXP_CLAMP:
        return Fraction(0), Fraction(1, 1 << EXP_CLAMP)
    if y > EXP_CLAMP:
        return Fraction(1 << EXP_CLAMP), INF
    k = 0
    while abs(y) > Fraction(1, 16) * (1 << k):
        k += 1
    t = y / (1 << k)
    w = bits + 16 + k
    eps = Fraction(1, 1 << w)
    if t < 0:
        def terms():
            n, term = 0, Fraction(1)
            while True:
                yield term if n % 2 == 0 else -term
                if term < eps:
                    return
                n += 1
                term = term * (-t) / n
        lo, hi = alternating_bracket(terms())
    else:
        s, term, n = Fraction(0), Fraction(1), 0
        while term >= eps:
            s += term
            n += 1
            term = term * t / n
        lo, hi = s, s + 2 * term
    lo, hi = rdown(lo, w), rup(hi, w)
    for _ in range(k):
        lo, hi = rdown(lo * lo, w), rup(hi * hi, w)
    return lo, hi


# ---------------------------------------------------------------------------------------------
# comm pair-matching

def pm_instance(N, M, seed, t):
    state = (seed ^ (0x5851F42D4C957F2D * (t + 1))) & MASK64
    z = []
    for _ in range(N):
        state, x = splitmix64(state)
        z.append(1 + ((x * M) >> 64))
    return z


class PairMatching:
    def __init__(self, N, M, theta):
        self.N, self.M, self.theta = N, M, theta
        self.cache = {}

    def exp_r(self, r, alpha, bits):
        """E_r = exp(alpha (cos(2 pi r/M) - c_0)) as an interval (cached; E_r = E_{M-r})."""
        r = min(r % self.M, self.M - r % self.M)
        key = (r, alpha, bits)
        if key not in self.cache:
            th = self.theta
            if (bits, "c0") not in self.cache:
                c1 = cos_2pi_r_over_m(1, self.M, bits)
                self.cache[(bits, "c0")] = (th + (1 - th) * c1[0], th + (1 - th) * c1[1])  # increasing in c_1
            c0 = self.cache[(bits, "c0")]
            c = cos_2pi_r_over_m(r, self.M, bits)
            ylo, yhi = alpha * (c[0] - c0[1]), alpha * (c[1] - c0[0])
            self.cache[key] = (exp_point(rdown(ylo, bits), bits)[0], exp_point(rup(yhi, bits), bits)[1])
        return self.cache[key]

    def decide(self, z, i, alpha):
        """(no_match_predicted, S interval) for output i, raising the precision until decided."""
        counts = {}
        for zj in z:
            r = (z[i] + zj) % self.M
            counts[r] = counts.get(r, 0) + 1
        bits = 96
        while True:
            E = {r: self.exp_r(r, alpha, bits) for r in counts}
            lo = sum(n * E[r][0] for r, n in counts.items())
            hi = sum(n * E[r][1] for r, n in counts.items())
            if hi < 1:
                return True, (lo, hi)
            if lo >= 1:
                return False, (lo, hi)
            need(bits < 4096, f"output {i + 1}: sum_j exp(alpha (cos - c_0)) straddles 1 at 4096 bits")
            bits *= 4


def pm_check_margin(text, S, alpha, where):
    """The printed margin m agrees with -log S to 1e-9 (1 + alpha): S lies in exp(-m -+ tol)."""
    need(isinstance(text, str) and re.fullmatch(r"-?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]{1,3})?", text) is not None,
         f"{where}: margin {text!r} is not a decimal double")
    try:
        m = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise Reject(f"{where}: margin {text!r} is not a finite decimal")
    tol = Fraction(1, 10 ** 9) * (1 + alpha)
    lo = exp_point(-m - tol, 64)[0]
    hi = exp_point(-m + tol, 64)[1]
    need(S[1] >= lo and S[0] <= hi, f"{where}: margin {text} is not -log sum_j exp(...) to 1e-9 (1 + alpha)")


def check_limits(values, what):
    """The checker refuses parameters beyond boundcheck's own limits: its cost must follow the file's size."""
    for name, v, hi in values:
        need(isinstance(v, int) and not isinstance(v, bool) and v <= hi, f"{what}: {name} = {v} is above {hi}")


def pm_evaluation(pm, ev, seed, trials, where):
    """Recomputes an evaluation; returns (errors, false_match, missed_match, outputs, wrong list)."""
    role = field(ev, "role", str)
    alpha = exact(field(ev, "alpha"), f"{where} alpha") if role != "every_alpha" else None
    need(alpha is None or alpha > 0, f"{where}: alpha must be > 0")
    insts = field(ev, "instances", list)
    if field(ev, "scope") == "all trials":
        need([field(x, "trial", int) for x in insts] == list(range(trials)),
             f"{where}: the instances must be trials 0..{trials - 1}, each once, in order")
    errors = fm = mm = outputs = 0
    wrong = []
    for inst in insts:
        t = field(inst, "trial", int)
        need(0 <= t < trials, f"{where}: trial {t} out of range")
        z = field(inst, "z", list)
        need(z == pm_instance(pm.N, pm.M, seed, t), f"{where}: trial {t}'s z is not the seed's instance")
        truth = [any((zi + zj) % pm.M == 0 for zj in z) for zi in z]
        if role == "every_alpha":
            need(pm.N == 1 or all(truth), f"{where}: trial {t} has an output without a match, which errs "
                 "for small alpha (the sum tends to N > 1)")
            continue
        margins = field(inst, "margins", list)
        need(len(margins) == len(z), f"{where}: trial {t}: {len(margins)} margins for {len(z)} outputs")
        for i in range(len(z)):
            no_match, S = pm.decide(z, i, alpha)
            pm_check_margin(margins[i], S, alpha, f"{where} trial {t} output {i + 1}")
            outputs += 1
            if no_match == truth[i]:  # predicted "no match" on a match, or "match" on a no-match
                errors += 1
                wrong.append((t, i + 1))
                if truth[i]:
                    mm += 1
                else:
                    fm += 1
    return role, alpha, errors, fm, mm, outputs, wrong


def check_pair_matching(c):
    N, M, trials = field(c, "N", int), field(c, "M", int), field(c, "trials", int)
    need(N >= 1 and M >= 2 and trials >= 1, "need N >= 1, M >= 2, trials >= 1")
    check_limits([("N", N, 10 ** 6), ("M", M, 1 << 62)], "pair matching")
    theta = exact(field(c, "theta"), "theta")
    need(0 < theta < 1, "theta must lie in (0, 1)")
    seed = integer(field(c, "seed"), "seed")
    pm = PairMatching(N, M, theta)
    claim = field(c, "claim", dict)
    evs = field(c, "evaluations", list)
    results = {}
    for n, ev in enumerate(evs):
        role, alpha, errors, fm, mm, outputs, wrong = pm_evaluation(pm, ev, seed, trials, f"evaluation {n}")
        if role in ("given", "zero_errors"):
            need(field(ev, "scope") == "all trials", f"evaluation {n}: must cover all trials")
            need(field(ev, "errors", int) == errors and field(ev, "false_match", int) == fm
                 and field(ev, "missed_match", int) == mm and field(ev, "outputs", int) == outputs,
                 f"evaluation {n}: recomputed {errors} errors ({fm} false, {mm} missed) in {outputs} outputs, "
                 f"the certificate says {ev.get('errors')} ({ev.get('false_match')}, {ev.get('missed_match')}) "
                 f"in {ev.get('outputs')}")
        if role == "has_error":
            need((field(ev["instances"][0], "trial", int), field(ev, "wrong_output", int)) in wrong,
                 f"evaluation {n}: output {ev.get('wrong_output')} is decided right, not wrong, at this alpha")
        results[role] = (alpha, errors, outputs)
    head = f"N={N} M={M} theta={theta} trials={trials}"
    if "alpha" in claim:
        need("given" in results and results["given"][0] == exact(claim["alpha"], "claim alpha"),
             "claim: no evaluation at the claimed alpha")
        need(field(claim, "errors", int) == results["given"][1], "claim: error count differs")
        a, e, o = results["given"]
        return f"{head}: at alpha = {float(a):.10g}, {e} errors in {o} outputs, every decision certified"
    hi = exact(field(claim, "alpha_min_at_most"), "alpha_min_at_most")
    lo = exact(field(claim, "alpha_min_above"), "alpha_min_above")
    if hi == 0:
        need("every_alpha" in results, "claim: alpha_min = 0 needs an every_alpha evaluation")
        return f"{head}: every output has a match (or N = 1): no alpha > 0 errs, alpha_min = 0"
    need(0 < lo < hi, "claim: need 0 < alpha_min_above < alpha_min_at_most")
    need(results.get("zero_errors", (None,))[0] == hi and results["zero_errors"][1] == 0,
         "claim: no error-free evaluation at alpha_min_at_most")
    need(results.get("has_error", (None,))[0] == lo, "claim: no erring instance at alpha_min_above")
    return (f"{head}: 0 errors in {results['zero_errors'][2]} outputs at alpha = {float(hi):.10g} and an error at "
            f"alpha = {float(lo):.10g}; errors are monotone in alpha, so alpha_min lies in between")


# ---------------------------------------------------------------------------------------------
# depth grid-rank

def weak_compositions(total, parts):
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in weak_compositions(total - first, parts - 1):
            yield (first,) + rest


def check_hadamard(c):
    d, lam, n = field(c, "d", int), field(c, "lambda", int), field(c, "n", int)
    need(d >= 1 and lam >= 1, "need d >= 1 and lambda >= 1")
    check_limits([("d", d, 64), ("lambda", lam, 64)], "hadamard")
    omega = exact(field(c, "omega"), "omega")
    need(omega != 0, "omega must be nonzero")
    need(abs(omega.numerator).bit_length() <= 1000 and omega.denominator.bit_length() <= 1000,
         "omega's numerator and denominator must be below 2^1000")
    p, s = omega.numerator, omega.denominator
    comps = [tuple(x) for x in field(c, "compositions", list)]
    need(n == math.comb(d + lam - 1, lam) == len(comps), f"n must be binom(d+lambda-1, lambda) = "
         f"{math.comb(d + lam - 1, lam)} and the number of compositions")
    need(set(comps) == set(weak_compositions(lam, d)) and len(set(comps)) == n,
         "compositions must be every weak composition of lambda into d parts, once each")
    cache = {}

    def entry(a, b):
        key = (a, b) if a <= b else (b, a)
        if key not in cache:
            qa, qb = comps[a], comps[b]
            cache[key] = sum(p ** (x + y) * s ** (2 * lam - x - y) for x, y in zip(qa, qb)) ** lam
        return cache[key]

    def index_ok(minor):
        return all(isinstance(i, int) and 0 <= i < n for i in minor["rows"] + minor["cols"])

    prime = integer(field(c, "prime"), "prime")
    need(is_prime(prime), f"{prime} is not prime")
    minor = field(c, "minor", dict)
    need(index_ok(minor), "minor: indices out of range")
    r = check_minor(entry, minor, prime, "minor")
    claim = field(c, "claim", dict)
    need(field(claim, "rank_at_least", int) == r, "claim: rank_at_least is not the minor's size")
    need(field(claim, "rank_mod_p", int) == r, "claim: rank_mod_p is not the minor's size")
    need(field(claim, "multiset", int) == n, "claim: multiset != binom(d+lambda-1, lambda)")
    out = f"d={d} lambda={lam} Omega={omega}: rank_Q >= {r} of binom(d+lambda-1, lambda) = {n}"
    out += " (full rank: = n)" if r == n else ""
    if "exact" in c:
        e = c["exact"]
        rank = field(e, "rank", int)
        ep = integer(field(e, "prime"), "exact prime")
        need(is_prime(ep), f"exact prime {ep} is not prime")
        em = field(e, "minor", dict)
        need(index_ok(em), "exact minor: indices out of range")
        need(check_minor(entry, em, ep, "exact minor") == rank, "exact: the minor's size is not the rank")
        need(rank >= r, "exact: the exact rank is below the rank mod p")
        if rank == n:
            out += f"; exact rank = {n}"
        elif "null_space" in e:
            ns = [[integer(x, "null_space entry") for x in v] for v in e["null_space"]]
            need(len(ns) == n - rank and all(len(v) == n for v in ns), "exact: null space of the wrong shape")
            for k, v in enumerate(ns):
                need(all(sum(entry(a, b) * v[b] for b in range(n)) == 0 for a in range(n)),
                     f"exact: null_space[{k}] is not in the null space of A")
            need(rank_fraction([[Fraction(x) for x in v] for v in ns]) == n - rank,
                 "exact: the null-space vectors are not independent")
            out += f"; exact rank = {rank} (minor from below, {n - rank} null vectors from above)"
        else:
            out += f"; exact rank >= {rank} (the upper bound is not part of the certificate)"
    return out


def check_network(c):
    L, dx, H, N, M = (field(c, k, int) for k in ("L", "dx", "H", "N", "templates"))
    need(L >= 1 and H >= 1 and dx % H == 0 and N >= 2 and N % 2 == 0 and M >= 1, "bad L, dx, H, N, templates")
    check_limits([("L", L, 8), ("dx", dx, 64), ("H", H, 64), ("N", N, 8), ("templates ^ (N/2)", M ** (N // 2), 3000)],
                 "network")
    da = dx // H
    prime = integer(field(c, "prime"), "prime")
    need(is_prime(prime), f"{prime} is not prime")
    seed = integer(field(c, "seed"), "seed")
    state = seed

    def draw(count):
        nonlocal state
        out = []
        for _ in range(count):
            state, x = splitmix64(state)
            out.append(x % prime)
        return out

    def ints(v, what, count):
        need(isinstance(v, list) and len(v) == count, f"{what}: {count} entries expected")
        return [integer(x, what) for x in v]

    ws = field(c, "weights", list)
    need(len(ws) == L * H, f"weights: {L * H} (layer, head) blocks expected")
    W = []
    for i, blk in enumerate(ws):
        need((field(blk, "layer", int), field(blk, "head", int)) == (i // H + 1, i % H + 1),
             f"weights[{i}]: layer/head out of order")
        mats = {}
        for name, count in (("W_Q", da * dx), ("W_K", da * dx), ("W_V", da * dx), ("W_O", dx * da)):
            mats[name] = ints(blk.get(name), f"weights[{i}] {name}", count)
            need(mats[name] == draw(count), f"weights[{i}] {name} are not the seed's draws")
        W.append(mats)
    T = [ints(t, "template_vectors", dx) for t in field(c, "template_vectors", list)]
    need(len(T) == M, f"template_vectors: {M} expected")
    for k, t in enumerate(T):
        need(t == draw(dx), f"template_vectors[{k}] are not the seed's draws")
    P = prime

    def matmul(a, ar, ac, b, bc):  # a: ar x ac (row-major flat), b: ac x bc (list of rows)
        return [[sum(a[i * ac + k] * b[k][j] for k in range(ac)) % P for j in range(bc)] for i in range(ar)]

    memo = {}

    def y(idx):
        if idx not in memo:
            X = [[T[idx[j]][i] for j in range(N)] for i in range(dx)]
            for layer in range(L):
                Y = [[0] * N for _ in range(dx)]
                for h in range(H):
                    w = W[layer * H + h]
                    KX, QX, VX = (matmul(w[m], da, dx, X, N) for m in ("W_K", "W_Q", "W_V"))
                    S = [[sum(KX[a][j] * QX[a][i] for a in range(da)) % P for i in range(N)] for j in range(N)]
                    VS = [[sum(VX[a][j] * S[j][i] for j in range(N)) % P for i in range(N)] for a in range(da)]
                    OV = matmul(w["W_O"], dx, da, VS, N)
                    Y = [[(Y[i][j] + OV[i][j]) % P for j in range(N)] for i in range(dx)]
                X = Y
            memo[idx] = X[0][0]
        return memo[idx]

    side = M ** (N // 2)
    parts = field(c, "partitions", list)
    need(parts, "no partitions")
    out = []
    for n, part in enumerate(parts):
        I = [i - 1 for i in field(part, "I", list)]
        need(len(I) == N // 2 and len(set(I)) == N // 2 and all(0 <= i < N for i in I),
             f"partition {n}: I must be N/2 distinct positions in 1..N")
        J = [j for j in range(N) if j not in I]

        def digits(x, count):
            out_d = []
            for _ in range(count):
                out_d.append(x % M)
                x //= M
            return out_d[::-1]

        def entry(row, col):
            idx = [0] * N
            for pos, v in zip(I, digits(row, len(I))):
                idx[pos] = v
            for pos, v in zip(J, digits(col, len(J))):
                idx[pos] = v
            return y(tuple(idx))

        minor = field(part, "minor", dict)
        need(all(isinstance(i, int) and 0 <= i < side for i in minor["rows"] + minor["cols"]),
             f"partition {n}: minor indices out of range")
        r = check_minor(entry, minor, prime, f"partition {n} minor")
        need(field(part, "rank_mod_p", int) == r, f"partition {n}: rank_mod_p is not the minor's size")
        out.append(f"I={[i + 1 for i in I]}: rank_Q >= {r}")
    return f"L={L} dx={dx} H={H} N={N} M={M}: grid matrix (side {side}) " + ", ".join(out)


def check_grid_rank(c):
    kind = field(c, "kind", str)
    need(kind in ("hadamard", "network"), "kind must be hadamard or network")
    return check_hadamard(c) if kind == "hadamard" else check_network(c)


# ---------------------------------------------------------------------------------------------
# rank count

def harmonic_dim(d, l):
    """N(d, l), the dimension of the degree-l spherical harmonics in d variables."""
    if l == 0:
        return 1
    return math.comb(l + d - 1, d - 1) - (math.comb(l + d - 3, d - 1) if l >= 2 else 0)


def monomials(d, m, first):
    """Exponent tuples of degree m in d variables supported on the first `first` of them."""
    return {c + (0,) * (d - first) for c in weak_compositions(m, first)} if first > 0 else set()


def poly(j, d, where):
    deg = field(j, "degree", int)
    P = {}
    for term in field(j, "terms", list):
        need(isinstance(term, list) and len(term) == 2, f"{where}: a term is [exponent, coefficient]")
        e = tuple(term[0])
        need(len(e) == d and all(isinstance(x, int) and x >= 0 for x in e) and sum(e) == deg,
             f"{where}: exponent {list(e)} is not of degree {deg} in {d} variables")
        need(e not in P, f"{where}: exponent {list(e)} repeated")
        P[e] = exact(term[1], f"{where} coefficient")
        need(P[e] != 0, f"{where}: a zero coefficient is listed")
    return deg, P


def add_into(acc, P, scale=1):
    for e, v in P.items():
        acc[e] = acc.get(e, 0) + scale * v
        if acc[e] == 0:
            del acc[e]


def laplacian(P):
    out = {}
    for e, v in P.items():
        for i, x in enumerate(e):
            if x >= 2:
                add_into(out, {e[:i] + (x - 2,) + e[i + 1:]: v * x * (x - 1)})
    return out


def times_norm2(P, d):
    out = {}
    for e, v in P.items():
        for i in range(d):
            add_into(out, {e[:i] + (e[i] + 2,) + e[i + 1:]: v})
    return out


def check_degree(deg, d, r, where):
    l = field(deg, "l", int)
    if deg.get("constructed") == "n/a":
        return f"l={l}: not constructed"
    rr = min(r, d)
    fs = field(deg, "functions", list)
    need(isinstance(l, int) and l >= 0, f"{where}: l must be an integer >= 0")
    need(len(fs) == math.comb(l + rr - 1, rr - 1) + math.comb(l + rr + 1, rr - 1),
         f"{where}: {len(fs)} functions listed, not the number of monomials of degree l and l+2 in {rr} variables")
    exps = [tuple(field(f, "exponent", list)) for f in fs]
    need(sorted(exps) == sorted(monomials(d, l, rr) | monomials(d, l + 2, rr)) and len(set(exps)) == len(exps),
         f"{where}: the functions must be every monomial of degree l and l+2 in z_1..z_{rr}, once each")
    rows = []
    for n, (f, e) in enumerate(zip(fs, exps)):
        m = sum(e)
        parts = field(f, "parts", list)
        need(len(parts) == m // 2 + 1, f"{where} function {n}: {m // 2 + 1} Fischer parts expected")
        total = {}
        for j, pj in enumerate(parts):
            dj, P = poly(pj, d, f"{where} function {n} part {j}")
            need(dj == m - 2 * j, f"{where} function {n}: part {j} must have degree {m - 2 * j}")
            need(not laplacian(P), f"{where} function {n}: part {j} is not harmonic")
            for _ in range(j):
                P = times_norm2(P, d)
            add_into(total, P)
        need(total == {e: 1}, f"{where} function {n}: sum_j |x|^(2j) h_(m-2j) is not z^{list(e)}")
        rows.append(poly(parts[(m - l) // 2], d, "")[1])
    p = integer(field(deg, "prime"), f"{where} prime")
    need(is_prime(p), f"{where}: {p} is not prime")

    def entry(i, col):
        need(isinstance(i, int) and 0 <= i < len(rows), f"{where}: minor row {i} out of range")
        v = rows[i].get(tuple(col), Fraction(0))
        need(v.denominator % p != 0, f"{where}: p divides a denominator")
        return v.numerator * pow(v.denominator, -1, p) % p

    minor = field(deg, "minor", dict)
    rank = check_minor(entry, minor, p, f"{where} minor")
    basis = minor["rows"]
    deps = field(deg, "dependencies", list)
    need(sorted([field(x, "row", int) for x in deps] + basis) == list(range(len(rows))),
         f"{where}: every row outside the minor needs one dependency")
    for x in deps:
        cs = [exact(v, f"{where} dependency") for v in field(x, "coefficients", list)]
        need(len(cs) == rank, f"{where}: a dependency needs {rank} coefficients")
        comb = {}
        for cf, b in zip(cs, basis):
            add_into(comb, rows[b], cf)
        need(comb == rows[x["row"]], f"{where}: row {x['row']} is not the listed combination of the minor's rows")
    need(field(deg, "constructed", int) == rank, f"{where}: constructed != the certified rank {rank}")
    count = math.comb(r + l - 1, l) if r < d else harmonic_dim(d, l)
    need(rank == count, f"{where}: the certified rank {rank} differs from the count {count}")
    return f"l={l}: rank {rank} = {'binom(r+l-1, l)' if r < d else 'N(d,l)'}"


def check_rank_count(c):
    d, r = field(c, "d", int), field(c, "r", int)
    need(d >= 2 and r >= 1, "need d >= 2 and r >= 1")
    check_limits([("d", d, 12), ("r", r, 1 << 40)], "rank count")
    degs = field(c, "degrees", list)
    need(degs, "no degrees")
    parts = [check_degree(x, d, r, f"degree {n}") for n, x in enumerate(degs)]
    return f"d={d} r={r}: " + "; ".join(parts) + " (harmonic projections, exact)"


CHECKERS = {
    "comm neighborly": check_neighborly,
    "comm pair-matching": check_pair_matching,
    "depth grid-rank": check_grid_rank,
    "rank count": check_rank_count,
}


def check(c) -> str:
    need(isinstance(c, dict), "not a JSON object")
    kind = field(c, "certificate", str)
    need(kind in CHECKERS, f"unknown certificate kind {kind!r} (known: {', '.join(CHECKERS)})")
    need(field(c, "format", int) == 1, "unsupported format version")
    return f"{kind}: {CHECKERS[kind](c)}"


def main(argv) -> int:
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    bad = 0
    for name in argv[1:]:
        try:
            text = sys.stdin.read() if name == "-" else open(name, encoding="utf-8").read()
            c = json.loads(text)
            print(f"{name}: ok: {check(c)}")
        except Reject as e:
            print(f"{name}: REJECTED: {e}")
            bad += 1
        except (OSError, ValueError, UnicodeDecodeError) as e:
            print(f"{name}: REJECTED: unreadable ({e})")
            bad += 1
        except (TypeError, KeyError, IndexError, AttributeError, ZeroDivisionError) as e:
            print(f"{name}: REJECTED: malformed ({type(e).__name__}: {e})")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
