"""Table: what every boundcheck command returns, with the cell types that keep what it proves."""

from __future__ import annotations

import json
from fractions import Fraction

from ._ball import Ball

__all__ = ["Table"]


def _convert(kind: str, payload):
    """One cell: integer -> int, exact -> int or Fraction (or the text of an exact closed form such
    as "3*sqrt(5)/8"), real -> Ball, number -> float, text -> str."""
    if kind == "integer" or kind == "number" or kind == "text":
        return payload
    if kind == "exact":
        text, value = payload
        if value is None:  # decimal text ("0.3"), an enclosure ("[lo, hi]"), a closed form
            return _exact_text(text)
        if isinstance(value, tuple):
            value = Fraction(*value)
        if isinstance(value, Fraction) and value.denominator == 1:
            return value.numerator
        return value
    if kind == "real":
        return Ball(payload)
    return payload


def _exact_text(text: str):
    """An exact cell that is not p or p/q: a decimal ("0.3" -> Fraction(3, 10)), a certified
    enclosure ("[lo, hi]" -> Ball), else its text (closed forms such as "3*sqrt(5)/8", "pi/6")."""
    try:
        if len(text) <= 4000:
            return _convert("exact", (text, (Fraction(text).numerator, Fraction(text).denominator)))
    except ValueError:
        pass
    if text.startswith("["):
        try:
            return Ball(text)
        except ValueError:
            pass
    return text


class Table:
    """The result of one boundcheck command, as the CLI would print it.

    Attributes:
        command: the command's path, e.g. ``"rank bound"``.
        params: the parameters as the CLI echoes them (``--format json``'s ``params``).
        columns: column names (snake_case), the same in every format.
        rows: one dict per row, ``{column: value}``, values converted by kind: exact integers
            ``int`` (any size: Python >= 3.11 needs ``sys.set_int_max_str_digits(0)`` to *print*
            one above 4300 digits), exact rationals ``fractions.Fraction``, exact closed forms
            (``"3*sqrt(5)/8"``) their ``str``, certified reals :class:`Ball`, plain doubles
            ``float``, words ``str``.
        kinds: per row, the cell kinds (``"integer" | "exact" | "real" | "number" | "text"``).
        texts: per row, each cell's text as the CLI's JSON holds it.
        notes: the caveats that travel with the data (the CLI prints them as ``note:``).
        exit_code: 0, or 1 when a check the command ran failed (``verify`` with a failing claim).
        argv: the words the same invocation takes after ``boundcheck`` on the command line.
        digits, threads, certified: the global options in force.

    One number: ``t.value()`` is the result of a one-row table (its first column that is not a
    parameter or option: ``h_min`` for ``rank heads``, ``lo`` for ``rank bound``), ``t.value("hi")`` a
    named column, ``t.value("lo", row=3)`` any cell.
    ``t["lo"]`` is a column as a list, ``t[0]`` a row as a dict; ``len(t)`` counts rows.

    Renderings by the C++ renderers, byte-identical to the CLI's output for the same argv:
    ``to_csv()``, ``to_json()``, ``to_markdown()``, ``to_latex()``, ``render(format)``;
    ``repr(t)`` and ``str(t)`` are the CLI's ``table`` format.
    """

    __slots__ = ("_result", "argv", "command", "params", "columns", "rows", "kinds", "texts", "notes",
                 "exit_code", "digits", "threads", "certified")

    def __init__(self, result, argv):
        self._result = result
        self.argv = list(argv)
        self.command = result.command
        self.params = json.loads(result.params_json)
        self.columns = list(result.columns)
        self.notes = list(result.notes)
        self.exit_code = result.exit_code
        self.digits = result.digits
        self.threads = result.threads
        self.certified = result.certified
        cells = result.cells()
        cols = self.columns
        self.kinds = [tuple(k for k, _ in row) for row in cells]
        self.texts = [tuple(_text(k, v) for k, v in row) for row in cells]
        self.rows = [dict(zip(cols, (_convert(k, v) for k, v in row))) for row in cells]

    # ---- one value, one column, one row --------------------------------------------------------
    def value(self, column: str | None = None, row: int | None = None):
        """One cell. ``column`` defaults to :attr:`result_column` (the first column that is not a
        parameter or option: ``rank heads`` gives ``h_min``); ``row`` may be omitted when the table has
        exactly one row."""
        if column is None:
            column = self.result_column
        elif column not in self.columns:
            raise KeyError(f"{self.command} has no column {column!r}; columns: {', '.join(self.columns)}")
        if row is None:
            if len(self.rows) != 1:
                raise ValueError(f"{self.command} returned {len(self.rows)} rows: pass row=")
            row = 0
        return self.rows[row][column]

    @property
    def result_column(self) -> str:
        """The column value() returns by default: the first that is neither a parameter nor an
        option of the command (rank heads: h_min; rank bound: lo; sphere dim: N), else the last."""
        if not self.columns:
            raise ValueError(f"{self.command}: the table has no columns")
        from ._commands import option_names  # here: _commands imports this module

        inputs = set(self.params) | option_names(self.command)
        for c in self.columns:
            if c not in inputs:
                return c
        return self.columns[-1]

    def column(self, name: str, numpy: bool = False):
        """The values of one column, as a list or (numpy=True) a NumPy array: float64 for real
        (the midpoints, every printed digit) and number cells, int64 for machine and exact
        integers that fit, object otherwise (Fractions, big integers, words)."""
        if name not in self.columns:
            raise KeyError(f"{self.command} has no column {name!r}; columns: {', '.join(self.columns)}")
        values = [r[name] for r in self.rows]
        if not numpy:
            return values
        np = _import("numpy", "column(numpy=True)", "python3-numpy")
        kinds = {k[self.columns.index(name)] for k in self.kinds}
        if kinds <= {"real", "number"}:
            return np.array([float(v) for v in values], dtype=np.float64)
        if kinds <= {"integer", "exact"} and all(isinstance(v, int) and -2**63 <= v < 2**63 for v in values):
            return np.array(values, dtype=np.int64)
        return np.array(values, dtype=object)

    def to_numpy(self, columns=None):
        """A 2-D float64 NumPy array, one row per table row, over ``columns`` (default: every
        column that is not text). Reals become their midpoints (float(ball))."""
        np = _import("numpy", "to_numpy()", "python3-numpy")
        if columns is None:
            columns = [c for i, c in enumerate(self.columns)
                       if all(k[i] != "text" for k in self.kinds)]
        for c in columns:
            if c not in self.columns:
                raise KeyError(f"{self.command} has no column {c!r}; columns: {', '.join(self.columns)}")
        return np.array([[float(r[c]) for c in columns] for r in self.rows], dtype=np.float64).reshape(
            len(self.rows), len(columns))

    def to_pandas(self, floats: bool = False):
        """A pandas DataFrame with the converted values (Balls, Fractions and big integers as
        objects); ``floats=True`` turns every non-text cell into a float. ``df.attrs`` holds
        command, params and notes. Needs pandas."""
        pd = _import("pandas", "to_pandas()", "python3-pandas")
        if floats:
            data = [{c: (v if isinstance(v, str) else float(v)) for c, v in r.items()} for r in self.rows]
        else:
            data = self.rows
        df = pd.DataFrame(data, columns=self.columns)
        df.attrs.update(command=self.command, params=self.params, notes=list(self.notes))
        return df

    # ---- renderings: the CLI's own text ------------------------------------------------------------
    def render(self, format: str = "table") -> str:
        """The text the CLI prints for ``--format format`` (table|csv|json|markdown|latex)."""
        return self._result.render(format)

    def to_csv(self) -> str:
        return self._result.render("csv")

    def to_json(self) -> str:
        return self._result.render("json")

    def to_markdown(self) -> str:
        return self._result.render("markdown")

    def to_latex(self) -> str:
        return self._result.render("latex")

    def __repr__(self) -> str:
        return self._result.render("table").rstrip("\n")

    __str__ = __repr__

    def _repr_markdown_(self) -> str:  # Jupyter
        return self._result.render("markdown")

    # ---- container protocol --------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    def __getitem__(self, key):
        if isinstance(key, str):
            return self.column(key)
        return self.rows[key]


def _text(kind: str, v) -> str:
    if kind == "exact":
        return v[0]
    if isinstance(v, str):
        return v
    return str(v) if isinstance(v, int) else repr(v)


def _import(name: str, what: str, package: str):
    try:
        return __import__(name)
    except ImportError:
        raise ImportError(f"Table.{what} needs {name}, which is not installed "
                          f"(Debian: apt-get install {package}; or pip install {name})") from None
