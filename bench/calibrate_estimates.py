#!/usr/bin/python3
"""Estimator calibration (issue 20 §2): every command that estimates its running time up front,
on a sample of inputs from milliseconds to tens of seconds, estimate against measured wall time.

The estimate is read from the command's own refusal ("estimated X s exceeds the limit of ...")
under --max-seconds 0.001; the run is then timed with a generous budget. The target is
0.5 <= estimate/actual <= 2 for runs above 0.5 s (below that, process start-up and clock
resolution dominate and the ratio is printed for information only).

Usage: bench/calibrate_estimates.py BOUNDCHECK_EXE [--quick]
Prints one line per sample and a summary; exit 1 if a sample above 0.5 s is outside 2x.
Timings depend on the machine: run it on an otherwise idle one.
"""
import re
import subprocess
import sys
import time

SAMPLES = [
    ["sphere", "gegenbauer", "--d", "11", "--l", "1000000", "--t", "3/10"],
    ["sphere", "gegenbauer", "--d", "11", "--l", "10000000", "--t", "3/10"],
    ["sphere", "gegenbauer", "--d", "11", "--l", "100000000", "--t", "3/10"],
    ["sphere", "gegenbauer", "--d", "100", "--l", "1000000", "--t", "1/2", "--digits", "100"],
    ["sphere", "hecke-funk", "--d", "5", "--l", "2001"],
    ["sphere", "hecke-funk", "--d", "5", "--l", "8001"],
    ["rank", "bound", "--d", "64", "--r", "8", "--H", "1,10,100,1000"],
    ["rank", "bound", "--d", "8", "--r", "1", "--H", "1,10,100"],
    ["rank", "head-target", "--d", "8", "--theta", "pi/6"],
    ["rank", "head-target", "--d", "64", "--theta", "pi/6", "--digits", "60"],
    ["rank", "u", "--d", "8", "--t", "1/2", "--degree", "401"],
    ["rank", "u", "--d", "8", "--t", "1/2", "--degree", "1601"],
    ["depth", "grid-rank", "--hadamard", "--d", "3", "--lambda", "4", "--exact"],
]
QUICK = 6


def estimate(exe, argv):
    p = subprocess.run([exe, *argv, "--max-seconds", "0.001"], capture_output=True, text=True)
    m = re.search(r"estimated ([0-9.e+-]+) s exceeds", p.stderr)
    return float(m.group(1)) if m else None


def measure(exe, argv):
    t = time.perf_counter()
    p = subprocess.run([exe, *argv, "--max-seconds", "3600"], capture_output=True, text=True)
    return time.perf_counter() - t, p.returncode


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
    sys.exit(main())
