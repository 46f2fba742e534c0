"""Ball: a real number that boundcheck printed, with the enclosure the printed text proves.

boundcheck prints a real (a cell of kind ``real``) in one of these forms:

* ``"1.2345678"`` / ``"1.2345678e-12"``: every printed digit correct, i.e. the true value lies
  within one unit in the last printed place. The Ball is ``mid = 1.2345678``, ``rad = 1e-7``.
* ``"[1.2345678 +/- 3.1e-9]"`` (``certified=True``): Arb's enclosure, ``mid``, ``rad`` as printed;
  ``"[+/- 3.1e-9]"`` has midpoint 0.
* ``"[1.25, 1.5]"``: an interval printed by its two (outward rounded) ends.
* ``"0"``: exact zero; ``"inf"``, ``"-inf"``: an unbounded one-sided bound.

A bare number is always read with a radius of one unit in its last place, even when boundcheck
printed an exact value (``certified=True`` prints an exact ``2`` as ``2``): the Ball is then wider
than necessary, never wrong. No arithmetic is done on Balls: they carry what the library proved.

Comparisons are three-valued. ``ball < x`` (and ``<=``, ``>``, ``>=``; ``x`` an int, Fraction,
Decimal, float or Ball) returns True or False when the enclosure decides it and raises
:class:`boundcheck.UndecidedError` when it straddles ``x``; ``ball.lt(x)`` etc. return None
instead. ``==`` compares enclosures (same midpoint and radius), not real numbers: use
``contains`` or ``overlaps`` for that.
"""

from __future__ import annotations

import decimal
import math
from decimal import Decimal
from fractions import Fraction
from numbers import Rational

from ._errors import UndecidedError

__all__ = ["Ball"]

_INF = float("inf")


def _exact_ctx(*values: Decimal) -> decimal.Context:
    """A context in which adding or halving these finite Decimals is exact (Inexact traps)."""
    hi = max([v.adjusted() for v in values if v] or [0])
    lo = min(v.as_tuple().exponent for v in values)
    return decimal.Context(prec=max(28, hi - lo + 4), traps=[decimal.Inexact, decimal.InvalidOperation])


def _as_fraction(x):
    """Exact value of a comparison operand: Fraction, or +-inf as a float."""
    if isinstance(x, Ball):
        raise TypeError("internal: Ball operand")
    if isinstance(x, bool):
        raise TypeError("cannot compare a Ball with a bool")
    if isinstance(x, (int, Rational)):
        return Fraction(x)
    if isinstance(x, Decimal):
        if x.is_nan():
            raise ValueError("cannot compare a Ball with NaN")
        return float(x) if x.is_infinite() else Fraction(x)
    if isinstance(x, float):
        if math.isnan(x):
            raise ValueError("cannot compare a Ball with NaN")
        return x if math.isinf(x) else Fraction(x)
    if hasattr(x, "__float__") and not isinstance(x, complex):  # numpy scalars, mpmath.mpf
        f = float(x)
        if math.isnan(f):
            raise ValueError("cannot compare a Ball with NaN")
        return f if math.isinf(f) else Fraction(f)
    return NotImplemented


def _dec_to_exact(d: Decimal):
    return float(d) if d.is_infinite() else Fraction(d)


class Ball:
    """A certified real: the interval [mid - rad, mid + rad] holds the true value.

    Properties ``mid``, ``rad``, ``lo``, ``hi`` are exact ``decimal.Decimal`` values; ``text`` is
    what boundcheck printed. ``float(ball)`` is the midpoint rounded to the nearest double.
    """

    __slots__ = ("_text", "_mid", "_rad", "_lo", "_hi")

    def __init__(self, text: str):
        if not isinstance(text, str):
            raise TypeError("Ball(text): text must be str, as boundcheck prints it")
        self._text = text
        s = text.strip()
        try:
            if s.startswith("[") and s.endswith("]"):
                body = s[1:-1].strip()
                if "+/-" in body:
                    m, r = body.split("+/-")
                    mid = Decimal(m.strip()) if m.strip() else Decimal(0)
                    rad = Decimal(r.strip())
                    lo = hi = None
                elif "," in body:
                    a, b = (Decimal(p.strip()) for p in body.split(","))
                    lo, hi = a, b
                    if a.is_finite() and b.is_finite():
                        with decimal.localcontext(_exact_ctx(a, b)):
                            mid = (a + b) / 2
                            rad = (b - a) / 2
                    else:
                        mid, rad = Decimal("NaN"), Decimal("Infinity")
                else:
                    raise ValueError
            else:
                mid = Decimal(s)
                if mid.is_nan():  # no information: the whole line
                    mid, rad = Decimal("NaN"), Decimal("Infinity")
                elif mid.is_infinite() or mid.is_zero() and s.lstrip("+-") == "0":
                    rad = Decimal(0)
                else:
                    rad = Decimal((0, (1,), mid.as_tuple().exponent))  # one unit in the last place
                lo = hi = None
        except (ValueError, decimal.InvalidOperation, TypeError):
            raise ValueError(f"not a real printed by boundcheck: {text!r}") from None
        if rad.is_nan() or rad < 0:
            raise ValueError(f"not a real printed by boundcheck: {text!r}")
        if lo is None:
            if rad.is_infinite():
                lo, hi = Decimal("-Infinity"), Decimal("Infinity")
            elif mid.is_infinite():
                lo = hi = mid
            else:
                with decimal.localcontext(_exact_ctx(mid, rad)):
                    lo, hi = mid - rad, mid + rad
        self._mid, self._rad, self._lo, self._hi = mid, rad, lo, hi

    # ---- what the library proved ---------------------------------------------------------------
    @property
    def text(self) -> str:
        """The cell exactly as boundcheck printed it (the JSON string)."""
        return self._text

    @property
    def mid(self) -> Decimal:
        """Midpoint (exact Decimal)."""
        return self._mid

    @property
    def rad(self) -> Decimal:
        """Radius (exact Decimal; 0 for an exact value)."""
        return self._rad

    @property
    def lo(self) -> Decimal:
        """Lower end mid - rad (exact Decimal): the true value is >= lo."""
        return self._lo

    @property
    def hi(self) -> Decimal:
        """Upper end mid + rad (exact Decimal): the true value is <= hi."""
        return self._hi

    @property
    def is_exact(self) -> bool:
        return self._rad == 0

    def __float__(self) -> float:
        return float(self._mid)

    def to_decimal(self) -> Decimal:
        """The printed value as a Decimal, at the printed digits (the midpoint)."""
        return self._mid

    def to_fraction(self) -> Fraction:
        """The midpoint as an exact Fraction."""
        return Fraction(self._mid)

    def to_mpmath(self):
        """The midpoint as an mpmath.mpf at mpmath's current precision (needs mpmath)."""
        mpmath = _import_mpmath()
        return mpmath.mpf(str(self._mid))

    def to_mpi(self):
        """The enclosure as an mpmath interval (mpmath.mpi), its ends rounded outward."""
        mpmath = _import_mpmath()
        return mpmath.iv.mpf([str(self._lo), str(self._hi)])

    # ---- containment ---------------------------------------------------------------------------
    def contains(self, x) -> bool:
        """True when x (a number, or a Ball as a whole) lies in the enclosure."""
        if isinstance(x, Ball):
            return self._lo <= x._lo and x._hi <= self._hi
        v = _as_fraction(x)
        if v is NotImplemented:
            raise TypeError(f"cannot test whether a Ball contains {type(x).__name__}")
        return _dec_to_exact(self._lo) <= v <= _dec_to_exact(self._hi)

    def overlaps(self, other) -> bool:
        """True when the two enclosures (or the enclosure and a number) intersect."""
        if not isinstance(other, Ball):
            return self.contains(other)
        return self._lo <= other._hi and other._lo <= self._hi

    # ---- three-valued order ----------------------------------------------------------------------
    def _ends(self, x):
        if isinstance(x, Ball):
            return _dec_to_exact(x._lo), _dec_to_exact(x._hi)
        v = _as_fraction(x)
        return (v, v) if v is not NotImplemented else (None, None)

    def lt(self, x):
        """True if every point of the ball is < x, False if none is, None if undecided."""
        a, b = self._ends(x)
        if a is None:
            raise TypeError(f"cannot compare a Ball with {type(x).__name__}")
        if _dec_to_exact(self._hi) < a:
            return True
        if _dec_to_exact(self._lo) >= b:
            return False
        return None

    def le(self, x):
        a, b = self._ends(x)
        if a is None:
            raise TypeError(f"cannot compare a Ball with {type(x).__name__}")
        if _dec_to_exact(self._hi) <= a:
            return True
        if _dec_to_exact(self._lo) > b:
            return False
        return None

    def gt(self, x):
        a, b = self._ends(x)
        if a is None:
            raise TypeError(f"cannot compare a Ball with {type(x).__name__}")
        if _dec_to_exact(self._lo) > b:
            return True
        if _dec_to_exact(self._hi) <= a:
            return False
        return None

    def ge(self, x):
        a, b = self._ends(x)
        if a is None:
            raise TypeError(f"cannot compare a Ball with {type(x).__name__}")
        if _dec_to_exact(self._lo) >= b:
            return True
        if _dec_to_exact(self._hi) < a:
            return False
        return None

    def _decided(self, op, x, symbol):
        if not isinstance(x, Ball) and _as_fraction(x) is NotImplemented:
            return NotImplemented
        v = op(x)
        if v is None:
            raise UndecidedError(f"{self._text} {symbol} {x}: the enclosure [{self._lo}, {self._hi}] "
                                 "straddles it; neither answer is proven")
        return v

    def __lt__(self, x):
        return self._decided(self.lt, x, "<")

    def __le__(self, x):
        return self._decided(self.le, x, "<=")

    def __gt__(self, x):
        return self._decided(self.gt, x, ">")

    def __ge__(self, x):
        return self._decided(self.ge, x, ">=")

    def __eq__(self, other):
        if not isinstance(other, Ball):
            return NotImplemented
        return self._mid == other._mid and self._rad == other._rad

    def __hash__(self):
        return hash((self._mid, self._rad))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Ball({self._text!r})"

    def __reduce__(self):
        return (Ball, (self._text,))


def _import_mpmath():
    try:
        import mpmath
    except ImportError:
        raise ImportError("Ball.to_mpmath()/to_mpi() need mpmath (apt-get install python3-mpmath "
                          "or pip install mpmath)") from None
    return mpmath
