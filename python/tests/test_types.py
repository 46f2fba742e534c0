"""Cell types: int / Fraction / Ball / float / str, and what a Ball proves."""
from decimal import Decimal
from fractions import Fraction

import pytest

import boundcheck
from boundcheck import Ball, UndecidedError


def test_integer_and_exact_cells_are_ints():
    t = boundcheck.sphere.dim(d=100000, l=10000)
    n = t.value()
    assert isinstance(n, int) and n.bit_length() > 48000  # 14551 digits, no rounding through double
    assert n % 10**6 == int(t.texts[0][-1][-6:])
    assert t.kinds[0][t.columns.index("d")] == "integer" and isinstance(t.value("d"), int)


def test_rational_cells_are_fractions():
    t = boundcheck.sphere.sign_coef(d=5, l_max=9, exact=True)
    kinds = {k for row in t.kinds for k in row}
    assert "exact" in kinds
    unit = [r["coef_unit"] for r in t.rows]
    assert unit[:3] == [Fraction(3, 8), Fraction(-1, 16), Fraction(3, 128)]  # docs/math/sphere.md#sign-coefficients, d = 5
    assert all(isinstance(r["energy"], Fraction) for r in t.rows)
    assert t.rows[0]["coef"] == "3*sqrt(5)/8"  # an exact closed form stays text


def test_real_cells_are_balls_and_number_cells_floats():
    t = boundcheck.rank.bound(d=16, r=4, H=10)
    lo, hi = t.value("lo"), t.value("hi")
    assert isinstance(lo, Ball) and isinstance(hi, Ball)
    assert lo.lo <= hi.hi and lo < 1 and hi > 0
    d = boundcheck.rank.bound(d=16, r=4, H=10, kernel="double")
    assert isinstance(d.value("lo"), float)
    assert lo.overlaps(Ball(repr(d.value("lo")))) or abs(float(lo) - d.value("lo")) < 1e-9
    assert isinstance(t.value("count"), str)


def test_ball_forms():
    b = Ball("1.2345678")
    assert b.mid == Decimal("1.2345678") and b.rad == Decimal("1e-7")
    assert b.lo == Decimal("1.2345677") and b.hi == Decimal("1.2345679")
    c = Ball("[1.2345678 +/- 3.1e-9]")
    assert c.rad == Decimal("3.1e-9") and c.contains(Fraction(12345678, 10**7))
    assert Ball("[+/- 1e-10]").mid == 0
    e = Ball("[1.25, 1.5]")
    assert e.lo == Decimal("1.25") and e.hi == Decimal("1.5") and e.mid == Decimal("1.375")
    assert Ball("0").is_exact and Ball("2.5e-30").rad == Decimal("1e-31")
    assert float(Ball("1.5e+300")) == 1.5e300
    with pytest.raises(ValueError):
        Ball("one")


def test_three_valued_comparisons():
    b = Ball("0.0123")  # [0.0122, 0.0124]
    assert b < 1 and b > 0 and b >= Fraction(1, 100) and b <= Decimal("0.0124")
    assert (b < 0.01) is False
    assert b.lt(0.0123) is None and b.gt(0.0123) is None
    with pytest.raises(UndecidedError):
        b < 0.0123
    with pytest.raises(ArithmeticError):
        b > Ball("0.0121")  # [0.012, 0.0122] touches [0.0122, 0.0124]
    assert b > Ball("0.0100") and b.gt(Ball("0.01")) is None
    assert Ball("0.0123").identical(b) and not Ball("0.01230").identical(b)  # enclosures, not values


def test_certified_reals_contain_the_rounded_digits():
    t = boundcheck.sphere.gegenbauer(d=3, l=5, t="1/2", digits=40)
    c = boundcheck.sphere.gegenbauer(d=3, l=5, t="1/2", digits=40, certified=True)
    col = t.columns[-1]
    assert c.value(col).overlaps(t.value(col))
    assert str(t.value(col)) == t.texts[0][-1]


def test_mpmath_conversions():
    mpmath = pytest.importorskip("mpmath")
    b = boundcheck.rank.bound(d=64, r=8, H=10, digits=25).value("lo")
    m = b.to_mpmath()  # every digit of the midpoint, whatever mpmath's precision (here 15 digits)
    with mpmath.workdps(60):
        assert abs(m - mpmath.mpf(str(b.mid))) < mpmath.mpf(10) ** -45  # 25 digits printed, ~50 kept
        iv = b.to_mpi()
        assert iv.a <= mpmath.mpf(str(b.lo)) and iv.b >= mpmath.mpf(str(b.hi))
    assert b.to_decimal() == b.mid


def test_pandas_optional():
    t = boundcheck.rank.bound(d="16,32", r=4, H=10)
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pandas"):
            t.to_pandas()
        return
    df = t.to_pandas()
    assert list(df.columns) == t.columns and len(df) == 2
    assert df.attrs["command"] == "rank bound"
