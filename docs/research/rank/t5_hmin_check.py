# independent check of H_min(64,8,0.1): LB(H) is piecewise linear in H:
#   LB(H) = 1 - sum_{l in S(H)} c_l^2 - H * sum_{l not in S(H)} c_l^2 b(r,l)/N(d,l),  S(H) = {l odd: H b >= N}
# Solve on the piece, using Gamma closed-form c_l (not the recurrence) and mpmath.nsum for the unsaturated sum.
import mpmath as mp
from math import comb
mp.mp.dps = 50
d, r, eps = 64, 8, mp.mpf('0.1')
def Nd(l): return comb(l+d-1, d-1) - comb(l+d-3, d-1)
def b(l): return comb(r+l-1, l)
def c2(l):
    s = mp.gamma(mp.mpf(d)/2)*mp.gamma(mp.mpf(l)/2)/(mp.pi*mp.gamma(mp.mpf(l+d)/2))
    return Nd(l)*s*s
for ls in range(1, 41, 2):     # candidate: saturated set = {1,3,...,ls}
    sat = 1 - mp.fsum(c2(l) for l in range(1, ls+1, 2))      # = energy in unsaturated l (Parseval)
    T = mp.nsum(lambda k: c2(int(ls+2+2*k))*mp.mpf(b(int(ls+2+2*k)))/Nd(int(ls+2+2*k)), [0, mp.inf])
    # LB(H) = sat - H*T on the piece  => LB <= eps iff H >= (sat-eps)/T
    Hstar = (sat - eps)/T
    Hc = int(mp.ceil(Hstar))
    # piece valid if the saturated set at Hc is exactly {1..ls}
    ok_lo = all(Hc*b(l) >= Nd(l) for l in range(1, ls+1, 2)) and Hc*b(ls+2) < Nd(ls+2)
    if ok_lo:
        print('saturated l = 1..%d ; H* = %s ; H_min = ceil = %d' % (ls, mp.nstr(Hstar, 25), Hc))
        break
