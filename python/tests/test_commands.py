"""Every command group through the generated functions, identical to the CLI's --format json."""
import json
import pathlib
from fractions import Fraction

import pytest

import boundcheck
from boundcheck import Ball
from conftest import cli, cli_json

# The CLI end-to-end list (tests/cli/test_cli.cpp kCommands) plus the quick forms of the brief.
COMMANDS = [
    ["sphere", "dim", "--d", "7", "--l-max", "4"],
    ["sphere", "dim", "--d", "100000", "--l", "10000"],
    ["sphere", "gegenbauer", "--d", "5", "--l", "12", "--t", "0.3", "--norm", "orthonormal"],
    ["sphere", "gegenbauer", "--d", "3", "--l", "5", "--t", "1/2", "--certified"],
    ["sphere", "sign-coef", "--d", "4", "--l-max", "9"],
    ["sphere", "sign-coef", "--d", "5", "--l-max", "9", "--exact"],
    ["sphere", "hecke-funk", "--d", "6", "--l", "31"],
    ["verify", "--id", "sphere.dim"],
    ["tex", "--catalogue", str(pathlib.Path(__file__).resolve().parents[2] / "docs" / "examples" / "paper")],
    ["rank", "count", "--d", "5", "--r", "2", "--l-max", "4"],
    ["rank", "bound", "--d", "16", "--r", "4", "--H", "10"],
    ["rank", "bound", "--d", "64", "--r", "8", "--H", "1,10", "--certified", "--digits", "20"],
    ["rank", "bound", "--d", "16:32:16", "--r", "1,4", "--H", "1,10", "--kernel", "double"],
    ["rank", "heads", "--d", "32", "--r", "4", "--eps", "0.2"],
    ["rank", "heads", "--d", "64", "--r", "8", "--eps", "0.1"],
    ["rank", "majority", "--d", "5", "--H", "7", "--target", "0.2"],
    ["rank", "head-target", "--d", "8", "--theta", "pi/6"],
    ["rank", "u", "--d", "8", "--t", "1/2", "--degree", "9"],
    ["rank", "random-features", "--d", "8", "--H", "12", "--trials", "3", "--seed", "5"],
    ["depth", "bounds", "--L", "3", "--dx", "64", "--H", "2"],
    ["depth", "bounds", "--L", "4", "--dx", "512", "--H", "8", "--corollary", "1", "--shallow-L", "2"],
    ["depth", "grid-rank", "--hadamard", "--d", "3", "--lambda", "3", "--exact"],
    ["depth", "grid-rank", "--network", "--L", "2", "--dx", "2", "--N", "4", "--templates", "4"],
    ["depth", "fit"],
    ["depth", "fit", "--variants"],
    ["depth", "transition", "--L", "80,96"],
    ["depth", "optimal", "--model", "all"],
    ["depth", "optimal", "--params", "175B"],
    ["sym", "hstar", "--d", "3", "--N", "1:6"],
    ["sym", "bound", "--d", "10", "--N", "15,16", "--H", "100"],
    ["sym", "gram", "--N", "3", "--degree", "5"],
    ["sym", "gram", "--N", "2", "--degree", "3", "--matrix", "--normalised"],
    ["sym", "gram", "--N", "3", "--degree", "6", "--measure", "circle", "--normalised"],
    ["sym", "eckart-young", "--power", "50", "--alpha", "1/3", "--H", "5"],
    ["comm", "sizes", "--N", "512,1000", "--d", "1", "--q", "1,8"],
    ["comm", "models"],
    ["comm", "models", "--p", "16", "--K", "1000", "--model", "gpt-3"],
    ["comm", "models", "--reading", "simplified"],
    ["comm", "sizes", "--N", "512", "--d", "1", "--q", "1,8", "--reading", "literal"],
    ["comm", "neighborly", "--N", "10", "--q", "2", "--k", "12", "--seed", "3"],
    ["comm", "pair-matching", "--N", "16", "--M", "32", "--alpha", "300", "--trials", "20", "--seed", "2"],
]


def _function_and_kwargs(argv):
    """The generated function for argv's command and argv's options as keyword arguments."""
    words = [w for w in argv if not w.startswith("--")]
    i = 0
    path = []
    while i < len(argv) and not argv[i].startswith("--"):
        path.append(argv[i])
        i += 1
    cmd = boundcheck._commands._COMMANDS[" ".join(path)]
    flags = {o["name"] for o in cmd["options"] if o["flag"]}
    kwargs = {}
    while i < len(argv):
        name = argv[i]
        key = boundcheck._commands.pyname(name)
        if name in flags:
            kwargs[key] = True
            i += 1
        else:
            kwargs[key] = argv[i + 1]
            i += 2
    f = boundcheck
    for w in path:
        f = getattr(f, w.replace("-", "_"))
    del words
    return f, kwargs


def _big_int(text):
    import sys

    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return int(text)
    finally:
        sys.set_int_max_str_digits(old)


def _same_cells(table, doc):
    """Every cell of the Table equals the CLI JSON's cell, text for text."""
    assert table.command == doc["command"]
    assert table.columns == doc["columns"]
    assert table.params == doc["params"]
    assert len(table.rows) == len(doc["rows"])
    for row, kinds, texts, jrow in zip(table.rows, table.kinds, table.texts, doc["rows"]):
        for c, kind, text in zip(table.columns, kinds, texts):
            j = jrow[c]
            v = row[c]
            if isinstance(j, str):
                assert text == j, (c, text, j)
                if kind == "exact" and isinstance(v, int):
                    assert v == _big_int(j), c
                elif kind == "exact" and isinstance(v, Fraction):
                    assert v == Fraction(j), (c, v, j)
                else:
                    assert str(v) == j, (c, v, j)
            else:
                assert v == j, (c, v, j)
    assert table.notes == doc["meta"].get("notes", [])


@pytest.mark.parametrize("argv", COMMANDS, ids=[" ".join(a) for a in COMMANDS])
def test_function_matches_cli_json(argv):
    f, kwargs = _function_and_kwargs(argv)
    t = f(**kwargs, threads=1)
    out, doc = cli_json([*argv, "--threads", "1"])
    assert t.to_json() == out  # the C++ renderer: byte-identical
    _same_cells(t, doc)
    assert t.argv[: len(t.argv)] and boundcheck.invoke(t.argv).to_json() == t.to_json()


@pytest.mark.parametrize("fmt", ["table", "csv", "markdown", "latex"])
def test_renderings_match_cli(fmt):
    argv = ["rank", "bound", "--d", "16", "--r", "4", "--H", "1,10"]
    t = boundcheck.invoke(argv)
    code, out, _ = cli([*argv, "--format", fmt])
    assert code == 0
    assert t.render(fmt) == out
    assert getattr(t, "to_" + fmt, t.render)() == out if fmt != "table" else repr(t) + "\n" == out


def test_every_group_is_reached():
    groups = {p.split()[0] for p in boundcheck.commands()}
    assert groups == {"sphere", "rank", "depth", "sym", "comm", "verify", "table", "tex"}
    reached = {a[0] for a in COMMANDS} | {"table"}
    assert groups <= reached
    for path in boundcheck.commands():
        f = boundcheck
        for w in path.split():
            f = getattr(f, w.replace("-", "_"))
        assert callable(f), path
        assert f.__doc__ and path in f.__doc__


def test_python_values_become_cli_text():
    t = boundcheck.rank.bound(64, 8, [1, 10], digits=20)
    assert t.argv == ["rank", "bound", "--d=64", "--r=8", "--H=1,10", "--digits=20"]
    t2 = boundcheck.run("rank bound", d=64, r=8, H=range(1, 11, 9), digits=20)
    assert t2.to_json() == t.to_json()
    a = boundcheck.sphere.gegenbauer(d=3, l=5, t=Fraction(1, 2))
    b = boundcheck.sphere.gegenbauer(d=3, l=5, t=0.5)
    c = boundcheck.run("sphere.gegenbauer", d=3, l=5, t="1/2")
    assert a.to_json() == c.to_json()  # the params echo the text: "1/2"
    assert a.texts[0][-1] == b.texts[0][-1] and a.rows[0]["t"] == b.rows[0]["t"] == Fraction(1, 2)
    assert a.argv[-1] == "--t=1/2" and b.argv[-1] == "--t=0.5"


def test_readme_line():
    t = boundcheck.rank.heads(d=64, r=8, eps=0.1)
    code, out, _ = cli(["rank", "heads", "--d", "64", "--r", "8", "--eps", "0.1"])
    assert str(t) + "\n" == out
    assert isinstance(t.value("h_min"), int)


def test_single_value_api():
    t = boundcheck.sphere.dim(d=3, l=2)
    assert len(t) == 1
    assert t.value() == t.rows[0][t.result_column] == 5
    with pytest.raises(ValueError):
        boundcheck.sphere.dim(d=3, l_max=4).value()
    assert boundcheck.sphere.dim(d=3, l_max=4).value(row=4) == 9
    assert boundcheck.rank.heads(d=64, r=8, eps="1/10").result_column == "h_min"
    assert boundcheck.rank.bound(d=64, r=8, H=10).result_column == "lo"
    with pytest.raises(KeyError):
        t.value("nope")


def test_table_command_and_merge(tmp_path):
    spec = tmp_path / "s.toml"
    spec.write_text('command = "rank bound"\n[fixed]\nr = 4\n[sweep]\nd = [16, 32]\nH = [1, 10]\n')
    t = boundcheck.table(spec=str(spec), threads=1)
    out, doc = cli_json(["table", "--spec", str(spec), "--threads", "1"])
    assert t.to_json() == out
    parts = []
    for i in (1, 2):
        p = tmp_path / f"part{i}.json"
        boundcheck.table(spec=str(spec), shard=f"{i}/2", output=str(p), threads=1)
        assert p.exists()
        parts.append(str(p))
    m = boundcheck.table.merge(files=parts)
    out2, _ = cli_json(["table", "merge", *parts])
    assert m.to_json() == out2
    assert [r["lo"] for r in m.rows] == [r["lo"] for r in t.rows]


def test_verify_exit_code():
    t = boundcheck.verify(id="sphere.dim")
    assert t.exit_code == 0 and len(t) >= 1


def test_threads_do_not_change_results():
    a = boundcheck.rank.bound(d="16:64:16", r="2,4", H="1,100", threads=1)
    b = boundcheck.rank.bound(d="16:64:16", r="2,4", H="1,100", threads=2)
    assert a.texts == b.texts
