# Task 4: majority vote of H independent random rank-1 heads (q=k uniform).
# Given t=<z,y>, each head is right w.p. p_t = 1 - arccos|t|/pi = 1/2 + arcsin|t|/pi.
# t = sin(phi), phi in [0,pi/2] (by symmetry), weight cos^{d-2}(phi)/W_{d-2}:
#     F(d,H) = (1/W_{d-2}) int_0^{pi/2} B_H(1/2 + phi/pi) cos^{d-2}(phi) dphi,
#     B_H(p) = P(Bin(H,p) < H/2) + (1/2) P(Bin(H,p) = H/2)      (a polynomial in phi -> integrand analytic)
import mpmath as mp, sys
def W(n): return mp.sqrt(mp.pi)*mp.gamma(mp.mpf(n+1)/2)/(2*mp.gamma(mp.mpf(n)/2+1))
def B(H, p):
    q = 1-p; s = mp.mpf(0)
    for k in range(0, (H+1)//2):          # k < H/2
        s += mp.binomial(H, k)*p**k*q**(H-k)
    if H % 2 == 0: s += mp.binomial(H, H//2)*(p*q)**(H//2)/2
    return s
def F_quad(d, H):
    n = d-2
    g = lambda ph: B(H, mp.mpf(1)/2 + ph/mp.pi)*mp.cos(ph)**n
    w = min(mp.pi/(2*mp.sqrt(H)), 1/mp.sqrt(d))    # scales of the two features
    pts = [0] + [w*k for k in (0.5, 1, 2, 4, 8, 16) if w*k < mp.pi/2] + [mp.pi/2]
    return mp.quad(g, pts)/W(n)
def hoeff_quad(d, H):
    n = d-2
    g = lambda ph: mp.exp(-2*H*(ph/mp.pi)**2)*mp.cos(ph)**n
    w = min(mp.pi/(2*mp.sqrt(H)), 1/mp.sqrt(d))
    pts = [0] + [w*k for k in (0.5, 1, 2, 4, 8, 16) if w*k < mp.pi/2] + [mp.pi/2]
    return mp.quad(g, pts)/W(n)
# --- independent method: expand B_H(1/2 + phi/pi) as a polynomial in phi (exact rationals / pi^k) and use
#     exact moment recurrence  I(k,n) = int_0^{pi/2} phi^k cos^n phi dphi:
#     n^2 I(k,n) = n(n-1) I(k,n-2) - k(k-1) I(k-2,n) - [k==1]      (n>=2, derived by parts twice)
#     I(k,0) = (pi/2)^{k+1}/(k+1);  I(k,1) = (pi/2)^k - k S(k-1),  S(j) = int phi^j sin = [j==0] + j I(j-1,1)
def moments(kmax, n):
    I = {}
    def I0(k): return (mp.pi/2)**(k+1)/(k+1)
    I1 = [mp.mpf(1)]
    for k in range(1, kmax+1):
        Sk1 = (1 if k-1 == 0 else 0) + (k-1)*(I1[k-2] if k >= 2 else 0)
        I1.append((mp.pi/2)**k - k*Sk1)
    prev2 = [I0(k) for k in range(kmax+1)] if n % 2 == 0 else I1
    m = 0 if n % 2 == 0 else 1
    cur = prev2
    while m < n:
        m += 2
        new = []
        for k in range(kmax+1):
            v = m*(m-1)*cur[k] - (k*(k-1)*new[k-2] if k >= 2 else 0) - (1 if k == 1 else 0)
            new.append(v/m**2)
        cur = new
    return cur
def F_moment(d, H):
    import sympy as sp
    x = sp.symbols('x')   # x = phi/pi, p = 1/2 + x
    p = sp.Rational(1, 2) + x
    poly = sum(sp.binomial(H, k)*p**k*(1-p)**(H-k) for k in range(0, (H+1)//2))
    if H % 2 == 0: poly += sp.binomial(H, H//2)*(p*(1-p))**(H//2)/2
    coeffs = sp.Poly(sp.expand(poly), x).all_coeffs()[::-1]    # coefficient of x^k
    mom = moments(len(coeffs)-1, d-2)
    s = mp.fsum(mp.mpf(sp.Rational(c).p)/mp.mpf(sp.Rational(c).q)*mom[k]/mp.pi**k for k, c in enumerate(coeffs))
    return s/W(d-2)
if __name__ == '__main__':
    mp.mp.dps = 40
    # sanity: H=1 -> 1-p(d)
    print(' d    H   failure F(d,H) (quad)          moment-quad   Hoeffding E exp(-2H(p_t-1/2)^2)   asympt A_d/sqrt(H)')
    for d in (3, 10, 50):
        A = mp.gamma(mp.mpf(d)/2)/(mp.sqrt(2)*mp.gamma(mp.mpf(d-1)/2))
        for H in (1, 2, 3, 11, 101):
            fq = F_quad(d, H)
            mp.mp.dps = 200; fm = F_moment(d, H); mp.mp.dps = 40
            print('%3d %4d  %s  %9s  %s  %s' % (d, H, mp.nstr(fq, 18), mp.nstr(fm-fq, 2), mp.nstr(hoeff_quad(d, H), 15), mp.nstr(A/mp.sqrt(H), 8)), flush=True)
