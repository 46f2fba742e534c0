# Task 1: exact rank of { P_{V_l}[ g(K^T z) ] } over Q.
# Polynomials in d variables = dict {exponent tuple: Fraction}.  Harmonic projection of a homogeneous
# degree-m polynomial p in d variables (Laplacian formula, derived: Delta(|x|^{2j} q) = 2j(2j+d-2+2k)|x|^{2j-2} q + |x|^{2j} Delta q):
#     K_m[p] = sum_{j=0}^{floor(m/2)} c_j |x|^{2j} Delta^j p ,  c_0 = 1,  c_{j+1} = -c_j / (2 (j+1) (d + 2m - 4 - 2j))
# K_m[p] is the V_m-component of p (p = h_m + |x|^2 h_{m-2} + |x|^4 h_{m-4} + ...).
# The V_l component of p (m = l+2i) is K_l[q_i], with q_0 = p, q_{i+1} = (q_i - K[q_i]) / |x|^2 (exact division).
from fractions import Fraction as Fr
from itertools import combinations_with_replacement
from math import comb
import random, sys

def monos(nv, m):
    out = []
    for c in combinations_with_replacement(range(nv), m):
        e = [0]*nv
        for i in c: e[i] += 1
        out.append(tuple(e))
    return out
def add(p, q, s=1):
    r = dict(p)
    for k, v in q.items():
        r[k] = r.get(k, 0) + s*v
        if r[k] == 0: del r[k]
    return r
def scal(p, s): return {k: v*s for k, v in p.items()} if s != 0 else {}
def lap(p):
    r = {}
    for e, v in p.items():
        for i, a in enumerate(e):
            if a >= 2:
                f = list(e); f[i] -= 2; f = tuple(f)
                r[f] = r.get(f, 0) + v*a*(a-1)
    return {k: v for k, v in r.items() if v != 0}
def mulr2(p, d):
    r = {}
    for e, v in p.items():
        for i in range(d):
            f = list(e); f[i] += 2; f = tuple(f)
            r[f] = r.get(f, 0) + v
    return {k: v for k, v in r.items() if v != 0}
def divr2(p, d):
    """exact division of a homogeneous polynomial by |x|^2 (raises if not divisible).
    Leading-term division in lex order with leading monomial x_0^2 of |x|^2."""
    p = dict(p); q = {}
    while p:
        e = max(p)                       # lex-largest monomial
        if e[0] < 2: raise ValueError('not divisible')
        f = list(e); f[0] -= 2; f = tuple(f)
        c = p[e]; q[f] = q.get(f, 0) + c
        p = add(p, mulr2({f: c}, d), -1)
    return q
def deg(p): return sum(next(iter(p))) if p else None
def harm(p, d, m):
    out = dict(p); cj = Fr(1); cur = p; powr = {tuple([0]*d): Fr(1)}
    j = 0
    while True:
        cur = lap(cur)
        if not cur: break
        cj = -cj/(2*(j+1)*(d+2*m-4-2*j)); j += 1
        t = cur
        for _ in range(j): t = mulr2(t, d)
        out = add(out, scal(t, cj))
    return out
def Vl_component(p, d, m, l):
    """V_l component (as harmonic polynomial of degree l) of homogeneous p of degree m"""
    if m < l or (m-l) % 2: return {}
    q = p
    for i in range((m-l)//2):
        h = harm(q, d, m-2*i)
        q = divr2(add(q, h, -1), d)
    return harm(q, d, l)
def rank(vectors):
    """exact rank over Q (fraction Gaussian elimination) of a list of dict-vectors"""
    rows = [dict(v) for v in vectors if v]
    r = 0; pivots = {}
    basis = []
    for v in rows:
        v = dict(v)
        for piv, (bv) in list(pivots.items()):
            if piv in v:
                c = v[piv]/bv[piv]; v = add(v, bv, -c)
        if v:
            piv = max(v); pivots[piv] = v; r += 1
            # keep reduced: eliminate this pivot from others not needed for rank
    return r
def poly_of_Kz(alpha, K, d):
    """monomial prod_i (K^T z)_i^{alpha_i} as polynomial in z; K given as list of r columns (each a list of d Fractions)"""
    p = {tuple([0]*d): Fr(1)}
    for i, a in enumerate(alpha):
        lin = {tuple(1 if j == k else 0 for j in range(d)): K[i][k] for k in range(d) if K[i][k] != 0}
        for _ in range(a):
            r = {}
            for e1, v1 in p.items():
                for e2, v2 in lin.items():
                    e = tuple(x+y for x, y in zip(e1, e2)); r[e] = r.get(e, 0) + v1*v2
            p = {k: v for k, v in r.items() if v != 0}
    return p
def cayley_orthogonal(d, seed):
    """rational orthogonal matrix Q = (I - A)(I + A)^{-1}, A skew with small rational entries"""
    rnd = random.Random(seed)
    A = [[Fr(0)]*d for _ in range(d)]
    for i in range(d):
        for j in range(i+1, d):
            a = Fr(rnd.randint(-3, 3), rnd.randint(1, 3)); A[i][j] = a; A[j][i] = -a
    I = [[Fr(int(i == j)) for j in range(d)] for i in range(d)]
    M = [[I[i][j]+A[i][j] for j in range(d)] for i in range(d)]
    # invert M
    aug = [M[i][:] + I[i][:] for i in range(d)]
    for c in range(d):
        pr = next(r for r in range(c, d) if aug[r][c] != 0); aug[c], aug[pr] = aug[pr], aug[c]
        pv = aug[c][c]; aug[c] = [x/pv for x in aug[c]]
        for r in range(d):
            if r != c and aug[r][c] != 0:
                f = aug[r][c]; aug[r] = [x-f*y for x, y in zip(aug[r], aug[c])]
    Minv = [row[d:] for row in aug]
    IA = [[I[i][j]-A[i][j] for j in range(d)] for i in range(d)]
    Q = [[sum(IA[i][k]*Minv[k][j] for k in range(d)) for j in range(d)] for i in range(d)]
    for i in range(d):
        for j in range(d):
            assert sum(Q[k][i]*Q[k][j] for k in range(d)) == int(i == j)
    return Q
def Nd(d, l): return 1 if l == 0 else comb(l+d-1, d-1) - comb(l+d-3, d-1)
def invariant_dim(d, r, l):
    """independent count: dim of harmonic polynomials of degree l in span{ z'^alpha |z''|^{2k} : |alpha|+2k = l }
    (O(d-r)-invariant polynomials); solve Delta p = 0 by exact linear algebra."""
    gens = []
    for k in range(l//2+1):
        for alpha in monos(r, l-2*k):
            p = {tuple(list(alpha)+[0]*(d-r)): Fr(1)}
            for _ in range(k):  # multiply by |z''|^2
                q = {}
                for e, v in p.items():
                    for i in range(r, d):
                        f = list(e); f[i] += 2; f = tuple(f); q[f] = q.get(f, 0) + v
                p = q
            gens.append(p)
    if r == d:   # then |z''|^2 = 0 only k=0 terms
        gens = [g for g in gens if all(sum(e[r:]) == 0 for e in g)]
    # kernel dimension of Delta restricted to span(gens) = #independent gens - rank(Delta gens) (gens independent)
    n = rank(gens)
    return n - rank([lap(g) for g in gens])

if __name__ == '__main__':
    dmax = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    lmax = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    print('d r l | rank(V_l-proj of deg-l monos, coord K) | rank(rotated rational K) | +deg l+2 monos | +deg l-2 monos | invariant-harmonic dim | binom(r+l-1,l) | binom(r+l,l) | N(d,l)')
    allok = True
    for d in range(3, dmax+1):
        Q = cayley_orthogonal(d, seed=d)
        for r in range(1, d+1):
            Kcoord = [[Fr(int(i == j)) for j in range(d)] for i in range(r)]
            Krot = [[Q[j][i] for j in range(d)] for i in range(r)]   # first r columns of Q
            for l in range(0, lmax+1):
                # coordinate K
                gl = [Vl_component(poly_of_Kz(a, Kcoord, d), d, l, l) for a in monos(r, l)]
                rk = rank(gl)
                # rotated K
                rk_rot = rank([Vl_component(poly_of_Kz(a, Krot, d), d, l, l) for a in monos(r, l)])
                # add degree l+2 monomials (their V_l components): rank must not grow
                gl2 = gl + [Vl_component(poly_of_Kz(a, Kcoord, d), d, l+2, l) for a in monos(r, l+2)]
                rk2 = rank(gl2)
                # degree l-2 monomials have zero V_l component
                zero = all(not Vl_component(poly_of_Kz(a, Kcoord, d), d, l-2, l) for a in monos(r, l-2)) if l >= 2 else True
                inv = invariant_dim(d, r, l)
                b = comb(r+l-1, l) if r < d else Nd(d, l)
                ok = (rk == rk_rot == rk2 == inv == b) and zero
                allok &= ok
                print(d, r, l, '|', rk, rk_rot, rk2, 'zero' if zero else 'NONZERO', inv, '|', comb(r+l-1, l), comb(r+l, l), Nd(d, l), '' if ok else '  <-- MISMATCH', flush=True)
    print('ALL OK:', allok)
