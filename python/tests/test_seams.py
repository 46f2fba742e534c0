"""Issue 29 §1: a value crosses every seam as what it is, never as its printed text.

A real cell the command computed exactly (rank heads' talk_power = (d/r)^(1/eps) = 2^4 = 16 at
d = 8, r = 4, eps = 1/4: exact by hand) reaches Python as a Ball with radius 0, not as the
[15, 17] that its text "16" read back with one unit of error would give; arithmetic on it stays
exact (h_min = 3, so h_min / talk_power = 3/16, a dyadic rational Arb holds exactly), and so do
SymPy and pandas. The same request through the CLI, a spec, verify --expr and Python gives the
same exact value (tests/cli/test_seams.cpp checks the C++ front ends on their own)."""
from decimal import Decimal
from fractions import Fraction
import json

import pytest

import boundcheck
from conftest import cli


def test_an_exact_real_cell_is_exact_in_python():
    t = boundcheck.rank.heads(d=8, r=4, eps="1/4")
    p = t.value("talk_power")
    assert isinstance(p, boundcheck.Ball)
    assert p.rad == 0 and p.lo == p.hi == 16, (p.lo, p.hi)
    assert str(p) == "16"  # printed as the CLI prints it
    h = t.value("h_min")
    assert h == 3
    q = h / p
    assert q.rad == 0 and q.to_fraction() == Fraction(3, 16), q
    assert t.to_sympy("talk_power") == 16
    frame = t.to_pandas()
    assert frame["talk_power"][0].to_fraction() == 16


def test_an_inexact_real_keeps_its_computed_radius():
    # c_1(3) = sqrt(3)/2 (docs/math/sphere.md#sign-coefficients): the Ball is the command's own enclosure, far narrower than
    # the +-1e-29 that its 30 printed digits would stand for
    t = boundcheck.sphere.sign_coef(d=3, l=1)
    c = t.value("coef")
    assert c.rad < Decimal("1e-35"), c.rad
    assert (c * c - Fraction(3, 4)).rad < Decimal("1e-35")
    assert abs(float(c * c) - 0.75) < 1e-15


def test_the_same_exact_value_through_every_front_end(tmp_path):
    code, out, err = cli(["rank", "heads", "--d", "8", "--r", "4", "--eps", "1/4", "--format", "json"])
    assert code == 0, err
    via_cli = json.loads(out)["rows"][0]["talk_power"]
    spec = tmp_path / "h.toml"
    spec.write_text('command = "rank heads"\n[fixed]\nd = 8\nr = 4\neps = "1/4"\n'
                    '[derived]\nexact_ratio = "h_min / talk_power"\n')
    code, out, err = cli(["table", "--spec", str(spec), "--format", "json"])
    assert code == 0, err
    row = json.loads(out)["rows"][0]
    assert via_cli == row["talk_power"] == "16"
    assert row["exact_ratio"] == "0.1875"
    code, out, err = cli(["verify", "--expr", "rank.heads(d=8, r=4, eps=1/4).talk_power == 16"])
    assert code == 0 and "holds" in out, out + err
    t = boundcheck.rank.heads(d=8, r=4, eps="1/4")
    assert t.value("talk_power").lo == 16


def test_fig5_spec_calls_its_gaussian_reading_an_interpretation():
    """Issue 38 §5: data/specs/paperA_fig5.toml stated as fact that the caption's distribution over
    the angle is the plotted u(cos theta)/u(1). The distribution u induces over the angle (q, k
    uniform) is u(cos theta) sin^(d-2) theta; the spec says where it peaks at d = 1024, recomputed
    here in floats from the tool's u on the spec's grid (log u + (d-2) log sin theta, u > 0)."""
    import math
    import pathlib
    spec = (pathlib.Path(__file__).resolve().parents[2] / "data" / "specs" / "paperA_fig5.toml").read_text()
    assert "is our\n# interpretation" in spec
    assert "u(cos theta) sin^{d-2} theta" in spec
    t = boundcheck.rank.u(d=1024, theta_grid=480, digits=12)
    best = None
    for frac, u in zip(t.column("theta_over_pi"), t.column("u")):
        theta = float(Fraction(frac)) * math.pi
        u = float(u.mid) if hasattr(u, "mid") else float(u)
        if u <= 0 or not 0 < theta < math.pi:
            continue
        v = math.log(u) + 1022 * math.log(math.sin(theta))
        if best is None or v > best[0]:
            best = (v, theta)
    assert abs(best[1] - 1.56) < 0.01, best
    assert "near theta = 1.56 rad, not at 0" in spec


def test_rank_u_weighting_as_printed_from_python():
    """Issue 36: the weighting the published Figure 5 was drawn with, as a keyword. Reference:
    data/u_as_printed_mpmath.csv (the authors' formula, inner products by mpmath quadrature)."""
    from fractions import Fraction

    import boundcheck
    from boundcheck import Ball

    u = boundcheck.rank.u(d=4, t=1, weighting="as-printed", digits=25).value("u")
    assert isinstance(u, Ball) and u.overlaps(Ball("[1.3491865588869335221e8 +/- 1e-11]"))
    assert boundcheck.rank.u(d=4, t=1, digits=25).value("u").overlaps(Ball("[2.6495407042212918725e6 +/- 1e-13]"))
    half = boundcheck.rank.u(d=6, t=Fraction(1, 2), weighting="as-printed", digits=25).value("u")
    assert half.overlaps(Ball("[1.2777472832021778939e10 +/- 1e-9]"))
    with pytest.raises(boundcheck.UsageError, match="--weighting must be one of reproducing\\|as-printed"):
        boundcheck.rank.u(d=4, t=1, weighting="as_printed")
