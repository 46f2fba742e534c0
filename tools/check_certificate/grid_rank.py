"""depth grid-rank: ranks behind paper-L's lower bounds, each matrix recomputed from its definition.

hadamard (paper-L appendix B, l.680-718): rows and columns are the weak compositions q^a of lambda
into d parts; with Omega = p/s in lowest terms, A_ab = (sum_r p^(e_r) s^(2 lambda - e_r))^lambda,
e_r = q^a_r + q^b_r, which has the rank of (V V^T)^(odot lambda). A minor nonsingular mod a prime
bounds the rank over Q from below; an exact rank adds a minor at another prime and, below full
rank, independent null vectors (A x = 0 exactly). Entries mod p are computed from p and s reduced
mod p first (cost O(d) per entry, whatever Omega's size); exact entries (for the null space only)
have at most hadamard_max_entry_bits bits, checked before they are formed.

network (paper-L l.615-640, l.73-79): the grid tensor y(i_1..i_N) of the linearised network with
the listed weights and templates (each regenerated from the seed, mod the prime), matricised by
the partition I; a minor nonsingular mod p bounds its rank over Q. Cost: limits.network_work.
"""

import math
from operator import add, mul

from . import limits
from .common import Reject, field, int_field, integer, need, seed_field, sized_list, splitmix64_stream, exact
from .primes import check_minor, independent, index_in, prime_field


def weak_compositions(total, parts):
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in weak_compositions(total - first, parts - 1):
            yield (first,) + rest


class Hadamard:
    """A_ab for the listed compositions, mod a prime (reduced first) or exactly."""

    def __init__(self, comps, lam, omega):
        self.comps, self.lam = comps, lam
        self.p, self.s = omega.numerator, omega.denominator

    def mod(self, P):
        """entry(a, b) = A_ab mod P: the powers p^e s^(2 lambda - e) tabulated mod P once."""
        lam, p, s = self.lam, self.p % P, self.s % P
        pw = [pow(p, e, P) * pow(s, 2 * lam - e, P) % P for e in range(2 * lam + 1)]
        comps, at = self.comps, pw.__getitem__

        def entry(a, b):
            return pow(sum(map(at, map(add, comps[a], comps[b]))), lam, P)
        return entry

    def exact_bits(self):
        """A bound on the bits of |A_ab| <= (d max(|p|, s)^(2 lambda))^lambda."""
        d, lam = len(self.comps[0]), self.lam
        return lam * (2 * lam * max(abs(self.p), self.s).bit_length() + d.bit_length())

    def exact_entry(self, a, b):
        lam, p, s = self.lam, self.p, self.s
        return sum(p ** (x + y) * s ** (2 * lam - x - y) for x, y in zip(self.comps[a], self.comps[b])) ** lam


def hadamard_header(c):
    d = int_field(c, "d", 1, limits.hadamard_max_d, "hadamard_max_d")
    lam = int_field(c, "lambda", 1, limits.hadamard_max_lambda, "hadamard_max_lambda")
    n = int_field(c, "n", 1, limits.grid_rank_max_side, "grid_rank_max_side")
    need(n == math.comb(d + lam - 1, lam), f"n must be binom(d+lambda-1, lambda) = {math.comb(d + lam - 1, lam)}")
    omega = exact(field(c, "omega"), "omega")
    cap = limits.hadamard_max_omega_bits
    need(abs(omega.numerator).bit_length() <= cap and omega.denominator.bit_length() <= cap,
         f"omega's numerator or denominator has more than hadamard_max_omega_bits = {cap} bits")
    need(omega != 0, "omega must be nonzero")
    comps = [tuple(x) if isinstance(x, list) and all(type(y) is int for y in x) else None
             for x in sized_list(field(c, "compositions"), "compositions", count=n)]
    need(all(x is not None and len(x) == d for x in comps), f"compositions: each must list {d} parts")
    need(set(comps) == set(weak_compositions(lam, d)) and len(set(comps)) == n,
         "compositions must be every weak composition of lambda into d parts, once each")
    return d, lam, n, omega, comps


def check_hadamard(c):
    d, lam, n, omega, comps = hadamard_header(c)
    A = Hadamard(comps, lam, omega)
    prime = prime_field(c, "prime", "prime")
    valid = index_in(n)
    r = check_minor(A.mod(prime), field(c, "minor", dict), prime, "minor", valid, valid, n)
    need(r > 0, "nothing checked: the minor is empty")
    claim = field(c, "claim", dict)
    need(field(claim, "rank_at_least", int) == r, "claim: rank_at_least is not the minor's size")
    need(field(claim, "rank_mod_p", int) == r, "claim: rank_mod_p is not the minor's size")
    need(field(claim, "multiset", int) == n, "claim: multiset != binom(d+lambda-1, lambda)")
    out = f"d={d} lambda={lam} Omega={omega}: rank_Q >= {r} of binom(d+lambda-1, lambda) = {n}"
    out += " (full rank: = n)" if r == n else ""
    if "exact" in c:
        out += check_exact(field(c, "exact", dict), A, n, r)
    return out


def check_exact(e, A, n, r):
    rank = int_field(e, "rank", 0, n)
    ep = prime_field(e, "prime", "exact prime")
    valid = index_in(n)
    need(check_minor(A.mod(ep), field(e, "minor", dict), ep, "exact minor", valid, valid, n) == rank,
         "exact: the minor's size is not the rank")
    need(rank >= r, "exact: the exact rank is below the rank mod p")
    if rank == n:
        return f"; exact rank = {n}"
    if "null_space" not in e:
        return f"; exact rank >= {rank} (the upper bound is not part of the certificate)"
    vecs = sized_list(e["null_space"], "exact null_space", count=n - rank)
    bits = A.exact_bits()
    need(bits <= limits.hadamard_max_entry_bits,
         f"exact: checking the null space needs entries of {bits} bits, above hadamard_max_entry_bits = "
         f"{limits.hadamard_max_entry_bits}")
    work = limits.hadamard_null_work(n, n - rank, bits)
    need(work <= limits.hadamard_max_null_work,
         f"exact: hadamard_null_work = {work}, above hadamard_max_null_work = {limits.hadamard_max_null_work}")
    ns = [[integer(x, "null_space entry") for x in sized_list(v, "a null vector", count=n)] for v in vecs]
    for a in range(n):  # row by row: the exact entries are not all kept
        row = [A.exact_entry(a, b) for b in range(n)]
        for k, v in enumerate(ns):
            need(sum(map(mul, row, v)) == 0, f"exact: null_space[{k}] is not in the null space of A (row {a})")
    need(independent(ns), "exact: the null-space vectors are not shown independent (mod three primes)")
    return f"; exact rank = {rank} (minor from below, {n - rank} null vectors from above)"


def network_header(c):
    L = int_field(c, "L", 1, limits.network_max_L, "network_max_L")
    dx = int_field(c, "dx", 1, limits.network_max_dx, "network_max_dx")
    H = int_field(c, "H", 1, limits.network_max_H, "network_max_H")
    N = int_field(c, "N", 2, limits.network_max_N, "network_max_N")
    M = int_field(c, "templates", 1, limits.network_max_templates, "network_max_templates")
    need(dx % H == 0 and N % 2 == 0, "need H | dx and N even")
    side = M ** (N // 2)
    need(side <= limits.grid_rank_max_side,
         f"templates^(N/2) = {side} rows, above grid_rank_max_side = {limits.grid_rank_max_side}")
    work = limits.network_work(L, dx, H, N, M)
    need(work <= limits.network_max_work, f"network_work = {work}, above network_max_work = {limits.network_max_work}")
    return L, dx, H, N, M


class Draws:
    """The seed's stream: splitmix64 outputs reduced mod the prime, in the certificate's order."""

    def __init__(self, seed, prime):
        self.state, self.prime = seed, prime

    def take(self, listed, what, count):
        listed = [integer(x, what) for x in sized_list(listed, what, count=count)]
        self.state, xs = splitmix64_stream(self.state, count)
        out = [x % self.prime for x in xs]
        need(listed == out, f"{what} are not the seed's draws")
        return out


def network_weights(c, L, dx, H, M, draws):
    """Per (layer, head) the rows of W^Q, W^K, W^V (da x dx) and W^O (dx x da); the templates."""
    da = dx // H
    blocks = sized_list(field(c, "weights"), "weights", count=L * H)
    W = []
    for i, blk in enumerate(blocks):
        need((field(blk, "layer", int), field(blk, "head", int)) == (i // H + 1, i % H + 1),
             f"weights[{i}]: layer/head out of order")
        w = {}
        for name, rows, cols in (("W_Q", da, dx), ("W_K", da, dx), ("W_V", da, dx), ("W_O", dx, da)):
            flat = draws.take(field(blk, name), f"weights[{i}] {name}", rows * cols)
            w[name] = [flat[r * cols:(r + 1) * cols] for r in range(rows)]
        W.append(w)
    listed = sized_list(field(c, "template_vectors"), "template_vectors", count=M)
    T = [draws.take(t, f"template_vectors[{k}]", dx) for k, t in enumerate(listed)]
    return W, T


class Network:
    """y(i_1..i_N) = entry (1, 1) of the linearised network's output on the columns x_j = T_(i_j),
    mod P. Per head, with G = W^K^T W^Q and O = W^O W^V (dx x dx, formed once): the scores are
    S_ji = x_j^T G x_i and the head's output column i is sum_j S_ji O x_j. The first layer reads
    S and O x_j from tables over the templates; the last computes only its first entry,
    sum_j (x_j^T G x_1) (O[0] . x_j). Cost per point: limits.network_work."""

    def __init__(self, W, T, L, H, P):
        self.L, self.H, self.P = L, H, P
        self.G = [self.mm(self.tr(w["W_K"]), w["W_Q"]) for w in W]
        self.O = [self.mm(w["W_O"], w["W_V"]) for w in W]
        GT = [[self.mv(self.G[h], t) for t in T] for h in range(H)]
        self.st = [[[self.dot(t, g) for g in GT[h]] for t in T] for h in range(H)]
        self.ot = [[self.mv(self.O[h], t) for t in T] for h in range(H)]
        self.memo = {}

    def tr(self, A):
        return [list(col) for col in zip(*A)]

    def mm(self, A, B):
        Bt = self.tr(B)
        return [[self.dot(row, col) for col in Bt] for row in A]

    def dot(self, a, b):
        return sum(map(mul, a, b)) % self.P

    def mv(self, A, x):
        P = self.P
        return [sum(map(mul, row, x)) % P for row in A]

    def combine(self, S, OX, N):
        """Column i: sum_j S[j][i] OX[j] (mod P)."""
        P, n = self.P, len(OX[0])
        return [[sum(S[j][i] * OX[j][a] for j in range(N)) % P for a in range(n)] for i in range(N)]

    def add(self, X, Y):
        return Y if X is None else [[(a + b) % self.P for a, b in zip(x, y)] for x, y in zip(X, Y)]

    def first_layer(self, idx):
        N, X = len(idx), None
        for h in range(self.H):
            st, ot = self.st[h], self.ot[h]
            X = self.add(X, self.combine([[st[m][k] for k in idx] for m in idx], [ot[m] for m in idx], N))
        return X

    def layer(self, X, l):
        N, X2 = len(X), None
        for h in range(self.H):
            G, O = self.G[l * self.H + h], self.O[l * self.H + h]
            GX = [self.mv(G, x) for x in X]
            S = [[self.dot(X[j], GX[i]) for i in range(N)] for j in range(N)]
            X2 = self.add(X2, self.combine(S, [self.mv(O, x) for x in X], N))
        return X2

    def last_entry(self, X, idx):
        total, l = 0, self.L - 1
        for h in range(self.H):
            if X is None:  # one layer: the tables
                total += sum(self.st[h][m][idx[0]] * self.ot[h][m][0] for m in idx)
                continue
            G, O0 = self.G[l * self.H + h], self.O[l * self.H + h][0]
            g = self.mv(G, X[0])
            total += sum(self.dot(x, g) * self.dot(O0, x) for x in X)
        return total % self.P

    def y(self, idx):
        if idx not in self.memo:
            X = self.first_layer(idx) if self.L > 1 else None
            for l in range(1, self.L - 1):
                X = self.layer(X, l)
            self.memo[idx] = self.last_entry(X, idx)
        return self.memo[idx]


def check_network(c):
    L, dx, H, N, M = network_header(c)
    prime = prime_field(c, "prime", "prime")
    W, T = network_weights(c, L, dx, H, M, Draws(seed_field(c), prime))
    net = Network(W, T, L, H, prime)
    side = M ** (N // 2)
    parts = sized_list(field(c, "partitions"), "partitions", at_most=2)  # the two balanced ones
    need(parts, "nothing checked: no partitions")
    out, seen = [], []
    for n, part in enumerate(parts):
        listed = sized_list(field(part, "I"), f"partition {n} I", count=N // 2)
        need(all(type(i) is int and 1 <= i <= N for i in listed) and len(set(listed)) == N // 2,
             f"partition {n}: I must be N/2 distinct positions in 1..N")
        I = [i - 1 for i in listed]
        need(all(sorted(I) != sorted(x) for x in seen), f"partition {n}: I is listed twice")
        seen.append(I)
        J = [j for j in range(N) if j not in I]

        def entry(row, col, I=I, J=J):
            idx = [0] * N
            for positions, x in ((I, row), (J, col)):
                for pos in reversed(positions):
                    x, idx[pos] = divmod(x, M)
            return net.y(tuple(idx))

        valid = index_in(side)
        r = check_minor(entry, field(part, "minor", dict), prime, f"partition {n} minor", valid, valid, side)
        need(r > 0, f"nothing checked: partition {n}'s minor is empty")
        need(field(part, "rank_mod_p", int) == r, f"partition {n}: rank_mod_p is not the minor's size")
        out.append(f"I={[i + 1 for i in I]}: rank_Q >= {r}")
    return f"L={L} dx={dx} H={H} N={N} M={M}: grid matrix (side {side}) " + ", ".join(out)


def check_grid_rank(c):
    kind = field(c, "kind", str)
    need(kind in ("hadamard", "network"), "kind must be hadamard or network")
    return check_hadamard(c) if kind == "hadamard" else check_network(c)
