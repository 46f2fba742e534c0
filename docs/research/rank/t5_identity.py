# Observed identity: LB(d, r=d-1, H=1) = sum_{l odd} c_l^2 * l/(2l+d-2) = 2 p(d) - 1
# (for r=d-1: H b/N = H (l+d-2)/(2l+d-2) exactly, so 1 - min(1,R_l) = l/(2l+d-2) at H=1)
import mpmath as mp, sys
sys.path.insert(0, '.')
from t3_pb import p_rec
from math import comb
mp.mp.dps = 40
def s(d, l): return mp.gamma(mp.mpf(d)/2)*mp.gamma(mp.mpf(l)/2)/(mp.pi*mp.gamma(mp.mpf(l+d)/2))
for d in list(range(3, 21)) + [32, 64]:
    v = mp.nsum(lambda k: comb(int(2*k+1)+d-3, int(2*k))*s(d, int(2*k+1))**2, [0, mp.inf])
    # check exact R_l formula on a few l
    assert all(comb(d-1+l-1, l)*(2*l+d-2) == (l+d-2)*(comb(l+d-1, d-1)-comb(l+d-3, d-1)) for l in range(1, 30))
    print(d, mp.nstr(v, 30), mp.nstr(v-(2*p_rec(d)-1), 3))
