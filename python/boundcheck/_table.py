"""Table: what every boundcheck command returns, with the cell types that keep what it proves."""

from __future__ import annotations

import json
from fractions import Fraction

from . import _display
from ._ball import Ball
from ._errors import suggest

__all__ = ["Table"]


_KINDS = {"i": "integer", "e": "exact", "r": "real", "n": "number", "t": "text"}


class Table:
    """The result of one boundcheck command, as the CLI would print it.

    Attributes:
        command: the command's path, e.g. ``"rank bound"``.
        params: the parameters as the CLI echoes them (``--format json``'s ``params``).
        columns: column names (snake_case), the same in every format.
        rows: one dict per row, ``{column: value}``, values converted by kind: exact integers
            ``int`` (any size: Python >= 3.11 needs ``sys.set_int_max_str_digits(0)`` to *print*
            one above 4300 digits), exact rationals ``fractions.Fraction``, exact closed forms
            (``"3*sqrt(5)/8"``) their ``str`` (``column(..., sympy=True)``, ``to_sympy()``: SymPy
            objects), certified reals :class:`Ball` (Arb arithmetic, at the run's digits), plain
            doubles ``float``, words ``str``.
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
    A certified bracket printed as two columns is one Ball: ``t.ball()`` (``rank bound``: LB),
    ``t.balls()`` for every row.

    Data: ``column(name, numpy=True)``, ``to_numpy()``, ``to_pandas(balls="object"|"split"|"mid",
    brackets=None|True|False, floats=False)`` (with ``balls="split"`` a bracket becomes ``LB_lo``,
    ``LB_hi``), ``plot(x=, y=, series=, logx=, logy=)`` (matplotlib; brackets as bands),
    ``gram_matrices()`` (``sym gram --matrix`` as SymPy or NumPy matrices per degree); in Jupyter a
    Table shows itself as HTML (``_repr_html_``) or LaTeX (``_repr_latex_``), every cell escaped.

    Renderings by the C++ renderers, byte-identical to the CLI's output for the same argv:
    ``to_csv()``, ``to_json()``, ``to_markdown()``, ``to_latex()``, ``render(format)``;
    ``repr(t)`` and ``str(t)`` are the CLI's ``table`` format.
    """

    __slots__ = ("_result", "argv", "command", "columns", "rows", "notes", "exit_code", "digits", "threads",
                 "certified", "_codes", "_params", "_kinds", "_texts")

    def __init__(self, result, argv):
        self._result = result
        self.argv = argv
        self.command = result.command
        self.columns = result.columns
        self.notes = result.notes
        self.exit_code = result.exit_code
        self.digits = result.digits
        self.threads = result.threads
        self.certified = result.certified
        raw = result.rows()  # (kind letters, converted values) per row, made in C++
        cols = self.columns
        self.rows = [dict(zip(cols, values)) for _, values in raw]
        self._codes = [codes for codes, _ in raw]
        self._params = self._kinds = self._texts = None

    # params, kinds and texts are made on first use: a loop of small calls rarely reads them
    @property
    def params(self) -> dict:
        if self._params is None:
            self._params = json.loads(self._result.params_json)
        return self._params

    @property
    def kinds(self) -> list:
        if self._kinds is None:
            self._kinds = [tuple(_KINDS[c] for c in codes) for codes in self._codes]
        return self._kinds

    @property
    def texts(self) -> list:
        if self._texts is None:
            self._texts = self._result.texts()
        return self._texts

    # ---- one value, one column, one row --------------------------------------------------------
    def _check_column(self, name: str) -> None:
        if name not in self.columns:
            raise KeyError(f"{self.command} has no column {name!r}{suggest(name, self.columns)} "
                           f"(columns: {', '.join(self.columns)})")

    def _row(self, row):
        if row is None:
            if len(self.rows) != 1:
                raise ValueError(f"{self.command} returned {len(self.rows)} rows: pass row=")
            return 0
        return row

    def value(self, column: str | None = None, row: int | None = None):
        """One cell. ``column`` defaults to :attr:`result_column` (the first column that is not a
        parameter or option: ``rank heads`` gives ``h_min``); ``row`` may be omitted when the table has
        exactly one row."""
        if column is None:
            column = self.result_column
        self._check_column(column)
        return self.rows[self._row(row)][column]

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

    def column(self, name: str, numpy: bool = False, sympy: bool = False):
        """The values of one column: a list; ``numpy=True``: a NumPy array (float64 for real cells
        (the midpoints, every printed digit) and number cells, int64 for machine and exact integers
        that fit, object otherwise: Fractions, big integers, words); ``sympy=True``: SymPy objects
        for exact cells (Integer, Rational, closed forms such as ``-sqrt(7)/8``)."""
        self._check_column(name)
        values = [r[name] for r in self.rows]
        if sympy:
            from ._exact import to_sympy

            return [to_sympy(v) for v in values]
        if not numpy:
            return values
        np = _import("numpy", "column(numpy=True)", "python3-numpy")
        kinds = {k[self.columns.index(name)] for k in self.kinds}
        if kinds <= {"real", "number"}:
            return np.array([float(v) for v in values], dtype=np.float64)
        if kinds <= {"integer", "exact"} and all(_fits64(v) for v in values):
            return np.array(values, dtype=np.int64)
        return np.array(values, dtype=object)

    def to_sympy(self, column: str | None = None, row: int | None = None):
        """One exact cell as a SymPy object (``value()``'s column and row rules): an Integer, a
        Rational or a closed form (``sphere sign-coef --exact``: ``-sqrt(7)/8``)."""
        from ._exact import to_sympy

        return to_sympy(self.value(column, row))

    # ---- certified brackets as one Ball ------------------------------------------------------------
    @property
    def brackets(self) -> dict:
        """The column pairs that print a certified bracket lo <= x <= hi: ``{"": ("lo", "hi")}`` for
        ``rank bound`` (LB), ``{"log3_sep": ("log3_sep_lo", "log3_sep_hi")}`` for ``depth bounds``."""
        out = {}
        for c in self.columns:
            if c == "lo" and "hi" in self.columns:
                out[""] = ("lo", "hi")
            elif c.endswith("_lo") and c[:-3] + "_hi" in self.columns:
                out[c[:-3]] = (c, c[:-3] + "_hi")
        return out

    def _pair(self, lo, hi):
        if lo is None and hi is None:
            b = self.brackets
            if len(b) != 1:
                raise ValueError(f"{self.command}: name the bracket's columns (lo=, hi=); "
                                 f"pairs found: {list(b.values()) or 'none'}")
            lo, hi = next(iter(b.values()))
        if lo is None or hi is None:
            raise ValueError("Table.ball: give both lo= and hi=")
        self._check_column(lo)
        self._check_column(hi)
        return lo, hi

    def ball(self, lo: str | None = None, hi: str | None = None, row: int | None = None) -> Ball:
        """A certified bracket printed as two columns, as one Ball: from the lower end of ``lo`` to
        the upper end of ``hi`` (``rank bound``: ``t.ball()`` holds LB(d, r, H)). The columns default
        to the table's one bracket (:attr:`brackets`); ``row`` as in :meth:`value`."""
        lo, hi = self._pair(lo, hi)
        r = self.rows[self._row(row)]
        return Ball.from_bracket(r[lo], r[hi])

    def balls(self, lo: str | None = None, hi: str | None = None) -> list:
        """:meth:`ball` for every row."""
        lo, hi = self._pair(lo, hi)
        return [Ball.from_bracket(r[lo], r[hi]) for r in self.rows]

    # ---- arrays, frames, figures, matrices ----------------------------------------------------------
    def to_numpy(self, columns=None):
        """A 2-D float64 NumPy array, one row per table row, over ``columns`` (default: every
        column that is not text). Reals become their midpoints (float(ball))."""
        np = _import("numpy", "to_numpy()", "python3-numpy")
        if columns is None:
            columns = [c for i, c in enumerate(self.columns)
                       if all(k[i] != "text" for k in self.kinds)]
        for c in columns:
            self._check_column(c)
        return np.array([[float(r[c]) for c in columns] for r in self.rows], dtype=np.float64).reshape(
            len(self.rows), len(columns))

    def to_pandas(self, balls: str = "object", brackets=None, floats: bool = False):
        """A pandas DataFrame, one column per table column, with dtypes that keep what was proven:
        int64 for integer columns that fit (object for exact integers beyond 64 bits), float64 for
        doubles, object for Fractions, closed forms and words.

        ``balls``: ``"object"`` keeps Ball objects; ``"split"`` turns a Ball column C into float64
        columns ``C_lo`` and ``C_hi`` (its ends rounded outward: still an enclosure); ``"mid"`` into
        its float64 midpoints.

        ``brackets``: a bracket is a pair of columns that prints one certified interval (``rank
        bound``'s ``lo <= LB <= hi``, ``depth bounds``' ``X_lo``, ``X_hi``: :attr:`brackets`).
        ``True`` replaces each pair by one Ball column named after what the command calls it
        (``LB``; ``X``; a bare ``lo``, ``hi`` of another command: ``bracket``), ``False`` keeps the
        two columns, and a dict ``{"name": ("lo", "hi")}`` names them. The default, ``None``, is the
        readable form: ``True`` with ``balls="split"`` (so ``rank bound`` gives ``LB_lo`` and
        ``LB_hi``, the bracket's outer ends, and ``pivot_table(values="LB_lo")`` reads it; with
        ``brackets=False`` each end splits on its own, ``lo_lo``, ``lo_hi``, ``hi_lo``, ``hi_hi``),
        ``False`` otherwise (``lo`` and ``hi`` stay two columns of Balls or midpoints).

        ``floats=True`` turns every real, Fraction and Ball into a float (the midpoint); integer
        columns stay int64 (object beyond 64 bits) and words stay words. ``df.attrs`` holds command,
        params and notes."""
        pd = _import("pandas", "to_pandas()", "python3-pandas")
        if balls not in ("object", "split", "mid"):
            raise ValueError(f"to_pandas: balls must be 'object', 'split' or 'mid', got {balls!r}")
        if brackets is None:
            brackets = balls == "split"
        cols = _frame_columns(self, brackets)
        data = {}
        for name, values, kinds in cols:
            if floats and kinds != {"text"} and not _all_ints(values):
                out = [v if isinstance(v, (str, int)) else float(v) for v in values]
                all_float = all(isinstance(v, float) for v in out)
                data[name] = pd.Series(out, dtype="float64" if all_float else object)
            elif all(isinstance(v, Ball) for v in values) and values and balls != "object":
                if balls == "mid":
                    data[name] = pd.Series([float(v) for v in values], dtype="float64")
                else:
                    ends = [v.float_bounds() for v in values]
                    data[name + "_lo"] = pd.Series([e[0] for e in ends], dtype="float64")
                    data[name + "_hi"] = pd.Series([e[1] for e in ends], dtype="float64")
            else:
                data[name] = pd.Series(values, dtype=_dtype(values, kinds))
        df = pd.DataFrame(data, index=pd.RangeIndex(len(self.rows)))
        df.attrs.update(command=self.command, params=self.params, notes=list(self.notes))
        return df

    def plot(self, x: str, y, series: str | None = None, logx: bool = False, logy: bool = False, ax=None,
             **kwargs):
        """Draws columns with matplotlib and returns the Axes: ``y`` a column, a ``(lo, hi)``
        bracket drawn as a band, or a list of these; one curve per value of ``series``; Ball columns
        get a band between their ends. ``t.plot(x="H", y=("lo", "hi"), series="r", logx=True,
        logy=True)``. The axes name the quantity (``LB`` for ``rank bound``'s bracket, the columns'
        headers otherwise; ``xlabel=``, ``ylabel=`` override), and a new figure has a tight layout.
        See ``boundcheck._plot`` for the details."""
        from ._plot import plot

        return plot(self, x, y, series=series, logx=logx, logy=logy, ax=ax, **kwargs)

    def gram_matrices(self, kind: str = "sympy") -> dict:
        """``sym gram --matrix``'s entries as one matrix per degree n: ``{n: (labels, matrix)}`` with
        the partitions of n as labels (``"2 1^3"``) in the command's order, and the matrix a
        ``sympy.Matrix`` of exact entries (``kind="sympy"``; closed forms with ``--normalised``) or a
        float64 NumPy array (``kind="numpy"``)."""
        from ._matrices import gram_matrices

        return gram_matrices(self, kind)

    # ---- Jupyter ---------------------------------------------------------------------------------------
    def _numeric(self):
        return [all(k[i] != "text" for k in self.kinds) for i in range(len(self.columns))]

    def _repr_html_(self) -> str:
        return _display.table_html(self.command, self.columns, self.texts, self.notes, self._numeric())

    def _repr_latex_(self) -> str:
        return _display.table_latex(self.columns, self.texts, self._numeric())

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

    # ---- container protocol --------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    def __getitem__(self, key):
        if isinstance(key, str):
            return self.column(key)
        return self.rows[key]


def _fits64(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and -2**63 <= v < 2**63


def _all_ints(values) -> bool:
    """An integer column (machine or exact integers; not bool): floats=True leaves it integral."""
    return bool(values) and all(isinstance(v, int) and not isinstance(v, bool) for v in values)


def _dtype(values, kinds):
    """The pandas dtype of a column: int64 for integers that fit, float64 for doubles, else object."""
    if values and kinds <= {"integer", "exact"} and all(_fits64(v) for v in values):
        return "int64"
    if values and kinds == {"number"}:
        return "float64"
    return object


def _frame_columns(table, brackets):
    """(name, values, kinds) per DataFrame column, with bracket pairs merged into Ball columns."""
    if brackets is True:  # X_lo, X_hi -> X; a bare lo, hi -> "LB" for rank bound, else "bracket"
        bare = "LB" if table.command == "rank bound" else "bracket"
        pairs = {k or bare: v for k, v in table.brackets.items()}
    elif brackets:
        pairs = dict(brackets)
    else:
        pairs = {}
    for lo, hi in pairs.values():
        table._check_column(lo)
        table._check_column(hi)
    merged = {lo: name for name, (lo, hi) in pairs.items()}
    skip = {hi for _, hi in pairs.values()}
    out = []
    for i, c in enumerate(table.columns):
        if c in skip:
            continue
        if c in merged:
            lo, hi = pairs[merged[c]]
            out.append((merged[c], [Ball.from_bracket(r[lo], r[hi]) for r in table.rows], {"real"}))
            continue
        out.append((c, [r[c] for r in table.rows], {k[i] for k in table.kinds}))
    return out


def _import(name: str, what: str, package: str):
    try:
        return __import__(name)
    except ImportError:
        raise ImportError(f"Table.{what} needs {name}, which is not installed "
                          f"(Debian: apt-get install {package}; or pip install {name})") from None
