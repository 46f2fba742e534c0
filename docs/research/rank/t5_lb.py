# Task 5: spectral lower bound LB(d,r,H) = 1 - sum_{l odd} c_l^2 min(1, H b(r,l)/N(d,l)),  b = binom(r+l-1,l) (r<d)
# Bracketing: R_l := H b(r,l)/N(d,l) is strictly decreasing in l (proved in FINDINGS), with limit R_inf = 0 (r<d-1), H/2 (r=d-1).
# For odd L with tail energy E_L = 1 - sum_{l<=L} c_l^2 (exact by Parseval):
#   min(1,R_inf) E_L <= sum_{l>L} c_l^2 min(1,R_l) <= min(1,R_{L+2}) E_L
#   => LB in [ 1 - S_L - min(1,R_{L+2}) E_L , 1 - S_L - min(1,R_inf) E_L ],  S_L = sum_{l<=L} c_l^2 min(1,R_l)
import mpmath as mp
from math import comb
def Nd(d, l): return 1 if l == 0 else comb(l+d-1, d-1) - comb(l+d-3, d-1)
def bcount(d, r, l, talk=False):
    if talk: return comb(r+l, l)
    return comb(r+l-1, l) if r < d else Nd(d, l)
def LB_bracket(d, r, H, L, talk=False):
    """method A: exact rationals for R_l (python ints), c_l^2 by ratio recurrence in mpmath"""
    s1 = mp.gamma(mp.mpf(d)/2)*mp.gamma(mp.mpf(1)/2)/(mp.pi*mp.gamma(mp.mpf(1+d)/2))
    c2 = d*s1*s1
    S = mp.mpf(0); E = mp.mpf(1)
    for l in range(1, L+1, 2):
        b = bcount(d, r, l, talk); N = Nd(d, l)
        m = mp.mpf(1) if H*b >= N else mp.mpf(H*b)/N
        S += c2*m; E -= c2
        c2 *= mp.mpf((2*l+d+2)*(l+d-1)*(l+d-2)*l**2)/((2*l+d-2)*(l+2)*(l+1)*(l+d)**2)
    b = bcount(d, r, L+2, talk); N = Nd(d, L+2)
    mnext = min(mp.mpf(1), mp.mpf(H*b)/N)
    if talk: minf = mp.mpf(0) if r < d-2 else None   # talk's count: binom(r+l,l)/N -> 0 iff r+1 < d-1
    else: minf = mp.mpf(0) if r < d-1 else min(mp.mpf(1), mp.mpf(H)/2)
    lo = 1 - S - mnext*E
    hi = 1 - S - minf*E if minf is not None else None
    return lo, hi
def LB_closed(d, r, H, talk=False):
    """method B: independent. c_l via closed-form Gamma (not recurrence), the R_l<1 part summed with mpmath.nsum
    (convergence acceleration) and Parseval used only as 1 - sum_{l<l*} c_l^2 (finite) where l* = first odd l with R_l<1:
      LB = sum_{l>=l*} c_l^2 (1 - R_l) = (1 - sum_{l<l*} c_l^2) - sum_{l>=l*} c_l^2 R_l"""
    def c2(l):
        s = mp.gamma(mp.mpf(d)/2)*mp.gamma(mp.mpf(l)/2)/(mp.pi*mp.gamma(mp.mpf(l+d)/2))
        return Nd(d, l)*s*s
    def R(l):  # real-l continuation not needed: nsum evaluates at integers
        return mp.mpf(H*bcount(d, r, l, talk))/Nd(d, l)
    lstar = 1
    while H*bcount(d, r, lstar, talk) >= Nd(d, lstar): lstar += 2
    head = 1 - mp.fsum(c2(l) for l in range(1, lstar, 2))
    tail = mp.nsum(lambda k: c2(int(lstar+2*k))*R(int(lstar+2*k)), [0, mp.inf])
    return head - tail, lstar
if __name__ == '__main__':
    mp.mp.dps = 40
    cases = [(8, 1, 1), (8, 2, 4), (16, 4, 10), (64, 8, 100), (64, 8, 1000)]
    print('LB(d,r,H) with b=binom(r+l-1,l):  bracket [lo,hi] at L (method A)  vs  method B (Gamma closed form + nsum)')
    for d, r, H in cases:
        for L in (2001, 20001):
            lo, hi = LB_bracket(d, r, H, L)
            print('  (%d,%d,%d) L=%d  lo=%s  hi=%s  width=%s' % (d, r, H, L, mp.nstr(lo, 25), mp.nstr(hi, 25), mp.nstr(hi-lo, 3)), flush=True)
        vb, lstar = LB_closed(d, r, H)
        print('     method B: %s (l*=%d)   B - A_lo = %s' % (mp.nstr(vb, 25), lstar, mp.nstr(vb-lo, 3)), flush=True)
    print('\nSame with the talk count binom(r+l,l):')
    for d, r, H in cases:
        lo, hi = LB_bracket(d, r, H, 20001, talk=True)
        vb, lstar = LB_closed(d, r, H, talk=True)
        print('  (%d,%d,%d) lo=%s hi=%s  methodB=%s' % (d, r, H, mp.nstr(lo, 22), mp.nstr(hi, 22) if hi is not None else None, mp.nstr(vb, 22)), flush=True)
