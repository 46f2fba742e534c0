"""rank count: the constructed rank of a rank-r head's harmonic projections, checked both ways.

Definition (the certificate's; docs/math/rank.md#orthogonality-count): the functions are every monomial z^e of degree
l and l+2 in z_1..z_rr (rr = min(r, d)); each lists its Fischer decomposition
z^e = sum_j |x|^(2j) h_(m-2j) (m = deg e, every h harmonic: unique), so the degree-l part h_l is
z^e's V_l component. Checked: every h is harmonic (its Laplacian vanishes), the sum is z^e
(Horner: ((h_(m-2J) |x|^2 + ...) |x|^2 + h_m), the rows h_l have rank exactly 'constructed' (a
minor nonsingular mod p from below, each other row the listed rational combination of the
minor's rows from above), and that rank is binom(r+l-1, l) for r < d, N(d, l) for r >= d.

Exact arithmetic in integers: a polynomial is (integer coefficients, common denominator), each
common denominator at most max_number_digits digits; an exponent vector is packed into one
integer (B bits per variable), so |x|^2 and the Laplacian move keys by +- 2^(B i).
Cost: limits.rank_count_work per degree, summed and checked before any degree is examined.
"""

import math

from . import limits
from .common import Reject, capped_lcm, exact, field, int_field, need, sized_list
from .primes import check_minor, index_in, prime_field
from .grid_rank import weak_compositions


def harmonic_dim(d, l):
    """N(d, l), the dimension of the degree-l spherical harmonics in d variables."""
    if l == 0:
        return 1
    return math.comb(l + d - 1, d - 1) - (math.comb(l + d - 3, d - 1) if l >= 2 else 0)


class Packing:
    """Exponent vectors of d variables and degree <= top as integers, B bits per variable."""

    def __init__(self, d, top):
        self.d, self.B = d, top.bit_length() + 1
        self.mask = (1 << self.B) - 1
        self.step = [2 << (self.B * i) for i in range(d)]

    def key(self, e, degree, what):
        need(isinstance(e, list) and len(e) == self.d and all(type(x) is int and x >= 0 for x in e)
             and sum(e) == degree, f"{what}: exponent {str(e)[:60]} is not of degree {degree} in {self.d} variables")
        return sum(x << (self.B * i) for i, x in enumerate(e))

    def laplacian_vanishes(self, R):
        out = {}
        for k, c in R.items():
            for i in range(self.d):
                x = (k >> (self.B * i)) & self.mask
                if x >= 2:
                    t = k - self.step[i]
                    out[t] = out.get(t, 0) + c * x * (x - 1)
        return not any(out.values())

    def times_norm2_plus(self, R, H):
        """R |x|^2 + H."""
        out = dict(H)
        for k, c in R.items():
            for s in self.step:
                out[k + s] = out.get(k + s, 0) + c
        return {k: c for k, c in out.items() if c}


def polynomial(part, pack, degree, what):
    """(R, D): the part's terms as integer coefficients over their common denominator D."""
    need(field(part, "degree", int) == degree, f"{what} must have degree {degree}")
    terms = sized_list(field(part, "terms"), f"{what} terms", at_most=math.comb(degree + pack.d - 1, pack.d - 1))
    keys, coefs = [], []
    for term in terms:
        need(isinstance(term, list) and len(term) == 2, f"{what}: a term is [exponent, coefficient]")
        keys.append(pack.key(term[0], degree, what))
        coefs.append(exact(term[1], f"{what} coefficient"))
        need(coefs[-1] != 0, f"{what}: a zero coefficient is listed")
    need(len(set(keys)) == len(keys), f"{what}: an exponent is repeated")
    D = capped_lcm((q.denominator for q in coefs), what)
    return {k: q.numerator * (D // q.denominator) for k, q in zip(keys, coefs)}, D


def check_function(f, n, pack, l, expected, where, budget):
    """One function's Fischer decomposition; returns its row h_l as (R, D). budget: [work]."""
    e = field(f, "exponent")
    need(isinstance(e, list) and all(type(x) is int and x >= 0 for x in e) and sum(e) in (l, l + 2),
         f"{where} function {n}: the exponent must be of degree l or l+2")
    m = sum(e)
    key = pack.key(e, m, f"{where} function {n}")
    need(key in expected, f"{where} function {n}: z^{e} is not a monomial of degree l or l+2 in the first rr variables")
    parts = sized_list(field(f, "parts"), f"{where} function {n} parts", count=m // 2 + 1)
    polys = [polynomial(p, pack, m - 2 * j, f"{where} function {n} part {j}") for j, p in enumerate(parts)]
    for j, (R, _) in enumerate(polys):
        need(pack.laplacian_vanishes(R), f"{where} function {n}: part {j} is not harmonic")
    L = capped_lcm((D for _, D in polys), f"{where} function {n}")
    scaled = [{k: c * (L // D) for k, c in R.items()} for R, D in polys]
    budget[0] += (limits.size_factor(c for R in scaled for c in R.values()) - 1) * limits.rank_count_work(pack.d, l)
    need(budget[0] <= limits.rank_count_max_work,
         f"{where} function {n}: its numbers raise rank_count_work to {budget[0]}, above rank_count_max_work = "
         f"{limits.rank_count_max_work}")
    total = {}
    for R in reversed(scaled):
        total = pack.times_norm2_plus(total, R)
    need(total == {key: L}, f"{where} function {n}: sum_j |x|^(2j) h_(m-2j) is not z^{e}")
    return key, polys[(m - l) // 2]


def expected_functions(d, rr, l, pack):
    return {pack.key(list(c) + [0] * (d - rr), m, "monomial")
            for m in (l, l + 2) for c in weak_compositions(m, rr)}


def check_rows(deg, rows, pack, l, where):
    """The rank of the rows h_l: a minor mod p below, exact dependencies above. Returns it."""
    p = prime_field(deg, "prime", f"{where} prime")

    def entry(i, col):
        R, D = rows[i]
        num = R.get(col, 0)
        g = math.gcd(num, D)
        need((D // g) % p, f"{where}: p divides a denominator")
        return num // g * pow(D // g, -1, p) % p

    def valid_col(e):
        try:
            return pack.key(e, l, f"{where} minor column")
        except Reject:
            return None

    minor = field(deg, "minor", dict)
    rank = check_minor(entry, minor, p, f"{where} minor", index_in(len(rows)), valid_col, len(rows))
    basis = minor["rows"]
    deps = sized_list(field(deg, "dependencies"), f"{where} dependencies", count=len(rows) - rank)
    need(sorted([field(x, "row", int) for x in deps] + basis) == list(range(len(rows))),
         f"{where}: every row outside the minor needs one dependency")
    Lr = capped_lcm((D for _, D in rows), f"{where} rows")
    scaled = [{k: c * (Lr // D) for k, c in R.items()} for R, D in rows]
    for x in deps:
        cs = [exact(v, f"{where} dependency") for v in sized_list(field(x, "coefficients"), f"{where} dependency", count=rank)]
        Lc = capped_lcm((q.denominator for q in cs), f"{where} dependency of row {x['row']}")
        acc = {}
        for q, b in zip(cs, basis):
            if q:
                f = q.numerator * (Lc // q.denominator)
                for k, c in scaled[b].items():
                    acc[k] = acc.get(k, 0) + f * c
        need({k: c for k, c in acc.items() if c} == {k: Lc * c for k, c in scaled[x["row"]].items()},
             f"{where}: row {x['row']} is not the listed combination of the minor's rows")
    return rank


def check_degree(deg, d, r, l, where, budget):
    rr = min(r, d)
    pack = Packing(d, l + 2)
    F = math.comb(l + rr - 1, rr - 1) + math.comb(l + rr + 1, rr - 1)
    fs = sized_list(field(deg, "functions"), f"{where} functions", count=F)
    expected = expected_functions(d, rr, l, pack)
    keys, rows = [], []
    for n, f in enumerate(fs):
        key, row = check_function(f, n, pack, l, expected, where, budget)
        keys.append(key)
        rows.append(row)
    need(len(set(keys)) == F, f"{where}: the functions must be every monomial of degree l and l+2 in z_1..z_{rr}, once each")
    rank = check_rows(deg, rows, pack, l, where)
    need(field(deg, "constructed", int) == rank, f"{where}: constructed != the certified rank {rank}")
    count = math.comb(r + l - 1, l) if r < d else harmonic_dim(d, l)
    need(rank == count, f"{where}: the certified rank {rank} differs from the count {count}")
    return f"l={l}: rank {rank} = {'binom(r+l-1, l)' if r < d else 'N(d,l)'}"


def check_rank_count(c):
    d = int_field(c, "d", 2, limits.rank_count_max_d, "rank_count_max_d")
    r = int_field(c, "r", 1, limits.rank_count_max_r, "rank_count_max_r")
    degs = sized_list(field(c, "degrees"), "degrees")
    ls = [int_field(x, "l", 0, 10 ** 20) for x in degs]
    need(len(set(ls)) == len(ls), "degrees: an l is listed twice")
    built = {n for n, x in enumerate(degs) if x.get("constructed") != "n/a"}
    need(built, "nothing checked: no degree is constructed")
    work = sum(limits.rank_count_work(d, ls[n]) for n in built)
    need(work <= limits.rank_count_max_work,
         f"rank_count_work = {work}, above rank_count_max_work = {limits.rank_count_max_work}")
    budget = [work]
    parts = [check_degree(x, d, r, ls[n], f"degree {n}", budget) if n in built else f"l={ls[n]}: not constructed"
             for n, x in enumerate(degs)]
    return f"d={d} r={r}: " + "; ".join(parts) + " (harmonic projections, exact)"
