"""Where the bench scripts' measurements go: `with recorded(__file__): main()` copies everything the
script prints to standard output into bench/results/<script>.md, headed by the date, the machine
(CPU model, cores, memory, load average, kernel) and `boundcheck --version`, so that the
performance guide (docs/guides/performance.md, which includes these files) shows numbers only as
a script measured them, with where and when. The file is written only when the script succeeds;
a failed or interrupted run leaves the previous measurement in place.
"""
import contextlib
import datetime
import io
import os
import platform
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.path.join(HERE, "results")
DEFAULT_EXE = os.path.join(HERE, "..", "build", "release", "boundcheck")


class _Tee(io.TextIOBase):
    def __init__(self, a, b):
        self.a, self.b = a, b

    def write(self, s):
        self.a.write(s)
        self.b.write(s)
        return len(s)

    def flush(self):
        self.a.flush()


def _cpu():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def _memory():
    try:
        with open("/proc/meminfo") as f:
            kb = int(f.readline().split()[1])
        return f"{kb / 2**20:.1f} GiB"
    except (OSError, ValueError, IndexError):
        return "unknown memory"


def _version(exe):
    try:
        return subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "boundcheck: not found"


def machine(exe=DEFAULT_EXE):
    """The header of a results file: date, machine, boundcheck --version."""
    load = os.getloadavg() if hasattr(os, "getloadavg") else ("?",) * 3
    return (f"Measured {datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z} on {_cpu()}, "
            f"{os.cpu_count()} logical cores, {_memory()}, load average {load[0]:.2f} at the start; "
            f"{platform.system()} {platform.release()}, Python {platform.python_version()}.\n\n"
            f"```text\n{_version(exe)}\n```\n")


@contextlib.contextmanager
def recorded(script, exe=DEFAULT_EXE, suffix=""):
    """Copies standard output into bench/results/<script name><suffix>.md when the block succeeds."""
    name = os.path.splitext(os.path.basename(script))[0] + suffix
    header = machine(exe)
    buf = io.StringIO()
    out = sys.stdout
    sys.stdout = _Tee(out, buf)
    ok = False
    try:
        yield
        ok = True
    except SystemExit as e:
        ok = e.code in (None, 0)
        raise
    finally:
        sys.stdout = out
        if ok:
            os.makedirs(RESULTS, exist_ok=True)
            path = os.path.join(RESULTS, name + ".md")
            with open(path + ".tmp", "w") as f:
                f.write(f"{header}\nOutput of `{' '.join([os.path.relpath(script)] + sys.argv[1:])}`:\n\n"
                        f"```text\n{buf.getvalue().rstrip()}\n```\n")
            os.replace(path + ".tmp", path)
            print(f"results written to {os.path.relpath(path)}", file=sys.stderr)
