#!/usr/bin/python3
"""The pages that are the repository's own files, adapted for the site:
  architecture.md     ARCHITECTURE.md, its links to files of the repository shown as their paths and
                      its Mermaid diagrams as their source
  _generated/bench/   one fragment per bench script that records results (bench/results.py): the
                      script's last results file, or which script writes it when it has not run yet
  _generated/table-spec.md     every key of a table spec, from `table`'s help in the registry
  _generated/expr-grammar.md   the expression grammar, from the header comment of src/expr/expr.hpp
  _generated/python-commands.md   autodoc directives for every command function, from the registry

    docs/gen/pages.py OUTDIR
"""
import glob
import os
import re
import sys

from common import ROOT, fence, registry, write


def architecture(out):
    with open(os.path.join(ROOT, "ARCHITECTURE.md")) as f:
        text = f.read()
    # [text](path) to a file of the repository: not a page of the site; keep the text and the path
    text = re.sub(r"\[([^\]]+)\]\((?!https?:|#)([^)]+)\)", lambda m: f"{m.group(1)} (`{m.group(2)}`)", text)
    # a Mermaid diagram is shown as its source (no diagram renderer in Debian's Sphinx, no network)
    text = re.sub(r"^```mermaid$", "```text", text, flags=re.M)
    write(os.path.join(out, "architecture.md"), text)


def bench(out):
    n = 0
    for script in sorted(glob.glob(os.path.join(ROOT, "bench", "*.py"))):
        with open(script) as f:
            if "results.recorded(" not in f.read():
                continue
        name = os.path.splitext(os.path.basename(script))[0]
        # a script's variants (bench_floor.py --load: bench_floor_loaded.md) are fragments too
        for suffix in ["", "_loaded"] if name == "bench_floor" else [""]:
            result = os.path.join(ROOT, "bench", "results", name + suffix + ".md")
            if os.path.exists(result):
                with open(result) as f:
                    text = f.read()
            else:
                text = (f"Not measured yet on this tree: `/usr/bin/python3 bench/{name}.py` writes "
                        f"`bench/results/{name}{suffix}.md`, which this section then shows.\n")
            write(os.path.join(out, "_generated", "bench", name + suffix + ".md"), text)
            n += 1
    return n


def table_spec(out, reg):
    """The spec format block of `table`'s help: its indented lines under "Spec (TOML), every key:"."""
    details = next(c["details"] for c in reg["commands"] if c["path"] == "table")
    lines = details.split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("Spec (TOML)"))
    block = []
    for line in lines[start + 1:]:
        if not line.startswith(" "):
            break
        block.append(line[2:])
    if len(block) < 10:
        raise SystemExit("docs: the spec format in table's help has moved (tools/table/help.cpp)")
    write(os.path.join(out, "_generated", "table-spec.md"), fence("\n".join(block)))


def expr_grammar(out):
    """The grammar block of src/expr/expr.hpp's header comment, from "Grammar" to "#pragma once"."""
    with open(os.path.join(ROOT, "src", "expr", "expr.hpp")) as f:
        lines = f.read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("// Grammar"))
    body = []
    for line in lines[start + 1:]:
        if not line.startswith("//"):
            break
        body.append(line[3:] if line.startswith("// ") else line[2:])
    write(os.path.join(out, "_generated", "expr-grammar.md"), fence("\n".join(body)))


def python_commands(out, reg):
    """One autodoc directive per command: a group or a command with commands is a submodule
    (boundcheck.rank, boundcheck.table), any other command at the root a function (boundcheck.verify)."""
    py = lambda path: "boundcheck." + ".".join(w.replace("-", "_") for w in path.split())  # noqa: E731
    text = ""
    for g in reg["groups"]:
        text += f"### {g['name']}\n\n```{{eval-rst}}\n.. automodule:: {py(g['name'])}\n   :members:\n```\n\n"
    grouped = {p for g in reg["groups"] for p in g["commands"]}
    for c in reg["commands"]:
        if c["path"] in grouped or " " in c["path"]:
            continue
        kind = "automodule" if c["subcommands"] else "autofunction"
        text += f"### {c['path']}\n\n```{{eval-rst}}\n.. {kind}:: {py(c['path'])}\n"
        text += "   :members:\n```\n\n" if c["subcommands"] else "```\n\n"
    write(os.path.join(out, "_generated", "python-commands.md"), text)


def main():
    out = sys.argv[1]
    architecture(out)
    reg = registry()
    python_commands(out, reg)
    table_spec(out, reg)
    expr_grammar(out)
    print(f"pages: architecture, {bench(out)} bench result sections")


if __name__ == "__main__":
    main()
