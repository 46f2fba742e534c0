#!/usr/bin/python3
"""Q1: which error model reproduces the published fit of ln d_x = a + b L
(paper-L, sec 5.2.2, eq. 11, appendix D.1, table 4).

Published: a = 5.039 +- 0.030, b = 5.55e-2 +- 1.3e-3,
cov = [[9.4e-4, -3.74e-5], [-3.74e-5, 1.7e-6]], R^2 = 0.998, chi2_red = 0.854.
"""
import numpy as np
from scipy.optimize import curve_fit

L = np.array([6, 12, 18, 24, 30], float)
D = np.array([214, 308, 436, 572, 824], float)
dD = np.array([6, 12, 20, 12, 16], float)
# Table 4(b) as printed (rounded)
lnD_tab = np.array([5.37, 5.73, 6.08, 6.35, 6.71])
slnD_tab = np.array([2.80e-2, 3.90e-2, 4.59e-2, 2.10e-2, 1.94e-2])

PUB = dict(a=5.039, b=5.55e-2, sa=0.030, sb=1.3e-3, vaa=9.4e-4, vab=-3.74e-5,
           vbb=1.7e-6, R2=0.998, chi2r=0.854)


def wls(x, y, s):
    """closed-form weighted least squares line; returns p, cov_abs, chi2"""
    w = 1.0 / s**2
    A = np.vstack([np.ones_like(x), x]).T
    F = A.T @ (w[:, None] * A)
    cov = np.linalg.inv(F)
    p = cov @ (A.T @ (w * y))
    r = y - A @ p
    chi2 = np.sum(w * r**2)
    return p, cov, chi2


def r2_variants(y, yhat, s):
    w = 1 / s**2
    n = len(y)
    out = {}
    out['R2_unweighted'] = 1 - np.sum((y - yhat)**2) / np.sum((y - y.mean())**2)
    ybw = np.sum(w * y) / np.sum(w)
    out['R2_weighted(ybar=wmean)'] = 1 - np.sum(w * (y - yhat)**2) / np.sum(w * (y - ybw)**2)
    ybp = np.sum(w * y) / n  # literally eq. 59: ybar = (1/n) sum y_i/sigma_i^2
    out['R2_eq59_literal'] = 1 - np.sum(w * (y - yhat)**2) / np.sum(w * (y - ybp)**2)
    out['R2_weighted(ybar=plain mean)'] = 1 - np.sum(w * (y - yhat)**2) / np.sum(w * (y - y.mean())**2)
    return out


rows = []


def report(name, p, cov, chi2, df, y, yhat, s, extra=None):
    chi2r = chi2 / df
    R2 = r2_variants(y, yhat, s)
    row = dict(name=name, a=p[0], b=p[1], sa=np.sqrt(cov[0, 0]), sb=np.sqrt(cov[1, 1]),
               vaa=cov[0, 0], vab=cov[0, 1], vbb=cov[1, 1], chi2r=chi2r, **R2)
    if extra:
        row.update(extra)
    rows.append(row)


df = 3
y = np.log(D)
# --- V1/V2: linear WLS on ln d_x with sigma = dD/D (= table 4b), abs / scaled
for lab, yy, ss in [('exact ln d_x, sigma=dD/D', y, dD / D),
                    ('table4b rounded y & sigma', lnD_tab, slnD_tab),
                    ('exact y, rounded sigma(4b)', y, slnD_tab),
                    ('rounded y(4b), exact sigma', lnD_tab, dD / D),
                    ('exact y, sigma=dD/(2D)', y, dD / (2 * D)),
                    ('exact y, sigma=ln(D+dD/2)-ln(D-dD/2)', y, np.log(D + dD / 2) - np.log(D - dD / 2)),
                    ('exact y, unweighted (sigma=1)', y, np.ones(5)),
                    ]:
    p, cov, chi2 = wls(L, yy, ss)
    yhat = p[0] + p[1] * L
    report(lab + ' ; abs_sigma=True', p, cov, chi2, df, yy, yhat, ss)
    report(lab + ' ; abs_sigma=False (cov*chi2r)', p, cov * chi2 / df, chi2, df, yy, yhat, ss)

# --- nonlinear fit d_x = exp(a + b L) with sigma = dD on d_x
f = lambda x, a, b: np.exp(a + b * x)
for sig, lab in [(dD, 'sigma=dD'), (dD / 2, 'sigma=dD/2')]:
    for absig in (True, False):
        p, cov = curve_fit(f, L, D, p0=[5, 0.05], sigma=sig, absolute_sigma=absig)
        yhat = f(L, *p)
        chi2 = np.sum(((D - yhat) / sig)**2)
        report(f'nonlinear d_x=exp(a+bL), {lab} ; abs_sigma={absig}', p, cov, chi2, df, D, yhat, sig)
        # also R2 computed in log space for the nonlinear parameters
        rows[-1]['R2_log_weighted'] = r2_variants(y, p[0] + p[1] * L, sig / D)['R2_weighted(ybar=wmean)']
        rows[-1]['R2_log_unweighted'] = r2_variants(y, p[0] + p[1] * L, sig / D)['R2_unweighted']

# --- polyfit (numpy) with w=1/sigma, cov='unscaled' vs default(scaled)
p, cov = np.polyfit(L, y, 1, w=D / dD, cov='unscaled')
rows.append(dict(name='np.polyfit w=1/sigma cov=unscaled (check)', a=p[1], b=p[0],
                 sa=np.sqrt(cov[1, 1]), sb=np.sqrt(cov[0, 0]), vaa=cov[1, 1], vab=cov[0, 1], vbb=cov[0, 0]))
p, cov = np.polyfit(L, y, 1, w=D / dD, cov=True)
rows.append(dict(name='np.polyfit w=1/sigma cov=True (numpy scales by chi2/(n-2))', a=p[1], b=p[0],
                 sa=np.sqrt(cov[1, 1]), sb=np.sqrt(cov[0, 0]), vaa=cov[1, 1], vab=cov[0, 1], vbb=cov[0, 0]))

keys = ['a', 'b', 'sa', 'sb', 'vaa', 'vab', 'vbb', 'chi2r', 'R2_unweighted',
        'R2_weighted(ybar=wmean)', 'R2_eq59_literal', 'R2_weighted(ybar=plain mean)']
print('PUBLISHED:', PUB)
print()
hdr = '| variant | a | b | sigma_a | sigma_b | var_a | cov_ab | var_b | chi2_red | R2 unw | R2 w(wmean) | R2 eq59 literal | R2 w(plain mean) |'
print(hdr)
print('|' + '---|' * (hdr.count('|') - 1))
for r in rows:
    vals = []
    for k in keys:
        v = r.get(k)
        vals.append('' if v is None else (f'{v:.6g}'))
    print('| ' + r['name'] + ' | ' + ' | '.join(vals) + ' |')
print()
for r in rows:
    if 'R2_log_weighted' in r:
        print(r['name'], 'R2 in log space (weighted, unweighted):', f"{r['R2_log_weighted']:.6f}", f"{r['R2_log_unweighted']:.6f}")

# correlation coefficient implied by published cov
print('\npublished corr(a,b) =', PUB['vab'] / np.sqrt(PUB['vaa'] * PUB['vbb']))
print('published sqrt(vaa), sqrt(vbb) =', np.sqrt(PUB['vaa']), np.sqrt(PUB['vbb']))

# ---------------------------------------------------------------------------
# Digit check: does each computed value reproduce the printed digits, under
# (i) round-half-even/nearest and (ii) truncation toward zero?
import math
from decimal import Decimal, ROUND_HALF_UP, ROUND_DOWN
PRINTED = [  # (key, printed string)
    ('a', '5.039'), ('b', '5.55e-2'), ('sa', '0.030'), ('sb', '1.3e-3'),
    ('vaa', '9.4e-4'), ('vab', '-3.74e-5'), ('vbb', '1.7e-6'),
    ('chi2r', '0.854'), ('R2', '0.998')]


def quantize_like(x, printed, mode):
    d = Decimal(printed)
    q = Decimal(1).scaleb(d.as_tuple().exponent)  # last printed digit
    return Decimal(repr(float(x))).quantize(q, rounding=mode) == d


print('\nDigit check (R = matches when rounded, T = matches when truncated, - = neither)')
print('| variant | ' + ' | '.join(k for k, _ in PRINTED) + ' | #R | #T |')
print('|' + '---|' * (len(PRINTED) + 3))
for r in rows:
    if 'chi2r' not in r:
        continue
    marks = []
    nR = nT = 0
    for k, s in PRINTED:
        if k == 'R2':
            # best-matching R^2 definition, listed separately below
            v = r['R2_weighted(ybar=wmean)']
        else:
            v = r[k]
        mR = quantize_like(v, s, ROUND_HALF_UP)
        mT = quantize_like(v, s, ROUND_DOWN)
        nR += mR
        nT += mT
        marks.append(('R' if mR else '') + ('T' if mT else '') or '-')
    print('| ' + r['name'] + ' | ' + ' | '.join(marks) + f' | {nR} | {nT} |')

print('\nR^2 definitions under the best variant (exact ln d_x, sigma=dD/D):')
r = rows[0]
for k in ['R2_unweighted', 'R2_weighted(ybar=wmean)', 'R2_eq59_literal', 'R2_weighted(ybar=plain mean)']:
    print(f'  {k:32s} {r[k]:.6f}  round->{quantize_like(r[k], "0.998", ROUND_HALF_UP)} trunc->{quantize_like(r[k], "0.998", ROUND_DOWN)}')
print('\nNote: sqrt(published var_a = 9.4e-4) = %.5f; any var_a that rounds to 9.4e-4 has sqrt in [%.5f, %.5f),' % (
    math.sqrt(9.4e-4), math.sqrt(9.35e-4), math.sqrt(9.45e-4)))
print('      so "sigma_a = 0.030" and "var_a = 9.4e-4" cannot both be correctly ROUNDED values of one number;')
print('      both are consistent with TRUNCATION (sqrt in [0.0300,0.0310), var in [9.4,9.5)e-4).')

r = rows[0]
print('\nBest variant full precision:', {k: r[k] for k in ['a', 'b', 'sa', 'sb', 'vaa', 'vab', 'vbb', 'chi2r',
                                                         'R2_weighted(ybar=wmean)', 'R2_unweighted']})
print('chi2 =', r['chi2r'] * 3)
