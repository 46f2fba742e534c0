import sympy as sp, mpmath as mp
l, d, a, b = sp.symbols('l d a b', nonnegative=True)
# c_{l+2}^2 / c_l^2 < 1  <=>  D := (2l+d-2)(l+2)(l+1)(l+d)^2 - (2l+d+2)(l+d-1)(l+d-2) l^2 > 0
D = sp.expand((2*l+d-2)*(l+2)*(l+1)*(l+d)**2 - (2*l+d+2)*(l+d-1)*(l+d-2)*l**2)
Ds = sp.Poly(sp.expand(D.subs({l: 1+a, d: 3+b})), a, b)
print('D(l=1+a,d=3+b) coefficients all >= 0:', all(c >= 0 for c in Ds.coeffs()), ' (so c_l^2 strictly decreasing in odd l, all d>=3)')
# R_{l+1}/R_l < 1 for r<=d-1 :  (r+l)(2l+d-2) < (2l+d)(l+d-2)
r = sp.symbols('r', positive=True)
G = sp.expand((2*l+d)*(l+d-2) - (r+l)*(2*l+d-2))
print('(2l+d)(l+d-2)-(r+l)(2l+d-2) at r=d-1:', sp.factor(G.subs(r, d-1)), '; d/dr =', sp.diff(G, r))
# d = 3 Catalan form and a Ramanujan-type series from b(0)=p(3)
mp.mp.dps = 30
ok = all(abs(mp.gamma(1.5)*mp.gamma(mp.mpf(2*m+1)/2)/(mp.pi*mp.gamma(mp.mpf(2*m+4)/2))*(-1)**m - (-1)**m*sp.catalan(m)/mp.mpf(2)**(2*m+1)) < 1e-25 for m in range(30))
print('d=3: s_{2m+1} = (-1)^m Catalan(m)/2^(2m+1):', ok)
S = mp.nsum(lambda m: (4*m+3)*(-1)**int(m)*mp.mpf(sp.catalan(int(m)))**3/mp.mpf(2)**(6*m+3), [0, mp.inf])
print('sum_m (4m+3)(-1)^m C_m^3/2^(6m+3) =', S, ' 1-2/pi =', 1-2/mp.pi)
