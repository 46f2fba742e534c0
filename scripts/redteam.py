#!/usr/bin/python3
"""Adversarial sweep (issue 20 §4): several hundred hostile invocations of boundcheck, each
classified as

  ok        exit 0 with output (the input was unusual but legitimate, e.g. 2^(2^40));
  refused   exit 1 or 2, exactly one "error: " line on stderr, nothing on stdout;
  verdict   verify's exit 1 with its table: a claim that fails or cannot be decided (log(0) < 0);
  BAD       anything else: a crash (signal, exit >= 3), a hang (no exit within HANG seconds, while
            every case runs with --max-seconds 5 or less), a multi-line or empty error, output
            on stdout with an error exit, or memory above MEM_MB.

Usage: scripts/redteam.py BOUNDCHECK_EXE [--jobs N]      (exit 1 if any case is BAD)
The tally it prints is the one in the reliability guide (docs/guides/reliability.md). Each BAD case found while this
sweep was written was fixed and added to tests/cli/bad_input.txt or a CLI test.
"""
import concurrent.futures
import json
import os
import resource
import subprocess
import sys
import tempfile

HANG = 30       # seconds: every case has a budget of at most 5 s, plus the watchdog's grace
MEM_MB = 4096   # resident memory limit per case (RLIMIT_AS is not used: FLINT maps large arenas)


def spec(text):
    return ("spec", text)


def cases():
    out = []
    add = out.append
    # ---- verify --expr: deep nesting, huge exponents, big quantifiers, malformed text --------
    for e in ["10^10^10 > 0", "(10^10^5)^(10^5) > 1", "floor(10^(10^9)/7) > 0", "gamma(10^15) > 0",
              "binom(10^12, 5*10^11) > 0", "2^(2^40) > 0", "2^(2^62) > 0", "2^(2^100) > 0", "10^-10^10 < 1",
              "gamma(-1) > 0", "gamma(0) > 0", "log(0) < 0", "sqrt(-1) > 0", "1/0 > 0", "0^0 == 1", "0^-1 > 0",
              "exp(10^20) > 0", "exp(-10^20) >= 0", "log(-5) < 0", "binom(-3, 2) == 6", "binom(5, -1) == 0",
              "binom(10^30, 2) > 0", "floor(-0.5) == -1", "ceil(10^100 + 1/3) > 10^100",
              "all(l in 0..10^15: l >= 0)", "all(l in 0..999999: l >= 0)", "sum(l in 0..10^7: l) > 0",
              "sum(l in 0..999999: sphere.sign-coef(d=3, l=2*l+1)) > 0",
              "all(d in 3..100000: sphere.dim(d=d, l=10^6) > 0)", "max(l in {1,2,3}: l) == 3",
              "min() == 0", "max(1) == 1", "all(l in 5..1: l > 0)", "all(l in 1..2: all(m in 1..1000: all(k in 1..1000: k > 0)))",
              "(" * 500 + "1" + ")" * 500 + " == 1", "(" * 30000 + "1" + ")" * 30000 + " == 1",
              "-" * 100000 + "1 < 0", "1" + "+1" * 50000 + " > 0", "not " * 10000 + "true",
              "sphere.dim(d=3, l=10^30) > 0", "sphere.dim(d=10^9, l=10^9) > 0", "sphere.dim(d=-3, l=2) > 0",
              "sphere.dim(d=3) > 0", "sphere.dim(d=3, l=2, l=3) > 0", "sphere.dim(d=3, l=\"2\") > 0",
              "sphere.dim(d=3, l=2).nope > 0", "sphere.nothing(d=3) > 0", "rank.heads(d=64, r=8, eps=10^-30) > 0",
              "rank.heads(d=10^8, r=1, eps=1/2) > 0", "rank.bound(d=64, r=8, H=10^30) >= 0",
              "rank.majority(d=1000, H=7, target=1/100) > 0", "sym.gram(N=8, degree=28) > 0",
              "depth.bounds(L=10^6, dx=64, H=2) > 0", "comm.sizes(N=10^18, d=1, q=1) > 0",
              "sphere.gegenbauer(d=11, l=10^9, t=3/10) > 0", "sphere.sign-coef(d=3, l=10^12) > 0",
              "1 ~= 1 [rel=-1]", "1 ~= 1 [abs=0]", "1 ~= 1.0 [truncate]", "1 ~= x", "1 < 2 < 3", "", " ",
              "1 == 1\n; rm -rf /", "`touch pwned` == 1", "$(touch pwned) == 1", "1e999999999999 > 0",
              "1e-999999999999 > 0", "0.1 + 0.2 == 0.3", "pi > 3", "pi^pi^pi^pi > 0", "exp(exp(exp(exp(10)))) > 0"]:
        add(["verify", "--expr", e, "--max-seconds", "5"])
    # ---- table specs: derived columns, sweeps, plots, outputs, shards -------------------------
    base = 'command = "sphere dim"\n[sweep]\nd = [3]\nl = [1, 2]\n'
    for d in ["gamma(10^15)", "binom(10^12, 5*10^11)", "2^(2^40)", "10^10^10", "(10^10^5)^(10^5)",
              "floor(10^(10^9)/7)", "2^(2^62)", "N^N^N^N", "1/(N-N)", "log(N-N)", "sqrt(-N)", "gamma(-N)",
              "exp(10^30)", "x", "N +", "(" * 10000 + "N" + ")" * 10000, "N" + "*N" * 100000, "pi^(10^20)",
              "floor(N/0.0)", "binom(N, 10^18)", "max(N, 10^10^10)", "all(l in 0..10^15: l > 0)",
              "sum(l in 0..999999: l)", "sphere.dim(d=3, l=N)"]:
        add(spec(base + '[derived]\nz = ' + json.dumps(d) + '\n'))
    for sw in ['l = { from = 0, to = 1e300, step = 1 }', 'l = { from = 1, to = 1e300, per_decade = 1000 }',
               'l = { from = 0, to = 10, step = 0 }', 'l = { from = 10, to = 0, step = 1 }',
               'l = { from = 0, to = 10, step = -1 }', 'l = []', 'l = [[1]]', 'l = [{a = 1}]', 'l = "10^10^10"',
               'l = ["1e6", "1e7"]', 'l = [1.5]', 'l = [-1]', 'l = [18446744073709551616]', 'l = [1e400]',
               'l = { from = 1, to = 1e9, per_decade = 1e9 }', 'l = { from = 0, to = 1e7, step = 1 }',
               'l = { from = 1, to = 2 }', 'l = { to = 2, step = 1 }', 'nope = [1]', 'd = [3]\nd = [4]']:
        add(spec('command = "sphere dim"\n[fixed]\nd = 3\n[sweep]\n' + sw + '\n'))
    for top in ['command = ""', 'command = "table"', 'command = "sphere dim"\ndigits = 0', 'command = "sphere dim"\ndigits = 100000',
                'command = "sphere dim"\ndigits = "30"', 'command = ["sphere", "dim"]', 'command = "sphere  dim"',
                'command = "rm -rf /"', 'command = "sphere dim"\ncolumns = ["nope"]', 'command = "sphere dim"\ncolumns = []',
                'command = "sphere dim"\noutputs = ["x.exe"]', 'command = "sphere dim"\noutputs = ["/dev/sda.csv"]',
                'command = "sphere dim"\noutputs = ["../../.bashrc.txt"]', 'command = "sphere dim"\noutputs = ["."]',
                'command = "sphere dim"\noutputs = ["spec.toml"]', 'command = "sphere dim"\n[layout]\nrows = "q"',
                'command = "sphere dim"\n[labels]\nN = 3', 'command = "sphere dim"\nzzz = 1', '[fixed]\nd = 3',
                'command = "sphere dim"\n[fixed]\nd = 3\nl = 2\nformat = "json"', 'command = "sphere dim"\n[fixed]\nd = true',
                '\x00\x01\x02', 'command = "sphere dim"\n' + "#" * (2 << 20), 'a = ' + '[' * 10000 + ']' * 10000,
                'a = ' + '{x = ' * 5000 + '1' + '}' * 5000, 'command = "\\u0000"', 'command = "sphere dim" # \ud800']:
        add(spec(top + ('\n[fixed]\nd = 3\nl = 2\n' if '[fixed]' not in top and 'command = "sphere dim"' in top else '\n')))
    for p in ['xlabel = "`id`"', 'title = "a\\nb"', 'ylabel = "@x"', 'title = "' + 'A' * 500 + '"', 'key = "`x`"',
              'xrange = [1]', 'xrange = [2, 1]', 'xrange = ["a", "b"]', 'yrange = [0, 1e400]', 'x = "nope"', 'series = "nope"',
              'guides = [{ expr = "system(1)" }]', 'guides = [{ expr = "x", label = "\\u202e" }]', 'guides = "x"',
              'logx = "yes"', 'y_lo = "N"']:
        add(("plot", base + '[plot]\nx = "l"\ny = "N"\n' + p + '\n'))
    # ---- absurd sizes on the CLI --------------------------------------------------------------
    for argv in [["sym", "gram", "--N", "100", "--degree", "100"], ["sym", "gram", "--N", "8", "--degree", "200"],
                 ["sym", "hstar", "--d", "1000", "--N", "1000000"], ["sym", "bound", "--N", "10^9"],
                 ["sym", "eckart-young", "--uniform", "10^9", "--H", "3"], ["sym", "eckart-young", "--power", "10^9", "--alpha", "1/2", "--H", "3"],
                 ["sym", "eckart-young", "--family", "99", "--N", "99", "--H", "3"],
                 ["comm", "sizes", "--N", "10^19", "--d", "1", "--q", "1"], ["comm", "sizes", "--N", "2:10^9", "--d", "1", "--q", "1"],
                 ["comm", "neighborly", "--N", "10^6", "--d", "10^6"], ["comm", "pair-matching", "--N", "10^6", "--M", "10^6"],
                 ["comm", "pair-matching", "--N", "1000", "--M", "2", "--trials", "10^9"], ["comm", "models", "--K", "0"],
                 ["rank", "bound", "--d", "10^8", "--r", "1", "--H", "1"], ["rank", "bound", "--d", "64", "--r", "65", "--H", "1"],
                 ["rank", "bound", "--d", "3:10^8", "--r", "1", "--H", "1"], ["rank", "heads", "--d", "64", "--r", "8", "--eps", "1e-300"],
                 ["rank", "heads", "--d", "64", "--r", "8", "--eps", "1"], ["rank", "majority", "--d", "10^8", "--H", "7", "--target", "0.2"],
                 ["rank", "majority", "--d", "5", "--H", "10^18", "--target", "0.2"], ["rank", "random-features", "--d", "10^6", "--H", "10^6", "--trials", "10^6"],
                 ["rank", "u", "--d", "8", "--t", "1/2", "--degree", "10^9"], ["rank", "count", "--d", "10^8", "--r", "10^8", "--l-max", "10^8"],
                 ["rank", "head-target", "--d", "8", "--theta", "pi/0"], ["sphere", "dim", "--d", "10^9", "--l", "10^9"],
                 ["sphere", "dim", "--d", "3", "--l-max", "10^12"], ["sphere", "gegenbauer", "--d", "3", "--l", "10^12", "--t", "1/2"],
                 ["sphere", "gegenbauer", "--d", "3", "--l", "10", "--t", "10^10^10"], ["sphere", "sign-coef", "--d", "3", "--l-max", "10^9"],
                 ["sphere", "sign-coef", "--d", "10^9", "--l", "10^9", "--exact"], ["sphere", "hecke-funk", "--d", "5", "--l", "10^9"],
                 ["depth", "bounds", "--L", "10^9", "--dx", "10^9", "--H", "10^9"], ["depth", "grid-rank", "--hadamard", "--d", "30", "--lambda", "30", "--exact"],
                 ["depth", "grid-rank", "--network", "--L", "10", "--dx", "100", "--N", "100", "--templates", "100"],
                 ["depth", "transition", "--L", "10^18"], ["depth", "optimal", "--params", "1e400"], ["depth", "optimal", "--params", "-5"],
                 ["depth", "fit", "--data", "/dev/zero"], ["depth", "fit", "--data", "/dev/null"], ["depth", "fit", "--data", "/"],
                 ["sym", "eckart-young", "--spectrum", "/dev/zero", "--H", "3"], ["sym", "eckart-young", "--spectrum", "/dev/null", "--H", "3"],
                 ["sym", "eckart-young", "--spectrum", "/", "--H", "3"], ["verify", "--catalogue", "/dev/null"], ["verify", "--catalogue", "/"],
                 ["verify", "--id", "\x01"], ["table", "merge", "/dev/zero"], ["table", "merge", "/etc/passwd"], ["table", "--spec", "/etc/passwd"],
                 ["table", "--spec", "/dev/zero"], ["table", "--spec", "/"]]:
        for extra in ([], ["--digits", "20000"], ["--threads", "256"], ["--certified", "--double-check"]):
            add(argv + extra + ["--max-seconds", "5"])
    # ---- hostile spectrum and data files --------------------------------------------------------
    for content in ["1\n" * 3, "-1\n", "1e999999999\n", "1/0\n", "nan\n", "inf\n", "0x10\n", "1" * 5000 + "\n",
                    "1\x00\n", "\n" * 100000, "1 2 3\n", "1,2\n", "# only a comment\n", "\ufeff1\n", "1e-999999999\n",
                    ("9" * 4000 + "\n") * 10]:
        add(("spectrum", content))
    return out


def run(case, exe):
    with tempfile.TemporaryDirectory() as d:
        kind = case[0] if isinstance(case, tuple) else "argv"
        if kind in ("spec", "plot"):
            with open(os.path.join(d, "spec.toml"), "w", errors="surrogatepass") as f:
                f.write(case[1])
            argv = ["table", "--spec", "spec.toml", "--max-seconds", "5"] + (["--plot", "f.svg"] if kind == "plot" else [])
        elif kind == "spectrum":
            with open(os.path.join(d, "s.txt"), "w", errors="surrogatepass") as f:
                f.write(case[1])
            argv = ["sym", "eckart-young", "--spectrum", "s.txt", "--H", "1", "--max-seconds", "5"]
        else:
            argv = case
        def limit():
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        try:
            p = subprocess.run([exe] + argv, cwd=d, capture_output=True, timeout=HANG, preexec_fn=limit)
        except subprocess.TimeoutExpired:
            return "BAD", f"hang (> {HANG} s)", argv
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        err = p.stderr.decode(errors="replace").strip().splitlines()
        errs = [e for e in err if not e.startswith("note:")]
        if p.returncode == 0:
            return ("ok" if p.stdout else "BAD"), ("" if p.stdout else "exit 0 with no output"), argv
        if p.returncode in (1, 2) and not p.stdout and len(errs) == 1 and errs[0].startswith("error: "):
            return "refused", errs[0][:160], argv
        if p.returncode == 1 and argv[0] == "verify" and p.stdout and not errs:
            return "verdict", "", argv
        return "BAD", f"exit {p.returncode}, stdout {len(p.stdout)} bytes, stderr {err[:3]}", argv


def main():
    exe = os.path.abspath(sys.argv[1])
    jobs = int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv else 2
    cs = cases()
    tally = {"ok": 0, "refused": 0, "verdict": 0, "BAD": 0}
    bad = []
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for verdict, why, argv in pool.map(lambda c: run(c, exe), cs):
            tally[verdict] += 1
            if verdict == "BAD":
                bad.append(f"BAD: {why}: {' '.join(a[:80] for a in argv)[:300]}")
    for b in bad:
        print(b)
    print(f"red-team sweep: {len(cs)} invocations: {tally['ok']} ran, {tally['refused']} refused cleanly, "
          f"{tally['verdict']} verify verdicts (fails/undecided), {tally['BAD']} bad")
    return 1 if tally["BAD"] else 0


if __name__ == "__main__":
    sys.exit(main())
