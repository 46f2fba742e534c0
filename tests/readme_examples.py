#!/usr/bin/python3
"""The README's examples are run, so they cannot drift (issue 18).

Every ```text block of README.md is a transcript: lines starting with "$ boundcheck" are commands
(run from the repository root with the built executable), the lines up to the next "$" are what
they print. A command's printed lines (stdout, then stderr's error lines) must equal the
transcript's; `note:` lines on stderr are compared only when the transcript shows them (each shown
note must be printed). A block right after an HTML comment `<!-- untested: REASON -->` is skipped
(it needs something the reader makes); a block right after `<!-- file: PATH -->` must equal
that file (the examples' inputs live in docs/examples/). The test requires at least MIN_TESTED
commands to run, so it cannot pass by skipping everything.
Usage: readme_examples.py BOUNDCHECK_EXE README.md
"""
import os
import re
import shlex
import subprocess
import sys

MIN_TESTED = 12


def transcripts(text):
    """(line number, [(command, expected lines)]) per ```text block not marked untested."""
    out = []
    for m in re.finditer(r"(<!-- untested:[^>]*-->\n)?```text\n(.*?)```", text, re.S):
        if m.group(1):
            continue
        lines = m.group(2).rstrip("\n").split("\n")
        if not lines[0].startswith("$ boundcheck"):
            continue
        cmds = []
        for ln in lines:
            if ln.startswith("$ "):
                cmds.append((ln[2:], []))
            else:
                cmds[-1][1].append(ln)
        for _, want in cmds:  # a blank line separates one command's output from the next
            while want and not want[-1].strip():
                want.pop()
        out.append((text[:m.start()].count("\n") + 1, cmds))
    return out


def file_blocks(text, root):
    """Drift between a block shown as a file (<!-- file: PATH --> before it) and the file."""
    bad = []
    for m in re.finditer(r"<!-- file: (\S+) -->\n```\w*\n(.*?)```", text, re.S):
        path = os.path.join(root, m.group(1))
        if not os.path.exists(path) or open(path).read() != m.group(2):
            bad.append(f"README.md:{text[:m.start()].count(chr(10)) + 1}: the block differs from {m.group(1)}")
    return bad


def main():
    exe, readme = os.path.abspath(sys.argv[1]), sys.argv[2]
    root = os.path.dirname(os.path.abspath(readme))
    text = open(readme).read()
    failures, tested = file_blocks(text, root), 0
    for line, cmds in transcripts(text):
        for cmd, want in cmds:
            argv = shlex.split(cmd)
            r = subprocess.run([exe] + argv[1:], cwd=root, capture_output=True, text=True, timeout=600)
            err = r.stderr.rstrip("\n").split("\n") if r.stderr.strip() else []
            notes = [e for e in err if e.startswith("note: ")]
            got = (r.stdout.rstrip("\n").split("\n") if r.stdout.strip() else []) + \
                  [e for e in err if not e.startswith("note: ")]
            want_plain = [w for w in want if not w.startswith("note: ")]
            missing_notes = [w for w in want if w.startswith("note: ") and w not in notes]
            tested += 1
            if got != want_plain or missing_notes:
                diff = [f"  - {w}" for w in want_plain if w not in got][:4] + \
                       [f"  + {g}" for g in got if g not in want_plain][:4] + \
                       [f"  missing note: {n}" for n in missing_notes]
                failures.append(f"README.md:{line}: $ {cmd}\n" + "\n".join(diff))
    for f in failures:
        print("DRIFT " + f)
    print(f"README examples: {tested} commands run, {len(failures)} drifted")
    if tested < MIN_TESTED:
        print(f"only {tested} commands found (at least {MIN_TESTED} expected)")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
