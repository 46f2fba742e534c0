#!/usr/bin/python3
"""Q6: the linearised self-attention network (eq. 3 / eq. 12), Lemma 1 (C(L) = (3^L-1)/2),
grid tensors and their matricisation (App. B.1), and the Lemma 6 weight/template construction.

Layer (eq. 12):  Y = sum_h W^{O,h} W^{V,h} X X^T (W^{K,h})^T W^{Q,h} X,  X in R^{d_x x N}
  (bilinear, no complex conjugation, so it also runs on the complex weights of Lemma 6).
"""
import itertools
import random
from math import comb

import numpy as np
import sympy as sp


def layer(X, Wq, Wk, Wv, Wo):
    """one linearised layer; X: d_x x N (numpy object/complex/int array); W*: lists over heads"""
    Y = 0
    for q, k, v, o in zip(Wq, Wk, Wv, Wo):
        S = (k @ X).T @ (q @ X)          # S[j, i] = <W^Q x^i, W^K x^j>
        Y = Y + o @ (v @ X) @ S          # sum_j S[j,i] W^O W^V x^j
    return Y


def network(X, weights):
    for (Wq, Wk, Wv, Wo) in weights:
        X = layer(X, Wq, Wk, Wv, Wo)
    return X


def rand_weights(L, dx, H, rng, lo=-3, hi=3):
    da = dx // H
    R = lambda r, c: np.array([[rng.randint(lo, hi) for _ in range(c)] for _ in range(r)], dtype=object)
    return [([R(da, dx) for _ in range(H)], [R(da, dx) for _ in range(H)],
             [R(da, dx) for _ in range(H)], [R(dx, da) for _ in range(H)]) for _ in range(L)]


def rank_mod_p(M, p=(1 << 61) - 1):
    """rank over GF(p) of an integer matrix; <= rank over Q, so a certified lower bound"""
    A = [[int(x) % p for x in row] for row in M]
    n, m = len(A), len(A[0])
    r = 0
    for c in range(m):
        piv = next((i for i in range(r, n) if A[i][c]), None)
        if piv is None:
            continue
        A[r], A[piv] = A[piv], A[r]
        inv = pow(A[r][c], p - 2, p)
        A[r] = [x * inv % p for x in A[r]]
        for i in range(n):
            if i != r and A[i][c]:
                f = A[i][c]
                A[i] = [(x - f * y) % p for x, y in zip(A[i], A[r])]
        r += 1
    return r


# ---------------------------------------------------------------------------
print('=== (a) Lemma 1: degree 3^L and C(L)+1 = (3^L+1)/2 distinct positions per monomial ===')
for L, dx, H, N in [(1, 1, 1, 4), (1, 2, 2, 3), (2, 1, 1, 7), (2, 2, 1, 6), (2, 2, 2, 6)]:
    rng = random.Random(1)
    syms = sp.symbols(f'x0:{dx*N}')
    X = np.array(syms, dtype=object).reshape(N, dx).T
    W = rand_weights(L, dx, H, rng, 1, 3)
    y = sp.Poly(sp.expand(network(X, W)[0, 0]), *syms)   # output position i=1, entry p=1
    degs = {sum(m) for m in y.monoms()}
    maxpos = max(sum(1 for pos in range(N) if any(m[pos*dx + c] for c in range(dx))) for m in y.monoms())
    print(f'L={L} dx={dx} H={H} N={N}: total degrees {sorted(degs)} (3^L={3**L}); '
          f'max #distinct positions in a monomial = {maxpos} (C(L)+1 = {(3**L-1)//2 + 1}, capped at N)')

# L=3: homogeneity degree 27 checked numerically with exact integers: y(tX) = t^27 y(X)
for seed in range(3, 50):
    rng = random.Random(seed)
    W = rand_weights(3, 2, 1, rng, -5, 6)
    X = np.array([[rng.randint(-3, 3) for _ in range(4)] for _ in range(2)], dtype=object)
    y1, y2 = network(X, W)[0, 0], network(2 * X, W)[0, 0]
    if y1:
        break
print(f'L=3 dx=2 N=4 (seed {seed}): y(2X)/y(X) = {y2 / y1} ; 2^27 = {2**27}  (homogeneous of degree 3^L)')

# ---------------------------------------------------------------------------
print('\n=== (b) grid-tensor rank, random integer weights, N=2, partition I={1}, J={2}, i=1, p=1 ===')
print('    (rank mod 2^61-1 = certified lower bound on sep; compared to Thm 3 / Thm 4 upper bounds')
print('     and to the number of monomials available in x^(2) [even degrees <= 2C])')
print('| L | d_x | H | M | rank (max over seeds) | Thm3 (H(da+1))^C | Thm4 bound | #monomials x^(2) even deg<=2C | Thm1 LB 3^(...) if L<log3 dx |')
print('|---|---|---|---|---|---|---|---|---|')


def thm4(dx, C):
    return dx * (C + 1) * comb(dx + 2 * C - 1, 2 * C) * (2 * C / dx + 1)**dx


for L, dx, H, M in [(1, 2, 1, 40), (1, 2, 2, 40), (1, 3, 1, 60), (1, 4, 1, 80), (1, 4, 2, 80), (1, 4, 4, 80),
                    (2, 2, 1, 120), (2, 2, 2, 120), (2, 3, 1, 200), (2, 3, 3, 200)]:
    r = 0
    for seed in range(3 if L == 1 else 2):
        rng = random.Random(7 + L * 100 + dx * 10 + H + 1000 * seed)
        W = rand_weights(L, dx, H, rng, -9, 10)
        T = [np.array([rng.randint(-9, 9) for _ in range(dx)], dtype=object) for _ in range(M)]
        G = [[network(np.stack([T[a], T[b]], axis=1), W)[0, 0] for b in range(M)] for a in range(M)]
        r = max(r, rank_mod_p(G))
    C = (3**L - 1) // 2
    da = dx // H
    nmono = sum(comb(k + dx - 1, dx - 1) for k in range(0, 2 * C + 1, 2))
    lb = ''
    if L < np.log(dx) / np.log(3) and dx > H:
        a = -L + 2 - np.log(2) / np.log(3)
        lb = f'{3**(3**(L-2) * (np.log(dx-H)/np.log(3) + a)):.3g}'
    print(f'| {L} | {dx} | {H} | {M} | {r} | {(H*(da+1))**C} | {thm4(dx, C):.3g} | {nmono} | {lb} |')

# ---------------------------------------------------------------------------
print('\n=== (c) Lemma 6 construction (complex weights), check [[A]]_{I~,J~} = Const * (V V^T)^{odot 3^{L-2}} ===')


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


def lemma6(L, H, da, N, Om=2.0, fix_typos=True, fix_final=False):
    assert da % 2 == 1 and L >= 2
    dx = H * da
    hf = (da - 1) // 2                 # (d_a - 1)/2
    d = (dx - H) // 2                  # columns of V
    lam = 3**(L - 2)
    Q = weak_compositions(lam, d)
    V = np.array([[Om**q[r] for r in range(d)] for q in Q], float)
    V /= np.linalg.norm(V, axis=1, keepdims=True)
    M2 = len(Q)
    M = 2 * M2
    I = 1j
    # weights (1-indexed formulas translated to 0-indexed arrays)
    Wv1, Wo, Wvmid, WvL, Wk1, Wk2, Wkl = [], [], [], [], [], [], []
    for h in range(1, H + 1):
        A = np.zeros((da, dx), complex)
        base = da * (h - 1)
        for t in range(1, hf + 1):                 # row t: x_{base+t} + i x_{base+hf+t}
            A[t - 1, base + t - 1] = 1
            A[t - 1, base + hf + t - 1] = I
            # rows hf+t: -(x_{base+t} + i x_{base+hf+t}) + x_{da h}
            A[hf + t - 1, base + t - 1] = -1
            A[hf + t - 1, base + hf + t - 1] = -I
        for i in range(hf + 1, da + 1):
            A[i - 1, da * h - 1] = 1
        Wv1.append(A / N)
        O = np.zeros((dx, da), complex)
        for i in range(base + 1, base + da + 1):
            O[i - 1, i - base - 1] = 1
        Wo.append(O)
        Vm = np.zeros((da, dx), complex)
        for j in range(base + 1, base + da + 1):
            Vm[j - base - 1, j - 1] = 1
        Wvmid.append(Vm)
        VL = np.zeros((da, dx), complex)
        if fix_final:
            VL[:, da * h - 1] = I                  # i * 1_{j = d_a h}: head h's constant coordinate
        else:
            VL[:, da - 1] = I                      # literally  i * 1_{j = d_a}
        WvL.append(VL)
        K1 = np.zeros((da, dx), complex)
        K1[0, da - 1] = 1
        Wk1.append(K1)
        K2 = np.zeros((da, dx), complex)
        for j in range(base + 1, base + hf + 1):
            K2[j - base - 1, j - 1] = 1
        Wk2.append(K2)
        Kl = np.zeros((da, dx), complex)
        for j in range(1, dx + 1):
            if j % da != 0:
                Kl[0, j - 1] = 1
        Wkl.append(Kl)
    WoL = Wo
    if fix_final:   # every head of the last layer writes into output coordinate p = 1
        WoL = []
        for h in range(H):
            O = np.zeros((dx, da), complex)
            O[0, 0] = 1
            WoL.append(O)
    weights = []
    for l in range(1, L + 1):
        Wk = Wk1 if l == 1 else (Wk2 if l == 2 else Wkl)
        Wv = Wv1 if l == 1 else (WvL if l == L else Wvmid)
        weights.append((Wk, Wk, Wv, WoL if l == L else Wo))
    # template vectors x^(1..M+1)

    def phi(j):  # V column for coordinate j (first half of a head segment)
        hh, t = (j - 1) // da, (j - 1) % da
        return hh * hf + t + 1 if fix_typos else hh * (da - 1) + t + 1

    T = np.zeros((M + 1, dx), complex)
    for i in range(1, M + 2):
        for j in range(1, dx + 1):
            t = (j - 1) % da
            if t == da - 1:
                T[i - 1, j - 1] = 1
            elif i <= M2 and t < hf:
                T[i - 1, j - 1] = V[i - 1, phi(j) - 1]
            elif M2 < i <= M and hf <= t < da - 1:
                row = i - M2 if fix_typos else i - M2 + 1
                T[i - 1, j - 1] = V[row - 1, phi(j - hf) - 1]
    # sub-matrix rows: position 1 gets x^(i1), i1 in [1, M/2]; position N/2+1 gets x^(j1), j1 in (M/2, M];
    # all other positions get x^(M+1).  Output position i=1, entry p=1.
    A = np.zeros((M2, M2), complex)
    for a in range(M2):
        for b in range(M2):
            cols = [T[M]] * N
            cols[0] = T[a]
            cols[N // 2] = T[M2 + b]
            A[a, b] = network(np.stack(cols, axis=1), weights)[0, 0]
    target = (V @ V.T)**lam
    c = A[0, 0] / target[0, 0]
    err = np.max(np.abs(A - c * target)) / np.max(np.abs(A))
    sv = np.linalg.svd(A, compute_uv=False)
    rank = int(np.sum(sv > sv[0] * 1e-9))
    return dict(dx=dx, d=d, lam=lam, M2=M2, const=c, rel_err=err, rank=rank, expected=comb(d + lam - 1, lam))


print('| L | H | d_a | d_x | N | last layer | d=(dx-H)/2 | lambda | M/2 | Const | max rel. dev from Const*(VV^T)^lambda | numeric rank (SVD, tol 1e-9) | ((d lambda)) |')
print('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
for L, H, da, N, ff in [(2, 1, 5, 2, False), (3, 1, 5, 2, False), (3, 1, 5, 4, False), (3, 1, 7, 2, False),
                        (4, 1, 5, 2, False), (2, 2, 5, 2, False), (3, 2, 5, 2, False),
                        (2, 2, 5, 2, True), (3, 2, 5, 2, True), (3, 2, 5, 4, True), (2, 3, 5, 2, True), (3, 3, 3, 2, True)]:
    r = lemma6(L, H, da, N, fix_final=ff)
    lab = 'fixed' if ff else 'as printed'
    print(f"| {L} | {H} | {da} | {r['dx']} | {N} | {lab} | {r['d']} | {r['lam']} | {r['M2']} | {r['const']:.4g} | {r['rel_err']:.2e} | {r['rank']} | {r['expected']} |")
print('(L=4,H=1 row: exact rank of (VV^T)^{odot 9} with d=2, Omega=2 is 10 -- see q5_hadamard.py; the SVD')
print(' tolerance under-counts because the entries span many orders of magnitude.)')
