"""boundcheck.context and set_defaults: every global option reaches every call (functions, run,
invoke, table, verify) exactly as the CLI's option would, per-call keywords override, contexts
nest and stay in their thread. The reference for "as the CLI would" is the CLI itself run with the
same option (its JSON meta and output), and for max_seconds the CLI's refusal message."""
import json
import re
import threading

import pytest

import boundcheck
from conftest import cli, cli_json


def test_digits_threads_certified_through_a_context():
    with boundcheck.context(digits=45, threads=1, certified=True):
        t = boundcheck.sphere.gegenbauer(d=5, l=12, t="3/10")
        r = boundcheck.run("sphere gegenbauer", d=5, l=12, t="3/10")
        i = boundcheck.invoke(["sphere", "gegenbauer", "--d", "5", "--l", "12", "--t", "3/10"])
    out, doc = cli_json(["sphere", "gegenbauer", "--d", "5", "--l", "12", "--t", "3/10", "--digits", "45",
                         "--threads", "1", "--certified"])
    for x in (t, r, i):
        assert (x.digits, x.threads, x.certified) == (45, 1, True)
        assert x.to_json() == out
    assert doc["meta"] == {"digits": 45, "threads": 1, "certified": True}
    outside = boundcheck.sphere.gegenbauer(d=5, l=12, t="3/10", threads=1)
    assert (outside.digits, outside.certified) == (30, False)


def test_per_call_keywords_override_the_context():
    with boundcheck.context(digits=45, certified=True, double_check=True, threads=2):
        t = boundcheck.sphere.sign_coef(d=5, l=7, digits=20, certified=False, double_check=False, threads=1)
        i = boundcheck.invoke(["sphere", "sign-coef", "--d", "5", "--l", "7", "--digits", "25"])
    assert (t.digits, t.certified, t.threads) == (20, False, 1)
    assert not any("double-checked" in n for n in t.notes)
    assert i.digits == 25 and i.certified and any("double-checked" in n for n in i.notes)


def test_double_check_through_context_and_defaults():
    with boundcheck.context(double_check=True):
        t = boundcheck.sphere.sign_coef(d=5, l=7)
    out, doc = cli_json(["sphere", "sign-coef", "--d", "5", "--l", "7", "--double-check"])
    assert any("double-checked" in n for n in t.notes) and t.notes == doc["meta"]["notes"]
    previous = boundcheck.set_defaults(double_check=True, digits=35)
    try:
        d = boundcheck.sphere.sign_coef(d=5, l=7)
        assert d.digits == 35 and any("double-checked" in n for n in d.notes)
        assert boundcheck.get_context() == {"double_check": True, "digits": 35}
        with boundcheck.context(digits=40):  # a context over the defaults
            assert boundcheck.sphere.sign_coef(d=5, l=7).digits == 40
    finally:
        boundcheck.set_defaults(double_check=None, digits=None)
    assert previous == {} and boundcheck.get_context() == {}
    assert boundcheck.sphere.sign_coef(d=5, l=7).digits == 30


@pytest.mark.parametrize("budget", [5, 100])
def test_max_seconds_through_a_context(budget):
    expect = re.compile(r"estimated \d+ s exceeds the limit of %d s" % budget)
    code, _, err = cli(["sphere", "gegenbauer", "--d", "11", "--l", "10000000000", "--t", "3/10",
                        "--max-seconds", str(budget)], check=False)
    assert code == 1 and expect.search(err), err
    other = 105 - budget  # both budgets lie below the estimate (several hundred seconds)
    with boundcheck.context(max_seconds=budget):
        with pytest.raises(boundcheck.ResourceError, match=expect):
            boundcheck.sphere.gegenbauer(d=11, l=10**10, t="3/10")
        with pytest.raises(boundcheck.ResourceError, match=re.compile(r"limit of %d s" % other)):
            boundcheck.sphere.gegenbauer(d=11, l=10**10, t="3/10", max_seconds=other)


def test_table_and_verify_take_the_context(tmp_path):
    spec = tmp_path / "s.toml"
    spec.write_text('command = "sphere gegenbauer"\n[fixed]\nd = 5\nt = "3/10"\n[sweep]\nl = [3, 12]\n')
    with boundcheck.context(digits=40, certified=True, threads=1):
        t = boundcheck.table(spec=str(spec))
        v = boundcheck.verify(expr="sphere.sign-coef(d=5, l=7)")
    out, _ = cli_json(["table", "--spec", str(spec), "--digits", "40", "--certified", "--threads", "1"])
    assert t.to_json() == out
    out, doc = cli_json(["verify", "--expr", "sphere.sign-coef(d=5, l=7)", "--digits", "40", "--certified",
                         "--threads", "1"])
    assert v.to_json() == out and doc["meta"]["digits"] == 40


def test_ball_arithmetic_takes_the_context_digits():
    third = boundcheck.Ball(1) / 3
    with boundcheck.context(digits=60):
        third60 = boundcheck.Ball(1) / 3
    assert third.digits < 60 <= third60.digits
    assert third60.rad < third.rad


def test_contexts_nest_and_restore():
    with boundcheck.context(digits=40):
        with boundcheck.context(certified=True):
            assert boundcheck.get_context() == {"digits": 40, "certified": True}
            with boundcheck.context(digits=50):
                assert boundcheck.sphere.dim(d=3, l=2).digits == 50
            assert boundcheck.sphere.dim(d=3, l=2).digits == 40
        assert boundcheck.get_context() == {"digits": 40}
    assert boundcheck.get_context() == {}

    @boundcheck.context(digits=33)
    def f():
        return boundcheck.sphere.dim(d=3, l=2).digits

    assert f() == 33 and boundcheck.get_context() == {}


def test_contexts_are_per_thread():
    barrier = threading.Barrier(2)
    seen = {}

    def inside():
        with boundcheck.context(digits=50, certified=True):
            barrier.wait()
            seen["inside"] = boundcheck.sphere.gegenbauer(d=5, l=12, t="3/10", threads=1)
            seen["inside_ball"] = (boundcheck.Ball(1) / 3).digits
            barrier.wait()

    def outside():
        barrier.wait()  # the other thread is inside its context now
        seen["outside"] = boundcheck.sphere.gegenbauer(d=5, l=12, t="3/10", threads=1)
        seen["outside_ball"] = (boundcheck.Ball(1) / 3).digits
        barrier.wait()

    threads = [threading.Thread(target=inside), threading.Thread(target=outside)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert (seen["inside"].digits, seen["inside"].certified) == (50, True)
    assert (seen["outside"].digits, seen["outside"].certified) == (30, False)
    assert seen["inside_ball"] >= 50 > seen["outside_ball"]


def test_context_values_are_checked_like_the_cli():
    code, _, err = cli(["sphere", "dim", "--d", "3", "--l", "2", "--digits", "0"], check=False)
    with pytest.raises(boundcheck.UsageError) as e:
        boundcheck.context(digits=0)
    assert code == 2 and str(e.value) == err[len("error: "):].strip()
    for bad in (dict(threads=0), dict(max_seconds=0), dict(digits="x")):
        with pytest.raises(boundcheck.UsageError):
            boundcheck.context(**bad)
    with pytest.raises(boundcheck.UsageError):
        boundcheck.context(certified="yes")
    with pytest.raises(TypeError, match="did you mean 'digits'"):
        boundcheck.context(digit=50)
    with pytest.raises(TypeError, match="did you mean 'max_seconds'"):
        boundcheck.set_defaults(max_second=5)
    assert boundcheck.context(digits=50.0, threads=2.0)  # integral floats, as on the CLI (50.0)


def test_every_context_option_is_a_cli_global_option():
    cmd = boundcheck._commands._COMMANDS["sphere dim"]
    globals_ = {o["name"].lstrip("-").replace("-", "_") for o in cmd["options"] if o["global"]}
    assert set(boundcheck.CONTEXT_OPTIONS) <= globals_
    # format, output and standalone choose how a table is printed (Table.to_json/to_csv/to_latex)
    assert set(boundcheck.CONTEXT_OPTIONS) == globals_ - {"format", "output", "standalone"}
    doc = json.loads(boundcheck.sphere.dim(d=3, l=2).to_json())
    assert set(doc["meta"]) == {"digits", "threads", "certified"}
