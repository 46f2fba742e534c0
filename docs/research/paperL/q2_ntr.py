#!/usr/bin/python3
"""Q2: N_Transition(L) = 12 L e^{2a} e^{2bL} (eq. 10) and its propagated error
Delta N = sqrt((dN/da)^2 s_a^2 + (dN/db)^2 s_b^2 + 2 (dN/da)(dN/db) s_ab).
dN/da = 2N, dN/db = (2L) N  (the prefactor 12 L does not depend on a, b).
Published: N_Tr(96) = 1.17 +- 0.23 e12, N_Tr(80) = 1.65 +- 0.25 e11,
Delta N / N (L=100) = 0.2.
"""
import numpy as np

L_ = np.array([6, 12, 18, 24, 30], float)
D = np.array([214, 308, 436, 572, 824], float)
dD = np.array([6, 12, 20, 12, 16], float)


def wls(x, y, s):
    w = 1 / s**2
    A = np.vstack([np.ones_like(x), x]).T
    cov = np.linalg.inv(A.T @ (w[:, None] * A))
    p = cov @ (A.T @ (w * y))
    chi2 = np.sum(w * (y - A @ p)**2)
    return p, cov, chi2


p, cov_abs, chi2 = wls(L_, np.log(D), dD / D)
cov_scaled = cov_abs * chi2 / 3
from scipy.optimize import curve_fit
pn, cov_n = curve_fit(lambda x, a, b: np.exp(a + b * x), L_, D, p0=[5, .05], sigma=dD, absolute_sigma=True)

PARAMS = {
    'published eq.11 (a,b & printed cov)': ((5.039, 5.55e-2), np.array([[9.4e-4, -3.74e-5], [-3.74e-5, 1.7e-6]])),
    'published (a,b) & cov from sigma_a=0.030,sigma_b=1.3e-3, s_ab=-3.74e-5':
        ((5.039, 5.55e-2), np.array([[0.030**2, -3.74e-5], [-3.74e-5, (1.3e-3)**2]])),
    'exact WLS fit, absolute cov': (tuple(p), cov_abs),
    'exact WLS fit, cov scaled by chi2_red': (tuple(p), cov_scaled),
    'exact WLS (a,b) & printed eq.11 cov': (tuple(p), np.array([[9.4e-4, -3.74e-5], [-3.74e-5, 1.7e-6]])),
    'nonlinear fit d_x=exp(a+bL) sigma=dD, absolute cov': (tuple(pn), cov_n),
}


def ntr(L, a, b):
    return 12 * L * np.exp(2 * a) * np.exp(2 * b * L)


def dntr(L, a, b, C, with_cov=True):
    N = ntr(L, a, b)
    dNa, dNb = 2 * N, 2 * L * N
    v = dNa**2 * C[0, 0] + dNb**2 * C[1, 1] + (2 * dNa * dNb * C[0, 1] if with_cov else 0.0)
    return np.sqrt(v)


print('| parameters | covariance term | N(96) | dN(96) | N(80) | dN(80) | dN/N(100) | dN/N(96) | dN/N(80) |')
print('|---|---|---|---|---|---|---|---|---|')
for name, ((a, b), C) in PARAMS.items():
    for wc in (True, False):
        r = [ntr(96, a, b), dntr(96, a, b, C, wc), ntr(80, a, b), dntr(80, a, b, C, wc)]
        rel = [dntr(L, a, b, C, wc) / ntr(L, a, b) for L in (100, 96, 80)]
        print(f'| {name} | {"with 2 s_ab term" if wc else "without"} | {r[0]:.4e} | {r[1]:.4e} | {r[2]:.4e} | {r[3]:.4e} | '
              + ' | '.join(f'{x:.4f}' for x in rel) + ' |')

print('\nPublished: N(96)=1.17e12 +- 0.23e12, N(80)=1.65e11 +- 0.25e11, dN/N(100)=0.2')
print('Exact fit params: a=%.7f b=%.8f' % tuple(p))
# the (L-independent) relative error formula
print('\nRelative error dN/N = 2*sqrt(s_a^2 + L^2 s_b^2 + 2 L s_ab)  (with cov term)')
a, b = 5.039, 5.55e-2
C = PARAMS['published eq.11 (a,b & printed cov)'][1]
for L in (6, 30, 48, 80, 96, 100):
    print(L, 2 * np.sqrt(C[0, 0] + L**2 * C[1, 1] + 2 * L * C[0, 1]))
