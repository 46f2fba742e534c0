"""Long runs release the GIL and stop on Ctrl-C (KeyboardInterrupt) within about a second, native work
included (issue 29: the computation used to run on in the background)."""
import os
import re
import signal
import threading
import time

import pytest

import boundcheck
from boundcheck import _boundcheck

# About 5 s on one core: the certified kernel on the slowest tail (r = d - 1, H = 1) to 10^6 terms.
LONG = ["rank", "bound", "--d", "3", "--r", "2", "--H", "1", "--max-terms", "2000001", "--digits", "50",
        "--threads", "1"]


def _wait_stopped(limit):
    """Seconds until no computation is running, or None after `limit` seconds."""
    t0 = time.monotonic()
    while _boundcheck.running():
        if time.monotonic() - t0 > limit:
            return None
        time.sleep(0.02)
    return time.monotonic() - t0


def _interrupted(argv, delay):
    """Runs argv, sends SIGINT after `delay` s; returns the seconds until KeyboardInterrupt."""
    timer = threading.Timer(delay, os.kill, (os.getpid(), signal.SIGINT))
    t0 = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            boundcheck.invoke(argv)
        return time.monotonic() - t0
    finally:
        timer.cancel()


def test_sigint_raises_keyboard_interrupt_quickly():
    delay = 0.5
    elapsed = _interrupted(LONG, delay)
    assert elapsed < delay + 1.0, f"KeyboardInterrupt after {elapsed:.2f} s"
    # the computation is cancelled: it stops at its next poll (every 8192 terms here), not ~5 s later
    stopped = _wait_stopped(2.0)
    assert stopped is not None, "the interrupted computation still runs 2 s after Ctrl-C"
    # the module keeps working afterwards
    assert boundcheck.sphere.dim(d=3, l=2).value() == 5


def test_interrupted_calls_burn_no_cpu_afterwards():
    """Issue 29: five interrupted calls left their workers computing (10 CPU-seconds during a 5 s
    sleep). Now each stops at its next poll: during an idle second after them the process uses
    almost no CPU. The bound (0.3 CPU-s over 1 s) is far above an idle process (~0) and far below
    one still-running computation (~1 per core)."""
    for _ in range(5):
        _interrupted(LONG, 0.3)
    assert _wait_stopped(2.0) is not None, f"{_boundcheck.running()} computations still run 2 s after"
    t = os.times()
    time.sleep(1.0)
    u = os.times()
    cpu = (u.user - t.user) + (u.system - t.system)
    assert cpu < 0.3, f"{cpu:.2f} CPU-seconds during a 1 s idle sleep after 5 interrupted calls"


def test_gil_is_released():
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.01)

    th = threading.Thread(target=ticker)
    th.start()
    t0 = time.monotonic()
    boundcheck.invoke(["rank", "bound", "--d", "3", "--r", "2", "--H", "1", "--max-terms", "400001",
                       "--threads", "1"])
    elapsed = time.monotonic() - t0
    stop.set()
    th.join()
    during = [t for t in ticks if t0 <= t <= t0 + elapsed]
    assert elapsed < 0.2 or len(during) >= elapsed / 0.05, (elapsed, len(during))


# ---- an interrupt cancels every call of the process (issue 38 §4c) ---------------------------------
# Ctrl-C used to stop only the main thread's call: calls in other threads ran on to their own
# deadline, and the process exited 29 s after Ctrl-C. The tests check what happens to those calls
# (cancelled: KeyboardInterrupt in their own threads, no result), not how fast; the seconds are
# measured by bench/budget_overrun.py and recorded in docs/guides/reliability.md.

def _wait_running(n, limit=30.0):
    t0 = time.monotonic()
    while _boundcheck.running() < n and time.monotonic() - t0 < limit:
        time.sleep(0.01)
    return _boundcheck.running() >= n


def _call_in_thread(argv, outcome):
    def body():
        try:
            boundcheck.invoke(argv)
            outcome.append("result")
        except KeyboardInterrupt as e:
            outcome.append(f"KeyboardInterrupt: {e}")
        except Exception as e:  # noqa: BLE001 (recorded for the assertion)
            outcome.append(f"{type(e).__name__}: {e}")
    th = threading.Thread(target=body)
    th.start()
    return th


def test_ctrl_c_in_a_call_cancels_the_calls_of_other_threads():
    outcomes = [[], []]
    threads = [_call_in_thread(LONG, o) for o in outcomes]
    assert _wait_running(2)
    _interrupted(LONG, 0.3)  # the main thread's own call: KeyboardInterrupt
    for th in threads:
        th.join(60)  # a safety net: each call lasts about 5 s when nothing cancels it
    for o in outcomes:
        assert len(o) == 1 and o[0].startswith("KeyboardInterrupt"), o
        assert "every computation in progress was cancelled" in o[0]
    assert _wait_stopped(10.0) is not None
    # calls made after the interrupt run as usual
    assert boundcheck.sphere.dim(d=3, l=2).value() == 5


CHILD = r"""
import sys, threading, time
import boundcheck
from boundcheck import _boundcheck
LONG = %r
def body(i):
    try:
        boundcheck.invoke(LONG)
        sys.stdout.write(f"thread {i}: result\n")  # one write: print() writes the newline apart,
        sys.stdout.flush()  # and two threads' lines then interleave (CI saw "...Interruptthread 1")
    except KeyboardInterrupt:
        sys.stdout.write(f"thread {i}: KeyboardInterrupt\n")
        sys.stdout.flush()
threads = [threading.Thread(target=body, args=(i,)) for i in range(2)]
for th in threads:
    th.start()
while _boundcheck.running() < 2:
    time.sleep(0.01)
print("ready", flush=True)
%s
"""


def _child(tail, interrupt):
    import subprocess
    import sys
    code = CHILD % (LONG, tail)
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "ready"
    if interrupt:
        p.send_signal(signal.SIGINT)
    p.wait(timeout=120)  # a safety net, not a timing
    return p.returncode, p.stdout.read(), p.stderr.read()


def test_ctrl_c_outside_any_call_cancels_every_call_when_the_main_thread_dies_of_it():
    # the main thread waits in Thread.join (no boundcheck call of its own) and dies of Ctrl-C; the
    # interpreter then joins the threads, whose calls used to run to their end
    rc, out, err = _child("for th in threads:\n    th.join()\nprint('main: joined', flush=True)", True)
    assert "KeyboardInterrupt" in err and "main: joined" not in out, (rc, out, err)
    # each thread's outcome, however the two threads' writes interleaved
    outcomes = sorted(re.findall(r"thread \d: (?:KeyboardInterrupt|result)", out))
    assert outcomes == ["thread 0: KeyboardInterrupt", "thread 1: KeyboardInterrupt"], out


def test_a_main_thread_that_ends_normally_lets_the_calls_of_its_threads_finish():
    rc, out, err = _child("print('main: done', flush=True)", False)
    assert rc == 0, err
    assert sorted(out.strip().split("\n")) == ["main: done", "thread 0: result", "thread 1: result"], out
