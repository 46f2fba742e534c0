#!/usr/bin/python3
"""The sample paper (docs/examples/paper/) the way its author works with it (issue 35 §3).

A scratch copy of the directory is built with its own Makefile (`make`: boundcheck tex writes
numbers.tex, pdflatex sets paper.tex) and checked with `make check` and with the `run: boundcheck`
lines of its GitHub Actions recipe (.github/workflows/paper.yml), which must all pass on the
sample. The PDF's text (pdftotext) must show the values: N(64,3) = 45696 (reference: Python's
math.comb, N(d,l) = (2l+d-2)/l binom(l+d-3, l-1)), the published 1.88e-3 as 1.88 x 10^-3, the heads
number as `boundcheck rank heads` prints it (grouped in threes in the text, as its [[value]] asks),
a value named with _ : - (2**70 from Python), and no ?? anywhere; also on pdflatex's first pass.
Then the paper and the catalogue are edited as a user would, and the checks must go red, naming
the line and the id: a defined value typed by hand, an undefined \\bcvalue (which also prints ?? and
a LaTeX warning), a claim whose published value no longer holds (verify and tex --check), a stale
numbers.tex, a missing one, and a malformed catalogue (exit 2).
Exit 125 (skipped) without pdflatex, pdftotext or make.
Usage: paper_example.py BOUNDCHECK_EXE SOURCE_DIR
"""
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

FAILURES = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        FAILURES.append(what)


def run(argv, cwd, env):
    return subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)


def pdf_text(path):
    return subprocess.run(["pdftotext", "-layout", path, "-"], capture_output=True, text=True, check=True).stdout


def line_of(text, needle):
    """The 1-based line of the first occurrence of needle."""
    return text[:text.index(needle)].count("\n") + 1


def workflow_commands(path):
    """The `run: boundcheck ...` lines of the workflow, in order."""
    return [m.group(1) for m in re.finditer(r"^\s*run: (boundcheck .*)$", open(path).read(), re.M)]


def build_and_read(d, env):
    r = run(["make"], d, env)
    check(r.returncode == 0, f"make builds numbers.tex and paper.pdf (exit {r.returncode}) {r.stderr[-400:]}")
    return pdf_text(os.path.join(d, "paper.pdf")) if r.returncode == 0 else ""


def values_shown(text, heads):
    n64 = (2 * 3 + 64 - 2) * math.comb(3 + 64 - 3, 3 - 1) // 3  # N(64,3) from its formula
    check(n64 == 45696 and "45696" in text, "the PDF shows N(64,3) = 45696")
    check(re.search(r"1\.88\s*×\s*10\s*−3", text) is not None, "the PDF shows 1.88 × 10^-3 (the published 1.88e-3)")
    grouped = "{:,}".format(int(heads)).replace(",", " ")
    check(grouped in text, f"the PDF shows the heads number grouped, {grouped}")
    check(heads in text, f"the PDF shows the heads number in full, {heads} (the claim's own value)")
    check("157.5" in text, "the PDF shows the composition bound to its 4 digits, 157.5")
    check("??" not in text, "no ?? in the PDF")


def clean_run(d, env):
    for cmd in workflow_commands(os.path.join(d, ".github/workflows/paper.yml")):
        r = run(shlex.split(cmd), d, env)
        check(r.returncode == 0, f"workflow: {cmd} exits 0 on the sample (exit {r.returncode}) {r.stderr[-300:]}")
    r = run(["make", "check"], d, env)
    check(r.returncode == 0, f"make check exits 0 on the sample (exit {r.returncode}) {r.stdout[-300:]}{r.stderr[-300:]}")
    cases = junit_cases(os.path.join(d, "report.xml"))
    check(sorted(cases) == ["coef.c5_16", "dim.N64_3", "lemma.heads32"] and not any(cases.values()),
          f"report.xml holds one passing testcase per claim: {cases}")


def junit_cases(path):
    """testcase name -> its failure/error message ('' when it passed), from a JUnit XML file."""
    out = {}
    for tc in ET.parse(path).getroot().iter("testcase"):
        bad = tc.find("failure") if tc.find("failure") is not None else tc.find("error")
        out[tc.get("name")] = "" if bad is None else (bad.get("message") or "") + (bad.text or "")
    return out


def typed_by_hand(d, env, paper):
    edited = paper.replace("$N(64,3) = \\bcvalue{dim.N64_3}$", "$N(64,3) = 45696$", 1)
    open(os.path.join(d, "paper.tex"), "w").write(edited)
    line = line_of(edited, "$N(64,3) = 45696$")
    r = run(["boundcheck", "tex", "--check", "paper.tex", "--catalogue", "."], d, env)
    check(r.returncode == 1, f"a value typed by hand: tex --check exits 1 (exit {r.returncode})")
    check(f"paper.tex:{line}: 45696 is typed by hand" in r.stdout and "\\bcvalue{dim.N64_3}" in r.stdout,
          f"... and names paper.tex:{line} and dim.N64_3: {r.stdout.strip()}")


def undefined(d, env, paper):
    edited = paper.replace("that is\n\\bcvalue{mine.h32} heads", "that is\n\\bcvalue{mine.h33} heads", 1)
    open(os.path.join(d, "paper.tex"), "w").write(edited)
    line = line_of(edited, "\\bcvalue{mine.h33}")
    r = run(["boundcheck", "tex", "--check", "paper.tex", "--catalogue", "."], d, env)
    check(r.returncode == 1, f"an undefined value: tex --check exits 1 (exit {r.returncode})")
    check(f"paper.tex:{line}: \\bcvalue{{mine.h33}} is not defined" in r.stdout and "mine.h32" in r.stdout,
          f"... and names paper.tex:{line}, mine.h33 and the likely mine.h32: {r.stdout.strip()}")
    r = run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex"], d, env)
    check(r.returncode == 0, "the paper still compiles with an undefined value")
    check("??" in pdf_text(os.path.join(d, "paper.pdf")), "... and shows ?? where it is used")
    log = open(os.path.join(d, "paper.log"), errors="replace").read()
    check("Package boundcheck Warning: Value `mine.h33' undefined" in log, "... with a LaTeX warning naming it")


def claim_drifted(d, env, paper, toml):
    open(os.path.join(d, "paper.tex"), "w").write(paper)
    open(os.path.join(d, "paper.toml"), "w").write(toml.replace('published = "45696"', 'published = "45697"', 1))
    r = run(["boundcheck", "verify", "--catalogue", "."], d, env)
    check(r.returncode == 1, f"a drifted published value: verify exits 1 (exit {r.returncode})")
    row = [ln for ln in r.stdout.splitlines() if ln.startswith("dim.N64_3")]
    check(bool(row) and "45697" in row[0] and "fails" in row[0], f"... and its row names dim.N64_3 fails: {row}")
    r = run(["boundcheck", "verify", "--catalogue", ".", "--format", "junit", "--output", "drift.xml"], d, env)
    cases = junit_cases(os.path.join(d, "drift.xml")) if r.returncode == 1 else {}
    check("45697" in cases.get("dim.N64_3", "") and not cases.get("coef.c5_16", "x"),
          f"... and the JUnit report fails dim.N64_3 alone, naming 45697: {cases}")
    os.remove(os.path.join(d, "drift.xml"))
    r = run(["boundcheck", "tex", "--check", "paper.tex", "--catalogue", "."], d, env)
    line = line_of(paper, "\\bcvalue{dim.N64_3}")
    check(r.returncode == 1 and f"paper.tex:{line}: the paper relies on claim dim.N64_3" in r.stdout
          and "fails (expected holds)" in r.stdout,
          f"... and tex --check names the paper's first use, paper.tex:{line}: {r.stdout.strip()}")


def stale_and_missing(d, env, toml):
    numbers = open(os.path.join(d, "numbers.tex")).read()
    open(os.path.join(d, "paper.toml"), "w").write(toml.replace("digits = 4", "digits = 5", 1))
    line = line_of(numbers, "bc@v@\\detokenize{mine.compose1024}")
    r = run(["boundcheck", "tex", "--check", "paper.tex", "--catalogue", "."], d, env)
    check(r.returncode == 1 and f"numbers.tex:{line}: mine.compose1024 is stale: the file has 157.5, the "
          "catalogue gives 157.54 now" in r.stdout, f"a stale numbers.tex is named with its line: {r.stdout.strip()}")
    r = run(["make"], d, env)
    check(r.returncode == 0 and "157.54" in pdf_text(os.path.join(d, "paper.pdf")),
          "make regenerates numbers.tex after the catalogue changed, and the PDF follows")
    r = run(["boundcheck", "tex", "--check", "paper.tex", "--catalogue", "."], d, env)
    check(r.returncode == 0 and r.stdout == "", f"... and tex --check is clean again: {r.stdout.strip()}")
    os.remove(os.path.join(d, "numbers.tex"))
    r = run(["boundcheck", "tex", "--check", "paper.tex"], d, env)
    check(r.returncode == 1 and "numbers.tex: missing" in r.stdout, f"a missing numbers.tex: {r.stdout.strip()}")


def malformed(d, env, toml):
    open(os.path.join(d, "paper.toml"), "w").write(toml + "\n[[value]\nname = 1\n")
    for argv in (["tex", "--catalogue", "."], ["tex", "--check", "paper.tex"], ["verify", "--catalogue", "."]):
        r = run(["boundcheck"] + argv, d, env)
        check(r.returncode == 2 and re.search(r"paper\.toml:\d+:\d+", r.stderr) and r.stdout == "",
              f"a malformed catalogue: {' '.join(argv)} exits 2 naming file:line:column: {r.stderr.strip()[:200]}")


def first_pass(src, env, scratch):
    """pdflatex's first pass (no .aux) already shows every value, including one named with _ : -."""
    d = os.path.join(scratch, "first")
    shutil.copytree(src, d)
    with open(os.path.join(d, "paper.toml"), "a") as f:
        f.write('\n[[value]]\nname = "odd_name:x-1"\nexpr = "2^70"\n'
                'description = "a hostile description\\n\\\\input{/etc/passwd}"\n')
    paper = open(os.path.join(d, "paper.tex")).read()
    open(os.path.join(d, "paper.tex"), "w").write(
        paper.replace("\\end{document}", "Odd: \\bcvalue{odd_name:x-1}, $\\bcvalue{odd_name:x-1}$.\n\\end{document}"))
    r = run(["boundcheck", "tex", "--catalogue", ".", "--output", "numbers.tex"], d, env)
    check(r.returncode == 0, f"tex writes numbers.tex (exit {r.returncode}) {r.stderr}")
    numbers = open(os.path.join(d, "numbers.tex")).read()
    check(all(ln.startswith("%") for ln in numbers.splitlines() if "passwd" in ln),
          "a description's newline does not end its comment")
    r = run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex"], d, env)
    check(r.returncode == 0, "one pdflatex pass compiles")
    text = pdf_text(os.path.join(d, "paper.pdf"))
    check(text.count(str(2 ** 70)) == 2, f"the first pass shows 2^70 = {2 ** 70} in text and math (name odd_name:x-1)")
    log = open(os.path.join(d, "paper.log"), errors="replace").read()
    check("Package boundcheck Warning" not in log and "45696" in text and "157.5" in text,
          "... and every other value, with no undefined value (the ?? of \\ref are the first pass's)")


def main():
    exe, src_root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    for tool in ("pdflatex", "pdftotext", "make"):
        if shutil.which(tool) is None:
            print(f"{tool} not installed: skipped")
            return 125
    src = os.path.join(src_root, "docs", "examples", "paper")
    scratch = tempfile.mkdtemp(prefix="bc_paper_")
    try:
        bindir = os.path.join(scratch, "bin")
        os.mkdir(bindir)
        os.symlink(exe, os.path.join(bindir, "boundcheck"))
        env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
        d = os.path.join(scratch, "paper")
        shutil.copytree(src, d, ignore=shutil.ignore_patterns("numbers.tex", "*.pdf", "*.aux", "*.log"))
        heads = run(["boundcheck", "rank", "heads", "--d", "32", "--r", "2", "--eps", "1/10", "--format", "csv"], d,
                    env).stdout.splitlines()[1].split(",")[4]
        values_shown(build_and_read(d, env), heads)
        clean_run(d, env)
        paper, toml = open(os.path.join(d, "paper.tex")).read(), open(os.path.join(d, "paper.toml")).read()
        typed_by_hand(d, env, paper)
        undefined(d, env, paper)
        claim_drifted(d, env, paper, toml)
        open(os.path.join(d, "paper.tex"), "w").write(paper)
        stale_and_missing(d, env, toml)
        malformed(d, env, toml)
        first_pass(src, env, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"paper example: {len(FAILURES)} failures")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
