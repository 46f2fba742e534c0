#!/usr/bin/python3
"""Red-team sweep of the surfaces a paper's author uses (issue 38's last item; a sibling of
redteam_options.py, run by the test suite as `security: your-paper sweep`):

  quantity    user quantities ([[quantity]] of a catalogue) through the CLI (`mine NAME --n ...`),
              verify --expr, a table spec (command = "mine.x"), help --catalogue and Python's
              boundcheck.load(DIR): exact values against Python's fractions, math.comb and
              math.factorial (binomials, powers, gamma, floors, sums of N(d, l), a 2^k-call tree of
              nested quantities), reals against mpmath; every kind of domain at its boundary (the
              one-line exit-2 error names the rule, recomputed here); parameters missing, extra and
              defaulted; cycles (direct, 2 and 3), unknown names, unused parameters, reserved words,
              built-in groups, hostile names (controls, bidi, 65 characters, non-ASCII); nesting 16
              deep (exact) and 17 and 200 deep (refused); division by zero, log(0), sqrt(-1); work
              refused up front by its price
  published   every tolerance rule (exact, round, truncate, rel=, abs=) just inside and just outside
              its boundary (computed here with fractions), malformed rules, published lists of the
              wrong length for and-chains, huge exponents, NaN/inf text, hostile text
  loading     catalogue files: TOML syntax errors, duplicates across files, unknown keys with their
              did-you-mean, empty and missing directories, symlink loops, a FIFO, a device, a
              directory named *.toml, non-UTF-8 bytes, NUL bytes, size and line limits, more than
              100 problems, more than 1000 quantities; every problem reported as file:line:column,
              exit 2, nothing on stdout, the same from every front end
  report      verify --format junit|tap|json|table|csv with hostile claim ids, texts and file names:
              the JUnit is well formed and validates against tests/data/junit.xsd (xmllint), each
              testcase's name is the id shown by the rule of src/core/visible_text.hpp (implemented
              again here); TAP has one ok/not ok line per claim, numbered, matching the plan, no '#'
              an harness reads as a directive; JSON's meta.summary equals the counts recomputed from
              the rows; -q prints only the claims not as expected and one summary line; exit 0/1/2
  isolation   claims that abort or hang (BOUNDCHECK_TEST_BREAK=verify-abort|verify-hang) and claims
              refused by their price: every other claim is reported, the bad one is an error, exit 1
  tex         boundcheck tex and tex --check: value names (LaTeX specials, controls, not macro
              names), hostile claim ids, descriptions and file names reaching the numbers file (every
              line is a comment, the macro or a definition of a name expected here); --output never
              over an input, nothing written where not asked; --check on drifted, undefined, stale
              and hand-typed numbers with their lines and exit codes; hostile papers; two files with
              hostile names compiled by pdflatex when it is installed
  fixed       the bugs this sweep found, fixed in the same branch (each names what was wrong)

Each case is PASS or BAD: the exit code, stdout empty on an error, exactly one `error:` line (the
documented per-file list for a catalogue), no crash (a signal or exit >= 128), no hang (timeout), no
raw control character in any output (JSON may carry any text but C0 controls; it escapes those).
Expectations are computed here from the rule each case tests, never copied from the tool's output.
`--known` adds the cases of problems still open (none is run by default).

Usage: scripts/redteam_paper.py BOUNDCHECK_EXE [--python-path DIR] [--jobs N] [-v] [--known]
Exit 1 if any case is BAD. The tally it prints is the one in docs/guides/reliability.md.
"""
import concurrent.futures
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET
from fractions import Fraction

import mpmath

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
EXE = os.path.abspath(sys.argv[1])
ARGS = sys.argv[2:]
PYPATH = ARGS[ARGS.index("--python-path") + 1] if "--python-path" in ARGS else None
JOBS = int(ARGS[ARGS.index("--jobs") + 1]) if "--jobs" in ARGS else 2
VERBOSE = "-v" in ARGS
KNOWN = "--known" in ARGS
HANG = 120
XSD = os.path.join(ROOT, "tests", "data", "junit.xsd")
TMP = tempfile.mkdtemp(prefix="bc_redteam_paper_")
mpmath.mp.dps = 60
sys.set_int_max_str_digits(0)

CASES = []  # (class, name, function returning "" or the reason it is BAD)


class Bad(Exception):
    pass


def need(cond, why):
    if not cond:
        raise Bad(why)


def add(cls, name, fn):
    def case():
        try:
            fn()
            return ""
        except Bad as b:
            return str(b)[:700] or "BAD"
    CASES.append((cls, name, case))


# ==== running the tool ===============================================================================

def invoke(argv, cwd=None, env=None, timeout=HANG):
    """(rc, stdout bytes, stderr bytes); rc None on a hang. argv items may be str or bytes."""
    try:
        p = subprocess.run([EXE, *argv], capture_output=True, timeout=timeout, cwd=cwd,
                           env={**os.environ, "COLUMNS": "100", **(env or {})})
    except subprocess.TimeoutExpired:
        return None, b"", b""
    return p.returncode, p.stdout, p.stderr


# the rule of src/core/visible_text.hpp, again (as in redteam_issue38.py)
BIDI = {0x061C, 0x200E, 0x200F, 0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}


def spoofing(cp):
    return cp < 0x20 or cp == 0x7F or 0x80 <= cp <= 0x9F or cp in BIDI


def visible(s):
    return "".join((f"\\x{ord(c):02x}" if ord(c) < 0x80 else f"\\u{ord(c):04x}") if spoofing(ord(c)) else c
                   for c in s)


def visible_bytes(b):
    """visible() of bytes that may not be UTF-8: each byte outside a well-formed sequence as \\xNN."""
    out, i = [], 0
    while i < len(b):
        for n in (1, 2, 3, 4):
            try:
                ch = b[i:i + n].decode("utf-8")
            except UnicodeDecodeError:
                continue
            out.append(visible(ch))
            i += n
            break
        else:
            out.append(f"\\x{b[i]:02x}")
            i += 1
    return "".join(out)


def report_visible(s):
    """As the reports show a text: visible, and U+FFFE/U+FFFF (not XML, not YAML) as \\ufffe."""
    return visible(s).replace("\ufffe", "\\ufffe").replace("\uffff", "\\uffff")


def raw_control(text, keep="\n", c0_only=False):
    for c in text:
        cp = ord(c)
        if c in keep:
            continue
        if (cp < 0x20 or cp == 0x7F) if c0_only else spoofing(cp):
            return f"U+{cp:04X}"
    return None


def sane(rc, out, err, keep="\n", json_out=False):
    """The checks every case makes: exited, no crash, UTF-8, no raw control; (stdout, stderr) text."""
    need(rc is not None, f"hang: no exit within {HANG} s")
    need(0 <= rc < 128, f"crash: exit status {rc}: {err[-300:]!r}")
    try:
        o, e = out.decode("utf-8"), err.decode("utf-8")
    except UnicodeDecodeError as x:
        raise Bad(f"output is not UTF-8: {x}")
    bad = raw_control(e)
    need(not bad, f"stderr holds {bad} raw: {e[:300]!r}")
    bad = raw_control(o, keep, c0_only=json_out)
    need(not bad, f"stdout holds {bad} raw: {o[:300]!r}")
    return o, e


def run(argv, cwd=None, env=None, keep="\n", json_out=None):
    rc, out, err = invoke(argv, cwd, env)
    if json_out is None:
        json_out = "json" in argv
    o, e = sane(rc, out, err, keep, json_out)
    return rc, o, e


def one_error(rc, o, e, code, pattern):
    need(rc == code, f"exit {rc}, want {code}: {e.strip()[:300]!r}")
    need(not o, f"stdout not empty: {o[:200]!r}")
    need(e.count("\n") == 1 and e.startswith("error: "), f"not one error line: {e[:400]!r}")
    need(re.search(pattern, e), f"message {e.strip()[:400]!r} does not match {pattern!r}")


def refused(argv, code, pattern, cwd=None, env=None):
    return lambda: one_error(*run(argv, cwd, env), code, pattern)


LOC = r"^error: [^\n]*?:\d+:\d+: "


def file_errors(rc, o, e, wants, count=None):
    """A malformed catalogue: exit 2, nothing on stdout, every line 'error: FILE:LINE:COL: ...' (or
    'error: FILE: ...' for a whole-file problem), each regex of `wants` matching a line."""
    need(rc == 2, f"exit {rc}, want 2: {e[:300]!r}")
    need(not o, f"stdout not empty: {o[:200]!r}")
    lines = e.splitlines()
    need(lines and all(l.startswith("error: ") for l in lines), f"not error lines: {e[:400]!r}")
    for w in wants:
        need(any(re.search(w, l) for l in lines), f"no line matches {w!r}: {e[:600]!r}")
    if count is not None:
        need(len(lines) == count, f"{len(lines)} error lines, want {count}: {e[:600]!r}")


_memo, _memo_lock = {}, threading.Lock()


def shared(key, fn):
    """fn() once per key, whichever case asks first (the others wait for its result)."""
    with _memo_lock:
        slot = _memo.get(key)
        owner = slot is None
        if owner:
            slot = _memo[key] = [threading.Event(), None, None]
    if owner:
        try:
            slot[1] = fn()
        except BaseException as x:  # noqa: BLE001 (re-raised in every case that shares it)
            slot[2] = x
        slot[0].set()
    else:
        slot[0].wait()
    if slot[2] is not None:
        raise slot[2]
    return slot[1]


def shared_run(argv, cwd=None, env=None):
    key = (tuple(a if isinstance(a, str) else a.decode("latin-1") for a in argv), cwd,
           tuple(sorted((env or {}).items())))
    return shared(key, lambda: invoke(argv, cwd, env))


_dirs = [0]


def catalogue(files, name=None):
    """A new directory under TMP holding `files` (name -> str or bytes); its path."""
    _dirs[0] += 1
    d = os.path.join(TMP, name or f"c{_dirs[0]}")
    os.makedirs(d)
    for fname, text in files.items():
        path = os.path.join(d.encode(), fname if isinstance(fname, bytes) else fname.encode())
        with open(path, "wb") as f:
            f.write(text if isinstance(text, bytes) else text.encode())
    return d


def tq(s):
    return json.dumps(s, ensure_ascii=False)  # a JSON string is a TOML basic string


def quantity(name, params, expr, domain=None, default=None, columns=None, extra=""):
    s = f'[[quantity]]\nname = {tq(name)}\n'
    if params is not None:
        s += f'params = [{", ".join(tq(p) for p in params)}]\n'
    s += f'expr = {tq(expr)}\nsource = "s"\ndescription = "d"\n'
    if domain:
        s += "domain = { " + ", ".join(f"{k} = {tq(v)}" for k, v in domain.items()) + " }\n"
    if default:
        s += "default = { " + ", ".join(f"{k} = {v}" for k, v in default.items()) + " }\n"
    if columns:
        s += "columns = [" + ", ".join(f"{{ name = {tq(n)}, expr = {tq(x)} }}" for n, x in columns) + "]\n"
    return s + extra + "\n"


def json_rows(o):
    return json.loads(o)["rows"]


def frac(v):
    return Fraction(str(v))


# ==== quantity =======================================================================================

def dim_n(d, l):
    """N(d, l) = binom(l+d-1, l) - binom(l+d-3, l-2) (the dimension of degree-l harmonics)."""
    return math.comb(l + d - 1, l) - (math.comb(l + d - 3, l - 2) if l >= 2 else 0)


TREE = 10  # mine.t_k(n) = t_{k-1}(n) + t_{k-1}(n+1): 2^k calls, t_k(n) = 2^k (n+1) + k 2^(k-1)
Q_FILES = "".join([
    quantity("mine.comb", ["n", "k"], "binom(n, k)", {"n": "integer >= 0", "k": "integer >= 0"}),
    quantity("mine.pow2", ["n"], "2^n", {"n": "integer in [0, 5000]"}),
    quantity("mine.lg", ["n"], "log2(2^n) + log10(10^n)", {"n": "integer in [0, 300]"}),
    quantity("mine.frac", ["a", "b"], "a/b + 1/(a*b)", {"a": "real > 0", "b": "real > 0"}),
    quantity("mine.fl", ["a", "b"], "floor(a/b) + 2*ceil(a/b)", {"a": "integer", "b": "integer >= 1"}),
    quantity("mine.gam", ["n"], "gamma(n)", {"n": "integer in [1, 400]"}),
    quantity("mine.dimsum", ["d", "L"], "sum(l in 0..L: sphere.dim(d=d, l=l))",
             {"d": "integer in [3, 2000]", "L": "integer in [0, 300]"}),
    quantity("mine.compose", ["n", "d", "p"], "n*log2(n)/((d+1)*p)",
             {"n": "integer >= 2", "d": "integer >= 1", "p": "integer >= 1"}, {"p": 1}),
    quantity("mine.twice", ["n"], "2*mine.compose(n=n, d=3)", {"n": "integer >= 2"}),
    quantity("mine.cols", ["n"], "n^2", {"n": "real"}, columns=[("cube", "n^3"), ("half", "n/2")]),
    quantity("mine.z", ["n"], "1/(n-n)"),
    quantity("mine.lz", ["n"], "log(n)"),
    quantity("mine.sq", ["n"], "sqrt(n)"),
    quantity("mine.costly", ["d"], "sum(k in 1..100: rank.bound(d=d, r=8, H=1000*k).lo)"),
    quantity("mine.heads", ["d", "r"], "rank.heads(d=d, r=r, eps=1/10)"),
    quantity("mine.lo", ["d"], "rank.bound(d=d, r=8, H=10).lo"),
    quantity("mine.hf", ["l"], "sphere.hecke-funk(d=5, l=l)"),
    quantity("mine.t0", ["n"], "n + 1"),
    *[quantity(f"mine.t{k}", ["n"], f"mine.t{k-1}(n=n) + mine.t{k-1}(n=n+1)") for k in range(1, TREE + 1)],
    quantity("mine.c0", ["n"], "n"),
    *[quantity(f"mine.c{k}", ["n"], f"mine.c{k-1}(n=n) + 1") for k in range(1, 16)],
])
QDIR = catalogue({"q.toml": Q_FILES}, "quantities")


def q_value(argv, want, column=None, digits_ok=None):
    """`boundcheck mine ...` prints one row whose column equals `want` (an exact Fraction), or, with
    digits_ok, a decimal that digits_ok(text) accepts."""
    def check():
        rc, o, e = run([*argv, "--catalogue", QDIR, "--format", "json"])
        need(rc == 0, f"exit {rc}: {e.strip()[:300]}")
        rows = json_rows(o)
        need(len(rows) == 1, f"{len(rows)} rows")
        col = column or argv[1].replace("-", "_")
        got = rows[0].get(col)
        if digits_ok:
            need(digits_ok(str(got)), f"{col} = {str(got)[:200]}")
        elif len(str(want.numerator)) + len(str(want.denominator)) > 24 and want.denominator != 1:
            # a fraction of long terms prints as a decimal every digit of which is right (evaluate.hpp)
            need(real_digits_ok(mpmath.mpf(want.numerator) / want.denominator)(str(got)), f"{col} = {got}, want {want}")
        else:
            need(frac(got) == want, f"{col} = {str(got)[:120]}, want {str(want)[:120]}")
    return check


for n, k in [(0, 0), (5, 2), (10, 11), (52, 5), (100, 50), (1000, 500), (3000, 7), (400, 399)]:
    add("quantity", f"mine comb --n {n} --k {k} is binom exactly", q_value(["mine", "comb", "--n", str(n), "--k", str(k)], math.comb(n, k)))
for n in (0, 1, 64, 1000, 5000):
    add("quantity", f"mine pow2 --n {n} is 2^{n} in full", q_value(["mine", "pow2", "--n", str(n)], 2 ** n))
for n in (0, 7, 300):
    add("quantity", f"mine lg --n {n}: log2 and log10 of exact powers are exact", q_value(["mine", "lg", "--n", str(n)], 2 * n))
for a, b in [("3/7", "5/11"), ("1e-5", "2"), ("0.25", "1/3"), ("123456789/1000", "7e3")]:
    fa, fb = Fraction(a), Fraction(b)
    add("quantity", f"mine frac --a {a} --b {b} is exact", q_value(["mine", "frac", "--a", a, "--b", b], fa / fb + 1 / (fa * fb)))
for a, b in [(7, 2), (-7, 2), (-6, 3), (10 ** 30 + 1, 7)]:
    add("quantity", f"mine fl --a {a} --b {b}: floor + 2 ceil", q_value(["mine", "fl", f"--a={a}", "--b", str(b)], a // b + 2 * -(-a // b)))
for n in (1, 2, 10, 100, 400):
    add("quantity", f"mine gam --n {n} is {n - 1}!", q_value(["mine", "gam", "--n", str(n)], math.factorial(n - 1)))
for d, L in [(3, 0), (3, 10), (5, 40), (64, 3), (2000, 5)]:
    add("quantity", f"mine dimsum --d {d} --L {L}: the sum of N(d, l)", q_value(["mine", "dimsum", "--d", str(d), "--L", str(L)],
                                                                              sum(dim_n(d, l) for l in range(L + 1))))
for n, d, p in [(1024, 63, None), (1024, 63, 2), (2 ** 40, 1, 3), (2, 1, None)]:
    argv = ["mine", "compose", "--n", str(n), "--d", str(d)] + (["--p", str(p)] if p else [])
    add("quantity", f"{' '.join(argv[1:])}: exact at a power of two (default p = 1)",
        q_value(argv, Fraction(n * (n.bit_length() - 1), (d + 1) * (p or 1))))


def real_digits_ok(true_value):
    """A decimal every printed digit of which is right: |printed - x| <= one unit in its last digit."""
    def ok(text):
        m = re.fullmatch(r"(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?", text)
        if not m:
            return False
        mant = m.group(2) + (m.group(3) or "")
        exp = int(m.group(4) or 0) - len(m.group(3) or "")
        unit = mpmath.mpf(10) ** exp
        return len(mant.lstrip("0")) >= 20 and abs(mpmath.mpf(text) - true_value) <= unit
    return ok


for n in (3, 1000, 10 ** 6 + 3):
    add("quantity", f"mine compose --n {n} --d 7: a real with only correct digits (mpmath)",
        q_value(["mine", "compose", "--n", str(n), "--d", "7"], None,
                digits_ok=real_digits_ok(n * mpmath.log(n, 2) / 8)))
for n in (2, 4096):
    add("quantity", f"mine twice --n {n} calls mine.compose", q_value(["mine", "twice", "--n", str(n)], Fraction(2 * n * (n.bit_length() - 1), 4)))
for k in (1, 4, 7, TREE):
    add("quantity", f"mine t{k}: {2 ** k} nested calls, exact", q_value(["mine", f"t{k}", "--n", "5"], 2 ** k * 6 + k * 2 ** (k - 1)))
add("quantity", "mine c15: user quantities 16 deep, exact", q_value(["mine", "c15", "--n", "4"], 4 + 15))
for col, want in [("cols", Fraction(9, 4)), ("cube", Fraction(27, 8)), ("half", Fraction(3, 4))]:
    add("quantity", f"mine cols --n 3/2: column {col}", q_value(["mine", "cols", "--n", "3/2"], want, column=col))
for argv, code, pat in [
        (["mine", "z", "--n", "3"], 1, r"division by zero\n$"),
        (["mine", "lz", "--n", "0"], 1, r"log\(x\) is undefined for x <= 0, got x = 0\n$"),
        (["mine", "lz", "--n=-1/2"], 1, r"log\(x\) is undefined for x <= 0, got x = -1/2\n$"),
        (["mine", "sq", "--n=-1"], 1, r"sqrt\(x\) is undefined for x < 0, got x = -1\n$"),
        (["mine", "costly", "--d", "64", "--digits", "3000"], 1, r"estimated [0-9.e+]+ s exceeds the limit"),
        (["mine", "costly", "--d", "64", "--digits", "3000", "--max-seconds", "1"], 1, r"estimated [0-9.e+]+ s exceeds the limit of 1 s"),
        (["mine", "hf", "--l", "3", "--digits", "7000", "--max-seconds", "1"], 1, r"estimated [0-9.e+]+ s exceeds the limit of 1 s"),
        (["mine", "heads", "--d", "1", "--r", "8"], 2, r'--d must be an integer in \[3, 100000000\], got "1"'),
        (["mine", "comb", "--n", "5"], 2, r"^error: --k is required\n$"),
        (["mine", "comb"], 2, r"^error: --(n|k) is required\n$"),
        (["mine", "comb", "--n", "5", "--k", "2", "--m", "1"], 2, r"unknown option --m"),
        (["mine", "comb", "--n", "5", "--k", "2", "--kk", "1"], 2, r"unknown option --kk \(did you mean [^)]*--k"),
        (["mine", "compose", "--n", "8"], 2, r"^error: --d is required\n$"),
        (["mine", "nosuch", "--n", "1"], 2, r"nosuch"),
]:
    add("quantity", f"{' '.join(argv)}: refused", refused([*argv, "--catalogue", QDIR], code, pat))
for p in ("0", "1/3", "-2"):
    add("quantity", f"mine compose --p {p}: outside the domain",
        refused(["mine", "compose", "--n", "8", "--d", "1", f"--p={p}", "--catalogue", QDIR], 2,
                rf'^error: --p must be an integer >= 1, got "{re.escape(p)}"\n$'))
add("quantity", "mine comb without --catalogue is no command",
    refused(["mine", "comb", "--n", "1", "--k", "1"], 2, r'unknown command "mine"'))
add("quantity", "mine heads --d 64 --r 8 = H_min(64, 8, 1/10) (data/hmin_mpmath.csv)",
    q_value(["mine", "heads", "--d", "64", "--r", "8"], 2355290238402))
with open(os.path.join(ROOT, "data", "hmin_mpmath.csv")) as f:
    HMIN = [r.split(",") for r in f.read().splitlines() if r and r[0].isdigit()]
for d, r, eps, count, h in [x for x in HMIN if x[2] == "1/10" and x[3] == "exact"][:6]:
    add("quantity", f"mine heads --d {d} --r {r} against mpmath's H_min",
        q_value(["mine", "heads", "--d", d, "--r", r], int(h)))


def chain_refused(depth):
    s = quantity("mine.q0", ["n"], "n + 1") + "".join(
        quantity(f"mine.q{i}", ["n"], f"mine.q{i - 1}(n=n) + 1") for i in range(1, depth))
    d = catalogue({"c.toml": s})
    return refused(["mine", f"q{depth - 1}", "--n", "1", "--catalogue", d], 1, r"user quantities nested more than 16 deep\n$")


for depth in (17, 200):
    add("quantity", f"a chain of {depth} nested quantities is refused, no stack overflow", chain_refused(depth))
add("quantity", "verify --expr: mine.c15(n=1) == 16 holds exact",
    lambda: (lambda rc, o, e: need(rc == 0 and "holds" in o and "exact" in o, f"{rc} {o} {e}"))(
        *run(["verify", "--catalogue", QDIR, "--expr", "mine.c15(n=1) == 16"])))


def expr_verdict(expr, verdict, code):
    def check():
        rc, o, e = run(["verify", "--catalogue", QDIR, "--expr", expr, "--format", "json"])
        need(rc == code, f"exit {rc}, want {code}: {e.strip()[:300]}")
        need(json_rows(o)[0]["verdict"] == verdict, f"verdict {json_rows(o)[0]['verdict']}, want {verdict}")
    return check


for expr, v, code in [
        (f"mine.comb(n=100, k=50) == {math.comb(100, 50)}", "holds", 0),
        (f"mine.comb(n=100, k=50) == {math.comb(100, 50) + 1}", "fails", 1),
        (f"mine.gam(n=30) == {math.factorial(29)}", "holds", 0),
        (f"mine.dimsum(d=5, L=40) == {sum(dim_n(5, l) for l in range(41))}", "holds", 0),
        (f"mine.t6(n=0) == {2 ** 6 + 6 * 2 ** 5}", "holds", 0),
        ("mine.cols(n=4).cube == 64", "holds", 0),
        ("mine.cols(n=4).half == 2", "holds", 0),
        ("mine.compose(n=1024, d=63) == 160", "holds", 0),
        ("mine.compose(n=1024, d=63, p=2) == 80", "holds", 0),
]:
    add("quantity", f"verify --expr {expr[:60]!r}", expr_verdict(expr, v, code))
for expr, pat in [
        ("mine.comb(n=5) > 0", r"--k is required|needs|required"),
        ("mine.comb(n=5, k=2, m=1) > 0", r'mine\.comb has no option "m"'),
        ("mine.comb(n=-1, k=2) > 0", r'--n must be an integer >= 0, got "-1"'),
        ("mine.comb(n=1/2, k=2) > 0", r'--n must be an integer >= 0, got "1/2"'),
        ("mine.nosuch(n=1) > 0", r'unknown quantity "mine\.nosuch"'),
        ("mine.cols(n=1).nope > 0", r'no column "nope"'),
]:
    add("quantity", f"verify --expr {expr!r} refused", refused(["verify", "--catalogue", QDIR, "--expr", expr], 2, pat))
add("quantity", "verify --expr: mine.z(n=1) > 0 is an error, exit 1",
    refused(["verify", "--catalogue", QDIR, "--expr", "mine.z(n=1) > 0"], 1, r"division by zero"))

# every kind of domain at its boundary: the rule text and membership recomputed here
DOMAINS = [("integer >= 2", "i", Fraction(2), False, None, False), ("integer > 2", "i", Fraction(2), True, None, False),
           ("integer <= 64", "i", None, False, Fraction(64), False), ("integer < 64", "i", None, False, Fraction(64), True),
           ("integer in [1, 64]", "i", Fraction(1), False, Fraction(64), False),
           ("integer in (1, 64)", "i", Fraction(1), True, Fraction(64), True),
           ("real in (0, 1]", "r", Fraction(0), True, Fraction(1), False), ("real in [0, 1)", "r", Fraction(0), False, Fraction(1), True),
           ("real > 0", "r", Fraction(0), True, None, False), ("rational >= -1/3", "r", Fraction(-1, 3), False, None, False),
           ("number <= 5/2", "r", None, False, Fraction(5, 2), False),
           ("real in [1e-3, 1e3]", "r", Fraction(1, 1000), False, Fraction(1000), False), ("integer", "i", None, False, None, False)]
DOM_VALUES = ["2", "1", "3", "1/2", "5/2", "0", "-0", "64", "63", "65", "1e3", "1e-3", "0.5", "-1/3", "-0.334", "2.0",
              "1000.0001", "+2", "1e", "0x10", "abc"]


def parse_exact(s):
    """parse_exact_rational (src/core/decimal.cpp): [+-] p/q, or [+-] digits[.digits][e[+-]digits]."""
    m = re.fullmatch(r"([+-]?)(\d+)/(\d+)", s)
    if m:
        return None if int(m.group(3)) == 0 else Fraction(int(m.group(2)), int(m.group(3))) * (-1 if m.group(1) == "-" else 1)
    m = re.fullmatch(r"([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,6}))?", s)
    if not m or not ((m.group(2) or "") + (m.group(3) or "")) or (("e" in s or "E" in s) and m.group(4) is None):
        return None
    if m.group(4) is not None and abs(int(m.group(4))) > 100000:
        return None
    v = Fraction(int((m.group(2) or "") + (m.group(3) or "")), 10 ** len(m.group(3) or "")) * Fraction(10) ** int(m.group(4) or 0)
    return -v if m.group(1) == "-" else v


def domain_rule(t, lo, lo_open, hi, hi_open):
    s = "an integer" if t == "i" else "a number"
    if lo is not None and hi is not None:
        return f"{s} in {'(' if lo_open else '['}{lo}, {hi}{')' if hi_open else ']'}"
    if lo is not None:
        return f"{s} {'>' if lo_open else '>='} {lo}"
    if hi is not None:
        return f"{s} {'<' if hi_open else '<='} {hi}"
    return s


def in_domain(v, t, lo, lo_open, hi, hi_open):
    if v is None or (t == "i" and v.denominator != 1):
        return False
    if lo is not None and (v <= lo if lo_open else v < lo):
        return False
    return not (hi is not None and (v >= hi if hi_open else v > hi))


DOM_DIR = catalogue({"d.toml": "".join(quantity(f"mine.dom{i}", ["n"], "n", {"n": d[0]}) for i, d in enumerate(DOMAINS))})


def domain_case(i, dom, text):
    _, t, lo, lo_open, hi, hi_open = dom
    v = parse_exact(text)

    def check():
        argv = ["mine", f"dom{i}", f"--n={text}", "--catalogue", DOM_DIR, "--format", "json"]
        if in_domain(v, t, lo, lo_open, hi, hi_open):
            rc, o, e = run(argv)
            need(rc == 0, f"exit {rc}: {e.strip()}")
            need(frac(json_rows(o)[0][f"dom{i}"]) == v, f"value {json_rows(o)[0]}")
        else:
            one_error(*run(argv), 2, rf'^error: --n must be {re.escape(domain_rule(t, lo, lo_open, hi, hi_open))}, got "{re.escape(text)}"\n$')
    return check


for i, dom in enumerate(DOMAINS):
    for text in DOM_VALUES:
        if dom[0] in ("integer", "real > 0") and text not in ("2", "1/2", "0", "-0", "2.0", "abc", "1e"):
            continue  # the unbounded ones at a few values
        add("quantity", f"domain {dom[0]!r} at {text!r}", domain_case(i, dom, text))

# a table spec and help reach the same quantities
SPEC = os.path.join(QDIR, "spec.toml")
with open(SPEC, "w") as f:
    f.write('command = "mine.comb"\n[sweep]\nn = [10, 40, 1000]\nk = [0, 3, 17]\n')
with open(os.path.join(QDIR, "spec_bad.toml"), "w") as f:
    f.write('command = "mine.comb"\n[fixed]\nn = 10\nkk = 2\n')
with open(os.path.join(QDIR, "spec_dom.toml"), "w") as f:
    f.write('command = "mine.comb"\n[fixed]\nn = 10\nk = "1/2"\n')


def table_spec():
    rc, o, e = run(["table", "--catalogue", QDIR, "--spec", SPEC, "--format", "json"])
    need(rc == 0, f"exit {rc}: {e}")
    rows = json_rows(o)
    need(len(rows) == 9, f"{len(rows)} rows")
    for r in rows:
        need(frac(r["comb"]) == math.comb(int(r["n"]), int(r["k"])), f"row {r}")


add("quantity", "table --spec command = \"mine.comb\": every row is binom", table_spec)
add("quantity", "table spec with an unknown option of a user quantity",
    refused(["table", "--catalogue", QDIR, "--spec", os.path.join(QDIR, "spec_bad.toml")], 2, r"kk"))
add("quantity", "table spec with a value outside the domain",
    refused(["table", "--catalogue", QDIR, "--spec", os.path.join(QDIR, "spec_dom.toml")], 2, r'--k must be an integer >= 0, got "1/2"'))
add("quantity", "table spec of a user quantity without --catalogue",
    refused(["table", "--spec", SPEC], 2, r"mine"))


def help_lists():
    rc, o, e = run(["help", "--catalogue", QDIR])
    need(rc == 0 and re.search(r"^  mine +Your quantities", o, re.M), f"{rc}: {o[-400:]}")


def help_one():
    rc, o, e = run(["mine", "compose", "--help", "--catalogue", QDIR])
    need(rc == 0 and "n*log2(n)/((d+1)*p)" in o and "--p" in o and "default 1" in o, o[:600])


def help_json():
    rc, o, e = run(["help", "--format", "json", "--catalogue", QDIR])
    need(rc == 0, e)
    paths = {c["path"] for c in json.loads(o)["commands"]}
    need({"mine comb", "mine t10", "mine c15", "mine cols"} <= paths, f"paths {sorted(paths)[:10]}")


add("quantity", "help --catalogue DIR lists the mine group", help_lists)
add("quantity", "mine compose --help shows the formula and the default", help_one)
add("quantity", "help --format json --catalogue DIR holds every user quantity", help_json)


# the same quantities from Python: one interpreter computes them all, each case reads its own
def python_values():
    calls = [("comb", {"n": 100, "k": 50}), ("gam", {"n": 30}), ("frac", {"a": "3/7", "b": "5/11"}),
             ("t5", {"n": 2}), ("compose", {"n": 1024, "d": 63}), ("pow2", {"n": 1000}),
             ("comb", {"n": -1, "k": 1}), ("z", {"n": 1}), ("comb", {"n": 5}), ("comb", {"n": 5, "k": 1, "m": 2})]
    code = ("import boundcheck, json, sys\np = boundcheck.load(sys.argv[1])\nout = []\n"
            f"for name, kw in {calls!r}:\n"
            "    try:\n        out.append(['ok', str(getattr(p.mine, name)(**kw).value())])\n"
            "    except Exception as e:\n        out.append([type(e).__name__, str(e)])\n"
            "print(json.dumps(out))\n")
    p = subprocess.run(["/usr/bin/python3", "-c", code, QDIR], capture_output=True, text=True, timeout=HANG,
                       env={**os.environ, "PYTHONPATH": PYPATH})
    need(p.returncode == 0, f"python: {p.stderr[-400:]}")
    return json.loads(p.stdout)


def python_case(i, want_ok=None, want_error=None):
    def check():
        kind, text = shared("python values", python_values)[i]
        if want_ok is not None:
            need(kind == "ok" and Fraction(text) == want_ok, f"{kind}: {text[:200]}")
        else:
            need(kind == want_error[0] and re.search(want_error[1], text), f"{kind}: {text[:200]}")
    return check


if PYPATH:
    for i, want in enumerate([math.comb(100, 50), math.factorial(29), Fraction(3, 7) / Fraction(5, 11) + 1 / (Fraction(3, 7) * Fraction(5, 11)),
                              2 ** 5 * 3 + 5 * 2 ** 4, 160, 2 ** 1000]):
        add("quantity", f"python: boundcheck.load(DIR) value #{i + 1}", python_case(i, want_ok=want))
    for i, want in [(6, ("UsageError", r'--n must be an integer >= 0, got "-1"')), (7, ("DomainError", "division by zero")),
                    (8, ("TypeError", "missing a required argument: 'k'")), (9, ("TypeError", "unexpected keyword argument 'm'"))]:
        add("quantity", f"python: refusal #{i + 1} ({want[0]})", python_case(i, want_error=want))

    def python_redefined():
        other = catalogue({"q.toml": quantity("mine.comb", ["n", "k"], "binom(n, k) + 1")})
        code = ("import boundcheck, sys\nboundcheck.load(sys.argv[1])\ntry:\n    boundcheck.load(sys.argv[2])\n"
                "except boundcheck.UsageError as e:\n    print('UsageError:', e)\n")
        p = subprocess.run(["/usr/bin/python3", "-c", code, QDIR, other], capture_output=True, text=True, timeout=HANG,
                           env={**os.environ, "PYTHONPATH": PYPATH})
        need(re.search(r'UsageError: .*quantity "mine\.comb" is already defined differently, at .*quantities/q\.toml', p.stdout),
             f"{p.returncode}: {p.stdout[-300:]} {p.stderr[-300:]}")
    add("quantity", "python: a second catalogue redefining mine.comb is refused, naming both", python_redefined)

# catalogues a load refuses: cycles, unknown names, unused parameters, reserved names
BAD_Q = {
    "direct cycle": (quantity("mine.a", ["n"], "mine.a(n=n) + 1"), [r"c\.toml:4:9: quantity \"mine\.a\" refers to itself: mine\.a -> mine\.a$"], 1),
    "2-cycle": (quantity("mine.a", ["n"], "mine.b(n=n)") + quantity("mine.b", ["n"], "mine.a(n=n)"),
                [r"refers to itself: mine\.a -> mine\.b -> mine\.a$"], 1),
    "3-cycle": (quantity("mine.a", ["n"], "mine.b(n=n)") + quantity("mine.b", ["n"], "mine.c(n=n)") + quantity("mine.c", ["n"], "2*mine.a(n=n)"),
                [r"refers to itself: mine\.a -> mine\.b -> mine\.c -> mine\.a$"], 1),
    "cycle through a column": (quantity("mine.a", ["n"], "n", columns=[("x", "mine.b(n=n)")]) + quantity("mine.b", ["n"], "mine.a(n=n)"),
                               [r"refers to itself: mine\.a -> mine\.b -> mine\.a$"], 1),
    "unknown quantity": (quantity("mine.a", ["n"], "rank.headz(d=n)"), [r'c\.toml:4:9: quantity "mine\.a": unknown quantity "rank\.headz", did you mean rank\.heads\?'], 1),
    "unknown name": (quantity("mine.a", ["n"], "n + m"), [r'c\.toml:4:9: quantity "mine\.a": unknown name "m" in expr \(parameters: n\)$'], 1),
    "unused parameter": (quantity("mine.a", ["n", "m"], "n"), [r'c\.toml:3:16: quantity "mine\.a": parameter "m" is never used'], 1),
    "unknown option of a call": (quantity("mine.a", ["n"], "sphere.dim(d=n, ll=2)"), [r'quantity "mine\.a": .*"ll"'], 1),
    "duplicate parameter": (quantity("mine.a", ["n", "n"], "n"), [r'parameter "n" is listed twice'], 1),
    "a truth value": (quantity("mine.a", ["n"], "n > 1"), [r"expr must be a number, not a truth value"], 1),
    "syntax error": (quantity("mine.a", ["n"], "n +* 2"), [r'c\.toml:4:\d+: quantity "mine\.a": expr: '], 1),
    "default outside the domain": (quantity("mine.a", ["n"], "n", {"n": "integer >= 2"}, {"n": 1}), [r"the default of n \(1\) is not an integer >= 2"], 1),
    "default a float": (quantity("mine.a", ["n"], "n", default={"n": "0.5"}), [r"default\.n must be an integer or an exact number as a string"], 1),
    "default of no parameter": (quantity("mine.a", ["n"], "n", default={"m": 1}), [r"default\.m names no parameter"], 1),
    "malformed domain": (quantity("mine.a", ["n"], "n", {"n": "integer >> 2"}), [r'domain\.n must read like "integer >= 2"'], 1),
    "empty interval": (quantity("mine.a", ["n"], "n", {"n": "real in [2, 1]"}), [r'domain\.n must read like'], 1),
    "column named twice": (quantity("mine.a", ["n"], "n", columns=[("n", "n+1")]), [r'column "n" is named twice'], 1),
    "no name": ('[[quantity]]\nparams = ["n"]\nexpr = "n"\nsource = "s"\ndescription = "d"\n', [r'quantity #1 needs name = "NAMESPACE\.NAME"'], 1),
    "no description": ('[[quantity]]\nname = "mine.a"\nexpr = "1"\nsource = "s"\n', [r'quantity "mine\.a" lacks the field "description"'], 1),
    "duplicate quantity": (quantity("mine.a", None, "1") + quantity("mine.a", None, "2"), [r'c\.toml:7:1: duplicate quantity "mine\.a" \(first at .*c\.toml:1:1\)'], 1),
}
for word in ["and", "or", "not", "in", "true", "false", "is", "as", "pi", "O", "Omega", "Theta", "digits", "threads", "format",
             "output", "max_seconds", "certified", "double_check", "standalone", "catalogue", "help", "version"]:
    BAD_Q[f"parameter {word!r} (reserved)"] = (quantity("mine.a", [word, "n"], "n"),
                                               [rf'quantity "mine\.a": "{word}" cannot be a parameter'], None)
for ns in ["sphere", "rank", "depth", "sym", "comm", "verify", "table", "tex", "help", "version", "boundcheck"]:
    BAD_Q[f"namespace {ns!r} (built in)"] = (quantity(f"{ns}.mine", None, "1"), [rf'"{ns}" is a built-in group'], 1)
HOSTILE_NAMES = {"escape": "mine.a\x1b[31m", "bidi": "mine.a\u202eb", "newline": "mine.a\nb", "nul": "mine.a\x00",
                 "space": "mine.a b", "dash": "mine.a-b", "unicode": "mine.\u00e9t\u00e9", "65 characters": "mine." + "a" * 65,
                 "no dot": "mine", "two dots": "mine.a.b", "leading digit": "mine.1a", "empty": "", "dot only": ".",
                 "latex": "mine.a\\b", "fullwidth": "mine.\uff41"}
for label, name in HOSTILE_NAMES.items():
    BAD_Q[f"quantity name: {label}"] = (quantity(name, None, "1"), [r"(quantity #1 needs name|name must not be empty)"], 1)
    if label not in ("no dot", "two dots", "dot only", "empty"):
        pname = name.split(".", 1)[-1]
        BAD_Q[f"parameter name: {label}"] = (quantity("mine.a", [pname, "n"], "n"), [r"a parameter is a name \(a letter"], None)
        BAD_Q[f"column name: {label}"] = (quantity("mine.a", ["n"], "n", columns=[(pname, "n")]), [r"a column needs a name"], None)


def bad_quantity(text, wants, count):
    d = catalogue({"c.toml": text})
    return lambda: file_errors(*run(["verify", "--catalogue", d]), wants, count)


for label, (text, wants, count) in BAD_Q.items():
    add("quantity", f"load refused: {label}", bad_quantity(text, wants, count))


# ==== published ======================================================================================

def decimal_unit(p):
    """One unit in the last printed digit of a decimal as written ("3.14" -> 1/100, "2.5E+2" -> 10)."""
    m = re.fullmatch(r"[+-]?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?", p)
    return Fraction(10) ** (int(m.group(3) or 0) - len(m.group(2) or ""))


def has_printed_digits(p):
    return "/" not in p and re.fullmatch(r"[+-]?[\d.]+(?:[eE][+-]?\d+)?", p) is not None and re.search(r"[.eE]", p) is not None


def holds_under(v, p, rule):
    """Whether the exact value v agrees with the published text p under `rule` (published.hpp)."""
    pv = parse_exact(p)
    if rule == "exact":
        return v == pv
    if rule == "round":
        return abs(v - pv) <= decimal_unit(p) / 2
    if rule == "truncate":  # toward zero, the sign as printed: [p, p + u) or (p - u, p]
        u = decimal_unit(p)
        return pv - u < v <= pv if p.startswith("-") else pv <= v < pv + u
    x = Fraction(rule[4:])
    return abs(v - pv) <= (x * abs(pv) if rule.startswith("rel=") else x)


def expected_grade(v, p, rule):
    pv = parse_exact(p)
    if v == pv:
        return "exact"
    literal = re.fullmatch(r"-?[\d.]+(?:[eE][+-]?\d+)?", p) is not None
    if literal and abs(v - pv) <= decimal_unit(p) / 2:
        return "as rounding"
    if rule == "truncate":
        return "as truncation (not rounding)"
    return f"within tolerance ({rule})"


def value_text(v):
    if v.numerator and abs(v) >= Fraction(10) ** 1000:  # the 10^100000 cases: 10^k * (m)
        k = 100000
        return f"10^{k}*({value_text(v / Fraction(10) ** k)})"
    s = f"{abs(v.numerator)}/{v.denominator}" if v.denominator != 1 else str(abs(v.numerator))
    return ("-" if v < 0 else "") + s


PUB_CLAIMS = []  # (id, value, published, tolerance or None, expected verdict, expected grade or None)
for p, rules in [("0.8660", ["round", "truncate", "rel=1/1000", "abs=1e-4", None]), ("-0.333", ["round", "truncate", "abs=1/3000", None]),
                 ("1.88e-3", ["round", "truncate", "rel=1/100", None]), ("-2.5E+2", ["round", "truncate", "rel=1/10"]),
                 ("45696", ["exact", "round", "rel=1/45696", "abs=1", None]), ("5.", ["round", "truncate"]), (".5", ["round", "truncate"]),
                 ("1e3", ["round", "truncate", None]), ("0.000", ["truncate", "round"]), ("-0.000", ["truncate"]),
                 ("123456789.123456789", ["round", "truncate"]), ("1e-30", ["round", "rel=1/2"]), ("0", ["rel=1/2", "abs=1/2"]),
                 ("7/3", ["exact", "rel=1/7", "abs=1/100", None]), ("1e100000", [None])]:
    for rule in rules:
        r = rule or ("round" if has_printed_digits(p) else "exact")
        pv = parse_exact(p)
        if r in ("exact",):
            edges = [pv]
        elif r == "round":
            edges = [pv + decimal_unit(p) / 2, pv - decimal_unit(p) / 2]
        elif r == "truncate":
            edges = [pv - decimal_unit(p)] if p.startswith("-") else [pv + decimal_unit(p)]
            edges.append(pv)
        elif r.startswith("rel="):
            edges = [pv + Fraction(r[4:]) * abs(pv), pv - Fraction(r[4:]) * abs(pv)]
        else:
            edges = [pv + Fraction(r[4:]), pv - Fraction(r[4:])]
        eps = (decimal_unit(p) if has_printed_digits(p) else Fraction(1, 7)) / 10 ** 25
        values = {pv}
        for e in edges:
            values |= {e, e + eps, e - eps}
        if p == "1e100000":
            values = {pv, pv + pv / 20, pv * 3 / 2}
        for v in sorted(values):
            cid = f"pub.{len(PUB_CLAIMS)}"
            ok = holds_under(v, p, r)
            PUB_CLAIMS.append((cid, v, p, rule, "holds" if ok else "fails", expected_grade(v, p, r) if ok else None))
PUB_CLAIMS.append(("pub.closed", None, "sqrt(3)/2", None, "holds", "exact"))
PUB_CLAIMS.append(("pub.closed_off", None, "sqrt(3)/2", None, "fails", None))
PUB_CLAIMS.append(("pub.closed_rel", None, "sqrt(3)/2", "rel=1/1000", "holds", "within tolerance (rel=1/1000)"))


def pub_toml():
    s = ""
    for cid, v, p, rule, _, _ in PUB_CLAIMS:
        q = {"pub.closed": "sqrt(12)/4", "pub.closed_off": "sqrt(3)/2 + 1/10^40", "pub.closed_rel": "sqrt(3)/2 + 1/10^4"}.get(
            cid, value_text(v) if v is not None else "")
        s += f'[[claim]]\nid = "{cid}"\nquantity = {tq(q)}\npublished = {tq(p)}\n' + (f"tolerance = {tq(rule)}\n" if rule else "") + "\n"
    return s


PUB_DIR = catalogue({"p.toml": pub_toml()})


def pub_row(cid):
    def rows():
        rc, out, err = shared_run(["verify", "--catalogue", PUB_DIR, "--format", "json"])
        o, e = sane(rc, out, err, json_out=True)
        need(rc == 1, f"exit {rc} (some claims fail on purpose: want 1): {e[:300]}")
        return {r["id"]: r for r in json_rows(o)}
    return shared("pub rows", rows).get(cid)


def pub_case(cid, p, verdict, grade):
    def check():
        r = pub_row(cid)
        need(r is not None, "no row")
        need(r["verdict"] == verdict, f"verdict {r['verdict']} ({r['computed'][:160]}), want {verdict}")
        need(r["published"] == p, f"published shown as {r['published']!r}")
        need(r["as_expected"] is (verdict == "holds"), f"as_expected {r['as_expected']}")
        if grade:
            need(r["grade"] == grade, f"grade {r['grade']!r}, want {grade!r}")
    return check


for cid, v, p, rule, verdict, grade in PUB_CLAIMS:
    shown = value_text(v) if v is not None and len(value_text(v)) < 48 else "(a long value)"
    add("published", f"{shown} against {p!r} [{rule or 'default'}]: {verdict}", pub_case(cid, p, verdict, grade))


def pub_summary():
    rc, out, err = shared_run(["verify", "--catalogue", PUB_DIR, "--format", "json"])
    o, _ = sane(rc, out, err, json_out=True)
    holds = sum(1 for c in PUB_CLAIMS if c[4] == "holds")
    want = {"claims": len(PUB_CLAIMS), "as_expected": holds, "not_as_expected": len(PUB_CLAIMS) - holds, "undecided": 0, "errors": 0}
    need(json.loads(o)["meta"]["summary"] == want, f"summary {json.loads(o)['meta']['summary']}, want {want}")


add("published", "meta.summary of the boundary catalogue", pub_summary)

# and-chains: the i-th published number against the i-th comparison's left side
CHAIN = "sphere.dim(d=3, l=2) == 5 and binom(10, 3) == 120 and 7/4 > 1"
for pub, tol, verdict in [("5, 120", None, "holds"), ("5,120", None, "holds"), ("5", None, "holds"), ("5, 121", None, "fails"),
                          ("6, 120", None, "fails"), ("5, 120, 1.75", None, "holds"), ("5, 120, 1.8", None, "holds"),
                          ("5, 120, 1.7", None, "holds"), ("5, 120, 1.6", None, "fails"), ("5, 1.2e2", "exact, round", "holds"), ("5, 119", "exact, abs=1", "holds"),
                          ("5, 118", "exact, abs=1", "fails"), ("5, 120, 1.7", "rel=1/10", "holds")]:
    d = catalogue({"c.toml": f'[[claim]]\nid = "chain"\nexpr = "{CHAIN}"\npublished = {tq(pub)}\n' + (f"tolerance = {tq(tol)}\n" if tol else "")})

    def chain_case(d=d, verdict=verdict):
        rc, o, e = run(["verify", "--catalogue", d, "--format", "json"])
        need(rc == (0 if verdict == "holds" else 1), f"exit {rc}: {e[:300]}")
        need(json_rows(o)[0]["verdict"] == verdict, f"verdict {json_rows(o)[0]['verdict']}")
    add("published", f"and-chain published {pub!r} tolerance {tol!r}: {verdict}", chain_case)
for pub, tol, pat in [("5, 120, 1.75, 9", None, r'published number 4 \(9\) has no comparison to be checked against'),
                      ("5, 120", "exact, exact, exact", r"tolerance gives 3 rules for 2 published numbers"),
                      ("5, 120, 7/4", "exact, round", r"tolerance gives 2 rules for 3 published numbers")]:
    d = catalogue({"c.toml": f'[[claim]]\nid = "chain"\nexpr = "{CHAIN}"\npublished = {tq(pub)}\n' + (f"tolerance = {tq(tol)}\n" if tol else "")})
    add("published", f"and-chain published {pub!r} tolerance {tol!r}: refused", lambda d=d, pat=pat: file_errors(*run(["verify", "--catalogue", d]), [pat], 1))
d = catalogue({"c.toml": '[[claim]]\nid = "or"\nexpr = "1 == 1 or 2 == 2"\npublished = "1, 2"\n'})
add("published", "published \"1, 2\" for an or, not an and-chain: refused",
    lambda d=d: file_errors(*run(["verify", "--catalogue", d]), [r"published number 1 \(1\) has no comparison"], 1))


def shown_text(s):
    """toml_read.cpp's shown_text: at most 40 characters, C0 and DEL as \\xNN, quoted."""
    out = []
    for i, c in enumerate(s):
        if i >= 40:
            out.append("...")
            break
        out.append(f"\\x{ord(c):02x}" if ord(c) < 0x20 or ord(c) == 0x7F else c)
    return '"' + "".join(out) + '"'


for label, pub in [("nan", "nan"), ("NaN", "NaN"), ("inf", "inf"), ("-inf", "-inf"), ("Infinity", "Infinity"), ("1e", "1e"),
                   ("e5", "e5"), ("hex", "0x10"), ("underscore", "1_000"), ("double comma", "1,,2"), ("blank", " "),
                   ("exponent past 10^5", "1e1000000"), ("escape", "\x1b[31m5"), ("override", "5\u202e"), ("newline", "4\n5"),
                   ("long text", "x" * 100), ("statement", "about 5"), ("bell", "5\x07")]:
    d = catalogue({"c.toml": f'[[claim]]\nid = "p"\nquantity = "5"\npublished = {tq(pub)}\n'})
    want = re.escape(visible(shown_text(pub)))
    add("published", f"published {label}: refused, the text shown visibly",
        lambda d=d, want=want: file_errors(*run(["verify", "--catalogue", d]),
                                           [r'c\.toml:4:13: claim "p": published must be the number as the source prints it .* got ' + want], 1))
for tol, pat in [("", r"tolerance must not be empty"), ("rel", r'unknown tolerance rule "rel"'), ("rel=", r'rel=X needs an exact number X >= 0 .*got ""'),
                 ("rel=x", r'got "x"'), ("rel=-1", r'got "-1"'), ("abs=1/0", r'got "1/0"'), ("rel=1e999999999", r'got "1e999999999"'),
                 ("ROUND", r'unknown tolerance rule "ROUND"'), ("round,", r"tolerance gives 2 rules for 1 published numbers"),
                 ("exact exact", r'unknown tolerance rule "exact exact"'), (5, r"tolerance must be a string"),
                 ("\x1b]0;t\x07", r'unknown tolerance rule "\\x1b\]0;t\\x07"')]:
    d = catalogue({"c.toml": f'[[claim]]\nid = "p"\nquantity = "5"\npublished = "5.0"\ntolerance = {tol if isinstance(tol, int) else tq(tol)}\n'})
    add("published", f"tolerance {tol!r}: refused", lambda d=d, pat=pat: file_errors(*run(["verify", "--catalogue", d]), [r'c\.toml:5:13: claim "p": .*' + pat], 1))
for pub, tol, pat in [("1/3", "round", r'the rule round reads the printed digits of a decimal, and "1/3" is not one'),
                      ("sqrt(3)/2", "truncate", r'the rule truncate reads the printed digits of a decimal, and "sqrt\(3\)/2" is not one')]:
    d = catalogue({"c.toml": f'[[claim]]\nid = "p"\nquantity = "5"\npublished = {tq(pub)}\ntolerance = {tq(tol)}\n'})
    add("published", f"{tol} of {pub!r}: refused", lambda d=d, pat=pat: file_errors(*run(["verify", "--catalogue", d]), [pat], 1))
for text, pat in [('[[claim]]\nid = "p"\nexpr = "1 < 2"\ntolerance = "round"\n', r"tolerance is the rule the published value is read with, and this claim has none"),
                  ('[[claim]]\nid = "p"\nquantity = "5"\n', r'claim "p": quantity needs published = "\.\.\."'),
                  ('[[claim]]\nid = "p"\nquantity = "5 > 1"\npublished = "5"\n', r"quantity is a value \(a number\), not a claim"),
                  ('[[claim]]\nid = "p"\nexpr = "5 + 1"\npublished = "6"\n', r"the expression is a number, not a claim"),
                  ('[[claim]]\nid = "p"\nexpr = "all(n in 1..3: n > 0)"\npublished = "1"\n', r"published needs one computed value"),
                  ('[[claim]]\nid = "p"\nexpr = "n > 0"\npublished = "1"\n[claim.grid]\nn = [1, 2]\n', r"a grid claim has many"),
                  ('[[claim]]\nid = "p"\nquantity = "5"\npublished = 5\n', r"published must be a string")]:
    d = catalogue({"c.toml": text})
    add("published", f"refused: {pat[:50]}", lambda d=d, pat=pat: file_errors(*run(["verify", "--catalogue", d]), [pat], 1))
add("fixed", "an empty published is one problem, not two",
    lambda: file_errors(*run(["verify", "--catalogue", catalogue({"c.toml": '[[claim]]\nid = "p"\nquantity = "5"\npublished = ""\n'})]),
                        [r'c\.toml:4:13: claim "p": published must not be empty$'], 1))


# ==== loading ========================================================================================

GOOD = '[[claim]]\nid = "g"\nexpr = "1 < 2"\n'
SYNTAX = {  # text, the line of the error
    "table header": ("[[claim]\nid = \"a\"\n", 1), "unterminated string": ('[[claim]]\nid = "a\n', 2),
    "key twice": ('[[claim]]\nid = "a"\nexpr = "1 < 2"\nexpr = "2 < 3"\n', 4), "bad float": ('[[claim]]\nid = "a"\nexpr = "1 < 2"\nx = 1.2.3\n', 4),
    "bad escape": ('[[claim]]\nid = "a\\q"\n', 2), "missing =": ('[[claim]]\nid "a"\n', 2), "open inline table": ('[[claim]]\nid = "a"\nparams = { a = 1\n', 3),
    "key with a space": ('[[claim]]\nbad key = 1\n', 2), "raw control": ('[[claim]]\nid = "a\x01"\n', 2),
    "non-UTF-8 in a string": (b'[[claim]]\nid = "a\xff"\nexpr = "1 < 2"\n', 2), "non-UTF-8 in a comment": (b"# \xff\n" + GOOD.encode(), 1),
    "non-ASCII key": ('[[claim]]\nid = "a"\nexpr = "1 < 2"\n\u00e9 = 1\n', 4),
    "table redefined": ('[x]\na = 1\n[x]\nb = 2\n', 3), "array of mixed": ('[[claim]]\nid = "a"\nexpr = "1 < 2"\ngrid = { d = [1, "a", 1.5] }\n', 4),
}
# a UTF-8 byte-order mark (Windows editors) is not part of the document: the file loads (2026-12-02)
_bom = catalogue({"a.toml": "\ufeff" + GOOD})
add("loading", "TOML: a byte-order mark before a good file: read, exit 0",
    lambda: "" if run(["verify", "--catalogue", _bom])[0] == 0 else "a BOM was refused")
for label, (text, line) in SYNTAX.items():
    d = catalogue({"a.toml": text})
    add("loading", f"TOML: {label}: file:{line}:column, exit 2",
        lambda d=d, line=line: file_errors(*run(["verify", "--catalogue", d]), [rf"^error: [^\n]*/a\.toml:{line}:\d+: "], None))
TYPOS = [("claim", "expct", "expect"), ("claim", "sorce", "source"), ("claim", "publishd", "published"), ("claim", "tolerence", "tolerance"),
         ("claim", "qauntity", "quantity"), ("claim", "untestble", "untestable"), ("claim", "evidense", "evidence"), ("claim", "kindd", "kind"),
         ("quantity", "parms", "params"), ("quantity", "descripton", "description"), ("quantity", "defualt", "default"),
         ("quantity", "domian", "domain"), ("quantity", "colums", "columns"), ("quantity", "soruce", "source"),
         ("value", "digts", "digits"), ("value", "stlye", "style"), ("value", "descriptio", "description"), ("value", "exprr", "expr")]
for kind, typo, meant in TYPOS:
    base = {"claim": GOOD, "quantity": quantity("mine.a", None, "1"), "value": '[[value]]\nname = "v"\nexpr = "1"\n'}[kind]
    text = base.rstrip("\n") + f"\n{typo} = \"x\"\n"
    line = text.count("\n")
    d = catalogue({"a.toml": text})
    add("loading", f"{kind} key {typo!r}: did you mean {meant}?",
        lambda d=d, line=line, typo=typo, meant=meant: file_errors(*run(["verify", "--catalogue", d]),
                                                                   [rf'/a\.toml:{line}:1: .* has no key "{typo}" \(did you mean {meant}\?\)'], 1))
for typo, meant in [("claims", "claim"), ("quantities", "quantity"), ("values", "value"), ("clam", "claim")]:
    d = catalogue({"a.toml": GOOD + f"[[{typo}]]\nx = 1\n"})
    add("loading", f"[[{typo}]]: did you mean {meant}?",
        lambda d=d, typo=typo, meant=meant: file_errors(*run(["verify", "--catalogue", d]),
                                                        [rf'/a\.toml:4:3: a catalogue file has no key "{typo}" \(did you mean {meant}\?\)'], 1))
d = catalogue({"a.toml": GOOD + 'ex\\u001bpect = "x"\n'.replace("\\\\", "\\").replace("ex\\u001bpect", '"ex\\u001bpect"')})
add("loading", "an unknown key holding ESC is shown escaped",
    lambda d=d: file_errors(*run(["verify", "--catalogue", d]), [r'has no key "ex\\x1bpect"'], 1))

# directories and files that are not what a catalogue is
LDIR = os.path.join(TMP, "loading")
os.makedirs(LDIR)


def mkdir(name):
    p = os.path.join(LDIR, name)
    os.makedirs(p)
    return p


def write(path, text):
    with open(path, "wb") as f:
        f.write(text if isinstance(text, bytes) else text.encode())


empty, others, aloop, dangling, fifo, devnull, devzero, dirtoml, nul, big, longline, many, outside = (
    mkdir(n) for n in ("empty", "others", "loop", "dangling", "fifo", "devnull", "devzero", "dirtoml", "nul", "big", "longline", "many", "outside"))
write(os.path.join(others, "notes.txt"), GOOD)
write(os.path.join(others, "a.toml~"), GOOD)
os.symlink("a.toml", os.path.join(aloop, "a.toml"))
os.symlink("missing.toml", os.path.join(dangling, "a.toml"))
os.mkfifo(os.path.join(fifo, "a.toml"))
os.symlink("/dev/null", os.path.join(devnull, "a.toml"))
os.symlink("/dev/zero", os.path.join(devzero, "a.toml"))
os.makedirs(os.path.join(dirtoml, "x.toml"))
write(os.path.join(dirtoml, "a.toml"), GOOD)
write(os.path.join(nul, "a.toml"), GOOD.encode() + b"# \x00\n")
write(os.path.join(big, "a.toml"), GOOD + ("#" + "x" * 1000 + "\n") * 4300)
write(os.path.join(longline, "a.toml"), GOOD + "#" + "x" * 70000 + "\n")
for i in range(1001):
    write(os.path.join(many, f"c{i:04}.toml"), f'[[claim]]\nid = "c{i}"\nexpr = "1 < 2"\n')
write(os.path.join(outside, "real.toml"), GOOD)
linked = mkdir("linked")
os.symlink(os.path.join(outside, "real.toml"), os.path.join(linked, "a.toml"))
afile = os.path.join(LDIR, "afile.toml")
write(afile, GOOD)
for label, d, code, pat in [
        ("an empty directory", empty, 2, r'holds no \.toml file \(a catalogue is a directory of them\)\n$'),
        ("only other files", others, 2, r"holds no \.toml file"),
        ("a missing directory", os.path.join(LDIR, "nowhere"), 2, r'--catalogue must be a directory of \.toml files, got ".*nowhere"\n$'),
        ("a file, not a directory", afile, 2, r"--catalogue must be a directory"),
        ("a symlink loop", aloop, 2, r'cannot read ".*loop/a\.toml"\n$'),
        ("a dangling symlink", dangling, 2, r'cannot read ".*dangling/a\.toml"\n$'),
        ("a device (/dev/null)", devnull, 2, r'"[^"]*devnull/a\.toml" is not a regular file\n$'),
        ("a device (/dev/zero)", devzero, 2, r'"[^"]*devzero/a\.toml" is not a regular file\n$'),
        ("a directory named x.toml", dirtoml, 2, r'"[^"]*dirtoml/x\.toml" is a directory\n$'),
        ("NUL bytes", nul, 2, r"is not a text file \(it contains NUL bytes\)\n$"),
        ("a file past 4 MiB", big, 2, r"is larger than 4 MiB\n$"),
        ("a line past 64 Ki characters", longline, 2, r"line 4 of .* is longer than 65536 characters\n$"),
        ("1001 files", many, 2, r"holds more than 1000 \.toml files\n$")]:
    add("loading", f"{label}: one error line", refused(["verify", "--catalogue", d], code, pat))
add("fixed", "a FIFO named a.toml is refused, not read for ever",
    refused(["verify", "--catalogue", fifo], 2, r'"[^"]*fifo/a\.toml" is not a regular file\n$'))
add("loading", "a symlink to a catalogue file elsewhere is read",
    lambda: (lambda rc, o, e: need(rc == 0 and re.search(r"^g +- +1 < 2: true +holds", o, re.M), f"{rc} {o} {e}"))(*run(["verify", "--catalogue", linked])))
add("loading", "CRLF line endings are read",
    lambda: need(run(["verify", "--catalogue", catalogue({"a.toml": GOOD.replace("\n", "\r\n")})])[0] == 0, "refused"))
add("loading", "a table spec beside the catalogue is not part of it",
    lambda: need(run(["verify", "--catalogue", catalogue({"a.toml": GOOD, "s.toml": 'command = "sphere dim"\n[fixed]\nd = 3\nl = 2\n'})])[0] == 0, "refused"))
if os.geteuid() != 0:
    unreadable = mkdir("unreadable")
    write(os.path.join(unreadable, "a.toml"), GOOD)
    os.chmod(os.path.join(unreadable, "a.toml"), 0)
    add("loading", "an unreadable file", refused(["verify", "--catalogue", unreadable], 2, r"cannot read"))

# duplicates across files, whole-file problems, many problems at once
for label, files, wants, count in [
        ("claim ids across files", {"a.toml": GOOD, "b.toml": GOOD}, [r'/b\.toml:1:1: duplicate claim id "g" \(first at .*/a\.toml:1:1\)$'], 1),
        ("a value named as a claim", {"a.toml": GOOD, "b.toml": '[[value]]\nname = "g"\nexpr = "1"\n'},
         [r'/b\.toml:1:1: duplicate value name \(claim ids and value names are one namespace\) "g"'], 1),
        ("quantities across files", {"a.toml": quantity("mine.a", None, "1"), "b.toml": quantity("mine.a", None, "2")},
         [r'/b\.toml:1:1: duplicate quantity "mine\.a" \(first at .*/a\.toml:1:1\)'], 1),
        ("no entries", {"a.toml": "# nothing\n", "b.toml": GOOD}, [r"^error: [^:]*/a\.toml: no \[\[claim\]\], \[\[quantity\]\] or \[\[value\]\] entries$"], 1),
        ("an empty file", {"a.toml": ""}, [r"/a\.toml: no \[\[claim\]\]"], 1),
        ("[claim] is a table", {"a.toml": '[claim]\nid = "a"\n'}, [r"/a\.toml:1:1: claim must be an array of tables \(\[\[claim\]\]\)"], 1),
        ("no id", {"a.toml": '[[claim]]\nexpr = "1 < 2"\n'}, [r'/a\.toml:1:1: claim #1 lacks the field "id"'], 1),
        ("two ways", {"a.toml": '[[claim]]\nid = "a"\nexpr = "1 < 2"\nquantity = "1"\npublished = "1"\n'},
         [r'claim "a": give exactly one of expr, quantity \(with published\) or method'], 1),
        ("an unknown method", {"a.toml": '[[claim]]\nid = "a"\nmethod = "sphere.c1_limt"\nclaim = "c"\nsource = "s"\npublished = "p"\ntolerance = "t"\n'},
         [r'/a\.toml:3:10: claim "a" names an unknown method "sphere\.c1_limt" \(did you mean sphere\.c1_limit\?\)$'], 1),
        ("problems in two files, every one", {"a.toml": GOOD + 'expct = "x"\n[[claim]]\nid = "b"\nexpr = "1 +"\n', "b.toml": "[[claim]\n",
                                              "c.toml": quantity("rank.x", None, "1")},
         [r"/a\.toml:4:1: .*expct", r"/a\.toml:7:\d+: claim \"b\"", r"/b\.toml:1:\d+: ", r'/c\.toml:2:8: quantity "rank\.x": "rank" is a built-in group'], 4)]:
    d = catalogue(files)
    add("loading", f"{label}: every problem with its place", lambda d=d, wants=wants, count=count: file_errors(*run(["verify", "--catalogue", d]), wants, count))
d = catalogue({"a.toml": "".join(f'[[claim]]\nid = "c{i}"\nexpr = "1 < 2"\nexpct = "x"\n' for i in range(150))})
add("loading", "150 problems: the first 100 and how many more",
    lambda d=d: file_errors(*run(["verify", "--catalogue", d]), [r'/a\.toml:4:1: claim "c0" has no key "expct"', r"^error: \.\.\. and 50 more problems$"], 101))
text = "".join(quantity(f"mine.q{i}", None, str(i)) for i in range(1001))
line = [i for i, l in enumerate(text.split("\n"), 1) if l == "[[quantity]]"][1000]
d = catalogue({"a.toml": text})
add("fixed", "1001 quantities are refused at once (they took seconds and hundreds of MB)",
    lambda d=d, line=line: file_errors(*run(["verify", "--catalogue", d, "--max-seconds", "5"]),
                            [rf"/a\.toml:{line}:1: a catalogue defines at most 1000 quantities, and this one defines 1001$"], 1))
d = catalogue({"a.toml": "".join(quantity(f"mine.q{i}", None, str(i)) for i in range(1000))})
add("loading", "1000 quantities load, and the last is a command",
    lambda d=d: need(run(["mine", "q999", "--catalogue", d])[1].split()[-1] == "999", "mine q999"))

# the same broken catalogue through every front end
FRONT_BAD = {"cycle": (quantity("mine.a", ["n"], "mine.a(n=n)"), r'/c\.toml:4:9: quantity "mine\.a" refers to itself'),
             "syntax": ("[[claim]\n", r"/c\.toml:1:\d+: "),
             "typo": (GOOD + 'expct = "x"\n', r'/c\.toml:4:1: claim "g" has no key "expct" \(did you mean expect\?\)'),
             "unused": (quantity("mine.a", ["n", "m"], "n"), r'/c\.toml:3:16: quantity "mine\.a": parameter "m" is never used'),
             "value name": ('[[value]]\nname = "a b"\nexpr = "1"\n', r'/c\.toml:2:8: value #1 needs name')}
for label, (text, pat) in FRONT_BAD.items():
    d = catalogue({"c.toml": text})
    with open(os.path.join(d, "spec.json.toml"), "w") as f:
        f.write('command = "sphere dim"\n[fixed]\nd = 3\nl = 2\n')
    for front in (["verify", "--catalogue", d], ["verify", "--catalogue", d, "--expr", "1 < 2"], ["tex", "--catalogue", d],
                  ["mine", "a", "--catalogue", d], ["help", "--catalogue", d], ["sphere", "dim", "--d", "3", "--l", "2", "--catalogue", d],
                  ["table", "--catalogue", d, "--spec", os.path.join(d, "spec.json.toml")]):
        add("loading", f"{label} through {' '.join(front[:2]) if front[0] != 'verify' or len(front) == 3 else 'verify --expr'}",
            lambda front=front, pat=pat: file_errors(*run(front), [pat], None))
    if PYPATH:
        def py_load(d=d, pat=pat):
            code = "import boundcheck, sys\ntry:\n    boundcheck.load(sys.argv[1])\nexcept boundcheck.UsageError as e:\n    print('UsageError:', e)\n"
            p = subprocess.run(["/usr/bin/python3", "-c", code, d], capture_output=True, text=True, timeout=HANG,
                               env={**os.environ, "PYTHONPATH": PYPATH})
            need(p.stdout.startswith("UsageError: ") and re.search(pat, p.stdout), f"{p.returncode}: {p.stdout[-300:]} {p.stderr[-300:]}")
        add("loading", f"{label} through python boundcheck.load", py_load)


# the bugs of this surface fixed in this branch
d = catalogue({"c.toml": quantity("mine.n", ["n"], "n + 1")})
add("fixed", "a parameter named as the result column (mine.n, params n) is refused; it made two columns n",
    lambda d=d: file_errors(*run(["mine", "n", "--n", "1", "--catalogue", d]),
                            [r'/c\.toml:3:11: quantity "mine\.n": parameter "n" has the name of the result column'], 1))
d = catalogue({"c.toml": quantity("mine.a", None, "n + 1")})
add("fixed", "a quantity without parameters is not told 'a value has no parameters'",
    lambda d=d: file_errors(*run(["verify", "--catalogue", d]), [r'unknown name "n" in expr \(it declares no parameters\)$'], 1))
d = catalogue({"c.toml": quantity("mine.a", ["digits"], "digits + 1")})
add("fixed", "a reserved parameter is one problem (the expression reading it was a second)",
    lambda d=d: file_errors(*run(["verify", "--catalogue", d]), [r'"digits" cannot be a parameter'], 1))


def rank_heads_digits():
    """mine heads at --digits 3000: its ladder retried at 24080 digits, past the commands' 20000, and
    the run was an exit-2 error about a --digits nobody gave; now the digits are those of rank heads'
    own bracket [lo, hi] (the second route: every printed digit is a digit of both ends' rounding)."""
    rc, o, e = run(["mine", "heads", "--d", "1000000", "--r", "8", "--digits", "3000", "--catalogue", QDIR, "--format", "json"])
    need(rc == 0, f"exit {rc}: {e.strip()[:300]}")
    got = json_rows(o)[0]["heads"]
    rc2, o2, e2 = run(["rank", "heads", "--d", "1000000", "--r", "8", "--eps", "1/10", "--format", "json"])
    lo, hi = (int(x) for x in json_rows(o2)[0]["h_min"].strip("[]").split(", "))
    m = re.fullmatch(r"(\d)\.(\d+)e\+(\d+)", got)
    need(m, f"heads = {got[:80]}")
    digits = m.group(1) + m.group(2)
    scale = 10 ** (int(m.group(3)) - len(m.group(2)))
    for end in (lo, hi):  # both ends round to the printed digits
        need(abs(Fraction(end, scale) - int(digits)) <= Fraction(1, 2), f"{got[:60]} is not {end} rounded")


add("fixed", "mine heads --d 10^6 --digits 3000 prints the digits rank heads' bracket proves (it was an exit-2 --digits error)", rank_heads_digits)
add("fixed", "verify --expr at --digits 7000 retries at the 20000-digit ceiling (it refused --digits 21000)",
    lambda: (lambda rc, o, e: need(rc == 1 and json_rows(o)[0]["verdict"] == "undecided", f"{rc} {e[:300]}"))(
        *run(["verify", "--expr", "rank.majority(d=200, H=41) == rank.majority(d=200, H=41)", "--digits", "7000", "--format", "json"])))
add("fixed", "verify on a catalogue of quantities alone says it has no claims (it said '--id matches no claim')",
    refused(["verify", "--catalogue", catalogue({"c.toml": quantity("mine.a", None, "1")})], 2, r'defines no claims \(its quantities and values'))


# ==== report =========================================================================================

# (id, expression, expect, the verdict it gets, whether that is as expected, its file)
R_CLAIMS = [("r.holds", "1 < 2", None, "holds", True), ("r.fails", "2 < 1", None, "fails", False),
            ("r.xfail", "2 < 1", "fails", "fails", True), ("r.undecided", "exp(1) == exp(1)", None, "undecided", False),
            ("r.undecided_ok", "exp(1) == exp(1)", "undecided", "undecided", True), ("r.error", "1/(1-1) > 0", None, "error", False)]
HOSTILE_IDS = [("xml specials", "x<&>\"'y"), ("cdata end", "x]]>y"), ("xml comment", "x<!--y-->"), ("osc title", "x\x1b]0;owned\x07"),
               ("carriage return", "x\rr.holds  holds"), ("rlo", "x\u202ey"), ("nel", "x\u0085y"), ("noncharacter ffff", "x\uffffy"),
               ("noncharacter fffe", "x\ufffey"), ("tap todo", "x # TODO"), ("tap skip", "x # SKIP"), ("backslash hash", "x\\# TODO"),
               ("newline", "x\ny"), ("tab", "x\ty"), ("nul", "x\x00y"), ("tap number", "1 - ok 2"), ("long", "x" * 5000),
               ("unicode", "\u03b6\u2192\u221e"), ("leading space", " x"), ("backslash", "x\\y")]
for i, (label, cid) in enumerate(HOSTILE_IDS):
    fails = i % 2 == 1  # half of them fail: their failure messages carry the id too
    R_CLAIMS.append((cid, "2 < 1" if fails else "1 < 2", None, "fails" if fails else "holds", not fails))
HOSTILE_FILE = b"b&<\"'>\x1b\xff.toml"


def r_claim_toml(cid, expr, expect, extra=""):
    return f"[[claim]]\nid = {tq(cid)}\nexpr = {tq(expr)}\n" + (f"expect = {tq(expect)}\n" if expect else "") + extra + "\n"


R_TEXT = "".join(r_claim_toml(c, e, x) for c, e, x, _, _ in R_CLAIMS)
R_TEXT += ('[[claim]]\nid = "r.untestable"\nclaim = "c"\nsource = "s"\npublished = "p"\ntolerance = "t"\nmethod = "sphere.c1_limit"\n'
           'untestable = "no data <here> & \\u001b[8m"\n[claim.params]\nd = [10, 1000, 1000000]\ntol = 1e-6\n\n')
R_CLAIMS.append(("r.untestable", None, "undecided", "not testable", True))
R_PUBLISHED = "\x1b]0;x\x07 <&> ]]> \u202e\uffff"  # a method claim's published statement, printed as written
R_TEXT += ('[[claim]]\nid = "r.pub"\nclaim = "c"\nsource = "s"\npublished = ' + tq(R_PUBLISHED) + '\ntolerance = "t"\n'
           'method = "sphere.c1_limit"\nexpect = "fails"\n[claim.params]\nd = [10, 1000, 1000000]\ntol = 1e-6\n\n')
R_CLAIMS.append(("r.pub", None, "fails", "consistent", False))  # an asymptotic method: consistent, not holds
R_HOSTILE_TEXT = ('[[claim]]\nid = "r.text"\nclaim = "<b>&amp;\\u001b]0;x\\u0007</b>]]>"\nsource = "\\u202e s\\n t"\n'
                  'expr = "2 < 1"\n')
R_CLAIMS.append(("r.text", None, None, "fails", False))
R_DIR = catalogue({"a.toml": R_TEXT, HOSTILE_FILE: R_HOSTILE_TEXT})
R_FILE = os.path.join(R_DIR.encode(), HOSTILE_FILE)


def r_summary():
    n = len(R_CLAIMS)
    ok = sum(1 for c in R_CLAIMS if c[4])
    errors = sum(1 for c in R_CLAIMS if c[3] == "error")
    undecided = sum(1 for c in R_CLAIMS if not c[4] and c[3] == "undecided")
    return {"claims": n, "as_expected": ok, "not_as_expected": n - ok, "undecided": undecided, "errors": errors}


def summary_line(s):
    line = f"{s['as_expected']} of {s['claims']} claims as expected"
    if s["not_as_expected"]:
        parts = ([f"{s['undecided']} undecided"] if s["undecided"] else []) + (
            [f"{s['errors']} {'error' if s['errors'] == 1 else 'errors'}"] if s["errors"] else [])
        line += f"; {s['not_as_expected']} not as expected" + (f" ({', '.join(parts)})" if parts else "")
    return line


def r_output(fmt, quiet=False, keep="\n"):
    argv = ["verify", "--catalogue", R_DIR, "--format", fmt] + (["-q"] if quiet else [])
    rc, out, err = shared_run(argv)
    o, e = sane(rc, out, err, keep=keep, json_out=fmt == "json")
    need(rc == 1, f"exit {rc}, want 1 (claims not as expected): {e[:300]}")
    return o, e


def junit_tree():
    o, _ = r_output("junit")
    return ET.fromstring(o.encode())


def xmllint(*opts):
    def check():
        o, _ = r_output("junit")
        path = os.path.join(TMP, f"report{len(opts)}.xml")
        with open(path, "w") as f:
            f.write(o)
        p = subprocess.run(["xmllint", "--noout", *opts, path], capture_output=True, text=True, timeout=HANG)
        need(p.returncode == 0, f"xmllint {' '.join(opts)}: {p.stderr[:400]}")
    return check


add("report", "JUnit is well formed (xmllint)", xmllint())
add("report", "JUnit validates against tests/data/junit.xsd", xmllint("--schema", XSD))


def junit_counts():
    root, s = junit_tree(), r_summary()
    need(root.tag == "testsuites", root.tag)
    got = {k: int(root.get(k)) for k in ("tests", "failures", "errors")}
    want = {"tests": s["claims"], "failures": s["not_as_expected"] - s["errors"], "errors": s["errors"]}
    need(got == want, f"testsuites {got}, want {want}")
    need(sum(1 for _ in root.iter("testcase")) == s["claims"], "testcase count")
    per_suite = sum(int(ts.get("tests")) for ts in root.iter("testsuite"))
    need(per_suite == s["claims"] and len(root.findall("testsuite")) == 2, f"{per_suite} tests in {len(root.findall('testsuite'))} suites")


add("report", "JUnit counts: tests, failures, errors recomputed from the claims", junit_counts)


def shown_id(cid):
    """A claim id as the JUnit attribute holds it: each line shown visibly, the line breaks kept."""
    return "\n".join(report_visible(part) for part in cid.split("\n"))


def junit_case(cid, verdict, ok):
    def check():
        cases = [t for t in junit_tree().iter("testcase") if t.get("name") == shown_id(cid)]
        need(len(cases) == 1, f"{len(cases)} testcases named {shown_id(cid)[:80]!r}")
        t = cases[0]
        kids = {k.tag for k in t}
        want = {"system-out"} | ({"error"} if verdict == "error" else {"failure"} if not ok else
                                 {"skipped"} if verdict == "not testable" else set())
        need(kids == want, f"children {sorted(kids)}, want {sorted(want)}")
        for k in t:
            for text in [k.text or "", *k.attrib.values()]:
                need(not raw_control(text, keep="\n"), f"{k.tag} holds a raw control")
        if not ok:
            bad = t.find("error" if verdict == "error" else "failure")
            need(bad.get("message", "").startswith(report_visible(cid.split("\n")[0])), f"message {bad.get('message', '')[:120]!r}")
    return check


for cid, _, _, verdict, ok in R_CLAIMS:
    add("report", f"JUnit testcase for {visible(cid)[:40]!r} ({verdict})", junit_case(cid, verdict, ok))


def junit_file_name():
    suites = [ts.get("name") for ts in junit_tree().iter("testsuite")]
    want = visible_bytes(R_FILE)
    need(want in suites, f"suites {[s[-40:] for s in suites]}, want {want[-40:]!r}")
    t = [t for t in junit_tree().iter("testcase") if t.get("name") == "r.text"][0]
    need(t.get("classname") == want and t.get("file") == want, f"classname {t.get('classname')[-40:]!r}")
    fail = t.find("failure").text
    need("source: \\u202e s\n t" in fail or "source: \\u202e s" in fail, f"failure text {fail[-80:]!r}")


add("report", "JUnit: a file name with XML specials, ESC and a non-UTF-8 byte, shown visibly", junit_file_name)

def published_shown():
    t = [t for t in junit_tree().iter("testcase") if t.get("name") == "r.pub"][0]
    f = t.find("failure")
    need(f"published {report_visible(R_PUBLISHED)};" in f.get("message"), f"message {f.get('message')[:200]!r}")
    need(f"published: {report_visible(R_PUBLISHED)}\n" in f.text, f"failure text {f.text[:200]!r}")
    rows = {r["id"]: r for r in json.loads(r_output("json")[0])["rows"]}
    need(rows["r.pub"]["published"] == R_PUBLISHED, "JSON did not keep the published text exactly")


add("report", "a hostile published statement: visible in the JUnit failure, exact in JSON", published_shown)

TAP_LINE = re.compile(r"^(ok|not ok) (\d+) - ((?:[^\\#]|\\.)*?)( # SKIP not testable)?$")


def tap_lines():
    o, _ = r_output("tap")
    return o.split("\n")


def tap_plan():
    lines = tap_lines()
    need(lines[0] == "TAP version 13" and lines[1] == f"1..{len(R_CLAIMS)}", f"header {lines[:2]}")
    tests = [l for l in lines if l.startswith(("ok ", "not ok "))]
    need(len(tests) == len(R_CLAIMS), f"{len(tests)} test lines, plan {len(R_CLAIMS)}")
    for i, l in enumerate(tests, 1):
        m = TAP_LINE.match(l)
        need(m and int(m.group(2)) == i, f"test line {i}: {l[:120]!r}")
    need(lines[-2] == f"# {summary_line(r_summary())}" and lines[-1] == "", f"last line {lines[-2]!r}")


add("report", "TAP: version, plan 1..N, N numbered test lines, the summary recomputed", tap_plan)


def tap_case(i, cid, verdict, ok):
    def check():
        tests = [l for l in tap_lines() if l.startswith(("ok ", "not ok "))]
        m = TAP_LINE.match(tests[i])
        need(m, f"line {tests[i][:120]!r} is no TAP test line (or holds an unescaped '#')")
        need((m.group(1) == "ok") == ok, f"{m.group(1)}, as expected: {ok}")
        desc = re.sub(r"\\(.)", r"\1", m.group(3))
        need(desc == report_visible(cid), f"description {desc[:80]!r}, want {report_visible(cid)[:80]!r}")
        need(bool(m.group(4)) == (verdict == "not testable"), f"SKIP directive: {bool(m.group(4))}")
    return check


for i, (cid, _, _, verdict, ok) in enumerate(R_CLAIMS):
    add("report", f"TAP line {i + 1} for {visible(cid)[:40]!r}", tap_case(i, cid, verdict, ok))


def tap_yaml():
    import yaml
    lines = tap_lines()
    blocks, cur = [], None
    for l in lines:
        if l == "  ---":
            cur = []
        elif l == "  ..." and cur is not None:
            blocks.append(yaml.safe_load("\n".join(cur)))
            cur = None
        elif cur is not None:
            cur.append(l[2:])
    want = [c for c in R_CLAIMS if not c[4]]
    need(len(blocks) == len(want), f"{len(blocks)} YAML blocks, want {len(want)}")
    for b, c in zip(blocks, want):
        need(b["verdict"] == c[3] or (c[3] == "error" and b["verdict"] in ("undecided", "error")), f"block {b}")
        need(b["expected"] in ("holds", "fails", "undecided", "consistent", "inconsistent", "not testable"), f"expected {b['expected']}")
        if c[0] == "r.pub":
            need(b["published"] == report_visible(R_PUBLISHED), f"published {b['published']!r}")


add("report", "TAP: every YAML block parses, one per claim not as expected", tap_yaml)


def json_summary():
    o, _ = r_output("json")
    j = json.loads(o)
    rows = j["rows"]
    need(len(rows) == len(R_CLAIMS), f"{len(rows)} rows")
    recount = {"claims": len(rows), "as_expected": sum(r["as_expected"] is True for r in rows),
               "not_as_expected": sum(r["as_expected"] is False for r in rows),
               "undecided": sum(r["as_expected"] is False and r["verdict"] == "undecided" for r in rows),
               "errors": sum(r["verdict"] == "error" for r in rows)}
    need(j["meta"]["summary"] == recount, f"summary {j['meta']['summary']}, rows say {recount}")
    need(recount == r_summary(), f"rows {recount}, the claims' expectations {r_summary()}")


def json_ids():
    rows = json.loads(r_output("json")[0])["rows"]
    need([r["id"] for r in rows] == [c[0] for c in R_CLAIMS], "ids not kept exactly, in order")
    for r, c in zip(rows, R_CLAIMS):
        need(r["verdict"] == c[3] and r["as_expected"] is c[4], f"{visible(c[0])[:40]}: {r['verdict']} {r['as_expected']}")


add("report", "JSON: meta.summary equals the counts of its rows and of the claims", json_summary)
add("report", "JSON: every id exactly, every verdict and as_expected", json_ids)


def quiet():
    import csv
    import io
    o, e = r_output("csv", quiet=True)
    rows = list(csv.reader(io.StringIO(o)))
    want = [visible(c[0]) for c in R_CLAIMS if not c[4]]
    need([r[0] for r in rows[1:]] == want, f"-q rows {[r[0][:20] for r in rows[1:]]}, want {[w[:20] for w in want]}")
    notes = e.splitlines()
    need(notes[-1] == f"note: {summary_line(r_summary())}", f"last line {notes[-1]!r}")
    need(len(notes) == len(want) + 1, f"{len(notes)} stderr lines, want {len(want)} claims and the summary")


add("report", "-q: only the claims not as expected, and one summary line", quiet)
for fmt in ("table", "csv", "markdown", "html", "latex"):
    keep = "\n\t" if fmt == "html" else "\n"  # HTML keeps newline and tab, its white space (html_text.hpp)
    add("report", f"--format {fmt}: no raw control, exit 1", lambda fmt=fmt, keep=keep: r_output(fmt, keep=keep))
    add("report", f"--format {fmt} --wide", lambda fmt=fmt, keep=keep: sane(*shared_run(["verify", "--catalogue", R_DIR, "--format", fmt, "--wide"]), keep=keep))

R_OK = catalogue({"a.toml": r_claim_toml("x # TODO", "1 < 2", None) + r_claim_toml("y\uffff", "2 < 1", "fails")})


def all_expected(fmt):
    def check():
        rc, o, e = run(["verify", "--catalogue", R_OK, "--format", fmt])
        need(rc == 0, f"exit {rc}: {e}")
        if fmt == "tap":
            need(o.split("\n")[2:5] == ["ok 1 - x \\# TODO", "ok 2 - y\\\\uffff", "# 2 of 2 claims as expected"], o)
        if fmt == "junit":
            root = ET.fromstring(o.encode())
            need(root.get("failures") == "0" and root.get("errors") == "0" and root.get("tests") == "2", o[:300])
    return check


for fmt in ("junit", "tap", "json", "table"):
    add("report", f"every claim as expected: exit 0 ({fmt})", all_expected(fmt))
for fmt in ("junit", "tap", "json"):
    d = catalogue({"a.toml": GOOD + "[[claim]\n"})
    add("report", f"a malformed catalogue with --format {fmt}: exit 2, nothing on stdout",
        lambda d=d, fmt=fmt: file_errors(*run(["verify", "--catalogue", d, "--format", fmt]), [r"/a\.toml:4:\d+: "], 1))


def junit_output_file():
    out = os.path.join(TMP, "out_report.xml")
    rc, o, e = run(["verify", "--catalogue", R_DIR, "--format", "junit", "--output", out])
    need(rc == 1 and o == "", f"exit {rc}, stdout {o[:100]!r}")
    untimed = lambda x: re.sub(r' time="[0-9.]+"', "", x)  # noqa: E731 (CPU seconds differ between runs)
    with open(out) as f:
        need(untimed(f.read()) == untimed(r_output("junit")[0]), "--output differs from stdout")


add("report", "--output report.xml holds what stdout shows, stdout empty", junit_output_file)
add("fixed", "a claim id with U+FFFF: the JUnit report is well formed (it was not)",
    lambda: (lambda rc, o, e: need(rc == 0 and ET.fromstring(o.encode()).find(".//testcase").get("name") in ("x # TODO", "y\\uffff"), o[:200]))(
        *run(["verify", "--catalogue", R_OK, "--format", "junit"])))
add("fixed", "a claim id 'x # TODO' failing: TAP says not ok without a directive (it read as a TODO)",
    lambda: need(TAP_LINE.match([l for l in tap_lines() if "TODO" in l][0]).group(1) == "not ok"
                 and "\\# TODO" in [l for l in tap_lines() if "TODO" in l][0], "directive"))
U8 = catalogue({b"a\xff.toml": GOOD}, "nonutf8")
add("fixed", "a catalogue file whose name is not UTF-8: --format json prints (it threw type_error.316)",
    lambda: (lambda rc, o, e: need(rc == 0 and json.loads(o)["rows"][0]["source"].endswith("/a\ufffd.toml"), f"{rc} {e[:200]}"))(
        *run(["verify", "--catalogue", U8, "--format", "json"])))
U8_DIR = os.path.join(TMP.encode(), b"d\xff")
os.makedirs(U8_DIR)
write(os.path.join(U8_DIR, b"a.toml"), GOOD)
for fmt in ("html", "json"):
    add("fixed", f"a --catalogue directory whose name is not UTF-8: --format {fmt} prints (it threw)",
        lambda fmt=fmt: need(run(["verify", "--catalogue", U8_DIR, "--format", fmt])[0] == 0, "refused"))


# ==== isolation ======================================================================================

ISO = catalogue({"c.toml": "".join(r_claim_toml(c, e, None) for c, e in [
    ("a.ok", "1 < 2"), ("b.abort", "2 < 3"), ("c.hang", "3 < 4"), ("d.ok", "binom(100, 50) == %d" % math.comb(100, 50)),
    ("e.priced", "sym.gram(N=6, degree=28) > 0"), ("e2.projected", "sum(k in 1..1000000: sphere.dim(d=k+2, l=k)) > 0"),
    ("f.huge", "2^(2^40) > 1"), ("g.ok", "sphere.dim(d=64, l=3) == %d" % dim_n(64, 3))])})
ISO_WANT = {"a.ok": "holds", "d.ok": "holds", "g.ok": "holds"}


def isolated(env, bad, why, extra=(), fmt="json"):
    def check():
        rc, o, e = run(["verify", "--catalogue", ISO, "--format", fmt, "--max-seconds", "2", *extra], env=env)
        need(rc == 1, f"exit {rc}, want 1: {e[:300]}")
        if fmt == "json":
            rows = {r["id"]: r for r in json_rows(o)}
            need(len(rows) == 8, f"{len(rows)} rows")
            for cid, v in ISO_WANT.items():
                need(rows[cid]["verdict"] == v, f"{cid}: {rows[cid]['verdict']}")
            for cid in bad:
                need(rows[cid]["verdict"] == "error", f"{cid}: {rows[cid]['verdict']}, want error")
            need(re.search(why, o), f"no {why!r} in the report")
            s = json.loads(o)["meta"]["summary"]
            need(s["errors"] >= len(bad) and s["as_expected"] + s["not_as_expected"] == 8, f"summary {s}")
        elif fmt == "junit":
            root = ET.fromstring(o.encode())
            errs = {t.get("name") for t in root.iter("testcase") if t.find("error") is not None}
            need(set(bad) <= errs and not errs & set(ISO_WANT), f"errors {errs}")
        else:
            for cid in bad:
                need(re.search(rf"^not ok \d+ - {re.escape(cid)}$", o, re.M), f"{cid} not 'not ok'")
            for cid in ISO_WANT:
                need(re.search(rf"^ok \d+ - {re.escape(cid)}$", o, re.M), f"{cid} not ok")
    return check


for fmt in ("json", "junit", "tap"):
    add("isolation", f"verify-abort ({fmt}): the aborting claim is an error, the others reported",
        isolated({"BOUNDCHECK_TEST_BREAK": "verify-abort"}, ["b.abort"], r"died of signal 6", fmt=fmt))
    add("isolation", f"verify-hang ({fmt}): the hanging claim is killed at its time limit",
        isolated({"BOUNDCHECK_TEST_BREAK": "verify-hang"}, ["c.hang"], r"exceeded the time limit of 2 s", fmt=fmt))
for threads in ("1", "2"):
    add("isolation", f"--threads {threads}: the priced claim is refused up front, an error",
        isolated({}, ["e.priced", "e2.projected"], r"estimated [0-9.e+]+ multiply-adds exceeds the limit", extra=("--threads", threads)))
add("isolation", "in-process (BOUNDCHECK_NO_ISOLATION=1): the priced claim is an error, the rest reported",
    isolated({"BOUNDCHECK_NO_ISOLATION": "1"}, ["e.priced", "e2.projected"], r"the quantifier over k needs about"))


def iso_quiet():
    rc, o, e = run(["verify", "--catalogue", ISO, "-q", "--format", "csv", "--max-seconds", "2"], env={"BOUNDCHECK_TEST_BREAK": "verify-abort"})
    ids = [l.split(",")[0] for l in o.splitlines()[1:]]
    need(rc == 1 and "b.abort" in ids and "e.priced" in ids and not set(ids) & set(ISO_WANT), f"{rc} {ids}")
    need(e.splitlines()[-1].startswith("note: ") and "claims as expected" in e.splitlines()[-1], e[-200:])


add("isolation", "-q with an aborting claim: only the bad claims, and the summary", iso_quiet)


def iso_huge():
    rc, o, e = run(["verify", "--catalogue", ISO, "--format", "json", "--max-seconds", "2"])
    rows = {r["id"]: r for r in json_rows(o)}
    need(rc == 1 and rows["f.huge"]["verdict"] in ("holds", "error", "undecided"), f"{rc} {rows.get('f.huge')}")
    need(rows["f.huge"]["verdict"] != "fails", "2^(2^40) > 1 fails")


add("isolation", "2^(2^40) > 1: never fails, never takes the run down", iso_huge)


# ==== tex ============================================================================================

VALUE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9._:-]{0,63}")  # the rule of [[value]] names (paper.md)
MACRO = ["\\protected\\gdef\\bcvalue#1{%",  # the \bcvalue macro as the paper guide documents it
         "\\ifcsname bc@v@\\detokenize{#1}\\endcsname\\csname bc@v@\\detokenize{#1}\\endcsname",
         "\\else\\PackageWarning{boundcheck}{Value `\\detokenize{#1}' undefined (not in the numbers file;",
         "regenerate it: boundcheck tex)}\\textbf{??}%", "\\fi}%"]
INNER = r"-?\d+(?:\.\d+)?|\d{1,3}(?:(?:\\,|\{,\})\d{3})+|-?\d(?:\.\d+)?\\times10\^\{-?\d+\}|\[[-0-9.e]+, [-0-9.e]+\]"
DEFINITION = re.compile(r"^\\expandafter\\gdef\\csname bc@v@\\detokenize\{([^{}]*)\}\\endcsname\{"
                        rf"((?:{INNER})|\\ensuremath\{{\{{(?:{INNER})\}}\}})\}}$")


def latex_number(body):
    """The number a definition's body prints (an interval: its two ends)."""
    b = re.sub(r"^\\ensuremath\{\{(.*)\}\}$", r"\1", body).replace("\\,", "").replace("{,}", "")
    b = re.sub(r"\\times10\^\{(-?\d+)\}", r"e\1", b)
    if b.startswith("["):
        return tuple(Fraction(x) for x in b[1:-1].split(", "))
    return Fraction(b)


HOSTILE_DESCRIPTIONS = ["line1\n\\end{document}", "cr\r\\input{/etc/passwd}", "ls\u2028\\write18{rm -rf ~}", "ff\x0c\\bye",
                        "^^J\\bye", "%\n\\def\\bcvalue#1{6}", "\x1b]0;t\x07", "}\\endcsname{9}", "tab\there"]
TEX_VALUES = [("a_b", "binom(100, 50)", None, None, math.comb(100, 50)), ("a-b", "2^70", "grouped", None, 2 ** 70),
              ("a:b", "-7/4", None, None, Fraction(-7, 4)), ("a.b", "3/8", None, None, Fraction(3, 8)),
              ("A1_:-.z", "10^(-5)*3/2", "sci", None, Fraction(3, 200000)), ("v.int", "sqrt(2)", "interval", 5, None),
              ("v.sci", "sqrt(2)/1000", "sci", 4, None), ("v.g", "45696", "grouped", None, 45696)]
TEX_VALUES += [(f"h{i}", f"{i + 1}*111", None, None, (i + 1) * 111) for i in range(len(HOSTILE_DESCRIPTIONS))]


def tex_catalogue():
    s = ""
    for i, (name, expr, style, digits, _) in enumerate(TEX_VALUES):
        desc = HOSTILE_DESCRIPTIONS[i - 8] if name.startswith("h") else "ok"
        s += f"[[value]]\nname = {tq(name)}\nexpr = {tq(expr)}\ndescription = {tq(desc)}\n"
        s += (f"style = {tq(style)}\n" if style else "") + (f"digits = {digits}\n" if digits else "") + "\n"
    s += ('[[claim]]\nid = "dim.N64_3"\nclaim = "N(64, 3)\\n\\\\end{document}"\nquantity = "sphere.dim(d=64, l=3)"\npublished = "45696"\n\n'
          '[[claim]]\nid = "x}\\\\def\\\\a{1}%"\nclaim = "a hostile id"\nquantity = "sphere.dim(d=3, l=2)"\npublished = "5"\n\n'
          '[[claim]]\nid = "drift"\nclaim = "published one off"\nquantity = "sphere.dim(d=3, l=3)"\npublished = "8"\n\n'
          '[[claim]]\nid = "lemma"\nexpr = "rank.heads(d=32, r=2, eps=1/10) >= 10^4"\n\n'
          '[[claim]]\nid = "grid"\nexpr = "sphere.dim(d=d, l=2) > 0"\n[claim.grid]\nd = [3, 4]\n')
    return s


TEX_DIR = catalogue({"paper.toml": tex_catalogue(), "p\n\\bye%.toml": '[[value]]\nname = "w"\nexpr = "12"\n'}, "texcat")
# values first, file by file in name order ("p\n..." sorts before "paper.toml"), then the claims that have
# a single value (not the hostile id, not the grid)
TEX_NAMES = ["w"] + [v[0] for v in TEX_VALUES] + ["dim.N64_3", "drift", "lemma"]


def tex_file():
    rc, out, err = shared_run(["tex", "--catalogue", TEX_DIR])
    o, e = sane(rc, out, err)
    need(rc == 0, f"exit {rc}: {e[:300]}")
    return o, e


def tex_lines():
    o, _ = tex_file()
    need(o.endswith("\n"), "no final newline")
    lines = o[:-1].split("\n")
    defs = {}
    for i, l in enumerate(lines, 1):
        if l.startswith("%") or l in MACRO:
            continue
        m = DEFINITION.match(l)
        need(m, f"line {i} is neither a comment, the macro nor a definition: {l[:160]!r}")
        need(m.group(1) not in defs, f"{m.group(1)} defined twice")
        defs[m.group(1)] = m.group(2)
    need(all(l in lines for l in MACRO), "the \\bcvalue macro is not there whole")
    return defs


add("tex", "every line of numbers.tex is a comment, the macro or an expected definition", lambda: need(set(tex_lines()) == set(TEX_NAMES),
                                                                                                          f"defined {sorted(tex_lines())}, want {sorted(TEX_NAMES)}"))
for name, _, style, digits, want in TEX_VALUES:
    def tex_value(name=name, style=style, digits=digits, want=want):
        body = tex_lines().get(name)
        need(body is not None, f"{name} not defined")
        got = latex_number(body)
        if want is not None:
            need(got == want, f"{name}: {body} reads {got}, want {want}")
            if style == "grouped":
                need(re.fullmatch(r"\d{1,3}(\\,\d{3})+", body), f"grouped {body}")
        elif style == "interval":
            lo, hi = got
            need(lo <= Fraction(mpmath.nstr(mpmath.sqrt(2), 50)) <= hi and hi - lo <= Fraction(1, 10 ** (digits - 1)), f"interval {body}")
        else:  # sci, 4 digits of sqrt(2)/1000 = 1.414e-3
            need(body == "\\ensuremath{{1.414\\times10^{-3}}}", f"sci {body}")
    add("tex", f"\\bcvalue{{{name}}} is the value (recomputed here), style {style or 'plain'}", tex_value)
def minimal_digits(name):
    """An exact rational whose decimal terminates prints exactly: no trailing zero after its last
    digit (paper.md), in exponent form too (3/200000 was 1.50000000000000000000000000000e-5)."""
    def check():
        body = tex_lines()[name]
        mant = re.sub(r"^\\ensuremath\{\{(.*)\}\}$", r"\1", body).split("\\times")[0]
        need("." not in mant or not mant.endswith("0"), f"{name}: {body}")
    return check


for name in ("a:b", "a.b", "A1_:-.z"):
    add("fixed" if name == "A1_:-.z" else "tex", f"\\bcvalue{{{name}}}: an exact decimal without trailing zeros", minimal_digits(name))
add("tex", "a claim id that is no macro name defines nothing, and a note says so, escaped",
    lambda: need(re.search(r"^note: claim x\}\\def\\a\{1\}% \(.*paper\.toml:\d+\): its id cannot be a \\bcvalue name", tex_file()[1], re.M),
                 tex_file()[1][:400]))
add("tex", "the claim's value is defined from its quantity (45696 = N(64, 3))", lambda: need(latex_number(tex_lines()["dim.N64_3"]) == dim_n(64, 3), "N64"))
add("tex", "no hostile description reaches a line outside a comment",
    lambda: need(not any(x in l for l in tex_file()[0].split("\n") if not l.startswith("%")
                         for x in ("\\end{document}", "\\input{", "\\write18", "\\bye", "\\def")), "injected"))
add("tex", "a catalogue file name with a newline stays in its comment",
    lambda: need(re.search(r"^% w = 12   \[value at .*/p \\bye%\.toml:1", tex_file()[0], re.M), "file name comment"))


def tex_data(fmt):
    def check():
        rc, o, e = run(["tex", "--catalogue", TEX_DIR, "--format", fmt])
        need(rc == 0, f"exit {rc}: {e[:200]}")
        if fmt == "json":
            need([r["name"] for r in json_rows(o)] == TEX_NAMES, "names")
            need({r["name"]: r["latex"] for r in json_rows(o)} == tex_lines(), "the JSON's latex differs from numbers.tex")
    return check


for fmt in ("json", "csv", "markdown", "html"):
    add("tex", f"tex --format {fmt}: the values as data", tex_data(fmt))
for name in ["a b", "a\\b", "a{b}", "a$b", "a&b", "a#b", "a^b", "a%b", "a~b", "a\x1bb", "a\nb", "1ab", "_ab", "-ab", "a" * 65, "", "\u00e9t\u00e9",
             "a\u202eb", "a,b", "a/b", "ab"]:
    d = catalogue({"c.toml": f'[[value]]\nname = {tq(name)}\nexpr = "1"\n'})
    if VALUE_NAME.fullmatch(name):
        add("tex", f"value name {name!r} is a macro name", lambda d=d, name=name: need(
            re.search(r"\\detokenize\{" + re.escape(name) + r"\}\\endcsname\{1\}$", run(["tex", "--catalogue", d])[1], re.M), "not defined"))
    else:
        want = (r'/c\.toml:2:8: value #1: name must not be empty$' if name == "" else
                r'/c\.toml:2:8: value #1 needs name = "\.\.\." \(a letter, then letters, digits, \. _ - :\)$')
        add("tex", f"value name {visible(name)[:30]!r} is refused",
            lambda d=d, want=want: file_errors(*run(["tex", "--catalogue", d]), [want], 1))
for text, pat in [('[[value]]\nname = "v"\nexpr = "1"\nstyle = "bold"\n', r'style must be plain, sci, grouped or interval, got "bold"'),
                  ('[[value]]\nname = "v"\nexpr = "1"\ndigits = 0\n', r"digits must be an integer in \[1, 1000\]"),
                  ('[[value]]\nname = "v"\nexpr = "1"\ndigits = 1001\n', r"digits must be an integer in \[1, 1000\]"),
                  ('[[value]]\nname = "v"\nexpr = "n"\n', r'unknown name "n" in expr \(a value has no parameters\)'),
                  ('[[value]]\nname = "v"\nexpr = "1 > 0"\n', r"expr must be a number, not a truth value"),
                  ('[[value]]\nname = "v"\n', r'value "v" lacks the field "expr"'),
                  ('[[value]]\nname = "v"\nexpr = "1"\n[[value]]\nname = "v"\nexpr = "2"\n', r'duplicate value name .* "v"'),
                  ('[[value]]\nname = "v"\nexpr = "rank.headz(d=3)"\n', r'value "v": unknown quantity "rank\.headz"')]:
    d = catalogue({"c.toml": text})
    add("tex", f"value refused: {pat[:48]}", lambda d=d, pat=pat: file_errors(*run(["tex", "--catalogue", d]), [pat], 1))
for text, code, pat in [('[[value]]\nname = "v"\nexpr = "1/(1-1)"\n', 1, r'value "v" \(.*c\.toml:1\): .*division by zero'),
                        ('[[value]]\nname = "v"\nexpr = "log(0)"\n', 1, r"log\(x\) is undefined"),
                        ('[[value]]\nname = "v"\nexpr = "sphere.hecke-funk(d=5, l=2001)"\n', 1, r"estimated .* exceeds the limit of 0\.5 s")]:
    d = catalogue({"c.toml": text})
    add("tex", f"a value that cannot be computed: exit {code}: {pat[-30:]}", refused(["tex", "--catalogue", d, "--max-seconds", "0.5"], code, pat))


def tex_dir(with_numbers=True):
    """A fresh paper directory: the catalogue, a paper, and numbers.tex as tex writes it."""
    d = catalogue({"paper.toml": tex_catalogue()})
    if with_numbers:
        rc, o, e = run(["tex", "--catalogue", d, "--output", os.path.join(d, "numbers.tex")])
        need(rc == 0 and o == "", f"tex --output: {rc} {e[:200]}")
    return d


PAPER_HEAD = "\\documentclass{article}\n\\input{numbers}\n\\begin{document}\n"
BIG = math.comb(100, 50)


def check_paper(body, want, code, numbers_edit=None, head=PAPER_HEAD, extra=()):
    """tex --check on a paper `head + body`: exit `code`, and exactly the problem lines `want`
    (regexes, each matched by one line in order; 'L+k' in a regex is the k-th line of body)."""
    def check():
        d = tex_dir()
        with open(os.path.join(d, "paper.tex"), "w") as f:
            f.write(head + body + "\\end{document}\n")
        if numbers_edit:
            path = os.path.join(d, "numbers.tex")
            with open(path) as f:
                text = f.read()
            with open(path, "w") as f:
                f.write(numbers_edit(text))
        before = sorted(os.listdir(d))
        rc, o, e = run(["tex", "--check", os.path.join(d, "paper.tex"), *extra])
        need(rc == code, f"exit {rc}, want {code}: {o[:300]} {e[:300]}")
        base = head.count("\n")
        lines = o.splitlines()
        pats = [re.sub(r"L\\\+(\d+)", lambda m: str(base + int(m.group(1))), w) for w in want]
        need(len(lines) == len(pats), f"{len(lines)} problems, want {len(pats)}: {o[:600]}")
        for l, p in zip(lines, pats):
            need(re.search(p, l), f"{l[:200]!r} does not match {p!r}")
        need(sorted(os.listdir(d)) == before, "tex --check wrote a file")
    return check


add("tex", "tex --check: a clean paper, nothing printed, exit 0",
    check_paper("\\bcvalue{a_b} and \\bcvalue{a:b}; $x = \\bcvalue{A1_:-.z}$.\n", [], 0))
add("tex", "tex --check: an undefined name, with the one it was probably meant to be",
    check_paper("x\n\\bcvalue{a_bb}\n", [r"paper\.tex:L\+2: \\bcvalue\{a_bb\} is not defined by the catalogue \(did you mean a_b or a-b\?\)$"], 1))
add("tex", "tex --check: an undefined hostile name is shown escaped",
    check_paper("\\bcvalue{\x1b[31mx}\n", [r"paper\.tex:L\+1: \\bcvalue\{\\x1b\[31mx\} is not defined by the catalogue"], 1))
add("tex", "tex --check: the value typed by hand, in full and grouped",
    check_paper(f"{BIG}\nand {str(BIG)[:3]}\\,{str(BIG)[3:6]}\\,{str(BIG)[6:9]}\\,{','.join([str(BIG)[9:][i:i + 3] for i in range(0, 21, 3)])}\n",
                [rf"paper\.tex:L\+1: {BIG} is typed by hand and is the value of a_b \(binom\(100, 50\)\): write \\bcvalue\{{a_b\}}$",
                 r"paper\.tex:L\+2: .* is typed by hand and is the value of a_b"], 1))
add("tex", "tex --check: 45,696 and 45\\,696 typed are the value of v.g and dim.N64_3",
    check_paper("45,696 and\n45\\,696\n", [r"L\+1: 45,696 is typed by hand and is the value of v\.g .* and of dim\.N64_3", r"L\+2: 45\\,696 is typed by hand"], 1))
add("tex", "tex --check: typed numbers in comments, \\label, \\cite and below 3 digits are not reported",
    check_paper(f"% {BIG}\n\\label{{{BIG}}} \\cite{{{BIG}}} 12 and 2024\n", [], 0))
add("tex", "tex --check: a stale definition names its line in numbers.tex",
    check_paper("\\bcvalue{a_b}\n", [r"numbers\.tex:\d+: a_b is stale: the file has 1, the catalogue gives " + str(BIG) + r" now: regenerate it: boundcheck tex"], 1,
                numbers_edit=lambda t: re.sub(r"(detokenize\{a_b\}\\endcsname\{)\d+\}", r"\g<1>1}", t)))
add("tex", "tex --check: a definition removed from numbers.tex",
    check_paper("\\bcvalue{a_b}\n", [r"numbers\.tex: a\.b is not defined in it: regenerate it"], 1,
                numbers_edit=lambda t: "\n".join(l for l in t.split("\n") if "{a.b}" not in l)))
add("tex", "tex --check: a definition the catalogue no longer has",
    check_paper("\\bcvalue{a_b}\n", [r"numbers\.tex:\d+: gone is no longer defined by the catalogue"], 1,
                numbers_edit=lambda t: t + "\\expandafter\\gdef\\csname bc@v@\\detokenize{gone}\\endcsname{5}\n"))
add("tex", "tex --check: the \\bcvalue macro edited",
    check_paper("\\bcvalue{a_b}\n", [r"numbers\.tex: its \\bcvalue macro is not the one this boundcheck writes"], 1,
                numbers_edit=lambda t: t.replace("\\textbf{??}", "\\textbf{!!}")))
add("tex", "tex --check: a malformed definition line",
    check_paper("\\bcvalue{a_b}\n", [r"numbers\.tex: a_b is not defined in it", r"numbers\.tex:\d+: a malformed or repeated definition"], 1,
                numbers_edit=lambda t: re.sub(r"(detokenize\{a_b\}\\endcsname\{\d+)\}", r"\1", t)))
add("tex", "tex --check: \\bcvalue without \\input{numbers}",
    check_paper("\\bcvalue{a_b}\n", [r"paper\.tex: uses \\bcvalue but never \\input\{numbers\}"], 1, head="\\documentclass{article}\n\\begin{document}\n"))
add("tex", "tex --check: the paper relies on a claim that fails, at its first use",
    check_paper("x\n\\bcvalue{drift} \\bcvalue{drift}\n", [r"paper\.tex:L\+2: the paper relies on claim drift \(.*paper\.toml:\d+\), which fails \(expected holds\)"], 1))
add("tex", "tex --check: a grid claim has no single value",
    check_paper("\\bcvalue{grid}\n", [r"L\+1: \\bcvalue\{grid\}: the claim grid has no single value to print"], 1))


def missing_numbers():
    d = tex_dir(with_numbers=False)
    with open(os.path.join(d, "paper.tex"), "w") as f:
        f.write(PAPER_HEAD + "\\bcvalue{a_b}\n\\end{document}\n")
    rc, o, e = run(["tex", "--check", os.path.join(d, "paper.tex")])
    need(rc == 1 and re.fullmatch(r".*/numbers\.tex: missing: write it with boundcheck tex --catalogue .* --output .*numbers\.tex\n", o), f"{rc} {o!r}")
    need(not os.path.exists(os.path.join(d, "numbers.tex")), "--check wrote numbers.tex")


add("tex", "tex --check: numbers.tex missing (and not written)", missing_numbers)
PAPERS = os.path.join(TMP, "papers")
os.makedirs(os.path.join(PAPERS, "adir.tex"))
write(os.path.join(PAPERS, "nul.tex"), b"\\bcvalue{a}\x00\n")
write(os.path.join(PAPERS, "big.tex"), ("%" + "x" * 1023 + "\n") * (16 * 1024 + 1))
write(os.path.join(PAPERS, "long.tex"), "%" + "x" * (1 << 20) + "\n")
for label, argv, code, pat in [
        ("a missing paper", ["tex", "--check", os.path.join(PAPERS, "none.tex"), "--catalogue", TEX_DIR], 2, r'--check: cannot read ".*none\.tex"\n$'),
        ("a directory", ["tex", "--check", os.path.join(PAPERS, "adir.tex"), "--catalogue", TEX_DIR], 2, r"is a directory\n$"),
        ("NUL bytes", ["tex", "--check", os.path.join(PAPERS, "nul.tex"), "--catalogue", TEX_DIR], 2, r"not a text file"),
        ("past 16 MiB", ["tex", "--check", os.path.join(PAPERS, "big.tex"), "--catalogue", TEX_DIR], 2, r"larger than 16 MiB"),
        ("a line past 1 MiB", ["tex", "--check", os.path.join(PAPERS, "long.tex"), "--catalogue", TEX_DIR], 2, r"longer than 1048576 characters"),
        ("--numbers without --check", ["tex", "--catalogue", TEX_DIR, "--numbers", "n.tex"], 2, r"--numbers is the file --check reads"),
        ("no --catalogue", ["tex"], 2, r"tex needs --catalogue DIR"),
        ("a bad --separator", ["tex", "--catalogue", TEX_DIR, "--separator", "dot\x1b"], 2, r'--separator must be thin .* got "dot\\x1b"'),
        ("a paper's catalogue that is malformed", ["tex", "--check", os.path.join(PAPERS, "x.tex"), "--catalogue", catalogue({"c.toml": "[[value]\n"})], 2,
         r"cannot read|/c\.toml:1:")]:
    add("tex", f"tex: {label}: exit {code}", refused(argv, code, pat))


def output_guard(target, pat, code=2, check_mode=False, clean=False):
    def check():
        d = tex_dir()
        with open(os.path.join(d, "paper.tex"), "w") as f:
            f.write(PAPER_HEAD + ("\\bcvalue{a_b}\n" if clean else "\\bcvalue{nope}\n") + "\\end{document}\n")
        snapshot = {n: open(os.path.join(d, n), "rb").read() for n in os.listdir(d)}
        out = os.path.join(d, target)
        argv = ["tex", "--check", os.path.join(d, "paper.tex"), "--output", out] if check_mode else ["tex", "--catalogue", d, "--output", out]
        if pat is None:  # a clean paper: nothing to write, so nothing written
            rc, o, e = run(argv)
            need(rc == 0 and o == "", f"exit {rc}: {o[:200]}")
        else:
            one_error(*run(argv), code, pat)
        now = {n: open(os.path.join(d, n), "rb").read() for n in os.listdir(d) if os.path.isfile(os.path.join(d, n))}
        need(now == {k: v for k, v in snapshot.items() if os.path.isfile(os.path.join(d, k))}, f"files changed: {sorted(set(now) ^ set(snapshot))}")
    return check


add("tex", "tex --output onto the catalogue file is refused, the file untouched", output_guard("paper.toml", r'"[^"]*paper\.toml" is an input, which this run reads; refusing to overwrite it\n$'))
add("tex", "tex --output into a missing directory: one error, nothing written", output_guard("nodir/numbers.tex", r"--output: cannot create a temporary file", code=1))
add("tex", "tex --output onto the catalogue directory itself", output_guard(".", r"--output", code=2))
add("tex", "tex --check --output onto the paper is refused", output_guard("paper.tex", r"is an input, which this run reads; refusing to overwrite it", check_mode=True))
add("tex", "tex --check --output onto the paper of a clean paper: nothing written, exit 0", output_guard("paper.tex", None, check_mode=True, clean=True))
add("tex", "tex --check --output onto numbers.tex is refused", output_guard("numbers.tex", r"is an input, which this run reads; refusing to overwrite it", check_mode=True))


def writes_only_output():
    d = tex_dir(with_numbers=False)
    before = sorted(os.listdir(d))
    rc, o, e = run(["tex", "--catalogue", d])
    need(rc == 0 and o.startswith("% Numbers for a paper") and sorted(os.listdir(d)) == before, "tex without --output wrote a file")
    out = os.path.join(d, "numbers.tex")
    rc2, o2, e2 = run(["tex", "--catalogue", d, "--output", out])
    need(rc2 == 0 and o2 == "" and sorted(os.listdir(d)) == sorted(before + ["numbers.tex"]), f"{rc2} {sorted(os.listdir(d))}")
    with open(out) as f:
        written = f.read().split("\n")
    need(written[2:] == o.split("\n")[2:] and written[1].endswith("--output " + out), "the file is not what stdout showed")


add("tex", "tex writes only --output, and the file is what stdout shows", writes_only_output)


def compile_case(babel):
    def check():
        d = tex_dir()
        body = ("\\documentclass{article}\n" + ("\\usepackage[T1]{fontenc}\n\\usepackage[french]{babel}\n" if babel else "") +
                "\\input{numbers}\n\\begin{document}\n\\section{R\\'esultats}\nText \\bcvalue{a_b}, math $x = \\bcvalue{a:b}^2$, "
                "\\bcvalue{a-b} and \\bcvalue{A1_:-.z}, \\bcvalue{nope}.\n\\begin{table}[h]\\caption{\\bcvalue{a.b} and \\bcvalue{v.int}}"
                "\\begin{tabular}{l}\\bcvalue{v.sci}\\\\ \\bcvalue{h2}\\end{tabular}\\end{table}\n\\listoftables\n\\end{document}\n")
        with open(os.path.join(d, "paper.tex"), "w") as f:
            f.write(body)
        for _ in range(2):
            p = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "paper.tex"], cwd=d,
                               capture_output=True, text=True, timeout=HANG, errors="replace")
            need(p.returncode == 0, f"pdflatex: {p.stdout[-600:]}")
        need("Value `nope' undefined" in p.stdout.replace("\n", ""), "no warning for the undefined name")
        t = subprocess.run(["pdftotext", "paper.pdf", "-"], cwd=d, capture_output=True, text=True, timeout=HANG).stdout
        flat = t.replace("\u2009", "").replace(" ", "")
        need(str(BIG) in flat and str(2 ** 70) in flat and "??" in t and "0.375" in t and "[1.4142,1.4143]" in flat, f"pdf text {t[:300]!r}")
    return check


if shutil.which("pdflatex") and shutil.which("pdftotext"):
    add("tex", "pdflatex compiles \\bcvalue with _ : - . names in text, math, a caption and a table", compile_case(False))
    if subprocess.run(["kpsewhich", "french.ldf"], capture_output=True, text=True).stdout.strip():
        add("tex", "pdflatex: the same under babel french (':' active)", compile_case(True))


# ==== run ============================================================================================

def main():
    t0 = time.monotonic()
    bad = []
    tally = {}
    selected = [c for c in CASES if KNOWN or c[0] != "known"]
    with concurrent.futures.ThreadPoolExecutor(JOBS) as ex:
        futs = {ex.submit(fn): (cls, name) for cls, name, fn in selected}
        for f in concurrent.futures.as_completed(futs):
            cls, name = futs[f]
            try:
                why = f.result()
            except Exception as e:  # noqa: BLE001 (a failure of the script's own is BAD)
                why = f"{type(e).__name__}: {e}"
            tally.setdefault(cls, [0, 0])[0 if not why else 1] += 1
            if why:
                bad.append(f"BAD {cls}: {name}: {why}")
            elif VERBOSE:
                print(f"PASS {cls}: {name}")
    for b in sorted(bad):
        print(b)
    total = sum(p + q for p, q in tally.values())
    print(f"{total} cases, {total - len(bad)} pass, {len(bad)} BAD ({', '.join(f'{k} {v[0] + v[1]}' for k, v in sorted(tally.items()))}; "
          f"{time.monotonic() - t0:.0f} s){'' if PYPATH else '; python cases skipped (no --python-path)'}")
    shutil.rmtree(TMP, ignore_errors=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
