"""Exact cells as SymPy objects and sym gram --matrix as matrices.

References: the sign coefficients c_l(3) = sqrt(2l+1) * integral_0^1 P_l(t) dt (docs/math/sphere.md#sign-coefficients at
d = 3: Q_l = sqrt(2l+1) P_l on [-1, 1] with the measure dt/2), integrated exactly by SymPy; the
CUE Gram matrices of U(2) by Weyl's integration formula: E[p_lambda conj(p_mu)] is the constant
term of p_lambda(z) p_mu(1/z) |z1 - z2|^2 / 2 (an exact Laurent-polynomial computation, not the
characters the library uses)."""
from fractions import Fraction

import pytest

import boundcheck

sympy = pytest.importorskip("sympy")


def test_sign_coefficients_as_sympy_against_exact_integrals():
    t = boundcheck.sphere.sign_coef(d=3, l_max=9, exact=True)
    coefs = t.column("coef", sympy=True)
    x = sympy.Symbol("x")
    for l, c in zip(t.column("l"), coefs):
        want = sympy.sqrt(2 * l + 1) * sympy.integrate(sympy.legendre(l, x), (x, 0, 1))
        assert sympy.simplify(c - want) == 0, (l, c, want)
    assert str(t.to_sympy("coef", row=1)) == "-sqrt(7)/8"
    energy = t.column("energy", sympy=True)
    assert all(isinstance(e, sympy.Rational) for e in energy)
    assert energy[-1] == sum(c ** 2 for c in coefs)  # cumulative energy, exactly


def test_sympy_refuses_balls_and_words():
    t = boundcheck.rank.bound(d=16, r=4, H=10)
    # c_1(3) = sqrt(3)/2 is irrational: its Ball has a radius and is no SymPy number
    with pytest.raises(TypeError, match="not exact"):
        boundcheck.sphere.sign_coef(d=3, l=1).to_sympy("coef")
    # the bracket's lower end is the exact dyadic rational the command computed (radius 0): exact
    lo = t.to_sympy("lo")
    assert isinstance(lo, sympy.Rational) and t.value("lo").contains(Fraction(int(lo.p), int(lo.q)))
    with pytest.raises(ValueError):
        t.to_sympy("count")  # the word "exact"
    assert t.to_sympy("d") == 16 and isinstance(t.to_sympy("d"), sympy.Integer)


@pytest.mark.parametrize("text", ["__import__('os').system('true')", "sqrt(2", "2**3", "1/0", "x", "sqrt(2)sqrt(3)",
                                  "(" * 60 + "1" + ")" * 60, "pi^123456"])
def test_closed_form_reader_refuses_anything_else(text):
    from boundcheck._exact import parse_closed_form

    with pytest.raises(ValueError):
        parse_closed_form(text)


def test_closed_form_reader_reads_what_boundcheck_prints():
    from boundcheck._exact import parse_closed_form

    s = sympy.sqrt
    cases = {"-sqrt(7)/8": -s(7) / 8, "3*sqrt(5)/8": 3 * s(5) / 8, "1/(2*sqrt(3))": 1 / (2 * s(3)),
             "-5*sqrt(15)/128": -5 * s(15) / 128, "4/(3*pi)": sympy.Rational(4, 3) / sympy.pi,
             "2/pi^2": 2 / sympy.pi ** 2, "0.25": sympy.Rational(1, 4), "1" + "0" * 5000: sympy.Integer(10) ** 5000}
    for text, want in cases.items():
        assert sympy.simplify(parse_closed_form(text) - want) == 0, text


def _weyl_u2(lam, mu):
    """E over Haar U(2) of p_lam conj(p_mu), by Weyl's integration formula (exact)."""
    z1, z2 = sympy.symbols("z1 z2")

    def p(part, a, b):
        out = sympy.Integer(1)
        for k in part:
            out *= a ** k + b ** k
        return out

    density = sympy.expand((z1 - z2) * (1 / z1 - 1 / z2))  # |z1 - z2|^2 on the torus
    f = sympy.expand(p(lam, z1, z2) * p(mu, 1 / z1, 1 / z2) * density)
    const = sum(c for (e1, e2), c in sympy.Poly(f * z1 ** 20 * z2 ** 20, z1, z2).terms() if e1 == 20 and e2 == 20)
    return sympy.Rational(const, 2)


def _parts(label):
    out = []
    for w in label.split():
        k, _, m = w.partition("^")
        out += [int(k)] * (int(m) if m else 1)
    return out


def test_gram_matrices_against_weyl_integration():
    t = boundcheck.sym.gram(N=2, degree=4, matrix=True)
    mats = t.gram_matrices()
    assert sorted(mats) == [1, 2, 3, 4]
    for n, (labels, m) in mats.items():
        assert isinstance(m, sympy.Matrix) and m.shape == (len(labels), len(labels))
        assert sorted(sum(_parts(l)) for l in labels) == [n] * len(labels)  # partitions of n
        for i, a in enumerate(labels):
            for j, b in enumerate(labels):
                assert m[i, j] == _weyl_u2(_parts(a), _parts(b)), (n, a, b)
    labels, m3 = mats[3]
    assert labels == ["3", "2 1", "1^3"] and m3.rank() == 2  # p(3) - 1: 1^3 drops out for U(2)
    np = pytest.importorskip("numpy")
    labels_np, a3 = t.gram_matrices("numpy")[3]
    assert labels_np == labels and a3.dtype == np.float64
    assert np.array_equal(a3, np.array(m3.tolist(), dtype=np.float64))


def test_normalised_gram_matrices_as_sympy_and_numpy():
    t = boundcheck.sym.gram(N=2, degree=3, matrix=True, normalised=True)
    labels, m = t.gram_matrices()[3]
    z = {"3": 3, "2 1": 2, "1^3": 1}  # prod of the parts
    for i, a in enumerate(labels):
        for j, b in enumerate(labels):
            want = _weyl_u2(_parts(a), _parts(b)) / sympy.sqrt(z[a] * z[b])
            assert sympy.simplify(m[i, j] - want) == 0
    np = pytest.importorskip("numpy")
    _, a = t.gram_matrices("numpy")[3]
    assert np.allclose(a, np.array(m.evalf(30).tolist(), dtype=np.float64), rtol=1e-15, atol=0)
    with pytest.raises(ValueError, match="sym gram --matrix"):
        boundcheck.sym.gram(N=2, degree=3).gram_matrices()


def test_fractions_and_big_integers_stay_exact():
    t = boundcheck.sphere.sign_coef(d=5, l_max=9, exact=True)
    assert t.column("coef_unit")[:3] == [Fraction(3, 8), Fraction(-1, 16), Fraction(3, 128)]
    t = boundcheck.sphere.dim(d=100000, l=10000)
    n = t.to_sympy()
    assert isinstance(n, sympy.Integer) and n == t.value() and n.p.bit_length() > 48000  # 14551 digits
