import mpmath as mp
def lam(d): return mp.mpf(d-2)/2
def Nd(d, l):
    if l == 0: return 1
    from math import comb
    a = comb(l+d-1, d-1) - comb(l+d-3, d-1)
    b_num = (2*l+d-2)*comb(l+d-3, l-1); assert b_num % l == 0 and b_num//l == a
    return a
def P_unit(l, d, t):
    """unit Gegenbauer P_{l,d}(t) by three-term recurrence of C^lambda, divided by C_l(1)"""
    la = lam(d); t = mp.mpf(t)
    c0, c1 = mp.mpf(1), 2*la*t
    if l == 0: return c0
    for n in range(1, l):
        c0, c1 = c1, (2*(n+la)*t*c1 - (n+2*la-1)*c0)/(n+1)
    return c1/mp.binomial(l+2*la-1, l)
def Z(d):  # normaliser of (1-t^2)^((d-3)/2)
    return mp.sqrt(mp.pi)*mp.gamma(mp.mpf(d-1)/2)/mp.gamma(mp.mpf(d)/2)
def s_sign(d, l):
    """closed form <sign,P_{l,d}>_{u_d} (docs/math/sphere.md#sign-coefficients)"""
    if l % 2 == 0: return mp.mpf(0)
    return (-1)**((l-1)//2)*mp.gamma(mp.mpf(d)/2)*mp.gamma(mp.mpf(l)/2)/(mp.pi*mp.gamma(mp.mpf(l+d)/2))
def c_sign(d, l): return mp.sqrt(Nd(d, l))*s_sign(d, l)
def a_arcsin(d, l):
    """closed form <arcsin,P_{l,d}> = (pi/2) s_l^2 (derived)"""
    return mp.pi/2*s_sign(d, l)**2
def ud_expect(d, f, odd_abs=False):
    """E_{t~u_d} f(t) via t = sin(phi): (1/Z) int_{-pi/2}^{pi/2} f(sin phi) cos^{d-2} phi dphi"""
    g = lambda ph: f(mp.sin(ph))*mp.cos(ph)**(d-2)
    return (mp.quad(g, [-mp.pi/2, 0, mp.pi/2]))/Z(d)
