"""Long runs release the GIL and stop on Ctrl-C (KeyboardInterrupt) within about a second."""
import os
import signal
import threading
import time

import pytest

import boundcheck
from boundcheck import _boundcheck

# Several seconds on one core (the certified kernel over a grid of large d).
LONG = ["rank", "bound", "--d", "20000:20400:100", "--r", "1:4", "--H", "1", "--digits", "200", "--threads", "1"]


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
    boundcheck.invoke(["rank", "bound", "--d", "20000,20100", "--r", "1:2", "--H", "1", "--digits", "100",
                       "--threads", "1"])
    elapsed = time.monotonic() - t0
    stop.set()
    th.join()
    during = [t for t in ticks if t0 <= t <= t0 + elapsed]
    assert elapsed < 0.2 or len(during) >= elapsed / 0.05, (elapsed, len(during))
