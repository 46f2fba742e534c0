# Task 4b: how must H scale with d?
# Stable formula for any odd H = 2m-1 (derived by swapping the order of integration, order statistics):
#   P(Bin(H,p) <= m-1) = P(U_(m) > p),  U_(m) ~ Beta(m,m);  p_t = 1/2 + phi/pi with phi = arcsin|t|
#   => F(d,H) = int_0^{1/2} beta_{m,m}(1/2+v) * P(|t| < sin(pi v)) dv
#            = int_0^{1/2} 4^{1-m}/B(m,m) (1-4v^2)^{m-1} * I_{sin^2(pi v)}(1/2, (d-1)/2) dv
# (even H: F(d,2m) = F(d,2m-1) with ties counted half).
import numpy as np, math, sys
from scipy import integrate, special
import mpmath as mp
def A(d): return math.exp(math.lgamma(d/2) - math.lgamma((d-1)/2))/math.sqrt(2)
def F(d, H):
    m = (H+1)//2
    if H % 2 == 0: m = H//2
    # 4^{1-m}/B(m,m) = 2 Gamma(m+1/2)/(sqrt(pi) Gamma(m))  (duplication formula); the log-gamma difference is
    # taken in mpmath: in double precision 2 lgamma(m) - lgamma(2m) loses all accuracy for m > ~1e12
    with mp.workdps(len(str(m)) + 25):    # enough digits that m + 1/2 is exact
        lc = float(mp.loggamma(mp.mpf(m)+mp.mpf(1)/2) - mp.loggamma(mp.mpf(m)) + mp.log(2/mp.sqrt(mp.pi)))
    f = lambda v: math.exp(lc + (m-1)*math.log1p(-4*v*v))*special.betainc(0.5, (d-1)/2, math.sin(math.pi*v)**2)
    w = 1/math.sqrt(8*m)      # sd of Beta(m,m)
    cut = min(0.5, 40*w)
    pts = [x for x in (w/4, w/2, w, 2*w, 4*w, 8*w, 16*w) if x < cut]
    v, err = integrate.quad(f, 0, cut, points=pts, limit=500, epsabs=0, epsrel=1e-13)
    return v
def F_mp(d, H):
    m = (H+1)//2 if H % 2 else H//2
    c = mp.mpf(4)**(1-m)/mp.beta(m, m)
    f = lambda v: c*(1-4*v*v)**(m-1)*mp.betainc(0.5, mp.mpf(d-1)/2, 0, mp.sin(mp.pi*v)**2, regularized=True)
    w = 1/mp.sqrt(8*m)
    pts = [0] + [w*k for k in (0.25, 0.5, 1, 2, 4, 8, 16, 32) if w*k < 0.5] + [mp.mpf(1)/2]
    return mp.quad(f, pts)
def Hmin(d, eps):
    if F(d, 1) <= eps: return 1
    lo, hi = 1, 3
    while F(d, hi) > eps: lo, hi = hi, 2*hi+1
    while hi - lo > 2:
        mid = (lo+hi)//2
        if mid % 2 == 0: mid += 1
        if mid >= hi: mid = hi-2
        if F(d, mid) > eps: lo = mid
        else: hi = mid
    return hi
if __name__ == '__main__':
    sys.path.insert(0, '.')
    from t4_majority import F_quad
    mp.mp.dps = 30
    print('check: order-statistic formula (scipy double, and mpmath) vs direct phi-quadrature t4_majority.F_quad:')
    for d, H in [(3, 101), (10, 101), (50, 1001)]:
        print('  d=%d H=%d  scipy %.15g  mp(order-stat) %s  mp(direct) %s' % (d, H, F(d, H), mp.nstr(F_mp(d, H), 20), mp.nstr(F_quad(d, H), 20)), flush=True)
    print('\nlarge H: F*sqrt(H)/A_d -> 1 (A_d = Gamma(d/2)/(sqrt2 Gamma((d-1)/2)) ~ sqrt(d)/2)')
    for d in (3, 10, 50, 200):
        print('  d=%d ' % d + ' '.join('H=1e%d: %.8f' % (e, F(d, 10**e+1)*math.sqrt(10**e+1)/A(d)) for e in (2, 4, 6, 9, 12, 15)))
    print('\nF(d, H=d^2) vs A_d/sqrt(H) and 1/(2 sqrt d); the talk claims exp(-Theta(d))')
    for d in [5, 10, 20, 50, 100, 200]:
        H = d*d if d*d % 2 else d*d+1
        print('  d=%3d H=%6d  F=%.6g  A_d/sqrt(H)=%.6g  1/(2 sqrt d)=%.6g  exp(-d)=%.3g' % (d, H, F(d, H), A(d)/math.sqrt(H), 0.5/math.sqrt(d), math.exp(-d)))
    ds = [5, 7, 10, 14, 20, 30, 50, 70, 100, 140, 200]
    print('\nH_min(d, eps) (smallest H with failure <= eps; always odd) vs A_d^2/eps^2 ~ d/(4 eps^2)')
    for eps in [0.1, 0.01, 0.001]:
        hs = []
        for d in ds:
            h = Hmin(d, eps); hs.append(h)
            print('  eps=%g d=%3d  H_min=%9d  A_d^2/eps^2=%12.1f  ratio=%.5f' % (eps, d, h, A(d)**2/eps**2, h/(A(d)**2/eps**2)), flush=True)
        b, a = np.polyfit(np.log(ds), np.log(hs), 1)
        b2, a2 = np.polyfit(np.log(ds[4:]), np.log(hs[4:]), 1)
        print('  fit log H_min = a + b log d: d=5..200: b = %.4f ; d=20..200: b = %.4f' % (b, b2))
    print('\nH_min(d, eps=exp(-d)) vs A_d^2 e^{2d}')
    for d in list(range(3, 21)) + [25, 30, 40, 50, 100, 150, 200]:
        eps = math.exp(-d)
        h = Hmin(d, eps)
        print('  d=%2d  H_min=%.6e  A_d^2 e^{2d}=%.6e  ratio=%.5f  ln(H_min)/d=%.4f' % (d, h, A(d)**2*math.exp(2*d), h/(A(d)**2*math.exp(2*d)), math.log(h)/d), flush=True)
