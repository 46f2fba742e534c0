"""Errors: one Python class per CLI exit status, with the CLI's message."""
import pytest

import boundcheck
from conftest import cli


def _cli_error(argv):
    code, out, err = cli(argv, check=False)
    assert out == ""
    assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1, err
    return code, err[len("error: "):-1]


@pytest.mark.parametrize(
    "argv, cls, base, code",
    [
        (["sphere", "dim", "--d", "1", "--l", "3"], boundcheck.UsageError, ValueError, 2),
        (["rank", "bound", "--d", "64", "--r", "8"], boundcheck.UsageError, ValueError, 2),
        (["rank", "nope"], boundcheck.UsageError, ValueError, 2),
        (["sphere", "dim", "--d", "3", "--l", "1", "--bogus", "2"], boundcheck.UsageError, ValueError, 2),
    ],
)
def test_usage_errors(argv, cls, base, code):
    c, msg = _cli_error(argv)
    assert c == code
    with pytest.raises(cls) as e:
        boundcheck.invoke(argv)
    assert isinstance(e.value, base) and isinstance(e.value, boundcheck.Error)
    assert str(e.value) == msg


def test_usage_error_from_a_function():
    _, msg = _cli_error(["sphere", "dim", "--d", "1", "--l", "3"])
    with pytest.raises(ValueError) as e:
        boundcheck.sphere.dim(d=1, l=3)
    assert str(e.value) == msg == '--d must be an integer >= 2, got "1"'


def _find_error(candidates, cls):
    """The first invocation of `candidates` that the CLI refuses with exit code 1 and that Python
    raises as `cls`; the messages must agree."""
    for argv in candidates:
        code, out, err = cli(argv, check=False)
        if code != 1 or not err.startswith("error: "):
            continue
        try:
            boundcheck.invoke(argv)
        except cls as e:
            assert str(e) == err[len("error: "):-1]
            return argv
        except boundcheck.Error:
            continue
    pytest.fail(f"no candidate raised {cls.__name__}")


def test_domain_error():
    argv = _find_error([
        ["depth", "bounds", "--L", "4", "--dx", "512", "--H", "8", "--corollary", "1", "--shallow-L", "5"],
        ["depth", "grid-rank", "--network", "--L", "2", "--dx", "3", "--H", "2", "--N", "4", "--templates", "4"],
    ], boundcheck.DomainError)
    with pytest.raises(ArithmeticError):
        boundcheck.invoke(argv)


def test_resource_error():
    argv = _find_error([
        ["sphere", "dim", "--d", "4611686018427387904", "--l", "4611686018427387904"],
        ["sphere", "gegenbauer", "--d", "3", "--l", "4611686018427387904", "--t", "0.3"],
        ["rank", "bound", "--d", "3:1000000", "--r", "1:10", "--H", "1"],
    ], boundcheck.ResourceError)
    with pytest.raises(RuntimeError):
        boundcheck.invoke(argv)


def test_python_side_refusals():
    with pytest.raises(boundcheck.UsageError):
        boundcheck.rank.heads(d=64, r=8, eps=float("nan"))
    with pytest.raises(TypeError):
        boundcheck.rank.bound(64, 8)  # a required argument missing: Python's own arity error
    with pytest.raises(TypeError):
        boundcheck.rank.bound(64, 8, 10, bogus=1)
    with pytest.raises(TypeError):
        boundcheck.rank.bound(64, 8, boundcheck.Ball("1.5"))
    with pytest.raises(boundcheck.UsageError):
        boundcheck.sphere.dim(d=3, l=2, format="yaml")
