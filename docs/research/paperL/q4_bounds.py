#!/usr/bin/python3
"""Q4: consistency of the stated Theorem 1/2 bounds (eqs. 7, 8) with what the appendix proofs derive.
 lower bounds: proofs give sep >= ((d lambda)) = binom(d+lambda-1, lambda), d=(dx-H)/2, lambda=3^{L-2}
 upper bounds: Thm 3: sep <= (H(da+1))^{C(L)} = (dx+H)^{C(L)};  Thm 4 (eq. 19):
               sep <= dx (C+1) ((dx 2C)) (2C/dx + 1)^dx
All in log base 3, via log-gamma (mpmath) so that huge L is fine.
"""
import mpmath as mp
mp.mp.dps = 50
ln3 = mp.log(3)
log3 = lambda x: mp.log(x) / ln3


def log3_multiset(n, k):  # log3 binom(n+k-1, k)
    return (mp.loggamma(n + k) - mp.loggamma(k + 1) - mp.loggamma(n)) / ln3


def thm1(L, dx, H):
    a = -L + 2 - log3(2)
    return 3**(L - 2) * (log3(dx - H) + a), mp.mpf(3**L - 1) / 2 * log3(dx + H)


def thm2(L, dx, H):
    b1, c1 = -L * (mp.mpf(H) / 2 + 1), L
    b2 = -dx * (1 + log3(mp.mpf(dx - H) / 2) / 2)
    c2 = -2 * dx * log3(dx / (2 * mp.sqrt(2 * mp.e))) + log3(dx)
    return mp.mpf(dx) * L / 2 + b1 + b2, 2 * mp.mpf(dx) * L + c1 + c2


viol = []
rows = []
for dx in [8, 16, 32, 64, 128, 256, 512, 1024, 4096]:
    for H in [1, 2, 4, 8]:
        if H >= dx or (dx - H) % 2:
            continue
        da = dx // H
        for L in range(2, 16):
            C = (3**L - 1) // 2
            d, lam = (dx - H) // 2, 3**(L - 2)
            proven_lb = log3_multiset(d, lam)
            ub3 = C * log3(H * (da + 1))
            ub4 = log3(dx) + log3(C + 1) + log3_multiset(dx, 2 * C) + dx * log3(mp.mpf(2 * C) / dx + 1)
            if L < log3(dx):
                lb, ub = thm1(L, dx, H)
                reg = 1
                ok_lb = lb <= proven_lb + 1e-30
                ok_ub = ub + 1e-30 >= min(ub3, ub4)
            elif L > log3(dx):
                lb, ub = thm2(L, dx, H)
                reg = 2
                ok_lb = lb <= proven_lb + 1e-30
                ok_ub = ub + 1e-30 >= ub4
            else:
                continue
            rows.append((dx, H, L, reg, float(lb), float(proven_lb), float(ub), float(ub3), float(ub4), ok_lb, ok_ub))
            if not (ok_lb and ok_ub):
                viol.append(rows[-1])
print('checked', len(rows), 'cases (dx in 8..4096, H in 1,2,4,8, L in 2..15)')
print('violations (stated LB > proven log3((d lambda)) or stated UB < derived UB):', len(viol))
for v in viol[:40]:
    print('  dx=%d H=%d L=%d thm%d: stated LB=%.4g proven=%.4g | stated UB=%.4g thm3=%.4g thm4=%.4g | LBok=%s UBok=%s' % v)
print('\nsample rows:')
for r in rows:
    if r[0] in (64, 1024) and r[1] == 2 and r[2] in (2, 3, 5, 7, 10, 14):
        print('  dx=%d H=%d L=%d thm%d: stated LB=%.4g proven=%.4g | stated UB=%.4g thm3=%.4g thm4=%.4g | %s %s' % r)
