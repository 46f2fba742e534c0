#!/usr/bin/python3
"""Exact closed forms print in lowest terms and mean what SymPy means by them (issue 17/18).

`sphere sign-coef --exact` for d = 2..14, odd l <= 41: every printed coefficient is
  - equal to an independent exact value: SymPy's gamma-function form (docs/math/sphere.md#sign-coefficients)
      <sign, P_{l,d}> = (-1)^((l-1)/2) Gamma(d/2) Gamma(l/2) / (pi Gamma((l+d)/2)),
      c_l = sqrt(N(d,l)) <sign, P_{l,d}>, N(d,l) by sympy.binomial, energy = sum_{j<=l} c_j^2;
  - canonical: SymPy's own printing of the parsed text gives the text back (so the radicand is
    square-free, the rational in lowest terms, the root in the numerator).
The same for `verify --expr` on a few algebraic results. Usage: closed_forms.py BOUNDCHECK
"""
import json
import subprocess
import sys

import sympy as sp

BC = sys.argv[1]


def run(*args):
    r = subprocess.run([BC, *args], capture_output=True, text=True, check=True)
    return r.stdout


def parse(text):
    return sp.sympify(text.replace("^", "**"))


def canonical(text):
    return str(parse(text)) == text.replace("^", "**")


def n_dim(d, l):
    if l == 0:
        return sp.Integer(1)
    if d == 2:
        return sp.Integer(2)
    return sp.binomial(l + d - 1, l) - sp.binomial(l + d - 3, l - 2)


def reference(d, l):
    unit = (-1) ** ((l - 1) // 2) * sp.gamma(sp.Rational(d, 2)) * sp.gamma(sp.Rational(l, 2)) / (
        sp.pi * sp.gamma(sp.Rational(l + d, 2)))
    return unit, sp.sqrt(n_dim(d, l)) * unit


def main():
    failures, checked = [], 0
    for d in range(2, 15):
        rows = json.loads(run("sphere", "sign-coef", "--d", str(d), "--l-max", "41", "--exact", "--format", "json"))["rows"]
        energy = sp.Integer(0)
        for row in rows:
            l = int(row["l"])
            unit, coef = reference(d, l)
            energy += coef ** 2
            for name, want in (("coef", coef), ("coef_unit", unit), ("energy", energy)):
                text = row[name]
                checked += 1
                if sp.simplify(parse(text) - want) != 0:
                    failures.append(f"d={d} l={l} {name}: printed {text}, SymPy says {sp.simplify(want)}")
                elif not canonical(text):
                    failures.append(f"d={d} l={l} {name}: {text} is not in lowest terms (SymPy: {parse(text)})")
    for expr, want in (("sphere.sign_coef(d=21, l=3)", None), ("sqrt(204)/4", "sqrt(51)/2"),
                       ("3/sqrt(6)", "sqrt(6)/2")):
        out = json.loads(run("verify", "--expr", expr, "--format", "json"))["rows"][0]["computed"]
        want = want or str(reference(21, 3)[1])
        checked += 1
        if out != want.replace("**", "^"):
            failures.append(f"verify --expr {expr}: printed {out}, want {want}")
    for f in failures:
        print(f)
    print(f"{checked} closed forms checked, {len(failures)} wrong")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
