# Task 6: exact tails E_L = sum_{l odd > L} c_l(d)^2 and rigorous Parseval.
#  odd d : E_L = A_d(L+2) * s_{L+2}^2, A_d polynomial of degree d-1 (Gosper; solved here by linear algebra)
#  even d: c_l^2 = R_d(l)/pi^2, R_d rational; E_L via psi / psi_1 (trigamma) at M+j+1/2, L+2 = 2M+1
import sympy as sp, mpmath as mp
mp.mp.dps = 40
l = sp.symbols('l')
def Npoly(d):
    return sp.expand((2*l+d-2)*sp.prod([l+j for j in range(1, d-2)])/sp.factorial(d-2))
def s_exact(d, L):  # <sign,P_{L,d}>, sympy exact
    return (-1)**((L-1)//2)*sp.gamma(sp.Rational(d,2))*sp.gamma(sp.Rational(L,2))/(sp.pi*sp.gamma(sp.Rational(L+d,2)))
def c2_mp(d, L):
    s = mp.gamma(mp.mpf(d)/2)*mp.gamma(mp.mpf(L)/2)/(mp.pi*mp.gamma(mp.mpf(L+d)/2))
    N = mp.binomial(L+d-1, d-1) - mp.binomial(L+d-3, d-1)
    return N*s*s
def brute_tail(d, L):
    # 1 - sum_{l<=L} c_l^2 computed by direct (independent) partial summation
    return 1 - mp.fsum(c2_mp(d, k) for k in range(1, L+1, 2))
A = {}
print('== odd d: A_d(l) with sum_{l odd>=l0} c_l^2 = A_d(l0) s_{l0}^2 ==')
for d in range(3, 16, 2):
    N = Npoly(d)
    a = sp.symbols('a0:%d' % d)
    P = sum(a[i]*l**i for i in range(d))
    eq = sp.expand(P*(l+d)**2 - P.subs(l, l+2)*l**2 - N*(l+d)**2)
    sol = sp.solve(sp.Poly(eq, l).all_coeffs(), a, dict=True)
    Ad = sp.factor(P.subs(sol[0])); A[d] = Ad
    pars = sp.simplify(Ad.subs(l, 1)*s_exact(d, 1)**2)
    # numeric check of tail formula vs brute partial sums
    errs = []
    for L in [1, 5, 21, 101]:
        exact = mp.mpf(sp.Rational(Ad.subs(l, L+2)))*(mp.gamma(mp.mpf(d)/2)*mp.gamma(mp.mpf(L+2)/2)/(mp.pi*mp.gamma(mp.mpf(L+2+d)/2)))**2
        errs.append(mp.nstr(exact - brute_tail(d, L), 3))
    print('d=%d  A_d(l) = %s ;  A_d(1) s_1^2 = %s (Parseval) ; tail check diffs %s' % (d, Ad, pars, errs))
print()
print('== even d: c_l^2 = R_d(l)/pi^2 ==')
def even_tail(d, L):
    """exact tail for even d as mp number; returns (value, symbolic pieces)"""
    assert d % 2 == 0 and L % 2 == 1
    s2 = sp.simplify((s_exact(d, 1)*0 + 1))  # placeholder
    # s_l = +-Gamma(d/2)/(pi) * Gamma(l/2)/Gamma(l/2+d/2) = +- (d/2-1)! / (pi * prod_{j=0}^{d/2-1} (l/2+j))
    h = d//2
    sl_times_pi = sp.factorial(h-1)/sp.prod([l/2+j for j in range(h)])
    R = sp.apart(sp.together(Npoly(d)*sl_times_pi**2), l)
    M = (L+1)//2   # first l in tail = L+2 = 2M+1
    val = mp.mpf(0)
    for term in sp.Add.make_args(R):
        num, den = sp.fraction(sp.factor(term))
        # den = k*(l+2j)^p
        pl = sp.Poly(den, l)
        roots = sp.roots(pl)
        assert len(roots) == 1
        (r0, p), = roots.items()
        coef = sp.Rational(num)/pl.LC()
        j = sp.Rational(-r0, 2)           # pole at l = -2j
        x = mp.mpf(M) + mp.mpf(sp.Rational(j)) + mp.mpf(1)/2   # l+2j = 2(m + j + 1/2)
        if p == 2:
            val += mp.mpf(coef)/4*mp.psi(1, x)
        elif p == 1:
            val += -mp.mpf(coef)/2*mp.psi(0, x)
        else:
            raise ValueError
    return val/mp.pi**2, R
for d in range(4, 15, 2):
    errs = []
    for L in [-1, 1, 5, 21, 101]:
        v, R = even_tail(d, L)
        ref = 1 if L == -1 else brute_tail(d, L)
        errs.append(mp.nstr(v - ref, 3))
    print('d=%d  pi^2 c_l^2 = %s\n      tail diffs (L=-1 is Parseval, =1-1) %s' % (d, R, errs))
