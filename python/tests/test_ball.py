"""Ball arithmetic (Arb, in the extension) against mpmath at higher precision.

Reference: every operation is recomputed by mpmath at 80 digits from the exact inputs (or, for an
input with a radius, at the ends of its interval: each function here is monotone on the interval
or checked at every end combination), and the value must lie inside the Ball (enclosure); the
Ball's radius must be small (50-digit inputs give about 50 correct digits). Random inputs are
seeded: BOUNDCHECK_TEST_SEED=N reproduces a run (the seed is printed on failure).
"""
import itertools
import os
import pickle
import random
from decimal import Decimal
from fractions import Fraction

import pytest

import boundcheck
from boundcheck import Ball, UndecidedError

mpmath = pytest.importorskip("mpmath")

SEED = int(os.environ.get("BOUNDCHECK_TEST_SEED", "20261124"))
REF_DPS = 80


def mp(q):
    """An exact rational as an mpmath number at the reference precision."""
    q = Fraction(q)
    with mpmath.workdps(REF_DPS):
        return mpmath.mpf(q.numerator) / q.denominator


def inside(ball, value):
    """value (an mpmath number) lies in the ball: checked as an exact comparison of rationals
    against the ball's exact ends, with value enclosed by +-1e-(REF_DPS-5) relative."""
    with mpmath.workdps(REF_DPS):
        slack = abs(value) * mpmath.mpf(10) ** (5 - REF_DPS)
        lo, hi = value - slack, value + slack
    return ball.lo <= _dec(hi) and _dec(lo) <= ball.hi


def _dec(x):
    with mpmath.workdps(REF_DPS + 10):
        return Decimal(mpmath.nstr(x, REF_DPS + 5, strip_zeros=False, min_fixed=-1, max_fixed=-1))


def rel_rad(ball):
    return abs(ball.rad / ball.mid) if ball.mid != 0 else ball.rad


def rand_fraction(rng, lo=-5, hi=5):
    return Fraction(rng.randint(lo * 10**12, hi * 10**12), rng.randint(1, 10**12))


OPS = {
    "+": (lambda a, b: a + b, lambda x, y: x + y),
    "-": (lambda a, b: a - b, lambda x, y: x - y),
    "*": (lambda a, b: a * b, lambda x, y: x * y),
    "/": (lambda a, b: a / b, lambda x, y: x / y),
}


@pytest.mark.parametrize("op", list(OPS))
def test_binary_operations_enclose_mpmath(op):
    rng = random.Random(SEED)
    f, ref = OPS[op]
    for trial in range(60):
        p, q = rand_fraction(rng), rand_fraction(rng)
        if op == "/" and q == 0:
            continue
        a, b = Ball(p, digits=50), Ball(q, digits=50)
        with mpmath.workdps(REF_DPS):
            want = ref(mp(p), mp(q))
        for got in (f(a, b), f(a, q), f(p, b)):  # Ball op Ball, Ball op Fraction, Fraction op Ball
            assert isinstance(got, Ball)
            assert inside(got, want), (SEED, trial, op, p, q, got, want)
            assert rel_rad(got) < Decimal("1e-48"), (SEED, op, got)


def test_unary_and_elementary_functions_enclose_mpmath():
    rng = random.Random(SEED + 1)
    for trial in range(40):
        p = abs(rand_fraction(rng)) + Fraction(1, 1000)
        a = Ball(p, digits=50)
        with mpmath.workdps(REF_DPS):
            x = mp(p)
            cases = [(a.sqrt(), mpmath.sqrt(x)), (a.exp(), mpmath.exp(x)), (a.log(), mpmath.log(x)),
                     (-a, -x), (abs(-a), x), (boundcheck.sqrt(a), mpmath.sqrt(x)),
                     (a ** 7, x ** 7), (a ** -3, x ** -3), (a ** Fraction(2, 3), mpmath.cbrt(x) ** 2),
                     (a ** Ball(Fraction(5, 2), digits=50), x ** mpmath.mpf(2.5)),
                     (2 ** a, mpmath.mpf(2) ** x)]
        for got, want in cases:
            assert inside(got, want), (SEED, trial, p, got, want)
            assert rel_rad(got) < Decimal("1e-46"), (SEED, p, got)


def test_min_max_union():
    a, b = Ball(Fraction(1, 3), digits=50), Ball(Fraction(2, 7), digits=50)
    assert inside(a.min(b), mp(Fraction(2, 7))) and inside(a.max(b), mp(Fraction(1, 3)))
    assert inside(boundcheck.max(b, a, Fraction(1, 5)), mp(Fraction(1, 3)))
    assert inside(boundcheck.min(b, a, Fraction(1, 5)), mp(Fraction(1, 5)))
    u = a.union(b)
    assert u.contains(a) and u.contains(b) and u.contains(Fraction(3, 10))
    assert not u.contains(Fraction(1, 4)) and not u.contains(Fraction(34, 100))


def test_balls_with_a_radius_enclose_every_point():
    # printed balls: f must be enclosed at every end combination of the inputs (f monotone per argument)
    a, b = Ball("[1.2345678901234567890123456789 +/- 3e-25]"), Ball("0.98765432109876543210")
    for op, (f, ref) in OPS.items():
        got = f(a, b)
        for x, y in itertools.product((a.lo, a.hi), (b.lo, b.hi)):
            with mpmath.workdps(REF_DPS):
                want = ref(mp(x), mp(y))
            assert inside(got, want), (op, got, x, y)
    s = a.sqrt()
    for x in (a.lo, a.hi):
        with mpmath.workdps(REF_DPS):
            assert inside(s, mpmath.sqrt(mp(x)))


def test_precision_follows_operands_or_context():
    a30 = Ball(Fraction(1, 3))  # default 30 digits
    a50 = Ball(Fraction(1, 3), digits=50)
    assert a30.digits >= 30 and a50.digits >= 50 and a50.prec > a30.prec
    assert (a30 + a50).prec == a50.prec  # the larger precision of the operands
    assert (a50 * 3 - 1).rad < Decimal("1e-49")
    with boundcheck.context(digits=80):
        c = a30 + a50
        assert c.prec == boundcheck._boundcheck._prec_for_digits(80)
        with mpmath.workdps(REF_DPS):
            assert inside(Ball(1) / 7, mp(Fraction(1, 7)))
        assert rel_rad(Ball(1) / 7) < Decimal("1e-79")
    assert (a30 + a30).prec == a30.prec  # the context is gone


def test_table_balls_carry_the_run_digits():
    t = boundcheck.rank.bound(d=64, r=8, H=10, digits=50)
    lo, hi = t.value("lo"), t.value("hi")
    assert lo.digits >= 50
    lb = t.ball()
    assert lb.lo == lo.lo and lb.hi == hi.hi  # one Ball from the bracket's outer ends
    assert lb.contains(lo.mid) and lb.contains(hi.mid)
    # the two ends are the values the command computed (issue 29 §1), not their printed texts read
    # back as +-1 ulp (two such balls of one bracket overlapped): lo < hi is decided
    assert lo < hi and not (lo > hi)
    twice = lb * 2
    assert twice.contains(Fraction(lo.mid) * 2) and rel_rad(twice) < Decimal("1e-47")


def test_three_valued_comparisons_and_bool():
    b = Ball("0.0123")  # [0.0122, 0.0124] exactly
    assert b < 1 and b > 0 and b >= Fraction(1, 100) and b <= Decimal("0.0124")
    assert (b < 0.01) is False and b.lt(0.0123) is None
    with pytest.raises(UndecidedError):
        b < 0.0123
    with pytest.raises(UndecidedError):
        b > Ball("0.0121")  # [0.0120, 0.0122] touches [0.0122, 0.0124]
    third = Ball(1) / 3
    assert third.lt(Fraction(1, 3)) is None and third > Fraction(333, 1000)
    assert bool(Ball(2)) and not bool(Ball(0))
    with pytest.raises(UndecidedError):
        bool(Ball("[+/- 1e-10]"))
    assert Fraction(1, 2) < Ball(1)  # reflected comparisons
    # the structural test is identical(); hashing follows it
    assert Ball(3).identical(3) and Ball("0.0123").identical(b) and not Ball("0.01230").identical(b)
    assert hash(Ball(3)) == hash(3) and hash(Ball("0.0123")) == hash(b)


def test_equality_is_three_valued_like_the_order():
    """Issue 36: == was structural, so b - b == 0 was False although 0 lies in the ball, while < raised.
    Now == is True only for one exact value, False for disjoint enclosures, undecided otherwise."""
    b = Ball("0.0123")  # [0.0122, 0.0124]
    with pytest.raises(UndecidedError):
        b - b == 0  # [-0.0002, 0.0002] holds 0 and its neighbours
    with pytest.raises(UndecidedError):
        b - b != 0
    assert (b - b).eq(0) is None and (b - b).ne(0) is None and (b - b).contains(0)
    with pytest.raises(UndecidedError):
        Ball("0.0123") == b  # the same enclosure is not the same real number
    assert b == b and not (b != b)  # but one object is one number
    assert (b == Ball("0.0126")) is False and b != Ball("0.0126")  # [0.0125, 0.0127]: disjoint
    assert b.eq(Ball("0.0126")) is False and b.ne(Ball("0.0126")) is True
    with pytest.raises(UndecidedError):
        b == Ball("0.0125")  # [0.0124, 0.0126] touches b at 0.0124
    # exact values: decided exactly, against every kind of exact number
    assert Ball(3) == 3 and Ball(Fraction(1, 3)) == Fraction(1, 3) and Ball("0.5") != 1
    assert Ball(Fraction(1, 4)) == Decimal("0.25") == Ball(0.25) and Ball(0) == 0 and Ball(2) - Ball(2) == 0
    with pytest.raises(UndecidedError):
        Ball(1) / 3 == Fraction(1, 3)  # a ball around 1/3 holds it but is not it
    assert (Ball(1) / 3 != Fraction(1, 2)) is True
    # what is not a number is never equal
    assert (Ball(1) == "1") is False and Ball(1) != "1" and (Ball(1) == None) is False  # noqa: E711
    # containers: the same object by identity, exact Balls by value; another overlapping Ball asks ==
    c = Ball("0.0123")
    assert b in [b] and b in {b} and {b: 1}[b] == 1
    assert Ball(3) in {3} and {Ball(3): "x"}[3] == "x" and 3 in [Ball(3)]
    assert hash(c) == hash(b)  # structural (identical), so it may meet b in a set's bucket ...
    with pytest.raises(UndecidedError):
        c in [b]  # ... where == cannot say whether they are the same real number
    assert any(x.identical(c) for x in [b]) and str(c) in {str(b)}


def test_mixed_operand_types():
    x = Ball(Fraction(3, 2), digits=40)
    assert (x + 1).contains(Fraction(5, 2)) and (x * Decimal("0.2")).contains(Fraction(3, 10))
    assert (x - 0.1).contains(Fraction(14, 10))  # a float is read through repr: 0.1 is 1/10
    assert (Decimal("1.5") / x).contains(1)
    np = pytest.importorskip("numpy")
    assert (x * np.int64(2)).contains(3) and (x + np.float64(0.5)).contains(2)
    assert (x * mpmath.mpf(2)).contains(3)
    with pytest.raises(TypeError):
        x + "1"
    with pytest.raises(TypeError):
        x + True
    with pytest.raises(ZeroDivisionError):
        x / 0
    with pytest.raises(ValueError):
        Ball(-1).sqrt()
    with pytest.raises(ValueError):
        Ball(0).log()
    assert not (x / Ball("[+/- 1]")).is_finite  # a divisor that may be 0: the whole line, as Arb says


def test_from_bracket_and_conversions_keep_every_digit():
    lo = Ball("0.35550140336581034236499652999317")
    hi = Ball("0.35550140336581034236499652999418")
    lb = Ball.from_bracket(lo, hi)
    assert lb.lo == Decimal("0.35550140336581034236499652999316")
    assert lb.hi == Decimal("0.35550140336581034236499652999419")
    with pytest.raises(ValueError):
        Ball.from_bracket(hi + 1, lo)
    # mpmath at 15 digits: the conversions raise the precision for themselves
    saved_iv = mpmath.iv.prec
    with mpmath.workprec(53):
        mpmath.iv.prec = 53
        try:
            m, iv = lb.to_mpf(), lb.to_mpi()
        finally:
            mpmath.iv.prec = saved_iv
    with mpmath.workdps(60):
        assert abs(m - mp(Fraction(lb.mid))) < mpmath.mpf(10) ** -55
    with mpmath.workdps(60):
        a, b = mpmath.mpf(iv._mpi_[0]), mpmath.mpf(iv._mpi_[1])
        assert a <= mp(Fraction(lb.lo)) and b >= mp(Fraction(lb.hi))
        assert b - a < mp(Fraction(lb.hi - lb.lo)) + mpmath.mpf(10) ** -55  # not widened to 16 digits
    assert isinstance(mpmath.mpf(1) + lb, Ball)  # mpf + Ball stays a certified Ball
    assert isinstance(lb + mpmath.mpf(1), Ball) and (lb + mpmath.mpf(1)).contains(1 + Fraction(lb.mid))
    assert lb.to_fraction() == Fraction(lb.mid)
    assert float(lb) == float(Fraction(lb.mid))  # correctly rounded
    f_lo, f_hi = lb.float_bounds()
    assert Fraction(f_lo) <= Fraction(lb.lo) and Fraction(lb.hi) <= Fraction(f_hi)


def test_float_bounds_of_a_ball_holding_everything():
    """Issue 29: a quotient by a Ball holding 0 is the whole line ([nan +/- inf]); its float_bounds()
    were (nan, nan), which encloses nothing. The reference is the definition: the only enclosure
    of every real in doubles is (-inf, inf)."""
    everything = Ball(1) / Ball("[+/- 1]")
    assert not everything.is_finite
    assert everything.float_bounds() == (float("-inf"), float("inf"))
    assert Ball("inf").float_bounds() == (float("inf"), float("inf"))  # an exact infinity stays one
    iv = everything.to_mpi()
    assert iv.a == mpmath.mpf("-inf") and iv.b == mpmath.mpf("inf")


def test_mpmath_intervals_are_unsupported_operands():
    """Issue 29: Ball + mpmath.mpi(...) raised NotImplementedError from inside mpmath (Ball returned
    NotImplemented, and the interval's reflected operator cannot take a Ball). A TypeError, as for
    every other unsupported operand."""
    x = Ball("1.5")
    for interval in (mpmath.mpi(1, 2), mpmath.iv.mpc(1, 2)):
        for op in (lambda a, b: a + b, lambda a, b: a - b, lambda a, b: a * b, lambda a, b: a / b,
                   lambda a, b: a ** b):
            with pytest.raises(TypeError, match="unsupported operand"):
                op(x, interval)
    with pytest.raises(TypeError, match="unsupported operand"):
        x + object()  # the same error as any other unsupported operand
    assert x != mpmath.mpi(1, 2)  # equality is not an operation: False, as for any other object


def test_str_shows_only_correct_digits_and_repr_round_trips():
    third = Ball(Fraction(1, 3), digits=20)
    s = str(third)
    assert s.startswith("0.333333333333333333") and Ball(s).contains(third)
    wide = Ball("[1.5 +/- 0.25]") * 3
    assert Ball(str(wide)).contains(wide)
    assert eval(repr(third), {"Ball": Ball}).contains(third)
    assert str(Ball(7)) == "7"
    for b in (third, Ball("0.0123"), Ball.from_bracket(Ball("1.5"), Ball("2.5")), Ball("inf")):
        c = pickle.loads(pickle.dumps(b))
        assert c.identical(b) and c.prec == b.prec and str(c) == str(b)


def test_ball_forms_as_printed():
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
    assert Ball("inf") > 10**100 and Ball("-inf") < -10**100
    for bad in ("one", "1/3", "[1, 0]", "[1 +/- -1]", ""):
        with pytest.raises(ValueError):
            Ball(bad)



def test_printed_decimals_read_as_plus_minus_one_unit_in_the_last_digit():
    """Printed decimals (the common case, read by a fast path in the extension) against Python's
    decimal module: the exact ends are the text +- one unit in its last digit, and the Arb
    enclosure contains both ends. Random texts with signs, leading zeros, exponents."""
    rng = random.Random(SEED)
    texts = ["0.0123", "-0.0123", "+7", "12", "1.0", "1e5", "-3.25E-7", "0.000", "1.5e+300", "00.50"]
    for _ in range(300):
        digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 40)))
        cut = rng.randint(0, len(digits))
        body = digits[:cut] + ("." + digits[cut:] if cut < len(digits) else "")
        if body.startswith(".") or body == "":
            body = "0" + body
        sign = rng.choice(["", "-", "+"])
        exp = rng.choice(["", f"e{rng.randint(-40, 40)}", f"E+{rng.randint(0, 40)}"])
        texts.append(sign + body + exp)
    for text in texts:
        d = Decimal(text)
        if d == 0 and text.lstrip("+-") in ("0",):
            continue  # exact zero prints as "0"
        ulp = Fraction(Decimal((0, (1,), d.as_tuple().exponent)))
        lo, hi = Fraction(d) - ulp, Fraction(d) + ulp
        b = Ball(text)
        assert Fraction(b.lo) == lo and Fraction(b.hi) == hi, text
        assert b.contains(lo) and b.contains(hi) and b.contains(Fraction(d)), text
