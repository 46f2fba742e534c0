"""The checker's limits, one place: every size a certificate may ask for, checked before any work.

The writers (boundcheck's --certificate, tools/certificate_limits.hpp) keep the same names and
values and refuse up front what this checker would refuse, so a certificate boundcheck writes is
one this checker checks. tests/certificates.py compares the two lists.

A limit bounds either the file (what json and the parsing of numbers cost) or the work that the
file's parameters imply beyond its own size (a regenerated instance, an entry of a matrix computed
from its definition, a polynomial expanded). The estimates below are those works, as functions of
the parameters alone; each is compared with its limit before the work starts.
"""

import math

# ---- every certificate ----------------------------------------------------------------------
max_file_bytes = 67108864          # 64 MiB: json holds about 15 bytes of Python objects per byte
max_json_depth = 32                # the deepest certificate (rank count) nests 9 levels
max_json_int_digits = 20           # JSON integers: indices, counts, exponents (< 2^64)
max_number_digits = 4000           # digits of an exact rational's numerator or denominator, and of
                                   # every common denominator the checker forms (below Python's
                                   # 4300-digit int conversion limit)

# ---- comm neighborly ------------------------------------------------------------------------
neighborly_max_N = 100000
neighborly_max_k = 4096
neighborly_max_sign_entries = 10000000   # N k signs regenerated from the seed
neighborly_max_work = 200000000          # witnesses x N x k products <w, v_j>

# ---- comm pair-matching ---------------------------------------------------------------------
pair_matching_max_N = 1000000
pair_matching_max_M = 4611686018427387904   # 2^62
pair_matching_max_outputs = 4000000         # trials x N outputs decided (and instances regenerated)
pair_matching_max_pairs = 20000000          # output values x nearby values summed (pair_matching_pairs)
pair_matching_max_residues = 200000         # distinct |z_i + z_j| mod M whose exp is evaluated
pair_matching_max_alpha_bits = 1100         # alpha's numerator and denominator (a double's: 1075)
pair_matching_max_refined = 20000           # terms summed again at a higher precision, for outputs
                                            # whose sum is too close to 1 (or margin to its bound)

# ---- depth grid-rank ------------------------------------------------------------------------
grid_rank_max_side = 500                 # rows of the matrix a minor is taken from
hadamard_max_d = 64
hadamard_max_lambda = 64
hadamard_max_omega_bits = 1000           # bits of Omega's numerator and denominator
hadamard_max_entry_bits = 65536          # exact entries, computed only to check a null space
network_max_L = 8
network_max_dx = 64
network_max_H = 64
network_max_N = 8
network_max_templates = 4096
network_max_work = 100000000             # multiplications mod p (network_work)

# ---- rank count -----------------------------------------------------------------------------
rank_count_max_d = 12
rank_count_max_r = 1099511627776         # 2^40
rank_count_max_work = 50000000           # dictionary operations (rank_count_work)


# ---- estimates (tools/certificate_limits.hpp computes the same, in the same order) -----------

def pair_matching_reach(N, M, alpha, bits=72):
    """How far (in distances d) beyond the nearest one the checker takes the terms of one output
    value one by one: those within e^-T of the largest, T = bits ln 2 + ln N (the rest bounded
    together). sin^2(pi d/M) may grow by T / (2 alpha) over that range, which spans at most
    asin(sqrt(T / (2 alpha))) M / pi distances. None: every distance."""
    T = bits * math.log(2) + math.log(N)
    half_delta = T / (2 * alpha) if alpha > 1e-300 else 2.0
    if half_delta >= 1:
        return None
    return math.ceil(M / math.pi * math.asin(math.sqrt(half_delta))) + 2


def pair_matching_pairs(N, M, alpha, instances):
    """Terms summed: per instance, each distinct output value (at most min(N, M)) with the
    values in its window (two ranges of reach + 1 distances) and one bound for the rest."""
    D = min(N, M)
    reach = pair_matching_reach(N, M, alpha)
    window = D if reach is None else min(D, 2 * reach + 2)
    return instances * D * (window + 1)


def neighborly_work(N, k, witnesses):
    return witnesses * N * k


def network_work(L, dx, H, N, M):
    """Per grid point y(i_1..i_N): L layers of H heads, each W^K, W^Q, W^V X (3 da dx N), the
    scores (da N^2), V S (da N^2) and W^O (dx da N); M^N points."""
    da = dx // H
    return M ** N * L * H * da * (4 * dx * N + 2 * N * N)


def rank_count_work(d, r, l):
    """One degree l: F = binom(l+rr-1, rr-1) + binom(l+rr+1, rr-1) functions (rr = min(r, d)),
    each expanded by Horner in (l + 2) / 2 + 1 steps over at most binom(l+d+1, d-1) monomials
    (times d, the |x|^2 product); the dependencies (F rows, rank coefficients, binom(l+d-1, d-1)
    monomials each); the minor's elimination (rank^3)."""
    rr = min(r, d)
    F = math.comb(l + rr - 1, rr - 1) + math.comb(l + rr + 1, rr - 1)
    rank = math.comb(r + l - 1, l) if r < d else harmonic_dim(d, l)
    horner = F * (l // 2 + 2) * math.comb(l + d + 1, d - 1) * d
    deps = F * rank * math.comb(l + d - 1, d - 1)
    return horner + deps + rank ** 3


def harmonic_dim(d, l):
    """N(d, l), the dimension of the degree-l spherical harmonics in d variables."""
    if l == 0:
        return 1
    return math.comb(l + d - 1, d - 1) - (math.comb(l + d - 3, d - 1) if l >= 2 else 0)
