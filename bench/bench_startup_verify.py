#!/usr/bin/python3
"""Process start-up and `boundcheck verify` against their alternatives, in one run.

start-up  `boundcheck --version` and a one-command run (`sphere dim --d 3 --l 2`) against the
          least program a user could write with the same libraries: a C program that links Arb
          and FLINT and evaluates one ball (compiled here with gcc). Measured as instructions
          (valgrind --tool=callgrind, deterministic whatever the load) and as CPU time (user +
          system of N runs, from getrusage of the children).
gegenbauer `sphere gegenbauer --d 11 --l L --t 0.3 --digits 77 --certified`, L = 10^4 and 10^5, as a
          process (start-up included, CPU and wall per run) against Arb's arb_hypgeom_gegenbauer_c
          with precision doubling in-process (bench_sphere gegenbauer77 L, start-up excluded),
          values compared.
verify    the whole built-in catalogue on the default threads (all cores) against the serial run
          (--threads 1): CPU time, wall time, and the two outputs compared byte for byte; then
          the slowest claims (--timing, thread CPU seconds).

On a machine shared with other jobs, wall time is mostly waiting for a core: CPU time and
instruction counts are the fair comparison; the wall-time ratio of verify is printed as measured.

Usage: /usr/bin/python3 bench/bench_startup_verify.py [build dir]   (default build/release)
"""
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402  (bench/results.py)

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "build", "release")
EXE = os.path.join(BUILD, "boundcheck")

ANCHOR_C = r"""
#include <arb.h>
#include <stdio.h>
int main(void) {
  arb_t x;
  arb_init(x);
  arb_set_ui(x, 3);
  arb_sqrt(x, x, 64);
  printf("%d\n", arb_is_finite(x));
  arb_clear(x);
  flint_cleanup_master();
  return 0;
}
"""


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def cpu_per_run(cmd, n):
    """Mean CPU seconds (user + system) of n runs, and the mean wall time."""
    c0, t0 = children_cpu(), time.perf_counter()
    for _ in range(n):
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return (children_cpu() - c0) / n, (time.perf_counter() - t0) / n


def instructions(cmd):
    """Instructions executed (callgrind's Ir), or None without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "cg.out")
        r = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out] + cmd,
                           capture_output=True, text=True)
        m = re.search(r"Collected : (\d+)", r.stderr)
        return int(m.group(1)) if m else None


def startup(anchor):
    print("## start-up (instructions: callgrind; CPU: mean user+sys of 40 runs)\n")
    print("| program | instructions | CPU ms | vs the C anchor (instructions) |")
    print("|---|---:|---:|---:|")
    rows = [("C program: Arb + FLINT, one ball", [anchor]),
            ("boundcheck --version", [EXE, "--version"]),
            ("boundcheck sphere dim --d 3 --l 2", [EXE, "sphere", "dim", "--d", "3", "--l", "2"]),
            ("boundcheck --threads 1 sphere dim --d 3 --l 2 (whole command tree)",
             [EXE, "--threads", "1", "sphere", "dim", "--d", "3", "--l", "2"])]
    base = None
    for label, cmd in rows:
        ins = instructions(cmd)
        cpu, _ = cpu_per_run(cmd, 40)
        base = base or ins
        ratio = "%.2f" % (ins / base) if ins and base else "n/a"
        print("| %s | %s | %.2f | %s |" % (label, "{:,}".format(ins) if ins else "n/a", 1e3 * cpu, ratio))
    print()


def gegenbauer():
    import json
    bench = os.path.join(BUILD, "bench", "bench_sphere")
    if not os.path.exists(bench):
        bench = os.path.join(BUILD, "bench_sphere")
    for l in (10000, 100000):
        print("## sphere gegenbauer, d = 11, l = %d, t = 0.3, 77 digits\n" % l)
        cmd = [EXE, "sphere", "gegenbauer", "--d", "11", "--l", str(l), "--t", "0.3", "--digits", "77",
               "--certified", "--format", "csv"]
        ours = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1]
        cpu, wall = cpu_per_run(cmd, 20 if l <= 10000 else 5)
        ins = instructions(cmd) if l <= 10000 else None
        print("boundcheck process: %.2f ms CPU, %.2f ms wall, %s instructions; value %s"
              % (1e3 * cpu, 1e3 * wall, "{:,}".format(ins) if ins else "n/a", ours.split(",")[-1]))
        if not os.path.exists(bench):
            continue
        best = None
        for _ in range(3 if l <= 10000 else 1):
            j = json.loads(subprocess.run([bench, "gegenbauer77", str(l)], check=True, capture_output=True,
                                          text=True).stdout)
            best = j if best is None or j["arb_seconds"] < best["arb_seconds"] else best
        print("Arb hypgeom, precision doubling to %d bits, in-process: %.2f ms; value %s"
              % (best["arb_final_prec"], 1e3 * best["arb_seconds"], best["arb_value"]))
        print("boundcheck in-process: %.2f ms; values %s; ratio Arb / boundcheck process %.1fx (CPU), "
              "%.1fx (wall), in-process %.1fx\n"
              % (1e3 * best["seconds"], "identical" if best["value"] == best["arb_value"] else "DIFFER",
                 best["arb_seconds"] / cpu, best["arb_seconds"] / wall, best["arb_seconds"] / best["seconds"]))


def verify():
    print("## verify, the whole built-in catalogue\n")
    runs = {}
    for label, extra in (("--threads 1 (serial)", ["--threads", "1"]), ("default threads", [])):
        c0, t0 = children_cpu(), time.perf_counter()
        r = subprocess.run([EXE, "verify", "--format", "csv"] + extra, capture_output=True)
        runs[label] = (r.stdout, children_cpu() - c0, time.perf_counter() - t0, r.returncode)
    print("| run | CPU s | wall s | exit |")
    print("|---|---:|---:|---:|")
    for label, (_, cpu, wall, rc) in runs.items():
        print("| %s | %.2f | %.2f | %d |" % (label, cpu, wall, rc))
    (s_out, s_cpu, s_wall, _), (p_out, p_cpu, p_wall, _) = runs.values()
    print("\nidentical output: %s; wall ratio serial/parallel %.2fx (CPU %.2f s vs %.2f s)\n"
          % (s_out == p_out, s_wall / p_wall, s_cpu, p_cpu))
    r = subprocess.run([EXE, "verify", "--timing", "--threads", "1"], capture_output=True, text=True)
    m = re.search(r"timing \(thread CPU seconds per claim, slowest first; total ([0-9.]+)\): (.*)", r.stderr)
    if m:
        parts = m.group(2).split(", ")
        print("slowest claims (thread CPU s, serial run; total %s s): %s\n" % (m.group(1), ", ".join(parts[:8])))


def main():
    if not os.path.exists(EXE):
        sys.exit("build boundcheck first: %s" % EXE)
    with tempfile.TemporaryDirectory() as d:
        src, anchor = os.path.join(d, "anchor.c"), os.path.join(d, "anchor")
        with open(src, "w") as f:
            f.write(ANCHOR_C)
        inc = "/usr/include/flint" if os.path.exists("/usr/include/flint/arb.h") else "/usr/include"
        subprocess.run(["gcc", "-O2", "-I" + inc, src, "-o", anchor, "-lflint-arb", "-lflint", "-lgmp"],
                       check=True)
        startup(anchor)
    gegenbauer()
    verify()


if __name__ == "__main__":
    with results.recorded(__file__, EXE):  # bench/results/bench_startup_verify.md: the performance guide shows it
        main()
