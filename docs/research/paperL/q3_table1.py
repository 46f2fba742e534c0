#!/usr/bin/python3
"""Q3: reproduce Table 1 of paper-L (optimal depth/width per GPT-3 model size).

Candidate reading: the optimal depth L* for a parameter budget P solves
P = N_Tr(L) = 12 L e^{2a} e^{2bL}; the width is then either e^{a+bL} or
sqrt(P / (12 L)) evaluated at L* (real) or at the printed integer L.
Candidate budgets P: nominal GPT-3 size, 12 L d^2 of the GPT-3 architecture,
12 L d^2 + embeddings (n_vocab*d + n_ctx*d), and approximations thereof.
"""
import numpy as np
from scipy.optimize import brentq

# Table 1 as printed in paper-L (lines 28-38 of the text file)
# name, nominal size, GPT-3 L, GPT-3 d_model, published optimal L, published optimal width
T1 = [
    ('GPT-3 Small', 125e6, 12, 768, 23, 555),
    ('GPT-3 Medium', 350e6, 24, 1024, 32, 886),
    ('GPT-3 Large', 760e6, 24, 1536, 38, 1220),
    ('GPT-3 XL', 1.3e9, 24, 2048, 42, 1550),
    ('GPT-3 2.7B', 2.7e9, 32, 2560, 47, 2110),
    ('GPT-3 6.7B', 6.7e9, 32, 4096, 54, 3150),
    ('GPT-3 13B', 13.0e9, 40, 5140, 60, 4200),
    ('GPT-3 175B', 175.0e9, 96, 12288, 80, 13500),
    ('1T', 1e12, None, None, 95, 30100),
]

# fit parameters: full precision WLS (see q1_fit.py) and the printed ones
Lx = np.array([6, 12, 18, 24, 30.])
D = np.array([214, 308, 436, 572, 824.])
dD = np.array([6, 12, 20, 12, 16.])
w = (D / dD)**2
A = np.vstack([np.ones(5), Lx]).T
p_exact = np.linalg.solve(A.T @ (w[:, None] * A), A.T @ (w * np.log(D)))
FITS = {'exact (5.03967,0.0555008)': tuple(p_exact), 'printed (5.039,0.0555)': (5.039, 0.0555)}

NV, NCTX = 50257, 2048  # GPT-2/3 BPE vocabulary, GPT-3 context


def budgets(nom, L, d):
    out = {'nominal': nom}
    if L is not None:
        out['12Ld^2'] = 12 * L * d * d
        out['12Ld^2+emb(V*d+ctx*d)'] = 12 * L * d * d + (NV + NCTX) * d
        out['12Ld^2+13Ld (biases/LN)'] = 12 * L * d * d + 13 * L * d
    else:
        out['12Ld^2'] = nom  # 1T row: no architecture given, only the size
        out['12Ld^2+emb(V*d+ctx*d)'] = nom
        out['12Ld^2+13Ld (biases/LN)'] = nom
    return out


def Lstar(P, a, b):
    return brentq(lambda L: np.log(12 * L) + 2 * a + 2 * b * L - np.log(P), 1e-6, 500)


def sig3(x):
    return float(f'{x:.3g}')


rows = []
print('Per row: published (L, width) and computed under each budget reading / fit.')
print('L* = real root of P = 12 L e^{2a+2bL}; w1 = e^{a+b L*}; w2 = sqrt(P/(12 Lpub)); w3 = e^{a+b Lpub};')
print('w4 = sqrt(P/(12 round(L*))).  (w1 == sqrt(P/(12 L*)) identically.)')
for fitname, (a, b) in FITS.items():
    print(f'\n=== fit {fitname} ===')
    print('| model | P reading | P | L* | round(L*) | pub L | w1=e^(a+bL*) | w2=sqrt(P/12Lpub) | w3=e^(a+bLpub) | w4 | pub width |')
    print('|---|---|---|---|---|---|---|---|---|---|---|')
    for name, nom, L, d, Lp, wp in T1:
        for bname, P in budgets(nom, L, d).items():
            if L is None and bname != 'nominal':
                continue
            Ls = Lstar(P, a, b)
            w1 = np.exp(a + b * Ls)
            w2 = np.sqrt(P / (12 * Lp))
            w3 = np.exp(a + b * Lp)
            w4 = np.sqrt(P / (12 * round(Ls)))
            rows.append((fitname, name, bname, P, Ls, Lp, w1, w2, w3, w4, wp))
            print(f'| {name} | {bname} | {P:.4g} | {Ls:.2f} | {round(Ls)} | {Lp} | {w1:.0f} | {w2:.0f} | {w3:.0f} | {w4:.0f} | {wp} |')

# summary: for each (fit, reading, width-rule) count rows with |L*-Lpub|<=1 (and round(L*)==Lpub) and width within 2%
print('\n=== summary: rows matching (depth: round(L*)==pub and |L*-pub|<1; width within 2% and 3-sig-fig equal) ===')
import collections
summ = collections.defaultdict(lambda: [0, 0, 0, 0, 0, []])
for fitname, name, bname, P, Ls, Lp, w1, w2, w3, w4, wp in rows:
    if name == '1T':
        bname_list = ['nominal', '12Ld^2', '12Ld^2+emb(V*d+ctx*d)', '12Ld^2+13Ld (biases/LN)']
    else:
        bname_list = [bname]
    for bn in bname_list:
        for wi, wv in enumerate([w1, w2, w3, w4]):
            key = (fitname, bn, f'w{wi+1}')
            s = summ[key]
            s[0] += 1
            s[1] += (round(Ls) == Lp)
            s[2] += abs(wv / wp - 1) <= 0.02
            s[3] += sig3(wv) == wp
            s[4] = s[4]
            if not (round(Ls) == Lp and sig3(wv) == wp):
                s[5].append(f'{name}: L*={Ls:.2f} w={wv:.0f}')
print('| fit | P reading | width rule | rows | depth==round(L*) | width within 2% | width==3 s.f. | mismatches (depth or 3-s.f. width) |')
print('|---|---|---|---|---|---|---|---|')
for key, s in summ.items():
    print(f'| {key[0]} | {key[1]} | {key[2]} | {s[0]} | {s[1]} | {s[2]} | {s[3]} | {"; ".join(s[5])} |')

# ---------------------------------------------------------------------------
# Best reading, precise values: P = 12 L d^2 (GPT-3 architecture), exact fit
print('\n=== best reading, precise: P = 12*L_gpt3*d_gpt3^2, exact fit ===')
a, b = FITS['exact (5.03967,0.0555008)']
print('| model | GPT-3 (L, d) | P=12Ld^2 | L* | N_Tr(Lpub) | pub (L, w) | sqrt(P/12Lpub) | e^(a+bL*) | e^(a+bLpub) | w/pub-1 (sqrt rule) |')
print('|---|---|---|---|---|---|---|---|---|---|')
for name, nom, L, d, Lp, wp in T1:
    P = 12 * L * d * d if L else nom
    Ls = Lstar(P, a, b)
    w2 = np.sqrt(P / (12 * Lp))
    print(f'| {name} | {(L, d)} | {P:.6g} | {Ls:.3f} | {12*Lp*np.exp(2*a+2*b*Lp):.4g} | {(Lp, wp)} | {w2:.2f} | {np.exp(a+b*Ls):.2f} | {np.exp(a+b*Lp):.2f} | {w2/wp-1:+.4f} |')
# Which integer depth minimises |ln N_Tr(L) - ln P| (same as round-to-nearest in log-size)?
print('\nLarge row: N_Tr(37), N_Tr(38) vs P=12*24*1536^2:',
      f'{12*37*np.exp(2*a+2*b*37):.4g}', f'{12*38*np.exp(2*a+2*b*38):.4g}', f'{12*24*1536**2:.4g}')
