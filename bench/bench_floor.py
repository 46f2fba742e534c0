#!/usr/bin/python3
"""Issue 27's three ratios, measured in one run, each against its floor or its alternative.

start-up    `boundcheck --version` and `boundcheck sphere dim --d 3 --l 2` against the least C
            program that links FLINT/Arb and computes sqrt(3) (compiled here with gcc), and
            /bin/true. Target: boundcheck / C program <= 1.25.
gegenbauer  `sphere gegenbauer --d 11 --l 10000 --t 0.3 --certified --digits 77` as a process
            against Arb's own arb_hypgeom_gegenbauer_c from the target precision plus guard bits,
            doubled while short (as a user of Arb runs it), also a process
            (bench/arb_gegenbauer.c, compiled here); the two values must agree to 77 digits.
            Target: Arb / boundcheck >= 10.
sign-coef   `sphere sign-coef --d 64 --l-max 100001 --digits 50 --format csv` as a process against
            the same closed form in mpmath (Gamma per term, N(d,l) by math.comb, the same three
            50-digit columns as text); every row of the two must agree to 45 digits (mpmath sums
            5 * 10^4 terms at 50 digits: its last digits carry rounding). Target: mpmath /
            boundcheck >= 40. Also measured with --threads 1, so that the CPU ratio is one core's
            against one core's (the default run's CPU time sums both cores).

Every process is started by a small C harness (posix_spawn, stdout to a file, wait4), compiled
here, so that Python's own process start does not blur milliseconds. The programs are run in
interleaved rounds (each round runs every program a few times), so that a change in the load hits
all of them alike; the figures are medians over all runs, of wall time and of CPU time (user +
system of the child). The machine is shared with other builds: only ratios measured in the same
run, as here, are comparable; single times move with the load.

With --baseline EXE, an older boundcheck (e.g. the main branch's build) is measured in the same
rounds, next to this one: the "before" of a change.

With --load "COMMAND", the run is made under load: COMMAND (split as a shell would split it, but
run without a shell) runs in the background for the whole measurement, restarted whenever it ends,
and is stopped at the end; the results go to bench/results/bench_floor_loaded.md, with the command
and the load average at the end. Issue 37's loaded run is a build of the sanitizer tree:
  --load "sh -c 'rm -rf /tmp/load && cmake -S . -B /tmp/load -G Ninja >/dev/null && CCACHE_DISABLE=1 cmake --build /tmp/load -j 2'"

Usage: /usr/bin/python3 bench/bench_floor.py [--baseline EXE] [--load COMMAND] [--quick] [build dir]
       (default build/release; --quick: few repetitions, for trying the script)
"""
import argparse
import math
import os
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import mpmath as mp

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import results  # noqa: E402  (bench/results.py)

ANCHOR_C = r"""
#include <arb.h>
#include <stdio.h>
int main(void) {
  arb_t x;
  arb_init(x);
  arb_set_ui(x, 3);
  arb_sqrt(x, x, 64);
  arb_printn(x, 15, 0);
  printf("\n");
  arb_clear(x);
  flint_cleanup_master();
  return 0;
}
"""

# Runs ARGV N times, stdout to OUT (truncated each time), stderr to /dev/null; prints one line per
# run: wall nanoseconds, child CPU nanoseconds (user + system), exit status.
HARNESS_C = r"""
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
extern char** environ;
static long long ns(struct timeval t) { return t.tv_sec * 1000000000LL + t.tv_usec * 1000LL; }
int main(int argc, char** argv) {
  if (argc < 4) return 2;
  const int n = atoi(argv[1]);
  for (int i = 0; i < n; ++i) {
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    pid_t pid;
    if (posix_spawn(&pid, argv[3], &fa, NULL, argv + 3, environ) != 0) return 3;
    int status;
    struct rusage ru;
    wait4(pid, &status, 0, &ru);
    clock_gettime(CLOCK_MONOTONIC, &b);
    posix_spawn_file_actions_destroy(&fa);
    printf("%lld %lld %d\n", (b.tv_sec - a.tv_sec) * 1000000000LL + (b.tv_nsec - a.tv_nsec),
           ns(ru.ru_utime) + ns(ru.ru_stime), status);
  }
  return 0;
}
"""


def compile_c(src_text, out, libs, tmp):
    src = out + ".c"
    with open(src, "w") as f:
        f.write(src_text)
    inc = "/usr/include/flint" if os.path.exists("/usr/include/flint/arb.h") else "/usr/include"
    subprocess.run(["gcc", "-O2", "-I" + inc, src, "-o", out] + libs, check=True, cwd=tmp)
    return out


class Timer:
    """Runs programs through the harness and keeps every run's wall and CPU seconds."""

    def __init__(self, harness, tmp):
        self.harness, self.out = harness, os.path.join(tmp, "stdout")
        self.wall, self.cpu = {}, {}

    def run(self, name, argv, n):
        r = subprocess.run([self.harness, str(n), self.out] + argv, check=True, capture_output=True, text=True)
        for line in r.stdout.splitlines():
            w, c, status = (int(x) for x in line.split())
            if status != 0:
                sys.exit("bench: %s exited with status %d" % (" ".join(argv), status))
            self.wall.setdefault(name, []).append(w / 1e9)
            self.cpu.setdefault(name, []).append(c / 1e9)

    def rounds(self, programs, rounds, per_round):
        """programs: [(name, argv)], run interleaved: every round runs each per_round times."""
        for _ in range(rounds):
            for name, argv in programs:
                self.run(name, argv, per_round)

    def median(self, name, kind="wall"):
        return statistics.median((self.wall if kind == "wall" else self.cpu)[name])

    def count(self, name):
        return len(self.wall[name])


def ms(x):
    return "%.3f" % (1e3 * x)


def table(timer, rows, ref):
    """rows: [(name, label)]; prints medians and the ratio to the reference program `ref`."""
    print("| program | runs | wall median ms | CPU median ms | wall / %s | CPU / %s |" % (ref, ref))
    print("|---|---:|---:|---:|---:|---:|")
    for name, label in rows:
        print("| %s | %d | %s | %s | %.2f | %.2f |"
              % (label, timer.count(name), ms(timer.median(name)), ms(timer.median(name, "cpu")),
                 timer.median(name) / timer.median(ref), timer.median(name, "cpu") / timer.median(ref, "cpu")))
    print()


def verdict(ok):
    return "met" if ok else "NOT met"


def startup(timer, exe, base, anchor, quick):
    print("## Start-up\n")
    progs = [("true", ["/bin/true"]), ("C", [anchor]), ("version", [exe, "--version"]),
             ("dim", [exe, "sphere", "dim", "--d", "3", "--l", "2"])]
    if base:
        progs += [("version (before)", [base, "--version"]),
                  ("dim (before)", [base, "sphere", "dim", "--d", "3", "--l", "2"])]
    timer.rounds(progs, 4 if quick else 40, 5 if quick else 10)
    labels = {"true": "/bin/true", "C": "C program: FLINT/Arb, sqrt(3)", "version": "`boundcheck --version`",
              "dim": "`boundcheck sphere dim --d 3 --l 2`"}
    rows = [(n, labels.get(n) or "`boundcheck %s` (before)" % " ".join(a[1:])) for n, a in progs]
    table(timer, rows, "C")
    worst = max(timer.median(n) / timer.median("C") for n in ("version", "dim"))
    for n in ("version", "dim"):
        extra = (timer.median(n) - timer.median("C")) * 1e3
        print("%s: %.2fx the C program (wall), %+.3f ms" % (labels[n], timer.median(n) / timer.median("C"), extra))
    print("\nTarget (boundcheck within 1.25x the C program, wall medians): %s (worst %.2fx)\n"
          % (verdict(worst <= 1.25), worst))
    return worst


def arb_value(text):
    """The midpoint of Arb's printed ball `[m +/- r]`, or a plain decimal."""
    text = text.strip().strip("[]")
    return text.split(" +/- ")[0]


def gegenbauer(timer, exe, base, arb_geg, quick):
    print("## Certified Gegenbauer, d = 11, l = 10^4, t = 0.3, 77 digits\n")
    ours = [exe, "sphere", "gegenbauer", "--d", "11", "--l", "10000", "--t", "0.3", "--certified",
            "--digits", "77", "--format", "csv"]
    arb = [arb_geg, "11", "10000", "3", "10", "77"]
    v_ours = subprocess.run(ours, check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1]
    v_ours = arb_value(v_ours.split(",")[-1])
    arb_out = subprocess.run(arb, check=True, capture_output=True, text=True).stdout.split()
    v_arb, arb_prec = arb_value(" ".join(arb_out[:-1])), arb_out[-1]
    with mp.workdps(90):
        a, b = mp.mpf(v_ours), mp.mpf(v_arb)
        agree = abs(a - b) <= mp.mpf(10) ** -76 * abs(b)
    print("boundcheck: %s\nArb (target + 64 guard bits, doubled to %s bits): %s\nagree to 77 digits: %s\n"
          % (v_ours, arb_prec, v_arb, "yes" if agree else "NO"))
    progs = [("geg", ours), ("arb", arb)] + ([("geg (before)", [base] + ours[1:])] if base else [])
    timer.rounds(progs, 5 if quick else 30, 2)
    table(timer, [("arb", "Arb's gegenbauer_c from the target precision (process)"),
                  ("geg", "`boundcheck sphere gegenbauer ... --certified --digits 77`")]
          + ([("geg (before)", "the same, before")] if base else []), "arb")
    ratio = timer.median("arb") / timer.median("geg")
    line = "Arb / boundcheck: %.1fx (wall), %.1fx (CPU)" % (ratio, timer.median("arb", "cpu") / timer.median("geg", "cpu"))
    if base:
        line += "; before: %.1fx (wall)" % (timer.median("arb") / timer.median("geg (before)"))
    print(line)
    print("\nTarget (at least 10x Arb's whole-process time, wall medians; values agreeing): %s\n"
          % verdict(ratio >= 10 and agree))
    return ratio, agree


def mp_sign_closed(d, lmax, dps):
    """The closed form in mpmath, as CSV text with the same columns."""
    out = ["l,coef,coef_unit,energy"]
    with mp.workdps(dps):
        gd = mp.gamma(mp.mpf(d) / 2)
        energy = mp.mpf(0)
        for l in range(1, lmax + 1, 2):
            s = gd * mp.gamma(mp.mpf(l) / 2) / (mp.pi * mp.gamma(mp.mpf(l + d) / 2))
            if ((l - 1) // 2) % 2:
                s = -s
            n = (2 * l + d - 2) * math.comb(l + d - 3, l - 1) // l
            c = mp.sqrt(n) * s
            energy += c * c
            out.append("%d,%s,%s,%s" % (l, mp.nstr(c, dps), mp.nstr(s, dps), mp.nstr(energy, dps)))
    return "\n".join(out) + "\n"


def same_rows(ours, theirs, digits):
    """Every row of the two CSV texts agrees: l exactly, the values to `digits` digits."""
    a, b = ours.strip().splitlines(), theirs.strip().splitlines()
    if len(a) != len(b) or a[0] != b[0]:
        return False
    tol = mp.mpf(10) ** -digits
    with mp.workdps(60):
        for x, y in zip(a[1:], b[1:]):
            xs, ys = x.split(","), y.split(",")
            if xs[0] != ys[0]:
                return False
            for u, v in zip(xs[1:], ys[1:]):
                v = mp.mpf(v)
                if abs(mp.mpf(u) - v) > tol * abs(v):
                    return False
    return True


def sign_coef(timer, exe, base, quick):
    print("## Sign coefficients, d = 64, odd l <= 100001, 50 digits, CSV\n")
    cmd = [exe, "sphere", "sign-coef", "--d", "64", "--l-max", "100001", "--digits", "50", "--format", "csv"]
    ours = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    walls, cpus, theirs = [], [], None
    for _ in range(1 if quick else 3):
        c0, t0 = time.process_time(), time.perf_counter()
        theirs = mp_sign_closed(64, 100001, 50)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
        progs = [("sc", cmd), ("sc1", cmd + ["--threads", "1"])] + \
            ([("sc (before)", [base] + cmd[1:])] if base else [])
        timer.rounds(progs, 1 if quick else 5, 2)
    agree = same_rows(ours, theirs, 45)
    print("%d rows, %d bytes of CSV; every row agrees with mpmath's to 45 digits: %s\n"
          % (len(ours.splitlines()) - 1, len(ours), "yes" if agree else "NO"))
    t_mp, c_mp = statistics.median(walls), statistics.median(cpus)
    print("| program | runs | wall median ms | CPU median ms |")
    print("|---|---:|---:|---:|")
    print("| mpmath closed form (in-process, text) | %d | %s | %s |" % (len(walls), ms(t_mp), ms(c_mp)))
    for n, label in [("sc", "`boundcheck sphere sign-coef ... --format csv`"),
                     ("sc1", "the same, `--threads 1`")] + \
            ([("sc (before)", "the same, before")] if base else []):
        print("| %s | %d | %s | %s |" % (label, timer.count(n), ms(timer.median(n)), ms(timer.median(n, "cpu"))))
    ratio = t_mp / timer.median("sc")
    line = "\nmpmath / boundcheck: %.1fx (wall), %.1fx (CPU)" % (ratio, c_mp / timer.median("sc", "cpu"))
    # the default uses both cores (its CPU time is the sum over them); on one thread the wall and
    # CPU ratios are the same job's on one core, against mpmath's one core
    line += "; on one thread: %.1fx (wall), %.1fx (CPU)" % (t_mp / timer.median("sc1"),
                                                             c_mp / timer.median("sc1", "cpu"))
    if base:
        line += "; before: %.1fx (wall)" % (t_mp / timer.median("sc (before)"))
    print(line)
    print("\nTarget (at least 40x mpmath, wall medians; rows agreeing): %s\n" % verdict(ratio >= 40 and agree))
    return ratio, agree


class Load:
    """COMMAND (shlex-split, no shell) kept running in the background while the block runs."""

    def __init__(self, command):
        self.argv = shlex.split(command) if command else None
        self.proc, self.starts, self.stop = None, 0, threading.Event()

    def _keep(self):
        while not self.stop.is_set():
            self.proc = subprocess.Popen(self.argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                         start_new_session=True)
            self.starts += 1
            while self.proc.poll() is None and not self.stop.wait(0.2):
                pass

    def __enter__(self):
        if self.argv:
            self.thread = threading.Thread(target=self._keep, daemon=True)
            self.thread.start()
            time.sleep(5)  # let the load build up before the first measurement
        return self

    def __exit__(self, *exc):
        if self.argv:
            self.stop.set()
            self.thread.join()
            if self.proc and self.proc.poll() is None:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait()
        return False


def main(args):
    exe = os.path.abspath(os.path.join(args.build, "boundcheck"))
    base = os.path.abspath(args.baseline) if args.baseline else None
    if not os.path.exists(exe):
        sys.exit("build boundcheck first: %s" % exe)
    print("Issue 27: start-up, certified Gegenbauer and sign coefficients against their floors, one run.")
    print("The machine is shared with other builds: figures are medians of many interleaved runs, and")
    print("only the ratios (measured in this same run) are meant to be compared.")
    if base:
        print("'before': %s (%s)" % (base, subprocess.run([base, "--version"], capture_output=True,
                                                            text=True).stdout.splitlines()[0]))
    print()
    with tempfile.TemporaryDirectory() as tmp, Load(args.load) as load:
        lib = ["-lflint-arb", "-lflint", "-lgmp", "-lm"]
        harness = compile_c(HARNESS_C, os.path.join(tmp, "harness"), [], tmp)
        anchor = compile_c(ANCHOR_C, os.path.join(tmp, "anchor"), lib, tmp)
        with open(os.path.join(HERE, "arb_gegenbauer.c")) as f:
            arb_geg = compile_c(f.read(), os.path.join(tmp, "arb_gegenbauer"), lib, tmp)
        timer = Timer(harness, tmp)
        s = startup(timer, exe, base, anchor, args.quick)
        g, g_ok = gegenbauer(timer, exe, base, arb_geg, args.quick)
        c, c_ok = sign_coef(timer, exe, base, args.quick)
        if args.load:
            print("Under load: `%s` ran throughout (%d start(s)); load average %.2f at the end.\n"
                  % (args.load, load.starts, os.getloadavg()[0]))
    print("## Summary\n")
    print("| target | measured (wall medians, this run) | |")
    print("|---|---:|---|")
    print("| start-up within 1.25x the C program | %.2fx | %s |" % (s, verdict(s <= 1.25)))
    print("| certified Gegenbauer at l = 10^4: 10x Arb | %.1fx | %s |" % (g, verdict(g >= 10 and g_ok)))
    print("| sign-coef: 40x mpmath | %.1fx | %s |" % (c, verdict(c >= 40 and c_ok)))


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("build", nargs="?", default=os.path.join(HERE, "..", "build", "release"))
    p.add_argument("--baseline", help="an older boundcheck, measured in the same rounds")
    p.add_argument("--load", help="a command kept running in the background (results: bench_floor_loaded.md)")
    p.add_argument("--quick", action="store_true", help="few repetitions (not recorded)")
    a = p.parse_args()
    if a.quick:
        main(a)
    else:
        # bench/results/bench_floor.md, or bench_floor_loaded.md under --load
        with results.recorded(__file__, os.path.join(a.build, "boundcheck"), "_loaded" if a.load else ""):
            main(a)
