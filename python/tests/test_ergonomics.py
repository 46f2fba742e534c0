"""What a new user meets first: did-you-mean for names (Python and the CLI), integral floats and
NumPy float arrays for integer options, the import error of the source tree, help(boundcheck)."""
import os
import pathlib
import subprocess
import sys

import pytest

import boundcheck
from conftest import cli

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("argv, hint", [
    (["rank", "bound", "--d", "64", "--r", "8", "--H", "10", "--kernal", "double"], "did you mean --kernel?"),
    (["rank", "bound", "--d", "64", "--r", "8", "--H", "10", "--kernal=double"], "did you mean --kernel?"),
    (["sphere", "dim", "--d", "3", "--l", "2", "--digit", "5"], "did you mean --digits?"),
    (["sphere", "dim", "--d", "3", "--lmax", "2"], "did you mean --l-max?"),
    (["rank", "head", "--d", "3"], 'did you mean "heads"?'),
    (["sphre", "dim"], 'did you mean "sphere"?'),
    (["verify", "--expr", "rank.head(d=64, r=8, eps=1/10) > 2"], "did you mean rank.heads?"),
    (["verify", "--expr", "rank.heads(d=64, r=8, epsilon=1/10) > 2"], "did you mean eps?"),
])
def test_cli_suggests_the_closest_name(argv, hint):
    code, out, err = cli(argv, check=False)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith("error: ") and hint in err, err


def test_cli_names_far_from_everything_get_no_suggestion():
    code, _, err = cli(["sphere", "dim", "--d", "3", "--l", "2", "--zzzzzzzz", "1"], check=False)
    assert code == 2 and "unknown option --zzzzzzzz" in err and "did you mean" not in err
    code, _, err = cli(["sphere", "dim", "--d", "3", "--l", "2", "--" + "x" * 5000], check=False)
    assert code == 2 and len(err) < 200


def test_python_suggests_the_closest_name():
    with pytest.raises(TypeError, match=r"boundcheck.rank.bound\(\) got an unexpected keyword argument 'kernal'; "
                                        r"did you mean 'kernel'\?"):
        boundcheck.rank.bound(64, 8, 10, kernal="double")
    with pytest.raises(TypeError, match="did you mean 'digits'"):
        boundcheck.run("rank bound", d=64, r=8, H=10, digit=20)
    with pytest.raises(AttributeError, match="did you mean 'heads'"):
        boundcheck.rank.head
    with pytest.raises(AttributeError, match="did you mean 'rank'"):
        boundcheck.rnak
    with pytest.raises(boundcheck.UsageError, match='did you mean "heads"'):
        boundcheck.run("rank head", d=64)
    t = boundcheck.rank.heads(d=64, r=8, eps=0.1)
    with pytest.raises(KeyError, match="did you mean 'h_min'"):
        t.value("hmin")
    with pytest.raises(boundcheck.UsageError, match="did you mean rank.heads"):
        boundcheck.verify(expr="rank.head(d=64, r=8, eps=1/10) > 2")


def test_suggestions_are_edit_distance_with_transpositions():
    dym = boundcheck._boundcheck.did_you_mean  # the CLI's function (src/core/suggest.cpp)
    assert dym("kernal", ["kernel", "count"]) == ["kernel"]
    assert dym("kenrel", ["kernel"]) == ["kernel"]  # a transposition is one edit
    assert dym("h", ["H", "d"]) == ["H"]  # case
    assert dym("max-terms", ["max_terms"]) == ["max_terms"]  # '-' = '_'
    assert dym("epsilon", ["eps", "d"]) == ["eps"]  # a prefix of three letters or more
    assert dym("xyz", ["kernel"]) == [] and dym("kernel", ["kernel"]) == []
    assert dym("ab", ["ac", "ad", "xyz"]) == ["ac", "ad"]
    from boundcheck._errors import suggest

    assert suggest("kernal", ["kernel"]) == "; did you mean 'kernel'?" and suggest("zzz", ["kernel"]) == ""


def test_integral_floats_and_numpy_float_arrays_for_integer_options():
    np = pytest.importorskip("numpy")
    a = boundcheck.rank.bound(64.0, 8.0, np.array([1.0, 10.0, 1e3]), threads=1.0)
    b = boundcheck.rank.bound(64, 8, [1, 10, 1000], threads=1)
    assert a.rows == b.rows and a.column("H") == [1, 10, 1000]
    assert boundcheck.sphere.dim(d=np.float64(3), l=np.int32(2), digits=20.0).value() == 5
    assert boundcheck.rank.heads(d=np.array([16.0, 32.0]), r=4, eps=0.25).column("d") == [16, 32]
    with pytest.raises(boundcheck.UsageError, match="1.5"):
        boundcheck.sphere.dim(d=3, l=1.5)


def test_source_package_without_the_extension_names_the_fix():
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(ROOT / "python")
    p = subprocess.run([sys.executable, "-c", "import boundcheck"], capture_output=True, text=True, env=env,
                       cwd="/")
    assert p.returncode == 1
    last = p.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: boundcheck: the compiled extension") and "build/release/python" in last
    assert "circular import" not in p.stderr


def test_help_starts_with_a_tour():
    doc = boundcheck.__doc__.splitlines()
    assert doc[0].startswith("boundcheck: ") and doc[1] == ""
    tour = doc[2:12]
    assert len(tour) == 10 and all(line.startswith("    ") for line in tour)
    assert doc[12] == ""
    text = subprocess.run([sys.executable, "-c", "import boundcheck; help(boundcheck)"], capture_output=True,
                          text=True, env={**os.environ, "PAGER": "cat", "TERM": "dumb"}).stdout
    assert "boundcheck.rank.heads(d=64, r=8, eps=0.1)" in text.split("\n\n", 3)[2]


def test_the_tour_runs():
    """Every line of the tour, executed: it must not drift from the module."""
    lines = [ln[4:].split("  #")[0] for ln in boundcheck.__doc__.splitlines()[2:12]]
    code = []
    for ln in lines:
        code.append(ln if ln.startswith(("t =", "lb =", "with ", "    ", "help(")) else f"_ = {ln}")
    code = [c.replace("help(", "_ = (") for c in code]
    ns = {"boundcheck": boundcheck}
    exec("\n".join(code), ns)
    assert ns["t"].value() == 2355290238402
