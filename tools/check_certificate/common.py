"""What every checker uses: the rejection, typed field access, exact numbers, the generator."""

import math
import re
from fractions import Fraction

from . import limits

MASK64 = (1 << 64) - 1
_RATIONAL = re.compile(r"(-?)([0-9]+)(?:/([0-9]+))?")


class Reject(Exception):
    """The certificate does not prove what it claims, is malformed, or asks for more than the
    checker's limits (limits.py)."""


def need(cond, msg):
    if not cond:
        raise Reject(msg)


def field(c, key, kind=None):
    """c[key], which must exist (and be of `kind`; int means a JSON integer, not a boolean)."""
    need(isinstance(c, dict), f"expected an object holding '{key}'")
    need(key in c, f"missing field '{key}'")
    v = c[key]
    if kind is int:
        need(isinstance(v, int) and not isinstance(v, bool), f"'{key}' must be an integer")
    elif kind is not None:
        need(isinstance(v, kind), f"'{key}' must be a {kind.__name__}")
    return v


def within(what, value, lo, hi, limit_name=None):
    """An integer in [lo, hi]; above hi the message names the limit (limits.py)."""
    need(isinstance(value, int) and not isinstance(value, bool), f"{what} must be an integer")
    need(value >= lo, f"{what} = {value} is below {lo}")
    if limit_name is None:
        need(value <= hi, f"{what} = {value} is above {hi}")
    else:
        need(value <= hi, f"{what} = {value} is above {limit_name} = {hi}")
    return value


def int_field(c, key, lo, hi, limit_name=None):
    return within(f"'{key}'", field(c, key, int), lo, hi, limit_name)


def sized_list(v, what, count=None, at_most=None):
    """A JSON array, its length checked before any of its elements is looked at."""
    need(isinstance(v, list), f"{what} must be a list")
    if count is not None:
        need(len(v) == count, f"{what}: {len(v)} entries, {count} expected")
    if at_most is not None:
        need(len(v) <= at_most, f"{what}: {len(v)} entries, at most {at_most} expected")
    return v


def exact(s, what) -> Fraction:
    """An exact rational written "p", "-p" or "p/q" (the certificates' only number format), each of
    p and q of at most max_number_digits digits (checked before conversion)."""
    need(isinstance(s, str), f"{what} must be a string holding an exact rational")
    m = _RATIONAL.fullmatch(s)
    need(m is not None, f"{what} is not an exact rational: {s[:40]!r}")
    sign, num, den = m.groups()
    digits = max(len(num), len(den or ""))
    need(digits <= limits.max_number_digits,
         f"{what}: a {digits}-digit number, above max_number_digits = {limits.max_number_digits}")
    need(den is None or den.strip("0") != "", f"{what} has a zero denominator")
    q = Fraction(int(num), int(den) if den else 1)
    return -q if sign else q


def integer(s, what) -> int:
    q = exact(s, what)
    need(q.denominator == 1, f"{what} must be an integer, got {s[:40]!r}")
    return q.numerator


_DIGIT_BOUND = {}


def capped_lcm(dens, what):
    """The least common multiple of positive integers, refused as soon as it has more than
    max_number_digits digits (a genuine certificate's numbers share their denominators)."""
    n = limits.max_number_digits
    if n not in _DIGIT_BOUND:
        _DIGIT_BOUND[n] = 10 ** n
    bound = _DIGIT_BOUND[n]
    L = 1
    for x in dens:
        if L % x:
            L = L * x // math.gcd(L, x)
            need(L < bound, f"{what}: the common denominator has more than max_number_digits = {n} digits")
    return L


def splitmix64(state):
    """The next (state, output) of splitmix64 (Steele, Lea, Flood 2014)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def splitmix64_stream(state, count):
    """(state after, the next `count` outputs): splitmix64 inlined (the regenerated instances
    are the checker's longest loops)."""
    out = []
    append = out.append
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        append(z ^ (z >> 31))
    return state, out


def seed_field(c, key="seed"):
    seed = integer(field(c, key), key)
    need(0 <= seed <= MASK64, f"'{key}' must lie in 0..2^64 - 1")
    return seed
