"""comm neighborly: q-neighborly sign vectors, every witness checked exactly.

Definition (the certificate's; talk-H l.441-470, after Candes & Tao 2005): v_1..v_N in {+1,-1}^k
regenerated from the seed (splitmix64; entry i of v_j is + iff bit 63 of draw j k + i is set).
A witness (S, w) certifies the q-subset S when <w, v_j> = 1 for j in S, |<w, v_j>| <= 1/2 for
j not in S, and norm_sq = k ||w||^2 <= 4q. Checked exactly: w = a / D over the common denominator
D (at most max_number_digits digits: a genuine witness solves one linear system), then N integer
dot products <a, v_j>.
Which subsets were tried is regenerated, never taken from the file (issue 38 section 3): "all" is
every q-subset in lexicographic order, "sampled" the first `samples` draws of the seed's subset
stream (splitmix64 from seed XOR 0xD1B54A32D192ED03, Floyd's algorithm: the writer's
src/comm/neighborly.cpp, sampled_subsets, stated in the certificate's subset_generator). The
witnesses and not_certified lists together must hold exactly the first `tried` of them, as a
multiset (a sampled subset drawn twice is listed twice); `tried` is all of them unless a search
stopped at its first failure, which is then the last one and the only one not certified. So no
draw can be dropped, added or relabelled.
Cost: N k draws, tried x q subset indices (limits.neighborly_max_draws) and witnesses x N x k
products (limits.neighborly_work), each checked first.
"""

import math
from collections import Counter
from fractions import Fraction
from itertools import combinations, islice
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


SUBSET_STREAM = 0xD1B54A32D192ED03


def sampled_subsets(N, q, seed, count):
    """The first `count` draws of the subset stream, each a sorted tuple of 1-based indices:
    splitmix64 from seed XOR 0xD1B54A32D192ED03; Floyd's algorithm, for j = N-q .. N-1 (0-based),
    t = floor(x (j+1) / 2^64) for the next output x, and j instead when t is already drawn."""
    state = (seed ^ SUBSET_STREAM) & MASK64
    out = []
    for _ in range(count):
        S = []
        for j in range(N - q, N):
            state = (state + 0x9E3779B97F4A7C15) & MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            t = ((z ^ (z >> 31)) * (j + 1)) >> 64
            S.append(j if t in S else t)
        out.append(tuple(sorted(i + 1 for i in S)))
    return out


def expected_subsets(scope, N, q, seed, samples, tried):
    """The first `tried` subsets the run examined, in order."""
    if scope == "all":
        return list(islice(combinations(range(1, N + 1), q), tried))
    return sampled_subsets(N, q, seed, tried)


def check_tried(claim, scope, N, q, seed, samples, seen, rest):
    """The lists hold exactly the subsets the run drew, and `tried` is all of them unless the run
    stopped at its first failure (then the last draw is the one subset not certified)."""
    tried = len(seen) + len(rest)
    count = math.comb(N, q) if scope == "all" else samples
    stopped = field(claim, "stopped_at_first_failure")
    need(isinstance(stopped, bool), "claim: stopped_at_first_failure must be true or false")
    if stopped:
        need(1 <= tried <= count, f"claim: {tried} subsets listed, but the run draws {count}")
        need(len(rest) == 1, "claim: a run that stopped at its first failure has exactly one subset "
                             f"not certified, the certificate lists {len(rest)}")
    else:
        need(tried == count, f"claim: {tried} subsets listed, but the run draws {count} "
                             f"({'C(N,q)' if scope == 'all' else 'samples'}) and did not stop")
    work = tried * q
    need(work <= limits.neighborly_max_draws,
         f"subsets x q = {work} indices to regenerate, above neighborly_max_draws = {limits.neighborly_max_draws}")
    drawn = expected_subsets(scope, N, q, seed, samples, tried)
    if stopped:
        need(rest[0] == drawn[-1], f"claim: the run stopped at subset {list(drawn[-1])}, the certificate "
                                   f"lists {list(rest[0])} as its failure")
    listed = Counter(seen) + Counter(rest)
    if listed != Counter(drawn):
        missing = sorted((Counter(drawn) - listed).elements())
        extra = sorted((listed - Counter(drawn)).elements())
        raise Reject(f"the listed subsets are not the {tried} the run drew ("
                     f"{scope}: {'lexicographic order' if scope == 'all' else f'seed {seed}, {samples} samples'})"
                     f": {len(missing)} drawn but not listed{f' (first {list(missing[0])})' if missing else ''}, "
                     f"{len(extra)} listed but not drawn{f' (first {list(extra[0])})' if extra else ''}")
    need(not set(seen) & set(rest), "a subset is listed both as certified and as not certified")
    return stopped


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
    samples = int_field(c, "samples", 0, 100000000)
    need((scope == "sampled") == (samples > 0),
         f"claim: subsets = {scope!r}, but samples = {samples} ({'0 means all' if samples == 0 else 'a sample'})")
    need(isinstance(field(c, "subset_generator"), str), "'subset_generator' must be a string")
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
    stopped = check_tried(claim, scope, N, q, seed_field(c), samples, seen, rest)
    certified, tried = len(set(seen)), len(set(seen) | set(rest))
    stop = " (the search stopped at its first failure)" if stopped else ""
    if scope == "all":
        what = (f"all C({N},{q}) = {tried} subsets tried, {certified} have" if not stopped else
                f"the first {tried} of C({N},{q}) subsets in lexicographic order tried{stop}, {certified} have")
    else:
        what = (f"{certified} distinct subset{'s' * (certified != 1)} ({len(seen)} witnesses) of the first "
                f"{len(seen) + len(rest)} draws{'' if stopped else ' (all ' + str(samples) + ' samples)'} from the "
                f"seed's subset stream ({tried} distinct){stop} {'have' if certified != 1 else 'has'}")
    return (f"N={N} q={q} k={k}: {what} an exact witness (<w,v_j> = 1 on S, |<w,v_j>| <= 1/2 off S, "
            f"k ||w||^2 <= {4 * q}; max {float(max_norm):.4g})")


def check_claim(claim, seen, rest, max_norm, q):
    need(field(claim, "certified", int) == len(seen),
         f"claim: {claim['certified']} certified, the certificate holds {len(seen)} witnesses")
    need(field(claim, "tried", int) == len(seen) + len(rest), "claim: tried != witnesses + not_certified")
    need(exact(field(claim, "max_norm_sq"), "max_norm_sq") == max_norm, "claim: max_norm_sq is not the largest norm")
    need(field(claim, "bound_4q", int) == 4 * q, "claim: bound_4q != 4q")


__all__ = ["check_neighborly", "Reject"]
