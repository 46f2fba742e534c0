import sympy as sp
from sympy.concrete.gosper import gosper_sum, gosper_term
m, M = sp.symbols('m M', integer=True, nonnegative=True)
for d in [3,5,7,9,4,6]:
    l = 2*m+1
    s = (-1)**m*sp.gamma(sp.Rational(d,2))*sp.gamma(sp.Rational(1,2)+m)/(sp.pi*sp.gamma(l/sp.Integer(2)+sp.Rational(d,2)))
    N = (2*l+d-2)*sp.binomial(l+d-3, l-1)/l
    term = sp.simplify(sp.combsimp(N*s**2))
    g = gosper_term(term, m)
    print(d, 'gosper term ratio:', None if g is None else sp.factor(g))
