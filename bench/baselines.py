"""Baselines shared by the benchmark scripts (run_bench.py, bench_table.py): what a user would
write instead of boundcheck. Not used by any test; see bench/README in README.md, Performance."""
import numpy as np
from scipy.special import gammaln


def numpy_lb(d, log_h, r, L=101):
    """LB(d, r, H) for every H with log(H) in log_h, truncated at degree L, in NumPy doubles
    (docs/math/rank.md#spectral-lower-bound; uncertified). Returns (lo, hi): the sum over odd l <= L plus the tail bracket
    [(1 - min(1, H b/N at L+2)) T, T], T = 1 - sum c_l^2, using that b/N decreases in l."""
    ls = np.arange(1, L + 3, 2, dtype=float)  # up to L+2 for the tail bracket
    log_n = np.log(2 * ls + d - 2) - np.log(ls) + gammaln(ls + d - 2) - gammaln(ls) - gammaln(d - 1)
    log_s = gammaln(d / 2) + gammaln(ls / 2) - gammaln((ls + d) / 2) - np.log(np.pi)
    c2 = np.exp(log_n + 2 * log_s)
    logrho = gammaln(r + ls) - gammaln(ls + 1) - gammaln(r) - log_n
    x = log_h[:, None] + logrho[None, :-1]
    term = c2[None, :-1] * np.where(x >= 0, 0.0, -np.expm1(np.minimum(x, 0.0)))
    tail = 1.0 - c2[:-1].sum()
    m_hi = np.minimum(1.0, np.exp(log_h + logrho[-1]))
    s = term.sum(axis=1)
    return s + (1 - m_hi) * tail, s + tail
