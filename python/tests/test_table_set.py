"""table(spec=..., set={...}) (issue 28): the Python front end of --set, the same as the CLI's."""
import json

import pytest

import boundcheck
from conftest import cli

SPEC = ('command = "rank bound"\ndigits = 6\n[fixed]\nkernel = "double"\n[sweep]\nd = [16, 32]\n'
        'r = [1, 4]\nH = [1, 10]\n')


def test_set_is_the_cli_set(tmp_path):
    spec = tmp_path / "g.toml"
    spec.write_text(SPEC)
    t = boundcheck.table(spec=str(spec), set={"r": 4, "d": [16, 64]}, threads=1)
    code, out, err = cli(["table", "--spec", str(spec), "--set", "r=4", "--set", "d=[16, 64]",
                          "--threads", "1", "--format", "json"])
    assert code == 0, err
    assert t.to_json() == out
    assert [row["d"] for row in t.rows] == [16, 16, 64, 64]
    assert {row["r"] for row in t.rows} == {4}
    assert json.loads(out)["params"]["set"] == ["r = 4", "d = [16, 64]"]


def test_set_values_as_toml(tmp_path):
    spec = tmp_path / "g.toml"
    spec.write_text(SPEC)
    # a range as a dict, a string option, a list of KEY=VALUE strings
    t = boundcheck.table(spec=str(spec), set={"H": {"from": 1, "to": 100, "per_decade": 1}, "count": "talk"})
    assert sorted({row["H"] for row in t.rows}) == [1, 10, 100]
    assert {row["count"] for row in t.rows} == {"talk"}
    u = boundcheck.table(spec=str(spec), set=["r=4"])
    assert {row["r"] for row in u.rows} == {4}


def test_set_refusals_name_the_key(tmp_path):
    spec = tmp_path / "g.toml"
    spec.write_text(SPEC)
    with pytest.raises(boundcheck.UsageError, match=r"--set dd: .*did you mean --d"):
        boundcheck.table(spec=str(spec), set={"dd": 4})
    with pytest.raises(boundcheck.UsageError, match="global option"):
        boundcheck.table(spec=str(spec), set={"digits": 4})
    with pytest.raises(boundcheck.UsageError):
        boundcheck.table(spec=str(spec), set=4)
