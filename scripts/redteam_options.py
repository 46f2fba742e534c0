#!/usr/bin/python3
"""Red-team sweep of issue 38's classes (a sibling of redteam_seams.py, run by the test suite):

  misread   options that misread their values: an expression, a prefix or a path given in the
            CLI's list and range syntax (1,2  3:5  log(1,10,2)) is one string, never expanded;
            log and sqrt outside their domain are undefined, not an infinite enclosure; --set
            KEY=true/false for every option with a value of several commands' specs, KEY=VALUE for
            every flag, an empty value, and a directory where a file is read
  budget    budgets below a second: every command's slowest loop past the test-only deadline
            (BOUNDCHECK_TEST_DEADLINE, two values) stops with the time-limit error, exit 1 and no
            result; the issue's random-features runs are refused up front at real sub-second budgets;
            the same from Python (ResourceError)
  renamed   renamed columns and reworded claims: the old names are gone from every format and from
            verify --expr, the new ones are there, and their definitions are recomputed here
            (error_pm1_mean >= lower_bound, triple_not_excluded = [c p H m >= floor((N-1)/2)])

Each case is PASS or BAD; expectations are computed here from the rule the case tests (the typed
string, the column's definition), never copied from the tool's output.

Usage: scripts/redteam_options.py BOUNDCHECK_EXE [--python-path DIR] [--jobs N] [-v]
Exit 1 if any case is BAD. The tally it prints is the one in docs/guides/reliability.md.
"""
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
EXE = os.path.abspath(sys.argv[1])
ARGS = sys.argv[2:]
PYPATH = ARGS[ARGS.index("--python-path") + 1] if "--python-path" in ARGS else None
JOBS = int(ARGS[ARGS.index("--jobs") + 1]) if "--jobs" in ARGS else 2
VERBOSE = "-v" in ARGS
HANG = 120

CASES = []  # (class, name, function returning "" or the reason it is BAD)


def add(cls, name, fn):
    CASES.append((cls, name, fn))


def run(argv, env=None, cwd=None):
    p = subprocess.run([EXE, *argv], capture_output=True, text=True, timeout=HANG,
                       env={**os.environ, **(env or {})}, cwd=cwd)
    return p.returncode, p.stdout, p.stderr


def one_error(code, out, err, want_code, pattern):
    """'' when the run is a clean refusal: want_code, no stdout, one 'error: ' line matching."""
    if code != want_code:
        return f"exit {code}, want {want_code}: {err.strip()[:200]}"
    if out:
        return f"stdout not empty: {out[:120]!r}"
    if err.count("\n") != 1 or not err.startswith("error: "):
        return f"not one error line: {err[:200]!r}"
    if not re.search(pattern, err):
        return f"message {err.strip()!r} does not match {pattern!r}"
    return ""


def refused(argv, code, pattern, env=None, cwd=None):
    return lambda: one_error(*run(argv, env, cwd), code, pattern)


# ==== misread ========================================================================================

LISTS = ["1,2", "3:5", "1:10:2", "2,3,4", "0:1", "1e3,2e3", "1/2,1/3", "-1,1"]
for v in LISTS:
    col = str(min(i for i, ch in enumerate(v) if ch in ",:") + 1)
    add("misread", f"--expr {v!r} is one (malformed) expression",
        refused(["verify", "--expr", v], 2, rf"^error: --expr, column {col}: unexpected '[,:]'\n$"))
    add("misread", f"--expr {v + ' > 0'!r}", refused(["verify", "--expr", v + " > 0"], 2, r"--expr, column \d+: unexpected"))
    add("misread", f"--id {v!r} is one prefix",
        refused(["verify", "--id", v], 2, rf'^error: --id matches no claim, got "{re.escape(v)}"\n$'))
    add("misread", f"table --spec {v!r} is one path",
        refused(["table", "--spec", v], 2, rf'--spec: cannot read "{re.escape(v)}"'))
for grid in ["log(1,10,2)", "log(1,1e6,4)", "log(10,100,1)"]:
    add("misread", f"--expr {grid!r}: log takes one argument",
        refused(["verify", "--expr", grid], 2, r"--expr, column 1: log\(\) takes 1 argument, got 3"))


def log_value(expr, want):
    def check():
        code, out, err = run(["verify", "--expr", expr, "--format", "json"])
        if code != 0:
            return f"exit {code}: {err.strip()}"
        got = json.loads(out)["rows"][0]["computed"]
        return "" if want in got else f"computed {got!r}, want it to hold {want!r}"
    return check


# ln 2 = 0.693147180559945309417232121458 (mpmath), ln 10 = 2.302585092994045684017991454684
add("misread", "--expr 'log(2)' evaluates", log_value("log(2)", "0.6931471805599453094172321214"))
add("misread", "--expr 'ln(10)' evaluates", log_value("ln(10)", "2.3025850929940456840179914546"))
add("misread", "--expr 'log(2)+0' evaluates", log_value("log(2)+0", "0.6931471805599453094172321214"))
for e, f, rel, shown in [("log(0)", "log", "<=", "0"), ("ln(1-1)", "ln", "<=", "0"), ("log2(-3/2)", "log2", "<=", "-3/2"),
                         ("log10(-7)", "log10", "<=", "-7"), ("sqrt(-1)", "sqrt", "<", "-1"),
                         ("sqrt(-1/4) == 1", "sqrt", "<", "-1/4"), ("log(0) < 1", "log", "<=", "0")]:
    add("misread", f"--expr {e!r} is undefined",
        refused(["verify", "--expr", e], 1, rf"{f}\(x\) is undefined for x {rel} 0, got x = {re.escape(shown)}\n$"))

# --set KEY=true/false for options with values, KEY=VALUE for flags (every own option of the command)
REGISTRY = {c["path"]: c for c in json.loads(run(["help", "--format", "json"])[1])["commands"]}
SPECS = {
    "sphere sign-coef": "[fixed]\nd = 3\nl = 3\n",
    "rank bound": "[fixed]\nd = 64\nr = 8\nH = 10\n",
    "sym gram": "[fixed]\nN = 2\ndegree = 3\n",
    "depth fit": "[fixed]\npoints = true\n",
    "comm neighborly": "[fixed]\nN = 8\nq = 2\nk = 6\n",
    "rank random-features": "[fixed]\nd = 8\nH = 4\ntrials = 3\n",
}
TMP = tempfile.mkdtemp(prefix="bc_redteam_options_")
os.makedirs(os.path.join(TMP, "sub"))
for path, body in SPECS.items():
    spec = os.path.join(TMP, path.replace(" ", "_") + ".toml")
    with open(spec, "w") as f:
        f.write(f'command = "{path}"\n{body}')
    for o in REGISTRY[path]["options"]:
        name = o["name"][2:]
        if o["positional"] or name in ("certificate",):
            continue
        if o["flag"]:
            add("misread", f"{path}: --set {name}=4 (a flag)",
                refused(["table", "--spec", spec, "--set", f"{name}=4"], 2,
                        rf'^error: --set {name}: --{name} is a flag: set it to true or false, not "4"\n$'))
        else:
            for b in ("true", "false"):
                add("misread", f"{path}: --set {name}={b}",
                    refused(["table", "--spec", spec, "--set", f"{name}={b}"], 2,
                            rf"^error: --set {name}: --{name} takes a value, not true/false\n$"))
fit = os.path.join(TMP, "depth_fit.toml")
add("misread", "depth fit: --set data=sub (a directory) names --set",
    refused(["table", "--spec", fit, "--set", "data=sub"], 2, r'--set data = sub: --data: "sub" is a directory\n$', cwd=TMP))
add("misread", "depth fit --data DIR", refused(["depth", "fit", "--data", os.path.join(TMP, "sub")], 2, r'--data: ".*" is a directory\n$'))
add("misread", "sym eckart-young --spectrum DIR",
    refused(["sym", "eckart-young", "--spectrum", os.path.join(TMP, "sub"), "--H", "2"], 2, r'--spectrum: ".*" is a directory\n$'))
add("misread", "paper_lb_grid --set d=''", refused(["table", "--spec", f"{ROOT}/data/specs/paper_lb_grid.toml", "--set", "d=''"], 2,
                                                   r"^error: --set d: --d must not be empty\n$"))
for n in (257, 300, 5000):
    pv = os.path.join(TMP, f"pivot{n}.toml")
    with open(pv, "w") as f:
        f.write(f'command = "sphere dim"\n[fixed]\nd = 3\n[sweep]\nl = {{ from = 1, to = {n}, step = 1 }}\n'
                '[layout]\nrows = "d"\ncols = "l"\nvalue = "N"\n')
    add("misread", f"a {n}-column pivot as LaTeX is refused",
        refused(["table", "--spec", pv, "--format", "latex", "--standalone"], 2, rf"the pivot has {n} value columns, and LaTeX sets at most 256"))

# ==== budget =========================================================================================

SLOWEST = [
    "sphere dim --d 3:1000000 --l 5", "sphere dim --d 3 --l-max 100000",
    "sphere gegenbauer --d 11 --l 5000000 --t 0.3 --digits 100", "sphere sign-coef --d 3 --l-max 100000 --digits 200",
    "sphere hecke-funk --d 5 --l 2001 --digits 300", "rank count --d 3 --r 4 --l 26",
    "rank bound --d 64 --r 8 --H 1:100000", "rank bound --d 64 --r 8 --H 1:1000 --kernel double",
    "rank heads --d 64 --r 8 --eps 0.05,0.06,0.07", "rank majority --d 200 --H 40000",
    "rank head-target --d 2000 --theta 0.3 --digits 100", "rank u --d 1024 --theta-grid 20 --degree 1601",
    "rank random-features --d 32 --H 1000 --trials 25", "rank random-features --d 16 --H 20 --trials 2000",
    "depth bounds --L 1:60 --dx 64 --H 1,2,4,8,16,32,64", "depth grid-rank --hadamard --d 3 --lambda 40 --omega 1/2",
    "depth grid-rank --network --L 3 --dx 32 --H 2 --N 4", "depth fit --points --L 6,12,18,24,30",
    "depth transition --L 6:2000", "depth optimal --params 1e9,1e10,1e11,1e12", "sym hstar --d 1:1000 --N 1:300",
    "sym bound --d 1:300 --N 1:300 --H 10", "sym gram --N 6 --degree 28",
    "sym eckart-young --power 150000 --alpha 1 --H 50", "comm sizes --N 2:100000 --d 1 --q 1",
    "comm models --p 1:2000", "comm neighborly --N 30 --q 3 --k 40",
    "comm pair-matching --N 128 --M 256 --search-alpha --trials 5000",
    f"table --spec {ROOT}/data/specs/paper_lb_grid.toml",
]
for case in SLOWEST:
    for d in ("0.000000001", "0.000001"):
        add("budget", f"{case} past a {d} s deadline",
            refused([*case.split(), "--max-seconds", "60"], 1, r"exceeded the time limit of [0-9.e+-]+ s \(raise --max-seconds\)\n$",
                    env={"BOUNDCHECK_TEST_DEADLINE": d}))
for case, b in [("rank random-features --d 16 --H 20 --trials 200", "0.05"),
                ("rank random-features --d 16 --H 20 --trials 2000", "1"),
                ("rank random-features --d 16 --H 40 --trials 1000", "2"),
                ("rank random-features --d 8 --H 200 --trials 2000", "0.5"),
                ("sym eckart-young --power 1000000 --alpha 1 --H 50", "60")]:
    add("budget", f"{case} --max-seconds {b}: refused up front",
        refused([*case.split(), "--max-seconds", b], 1, r": estimated [0-9.e+]+ (flops|bit operations) exceeds the limit"))
def every_claim_errs():
    """verify runs each claim in a process of its own with its own budget: past the deadline every
    claim is an error naming the time limit, and none reaches a verdict."""
    code, out, err = run(["verify", "--max-seconds", "60", "--format", "json"],
                         {"BOUNDCHECK_TEST_DEADLINE": "0.000000001"})
    if code != 1:
        return f"exit {code}: {err.strip()[:200]}"
    j = json.loads(out)
    late = [r["id"] for r in j["rows"] if r["verdict"] != "error"]
    if late:
        return f"claims with a verdict past the deadline: {late[:5]}"
    notes = [n for n in j["meta"].get("notes", []) if "time limit of 1e-09 s" in n]
    return "" if len(notes) == len(j["rows"]) else f"{len(notes)} of {len(j['rows'])} notes name the time limit"


add("budget", "verify (claims in child processes) past the deadline: every claim an error", every_claim_errs)
add("budget", "comm models past the deadline: no late result",
    refused(["comm", "models", "--max-seconds", "60"], 1, r"comm models: finished after the time limit of 1e-09 s",
            env={"BOUNDCHECK_TEST_DEADLINE": "0.000000001"}))


def python_case(code, want):
    def check():
        p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG,
                           env={**os.environ, "PYTHONPATH": PYPATH})
        out = (p.stdout + p.stderr).strip()
        return "" if p.returncode == 0 and re.search(want, out) else f"rc {p.returncode}: {out[-300:]}"
    return check


if PYPATH:
    for kw, want in [("max_seconds=0.05", "ResourceError: rank random-features: work: estimated"),
                     ("max_seconds=1, trials=2000", "ResourceError: rank random-features: work: estimated")]:
        code = ("import boundcheck\ntry:\n    boundcheck.rank.random_features(d=16, H=20, %s)\n"
                "except Exception as e:\n    print(type(e).__name__ + ': ' + str(e))\n") % (
                    kw if "trials" in kw else kw + ", trials=200")
        add("budget", f"python rank.random_features(d=16, H=20, {kw})", python_case(code, want))
    for case in SLOWEST[:12]:
        argv = case.split()
        code = ("import os, boundcheck\ntry:\n    boundcheck.invoke(%r + ['--max-seconds', '60'])\n    print('RESULT')\n"
                "except boundcheck.ResourceError as e:\n    print('ResourceError: ' + str(e))\n") % argv
        add("budget", f"python {case} past the deadline", lambda code=code: _python_deadline(code))


def _python_deadline(code):
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=HANG,
                       env={**os.environ, "PYTHONPATH": PYPATH, "BOUNDCHECK_TEST_DEADLINE": "0.000000001"})
    out = p.stdout.strip()
    return "" if re.search(r"ResourceError: .*exceeded the time limit", out) and "RESULT" not in out else f"{out[-300:]} {p.stderr[-200:]}"


# ==== renamed ========================================================================================

def rf_case(d, H, trials, seed):
    def check():
        code, out, err = run(["rank", "random-features", "--d", str(d), "--H", str(H), "--trials", str(trials),
                              "--seed", str(seed), "--format", "json"])
        if code != 0:
            return f"exit {code}: {err}"
        j = json.loads(out)
        cols, row = j["columns"], j["rows"][0]
        if "error_mean" in cols or cols[4] != "error_pm1_mean" or "error_01_mean" not in cols:
            return f"columns {cols}"
        # LB(d, 1, H) bounds the +-1 error of any H rank-1 heads: each trial's, so the minimum too
        if not float(row["error_pm1_min"]) >= float(row["lower_bound"]) - 1e-9:
            return f"error_pm1_min {row['error_pm1_min']} < lower_bound {row['lower_bound']}"
        return ""
    return check


for d, H in [(3, 2), (4, 8), (8, 4), (8, 12), (16, 8), (24, 16), (32, 32), (64, 8), (100, 4), (12, 50)]:
    add("renamed", f"random-features d={d} H={H}: +-1 error first, never below LB", rf_case(d, H, 4, d + H))
for fmt_ in ("csv", "markdown", "table", "latex", "html"):
    def old_gone(fmt_=fmt_):
        code, out, err = run(["rank", "random-features", "--d", "8", "--H", "4", "--trials", "3", "--format", fmt_])
        if code != 0:
            return err
        return "" if "error_mean" not in out and "error_pm1_mean" in out.replace("\\_", "_") else "old or missing name"
    add("renamed", f"random-features --format {fmt_}: error_mean gone", old_gone)
    def models_gone(fmt_=fmt_):
        code, out, err = run(["comm", "models", "--format", fmt_])
        if code != 0:
            return err
        o = out.replace("\\_", "_")
        return "" if "triple_can_hold" not in o and "triple_not_excluded" in o else "old or missing name"
    add("renamed", f"comm models --format {fmt_}: triple_can_hold gone", models_gone)
add("renamed", "verify --expr reads no error_mean column",
    refused(["verify", "--expr", "rank.random-features(d=8, H=4, trials=3).error_mean > 0"], 2, r'no column "error_mean"'))
add("renamed", "verify --expr reads error_pm1_mean >= the certified bound",
    lambda: "" if run(["verify", "--expr", "rank.random-features(d=8, H=4, trials=3).error_pm1_mean >= rank.bound(d=8, r=1, H=4).lo"])[0] == 0 else "does not hold")
add("renamed", "verify --expr: the default column is the +-1 error",
    lambda: "" if run(["verify", "--expr", "rank.random-features(d=16, H=8, trials=3) >= rank.bound(d=16, r=1, H=8).lo"])[0] == 0 else "does not hold")
for p_ in (1, 2, 8, 32):
    for c in ("1", "1/1000", "1/100000"):
        def triple(p_=p_, c=c):
            code, out, err = run(["comm", "models", "--p", str(p_), "--c", c, "--format", "json"])
            if code != 0:
                return err
            cc = Fraction(c)
            for row in json.loads(out)["rows"]:
                if row["pHm"] == "?":
                    continue
                want = "yes" if cc * int(row["pHm"]) >= (row["N"] - 1) // 2 else "no"
                if row["triple_not_excluded"] != want:
                    return f"{row['model']}: {row['triple_not_excluded']} != {want}"
            return ""
        add("renamed", f"comm models --p {p_} --c {c}: triple_not_excluded by its definition", triple)
for N, q in [(16, 2), (512, 56), (1024, 4), (64, 8)]:
    def sizes(N=N, q=q):
        code, out, err = run(["comm", "sizes", "--N", str(N), "--d", "1", "--q", str(q)])
        return "" if code == 0 and "not a sufficient size" in err and ") suffices" not in err.split("attention_m is")[0][-40:] else err[-200:]
    add("renamed", f"comm sizes N={N} q={q}: attention_m said to be the O(.) size", sizes)
add("renamed", "rank random-features --help: the title says +-1 error",
    lambda: "" if run(["rank", "random-features", "--help"])[1].startswith("+-1 error of optimally weighted") else "title")
if PYPATH:
    add("renamed", "python: random_features columns", python_case(
        "import boundcheck\nt = boundcheck.rank.random_features(d=8, H=4, trials=3)\n"
        "print(t.value('error_pm1_mean') >= t.value('lower_bound'))\ntry:\n    t.value('error_mean')\n"
        "except Exception as e:\n    print('refused', type(e).__name__)\n", r"True\s+refused"))


# ==== run ============================================================================================

def main():
    t0 = time.monotonic()
    bad = []
    tally = {}
    with concurrent.futures.ThreadPoolExecutor(JOBS) as ex:
        futs = {ex.submit(fn): (cls, name) for cls, name, fn in CASES}
        for f in concurrent.futures.as_completed(futs):
            cls, name = futs[f]
            try:
                why = f.result()
            except Exception as e:  # noqa: BLE001 (a hang or a crash of the script's own is BAD)
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
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
