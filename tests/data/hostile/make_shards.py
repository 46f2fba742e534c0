#!/usr/bin/python3
"""Regenerates the hostile shard files of this directory: a real shard written by `boundcheck
table --shard 1/1` is edited (cells, column names, the embedded spec) and its per-task digests
recomputed as boundcheck computes them (FNV-1a 64 over each row's compact JSON, starting from the
digest of the plan and the spec text: shard format 5), so that merge accepts the file's structure
and the hostile strings reach the renderers. An edited cell loses its computed value (null): its
text is all a reader has.
Usage: make_shards.py BOUNDCHECK_EXE"""
import json
import os
import subprocess
import sys
import tempfile

EXE = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = 'command = "sphere dim"\n[sweep]\nd = [3, 4]\nl = [1, 2]\n'


def fnv1a(text, h=14695981039346656037):
    for c in text.encode():
        h ^= c
        h = (h * 1099511628211) % (1 << 64)
    return h


def compact(row):
    return json.dumps(row, separators=(",", ":"), ensure_ascii=False)


def base_shard(spec):
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "s.toml"), "w") as f:
            f.write(spec)
        subprocess.run([EXE, "table", "--spec", "s.toml", "--shard", "1/1", "--output", "p.json"], cwd=d,
                       check=True, capture_output=True)
        return json.load(open(os.path.join(d, "p.json")))


def redigest(j):
    at = 0
    seed = fnv1a(j["spec"], fnv1a(j["plan"] + "\n"))
    for t in j["tasks"]:
        h = seed
        for row in j["rows"][at:at + t[1]]:
            h = fnv1a(compact(row), h)
        t[2] = f"{h:016x}"
        at += t[1]


def write(name, why, spec, edit):
    j = base_shard(SPEC)  # the rows of the plain spec; the hostile spec is put in afterwards
    j["spec"] = spec
    edit(j)
    redigest(j)
    j["hostile"] = why
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        f.write(json.dumps(j, indent=1) + "\n")


def cells(values, kinds):
    def edit(j):
        for row, v in zip(j["rows"], values):
            row[1] = kinds
            row[2] = v
            row[3] = [None] * len(v)
    return edit


write("shard_latex_cells", "cells and column names holding LaTeX commands", SPEC,
      lambda j: (j.__setitem__("columns", ["d", "\\write18{touch pwned}", "N"]),
                 cells([["3", "\\input{/etc/passwd}", "3"], ["3", "2", "\\catcode`\\{=12"],
                        ["4", "1", "$\\input{/etc/passwd}$"], ["4", "2", "}\\end{document}"]], "tte")(j)))
write("shard_exact_cells", "cells claiming to be exact numbers but holding LaTeX", SPEC,
      cells([["3", "1", "\\input{/etc/passwd}"], ["3", "2", "5"], ["4", "1", "4"],
             ["4", "2", "9^{\\write18{touch pwned}}"]], "iie"))
write("shard_outputs", "the spec inside the shard file writes outside the working directory",
      'outputs = ["../pwned.csv"]\n' + SPEC, lambda j: None)
write("shard_plot", "the spec inside the shard file has a backquote in a plot label",
      SPEC + '[plot]\nx = "l"\ny = "N"\nxlabel = "`touch pwned`"\n', lambda j: None)
write("shard_series_value", "a series value holding a gnuplot command",
      SPEC + '[plot]\nx = "l"\ny = "N"\nseries = "d"\n',
      cells([["`touch pwned`", "1", "3"], ["3", "2", "5"], ["4", "1", "4"], ["4", "2", "9"]], "tie"))
