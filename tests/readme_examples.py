#!/usr/bin/python3
"""The examples of the README and of the guides (docs/guides/*.md) are run, so they cannot drift
(issues 18, 26).

Every ```text block of each file is a transcript: lines starting with "$ boundcheck" are commands
(run with the built executable in a scratch directory that links the repository's data/, docs/
and verify/, so an example that writes files writes them there), the lines up to the next "$" are
what they print. A command's printed lines (stdout, then stderr's error lines) must equal the
transcript's; `note:` lines on stderr are compared only when the transcript shows them (each shown
note must be printed). A transcript line "..." elides output: the command must then exit 0 and
print the shown lines in that order, with anything between them, and show at least MIN_SHOWN of
them (a "..." with only a closing line shows the reader nothing: issue 36). "$ python3 -c ..." lines run
with the built Python module (PYTHON_DIR, the third argument) when it is there, and are skipped
and counted otherwise. A block right after an HTML comment `<!-- untested: REASON -->` is skipped
(it needs something the reader makes); a block right after `<!-- file: PATH -->` must equal
that file (the examples' inputs live in docs/examples/; PATH is relative to the repository). Each
file runs in its own scratch directory, its transcripts in order. The test requires at least
MIN_TESTED commands to run, so it cannot pass by skipping everything.
Usage: readme_examples.py BOUNDCHECK_EXE PYTHON_DIR FILE.md|DIR [...]   (a DIR: its *.md files)
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

MIN_TESTED = 30
MIN_SHOWN = 2  # lines of real output an elided transcript shows


def transcripts(text):
    """(line number, [(command, expected lines)]) per ```text block not marked untested."""
    out = []
    for m in re.finditer(r"(<!-- untested:[^>]*-->\n)?```text\n(.*?)```", text, re.S):
        if m.group(1):
            continue
        lines = m.group(2).rstrip("\n").split("\n")
        if not lines[0].startswith("$ boundcheck") and not lines[0].startswith("$ python3"):
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


def file_blocks(text, root, name):
    """Drift between a block shown as a file (<!-- file: PATH --> before it) and the file."""
    bad = []
    for m in re.finditer(r"<!-- file: (\S+) -->\n```\w*\n(.*?)```", text, re.S):
        path = os.path.join(root, m.group(1))
        if not os.path.exists(path) or open(path).read() != m.group(2):
            bad.append(f"{name}:{text[:m.start()].count(chr(10)) + 1}: the block differs from {m.group(1)}")
    return bad


def in_order(shown, got):
    """Whether the shown lines appear in `got` in this order (anything between them)."""
    it = iter(got)
    return all(any(g == s for g in it) for s in shown)


def run(cmd, exe, cwd, python_dir):
    """The process of one transcript command, or None when it is a Python line without a module."""
    argv = shlex.split(cmd, comments=True)
    if argv[0] == "boundcheck":
        return subprocess.run([exe] + argv[1:], cwd=cwd, capture_output=True, text=True, timeout=600)
    if argv[0] == "python3" and python_dir and os.path.isdir(os.path.join(python_dir, "boundcheck")):
        env = dict(os.environ, PYTHONPATH=python_dir)
        return subprocess.run(["/usr/bin/python3"] + argv[1:], cwd=cwd, env=env, capture_output=True,
                              text=True, timeout=600)
    return None


def scratch(root):
    """A working directory with the repository's inputs linked in."""
    d = tempfile.mkdtemp(prefix="bc_readme_")
    for sub in ("data", "docs", "verify"):
        os.symlink(os.path.join(root, sub), os.path.join(d, sub))
    return d


def check_file(path, root, exe, python_dir):
    """Runs one file's transcripts: (failures, commands run, Python lines skipped)."""
    name = os.path.relpath(path, root)
    text = open(path).read()
    failures, tested, skipped = file_blocks(text, root, name), 0, 0
    cwd = scratch(root)
    for line, cmds in transcripts(text):
        for cmd, want in cmds:
            r = run(cmd, exe, cwd, python_dir)
            if r is None:
                skipped += 1
                continue
            tested += 1
            failure = compare(r, want)
            if failure:
                failures.append(f"{name}:{line}: $ {cmd}\n{failure}")
    shutil.rmtree(cwd, ignore_errors=True)
    return failures, tested, skipped


def compare(r, want):
    """What differs between a run and its transcript, or "" when it matches."""
    err = r.stderr.rstrip("\n").split("\n") if r.stderr.strip() else []
    notes = [e for e in err if e.startswith("note: ")]
    got = (r.stdout.rstrip("\n").split("\n") if r.stdout.strip() else []) + \
          [e for e in err if not e.startswith("note: ")]
    want_plain = [w for w in want if not w.startswith("note: ")]
    missing_notes = [w for w in want if w.startswith("note: ") and w not in notes]
    if "..." in want_plain:
        shown = [w for w in want_plain if w != "..."]
        if len(shown) < MIN_SHOWN:
            return f"  the transcript elides its output ({len(shown)} line(s) shown): show at least {MIN_SHOWN} real lines"
        if r.returncode != 0 or not in_order(shown, got) or missing_notes:
            return (f"  exit {r.returncode}; shown lines not printed in order: {[w for w in shown if w not in got][:4]}"
                    + "".join(f"\n  missing note: {n}" for n in missing_notes))
        return ""
    if got != want_plain or missing_notes:
        diff = [f"  - {w}" for w in want_plain if w not in got][:4] + \
               [f"  + {g}" for g in got if g not in want_plain][:4] + \
               [f"  missing note: {n}" for n in missing_notes]
        return "\n".join(diff) or "  (the same lines in another order or number)"
    return ""


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: readme_examples.py BOUNDCHECK_EXE PYTHON_DIR FILE.md [FILE.md ...]")
    exe, python_dir = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    failures, tested, skipped = [], 0, 0
    paths = []
    for a in sys.argv[3:]:
        paths += sorted(os.path.join(a, f) for f in os.listdir(a) if f.endswith(".md")) if os.path.isdir(a) else [a]
    for path in paths:
        f, t, s = check_file(os.path.abspath(path), root, exe, python_dir)
        failures += f
        tested += t
        skipped += s
        print(f"{os.path.relpath(path, root)}: {t} commands run, {len(f)} drifted")
    for f in failures:
        print("DRIFT " + f)
    print(f"examples: {tested} commands run in {len(paths)} files, {len(failures)} drifted, {skipped} "
          f"Python lines skipped (no module built)")
    if tested < MIN_TESTED:
        print(f"only {tested} commands found (at least {MIN_TESTED} expected)")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
