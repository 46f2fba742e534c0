"""str(Ball) of values with huge decimal exponents: 2^e for e in [2^50, 2^64) (issue 29).

str(Ball(2) ** 10**18) ended "e+301029995663981188" (true: ...195), Ball(2) ** 957649582330950229
printed "0e+288281249616699388", and 65 of 317 random 2^e printed a wrong exponent or mantissa: the
decimal exponent was estimated in double precision, whose 53 bits no longer hold e log10(2).

Reference, independent of boundcheck: mpmath at 400 bits evaluates x = e log10(2) (|x| < 2^62, so
more than 330 bits of its fraction are right); 2^e = 10^x has the decimal exponent floor(x) and the
D leading digits 10^(frac(x) + D - 1). A printed D-digit value must have that exponent and digits
within one unit of the last place (format_real's contract; 2^e is an exact Ball, so its midpoint is
the value itself). Second reference: the CLI, which prints 2^e in `verify` with Arb's arb_get_str.
Random exponents are seeded: BOUNDCHECK_TEST_SEED=N reproduces a run.
"""
import json
import os
import random
import re

import pytest

from boundcheck import Ball

from conftest import cli

mpmath = pytest.importorskip("mpmath")

SEED = int(os.environ.get("BOUNDCHECK_TEST_SEED", "20261129"))
_PRINTED = re.compile(r"(-?)(\d)(?:\.(\d+))?e\+(\d+)")


def reference(e, digits):
    """(decimal exponent, D leading digits of 2^e as an mpf) by mpmath at 400 bits."""
    with mpmath.workprec(400):
        x = e * mpmath.log10(2)
        exp10 = int(mpmath.floor(x))
        return exp10, mpmath.power(10, x - exp10 + digits - 1)


def check_power_of_two(e):
    """str(Ball(2) ** e) against the reference: the exponent exactly, the digits to one unit."""
    text = str(Ball(2) ** e)
    m = _PRINTED.fullmatch(text)
    assert m, (e, text)
    digits = m.group(2) + (m.group(3) or "")
    exp10, lead = reference(e, len(digits))
    assert int(m.group(4)) == exp10, (SEED, e, text, exp10)
    with mpmath.workprec(400):
        assert abs(int(digits) - lead) <= 1, (SEED, e, text, mpmath.nstr(lead, len(digits) + 5))
    return text


def test_the_reported_powers_print_their_exponent():
    assert check_power_of_two(10**18).endswith("e+301029995663981195")
    assert check_power_of_two(957649582330950229).endswith("e+288281249616699350")  # was "0e+288281249616699388"


def _exponents():
    """The two reported exponents and 317 seeded random ones in [2^50, 2^64)."""
    rng = random.Random(SEED)
    return [10**18, 957649582330950229] + [rng.randrange(2**50, 2**64) for _ in range(317)]


def test_random_huge_powers_of_two_against_mpmath():
    print(f"seed {SEED} (BOUNDCHECK_TEST_SEED)")
    for e in _exponents():
        check_power_of_two(e)


def test_powers_of_two_print_as_the_cli_prints_them(tmp_path):
    """The same 319 values through the CLI, in one process: a catalogue of claims `2^e > 0`, whose
    computed column shows 2^e as `verify` prints it (Arb's own decimal conversion, arb_get_str, 12
    digits). The exponents must be equal and the first 12 digits within one unit."""
    print(f"seed {SEED} (BOUNDCHECK_TEST_SEED)")
    exps = _exponents()
    claims = [f'[[claim]]\nid = "p.{i}"\nkind = "formula"\nclaim = "2^e > 0"\nsource = "test"\n'
              f'expr = "2^{e} > 0"\n' for i, e in enumerate(exps)]
    (tmp_path / "powers.toml").write_text("\n".join(claims))
    code, out, err = cli(["verify", "--catalogue", str(tmp_path), "--format", "json"])
    assert code == 0, err
    rows = json.loads(out)["rows"]
    assert len(rows) == len(exps)
    for e, row in zip(exps, rows):
        theirs = re.fullmatch(r"(\d)\.(\d{11})e\+(\d+) > 0: true", row["computed"])
        assert theirs, (SEED, e, row["computed"])
        text = str(Ball(2) ** e)
        mine = _PRINTED.fullmatch(text)
        assert mine.group(4) == theirs.group(3), (SEED, e, text, row["computed"])
        a, b = int(mine.group(2) + mine.group(3)[:11]), int(theirs.group(1) + theirs.group(2))
        assert abs(a - b) <= 1, (SEED, e, text, row["computed"])
