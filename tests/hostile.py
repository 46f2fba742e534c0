#!/usr/bin/python3
"""The hostile corpus (tests/data/hostile/, issue 20 §1): specs, shard files and a catalogue that
try to run commands through gnuplot, break or hijack LaTeX, or write outside the working
directory. Each is run as a user would (`table --spec F --plot fig.svg --format latex --output
out.tex`, `table merge`, `verify --catalogue`, `tex --catalogue`) in a fresh working directory, and must be either
refused (exit 1 or 2, one line on stderr, nothing on stdout) or rendered inert (exit 0). In both
cases:
  - no file named like "pwned" appears anywhere the test can see (the working directory, its
    parent, HOME, TMPDIR, /tmp), and the working directory holds only the inputs and the outputs
    the command line asked for;
  - every .tex produced compiles with pdflatex -no-shell-escape and did not read /etc/passwd
    (when pdflatex and siunitx are installed; skipped otherwise).
The expectation (refused or inert) is stated per file below, from what the input tries to do,
not from the program's output. Usage: hostile.py BOUNDCHECK_EXE CORPUS_DIR
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

EXE, CORPUS = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])

# inert: the input is legitimate text that merely looks dangerous; the run must succeed and the
# text must appear literally. Everything else in the corpus must be refused.
INERT = {"plot_quote_breakout.toml", "latex_column_input.toml", "latex_column_write18.toml",
         "latex_column_catcode.toml", "shard_latex_cells.json", "shard_exact_cells.json",
         "catalogue_latex", "catalogue_tex", "plot_multikey_quote.toml"}

# --set values (typed, or passed from Python's set={...}; shard files carry them) are checked as
# the spec's own values are (issue 28): each must be refused. (spec, --set value)
SET_SPECS = {
    "dim": 'command = "sphere dim"\n[sweep]\nd = [3, 4]\nl = [1, 2]\n',
    "bound": 'command = "rank bound"\n[fixed]\nd = 8\nr = 1\nH = 1\nkernel = "double"\n',
    "eckart": 'command = "sym eckart-young"\n[fixed]\nH = 1\n',
}
SET_CASES = {
    "set_newline": ("dim", 'l=[1, 2]\n[plot]\nx = "l"\ny = "N"\ntitle = "`touch pwned`"'),
    "set_backtick_choice": ("bound", 'count=["exact", "`touch pwned`"]'),
    "set_spectrum_passwd": ("eckart", "spectrum=/etc/passwd"),
    "set_spectrum_parent": ("eckart", "spectrum=../../etc/passwd"),
    "set_latex_value": ("dim", 'd="\\input{/etc/passwd}"'),
    "set_huge_range": ("dim", "l={from=1, to=1e300, step=1}"),
    "set_not_an_option": ("dim", 'title="`touch pwned`"'),
    "set_table_key": ("dim", "plot={x = 'l'}"),
}

HAVE_LATEX = shutil.which("pdflatex") is not None and subprocess.run(
    ["kpsewhich", "siunitx.sty"], capture_output=True).returncode == 0
HAVE_GNUPLOT = shutil.which("gnuplot") is not None

failures = []
compiled = []


def fail(case, what):
    failures.append(f"{case}: {what}")


def pwned_files(roots):
    found = []
    for root in roots:
        for dirpath, _, files in os.walk(root):
            found += [os.path.join(dirpath, f) for f in files if "pwned" in f]
    return found


def compile_tex(case, work, tex):
    doc = os.path.join(work, "doc.tex")
    with open(doc, "w") as f:
        f.write("\\documentclass{article}\\usepackage{booktabs}\\usepackage{siunitx}"
                "\\usepackage{longtable}\\begin{document}\n\\input{" + tex + "}\n\\end{document}\n")
    r = subprocess.run(["pdflatex", "-no-shell-escape", "-interaction=nonstopmode", "-halt-on-error",
                        "doc.tex"], cwd=work, capture_output=True, text=True, timeout=120)
    log = open(os.path.join(work, "doc.log"), errors="replace").read()
    compiled.append(case)
    if r.returncode != 0:
        fail(case, f"{tex} does not compile:\n{r.stdout[-800:]}")
    if "/etc/passwd" in log and "(/etc/passwd" in log:
        fail(case, f"{tex}: LaTeX read /etc/passwd")
    for f in ("doc.tex", "doc.log", "doc.aux", "doc.pdf"):
        if os.path.exists(os.path.join(work, f)):
            os.remove(os.path.join(work, f))


def run_case(case, inputs, argv, outputs, links=None):
    """Runs argv in a fresh directory holding `inputs` (and symlinks name -> target from `links`);
    `outputs` are the files it may write."""
    top = tempfile.mkdtemp(prefix="bc-hostile-")
    work, home, tmp = (os.path.join(top, d) for d in ("work", "home", "tmp"))
    for d in (work, home, tmp):
        os.mkdir(d)
    for src in inputs:
        dst = os.path.join(work, os.path.basename(src))
        (shutil.copytree if os.path.isdir(src) else shutil.copy)(src, dst)
    for name, target in (links or {}).items():
        os.symlink(target, os.path.join(work, name))
    env = dict(os.environ, HOME=home, TMPDIR=tmp)
    r = subprocess.run([EXE] + argv, cwd=work, env=env, capture_output=True, text=True, timeout=120)
    inert = case in INERT
    if r.returncode not in (0, 1, 2):
        fail(case, f"exit {r.returncode} (crash?): {r.stderr.strip()[:300]}")
    elif inert and r.returncode != 0:
        fail(case, f"should render inert text, was refused: {r.stderr.strip()[:300]}")
    elif not inert and r.returncode == 0:
        fail(case, "should be refused, ran")
    elif r.returncode != 0 and (r.stdout or len(r.stderr.strip().splitlines()) != 1):
        fail(case, f"a refusal is one line on stderr, nothing on stdout; got {r.stdout!r} / {r.stderr!r}")
    if "root:x:0" in r.stdout + r.stderr:
        fail(case, "printed the contents of /etc/passwd")
    found = pwned_files([top, "/tmp/pwned-boundcheck-hostile.csv"]) + glob.glob("/tmp/pwned*")
    if found:
        fail(case, f"files appeared: {found}")
    allowed = {os.path.basename(i) for i in inputs} | set(outputs) | set(links or {})
    extra = set(os.listdir(work)) - allowed
    if extra:
        fail(case, f"unexpected files in the working directory: {sorted(extra)}")
    if set(os.listdir(top)) != {"work", "home", "tmp"}:
        fail(case, f"wrote beside the working directory: {sorted(os.listdir(top))}")
    if HAVE_LATEX:
        for tex in glob.glob(os.path.join(work, "*.tex")):
            compile_tex(case, work, os.path.basename(tex))
    shutil.rmtree(top)
    return r


# ---- text that would spoof a verdict on a terminal (issue 38 §1) ---------------------------------
# A claim's text (and a method claim's published statement) that prints a fake "holds" row over the
# real "fails" (OSC title, BEL,
# CR, conceal), a claim id with a right-to-left override, a [derived] column name with OSC and CR,
# and expressions with a NUL, a fullwidth digit and a malformed byte. In every format nothing of it
# reaches stdout or stderr raw: both are valid UTF-8 without C0/C1 controls (but newline), DEL or
# bidirectional controls; the text is there, escaped visibly (\x1b, \u202e); JSON keeps it exactly.
SPOOF = "6\\u001b]0;owned-title\\u0007\\rx.spoof  6  6 == 6: true   holds    exact\\u001b[8m"  # TOML escapes
SPOOF_TEXT = "6\x1b]0;owned-title\x07\rx.spoof  6  6 == 6: true   holds    exact\x1b[8m"
SPOOF_CATALOGUE = f"""[[claim]]
id = "x.spoof"
claim = "{SPOOF}"
expr = "6 == 7"

[[claim]]
id = "x.spoof.method"
claim = "a method claim's published statement that draws a row (an expression claim's published must be a number)"
source = "s"
published = "{SPOOF}"
tolerance = "t"
method = "sphere.c1_limit"
[claim.params]
d = [10, 1000, 1000000]
tol = 1e-6

[[claim]]
id = "x.rtl\u202ecba"
claim = "an id with a right-to-left override \u2066 and \u0085"
expr = "1 == 1"
"""
SPOOF_SPEC = 'command = "sphere dim"\n[sweep]\nd = [3, 4]\nl = [1, 2]\n[derived]\n"x\\u001b]0;t\\u0007\\rN" = "N + 1"\n'
BAD_CHARS = {chr(c) for c in range(0x20) if c != 10} | {chr(0x7F)} | {chr(c) for c in range(0x80, 0xA0)} | \
    {"\u061c", "\u200e", "\u200f", "\u2028", "\u2029"} | {chr(c) for c in range(0x202A, 0x202F)} | \
    {chr(c) for c in range(0x2066, 0x206A)}
FORMATS = ("table", "csv", "markdown", "latex", "html", "json")


def raw_control(text):
    """The first character that a terminal would act on or that reorders text, or None."""
    return next((f"U+{ord(ch):04X}" for ch in text if ch in BAD_CHARS), None)


def spoof_run(case, files, argv, want_rc, shown, fmt):
    with tempfile.TemporaryDirectory() as work:
        for name, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(work, name)), exist_ok=True)
            with open(os.path.join(work, name), "w") as f:
                f.write(text)
        r = subprocess.run([EXE] + argv + ["--format", fmt], cwd=work, capture_output=True, timeout=120)
    case = f"{case} --format {fmt}"
    try:
        out, err = r.stdout.decode("utf-8"), r.stderr.decode("utf-8")
    except UnicodeDecodeError as e:
        return fail(case, f"output is not UTF-8: {e}")
    if r.returncode != want_rc:
        fail(case, f"exit {r.returncode}, expected {want_rc}: {err[:300]!r}")
    for where, text in (("stderr", err), ("stdout", out if fmt != "json" else "")):
        if raw_control(text):
            fail(case, f"{where} holds {raw_control(text)} raw: {text[:400]!r}")
    if fmt == "json" and out:
        strings, stack = [], [json.loads(out)]
        while stack:
            v = stack.pop()
            if isinstance(v, dict):
                strings += list(v)
                stack += list(v.values())
            elif isinstance(v, list):
                stack += v
            elif isinstance(v, str):
                strings.append(v)
        if shown and not any(s in x for s in shown["json"] for x in strings):
            fail(case, f"JSON lost the text {shown['json']}")
    elif shown and not any(s in out + err for s in shown.get(fmt, shown["text"])):
        fail(case, f"none of {shown.get(fmt, shown['text'])} shown: {(out + err)[:400]!r}")
    return out


def spoof_cases():
    n = 0
    cat = {"cat/spoof.toml": SPOOF_CATALOGUE}
    shown = {"text": ["6\\x1b]0;owned-title\\x07\\x0dx.spoof", "x.rtl\\u202ecba"],
             "markdown": ["6\\\\x1b\\]0;owned-title\\\\x07 x.spoof"], "latex": ["x.rtl\\textbackslash{}u202ecba"],
             "json": [SPOOF_TEXT, "x.rtl\u202ecba"]}
    for fmt in FORMATS:
        out = spoof_run("catalogue spoof", cat, ["verify", "--catalogue", "cat", "--wide"], 1, shown, fmt)
        if fmt == "table" and out is not None:
            row = next((l for l in out.splitlines() if l.startswith("x.spoof")), "")
            if " fails " not in row or " holds    exact" not in row or row.count(" holds ") != 2:
                fail("catalogue spoof", f"the x.spoof row does not read fails (expected holds): {row!r}")
        n += 1
    spec_shown = {"text": ["x\\x1b]0;t\\x07\\x0dN"], "markdown": ["x\\\\x1b\\]0;t\\\\x07 N"],
                  "latex": ["x ]0;t  N"], "json": ["x\x1b]0;t\x07\rN"]}
    for fmt in FORMATS:
        spoof_run("[derived] name spoof", {"spec.toml": SPOOF_SPEC}, ["table", "--spec", "spec.toml"], 0, spec_shown, fmt)
        n += 1
    # messages: a NUL, a fullwidth digit, a malformed byte, an override, each in a claim's expression
    for label, expr, text in (("NUL", "1 \\u0000== 1", "unexpected '\\x00'"), ("fullwidth", "\uff11 == 1", "unexpected '\uff11'"),
                              ("override", "1 \\u202e== 1", "unexpected '\\u202e'"), ("escape", "1 \\u001b[2J== 1", "unexpected '\\x1b'")):
        toml = f'[[claim]]\nid = "x.msg"\nclaim = "c"\nexpr = "{expr}"\n'
        err = spoof_run(f"message {label}", {"cat/m.toml": toml}, ["verify", "--catalogue", "cat"], 2,
                        {"text": [text]}, "table")
        n += 1
    return n


def main():
    cases = spoof_cases()
    for path in sorted(glob.glob(os.path.join(CORPUS, "*"))):
        name = os.path.basename(path)
        if name.endswith(".toml") or name == "outputs_self.csv":
            argv = ["table", "--spec", name, "--format", "latex", "--output", "out.tex"]
            outs = ["out.tex"]
            if "[plot]" in open(path).read() and HAVE_GNUPLOT:
                argv += ["--plot", "fig.svg"]
                outs.append("fig.svg")
            run_case(name, [path], argv, outs)
        elif name.endswith(".json"):
            argv = ["table", "merge", name, "--format", "latex", "--output", "out.tex"]
            outs = ["out.tex"]
            if "[plot]" in open(path).read() and HAVE_GNUPLOT:
                argv += ["--plot", "fig.svg"]
                outs.append("fig.svg")
            run_case(name, [path], argv, outs)
        elif os.path.isdir(path):
            run_case(name, [path], ["verify", "--catalogue", name, "--wide", "--format", "latex",
                                    "--output", "out.tex"], ["out.tex"])
            if name == "catalogue_tex":  # boundcheck tex (issue 35 §3): numbers.tex, \input by the test's document
                run_case(name, [path], ["tex", "--catalogue", name, "--output", "numbers.tex"], ["numbers.tex"])
        else:
            continue
        cases += 1
    for name, (base, value) in SET_CASES.items():
        with tempfile.TemporaryDirectory() as d:
            spec = os.path.join(d, "base.toml")
            with open(spec, "w") as f:
                f.write(SET_SPECS[base])
            argv = ["table", "--spec", "base.toml", "--set", value, "--format", "latex", "--output", "out.tex"]
            run_case(name, [spec], argv + (["--plot", "fig.svg"] if HAVE_GNUPLOT else []), ["out.tex", "fig.svg"])
            cases += 1
    # a 1 MB label: refused by length, not by a crash or a 1 MB figure
    with tempfile.TemporaryDirectory() as d:
        big = os.path.join(d, "plot_megabyte_title.toml")
        with open(big, "w") as f:
            f.write('command = "sphere dim"\n[sweep]\nd = [3]\nl = [1, 2]\n[plot]\nx = "l"\ny = "N"\n'
                    'title = "' + "A" * (1 << 20) + '"\n')
        run_case("plot_megabyte_title.toml", [big],
                 ["table", "--spec", "plot_megabyte_title.toml", "--plot", "fig.svg"], ["fig.svg"])
        cases += 1
    # a symlink inside the working directory that leads out (a repository can carry one)
    with tempfile.TemporaryDirectory() as d:
        spec = os.path.join(d, "read_spectrum_symlink.toml")
        with open(spec, "w") as f:
            f.write('command = "sym eckart-young"\n[fixed]\nspectrum = "values.txt"\nH = 1\n')
        run_case("read_spectrum_symlink.toml", [spec], ["table", "--spec", "read_spectrum_symlink.toml"], [],
                 links={"values.txt": "/etc/passwd"})
        cases += 1
    # the quote-doubling case must still draw its title literally (inert, not dropped)
    if HAVE_GNUPLOT:
        with tempfile.TemporaryDirectory() as d:
            shutil.copy(os.path.join(CORPUS, "plot_quote_breakout.toml"), d)
            subprocess.run([EXE, "table", "--spec", "plot_quote_breakout.toml", "--plot", "fig.svg"],
                           cwd=d, capture_output=True, check=False, timeout=120)
            svg = open(os.path.join(d, "fig.svg")).read() if os.path.exists(os.path.join(d, "fig.svg")) else ""
            if "system(&apos;touch pwned&apos;)" not in svg and "system('touch pwned')" not in svg:
                fail("plot_quote_breakout.toml", "the title is not drawn literally in the figure")
    if cases < 20:
        fail("corpus", f"only {cases} cases found in {CORPUS}")
    for f in failures:
        print("FAIL " + f)
    print(f"hostile corpus: {cases} cases, {len(compiled)} LaTeX files compiled, {len(failures)} failures"
          f"{'' if HAVE_LATEX else ' (LaTeX not compiled: pdflatex/siunitx missing)'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
