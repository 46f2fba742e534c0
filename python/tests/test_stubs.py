"""The committed type stub (boundcheck/__init__.pyi) matches the command registry."""
import pathlib
import subprocess
import sys

import boundcheck

HERE = pathlib.Path(__file__).resolve().parent


def test_stub_is_current():
    p = subprocess.run([sys.executable, str(HERE.parent / "gen_stubs.py"), "--check"], capture_output=True,
                       text=True)
    assert p.returncode == 0, p.stderr


def test_docstrings_carry_the_cli_help():
    cmd = boundcheck._commands._COMMANDS["rank bound"]
    doc = boundcheck.rank.bound.__doc__
    assert cmd["description"] in doc and cmd["footer"].strip().splitlines()[0] in doc
    assert "max_terms (--max-terms" in doc
