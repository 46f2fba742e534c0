"""Table.plot: a table's columns drawn with matplotlib, certified brackets as bands.

    ax = t.plot(x="H", y=("lo", "hi"), series="r", logx=True, logy=True)

``y`` is a column name, a ``(lo, hi)`` pair of columns (a certified bracket: a band from the lower
end of ``lo`` to the upper end of ``hi``, its edges drawn as thin lines), or a list of these.
A column of Balls is drawn as its midpoints with a band between its ends (visible where the
enclosure is wide). ``series`` names a column whose values split the rows into curves, in order
of first appearance. Cells that are not numbers (``?``, words) leave gaps. The axes are labelled
with the quantity, not the column names: a column's header as the CLI's figures print it (``rank
bound``'s bracket ``lo``, ``hi`` is ``LB``; ``theta`` is θ; a spec's ``[labels]`` for a table),
else the column's name; ``xlabel=``/``ylabel=`` override them. Text from the table (labels, series
values) reaches matplotlib with ``$`` escaped, so it is never read as mathtext. A new figure uses
matplotlib's tight layout, so that no label is cut off. Returns the matplotlib Axes (a new figure
unless ``ax=`` is given).
"""

from __future__ import annotations

import math
from fractions import Fraction

from ._ball import Ball

__all__ = ["plot"]


def _text(s) -> str:
    """Table text as a matplotlib label: no mathtext, never a hidden '_' label."""
    t = str(s).replace("$", r"\$")
    return " " + t if t.startswith("_") else t


def _num(v) -> float:
    if isinstance(v, (int, float, Fraction, Ball)) and not isinstance(v, bool):
        try:
            return float(v)
        except (OverflowError, ValueError):
            return math.nan
    return math.nan


def _ends(v):
    if isinstance(v, Ball):
        return v.float_bounds()
    f = _num(v)
    return f, f


def _pyplot():
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError("Table.plot() needs matplotlib (Debian: apt-get install python3-matplotlib; "
                          "or pip install matplotlib)") from None
    return plt


def _specs(table, y):
    specs = y if isinstance(y, list) else [y]
    out = []
    for s in specs:
        names = list(s) if isinstance(s, tuple) else [s]
        if len(names) not in (1, 2):
            raise ValueError(f"plot: y must be a column or a (lo, hi) pair of columns, got {s!r}")
        for n in names:
            table._check_column(n)
        out.append(tuple(names))
    return out


def _groups(table, series):
    if series is None:
        return [(None, table.rows)]
    table._check_column(series)
    groups = {}
    for r in table.rows:
        groups.setdefault(r[series] if not isinstance(r[series], Ball) else str(r[series]), []).append(r)
    return list(groups.items())


def _quantity(table, spec) -> str:
    """What a y spec draws, in words: a bracket pair's name (LB for rank bound's lo, hi; X for
    X_lo, X_hi), else the column's header with its " (lower)" dropped, else the column names."""
    if len(spec) == 2:
        for name, pair in table.brackets.items():
            if tuple(pair) == tuple(spec):
                if name:
                    return table._result.label(name) or name
                break
        head = table._result.label(spec[0])
        for end in (" (lower)", ", lower end", " lower end"):
            if head.endswith(end):
                return head[: -len(end)]
        return "/".join(spec)
    return table._result.label(spec[0]) or spec[0]


def _axis_label(table, column) -> str:
    return table._result.label(column) or column


def plot(table, x, y, series=None, logx=False, logy=False, ax=None, label=None, alpha=0.25, xlabel=None,
         ylabel=None, **kwargs):
    """See the module docstring; ``kwargs`` go to ``ax.plot`` (color, marker, lw, ...)."""
    table._check_column(x)
    specs = _specs(table, y)
    groups = _groups(table, series)
    if ax is None:
        plt = _pyplot()
        try:
            _, ax = plt.subplots(layout="tight")
        except TypeError:  # matplotlib before 3.5
            fig, ax = plt.subplots()
            fig.set_tight_layout(True)
    for spec in specs:
        for value, rows in groups:
            name = label if label is not None else "/".join(spec) if len(specs) > 1 or series is None else None
            parts = [p for p in (name, None if series is None else f"{series} = {value}") if p]
            text = _text(", ".join(parts)) if parts else None
            xs = [_num(r[x]) for r in rows]
            if len(spec) == 2:
                lo = [_ends(r[spec[0]])[0] for r in rows]
                hi = [_ends(r[spec[1]])[1] for r in rows]
                (line,) = ax.plot(xs, lo, lw=0.8, label=text, **kwargs)
                ax.plot(xs, hi, lw=0.8, color=line.get_color())
                ax.fill_between(xs, lo, hi, color=line.get_color(), alpha=alpha, lw=0)
                continue
            col = spec[0]
            mid = [_num(r[col]) for r in rows]
            (line,) = ax.plot(xs, mid, label=text, **kwargs)
            if any(isinstance(r[col], Ball) for r in rows):
                ends = [_ends(r[col]) for r in rows]
                ax.fill_between(xs, [e[0] for e in ends], [e[1] for e in ends], color=line.get_color(),
                                alpha=alpha, lw=0)
    if logx:
        ax.set_xscale("log")
    if logy:
        ax.set_yscale("log")
    ax.set_xlabel(_text(xlabel if xlabel is not None else _axis_label(table, x)))
    ax.set_ylabel(_text(ylabel if ylabel is not None else ", ".join(_quantity(table, s) for s in specs)))
    if series is not None or len(specs) > 1 or label is not None:
        ax.legend(fontsize="small")
    return ax
