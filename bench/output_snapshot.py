#!/usr/bin/python3
"""Records the exact bytes boundcheck prints for a fixed set of invocations, or compares against a
recording: the guard of performance work, whose rule is that no output byte changes.

The set: `--version`; `--help` of every level of the command tree; every example of every command
(from `boundcheck help --format json`: the examples of every --help; run in a scratch directory
holding links to data/, docs/ and verify/, as tests/cli does);
the sphere, rank, depth, sym and comm examples again in every --format; and the benchmark jobs
(sphere gegenbauer at l = 10^4, sphere sign-coef at l <= 100001) in csv, json and table.
Each invocation's stdout, stderr and exit code are kept, with the build's commit (the provenance
of --version, JSON and HTML output) replaced by a placeholder: it differs between any two builds.

Usage: bench/output_snapshot.py record BOUNDCHECK DIR
       bench/output_snapshot.py compare BOUNDCHECK DIR      (exit 1 on any difference)
"""
import concurrent.futures
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)
FORMATS = ("table", "csv", "json", "markdown", "latex", "html")
JOBS = [
    "sphere gegenbauer --d 11 --l 10000 --t 0.3 --certified --digits 77",
    "sphere gegenbauer --d 11 --l 10000 --t 0.3 --digits 77",
    "sphere sign-coef --d 64 --l-max 100001 --digits 50",
    "sphere sign-coef --d 64 --l-max 100001 --digits 50 --certified",
    "sphere sign-coef --d 64 --l-max 1001 --digits 50 --include-even",
    "sphere dim --d 3 --l 2",
]


COMMIT = re.compile(rb"(commit[\"]?[:=]? ?[\"(]?)[0-9a-f]{7,40}(?:-dirty)?")


def run(exe, words, cwd):
    r = subprocess.run([exe] + words, cwd=cwd, capture_output=True, timeout=900)
    return {"code": r.returncode, "out": COMMIT.sub(rb"\1<commit>", r.stdout),
            "err": COMMIT.sub(rb"\1<commit>", r.stderr)}


def levels(exe):
    """Every path of the command tree, from the Subcommands: parts of --help."""
    paths, todo = [], [[]]
    while todo:
        p = todo.pop(0)
        paths.append(p)
        text = subprocess.run([exe] + p + ["--help"], capture_output=True, text=True).stdout
        if "\nSubcommands:\n" not in text:
            continue
        for line in text.split("\nSubcommands:\n", 1)[1].splitlines():
            m = re.match(r"^  (\S+)", line)
            if m:
                todo.append(p + [m.group(1)])
            elif line and not line.startswith(" "):
                break
    return paths


def examples(exe):
    """Every command's examples, from the registry's help JSON: {path: [argv]}."""
    j = json.loads(subprocess.run([exe, "help", "--format", "json"], capture_output=True, text=True).stdout)
    out = {}
    for c in j["commands"]:
        out[c["path"]] = [shlex.split(e["command"], comments=True)[1:] for e in c.get("examples", [])]
    return out


def invocations(exe):
    inv = [["--version"], ["sphere", "--version"], ["help", "--format", "json"]]
    ex_of = examples(exe)
    for p in levels(exe):
        inv.append(p + ["--help"])
        for ex in ex_of.get(" ".join(p), []):
            inv.append(ex)
            if p[0] in ("sphere", "rank", "depth", "sym", "comm") and "--format" not in ex \
                    and "--output" not in ex and "--certificate" not in ex:
                inv += [ex + ["--format", f] for f in FORMATS if f != "table"]
    for job in JOBS:
        inv += [shlex.split(job) + ["--format", f] for f in ("csv", "json", "table")]
    return inv


def scratch():
    d = tempfile.mkdtemp(prefix="bc_snapshot_")
    for sub in ("data", "docs", "verify"):
        os.symlink(os.path.join(SOURCE, sub), os.path.join(d, sub))
    return d


def key(words):
    return hashlib.sha1("\0".join(words).encode()).hexdigest()[:16]


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("record", "compare"):
        sys.exit(__doc__)
    mode, exe, store = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
    os.makedirs(store, exist_ok=True)
    index_path = os.path.join(store, "index.json")
    inv = invocations(exe) if mode == "record" else json.load(open(index_path))
    cwd = scratch()
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = list(pool.map(lambda w: run(exe, w, cwd), inv))
    bad = 0
    for words, r in zip(inv, results):
        path = os.path.join(store, key(words))
        blob = b"%d\n" % r["code"] + r["out"] + b"\n--stderr--\n" + r["err"]
        if mode == "record":
            with open(path, "wb") as f:
                f.write(blob)
        elif open(path, "rb").read() != blob:
            bad += 1
            print("DIFFERS: boundcheck " + shlex.join(words))
    if mode == "record":
        json.dump(inv, open(index_path, "w"), indent=0)
        print("recorded %d invocations in %s" % (len(inv), store))
    else:
        print("%d invocations, %d differ" % (len(inv), bad))
        sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
