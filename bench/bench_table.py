#!/usr/bin/env python3
"""boundcheck table: sweeps timed against the ways users sweep today, in one run.

  /usr/bin/python3 bench/bench_table.py [build/release/boundcheck]

A. 10^6-point `rank bound --kernel double` grid (d = 16..10015, H = 1..100, r = 4):
   table --spec  vs  the command's own list call (the kernel alone, same output)
                 vs  a shell loop, one process per point (timed on 300 points, scaled to 10^6)
                 vs  NumPy vectorised over H (truncated at degree 101, per d; timed on 200 d, scaled)
B. 10^4-point certified grid (d = 16..115, H = 1..100, r = 4, Arb kernel, 30 digits):
   table --spec  vs  the command's own list call  vs  a shell loop (100 points, scaled)
                 vs  an mpmath script at 30 digits (10 points, scaled)
C. Shards of the skewed grid of issue 19 (rank bound, d = 8..256 step 8 x r = 1,2,4,8 x 84 H,
   Arb kernel; small d and r near d cost thousands of times more than large d), --threads 1:
   each shard's CPU time (user + sys of its process) for N = 3 and 8 against the unsharded run's
   CPU time / N. Target: slowest shard <= 1.25 x unsharded / N.
D. The 10^6-point grid of A written to a CSV file, CPU time (one thread) and peak memory of each process:
   table streamed to --output  vs  the list call --output  vs  NumPy (as in A) with its CSV written
   by numpy.savetxt; then a 10^7-point streamed table (d = 16..100015): peak memory (target 200 MB);
   and the plan of a 10^8-point sweep (d = 16..1000015), whose memory no longer grows with the
   points (the full 10^8-point run takes about 400 s of CPU: not run here).
A and B are CPU seconds on one thread (user + sys of the boundcheck process, least of 3 runs, 2 for
B; the NumPy and mpmath scripts' own process CPU time), as C and D are: on a machine shared with
other work, wall time measures the neighbours. Ratios above 1 mean the table is faster. The
overhead of the table machinery is table / (command's own list call) - 1. Not a test: no limits
are asserted.
  --only-shards   run part C only
  --only-stream   run part D only
  --only-ab       run parts A and B only
"""
import math
import os
import resource
import subprocess
import sys
import tempfile
import time

from baselines import numpy_lb  # bench/ is on sys.path when run as a script

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import results  # noqa: E402  (bench/results.py)

EXE = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else os.path.join(os.path.dirname(__file__), "..", "build", "release", "boundcheck")


def timed(args, reps=3):
    """Least CPU seconds (user + sys) of `reps` runs of boundcheck ARGS --threads 1."""
    return min(cpu_run(args + ["--threads", "1"]) for _ in range(reps))


def cpu_run(args, cwd=None):
    """CPU seconds (user + sys) of one boundcheck process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([EXE] + args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=cwd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


SKEWED = ('command = "rank bound"\n[sweep]\nd = { from = 8, to = 256, step = 8 }\nr = [1, 2, 4, 8]\n'
          'H = { from = 1, to = 1e6, per_decade = 15 }\n')


def shards_bench(reps=3):
    """Part C: per-shard CPU times of the skewed grid. On a shared machine a process's CPU time
    varies by tens of percent with the load (caches, memory bandwidth), so every run is repeated
    `reps` times, interleaved, and the least CPU time of each is kept."""
    with tempfile.TemporaryDirectory() as tmp:
        spec = os.path.join(tmp, "skew.toml")
        with open(spec, "w") as f:
            f.write(SKEWED)
        whole_csv = os.path.join(tmp, "whole.csv")
        common = ["--threads", "1", "--max-seconds", "3600"]
        best = {}
        for _ in range(reps):
            t = cpu_run(["table", "--spec", spec, "--format", "csv", "--output", whole_csv] + common)
            best["whole"] = min(best.get("whole", math.inf), t)
            for n in (3, 8):
                for i in range(1, n + 1):
                    part = os.path.join(tmp, "n%d-p%d.json" % (n, i))
                    t = cpu_run(["table", "--spec", spec, "--shard", "%d/%d" % (i, n), "--output", part] + common)
                    best[(n, i)] = min(best.get((n, i), math.inf), t)
        whole = best["whole"]
        print("C. skewed grid of issue 19, unsharded: %.1f s CPU (--threads 1; least of %d runs)" % (whole, reps))
        print("| shards | CPU per shard (s) | slowest / (unsharded / N) | slowest / fastest | sum / unsharded |")
        print("|---:|---|---:|---:|---:|")
        for n in (3, 8):
            times = [best[(n, i)] for i in range(1, n + 1)]
            parts = [os.path.join(tmp, "n%d-p%d.json" % (n, i)) for i in range(1, n + 1)]
            merged = os.path.join(tmp, "merged.csv")
            subprocess.run([EXE, "table", "merge"] + parts + ["--format", "csv", "--output", merged], check=True,
                           stderr=subprocess.DEVNULL)
            same = open(merged).read() == open(whole_csv).read()
            print("| %d | %s | %.2f | %.2f | %.2f |%s" % (n, ", ".join("%.1f" % t for t in times),
                                                          max(times) / (whole / n), max(times) / min(times),
                                                          sum(times) / whole, "" if same else " MERGE DIFFERS"))


def cpu_mem(args):
    """(CPU seconds, peak resident MB) of one child process: args[0] is the program. Measured by
    /usr/bin/time, whose own small process forks the child: ru_maxrss of a child forked from this
    Python process would count this process's resident memory at the fork (a Python holding a
    100 MB CSV made a 47 MB table run read as 164 MB)."""
    with tempfile.NamedTemporaryFile("r") as f:
        subprocess.run(["/usr/bin/time", "-f", "%U %S %M", "-o", f.name] + args, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        user, sys_, kb = f.read().split()[-3:]
    return float(user) + float(sys_), int(kb) / 1024


def least_cpu(runs, reps=3):
    """Each of `runs` (name -> args) `reps` times, interleaved: the least CPU time and the largest
    peak of each (CPU time moves by tens of percent with the load of a shared machine)."""
    best = {}
    for _ in range(reps):
        for name, args in runs:
            cpu, mb = cpu_mem(args)
            c0, m0 = best.get(name, (math.inf, 0))
            best[name] = (min(c0, cpu), max(m0, mb))
    return best


def digest(path):
    import hashlib
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


NUMPY_CSV = """
import sys
sys.path.insert(0, %r)
import numpy as np
from baselines import numpy_lb
log_h = np.log(np.arange(1, 101, dtype=float))
hs = np.arange(1, 101)
with open(sys.argv[1], "w") as f:
    f.write("d,r,H,count,lo,hi\\n")
    for d in range(16, 10016):
        lo, hi = numpy_lb(float(d), log_h, 4)
        block = np.column_stack([np.full(100, d), np.full(100, 4), hs, lo, hi])
        np.savetxt(f, block, fmt=["%%d", "%%d", "%%d", "%%.10g", "%%.10g"], delimiter=",")
""" % os.path.dirname(os.path.abspath(__file__))


def stream_bench():
    """Part D: streamed CSV, CPU time and peak memory (wall time is noise on a shared machine)."""
    with tempfile.TemporaryDirectory() as tmp:
        a, big, huge = (os.path.join(tmp, n) for n in ("a.toml", "big.toml", "huge.toml"))
        spec(a, 16, 10015, "double")
        spec(big, 16, 100015, "double")
        spec(huge, 16, 1000015, "double")
        out, out_cmd = os.path.join(tmp, "out.csv"), os.path.join(tmp, "cmd.csv")
        one = ["--threads", "1"]  # CPU time against one-threaded NumPy (idle OpenMP workers spin)
        runs = [("table --output (streamed)", [EXE, "table", "--spec", a, "--format", "csv", "--output", out] + one),
                ("rank bound list call --output",
                 [EXE, "rank", "bound", "--d", "16:10015", "--r", "4", "--H", "1:100", "--kernel", "double",
                  "--format", "csv", "--output", out_cmd] + one),
                ("NumPy (L=101) + numpy.savetxt", [sys.executable, "-c", NUMPY_CSV, os.path.join(tmp, "np.csv")])]
        best = least_cpu(runs)
        same = digest(out) == digest(out_cmd)
        print("D. 10^6 double points into a CSV file (CPU s, least of 3; peak MB)%s" % ("" if same else " OUTPUTS DIFFER"))
        print("| run | CPU (s) | peak (MB) | CPU ratio (run / table) |")
        print("|---|---:|---:|---:|")
        t0 = best[runs[0][0]][0]
        for name, _ in runs:
            cpu, mb = best[name]
            print("| %s | %.2f | %.0f | %.2fx |" % (name, cpu, mb, cpu / t0))
        cpu, mb = cpu_mem([EXE, "table", "--spec", big, "--format", "csv", "--output", out, "--max-seconds", "3600"] +
                          one)
        print("10^7 points streamed: %.1f s CPU, peak %.0f MB" % (cpu, mb))
        cpu, mb = cpu_mem([EXE, "table", "plan", "--spec", huge, "--shards", "64"])
        print("10^8 points (d = 16..1000015): table plan --shards 64: %.1f s CPU, peak %.0f MB" % (cpu, mb))


def shell_loop(points, extra):
    """CPU seconds per point of one process per point."""
    t = 0.0
    for d, h in points:
        t += cpu_run(["rank", "bound", "--d", str(d), "--r", "4", "--H", str(h), "--threads", "1"] + extra +
                     ["--format", "csv"])
    return t / len(points)


def spec(path, d_from, d_to, kernel):
    with open(path, "w") as f:
        f.write('command = "rank bound"\n[fixed]\nr = 4\nkernel = "%s"\n[sweep]\n'
                'd = { from = %d, to = %d, step = 1 }\nH = { from = 1, to = 100, step = 1 }\n' % (kernel, d_from, d_to))


def numpy_per_d():
    import numpy as np
    log_h = np.log(np.arange(1, 101, dtype=float))

    def one(d):
        return numpy_lb(d, log_h, 4)

    ds = range(16, 216)
    t = time.process_time()
    for d in ds:
        one(float(d))
    return (time.process_time() - t) / len(ds)  # CPU per d (100 H values)


def mpmath_point(d, H, dps=30, L=2001):
    import mpmath as mp
    mp.mp.dps = dps
    total = mp.mpf(0)
    for l in range(1, L + 1, 2):
        n = mp.binomial(l + d - 1, d - 1) - mp.binomial(l + d - 3, d - 1)
        s = mp.gamma(mp.mpf(d) / 2) * mp.gamma(mp.mpf(l) / 2) / (mp.pi * mp.gamma(mp.mpf(l + d) / 2))
        b = mp.binomial(4 + l - 1, l)
        total += n * s * s * min(1, H * b / n)
    return 1 - total


def main():
    if "--only-shards" in sys.argv:
        shards_bench()
        return
    if "--only-stream" in sys.argv:
        stream_bench()
        return
    only_ab = "--only-ab" in sys.argv
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        a = os.path.join(tmp, "a.toml")
        spec(a, 16, 10015, "double")
        t_table = timed(["table", "--spec", a, "--format", "csv"])
        t_cmd = timed(["rank", "bound", "--d", "16:10015", "--r", "4", "--H", "1:100", "--kernel", "double",
                       "--format", "csv"])
        pts = [(16 + 33 * i, 1 + (7 * i) % 100) for i in range(300)]
        t_loop = shell_loop(pts, ["--kernel", "double"]) * 1e6
        t_np = numpy_per_d() * 1e4
        rows += [("A 10^6 double points", t_table, "rank bound list call (kernel + output)", t_cmd),
                 ("A 10^6 double points", t_table, "shell loop, 1 process per point (scaled)", t_loop),
                 ("A 10^6 double points", t_table, "NumPy, vectorised over H, L=101 (scaled)", t_np)]
        b = os.path.join(tmp, "b.toml")
        spec(b, 16, 115, "arb")
        t_table_b = timed(["table", "--spec", b, "--format", "csv"], reps=2)
        t_cmd_b = timed(["rank", "bound", "--d", "16:115", "--r", "4", "--H", "1:100", "--format", "csv"], reps=2)
        t_loop_b = shell_loop([(16 + i, 1 + (13 * i) % 100) for i in range(100)], []) * 1e4
        t0 = time.process_time()
        for i in range(10):
            mpmath_point(16 + 10 * i, 1 + 10 * i)
        t_mp = (time.process_time() - t0) / 10 * 1e4
        rows += [("B 10^4 certified points", t_table_b, "rank bound list call (kernel + output)", t_cmd_b),
                 ("B 10^4 certified points", t_table_b, "shell loop, 1 process per point (scaled)", t_loop_b),
                 ("B 10^4 certified points", t_table_b, "mpmath at 30 digits, L=2001 (scaled)", t_mp)]
    print("| sweep | table (s) | baseline | baseline (s) | ratio |")
    print("|---|---:|---|---:|---:|")
    for name, ours, base, base_s in rows:
        print("| %s | %.3g | %s | %.3g | %.2fx |" % (name, ours, base, base_s, base_s / ours))
    print()
    print("table machinery overhead over the command's own list call: A %+.1f%%, B %+.1f%%" %
          (100 * (t_table / t_cmd - 1), 100 * (t_table_b / t_cmd_b - 1)))
    if only_ab:
        return
    print()
    shards_bench()
    print()
    stream_bench()


if __name__ == "__main__":
    with results.recorded(__file__, EXE):  # bench/results/bench_table.md: the performance guide shows it
        main()
