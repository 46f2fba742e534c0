"""Long runs release the GIL and stop on Ctrl-C (KeyboardInterrupt) within about a second."""
import os
import signal
import threading
import time

import pytest

import boundcheck
from boundcheck import _boundcheck

# About 5 s on one core: the certified kernel on the slowest tail (r = d - 1, H = 1) to 10^6 terms.
LONG = ["rank", "bound", "--d", "3", "--r", "2", "--H", "1", "--max-terms", "2000001", "--digits", "50",
        "--threads", "1"]


def _wait_background(limit=300.0):
    """Lets an interrupted computation finish on its worker before the next test."""
    t0 = time.monotonic()
    while _boundcheck.running() and time.monotonic() - t0 < limit:
        time.sleep(0.1)


def test_sigint_raises_keyboard_interrupt_quickly():
    delay = 0.5
    timer = threading.Timer(delay, os.kill, (os.getpid(), signal.SIGINT))
    t0 = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            boundcheck.invoke(LONG)
        elapsed = time.monotonic() - t0
    finally:
        timer.cancel()
    assert elapsed < delay + 1.0, f"KeyboardInterrupt after {elapsed:.2f} s"
    assert _boundcheck.running() == 1  # still finishing in the background
    _wait_background()
    # the module keeps working afterwards
    assert boundcheck.sphere.dim(d=3, l=2).value() == 5


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
