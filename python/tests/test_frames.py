"""pandas frames, matplotlib figures and the Jupyter renderings of a Table.

The frames are checked against the Table's own cells (what the CLI's JSON holds, tested in
test_commands.py): dtypes per kind, Balls split into outward-rounded float ends that still
enclose the printed interval, brackets merged into one Ball. The figure is checked for what it
must draw (one band per bracket series, its edges at the bracket's ends). The HTML and LaTeX
renderings are fed hostile cells and column names.
"""
import html
import re
import subprocess
from decimal import Decimal
from fractions import Fraction

import pytest

import boundcheck
from boundcheck import Ball
from boundcheck._display import latex_math_text, table_html, table_latex

pd = pytest.importorskip("pandas")
np = pytest.importorskip("numpy")


def test_dtypes_follow_the_cell_kinds():
    t = boundcheck.rank.bound(d="16,32", r=4, H="1,10,100")
    df = t.to_pandas()
    assert list(df.columns) == t.columns and len(df) == 6
    assert df["d"].dtype == np.int64 and df["H"].dtype == np.int64
    assert df["lo"].dtype == object and all(isinstance(v, Ball) for v in df["lo"])
    assert df["count"].dtype == object and df.attrs["command"] == "rank bound"
    big = boundcheck.sphere.dim(d=1000, l="2,1000").to_pandas()  # N(1000, 1000) has 600 digits
    assert big["N"].dtype == object and big["N"][1] == boundcheck.sphere.dim(d=1000, l=1000).value()
    assert big["d"].dtype == np.int64
    small = boundcheck.sphere.dim(d=1000, l="2,3").to_pandas()
    assert small["N"].dtype == np.int64  # exact integers that fit 64 bits
    dbl = boundcheck.rank.bound(d=16, r=4, H="1,10", kernel="double").to_pandas()
    assert dbl["lo"].dtype == np.float64
    ex = boundcheck.sphere.sign_coef(d=5, l_max=9, exact=True).to_pandas()
    assert ex["coef_unit"].dtype == object and ex["coef_unit"][0] == Fraction(3, 8)
    assert ex["coef"][0] == "3*sqrt(5)/8"


def test_balls_split_into_enclosing_float_ends():
    t = boundcheck.rank.bound(d=64, r="1,8", H="1,10,100", digits=25)
    df = t.to_pandas(balls="split", brackets=False)  # each end of the bracket split on its own
    assert {"lo_lo", "lo_hi", "hi_lo", "hi_hi"} <= set(df.columns) and "lo" not in df.columns
    for i, row in enumerate(t.rows):
        assert df["lo_lo"].dtype == np.float64
        assert Fraction(df["lo_lo"][i]) <= Fraction(row["lo"].lo) and Fraction(row["lo"].hi) <= Fraction(df["lo_hi"][i])
        assert df["lo_hi"][i] - df["lo_lo"][i] <= 4 * np.spacing(df["lo_lo"][i])  # rounded outward, not widened
    mid = t.to_pandas(balls="mid")
    assert mid["hi"].dtype == np.float64 and mid["hi"][0] == float(t.rows[0]["hi"])


def test_split_is_readable_by_default_and_floats_keep_integers():
    """Issue 36: balls="split" named rank bound's columns lo_lo, lo_hi, hi_lo, hi_hi, so
    pivot_table(values="lo") raised KeyError; floats=True made the integer columns float64."""
    t = boundcheck.rank.bound(d="16,32", r="1,4", H="1,10", digits=20)
    df = t.to_pandas(balls="split")
    assert list(df.columns) == ["d", "r", "H", "count", "LB_lo", "LB_hi"]
    for i, row in enumerate(t.rows):  # the bracket's outer ends, rounded outward
        assert Fraction(df["LB_lo"][i]) <= Fraction(row["lo"].lo)
        assert Fraction(row["hi"].hi) <= Fraction(df["LB_hi"][i])
    pivot = df.pivot_table(index="H", columns=["d", "r"], values="LB_lo")
    assert pivot.shape == (2, 4) and pivot.loc[10, (32, 4)] == df["LB_lo"][7]
    flo = t.to_pandas(floats=True)
    assert flo["d"].dtype == np.int64 and flo["r"].dtype == np.int64 and flo["H"].dtype == np.int64
    assert flo["lo"].dtype == np.float64 and flo["lo"][0] == float(t.rows[0]["lo"])
    assert flo["count"].dtype == object and flo["count"][0] == "exact"  # words stay words
    big = boundcheck.sphere.dim(d=1000, l="2,1000").to_pandas(floats=True)  # N(1000, 1000): 600 digits
    assert big["N"].dtype == object and big["N"][1] == boundcheck.sphere.dim(d=1000, l=1000).value()
    ex = boundcheck.sphere.sign_coef(d=5, l_max=3, exact=True).to_pandas(floats=True)
    assert ex["coef_unit"].dtype == np.float64 and ex["coef_unit"][0] == 0.375  # a Fraction becomes a float
    assert ex["l"].dtype == np.int64


def test_brackets_become_one_ball_column():
    t = boundcheck.rank.bound(d=64, r=8, H="1,10")
    assert t.brackets == {"": ("lo", "hi")}
    df = t.to_pandas(brackets=True)
    assert "LB" in df.columns and "lo" not in df.columns and "hi" not in df.columns
    for i, row in enumerate(t.rows):
        b = df["LB"][i]
        assert b.lo == row["lo"].lo and b.hi == row["hi"].hi
    split = t.to_pandas(brackets={"LB": ("lo", "hi")}, balls="split")
    assert list(split.columns[-2:]) == ["LB_lo", "LB_hi"]
    assert all(split["LB_lo"] <= split["LB_hi"])
    dep = boundcheck.depth.bounds(L=3, dx=64, H=2)
    assert dep.brackets == {"log3_sep": ("log3_sep_lo", "log3_sep_hi")}
    with pytest.raises(KeyError, match="did you mean 'lo'"):
        t.to_pandas(brackets={"x": ("loo", "hi")})


def test_plot_draws_brackets_as_bands():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    from matplotlib.collections import PolyCollection

    t = boundcheck.rank.bound(d=64, r="1,8", H="1,10,100,1000")
    ax = t.plot(x="H", y=("lo", "hi"), series="r", logx=True, logy=True)
    assert ax.get_xscale() == "log" and ax.get_yscale() == "log"
    bands = [c for c in ax.collections if isinstance(c, PolyCollection)]
    assert len(bands) == 2  # one band per series value
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    assert labels == ["r = 1", "r = 8"]
    for band, r in zip(bands, (1, 8)):
        rows = [row for row in t.rows if row["r"] == r]
        ys = band.get_paths()[0].vertices[:, 1]
        assert ys.min() <= min(row["lo"].float_bounds()[0] for row in rows) + 1e-300
        assert ys.max() >= max(row["hi"].float_bounds()[1] for row in rows)
    ax2 = t.plot(x="H", y="lo", series="r")  # a Ball column: midpoints and a (thin) band
    assert len(ax2.lines) == 2 and len(ax2.collections) == 2
    import matplotlib.pyplot as plt

    plt.close("all")


def test_plot_names_the_quantity_and_keeps_its_labels_on_the_figure():
    """Issue 36: the y label said "lo/hi" (the column names) and was cut off (no tight layout)."""
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    t = boundcheck.rank.bound(d=64, r="1,8", H="1,10,100,1000")
    ax = t.plot(x="H", y=("lo", "hi"), series="r", logx=True, logy=True)
    assert ax.get_ylabel() == "LB" and ax.get_xlabel() == "H"  # the headers of `--format latex`, as text
    fig = ax.figure
    fig.canvas.draw()
    r = fig.canvas.get_renderer()
    for text in (ax.yaxis.label, ax.xaxis.label):  # inside the figure (without tight layout x0 < 0)
        box = text.get_window_extent(r)
        assert box.x0 >= 0 and box.y0 >= 0 and box.x1 <= fig.bbox.x1 and box.y1 <= fig.bbox.y1, text
    assert t.plot(x="H", y="lo", ylabel="my LB").get_ylabel() == "my LB"
    sc = boundcheck.sphere.sign_coef(d=4, l_max=5)
    assert sc.plot(x="l", y="coef").get_xlabel() == "\u2113"  # $\ell$, as gnuplot's SVG prints it
    assert sc.plot(x="l", y="energy").get_ylabel() != "energy"
    u = boundcheck.rank.u(d=4, theta_grid=4)
    assert u.plot(x="theta_over_pi", y="u").get_xlabel() == "theta_over_pi"  # no header: its name
    plt.close("all")


def test_plot_text_is_never_mathtext():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    t = boundcheck.comm.models()
    ax = t.plot(x="N", y="H", series="model")  # "?" cells leave gaps
    ax.figure.canvas.draw()
    from boundcheck._plot import _text

    assert _text("$\\alpha$") == "\\$\\alpha\\$" and _text("_hidden") == " _hidden"
    import matplotlib.pyplot as plt

    plt.close("all")


HOSTILE = ["\\input{/etc/passwd}", "$x$ & y # z % _ ^ ~ { }", "}\\end{array}$$\\write18{rm -rf /}",
           "<script>alert(1)</script>", "a\nb\rc\td", "caf\u00e9 \u2603", "\\\\", "\"quoted\""]


def test_html_escapes_every_string():
    cols = ["<b>col</b>", "x"]
    texts = [(h, "1") for h in HOSTILE]
    out = table_html("<cmd>", cols, texts, ["<note>&"], [False, True])
    assert "<script>" not in out and "<b>col" not in out and "<cmd>" not in out and "<note>" not in out
    for h in HOSTILE:  # "a\nb\rc\td" as "a\nb\\x0dc\td": the carriage return shown (issue 38 §1)
        assert html.escape(h.replace("\r", "\\x0d")) in out


def test_html_shows_controls_and_overrides_visibly():
    # issue 38 §1, the rule of src/core/visible_text.hpp: expected text written by hand
    from boundcheck._display import html_text

    assert html_text("6\x1b]0;t\x07\rx") == "6\\x1b]0;t\\x07\\x0dx"
    assert html_text("id\u202ecba \u2066 \u061c \x85") == "id\\u202ecba \\u2066 \\u061c \\u0085"
    assert html_text("a\nb\tc <b>") == "a\nb\tc &lt;b&gt;"
    assert html_text("caf\u00e9 \u2603 \u00a0") == "caf\u00e9 \u2603 \u00a0"
    out = table_html("verify", ["id\u202e"], [("\x1b[8mholds",)], ["note \x1b]0;x\x07"], [False])
    assert "\x1b" not in out and "\u202e" not in out and "\x07" not in out
    assert "\\x1b[8mholds" in out and "id\\u202e" in out


def _balanced(s):
    depth = 0
    i = 0
    while i < len(s):
        if s[i] == "\\":
            i += 2
            continue
        depth += {"{": 1, "}": -1}.get(s[i], 0)
        if depth < 0:
            return False
        i += 1
    return depth == 0


def test_latex_escapes_every_string():
    for h in HOSTILE:
        e = latex_math_text(h)
        assert e.startswith("\\mathrm{") and _balanced(e), (h, e)
        body = e[len("\\mathrm{"):-1]
        # no unescaped special: every \ starts one of the fixed escapes
        assert re.fullmatch(r"(?:[A-Za-z0-9.,;:!?'+\-*/=<>()\[\]|@?]|\\backslash\{\}|\\[{}$&#%_ ]|\\hat\{\\ \}|\\sim\{\}|'')*",
                            body), (h, body)
    out = table_latex(["a_b", "c"], [(h, "1") for h in HOSTILE], [False, True])
    assert out.startswith("$$\\begin{array}{lr}") and out.endswith("\\end{array}$$")
    assert out.count("\\end{array}") == 1 and "\\write18" not in out and "\\input" not in out


def test_latex_rendering_compiles(tmp_path):
    if subprocess.run(["which", "pdflatex"], capture_output=True).returncode != 0:
        pytest.skip("pdflatex is not installed")
    body = table_latex(["a_b", "$c$"], [(h, "1") for h in HOSTILE], [False, True])
    doc = tmp_path / "t.tex"
    doc.write_text("\\documentclass{article}\n\\begin{document}\n" + body + "\n\\end{document}\n")
    p = subprocess.run(["pdflatex", "-no-shell-escape", "-interaction=nonstopmode", "-halt-on-error", "t.tex"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stdout[-2000:]


def test_table_reprs_for_jupyter():
    t = boundcheck.rank.bound(d=16, r=4, H=list(range(1, 81)))
    h = t._repr_html_()
    assert h.count("<tr>") == 1 + 30 + 1 + 10 and "40 rows" in h and "rank bound (80 rows)" in h
    assert all(note.split(";")[0][:30] in html.unescape(h) for note in t.notes)
    lx = t._repr_latex_()
    assert lx.count("\\\\") == 1 + 30 + 1 + 10
    small = boundcheck.sphere.dim(d=3, l_max=2)
    assert small._repr_html_().count("<tr>") == 4
    assert Decimal(small.texts[2][2]) == 5
