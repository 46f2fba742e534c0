"""comm pair-matching: every decision of the one-head construction, recomputed rigorously.

Definition (the certificate's): instance z_1..z_N in {1..M}, regenerated from the seed; output i
has a match iff z_i + z_j = 0 (mod M) for some j (j = i allowed); the head predicts "no match" iff
S_i = sum_j exp(y(d_ij)) < 1, where d_ij = min(r, M - r) for r = (z_i + z_j) mod M and

    y(d) = alpha (cos(2 pi d / M) - c_0) = 2 alpha ((1 - theta) sin^2(pi / M) - sin^2(pi d / M)),

c_0 = c_1 + theta (1 - c_1), c_1 = cos(2 pi / M) (talk-H l.553-638). y decreases in d on
0..M/2, and y(0) > 0 > y(1), so an output with a match is always predicted "match" (its own term
exceeds 1) and only outputs without a match are summed to decide. The printed margin
m_i = -log S_i must agree with the rigorous one to 1e-9 (1 + alpha).

How: S_i depends on z_i's value a only, so each distinct value is summed once. Its terms are
taken exactly (intervals.py: sin, exp) for the values z_j within a window around -a where
y is within T = 72 ln 2 + ln N of its largest term; the others, each below the window's edge
term, are bounded together. An output whose sum or margin the brackets do not settle is summed
again at 4 and 16 times the precision. Cost: pair_matching_pairs terms and at most
pair_matching_max_residues exponentials (limits.py), both estimated before any is evaluated.
"""

import bisect
import math
import re
from fractions import Fraction

from . import limits
from .common import MASK64, Reject, exact, field, int_field, need, seed_field, sized_list, splitmix64_stream
from .intervals import exp_binary, ln2_fixed, log_fixed, pi_fixed, sin_fixed

PRECISIONS = (72, 288, 1152)  # mantissa bits of the sums: the default, then the refinements
_MARGIN = re.compile(r"-?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]{1,3})?")


def pm_instance(N, M, seed, t):
    """Trial t: splitmix64 from seed XOR (0x5851F42D4C957F2D (t + 1) mod 2^64); z_i = 1 +
    floor(x_i M / 2^64)."""
    _, xs = splitmix64_stream((seed ^ (0x5851F42D4C957F2D * (t + 1))) & MASK64, N)
    return [1 + ((x * M) >> 64) for x in xs]


def _ceil_shift(x, s):
    return -((-x) >> s)


class Scorer:
    """exp(y(d)) for one alpha at mantissa precision F, as [mlo, mhi] 2^(k-F), cached per d."""

    def __init__(self, M, theta, alpha, F):
        self.M, self.alpha, self.F = M, alpha, F
        self.Fw = F + max(0, alpha.numerator.bit_length() - alpha.denominator.bit_length()) + 48
        self.pi = pi_fixed(self.Fw)
        s1lo, s1hi = self.sin2(1)
        om = 1 - theta
        self.base = (s1lo * om.numerator // om.denominator, -((-s1hi * om.numerator) // om.denominator))
        self.cache = {}

    def sin2(self, d):
        """sin^2(pi d / M) at scale 2^Fw, for 0 <= d <= M/2."""
        Fw, M = self.Fw, self.M
        if d == 0:
            return 0, 0
        if 2 * d == M:
            return 1 << Fw, 1 << Fw
        slo = sin_fixed(self.pi[0] * d // M, Fw)[0]
        shi = min(sin_fixed(-((-self.pi[1] * d) // M), Fw)[1], 1 << Fw)
        return slo * slo >> Fw, -((-shi * shi) >> Fw)

    def y(self, d):
        """y(d) = 2 alpha ((1 - theta) sin^2(pi/M) - sin^2(pi d/M)) at scale 2^Fw."""
        s2lo, s2hi = self.sin2(d)
        an, ad = 2 * self.alpha.numerator, self.alpha.denominator
        return (self.base[0] - s2hi) * an // ad, -((-(self.base[1] - s2lo) * an) // ad)

    def term(self, d):
        if d not in self.cache:
            ylo, yhi = self.y(d)
            self.cache[d] = exp_binary(ylo, yhi, self.Fw, self.F)
        return self.cache[d]


class InstanceSums:
    """The distinct values of one instance mod M (z_i = M is 0), their counts."""

    def __init__(self, z, M):
        counts = {}
        for v in z:
            v %= M
            counts[v] = counts.get(v, 0) + 1
        self.M, self.N = M, len(z)
        self.vals = sorted(counts)
        self.cnts = [counts[v] for v in self.vals]
        self.present = counts

    def has_match(self, a):
        return (-a) % self.M in self.present

    def dist(self, a, v):
        r = (a + v) % self.M
        return min(r, self.M - r)

    def nearest(self, a):
        """The least distance d(a + v) over the values v (the largest term)."""
        t = (-a) % self.M
        i = bisect.bisect_left(self.vals, t)
        D = len(self.vals)
        return min(self.dist(a, self.vals[i % D]), self.dist(a, self.vals[(i - 1) % D]))

    def window(self, a, W):
        """Indices of the values v with d(a + v) <= W (every index when the window wraps)."""
        M, vals = self.M, self.vals
        if 2 * W + 1 >= M:
            return range(len(vals))
        t = (-a) % M
        lo, hi = t - W, t + W
        spans = [(lo, hi)] if 0 <= lo and hi < M else (
            [(0, hi), (lo + M, M - 1)] if lo < 0 else [(lo, M - 1), (0, hi - M)])
        out = []
        for x, y in spans:
            out.extend(range(bisect.bisect_left(vals, x), bisect.bisect_right(vals, y)))
        return out


def window_edge(M, alpha, d_min, T, cap):
    """The largest distance d whose term is within e^-T of the term at d_min, from sin^2(pi d/M)
    <= sin^2(pi d_min/M) + T / (2 alpha) (floating point: any edge is sound, the terms beyond it
    are bounded by its neighbour's), at most d_min + cap and M/2."""
    s = math.sin(math.pi * d_min / M)
    u = s * s + T / (2 * float(alpha)) if float(alpha) > 1e-300 else 2.0
    W = M // 2 if u >= 1 else math.ceil(M / math.pi * math.asin(math.sqrt(u))) + 1
    return min(W, d_min + cap, M // 2)


def value_sum(sums, scorer, a, T, cap):
    """S(a) in [lo, hi] 2^(K-F) (ints lo, hi, K), and the number of terms taken one by one."""
    d_min = sums.nearest(a)
    W = window_edge(sums.M, scorer.alpha, d_min, T, cap)
    idx = sums.window(a, W)
    terms, inside = [], 0
    for i in idx:
        c = sums.cnts[i]
        inside += c
        terms.append((c, scorer.term(sums.dist(a, sums.vals[i]))))
    if inside < sums.N:  # the rest lie beyond W, each term below the one at W + 1
        edge = scorer.term(W + 1)
        terms.append((sums.N - inside, (0, edge[1], edge[2])))
    K = max(t[2] for _, t in terms)
    lo = sum(c * (m[0] >> (K - m[2])) for c, m in terms)
    hi = sum(c * _ceil_shift(m[1], K - m[2]) for c, m in terms)
    return lo, hi, K, len(idx)


def log_bracket(lo, hi, K, F):
    """log S for S in [lo, hi] 2^(K-F), as Fractions (Llo, Lhi)."""
    E = K - F
    shift = abs(E).bit_length() + 2
    llo, lhi = ln2_fixed(F + shift)
    elo = (E * (llo if E >= 0 else lhi)) >> shift
    ehi = _ceil_shift(E * (lhi if E >= 0 else llo), shift)
    return Fraction(elo + log_fixed(lo, F)[0], 1 << F), Fraction(ehi + log_fixed(hi, F)[1], 1 << F)


class Evaluation:
    """The decisions and margins at one alpha: each value summed at PRECISIONS[0], and again at
    the next precision while its decision or margin is not settled."""

    def __init__(self, M, theta, alpha, N, budget):
        self.M, self.theta, self.alpha, self.N = M, theta, alpha, N
        self.tol = (1 + alpha) / 10 ** 9
        self.scorers, self.budget = {}, budget
        self.reach = [limits.pair_matching_reach(N, M, float(alpha), F) for F in PRECISIONS]

    def bracket(self, sums, a, level, memo):
        """S(a) in [lo, hi] 2^(K-F) at PRECISIONS[level] (memo: one instance's)."""
        if (a, level) not in memo:
            F = PRECISIONS[level]
            if F not in self.scorers:
                self.scorers[F] = Scorer(self.M, self.theta, self.alpha, F)
            T = F * math.log(2) + math.log(self.N)
            reach = self.reach[level]
            lo, hi, K, n = value_sum(sums, self.scorers[F], a, T, self.M if reach is None else reach)
            if level:
                self.budget[0] += n
                need(self.budget[0] <= limits.pair_matching_max_refined,
                     f"more than pair_matching_max_refined = {limits.pair_matching_max_refined} terms "
                     "summed again at a higher precision (outputs too close to the decision)")
            memo[(a, level)] = (lo, hi, K, F)
        return memo[(a, level)]

    def predicts_no_match(self, sums, a, memo):
        if sums.has_match(a):
            return False  # its own term exp(y(0)) > 1
        if self.N == 1:
            return True  # one term exp(y(d)), y(d) < 0 for d >= 1
        for level in range(len(PRECISIONS)):
            lo, hi, K, F = self.bracket(sums, a, level, memo)
            if hi.bit_length() <= F - K:  # hi < 2^(F-K): S < 1
                return True
            if lo >= 1 and lo.bit_length() - 1 >= F - K:  # lo >= 2^(F-K): S >= 1
                return False
        raise Reject(f"value {a}: sum_j exp(alpha (cos - c_0)) is not separated from 1 at "
                     f"{PRECISIONS[-1]} bits")

    def check_margin(self, sums, a, text, memo, where):
        need(isinstance(text, str) and len(text) <= 40 and _MARGIN.fullmatch(text) is not None,
             f"{where}: margin {str(text)[:40]!r} is not a decimal double (at most 40 characters)")
        m, tol = Fraction(text), self.tol
        for level in range(len(PRECISIONS)):
            lo, hi, K, F = self.bracket(sums, a, level, memo)
            Llo, Lhi = log_bracket(lo, hi, K, F)  # the margin is -log S
            if m + Llo >= -tol and m + Lhi <= tol:
                return
            need(not (m + Lhi < -tol or m + Llo > tol),
                 f"{where}: margin {text} is not -log sum_j exp(...) to 1e-9 (1 + alpha)")
        raise Reject(f"{where}: margin {text} is not settled at {PRECISIONS[-1]} bits")

    def instance(self, z, margins, where):
        """(errors, false_match, missed_match, the set of wrong values) of one instance."""
        sums, memo = InstanceSums(z, self.M), {}
        errors = fm = mm = 0
        wrong = set()
        for a, c in zip(sums.vals, sums.cnts):
            truth = sums.has_match(a)
            if self.predicts_no_match(sums, a, memo) == truth:
                wrong.add(a)
                errors += c
                mm, fm = (mm + c, fm) if truth else (mm, fm + c)
        seen = set()
        for i, (a, text) in enumerate(zip(z, margins)):
            a %= self.M
            if (a, text) not in seen:
                self.check_margin(sums, a, text, memo, f"{where} output {i + 1}")
                seen.add((a, text))
        return errors, fm, mm, wrong


def parse_header(c):
    N = int_field(c, "N", 1, limits.pair_matching_max_N, "pair_matching_max_N")
    M = int_field(c, "M", 2, limits.pair_matching_max_M, "pair_matching_max_M")
    trials = int_field(c, "trials", 1, MASK64)
    need(trials * N <= limits.pair_matching_max_outputs,
         f"trials x N = {trials * N} outputs, above pair_matching_max_outputs = {limits.pair_matching_max_outputs}")
    theta = exact(field(c, "theta"), "theta")
    need(0 < theta < 1, "theta must lie in (0, 1)")
    return N, M, trials, theta, seed_field(c)


def alpha_field(ev, where):
    alpha = exact(field(ev, "alpha"), f"{where} alpha")
    cap = limits.pair_matching_max_alpha_bits
    need(alpha.numerator.bit_length() <= cap and alpha.denominator.bit_length() <= cap,
         f"{where}: alpha's numerator or denominator has more than pair_matching_max_alpha_bits = {cap} bits")
    need(0 < alpha < 2 ** 1000, f"{where}: alpha must lie in (0, 2^1000)")
    return alpha


def roles_claimed(claim):
    """The evaluations a claim needs: given -> [given]; search -> [zero_errors, has_error], or
    [every_alpha] for alpha_min = 0."""
    given = "alpha" in claim
    need(given != ("alpha_min_at_most" in claim or "alpha_min_above" in claim),
         "claim: either alpha and errors, or alpha_min_at_most and alpha_min_above")
    if given:
        return ["given"], None, None
    hi = exact(field(claim, "alpha_min_at_most"), "alpha_min_at_most")
    lo = exact(field(claim, "alpha_min_above"), "alpha_min_above")
    if hi == 0:
        need(lo == 0, "claim: alpha_min_at_most = 0 needs alpha_min_above = 0")
        return ["every_alpha"], lo, hi
    need(0 < lo < hi, "claim: need 0 < alpha_min_above < alpha_min_at_most")
    return ["zero_errors", "has_error"], lo, hi


def plan(c, N, trials):
    """The evaluations, their structure checked (roles, scopes, trials, list lengths) before any
    instance is regenerated: [(role, alpha or None, instances, evaluation)]."""
    claim = field(c, "claim", dict)
    roles, lo, hi = roles_claimed(claim)
    evs = sized_list(field(c, "evaluations"), "evaluations", at_most=2)
    got = [field(e, "role", str) for e in evs]
    need(got == roles, f"evaluations: roles {got}, the claim needs {roles}")
    out = []
    for n, ev in enumerate(evs):
        where, role = f"evaluation {n}", got[n]
        every = field(ev, "scope") == "all trials"
        need(every == (role != "has_error"),
             f"{where}: scope must be {'one instance' if role == 'has_error' else 'all trials'}")
        need(every or ev["scope"] == "one instance", f"{where}: scope must be 'one instance'")
        insts = sized_list(field(ev, "instances"), f"{where} instances", count=trials if every else 1)
        for i, inst in enumerate(insts):
            t = int_field(inst, "trial", 0, trials - 1)
            need(not every or t == i, f"{where}: the instances must be trials 0..{trials - 1}, each once, in order")
            sized_list(field(inst, "z"), f"{where} trial {t} z", count=N)
            if role != "every_alpha":
                sized_list(field(inst, "margins"), f"{where} trial {t} margins", count=N)
        alpha = alpha_field(ev, where) if role != "every_alpha" else None
        out.append((role, alpha, insts, ev))
    return claim, lo, hi, out


def check_work(N, M, evaluations):
    timed = [(float(alpha), len(insts)) for _, alpha, insts, _ in evaluations if alpha is not None]
    pairs = sum(limits.pair_matching_pairs(N, M, a, n) for a, n in timed)
    need(pairs <= limits.pair_matching_max_pairs,
         f"{pairs} terms to sum, above pair_matching_max_pairs = {limits.pair_matching_max_pairs} "
         "(pair_matching_pairs: fewer trials, a smaller N, or a larger alpha)")
    residues = sum(limits.pair_matching_residues(N, M, a, n) for a, n in timed)
    need(residues <= limits.pair_matching_max_residues,
         f"{residues:.6g} exponentials to evaluate, above pair_matching_max_residues = "
         f"{limits.pair_matching_max_residues} (pair_matching_residues)")


def regenerate(inst, N, M, seed, where):
    t = inst["trial"]
    z = pm_instance(N, M, seed, t)
    need(inst["z"] == z, f"{where}: trial {t}'s z is not the seed's instance")
    return t, z


def run(ev_plan, N, M, theta, seed):
    """Recomputes one evaluation: (errors, false_match, missed_match, outputs, wrong), wrong
    mapping each trial to its instance and the values decided wrong."""
    role, alpha, insts, ev = ev_plan
    if role == "every_alpha":
        for inst in insts:
            t, z = regenerate(inst, N, M, seed, role)
            present = {v % M for v in z}
            need(N == 1 or all((-a) % M in present for a in present),
                 f"every_alpha: trial {t} has an output without a match, which errs for small alpha "
                 "(the sum tends to N > 1)")
        return 0, 0, 0, 0, {}
    e = Evaluation(M, theta, alpha, N, [0])
    errors = fm = mm = 0
    wrong = {}
    for inst in insts:
        t, z = regenerate(inst, N, M, seed, role)
        de, dfm, dmm, values = e.instance(z, inst["margins"], f"{role} trial {t}")
        errors, fm, mm = errors + de, fm + dfm, mm + dmm
        wrong[t] = (z, values)
    return errors, fm, mm, len(insts) * N, wrong


def check_counts(ev, got, where):
    errors, fm, mm, outputs, _ = got
    claimed = [field(ev, k, int) for k in ("errors", "false_match", "missed_match", "outputs")]
    need(claimed == [errors, fm, mm, outputs],
         f"{where}: recomputed {errors} errors ({fm} false, {mm} missed) in {outputs} outputs, the "
         f"certificate says {claimed[0]} ({claimed[1]}, {claimed[2]}) in {claimed[3]}")


def check_pair_matching(c):
    N, M, trials, theta, seed = parse_header(c)
    claim, lo, hi, evaluations = plan(c, N, trials)
    check_work(N, M, evaluations)
    results = [run(e, N, M, theta, seed) for e in evaluations]
    head = f"N={N} M={M} theta={theta} trials={trials}"
    roles = [e[0] for e in evaluations]
    if roles == ["given"]:
        (_, alpha, _, ev), got = evaluations[0], results[0]
        check_counts(ev, got, "evaluation 0")
        need(exact(claim["alpha"], "claim alpha") == alpha, "claim: alpha is not the evaluation's")
        need(field(claim, "errors", int) == got[0], "claim: error count differs")
        return (f"{head}: at alpha = {float(alpha):.10g}, {got[0]} errors in {got[3]} outputs, every "
                "decision certified")
    if roles == ["every_alpha"]:
        return f"{head}: every output has a match (or N = 1): no alpha > 0 errs, alpha_min = 0"
    (_, a_hi, _, ev0), (_, a_lo, _, ev1) = evaluations
    check_counts(ev0, results[0], "evaluation 0")
    need(a_hi == hi and results[0][0] == 0, "claim: no error-free evaluation at alpha_min_at_most")
    need(a_lo == lo, "claim: the erring evaluation is not at alpha_min_above")
    t = evaluations[1][2][0]["trial"]
    w = int_field(ev1, "wrong_output", 1, N)
    z, values = results[1][4][t]
    need(z[w - 1] % M in values, f"evaluation 1: output {w} is decided right, not wrong, at this alpha")
    return (f"{head}: 0 errors in {results[0][3]} outputs at alpha = {float(hi):.10g} and an error at "
            f"alpha = {float(lo):.10g}; errors are monotone in alpha, so alpha_min lies in between")
