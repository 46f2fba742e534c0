"""Checks boundcheck certificates (--certificate FILE) from first principles.

Independent of boundcheck: no boundcheck code, no NumPy, only Python's standard library (json,
fractions, math). One module per certificate kind re-derives its claims from the definition the
certificate states: neighborly.py (comm neighborly), pair_matching.py (comm pair-matching),
grid_rank.py (depth grid-rank: hadamard and network), rank_count.py (rank count). Shared:
limits.py (every size limit, checked before any work), loading.py (bounded JSON: containers counted
before parsing), schema.py (the keys each object may hold; params against the fields it repeats),
common.py (fields, exact rationals), primes.py (primes, determinants and ranks mod p), intervals.py
(rigorous real arithmetic in integers). cli.py runs them over files: tools/check_certificate.py.
"""

from .cli import check, check_file, main
from .common import Reject

__all__ = ["Reject", "check", "check_file", "main"]
