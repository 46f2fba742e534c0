#!/usr/bin/python3
"""How late a run stops past its budget (issue 38 §4b, §4c), measured, never asserted by a test.

deadline   every command's slowest loop (tests/cli/test_cli.cpp slowest_loops) with the test-only
           BOUNDCHECK_TEST_DEADLINE=B and --max-seconds 60 (the estimates accept the work, the
           deadline is B): wall time of the process against the contract 1.1 B + 0.1 s
budget     the issue's own runs at real --max-seconds (refused up front or stopped)
python     rank random-features from Python (boundcheck.invoke) with max_seconds / the test deadline
ctrl-c     a Python process whose main thread waits in Thread.join while two threads compute, sent
           SIGINT: seconds until the process has exited

Usage: bench/budget_overrun.py BOUNDCHECK_EXE PYTHON_PATH [--budgets 0.05,0.2,1]
"""
import os
import signal
import subprocess
import sys
import time

EXE, PYPATH = sys.argv[1], sys.argv[2]
BUDGETS = [float(x) for x in (sys.argv[4].split(",") if len(sys.argv) > 4 else ["0.05", "0.2", "1"])]
SRC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CASES = [
    "sphere dim --d 3:1000000 --l 5", "sphere dim --d 3 --l-max 100000",
    "sphere gegenbauer --d 11 --l 5000000 --t 0.3 --digits 100",
    "sphere sign-coef --d 3 --l-max 100000 --digits 200", "sphere hecke-funk --d 5 --l 2001 --digits 300",
    "rank count --d 3 --r 4 --l 26", "rank bound --d 64 --r 8 --H 1:100000",
    "rank bound --d 64 --r 8 --H 1:1000 --kernel double", "rank heads --d 64 --r 8 --eps 0.05,0.06,0.07",
    "rank majority --d 200 --H 40000", "rank head-target --d 2000 --theta 0.3 --digits 100",
    "rank u --d 1024 --theta-grid 20 --degree 1601", "rank random-features --d 32 --H 1000 --trials 25",
    "rank random-features --d 16 --H 20 --trials 2000", "depth bounds --L 1:60 --dx 64 --H 1,2,4,8,16,32,64",
    "depth grid-rank --hadamard --d 3 --lambda 40 --omega 1/2",
    "depth grid-rank --network --L 3 --dx 32 --H 2 --N 4", "depth fit --points --L 6,12,18,24,30",
    "depth transition --L 6:2000", "depth optimal --params 1e9,1e10,1e11,1e12", "sym hstar --d 1:1000 --N 1:300",
    "sym bound --d 1:300 --N 1:300 --H 10", "sym gram --N 6 --degree 28",
    "sym eckart-young --power 150000 --alpha 1 --H 50", "comm sizes --N 2:100000 --d 1 --q 1",
    "comm models --p 1:2000", "comm neighborly --N 30 --q 3 --k 40",
    "comm pair-matching --N 128 --M 256 --search-alpha --trials 5000", "verify",
    f"table --spec {SRC}/data/specs/paper_lb_grid.toml",
]


def timed(argv, env=None, timeout=120):
    t0 = time.monotonic()
    p = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, env={**os.environ, **(env or {})})
    return time.monotonic() - t0, p


def deadline_table():
    print("## deadline: wall seconds past BOUNDCHECK_TEST_DEADLINE = B (contract 1.1 B + 0.1 s)")
    worst = {}
    for case in CASES:
        cells = []
        for b in BUDGETS:
            t, p = timed([EXE, *case.split(), "--max-seconds", "60"], {"BOUNDCHECK_TEST_DEADLINE": str(b)})
            ok = p.returncode == 1 and not p.stdout and "time limit" in p.stderr and t <= 1.1 * b + 0.1
            worst[b] = max(worst.get(b, 0), t)
            done = p.returncode == 0  # ran to its end before the deadline: nothing to stop
            cells.append(f"{t:6.3f}{' done' if done else '' if ok else ' LATE'}")
        print(f"{case[:60]:60s} " + "  ".join(cells))
    print("worst: " + ", ".join(f"B = {b}: {worst[b]:.3f} s (limit {1.1 * b + 0.1:.3f})" for b in BUDGETS))


def budget_table():
    print("## real budgets (the issue's runs)")
    for case, b in [("rank random-features --d 16 --H 20 --trials 200", 0.05),
                    ("rank random-features --d 16 --H 20 --trials 2000", 1),
                    ("rank random-features --d 16 --H 40 --trials 1000", 2),
                    ("rank random-features --d 32 --H 1000 --trials 25", 1),
                    ("rank random-features --d 32 --H 200 --trials 2000", 3)]:
        t, p = timed([EXE, *case.split(), "--max-seconds", str(b)])
        print(f"{case} --max-seconds {b}: {t:.3f} s, exit {p.returncode}: {p.stderr.strip()[:100]}")


def python_table():
    print("## python")
    code = ("import time, boundcheck\nt0 = time.monotonic()\ntry:\n    boundcheck.invoke(%r)\n"
            "except Exception as e:\n    print(type(e).__name__, e)\nprint(f'{time.monotonic() - t0:.3f}')\n")
    for argv, env in [(["rank", "random-features", "--d", "32", "--H", "1000", "--trials", "25", "--max-seconds", "1"], {}),
                      (["rank", "random-features", "--d", "32", "--H", "1000", "--trials", "25"],
                       {"BOUNDCHECK_TEST_DEADLINE": "0.2"})]:
        p = subprocess.run([sys.executable, "-c", code % argv], capture_output=True, text=True,
                           env={**os.environ, "PYTHONPATH": PYPATH, **env})
        print(" ".join(argv), env, "->", p.stdout.strip().replace("\n", " | "))


def ctrl_c():
    print("## ctrl-c: a main thread in Thread.join, two threads computing, SIGINT")
    child = ("import threading, time, boundcheck\nfrom boundcheck import _boundcheck\n"
             "L = ['rank', 'bound', '--d', '3', '--r', '2', '--H', '1', '--max-terms', '2000001', '--digits', '50', '--threads', '1']\n"
             "def f():\n    try:\n        boundcheck.invoke(L)\n    except KeyboardInterrupt:\n        pass\n"
             "ts = [threading.Thread(target=f) for _ in range(2)]\n[t.start() for t in ts]\n"
             "while _boundcheck.running() < 2:\n    time.sleep(0.01)\nprint('ready', flush=True)\n[t.join() for t in ts]\n")
    for _ in range(3):
        p = subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env={**os.environ, "PYTHONPATH": PYPATH})
        p.stdout.readline()
        t0 = time.monotonic()
        p.send_signal(signal.SIGINT)
        p.wait(120)
        print(f"exited {time.monotonic() - t0:.3f} s after SIGINT (rc {p.returncode})")


if __name__ == "__main__":
    deadline_table()
    budget_table()
    python_table()
    ctrl_c()
