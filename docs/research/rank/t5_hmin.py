import mpmath as mp, math, sys
sys.path.insert(0, '.')
from t5_lb import LB_bracket, bcount, Nd
mp.mp.dps = 50
def Hmin(d, r, eps, L=3001, talk=False):
    # LB non-increasing in H; find smallest integer H with LB <= eps, using the certified bracket:
    # decide "LB<=eps" by hi<=eps, "LB>eps" by lo>eps; otherwise report ambiguity.
    def dec(H):
        lo, hi = LB_bracket(d, r, H, L, talk)
        if hi is not None and hi <= eps: return True
        if lo > eps: return False
        raise RuntimeError('bracket straddles eps at H=%d: [%s,%s]' % (H, lo, hi))
    hi = 1
    while not dec(hi): hi *= 2
    lo = hi//2   # dec(lo) false (or lo=0)
    while hi - lo > 1:
        mid = (lo+hi)//2
        if dec(mid): hi = mid
        else: lo = mid
    return hi
if __name__ == '__main__':
    d, r, eps = 64, 8, mp.mpf('0.1')
    h = Hmin(d, r, eps)
    lo1, hi1 = LB_bracket(d, r, h, 3001); lo0, hi0 = LB_bracket(d, r, h-1, 3001)
    print('H_min(64,8,0.1) = %d  (%.6e)   LB(H_min)=%s  LB(H_min-1)=%s' % (h, h, mp.nstr(hi1, 20), mp.nstr(lo0, 20)))
    # which l are saturated at H_min
    sat = [l for l in range(1, 400, 2) if h*bcount(d, r, l) >= Nd(d, l)]
    print('  saturated odd l at H_min: 1..%d' % max(sat))
    ht = Hmin(d, r, eps, talk=True)
    print('H_min with talk count binom(r+l,l) = %d (%.6e)' % (ht, ht))
    print('talk scalings: (d/r)^(1/eps) = %.6e ; 2^(d - r log2(d/r)) = %.6e ; 2^(d - r ln(d/r)) = %.6e' % ((d/r)**10, 2.0**(d - r*math.log2(d/r)), 2.0**(d - r*math.log(d/r))))
    print('\nH_min(64,8,eps) for several eps, and (d/r)^(1/eps):')
    for e in ['0.3', '0.25', '0.2', '0.15', '0.1', '0.05']:
        try:
            hh = Hmin(d, r, mp.mpf(e))
            print('  eps=%s  H_min=%.6e   (d/r)^(1/eps)=%.6e' % (e, hh, 8.0**(1/float(e))), flush=True)
        except Exception as ex:
            print('  eps=%s  %s' % (e, ex))
    print('\nr = d-1 example (slow convergence, ratio -> H/2):')
    for L in (201, 2001, 20001):
        lo, hi = LB_bracket(8, 7, 1, L)
        print('  (8,7,1) L=%d  [%s, %s] width %s' % (L, mp.nstr(lo, 15), mp.nstr(hi, 15), mp.nstr(hi-lo, 3)))
    print('  (8,7,2):', [mp.nstr(x, 5) for x in LB_bracket(8, 7, 2, 2001)])
