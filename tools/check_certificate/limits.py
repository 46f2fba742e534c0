"""The checker's limits, one place: every size a certificate may ask for, checked before any work.

The writers (boundcheck's --certificate, tools/certificate/limits.hpp) keep the same names and
values and refuse up front what this checker would refuse, so a certificate boundcheck writes is
one this checker checks. tests/certificates.py compares the two lists.

A limit bounds either the file (what json and the parsing of numbers cost) or the work that the
file's parameters imply beyond its own size (a regenerated instance, an entry of a matrix computed
from its definition, a polynomial expanded). The estimates below are those works, as functions of
the parameters alone; each is compared with its limit before the work starts.
"""

import math

# Limits only the checker needs: what boundcheck writes is within them by construction (its JSON
# nests 9 levels, its integers are below 2^64, alpha is a double); the others are mirrored in
# tools/certificate/limits.hpp.
CHECKER_ONLY = ("max_json_depth", "max_json_int_digits", "pair_matching_max_alpha_bits",
                "pair_matching_max_refined", "max_json_container_bytes")

# ---- every certificate ----------------------------------------------------------------------
max_file_bytes = 67108864          # 64 MiB: json holds about 15 bytes of Python objects per byte
max_json_depth = 32                # the deepest certificate (rank count) nests 9 levels
max_json_int_digits = 20           # JSON integers: indices, counts, exponents (< 2^64)
max_number_digits = 4000           # digits of an exact rational's numerator or denominator, and of
                                   # every common denominator the checker forms (below Python's
                                   # 4300-digit int conversion limit)
max_json_containers = 4194304      # arrays and objects in the file, counted before it is parsed
                                   # (json builds about 100-250 bytes of Python objects for each:
                                   # at most about 1 GB, whatever the file), and at most one per
                                   # max_json_container_bytes bytes of it (genuine files, even
                                   # compacted, hold 5 or more bytes per container)
max_json_container_bytes = 4       # so a 64 MiB file of "{}," is refused before json sees it

# ---- comm neighborly ------------------------------------------------------------------------
neighborly_max_N = 100000
neighborly_max_k = 4096
neighborly_max_sign_entries = 10000000   # N k signs regenerated from the seed
neighborly_max_work = 200000000          # witnesses x N x k products <w, v_j>
neighborly_max_draws = 2000000           # listed subsets x q indices regenerated (from the seed's
                                         # subset stream, or in lexicographic order)

# ---- comm pair-matching ---------------------------------------------------------------------
pair_matching_max_N = 1000000
pair_matching_max_M = 4611686018427387904   # 2^62
pair_matching_max_outputs = 4000000         # trials x N outputs decided (and instances regenerated)
pair_matching_max_pairs = 20000000          # output values x nearby values summed (pair_matching_pairs)
pair_matching_max_residues = 200000         # exponentials evaluated (pair_matching_residues)
pair_matching_max_alpha_bits = 1100         # alpha's numerator and denominator (a double's: 1075)
pair_matching_max_refined = 20000           # terms summed again at a higher precision, for outputs
                                            # whose sum is too close to 1 (or margin to its bound)

# ---- depth grid-rank ------------------------------------------------------------------------
grid_rank_max_side = 500                 # rows of the matrix a minor is taken from
hadamard_max_d = 64
hadamard_max_lambda = 64
hadamard_max_omega_bits = 1000           # bits of Omega's numerator and denominator
hadamard_max_entry_bits = 65536          # exact entries, computed only to check a null space
hadamard_max_null_work = 20000000        # checking one (hadamard_null_work)
network_max_L = 8
network_max_dx = 64
network_max_H = 64
network_max_N = 8
network_max_templates = 4096
network_max_work = 100000000             # multiplications mod p (network_work)

# ---- rank count -----------------------------------------------------------------------------
rank_count_max_d = 12
rank_count_max_r = 1099511627776         # 2^40
rank_count_max_work = 50000000           # dictionary operations (rank_count_work, summed over degrees)


# ---- estimates (tools/certificate/limits.hpp computes the same, in the same order) -----------

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


def pair_matching_residues(N, M, alpha, instances):
    """The exponentials of one evaluation: one per distinct distance of a term taken one by one
    (at most M/2 + 1), each weighted by its cost relative to alpha <= 2^64 (the working precision
    grows with log2 alpha: about 1 + (log2(alpha) / 256)^2)."""
    count = min(M // 2 + 1, pair_matching_pairs(N, M, alpha, instances))
    bits = math.log2(alpha) if alpha > 1 else 0.0
    return count * (1 + (bits / 256) ** 2)


def hadamard_null_work(n, nullity, entry_bits):
    """Checking A x = 0 for a null space: the n^2 exact entries, formed row by row, and nullity
    products with each, every operation 1 + entry_bits // 1024 times a word's."""
    return (1 + nullity) * n * n * (1 + entry_bits // 1024)


def neighborly_work(N, k, witnesses):
    return witnesses * N * k


def size_factor(values):
    """How many times dearer than a word operation an operation on these integers is: 1 + the
    largest one's bits // 1024 (genuine certificates' numbers are far below 2^1024: factor 1).
    A witness or a function whose factor exceeds 1 is charged (factor - 1) times its estimate
    more before it is checked."""
    return 1 + max((abs(v).bit_length() for v in values), default=0) // 1024


def network_work(L, dx, H, N, M):
    """Multiplications mod p (grid_rank.Network): per grid point, the first layer's combinations
    (H N^2 dx, its scores and projections tabulated over the M templates), each middle layer's
    (2 H (N dx^2 + N^2 dx)), the last layer's first entry (H (dx^2 + 2 N dx); H N from the tables
    when L = 1); M^N points; and the tables (H (2 M dx^2 + M^2 dx))."""
    if L == 1:
        point = H * N
    else:
        point = H * N * N * dx + (L - 2) * 2 * H * (N * dx * dx + N * N * dx) + H * (dx * dx + 2 * N * dx)
    return M ** N * point + H * (2 * M * dx * dx + M * M * dx)


def rank_count_work(d, l):
    """The most work one listed function of degree l can cause: expanding sum_j |x|^(2j) h_(m-2j)
    for m = l + 2 by Horner, (l + 2) / 2 + 1 steps over at most binom(l+d+1, d-1) monomials,
    times d for |x|^2. (Everything else the checker does per degree is bounded by the file's
    size: a listed part or coefficient that is not the unique genuine one ends the check, so the
    work before it is work a genuine certificate of that size would cause.)"""
    return (l // 2 + 2) * math.comb(l + d + 1, d - 1) * d
