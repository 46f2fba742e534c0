"""``sym gram --matrix`` as matrices: one per degree n, rows and columns labelled by the
partitions of n in the command's order (exponent notation: ``"2 1^3"`` is 2+1+1+1).

The command prints one row per entry (n, lambda, mu, value); this only arranges them. Exact
entries become a ``sympy.Matrix`` (integers, rationals, and with ``--normalised`` closed forms
such as ``1/sqrt(6)``, read by boundcheck._exact without eval). For NumPy, each entry is the
library's own decimal (``value_decimal``, printed with ``--normalised``) or the exact rational
rounded to the nearest double: nothing is evaluated in Python.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["gram_matrices"]


def _entries(table):
    need = {"n", "lambda", "mu", "value"}
    if table.command != "sym gram" or not need <= set(table.columns):
        raise ValueError(f"gram_matrices() needs the table of `sym gram --matrix` (columns n, lambda, mu, value); "
                         f"this is {table.command!r} with columns {', '.join(table.columns)}")
    per = {}
    for r in table.rows:
        labels, cells = per.setdefault(r["n"], ([], {}))
        if r["lambda"] not in labels:
            labels.append(r["lambda"])
        cells[(r["lambda"], r["mu"])] = r
    return per


def _float(row) -> float:
    if "value_decimal" in row:
        return float(row["value_decimal"])
    v = row["value"]
    if isinstance(v, (int, Fraction)):
        return float(v)
    raise ValueError(f"entry {v!r} is a closed form: run sym gram with --normalised for its decimal, or use kind='sympy'")


def gram_matrices(table, kind: str = "sympy") -> dict:
    """{n: (labels, matrix)}; see the module docstring."""
    if kind not in ("sympy", "numpy"):
        raise ValueError(f"gram_matrices: kind must be 'sympy' or 'numpy', got {kind!r}")
    if kind == "sympy":
        from ._exact import _sympy, to_sympy

        sympy = _sympy()
    else:
        from ._table import _import

        np = _import("numpy", "gram_matrices(kind='numpy')", "python3-numpy")
    out = {}
    for n, (labels, cells) in _entries(table).items():
        k = len(labels)
        missing = [(a, b) for a in labels for b in labels if (a, b) not in cells]
        if missing:
            raise ValueError(f"sym gram: degree {n} misses entry {missing[0]} (a partial table?)")
        if kind == "sympy":
            m = sympy.Matrix(k, k, lambda i, j: to_sympy(cells[(labels[i], labels[j])]["value"]))
        else:
            m = np.array([[_float(cells[(a, b)]) for b in labels] for a in labels], dtype=np.float64)
        out[n] = (list(labels), m)
    return out
