#!/usr/bin/python3
"""A user's own catalogue, end to end (issue 35 §1, §2, §4): quantities defined in the catalogue
reached from every front end with the same value, refused bad parameters, up-front pricing, load
errors with file:line:column, published values that are checked, reports a CI reads (JUnit validated
against tests/data/junit.xsd, TAP, JSON's summary), -q, and claims that crash or hang without taking
the run down.

References are independent of the program: exact arithmetic in Python (fractions) for the user
quantity n*log2(n)/((d+1)*p) at powers of two; N(d,l) = binom(l+d-1,d-1) - binom(l+d-3,d-1) by
math.comb; the rank bound's lower ends as `rank bound` prints them at 40 digits, divided by mpmath,
for the composed quantity.
Usage: user_catalogue.py BOUNDCHECK_EXE PYTHON_DIR SCHEMA_XSD
"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction

EXE, PYDIR, XSD = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL", what)


def run(argv, cwd, env=None):
    e = dict(os.environ, **(env or {}))
    return subprocess.run([EXE] + argv, cwd=cwd, capture_output=True, text=True, timeout=300, env=e)


QUANTITIES = '''
[[quantity]]
name = "mine.compose_heads"
params = ["n", "d", "p"]
expr = "n*log2(n)/((d+1)*p)"
source = "my paper, Lemma 2"
description = "heads a one-layer transformer needs for composition"
domain = { n = "integer >= 2", d = "integer >= 1", p = "integer >= 1" }
default = { p = 1 }
columns = [{ name = "bits", expr = "n*log2(n)" }]

[[quantity]]
name = "mine.lb_ratio"
params = ["d", "r", "H"]
expr = "rank.bound(d=d, r=r, H=H).lo / rank.bound(d=d, r=2*r, H=H).lo"
source = "my paper, eq. (7)"
description = "how much the rank-r bound exceeds the rank-2r one"

[[quantity]]
name = "mine.twice"
params = ["n"]
expr = "2 * mine.compose_heads(n=n, d=3)"
source = "my paper, eq. (8)"
description = "a user quantity calling another"

[[quantity]]
name = "mine.costly"
params = ["d"]
expr = "sum(k in 1..100: rank.bound(d=d, r=8, H=1000*k).lo)"
source = "s"
description = "a hundred bounds at once"
'''

CLAIMS = '''
[[claim]]
id = "mine.dim"
quantity = "sphere.dim(d=64, l=3)"
published = "45696"

[[claim]]
id = "mine.ch"
expr = "mine.compose_heads(n=1024, d=63) == 160"
published = "160"
'''


def front_ends(tmp):
    """One request, mine.compose_heads(n=1024, d=63, p=2), through the CLI, verify --expr, a claim,
    a table spec (and its shards merged) and Python: the same exact value, 1024*10/(64*2) = 80."""
    want = Fraction(1024 * 10, 64 * 2)
    r = run(["mine", "compose-heads", "--catalogue", ".", "--n", "1024", "--d", "63", "--p", "2", "--format", "json"], tmp)
    check(r.returncode == 0, f"cli: {r.stderr}")
    if r.returncode == 0:
        row = json.loads(r.stdout)["rows"][0]
        check(Fraction(row["compose_heads"]) == want and Fraction(row["bits"]) == 10240, f"cli value {row}")
    r = run(["verify", "--catalogue", ".", "--expr", "mine.compose_heads(n=1024, d=63, p=2) == 80"], tmp)
    check(r.returncode == 0 and "exact" in r.stdout, f"verify --expr: {r.stdout} {r.stderr}")
    with open(os.path.join(tmp, "spec.toml"), "w") as f:
        f.write('command = "mine.compose_heads"\n[fixed]\nd = 63\n[sweep]\nn = [256, 1024]\np = [1, 2]\n')
    r = run(["table", "--catalogue", ".", "--spec", "spec.toml", "--format", "json"], tmp)
    check(r.returncode == 0, f"table: {r.stderr}")
    if r.returncode == 0:
        rows = json.loads(r.stdout)["rows"]
        for row in rows:
            n, p = int(row["n"]), int(row["p"])
            check(Fraction(row["compose_heads"]) == Fraction(n * int(math.log2(n)), 64 * p), f"table row {row}")
    shards = []
    for i in (1, 2):
        out = f"s{i}.json"
        r = run(["table", "--catalogue", ".", "--spec", "spec.toml", "--shard", f"{i}/2", "--output", out], tmp)
        check(r.returncode == 0, f"shard {i}: {r.stderr}")
        shards.append(out)
    merged = run(["table", "merge", "--catalogue", "."] + shards + ["--format", "csv"], tmp)
    whole = run(["table", "--catalogue", ".", "--spec", "spec.toml", "--format", "csv"], tmp)
    check(merged.returncode == 0 and merged.stdout == whole.stdout, f"merge: {merged.stderr}")
    if PYDIR == "-":  # the sanitizer tree: no module to import (the Release tree runs this step)
        print("python step skipped: this build tree has no Python module")
        return
    code = ("import boundcheck; from fractions import Fraction; p = boundcheck.load('.'); "
            "v = p.mine.compose_heads(n=1024, d=63, p=2).value(); print(type(v).__name__, v); "
            "print(p.mine.twice(n=1024).value())")
    env = dict(os.environ, PYTHONPATH=PYDIR)
    py = subprocess.run(["/usr/bin/python3", "-c", code], cwd=tmp, capture_output=True, text=True, timeout=120, env=env)
    check(py.returncode == 0 and py.stdout.split() == ["int", "80", str(2 * 1024 * 10 // 4)],
          f"python: {py.stdout} {py.stderr}")


def composed_and_priced(tmp):
    """mine.lb_ratio equals the ratio of the two bounds `rank bound` prints (at 40 digits, divided
    by mpmath), to the 30 digits it prints; mine.costly is refused up front with its estimate."""
    import mpmath
    mpmath.mp.dps = 50
    r = run(["mine", "lb-ratio", "--catalogue", ".", "--d", "16", "--r", "1", "--H", "10", "--format", "json"], tmp)
    got = mpmath.mpf(json.loads(r.stdout)["rows"][0]["lb_ratio"]) if r.returncode == 0 else None
    los = []
    for rr in (1, 2):
        b = run(["rank", "bound", "--d", "16", "--r", str(rr), "--H", "10", "--digits", "40", "--format", "json"], tmp)
        los.append(mpmath.mpf(json.loads(b.stdout)["rows"][0]["lo"]))
    check(got is not None and abs(got / (los[0] / los[1]) - 1) < mpmath.mpf(10) ** -28, f"lb_ratio {got} {los}")
    r = run(["mine", "costly", "--catalogue", ".", "--d", "64", "--digits", "3000"], tmp)
    check(r.returncode == 1 and r.stdout == "" and "estimated" in r.stderr and "exceeds the limit" in r.stderr,
          f"pricing: {r.returncode} {r.stderr}")
    for argv in (["mine", "compose-heads", "--catalogue", ".", "--n", "1", "--d", "3"],
                 ["verify", "--catalogue", ".", "--expr", "mine.compose_heads(n=1, d=3) > 0"]):
        r = run(argv, tmp)
        check(r.returncode == 2 and r.stdout == "" and 'must be an integer >= 2, got "1"' in r.stderr
              and r.stderr.count("\n") == 1, f"domain {argv}: {r.returncode} {r.stderr}")
    r = run(["mine", "compose-heads", "--catalogue", ".", "--help"], tmp)
    check(r.returncode == 0 and "n*log2(n)/((d+1)*p)" in r.stdout and "my paper, Lemma 2" in r.stdout,
          "help shows the formula and source")


def load_errors(base):
    """Every problem of a file at once, each with file:line:column; exit 2, nothing on stdout."""
    cases = {
        "cycle": ('[[quantity]]\nname = "mine.a"\nparams = ["n"]\nexpr = "mine.b(n=n)"\nsource = "s"\n'
                  'description = "d"\n\n[[quantity]]\nname = "mine.b"\nparams = ["n"]\nexpr = "mine.a(n=n) + 1"\n'
                  'source = "s"\ndescription = "d"\n', ["refers to itself: mine.a -> mine.b -> mine.a"]),
        "unknown_and_unused": ('[[quantity]]\nname = "mine.c"\nparams = ["n", "m"]\nexpr = "rank.headz(d=n)"\n'
                               'source = "s"\ndescription = "d"\n',
                               ['c.toml:4:9: quantity "mine.c": unknown quantity "rank.headz", did you mean rank.heads?',
                                'c.toml:3:16: quantity "mine.c": parameter "m" is never used']),
        "keys": ('[[claim]]\nid = "x"\nexpr = "1 < 2"\nexpct = "fails"\n\n[[claim]]\nid = "x"\nexpr = "2 < 3"\n'
                 'foo = 3\n', ['c.toml:4:1: claim "x" has no key "expct" (did you mean expect?',
                               'c.toml:9:1: claim "x" has no key "foo"', "duplicate claim id \"x\" (first at"]),
        "syntax": ('[[claim]\nid = "x"\n', ["c.toml:1:9: "]),
        "reserved": ('[[quantity]]\nname = "rank.mine"\nexpr = "1"\nsource = "s"\ndescription = "d"\n',
                     ['"rank" is a built-in group']),
    }
    for name, (text, wants) in cases.items():
        d = os.path.join(base, name)
        os.makedirs(d)
        with open(os.path.join(d, "c.toml"), "w") as f:
            f.write(text)
        r = run(["verify", "--catalogue", "."], d)
        ok = r.returncode == 2 and r.stdout == "" and all(w in r.stderr for w in wants)
        check(ok and len(r.stderr.splitlines()) == max(len(wants), 1), f"load {name}: {r.returncode} {r.stderr!r}")
    empty = os.path.join(base, "empty")
    os.makedirs(empty)
    r = run(["verify", "--catalogue", "."], empty)
    check(r.returncode == 2 and "holds no .toml file" in r.stderr, f"empty dir: {r.stderr}")


def published_checked(base):
    """published is part of the claim: a wrong one fails, naming it; the rules read it."""
    d = os.path.join(base, "pub")
    os.makedirs(d)
    n64 = math.comb(64 + 3 - 1, 63) - math.comb(64 + 3 - 3, 63)  # N(64, 3) = 45696
    with open(os.path.join(d, "c.toml"), "w") as f:
        f.write(f'[[claim]]\nid = "drift"\npublished = "{n64 + 1}"\nexpr = "sphere.dim(d=64, l=3) == {n64}"\n\n'
                f'[[claim]]\nid = "q.exact"\nquantity = "sphere.dim(d=64, l=3)"\npublished = "{n64}"\n\n'
                '[[claim]]\nid = "q.round"\nquantity = "sphere.sign-coef(d=3, l=1)"\npublished = "0.8660"\n\n'
                '[[claim]]\nid = "q.trunc"\nquantity = "pi"\npublished = "3.1415"\ntolerance = "truncate"\n\n'
                '[[claim]]\nid = "q.rel"\nquantity = "exp(1)"\npublished = "2.7"\ntolerance = "rel=1/100"\n\n'
                '[[claim]]\nid = "q.wrong_round"\nquantity = "pi"\npublished = "3.1415"\nexpect = "fails"\n')
    r = run(["verify", "--catalogue", ".", "--format", "json"], d)
    rows = {row["id"]: row for row in json.loads(r.stdout)["rows"]} if r.stdout else {}
    check(r.returncode == 1 and rows.get("drift", {}).get("verdict") == "fails"
          and str(n64 + 1) in rows["drift"]["computed"], f"published drift: {r.stdout[:300]} {r.stderr}")
    for cid in ("q.exact", "q.round", "q.trunc", "q.rel", "q.wrong_round"):
        check(rows.get(cid, {}).get("as_expected") is True, f"{cid}: {rows.get(cid)}")
    meta = json.loads(r.stdout)["meta"]["summary"] if r.stdout else {}
    check(meta == {"claims": 6, "as_expected": 5, "not_as_expected": 1, "undecided": 0, "errors": 0}, f"summary {meta}")
    check(rows.get("q.exact", {}).get("published") == str(n64), "published kept as printed")
    q = run(["verify", "--catalogue", ".", "-q"], d)
    check(q.returncode == 1 and "drift" in q.stdout and "q.exact" not in q.stdout
          and "5 of 6 claims as expected; 1 not as expected" in q.stderr, f"-q: {q.stdout} {q.stderr}")
    j = run(["verify", "--catalogue", ".", "--format", "junit", "--output", "report.xml"], d)
    v = subprocess.run(["xmllint", "--noout", "--schema", XSD, "report.xml"], cwd=d, capture_output=True, text=True)
    check(j.returncode == 1 and v.returncode == 0, f"junit: {j.stderr} {v.stderr}")
    xml = open(os.path.join(d, "report.xml")).read()
    check(xml.count("<testcase") == 6 and xml.count("<failure") == 1 and f"published {n64 + 1}" in xml, "junit content")
    t = run(["verify", "--catalogue", ".", "--format", "tap"], d)
    check(t.stdout.startswith("TAP version 13\n1..6\n") and "not ok 1 - drift" in t.stdout, f"tap: {t.stdout}")


def isolated(base):
    """A claim that aborts, and one that hangs in a loop that never polls (fault injection), get an
    error verdict each; the others are still reported."""
    d = os.path.join(base, "iso")
    os.makedirs(d)
    with open(os.path.join(d, "c.toml"), "w") as f:
        f.write('[[claim]]\nid = "a.ok"\nexpr = "1 < 2"\n\n[[claim]]\nid = "b.abort"\nexpr = "2 < 3"\n\n'
                '[[claim]]\nid = "c.hang"\nexpr = "3 < 4"\n\n[[claim]]\nid = "d.ok"\nexpr = "4 < 5"\n')
    for brk, bad, why in (("verify-abort", "b.abort", "died of signal"), ("verify-hang", "c.hang", "time limit")):
        r = run(["verify", "--catalogue", ".", "--format", "json", "--max-seconds", "1"], d,
                {"BOUNDCHECK_TEST_BREAK": brk})
        rows = {row["id"]: row for row in json.loads(r.stdout)["rows"]} if r.stdout.startswith("{") else {}
        others = [k for k in ("a.ok", "b.abort", "c.hang", "d.ok") if k != bad]
        check(r.returncode == 1 and rows.get(bad, {}).get("verdict") == "error" and why in r.stdout
              and all(rows.get(k, {}).get("verdict") == "holds" for k in others), f"{brk}: {r.stdout[:400]} {r.stderr}")


def main():
    base = tempfile.mkdtemp(prefix="bc_user_")
    try:
        paper = os.path.join(base, "paper")
        os.makedirs(paper)
        with open(os.path.join(paper, "claims.toml"), "w") as f:
            f.write(QUANTITIES + CLAIMS)
        front_ends(paper)
        composed_and_priced(paper)
        r = run(["verify", "--catalogue", "."], paper)
        check(r.returncode == 0, f"the paper's claims: {r.stdout} {r.stderr}")
        load_errors(base)
        published_checked(base)
        isolated(base)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    print(f"user catalogue: {len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
