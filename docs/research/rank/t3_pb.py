# Task 3: p(d) closed forms and b(theta) three ways
import mpmath as mp, random, math
from common import *
mp.mp.dps = 30
def p_quad(d):
    return mp.mpf(1)/2 + ud_expect(d, lambda t: mp.asin(abs(t)))/mp.pi
def W(n):  # int_0^{pi/2} cos^n
    return mp.sqrt(mp.pi)*mp.gamma(mp.mpf(n+1)/2)/(2*mp.gamma(mp.mpf(n)/2+1))
def p_rec(d):
    """R_n = I_n/W_n, I_n = int_0^{pi/2} phi cos^n phi; I_n = (n-1)/n I_{n-2} - 1/n^2  =>  R_n = R_{n-2} - 1/(n^2 W_n)"""
    n = d-2
    R = mp.pi/4 if n % 2 == 0 else mp.pi/2-1
    k = n
    while k >= 2:
        R -= 1/(mp.mpf(k)**2*W(k)); k -= 2
    return mp.mpf(1)/2 + R/mp.pi
def p_hyp(d):
    """E arcsin|t| = Gamma(d/2)/(sqrt(pi) Gamma((d+1)/2)) 3F2(1/2,1/2,1; 3/2,(d+1)/2; 1)"""
    E = mp.gamma(mp.mpf(d)/2)/(mp.sqrt(mp.pi)*mp.gamma(mp.mpf(d+1)/2))*mp.nsum(lambda k: mp.rf(0.5,k)**2/(mp.rf(1.5,k)*mp.rf(mp.mpf(d+1)/2,k)), [0, mp.inf])  # NB mpmath hyp3f2(...,1) is WRONG for d>=64 (returns 0.4898 at d=64)
    return mp.mpf(1)/2 + E/mp.pi
print('p(3) =', p_rec(3), ' 1-1/pi =', 1-1/mp.pi)
print(' d   p(d) [recurrence]              quad-rec   hyp-rec    (p-1/2)/(sqrt(2/(pi d))/pi)')
for d in [3, 4, 5, 6, 7, 8, 10, 16, 32, 64, 100, 1000]:
    pr = p_rec(d)
    print('%4d %s %9s %9s %s' % (d, mp.nstr(pr, 25), mp.nstr(p_quad(d)-pr, 2), mp.nstr(p_hyp(d)-pr, 2),
          mp.nstr((pr-0.5)/(mp.sqrt(2/(mp.pi*d))/mp.pi), 12)))
# asymptotic: E arcsin|t| = E|t| + E|t|^3/6 + ... ;  E|t| = Gamma(d/2)/(sqrt(pi)Gamma((d+1)/2)) = sqrt(2/(pi d))(1 + 1/(4d)+...)
# => p-1/2 = sqrt(2/(pi d))/pi * (1 + 1/(4d) + 1/(3d) + O(d^-2)) = ... (1 + 7/(12 d) + O(d^-2))
for d in [100, 1000, 10000]:
    pr = p_rec(d); lead = mp.sqrt(2/(mp.pi*d))/mp.pi
    print('d=%d  d*((p-1/2)/lead - 1) = %s (-> 7/12 = 0.58333)' % (d, mp.nstr(d*((pr-0.5)/lead-1), 8)))

# ---------- b(theta) ----------
# series: b = 1/2 + (1/2) sum_{l odd} N s_l^3 P_l(cos th) = 1/2 + (1/2) sum c_l^2 s_l P_l(cos th)
# rigorous truncation bound: |P_l|<=1, |s_l| decreasing => |tail_{l>L}| <= |s_{L+2}| * E_L / 2, E_L = 1 - sum_{l<=L} c_l^2
def b_series(d, th, L):
    x = mp.cos(th); S = mp.mpf(0); E = mp.mpf(1)
    s = s_sign(d, 1); c2 = c_sign(d, 1)**2
    P0, P1 = mp.mpf(1), x          # unit Gegenbauer: P_{n+1} = ((2n+d-2) x P_n - n P_{n-1})/(n+d-2)
    n = 1
    for l in range(1, L+1, 2):
        # P1 holds P_l
        S += c2*s*P1; E -= c2
        # advance to l+2
        for _ in range(2):
            P0, P1 = P1, ((2*n+d-2)*x*P1 - n*P0)/(n+d-2); n += 1
        s = s*(-mp.mpf(l)/(l+d))
        c2 = c2*mp.mpf((2*l+d+2)*(l+d-1)*(l+d-2)*l**2)/((2*l+d-2)*(l+2)*(l+1)*(l+d)**2)
    return mp.mpf(1)/2 + S/2, abs(s)*E/2
def G(n, ph):   # int_{-pi/2}^{ph} cos^n
    g0, g1 = ph + mp.pi/2, mp.sin(ph) + 1
    if n == 0: return g0
    if n == 1: return g1
    gs = [g0, g1]
    for k in range(2, n+1):
        gs.append(mp.cos(ph)**(k-1)*mp.sin(ph)/k + mp.mpf(k-1)/k*gs[k-2])
    return gs[n]
def F_cdf(d1, x):
    """CDF of u_{d1} (elementary, d1>=2)"""
    if x <= -1: return mp.mpf(0)
    if x >= 1: return mp.mpf(1)
    return G(d1-2, mp.asin(x))/(2*W(d1-2))
def b_direct(d, th):
    """b(theta) = 1/2 + (2/(pi Z)) int_0^{pi/2} phi (2 F_{d-1}(tan(phi) cot(th)) - 1) cos^{d-2}(phi) dphi  (derived)"""
    if th == 0: return p_rec(d)
    ct = mp.cos(th)/mp.sin(th)
    def g(ph):
        if ph >= mp.pi/2: return mp.mpf(0)
        return ph*(2*F_cdf(d-1, mp.tan(ph)*ct)-1)*mp.cos(ph)**(d-2)
    kink = th if th < mp.pi/2 else mp.pi - th   # where tan(phi)|cot th| = 1
    pts = [0, kink, mp.pi/2] if 0 < kink < mp.pi/2 else [0, mp.pi/2]
    return mp.mpf(1)/2 + 2*mp.quad(g, pts)/(mp.pi*Z(d))
def b_mc(d, th, n, seed=1):
    import numpy as np
    rng = np.random.default_rng(seed)
    k = np.zeros(d); k[0] = 1
    q = np.zeros(d); q[0] = math.cos(th); q[1] = math.sin(th)
    agree = 0; tot = 0
    while tot < n:
        m = min(10**6, n - tot)
        z = rng.standard_normal((m, d)); y = rng.standard_normal((m, d))
        head = np.sign(z @ k)*np.sign(y @ q); targ = np.sign(np.einsum('ij,ij->i', z, y))
        agree += int((head == targ).sum()); tot += m
    pm = agree/n
    return pm, math.sqrt(pm*(1-pm)/n)
if __name__ == '__main__':
    mp.mp.dps = 25
    print('\nb(0) - p(d): series (L=4001, with rigorous tail bound) and direct')
    for d in (3, 4, 8, 16, 64):
        bs, tb = b_series(d, 0, 4001)
        print('  d=%d  series-p = %s (tail bound %s)' % (d, mp.nstr(bs-p_rec(d), 3), mp.nstr(tb, 3)))
    print(' d  theta     b(theta) direct integral      series-direct (tail bd)  MC 1e7 +- 1sd  (z-score)')
    for d in (3, 4, 8, 16, 64):
        for th in (mp.pi/6, mp.pi/4, mp.pi/3, mp.pi/2, 2*mp.pi/3, 5*mp.pi/6):
            bd = b_direct(d, th); bs, tb = b_series(d, th, 4001 if d < 8 else 801)
            pm, se = b_mc(d, float(th), 10**7, seed=d)
            print('%2d  %6.4f  %s  %9s (%8s)  %.5f +- %.5f (%+.1f)' % (d, float(th), mp.nstr(bd, 20), mp.nstr(bs-bd, 2), mp.nstr(tb, 2), pm, se, (pm-float(bd))/se), flush=True)
