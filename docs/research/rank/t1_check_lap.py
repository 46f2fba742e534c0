# check: V_{m-2i} component of homogeneous p (deg m) = K_{m-2i}[Delta^i p] / kappa,
#        kappa = prod_{k=1}^{i} 2k(2k + d - 2 + 2(m-2i))
import sys; sys.path.insert(0, '.')
from t1_rank import *
import random
rnd = random.Random(0)
ok = True
for d in (3, 4, 5, 6):
    for m in range(0, 8):
        for trial in range(3):
            p = {e: Fr(rnd.randint(-5, 5)) for e in monos(d, m)}
            p = {k: v for k, v in p.items() if v}
            for i in range(0, m//2+1):
                l = m-2*i
                a = Vl_component(p, d, m, l)
                q = p
                for _ in range(i): q = lap(q)
                kap = 1
                for k in range(1, i+1): kap *= 2*k*(2*k+d-2+2*l)
                b = scal(harm(q, d, l), Fr(1, kap))
                ok &= (add(a, b, -1) == {})
print('V_{m-2i}[p] = K_{m-2i}[Delta^i p]/kappa verified (d=3..6, m<=7, random p):', ok)
