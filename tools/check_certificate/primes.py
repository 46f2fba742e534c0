"""Exact linear algebra through primes: primality, determinants and ranks mod p, minors.

A minor whose determinant is nonzero mod a prime p is nonzero over Q, so the rank over Q is at
least its size (the certificates' lower bounds). Cost: O(n^3) operations mod p for an n x n minor,
each row operation one list comprehension.
"""

from .common import Reject, field, integer, need

_SMALL = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
# Miller-Rabin with the first 13 primes as bases is deterministic below this bound
# (Sorenson and Webster 2015).
MR_BOUND = 3317044064679887385961981


def is_prime(n: int) -> bool:
    if n < 2:
        return False
    for p in _SMALL:
        if n % p == 0:
            return n == p
    need(n < MR_BOUND, "prime too large for the deterministic test (below 3.3e24)")
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in _SMALL:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def prime_field(c, key, what):
    p = integer(field(c, key), what)
    need(is_prime(p), f"{what}: {p} is not prime")
    return p


def _pack(values, W):
    return int.from_bytes(b"".join(x.to_bytes(W, "little") for x in values), "little")


def _eliminate(a, p, square):
    """Gaussian elimination mod p of the rows `a` (entries in 0..p-1); returns (rank, determinant
    or None). Each live row is one integer holding its remaining entries in fields of W bytes,
    the current column lowest ("SIMD within a register"): a row operation R += f (p - pivot row)
    is one multiply-add of two integers, a finished column is shifted out, and a field is reduced
    mod p only when read. A field starts below p and gains below p^2 per operation, at most one
    per pivot: W = 2 bits(p) + bits(n) + 2 bits keep the fields apart."""
    rows, cols = len(a), len(a[0]) if a else 0
    W = (2 * p.bit_length() + rows.bit_length() + 2 + 7) // 8
    shift, mask = 8 * W, (1 << 8 * W) - 1
    live = [_pack(r, W) for r in a]
    rank, det = 0, 1
    for c in range(cols):
        piv = next((i for i, R in enumerate(live) if (R & mask) % p), None)
        if piv is None:
            if square:
                return rank, 0
            live = [R >> shift for R in live]
            continue
        if piv:
            live[0], live[piv] = live[piv], live[0]
            det = -det
        raw = live[0].to_bytes(W * (cols - c), "little")
        top = [int.from_bytes(raw[k * W:(k + 1) * W], "little") % p for k in range(cols - c)]
        det = det * top[0] % p
        inv = pow(top[0], p - 2, p)
        neg = _pack([(p - x) % p for x in top[1:]], W)
        out = []
        for R in live[1:]:
            e = (R & mask) % p
            R >>= shift
            out.append(R + (e * inv % p) * neg if e else R)
        live = out
        rank += 1
    return rank, det % p


def det_mod_p(rows, p):
    """Determinant of a square integer matrix modulo the prime p."""
    a = [[x % p for x in r] for r in rows]
    return _eliminate(a, p, True)[1] if a else 1


def rank_mod_p(rows, p):
    return _eliminate([[x % p for x in r] for r in rows], p, False)[0]


def independent(rows):
    """Whether integer vectors are shown independent over Q: their rank mod some prime (a lower
    bound of the rank over Q) is their number. Three primes near 2^62 are tried; vectors
    independent over Q fail at all three only if each divides every maximal minor."""
    return any(rank_mod_p(rows, p) == len(rows)
               for p in (4611686018427387847, 4611686018427387817, 4611686018427387787))


def minor_indices(minor, what, valid_row, valid_col, side):
    """The minor's (rows, cols): two lists of the same length (at most `side`) of distinct valid
    indices, checked before any entry is computed."""
    need(isinstance(minor, dict), f"{what} must be an object")
    rows, cols = field(minor, "rows", list), field(minor, "cols", list)
    need(len(rows) == len(cols), f"{what}: rows and cols differ in length")
    need(len(rows) <= side, f"{what}: {len(rows)} rows, the matrix has {side}")
    for kind, idx, valid in (("row", rows, valid_row), ("column", cols, valid_col)):
        keys = [valid(i) for i in idx]
        need(all(k is not None for k in keys), f"{what}: a {kind} index is malformed or out of range")
        need(len(set(keys)) == len(keys), f"{what}: repeated {kind} indices")
    return [valid_row(i) for i in rows], [valid_col(j) for j in cols]


def check_minor(entry, minor, p, what, valid_row, valid_col, side):
    """The minor {rows, cols, det_mod_p}: its determinant recomputed mod p (entry(i, j) gives the
    entry mod p) must match and be nonzero. Returns its size."""
    rows, cols = minor_indices(minor, what, valid_row, valid_col, side)
    claimed = integer(field(minor, "det_mod_p"), f"{what} det_mod_p")
    d = det_mod_p([[entry(i, j) for j in cols] for i in rows], p)
    need(d == claimed % p, f"{what}: the determinant mod p is {d}, the certificate says {claimed}")
    need(d != 0, f"{what}: the minor is singular mod p")
    return len(rows)


def index_in(n):
    """A validator of plain integer indices 0..n-1."""
    def valid(i):
        return i if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < n else None
    return valid


__all__ = ["Reject", "is_prime", "prime_field", "det_mod_p", "rank_mod_p", "independent",
           "check_minor", "minor_indices", "index_in"]
