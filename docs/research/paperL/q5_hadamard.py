#!/usr/bin/python3
"""Q5: Appendix B.2 claim: for V with rows indexed by weak compositions q^alpha of
lambda into d parts (q_r >= 0, sum q_r = lambda), v_r^(alpha) = Omega^{q_r} / sqrt(sum_r' Omega^{2 q_r'}),
rank((V V^T)^{odot lambda}) = ((d lambda)) = binom(d+lambda-1, lambda), for all but finitely many Omega.

Exact checks:
 (1) unnormalised Gram G_ab = (sum_r Omega^{q^a_r + q^b_r})^lambda with Omega rational -> exact rank
     over Q (fractions).  Normalisation is D G D with D = diag(n_a^{-lambda/2}) > 0, so the rank is the same;
     we also verify this on tiny cases with sympy sqrt arithmetic.
 (2) A(Omega) = [Omega^{<q^a, k>}]_{a,k} (the matrix whose non-singularity the proof needs);
     det A(Omega) is factored in Q[Omega] to list exceptional Omega.
"""
import itertools
from fractions import Fraction
from math import comb
import sympy as sp


def weak_compositions(lam, d):
    out = []
    for c in itertools.combinations(range(lam + d - 1), d - 1):
        prev, parts = -1, []
        for x in c:
            parts.append(x - prev - 1)
            prev = x
        parts.append(lam + d - 1 - prev - 1)
        out.append(tuple(parts))
    return out


def rank_fraction(M):
    M = [row[:] for row in M]
    n, m = len(M), len(M[0])
    r = 0
    for c in range(m):
        piv = next((i for i in range(r, n) if M[i][c] != 0), None)
        if piv is None:
            continue
        M[r], M[piv] = M[piv], M[r]
        inv = 1 / M[r][c]
        for i in range(n):
            if i != r and M[i][c] != 0:
                f = M[i][c] * inv
                M[i] = [x - f * y for x, y in zip(M[i], M[r])]
        r += 1
        if r == n:
            break
    return r


def gram_power(Q, Om, lam):
    Om = Fraction(Om)
    return [[sum(Om**(qa[r] + qb[r]) for r in range(len(qa)))**lam for qb in Q] for qa in Q]


OMEGAS = [Fraction(2), Fraction(3), Fraction(1, 2), Fraction(-2), Fraction(5, 3),
          Fraction(1), Fraction(0), Fraction(-1)]
CASES = [(2, 1), (2, 2), (2, 3), (2, 5), (2, 9), (3, 2), (3, 3), (4, 2), (3, 4), (4, 3), (5, 3), (3, 6)]

print('(1) exact rank of (V V^T)^{odot lambda} (unnormalised; = normalised rank), vs multiset coefficient')
print('| d | lambda | ((d lambda)) | ' + ' | '.join(f'Omega={o}' for o in OMEGAS) + ' |')
print('|' + '---|' * (3 + len(OMEGAS)))
for d, lam in CASES:
    Q = weak_compositions(lam, d)
    assert len(Q) == comb(d + lam - 1, lam)
    ranks = []
    for Om in OMEGAS:
        if Om == 0:
            # convention 0^0 = 1
            G = [[sum((1 if qa[r] + qb[r] == 0 else 0) for r in range(d))**lam for qb in Q] for qa in Q]
            G = [[Fraction(x) for x in row] for row in G]
        else:
            G = gram_power(Q, Om, lam)
        ranks.append(rank_fraction(G))
    print(f'| {d} | {lam} | {len(Q)} | ' + ' | '.join(str(x) for x in ranks) + ' |')

print('\n    (d,lambda)=(2,1): Omega=0 gives V rows (1,0),(0,1) [0^0=1] -> full rank; Omega=-1 works for lambda=1 only.')

# tiny check that the normalised (irrational) version has the same rank, with sympy exact sqrt
print('\n(1b) sympy exact, normalised rows, Omega=2:')
for d, lam in [(2, 2), (2, 3), (3, 2)]:
    Q = weak_compositions(lam, d)
    Om = sp.Integer(2)
    V = sp.Matrix([[Om**q[r] / sp.sqrt(sum(Om**(2 * x) for x in q)) for r in range(d)] for q in Q])
    G = V * V.T
    H = G.applyfunc(lambda x: sp.nsimplify(sp.expand(x**lam)))
    print(f'   d={d} lambda={lam}: rank={H.rank(simplify=True)} (expected {comb(d+lam-1, lam)}); '
          f'row norms of V = {[sp.simplify((V[i,:]*V[i,:].T)[0]) for i in range(V.rows)]}')

# (2) determinant of A(Omega) = [Omega^{<q^a, k>}]
print('\n(2) det A(Omega), A_{alpha,k} = Omega^{<q^alpha, k>} over weak compositions q, k of lambda into d parts')
W = sp.Symbol('Omega')
for d, lam in [(2, 1), (2, 2), (2, 3), (3, 2), (2, 4), (3, 3)]:
    Q = weak_compositions(lam, d)
    A = sp.Matrix([[W**sum(a * b for a, b in zip(qa, kb)) for kb in Q] for qa in Q])
    det = sp.factor(A.det())
    top = sum(sum(x * x for x in q) for q in Q)
    print(f'   d={d} lambda={lam}: det = {det}')
    print(f'       degree(det) = {sp.degree(sp.expand(det), W)}; identity-permutation degree sum|q|^2 = {top}')
    roots = sp.Poly(sp.expand(det), W).all_roots() if det != 0 else []
    real_roots = sorted(set(r for r in roots if r.is_real))
    print(f'       distinct real roots of det: {real_roots}')

# (3) a non-trivial exceptional Omega: d=3, lambda=2, root of Omega^2 + 3 Omega - 1 (Omega = (sqrt(13)-3)/2 ~ 0.3028)
print('\n(3) rank at the non-trivial positive root of det A for (d,lambda)=(3,2):')
d, lam = 3, 2
Q = weak_compositions(lam, d)
for Om in [(sp.sqrt(13) - 3) / 2, -(sp.sqrt(13) + 3) / 2]:
    G = sp.Matrix([[sp.expand(sum(Om**(qa[r] + qb[r]) for r in range(d))**lam) for qb in Q] for qa in Q])
    print(f'   Omega = {Om} = {float(Om):.6f}: rank (V V^T)^(odot 2) = {G.rank(simplify=True)} (generic 6)')
print('   numeric real roots for (3,3):', [float(r) for r in sp.Poly((W**4 + W**3 + 2*W - 1)*(W**4 + 4*W**3 + 2*W + 2), W).real_roots()])
