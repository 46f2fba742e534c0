#!/usr/bin/python3
"""Notes on stderr (issue 18): wrapped at the terminal's width when stderr is a terminal, whole
lines when it is a pipe or a file (grep-able logs), whole strings in JSON's meta.notes.

The terminal is a pseudo-terminal whose width the test sets (TIOCSWINSZ), so the check does not
depend on where the suite runs. Usage: notes_wrap.py BOUNDCHECK_EXE
"""
import fcntl
import json
import os
import pty
import struct
import subprocess
import sys
import termios

ARGS = ["rank", "bound", "--d", "64", "--r", "8", "--H", "100"]


def run_on_terminal(exe, args, columns):
    """stderr of exe on a pty of the given width; stdout to a pipe."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    p = subprocess.Popen([exe] + args, stdout=subprocess.PIPE, stderr=slave, stdin=subprocess.DEVNULL)
    os.close(slave)
    chunks = []
    while True:
        try:
            b = os.read(master, 4096)
        except OSError:  # EIO: the child closed the terminal
            break
        if not b:
            break
        chunks.append(b)
    p.wait()
    os.close(master)
    return p.returncode, b"".join(chunks).decode().replace("\r\n", "\n")


def main():
    exe = sys.argv[1]
    failures = []
    piped = subprocess.run([exe] + ARGS, capture_output=True, text=True)
    notes = [l for l in piped.stderr.splitlines() if l]
    if not notes or not all(l.startswith("note: ") for l in notes):
        failures.append(f"piped stderr is not one 'note: ' line per note: {piped.stderr!r}")
    if not any(len(l) > 100 for l in notes):
        failures.append("expected a note longer than 100 columns to test wrapping with")
    js = json.loads(subprocess.run([exe] + ARGS + ["--format", "json"], capture_output=True, text=True).stdout)
    if ["note: " + n for n in js["meta"]["notes"]] != notes:
        failures.append("JSON meta.notes differ from the whole notes on a pipe")
    for columns in (60, 100, 137):
        code, err = run_on_terminal(exe, ARGS, columns)
        lines = [l for l in err.split("\n") if l]
        if code != 0:
            failures.append(f"{columns} columns: exit {code}")
        long = [l for l in lines if len(l) > columns]
        if long:
            failures.append(f"{columns} columns: lines longer than the terminal: {long[:2]}")
        # re-join: a line starting "note: " begins a note, six spaces continue it
        joined = []
        for l in lines:
            if l.startswith("note: "):
                joined.append(l)
            elif l.startswith("      ") and joined:
                joined[-1] += " " + l[6:]
            else:
                failures.append(f"{columns} columns: a line that neither starts nor continues a note: {l!r}")
        if joined != notes:
            failures.append(f"{columns} columns: the wrapped notes do not re-join to the whole notes")
    for f in failures:
        print("FAIL", f)
    print(f"notes wrap: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
