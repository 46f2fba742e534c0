#!/usr/bin/python3
"""Estimator calibration (issue 20 §2): every command that estimates its running time up front,
on a sample of inputs from milliseconds to tens of seconds, estimate against measured time.
Both sides are single-threaded (--threads 1) and the time is the child's CPU time (user + system),
which stays meaningful on a machine shared with other work; on an idle machine it equals wall time.

The estimate is read from the command's own refusal ("estimated X s exceeds the limit of ...")
under --max-seconds 0.001; the run is then timed with a generous budget. The target is
0.5 <= estimate/actual <= 2 for runs above 0.5 s (below that, process start-up and clock
resolution dominate and the ratio is printed for information only).

Usage: bench/calibrate_estimates.py BOUNDCHECK_EXE [--quick]
Prints one line per sample and a summary; exit 1 if a sample above 0.5 s is outside 2x.
"""
import re
import os
import resource
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402  (bench/results.py)

SAMPLES = [
    ["sphere", "gegenbauer", "--d", "11", "--l", "1000000", "--t", "3/10"],
    ["sphere", "gegenbauer", "--d", "11", "--l", "10000000", "--t", "3/10"],
    ["sphere", "gegenbauer", "--d", "100", "--l", "1000000", "--t", "1/2", "--digits", "100"],
    ["sphere", "hecke-funk", "--d", "5", "--l", "1001"],
    ["sphere", "hecke-funk", "--d", "5", "--l", "4001"],
    ["sphere", "hecke-funk", "--d", "100", "--l", "2001", "--digits", "100"],
    ["rank", "bound", "--d", "8", "--r", "7", "--H", "1", "--digits", "1000"],
    ["rank", "bound", "--d", "8", "--r", "1", "--H", "1,10,100,1000"],
    ["rank", "bound", "--d", "64", "--r", "62", "--H", "1:4", "--digits", "100"],
    ["rank", "bound", "--d", "64", "--r", "8", "--H", "1000", "--digits", "3000"],
    ["rank", "head-target", "--d", "64", "--theta", "pi/6", "--digits", "60"],
    ["rank", "head-target", "--d", "1000", "--theta", "pi/6"],
    ["rank", "u", "--d", "8", "--t", "1/2", "--degree", "3201"],
    ["rank", "u", "--d", "200", "--t", "1/2", "--degree", "3201"],
    ["rank", "u", "--d", "8", "--t", "1/2", "--degree", "1601", "--digits", "1000"],
    ["sphere", "gegenbauer", "--d", "11", "--l", "100000000", "--t", "3/10"],
    ["depth", "grid-rank", "--hadamard", "--d", "2", "--lambda", "40", "--exact"],
]
QUICK = 6


def estimate(exe, argv):
    p = subprocess.run([exe, *argv, "--threads", "1", "--max-seconds", "0.001"], capture_output=True,
                       text=True)
    m = re.search(r"estimated ([0-9.e+-]+) s exceeds", p.stderr)
    return float(m.group(1)) if m else None


def measure(exe, argv):
    """CPU seconds (user + system) of one single-threaded run: unlike wall time, this does not
    grow when other programs share the machine, so the ratio says something about the model."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([exe, *argv, "--threads", "1", "--max-seconds", "3600"], capture_output=True,
                       text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, p.returncode


def main():
    exe = sys.argv[1]
    samples = SAMPLES[:QUICK] if "--quick" in sys.argv else SAMPLES
    bad = 0
    print(f"{'command':70s} {'estimate':>9s} {'actual':>8s} {'ratio':>6s}")
    for argv in samples:
        est = estimate(exe, argv)
        if est is None:
            print(f"{' '.join(argv):70s} {'-':>9s}  (no seconds estimate: bounded by size limits)")
            continue
        secs, rc = measure(exe, argv)
        ratio = est / secs
        judged = secs >= 0.5
        off = judged and not (0.5 <= ratio <= 2.0)
        bad += off
        print(f"{' '.join(argv):70s} {est:9.3g} {secs:8.3g} {ratio:6.2f}{'  OUTSIDE 2x' if off else ''}"
              f"{'' if judged else '  (short: not judged)'}{'' if rc == 0 else f'  exit {rc}'}")
    print(f"{bad} samples above 0.5 s outside 2x")
    return 1 if bad else 0


if __name__ == "__main__":
    # bench/results/calibrate_estimates.md: the performance guide shows it
    with results.recorded(__file__, sys.argv[1] if len(sys.argv) > 1 else results.DEFAULT_EXE):
        sys.exit(main())
