"""Shared helpers: the built CLI (BOUNDCHECK_EXE, set by CTest) run as a subprocess."""
import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _exe():
    exe = os.environ.get("BOUNDCHECK_EXE")
    if exe:
        return exe
    for build in ("build/release", "build"):
        p = ROOT / build / "boundcheck"
        if p.exists():
            return str(p)
    return None


EXE = _exe()


def cli(argv, check=True):
    """Runs the CLI; returns (exit code, stdout, stderr)."""
    if EXE is None:
        pytest.skip("the boundcheck executable was not found (set BOUNDCHECK_EXE)")
    p = subprocess.run([EXE, *argv], capture_output=True, text=True, timeout=300)
    if check and p.returncode not in (0, 1):
        raise AssertionError(f"boundcheck {' '.join(argv)}: exit {p.returncode}: {p.stderr}")
    return p.returncode, p.stdout, p.stderr


def cli_json(argv):
    code, out, err = cli([*argv, "--format", "json"])
    assert code == 0 or "verify" in argv, err
    return out, json.loads(out)
