"""comm neighborly: q-neighborly sign vectors, every witness checked exactly.

Definition (the certificate's; talk-H l.441-470, after Candes & Tao 2005): v_1..v_N in {+1,-1}^k
regenerated from the seed (splitmix64; entry i of v_j is + iff bit 63 of draw j k + i is set).
A witness (S, w) certifies the q-subset S when <w, v_j> = 1 for j in S, |<w, v_j>| <= 1/2 for
j not in S, and norm_sq = k ||w||^2 <= 4q. Checked exactly: w = a / D over the common denominator
D (at most max_number_digits digits: a genuine witness solves one linear system), then N integer
dot products <a, v_j>. The subset list is complete when the claim says "all"; a sampled
certificate may repeat a subset (sampling with replacement) and is reported by distinct subsets.
Cost: N k draws and witnesses x N x k products (limits.neighborly_work), both checked first.
"""

import math
from fractions import Fraction
from operator import mul

from . import limits
from .common import MASK64, Reject, capped_lcm, exact, field, int_field, need, seed_field, sized_list, splitmix64_stream


def sign_vectors(c, N, k):
    """The listed sign vectors, each compared with the seed's, as lists of +-1."""
    seed = seed_field(c)
    rows = sized_list(field(c, "sign_vectors"), "sign_vectors", count=N)
    state = (seed ^ (k * 0x9E3779B97F4A7C15)) & MASK64
    out = []
    for j, row in enumerate(rows):
        need(isinstance(row, str) and len(row) == k, f"sign_vectors[{j}] must be {k} characters + or -")
        state, xs = splitmix64_stream(state, k)
        v = [1 if x >> 63 else -1 for x in xs]
        need(row == "".join("+" if s > 0 else "-" for s in v),
             f"sign_vectors[{j}] is not the seed's vector (splitmix64 from seed {seed})")
        out.append(v)
    return out


def subset(S, q, N, what):
    """A q-subset of 1..N: q distinct integers, returned sorted."""
    need(isinstance(S, list) and len(S) == q, f"{what}: S must list {q} indices")
    need(all(isinstance(j, int) and not isinstance(j, bool) and 1 <= j <= N for j in S),
         f"{what}: S must hold indices in 1..{N}")
    t = tuple(sorted(S))
    need(len(set(t)) == q, f"{what}: S repeats an index")
    return t


def check_witness(wit, n, N, q, k, v, budget):
    """One witness exactly; returns (S sorted, norm_sq). budget: [work charged so far]."""
    S = subset(field(wit, "S"), q, N, f"witness {n}")
    w = [exact(x, f"witness {n} w") for x in sized_list(field(wit, "w"), f"witness {n} w", count=k)]
    norm = exact(field(wit, "norm_sq"), f"witness {n} norm_sq")
    D = capped_lcm((x.denominator for x in w), f"witness {n} w")
    a = [x.numerator * (D // x.denominator) for x in w]  # w = a / D exactly
    budget[0] += (limits.size_factor(a) - 1) * N * k
    need(budget[0] <= limits.neighborly_max_work,
         f"witness {n}: its numbers raise the work to {budget[0]}, above neighborly_max_work = "
         f"{limits.neighborly_max_work}")
    inS = set(S)
    for j in range(N):
        dot = sum(map(mul, a, v[j]))  # D <w, v_j>
        if j + 1 in inS:
            need(dot == D, f"witness {n} (S = {list(S)}): <w,v_{j + 1}> = {Fraction(dot, D)}, not 1")
        else:
            need(2 * abs(dot) <= D,
                 f"witness {n} (S = {list(S)}): |<w,v_{j + 1}>| = {abs(Fraction(dot, D))} > 1/2")
    sq = sum(x * x for x in a)
    need(k * sq == norm * D * D,
         f"witness {n} (S = {list(S)}): norm_sq = {norm}, but k ||w||^2 = {Fraction(k * sq, D * D)}")
    need(norm <= 4 * q, f"witness {n} (S = {list(S)}): ||w_S||^2 = {norm} > 4q = {4 * q}")
    return S, norm


def parse_header(c):
    N = int_field(c, "N", 1, limits.neighborly_max_N, "neighborly_max_N")
    k = int_field(c, "k", 1, limits.neighborly_max_k, "neighborly_max_k")
    q = int_field(c, "q", 1, N)
    need(q <= k, "need q <= k")
    need(N * k <= limits.neighborly_max_sign_entries,
         f"N k = {N * k} signs, above neighborly_max_sign_entries = {limits.neighborly_max_sign_entries}")
    return N, q, k


def check_neighborly(c):
    N, q, k = parse_header(c)
    witnesses = sized_list(field(c, "witnesses"), "witnesses")
    others = sized_list(field(c, "not_certified"), "not_certified")
    need(witnesses, "nothing checked: the certificate lists no witness")
    work = limits.neighborly_work(N, k, len(witnesses))
    need(work <= limits.neighborly_max_work,
         f"witnesses x N x k = {work}, above neighborly_max_work = {limits.neighborly_max_work}")
    claim = field(c, "claim", dict)
    scope = field(claim, "subsets")
    need(scope in ("all", "sampled"), "claim: subsets must be 'all' or 'sampled'")
    if scope == "all":
        need(len(witnesses) + len(others) == math.comb(N, q),
             f"claim: 'all' subsets, but {len(witnesses) + len(others)} are listed of C({N},{q})")
    v = sign_vectors(c, N, k)
    seen, max_norm, budget = [], Fraction(0), [work]
    for n, wit in enumerate(witnesses):
        S, norm = check_witness(wit, n, N, q, k, v, budget)
        seen.append(S)
        max_norm = max(max_norm, norm)
    rest = []
    for n, o in enumerate(others):
        rest.append(subset(field(o, "S"), q, N, f"not_certified {n}"))
        need(field(o, "status") in ("infeasible", "norm_exceeds", "not_found"), f"not_certified {n}: bad status")
    check_claim(claim, seen, rest, max_norm, q)
    certified, tried = len(set(seen)), len(set(seen) | set(rest))
    if scope == "all":
        need(tried == math.comb(N, q), f"claim: 'all' subsets, but the lists repeat a subset")
        what = f"all C({N},{q}) = {tried} subsets tried, {certified} have"
    else:
        what = (f"{certified} distinct subset{'s' * (certified != 1)} ({len(seen)} witnesses) of {tried} "
                f"distinct sampled ({len(seen) + len(rest)} draws) {'have' if certified != 1 else 'has'}")
    return (f"N={N} q={q} k={k}: {what} an exact witness (<w,v_j> = 1 on S, |<w,v_j>| <= 1/2 off S, "
            f"k ||w||^2 <= {4 * q}; max {float(max_norm):.4g})")


def check_claim(claim, seen, rest, max_norm, q):
    need(field(claim, "certified", int) == len(seen),
         f"claim: {claim['certified']} certified, the certificate holds {len(seen)} witnesses")
    need(field(claim, "tried", int) == len(seen) + len(rest), "claim: tried != witnesses + not_certified")
    need(exact(field(claim, "max_norm_sq"), "max_norm_sq") == max_norm, "claim: max_norm_sq is not the largest norm")
    need(field(claim, "bound_4q", int) == 4 * q, "claim: bound_4q != 4q")


__all__ = ["check_neighborly", "Reject"]
