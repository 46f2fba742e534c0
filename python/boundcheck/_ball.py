"""Ball: a certified real, with Arb ball arithmetic done in the C++ extension.

A Ball is an interval [mid - rad, mid + rad] that holds the true value. Every real cell of a
boundcheck table is one: the Arb ball the command computed, with its own radius, never its
printed text read back (a value the command computed exactly keeps its exact ends: ``talk_power``
16 is 16, not [15, 17]); ``str()`` shows it as the CLI printed it. A Ball read from text (a shard
file, ``Ball("...")``) stands for what the text says:

* ``"1.2345678"`` / ``"1.2345678e-12"``: every printed digit correct, i.e. the true value lies
  within one unit in the last printed place: ``mid = 1.2345678``, ``rad = 1e-7``;
* ``"[1.2345678 +/- 3.1e-9]"`` (``certified=True``): Arb's enclosure; ``"[+/- 3.1e-9]"`` has
  midpoint 0; ``"[1.25, 1.5]"``: an interval by its two ends; ``"0"``: exact zero; ``"inf"``,
  ``"-inf"``: an unbounded one-sided bound.

Such a Ball keeps the exact interval its text stands for (``lo``, ``hi``, ``mid``, ``rad`` are
exact ``decimal.Decimal`` values) and an Arb ball enclosing it, for arithmetic. A Ball made from
an exact number (``Ball(Fraction(1, 3))``) keeps that number for comparisons; a computed Ball is
its Arb ball (``lo``, ``hi`` are then the ball's binary ends, exactly, as Decimals).

Arithmetic (computed by Arb in the extension, never in Python): ``+ - * /``, ``**``, unary
``-``, ``abs()``, ``.sqrt()``, ``.exp()``, ``.log()``, ``.min(*others)``, ``.max(*others)``,
``.union(*others)`` (also ``boundcheck.sqrt(x)`` etc.), with ints, ``Fraction``s, ``Decimal``s,
floats (read through ``repr``, like every float the module passes on: ``0.1`` is 1/10), NumPy
scalars, ``mpmath.mpf`` and other Balls. The working precision is that of the innermost
``boundcheck.context(digits=...)`` or the module default (``boundcheck.set_defaults``), else the
larger precision of the Ball operands (a table's Balls carry its ``digits``). A result holds the
exact result for every choice of points in the operands; its ``str`` shows the digits it supports
(the CLI's formatter, as ``table`` prints a derived column: the whole Ball lies within one unit of
the last printed digit, which is how ``Ball(text)`` reads a printed decimal back).

Comparisons are three-valued, equality included. ``ball < x`` (``<=``, ``>``, ``>=``) returns True
or False when the enclosures decide it and raises :class:`boundcheck.UndecidedError` when they
overlap; ``ball.lt(x)`` etc. return None instead. ``ball == x`` is True only when both are the same
exact value (``Ball(3) == 3``), False when the enclosures are disjoint, and raises UndecidedError when
they overlap: ``b - b == 0`` is not proven (0 lies in the ball, and so do its neighbours), so it
raises rather than answer False. ``!=`` is its negation (True when disjoint); ``ball.eq(x)`` and
``ball.ne(x)`` return None when undecided. A Ball equals itself (the same object is one real
number). Exact ends (a printed Ball, an exact number) are compared exactly. Something that is not a
number is never equal to a Ball (``Ball(1) == "1"`` is False). ``ball.identical(x)`` is the structural
test: the same enclosure (equal kept ends or the same Arb ball; an exact Ball and the number it is);
``contains`` and ``overlaps`` test membership and intersection. ``bool(ball)`` is True when 0 is
excluded, False for exact 0, and undecided otherwise.

Hashing follows ``identical``: an exact Ball hashes like the number it is (``Ball(3)`` and ``3`` are
one dict key), an inexact one by its enclosure. Sets, dicts and ``in`` find the very same Ball object
(Python tests identity before ``==``) and an exact Ball by its value; looking up a *different*
inexact Ball asks ``==``, which raises UndecidedError when the two enclosures overlap, as it must. To
key a container by enclosures, use their text or ends (``str(b)``, ``(b.lo, b.hi)``); to find a value
in a list of Balls, ``any(b.identical(x) for b in balls)`` or ``b.contains(x)``.

A certified bracket printed as two columns (``rank bound``'s ``lo <= LB <= hi``) is one Ball with
``Ball.from_bracket(row["lo"], row["hi"])`` or ``Table.ball("lo", "hi")``.

Conversions that keep every digit: ``to_fraction()`` (the midpoint, exactly), ``to_decimal()``,
``to_mpf()`` (mpmath, the midpoint at a precision high enough for all its digits),
``to_mpi()`` (an mpmath interval holding the enclosure, ends rounded outward), ``float()`` (the
midpoint to the nearest double); ``float_bounds()`` (doubles rounded outward).
"""

from __future__ import annotations

import builtins
import decimal
from decimal import Decimal
from fractions import Fraction

from . import _boundcheck

__all__ = ["Ball", "sqrt", "exp", "log", "min", "max"]

Ball = _boundcheck.Ball
Ball.__module__ = "boundcheck"
Ball.__doc__ = __doc__


def _dec(text: str) -> Decimal:
    return Decimal(text)


def _decimals(self):
    return tuple(Decimal(s) for s in self._decimal_strings())


def _mid(self) -> Decimal:
    """Midpoint (exact Decimal)."""
    return _decimals(self)[0]


def _rad(self) -> Decimal:
    """Radius (exact Decimal; 0 for an exact value)."""
    return _decimals(self)[1]


def _lo(self) -> Decimal:
    """Lower end mid - rad (exact Decimal): the true value is >= lo."""
    return _decimals(self)[2]


def _hi(self) -> Decimal:
    """Upper end mid + rad (exact Decimal): the true value is <= hi."""
    return _decimals(self)[3]


def to_decimal(self) -> Decimal:
    """The midpoint as an exact Decimal."""
    return _mid(self)


def to_fraction(self) -> Fraction:
    """The midpoint as an exact Fraction (ValueError when the Ball is not finite)."""
    r = self._rationals()
    if r is None:
        raise ValueError(f"{self} is not finite: it has no exact midpoint")
    return Fraction(*r[0])


def _bits(*ints) -> int:
    return builtins.max(abs(i).bit_length() for i in ints)


def to_mpf(self):
    """The midpoint as an ``mpmath.mpf`` with every digit: computed under ``mpmath.workprec`` at a
    precision that holds the exact midpoint (a binary one exactly, a decimal one to more bits than
    the Ball's precision). The returned number keeps its digits after the ``with`` block."""
    mpmath = _import_mpmath()
    r = self._rationals()
    if r is None:
        return mpmath.mpf(float(self))
    (p, q), _, _ = r
    with mpmath.workprec(builtins.max(_bits(p, q), self.prec) + 64):
        return mpmath.mpf(p) / q


def to_mpi(self):
    """The enclosure as an ``mpmath.iv.mpf`` interval, its ends rounded outward at a precision
    high enough to keep every digit (``mpmath.iv.prec`` is raised for the conversion and restored;
    the interval keeps its ends afterwards)."""
    mpmath = _import_mpmath()
    r = self._rationals()
    if r is None:
        return mpmath.iv.mpf([self._float(-1), self._float(1)])
    _, (lp, lq), (hp, hq) = r
    iv = mpmath.iv
    saved = iv.prec  # mpmath.iv has no workprec: set and restore its precision
    try:
        iv.prec = builtins.max(_bits(lp, lq, hp, hq), self.prec) + 64
        return iv.mpf([(iv.mpf(lp) / lq).a, (iv.mpf(hp) / hq).b])
    finally:
        iv.prec = saved


def float_bounds(self):
    """(lower end rounded down, upper end rounded up) as doubles: still an enclosure."""
    return self._float(-1), self._float(1)


def _format(self, spec: str) -> str:
    return str(self) if not spec else format(float(self), spec)


for _name, _f in (("mid", _mid), ("rad", _rad), ("lo", _lo), ("hi", _hi)):
    setattr(Ball, _name, property(_f, doc=_f.__doc__))
for _f in (to_decimal, to_fraction, to_mpf, to_mpi, float_bounds):
    setattr(Ball, _f.__name__, _f)
Ball.to_mpmath = to_mpf  # the name of earlier releases
Ball.__format__ = _format


def _unary(name):
    def f(x):
        return getattr(x if isinstance(x, Ball) else Ball(x), name)()

    f.__name__ = name
    f.__doc__ = f"{name}(x) of a Ball or an exact number, as a Ball (Arb; the context's precision)."
    return f


sqrt = _unary("sqrt")
exp = _unary("exp")
log = _unary("log")


def min(x, *others):  # noqa: A001 - boundcheck.min, not the builtin
    """A Ball holding the minimum for every choice of points (Arb's arb_min); compare with the
    builtin ``min``, which needs decided comparisons."""
    return (x if isinstance(x, Ball) else Ball(x)).min(*others)


def max(x, *others):  # noqa: A001
    """A Ball holding the maximum for every choice of points (Arb's arb_max)."""
    return (x if isinstance(x, Ball) else Ball(x)).max(*others)


def _import_mpmath():
    try:
        import mpmath
    except ImportError:
        raise ImportError("Ball.to_mpf()/to_mpi() need mpmath (apt-get install python3-mpmath "
                          "or pip install mpmath)") from None
    return mpmath


del decimal
