#!/usr/bin/python3
"""Estimator calibration (issue 20 §2, issue 37 §2): every command that estimates its running time
up front, over a grid of sizes from a fraction of a second to tens of seconds, estimate against
measured time, as a table of ratios.

Both sides are single-threaded (--threads 1). The measured time is the child's CPU time (user +
system), which stays meaningful on a machine shared with other work (on an idle machine it equals
the wall time, also printed). The estimate is read where a user meets it:
  - `table`: `table plan --spec F --set ... --shards 1` (its "s unsharded" note);
  - every other command: its own refusal ("estimated X s exceeds the limit of ...") under a
    budget too small for it. A command that checks in stages (a first pass, then its cancellation,
    then the next precision) is asked again with a budget just above each estimate until no stage
    refuses: the last estimate is the whole run's. A stage priced after some work ("(after X s)":
    a precision pass found short, priced with the wall time already spent) is not an up-front
    estimate and is not taken.
Commands bounded by a work limit in other units (bit-operations, multiply-adds, score evaluations)
are listed with that estimate and the seconds its limit stands for (the limit is "about a minute
at --max-seconds 60"), for information.

The target is 1/1.5 <= estimate/measured <= 1.5 for runs of at least 0.5 s of CPU (below that,
process start-up and clock resolution dominate and the ratio is printed for information only).

Usage: bench/calibrate_estimates.py [BOUNDCHECK_EXE] [--quick]
Prints one line per sample and a summary; exit 1 if a judged sample is outside 1.5x. The output
goes to bench/results/calibrate_estimates.md (bench/results.py), which the performance guide shows.
"""
import os
import re
import resource
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402  (bench/results.py)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAPER = os.path.join(ROOT, "data", "specs", "paper_lb_grid.toml")

# (command argv) per command, smallest first; each grid spans about two decades of time
SAMPLES = [
    ["sphere", "gegenbauer", "--d", "11", "--l", "1000000", "--t", "3/10"],
    ["sphere", "gegenbauer", "--d", "11", "--l", "10000000", "--t", "3/10"],
    ["sphere", "gegenbauer", "--d", "11", "--l", "100000000", "--t", "3/10"],
    ["sphere", "gegenbauer", "--d", "11", "--l", "3000000", "--t", "3/10", "--digits", "300"],
    ["sphere", "gegenbauer", "--d", "11", "--l", "1000000", "--t", "3/10", "--digits", "1000"],
    ["sphere", "gegenbauer", "--d", "100", "--l", "3000000", "--t", "1/2", "--digits", "100"],
    ["sphere", "gegenbauer", "--d", "5", "--l", "10000000", "--t", "3/2"],
    ["sphere", "gegenbauer", "--d", "5", "--l", "1000000", "--t", "3/2", "--digits", "1000"],
    ["sphere", "hecke-funk", "--d", "5", "--l", "1001"],
    ["sphere", "hecke-funk", "--d", "5", "--l", "4001"],
    ["sphere", "hecke-funk", "--d", "100", "--l", "2001", "--digits", "100"],
    ["sphere", "hecke-funk", "--d", "5", "--l", "501", "--digits", "1000"],
    ["sphere", "sign-coef", "--d", "64", "--l-max", "1000001", "--format", "csv"],
    ["sphere", "sign-coef", "--d", "64", "--l-max", "1000001", "--digits", "100", "--format", "csv"],
    ["sphere", "sign-coef", "--d", "5", "--l-max", "100001", "--digits", "1000", "--format", "csv"],
    ["sphere", "sign-coef", "--d", "64", "--l", "20000001"],
    ["rank", "bound", "--d", "16", "--r", "1", "--H", "1:20000", "--digits", "4"],
    ["rank", "bound", "--d", "64", "--r", "4", "--H", "1:1000000:50", "--digits", "4"],
    ["rank", "bound", "--d", "16", "--r", "4", "--H", "1:3000", "--digits", "30"],
    ["rank", "bound", "--d", "1000", "--r", "10", "--H", "1:20000", "--digits", "60"],
    ["rank", "bound", "--d", "8", "--r", "7", "--H", "1:8", "--digits", "1000"],
    ["rank", "bound", "--d", "64", "--r", "62", "--H", "1:16", "--digits", "100"],
    ["rank", "bound", "--d", "64", "--r", "8", "--H", "1000", "--digits", "3000"],
    ["rank", "bound", "--d", "20", "--r", "19", "--H", "1:1000", "--digits", "30", "--max-terms", "100001"],
    ["rank", "head-target", "--d", "100", "--theta", "pi/6", "--digits", "100"],
    ["rank", "head-target", "--d", "500", "--theta", "pi/6", "--digits", "200"],
    ["rank", "head-target", "--d", "10", "--theta", "pi/6", "--digits", "200"],
    ["rank", "head-target", "--d", "2000", "--theta", "pi/6", "--digits", "100"],
    ["rank", "u", "--d", "8", "--t", "1/2", "--degree", "3201"],
    ["rank", "u", "--d", "200", "--t", "1/2", "--degree", "3201"],
    ["rank", "u", "--d", "8", "--t", "1/2", "--degree", "1601", "--digits", "1000"],
    ["rank", "u", "--d", "16", "--degree", "801", "--theta-grid", "20"],
    ["depth", "grid-rank", "--hadamard", "--d", "3", "--lambda", "60"],
    ["depth", "grid-rank", "--hadamard", "--d", "4", "--lambda", "24"],
    ["depth", "grid-rank", "--hadamard", "--d", "8", "--lambda", "6"],
    ["depth", "grid-rank", "--hadamard", "--d", "3", "--lambda", "30", "--omega", "999/1000"],
    ["depth", "grid-rank", "--hadamard", "--d", "3", "--lambda", "45", "--exact"],
]
# priced in the run, not up front, and not judged: (argv, why)
TIMED = [
    (["rank", "heads", "--d", "1024", "--r", "1", "--eps", "1/100"],
     "one bracket timed once the exponent search has narrowed H_min, times the bisection's steps"),
]
# table sweeps: (spec, --set overrides, other options), priced by `table plan`
TABLES = [
    (PAPER, ["H={from=1, to=2000, step=1}"], []),
    (PAPER, ["H={from=1, to=20000, step=1}"], []),
    (PAPER, ["H={from=1, to=1e6, per_decade=300}"], ["--digits", "30"]),
    (PAPER, ["d=[16, 64, 256, 1024]", "H={from=1, to=1e6, per_decade=20}"], ["--digits", "100"]),
]
# bounded by a work limit in other units
WORK = [
    ["comm", "neighborly", "--N", "24", "--q", "3", "--k", "30"],
    ["comm", "pair-matching", "--N", "200", "--M", "16", "--alpha", "1", "--trials", "1000"],
    ["sym", "gram", "--N", "22", "--degree", "14", "--measure", "circle"],
    ["depth", "grid-rank", "--network", "--L", "3", "--dx", "32", "--H", "2", "--N", "4"],
]
QUICK = {"sphere": 2, "rank": 3, "depth": 1, "table": 2}

ESTIMATE = re.compile(r"estimated ([0-9.e+-]+) (s|seconds) exceeds the limit of ([0-9.e+-]+)")
WORK_ESTIMATE = re.compile(r"estimated ([0-9.e+-]+) ([a-z -]+?) exceeds the limit of ([0-9.e+-]+)")
PLAN = re.compile(r"\(the command's own cost model\): ([0-9.e+-]+) s unsharded")
JUDGED_FROM = 0.5  # seconds of CPU
TARGET = 1.5


def run(exe, argv, budget):
    """(process, CPU seconds of the child, wall seconds) of one single-threaded run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    p = subprocess.run([exe, *argv, "--threads", "1", "--max-seconds", f"{budget:.6g}"], capture_output=True,
                       text=True, cwd=ROOT)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return p, cpu, wall


def command_estimate(exe, argv):
    """The command's whole-run estimate in seconds, from its refusals (see the module docstring)."""
    budget, estimate = 0.001, None
    for _ in range(10):
        p, _, _ = run(exe, argv, budget)
        m = ESTIMATE.search(p.stderr)
        if not m:
            # a command that searches before it can price the rest (rank heads times one bracket)
            # may run out of a tiny budget first: more budget, until it prices or finishes
            if estimate is None and "exceeded the time limit" in p.stderr and budget < 10:
                budget *= 8
                continue
            return estimate
        if "(after " in p.stderr:  # priced after some work, with its wall time: not an up-front estimate
            return estimate
        estimate = float(m.group(1))
        budget = max(budget * 1.05, estimate * 1.05)
    return estimate


def plan_estimate(exe, spec, sets, extra):
    argv = ["table", "plan", "--spec", spec, "--shards", "1", *extra]
    for s in sets:
        argv += ["--set", s]
    p = subprocess.run([exe, *argv], capture_output=True, text=True, cwd=ROOT)
    m = PLAN.search(p.stderr)
    return float(m.group(1)) if m else None


def row(label, est, cpu, wall, rc):
    judged = cpu >= JUDGED_FROM
    ratio = est / cpu if est is not None and cpu > 0 else float("nan")
    off = judged and not (1 / TARGET <= ratio <= TARGET)
    flag = "  OUTSIDE 1.5x" if off else ("" if judged else "  (short: not judged)")
    if rc != 0:
        flag += f"  exit {rc}"
    est_text = f"{est:9.3g}" if est is not None else f"{'-':>9s}"
    print(f"{label:78.78s} {est_text} {cpu:8.3g} {wall:8.3g} {ratio:6.2f}{flag}", flush=True)
    return judged, off, ratio


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    exe = os.path.abspath(args[0]) if args else results.DEFAULT_EXE
    quick = "--quick" in sys.argv
    taken = {}
    judged = bad = 0
    worst = 1.0
    print("Estimates against measured single-threaded runs (`--threads 1`); estimate and CPU time in "
          "seconds, ratio = estimate / CPU time.\n")
    print(f"{'command':78s} {'estimate':>9s} {'cpu':>8s} {'wall':>8s} {'ratio':>6s}")
    samples = [(" ".join(a), a, None) for a in SAMPLES] + \
              [("table --spec " + os.path.relpath(spec, ROOT) + "".join(f" --set '{s}'" for s in sets) +
                "".join(" " + w for w in extra),
                ["table", "--spec", spec, *extra] + [w for s in sets for w in ("--set", s)], (spec, sets, extra))
               for spec, sets, extra in TABLES]
    for label, argv, table in samples:
        group = argv[0]
        if quick and taken.get(group, 0) >= QUICK.get(group, 0):
            continue
        taken[group] = taken.get(group, 0) + 1
        est = plan_estimate(exe, *table) if table else command_estimate(exe, argv)
        p, cpu, wall = run(exe, argv, 86400)
        j, off, ratio = row(label, est, cpu, wall, p.returncode)
        judged += j
        bad += off
        if j and ratio == ratio:
            worst = max(worst, ratio, 1 / ratio)
    print(f"{judged - bad} of {judged} samples of at least {JUDGED_FROM} s within {TARGET}x "
          f"(the worst {worst:.2f}x off); {bad} outside.\n")
    if not quick:
        print("Priced in the run from a timed step (not an up-front model; not judged):\n")
        for argv, why in TIMED:
            est = command_estimate(exe, argv)
            p, cpu, wall = run(exe, argv, 86400)
            print(f"{' '.join(argv):78.78s} {est if est is not None else float('nan'):9.3g} {cpu:8.3g} "
                  f"{wall:8.3g} {est / cpu if est else float('nan'):6.2f}  ({why})", flush=True)
        print()
        work_limits(exe)
    return 1 if bad else 0


def work_limits(exe):
    """The commands bounded by a work limit: the estimate in its units and the seconds it stands for."""
    print("Bounded by a work limit in other units (not a time estimate): the estimate, the seconds it "
          "stands for (estimate / limit x 60 s, the limit being about a minute at the default budget) "
          "and the measured CPU time.\n")
    print(f"{'command':78s} {'estimate':>18s} {'as s':>8s} {'cpu':>8s}")
    for argv in WORK:
        p, _, _ = run(exe, argv, 0.001)  # the limit scales with the budget: 0.001 s stands for 60 s / 60000
        m = WORK_ESTIMATE.search(p.stderr)
        est, unit, limit = (float(m.group(1)), m.group(2), float(m.group(3))) if m else (None, "", None)
        _, cpu, _ = run(exe, argv, 86400)
        as_s = f"{est / limit * 0.001:8.3g}" if est is not None and limit else f"{'-':>8s}"
        est_text = f"{est:.3g} {unit}" if est is not None else "-"
        print(f"{' '.join(argv):78.78s} {est_text:>18.18s} {as_s} {cpu:8.3g}", flush=True)


if __name__ == "__main__":
    # bench/results/calibrate_estimates.md: the performance guide shows it
    with results.recorded(__file__, os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 and
                          not sys.argv[1].startswith("--") else results.DEFAULT_EXE):
        sys.exit(main())
