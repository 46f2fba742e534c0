# Task 2: check <sign,P_{l,d}> closed form and <arcsin,P_{l,d}> = (pi/2) <sign,P_{l,d}>^2 by quadrature
import mpmath as mp
from common import *
mp.mp.dps = 30
maxerr_s = maxerr_a = 0
rows = []
for d in range(3, 11):
    for l in range(1, 16, 2):
        # quadrature in t-variable with weight (1-t^2)^((d-3)/2), split at 0 (sign jump)
        w = lambda t: (1-t*t)**(mp.mpf(d-3)/2)
        qs = (mp.quad(lambda t: P_unit(l, d, t)*w(t), [0, 1]) - mp.quad(lambda t: P_unit(l, d, t)*w(t), [-1, 0]))/Z(d)
        qa = mp.quad(lambda t: mp.asin(t)*P_unit(l, d, t)*w(t), [-1, 0, 1])/Z(d)
        es = abs(qs - s_sign(d, l))/abs(s_sign(d, l)); ea = abs(qa - a_arcsin(d, l))/a_arcsin(d, l)
        maxerr_s = max(maxerr_s, es); maxerr_a = max(maxerr_a, ea)
        if l in (1, 3, 15) and d in (3, 4, 10):
            rows.append((d, l, mp.nstr(s_sign(d, l), 20), mp.nstr(a_arcsin(d, l), 20), mp.nstr(c_sign(d,l),20), mp.nstr(mp.pi/2*c_sign(d,l)**2/mp.sqrt(Nd(d,l)),20)))
print('max rel err sign coeff  (d=3..10, l=1..15 odd):', mp.nstr(maxerr_s, 3))
print('max rel err arcsin coeff(d=3..10, l=1..15 odd):', mp.nstr(maxerr_a, 3))
print('d l  <sign,P_l>  <arcsin,P_l>  c_l=<sign,Q_l>  <arcsin,Q_l>')
for r in rows: print(*r)
# ratio recurrences
ok = True
for d in range(3, 30):
    for l in range(1, 60, 2):
        r1 = s_sign(d, l+2)/s_sign(d, l); r1c = -mp.mpf(l)/(l+d)
        r2 = c_sign(d, l+2)**2/c_sign(d, l)**2
        r2c = mp.mpf((2*l+d+2)*(l+d-1)*(l+d-2)*l**2)/((2*l+d-2)*(l+2)*(l+1)*(l+d)**2)
        if abs(r1-r1c) > mp.mpf(10)**-25 or abs(r2/r2c-1) > mp.mpf(10)**-25: ok = False
print('ratio s_{l+2}/s_l = -l/(l+d), a_{l+2}/a_l = l^2/(l+d)^2 and c^2 ratio formula verified d=3..29,l<60:', ok)
# Is c_l^2 monotone decreasing in l?
dec = all(c_sign(d, l+2)**2 < c_sign(d, l)**2 for d in range(3, 200, 7) for l in range(1, 400, 2))
print('c_l^2 strictly decreasing in odd l (d=3..199 step 7, l<400):', dec)
