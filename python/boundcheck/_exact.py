"""Exact cells as SymPy objects, without eval.

boundcheck prints exact values as integers, rationals ``p/q``, decimals (``0.3``) and closed
forms built from integers, ``sqrt(n)``, ``pi``, ``^``, ``*``, ``/``, unary ``-`` and parentheses
(``-sqrt(7)/8``, ``3*sqrt(5)/8``, ``1/(2*sqrt(3))``, ``2/pi^2``). Cells are untrusted text (a
``table merge`` reads other people's files), so they are never passed to ``sympify`` or
``parse_expr`` (both call ``eval``): this recursive-descent reader accepts exactly that grammar
and builds the expression from SymPy constructors.

    expr   := ['-' | '+'] term (('+' | '-') term)*
    term   := power (('*' | '/') power)*
    power  := atom ['^' ['-'] INT]
    atom   := NUMBER | 'pi' | 'sqrt' '(' expr ')' | '(' expr ')'
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

__all__ = ["to_sympy", "parse_closed_form"]

_TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(sqrt|pi)|([-+*/^()]))")
_MAX_LENGTH = 100_000
_MAX_DEPTH = 50


def _sympy():
    try:
        import sympy
    except ImportError:
        raise ImportError("exact values as SymPy objects need sympy (Debian: apt-get install python3-sympy; "
                          "or pip install sympy)") from None
    return sympy


def _tokens(text: str):
    pos, out = 0, []
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if not m:
            raise ValueError(f"not an exact value boundcheck prints: {text[:60]!r} (at character {pos + 1})")
        out.append(m.group(1) or m.group(2) or m.group(3))
        pos = m.end()
    return out


class _Reader:
    def __init__(self, text: str, sympy):
        self.text, self.sp, self.toks, self.i, self.depth = text, sympy, _tokens(text), 0, 0

    def fail(self, what: str):
        raise ValueError(f"not an exact value boundcheck prints: {self.text[:60]!r} ({what})")

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, tok=None):
        t = self.peek()
        if t is None or (tok is not None and t != tok):
            self.fail(f"expected {tok or 'more'}")
        self.i += 1
        return t

    def expr(self):
        self.depth += 1
        if self.depth > _MAX_DEPTH:
            self.fail("nested too deeply")
        sign = -1 if self.peek() == "-" else 1
        if self.peek() in ("-", "+"):
            self.take()
        value = sign * self.term()
        while self.peek() in ("+", "-"):
            op = self.take()
            rhs = self.term()
            value = value + rhs if op == "+" else value - rhs
        self.depth -= 1
        return value

    def term(self):
        value = self.power()
        while self.peek() in ("*", "/"):
            op = self.take()
            rhs = self.power()
            if op == "/" and rhs == 0:
                self.fail("division by zero")
            value = value * rhs if op == "*" else value / rhs
        return value

    def power(self):
        base = self.atom()
        if self.peek() == "^":
            self.take()
            negative = self.peek() == "-"
            if negative:
                self.take()
            e = self.take()
            if not e.isdigit() or len(e) > 4:
                self.fail("exponents are small integers")
            base = base ** (-int(e) if negative else int(e))
        return base

    def atom(self):
        t = self.take()
        sp = self.sp
        if t == "pi":
            return sp.pi
        if t == "sqrt":
            self.take("(")
            arg = self.expr()
            self.take(")")
            return sp.sqrt(arg)
        if t == "(":
            v = self.expr()
            self.take(")")
            return v
        if t[0].isdigit():
            q = Fraction(Decimal(t))  # Decimal: no 4300-digit limit on the text
            return sp.Rational(q.numerator, q.denominator)
        self.fail(f"unexpected {t!r}")


def parse_closed_form(text: str):
    """A closed form printed by boundcheck as a SymPy expression (ValueError if it is not one)."""
    sympy = _sympy()
    if len(text) > _MAX_LENGTH:
        raise ValueError(f"exact value text longer than {_MAX_LENGTH} characters")
    r = _Reader(text, sympy)
    value = r.expr()
    if r.peek() is not None:
        r.fail(f"unexpected {r.peek()!r}")
    return value


def to_sympy(value):
    """A converted cell as a SymPy object: int -> Integer, Fraction -> Rational, the text of an
    exact closed form -> its expression, a Ball of radius 0 (a real computed exactly) -> Rational.
    Other Balls and floats are not exact: TypeError."""
    sympy = _sympy()
    if isinstance(value, bool):
        raise TypeError("a bool is not an exact number")
    if isinstance(value, int):
        return sympy.Integer(value)
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    if isinstance(value, str):
        return parse_closed_form(value)
    from ._ball import Ball

    if isinstance(value, Ball) and value.rad == 0:  # a real the command computed exactly (radius 0)
        q = value.to_fraction()
        return sympy.Rational(q.numerator, q.denominator)
    raise TypeError(f"{value!r} is not exact ({type(value).__name__}): only exact cells (int, Fraction, "
                    "closed forms) become SymPy objects; a Ball is an enclosure (use ball.to_mpi())")
