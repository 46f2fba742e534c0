#!/usr/bin/python3
"""Writes the reference pages (one per command, an index, the global options) from the command
registry, running every example of every command and putting its real output in the page.

    docs/gen/reference.py OUTDIR        (OUTDIR/reference/*.md; scripts/build-docs.sh runs it)

Each page has the command's Formula (its LaTeX form typeset, the plain text folded under it),
Source (with a link to the section of the mathematical notes, docs/math/, that derives it), Cost (and details), Guarantees (what --double-check
recomputes for this command, and what each column holds: exact, a certified ball, an uncertified
double; read from the typed cells of the first example, run through the Python module, which sees
the program's own cell kinds), Options, and Examples with their output. Examples run
in a scratch directory that links data/, docs/ and verify/, in registry order within a command (the
`table` family shares one directory: merge reads the shards the table examples wrote); commands run
two at a time. A failing example fails the build. Files an example draws (.svg, .png) are shown.
"""
import concurrent.futures
import os
import re
import shlex
import shutil
import sys

from common import cell, fence, math_section, md, md_math_links, prose, registry, remove, run_example, scratch, slug, write

MAX_LINES = 60  # longer outputs show their first lines and say how many more there are
FIGURES = (".svg", ".png")


def shown(out, err):
    """What a terminal shows: stdout, then stderr; long outputs elided with the count."""
    lines = out.rstrip("\n").split("\n") if out.strip() else []
    lines += err.rstrip("\n").split("\n") if err.strip() else []
    if len(lines) > MAX_LINES:
        lines = lines[:MAX_LINES - 5] + [f"[... {len(lines) - MAX_LINES + 5} more lines ...]"]
    return "\n".join(lines)


# what a cell kind of the program (out::CellKind, as the Python module names it) guarantees
KINDS = {"integer": "exact integer", "exact": "exact (an integer, a rational or a closed form)",
         "real": "certified real: an Arb ball, every printed digit correct (--certified: the ball)",
         "number": "double precision, not certified", "text": "text"}


def column_kinds(line, cwd):
    """Per column of the example `line`: the kinds of its cells, read from the typed table."""
    import boundcheck  # noqa: PLC0415 (PYTHONPATH: the built module)

    here = os.getcwd()
    os.chdir(cwd)
    try:
        t = boundcheck.invoke(shlex.split(line, comments=True)[1:])
    finally:
        os.chdir(here)
    kinds = {}
    for row in t.kinds:
        for col, k in zip(t.columns, row):
            kinds.setdefault(col, [])
            if KINDS[k] not in kinds[col]:
                kinds[col].append(KINDS[k])
    return {"command": line, "kinds": kinds, "notes": list(t.notes)}


def run_command(cmd, cwd, files_dir):
    """Runs the command's examples in `cwd`; returns (examples, guarantee run)."""
    results = []
    for i, ex in enumerate(cmd["examples"]):
        before = set(os.listdir(cwd))
        code, out, err = run_example(ex["command"], cwd)
        if code != 0:
            raise SystemExit(f"docs: the example of {cmd['path']} failed (exit {code}):\n"
                             f"  {ex['command']}\n  {err.strip()}")
        figures = []
        for name in sorted(set(os.listdir(cwd)) - before):
            if name.endswith(FIGURES):
                target = f"{slug(cmd['path'])}-{i + 1}-{name}"
                shutil.copy(os.path.join(cwd, name), os.path.join(files_dir, target))
                figures.append(target)
        results.append({"command": ex["command"], "shown": shown(out, err), "figures": figures})
    return results


def synopsis(cmd):
    words = ["boundcheck", cmd["path"]]
    for o in cmd["options"]:
        w = o["name"] if o["flag"] else f"{o['name']} {o['type'] or 'VALUE'}"
        words.append(w if o["required"] else f"[{w}]")
    return " ".join(words + ["[global options]"])


def options_section(cmd):
    rows = ["| option | takes | required | description |", "|---|---|---|---|"]
    for o in cmd["options"]:
        takes = "flag" if o["flag"] else (o["type"] or "value")
        if o["multiple"]:
            takes += " (several)"
        rows.append(f"| `{o['name']}` | {cell(takes)} | {'yes' if o['required'] else ''} | "
                    f"{cell(o['description'])} |")
    text = "## Options\n\n" + ("\n".join(rows) + "\n" if cmd["options"] else "None of its own.\n")
    if cmd["list_options"]:
        text += ("\nOptions that take lists and ranges and make one row per combination, through the "
                 "command's own kernel: " + ", ".join(f"`--{o}`" for o in cmd["list_options"]) + ".\n")
    return text + ("\nAnd the [global options](global-options.md) every command takes "
                   "(`--format`, `--digits`, `--certified`, `--double-check`, ...).\n")


def guarantees_section(cmd, kinds):
    own = ("The command checks itself: " if cmd["own_double_check"] else "The second computation: ")
    text = ("## Guarantees\n\n**`--double-check`** recomputes and fails (exit 1, naming both values) "
            "when the two results disagree beyond their enclosures. " + own + md(cmd["double_check"]) + ".\n")
    text += ("\n**`--certified`** prints every certified real as its enclosure `[mid +/- rad]` instead of "
             "its rounded digits (exact values and doubles print as they are).\n")
    if kinds is None:
        return text
    text += (f"\nWhat each column holds, read from the typed cells of `{kinds['command']}`:\n\n"
             "| column | values |\n|---|---|\n")
    for col, k in kinds["kinds"].items():
        text += f"| `{col}` | {cell('; '.join(k))} |\n"
    if kinds["notes"]:
        text += "\nThe notes of that run, which say what is and is not certified:\n\n"
        text += "".join(f"- {md(n)}\n" for n in kinds["notes"])
    return text


def examples_section(runs):
    text = "## Examples\n\nEach example was run when this page was built; the output is what it printed.\n\n"
    for r in runs:
        text += fence(f"$ {r['command']}\n{r['shown']}".rstrip(), "text") + "\n"
        for f in r["figures"]:
            text += f"![the figure this example draws](_files/{f})\n\n"
    return text


def formula_section(cmd):
    """The command's LaTeX formula, typeset (MathJax), with the plain text `--help` prints folded
    under it; a command without one (table, verify: their formula is prose) gets its text as
    paragraphs."""
    if not cmd["formula_latex"]:
        return "## Formula\n\n" + prose(cmd["formula"])
    tex = cmd["formula_latex"].strip()
    if "\n\n" in tex or "$" in tex:
        raise SystemExit(f"docs: the LaTeX formula of {cmd['path']} has a blank line or a $ (tools/commands/)")
    return ("## Formula\n\n```{math}\n" + tex + "\n```\n\n<details><summary>As plain text (<code>--help</code>, "
            "the man page)</summary>\n\n" + fence(cmd["formula"]) + "\n</details>\n")


def source_section(cmd):
    text = "## Source\n\n" + md_math_links(cmd["source"], "../math/") + "\n"
    notes = math_section(cmd)
    if notes:
        page, anchor = notes
        text += (f"\nThe mathematics: the [{page} notes](../math/{page}.md{anchor}), with the definition, the "
                 "conventions, the derivations and the checks the tests run.\n")
    return text


def page(cmd, runs, kinds):
    parts = [f"({'cmd-' + slug(cmd['path'])})=\n# {cmd['path']}\n", md(cmd["description"]) + ".\n",
             fence(synopsis(cmd)), formula_section(cmd), source_section(cmd),
             "## Cost\n\n" + md(cmd["cost"]) + "\n"]
    if cmd["details"].strip():
        parts.append("## Details\n\n" + prose(cmd["details"]))
    if cmd["subcommands"]:
        parts.append("Subcommands: " + ", ".join(f"[{s}]({slug(s)}.md)" for s in cmd["subcommands"]) + ".\n")
    parts += [guarantees_section(cmd, kinds), options_section(cmd), examples_section(runs)]
    return "\n".join(parts)


def index_page(reg):
    text = "# Command reference\n\n" + md(reg["description"].split("\n")[0]) + "\n\n"
    text += ("Every page here is generated from the program's command registry "
             "(`boundcheck help --format json`), the same one `--help`, the man page and the shell "
             "completion are generated from; every example on them was run when the site was built.\n\n")
    text += "```{toctree}\n:hidden:\n\nglobal-options\n" + "\n".join(slug(c["path"]) for c in reg["commands"])
    text += "\n```\n\n"
    by_path = {c["path"]: c for c in reg["commands"]}
    for g in reg["groups"]:
        text += f"## {g['name']}\n\n{md(g['description'])}.\n\n| command | what it computes |\n|---|---|\n"
        for p in g["commands"]:
            text += f"| [{p}]({slug(p)}.md) | {cell(by_path[p]['description'])} |\n"
        text += "\n"
    text += "## Tables and verification\n\n| command | what it does |\n|---|---|\n"
    grouped = {p for g in reg["groups"] for p in g["commands"]}
    for c in reg["commands"]:
        if c["path"] not in grouped:
            text += f"| [{c['path']}]({slug(c['path'])}.md) | {cell(c['description'])} |\n"
    return text + "\nOptions every command takes: [global options](global-options.md).\n"


def globals_page(reg):
    text = ("# Global options\n\nEvery command takes these, with the same names and meaning in a table "
            "spec, in `verify --expr` quantities and as Python keywords.\n\n"
            "| option | takes | description |\n|---|---|---|\n")
    for o in reg["global_options"] + reg["root_options"]:
        takes = "flag" if o["flag"] else (o["type"] or "value")
        text += f"| `{o['name']}` | {cell(takes)} | {cell(o['description'])} |\n"
    return text + "\n## Exit status\n\n" + prose(reg["footer"])


def main():
    out = os.path.join(sys.argv[1], "reference")
    files = os.path.join(out, "_files")
    os.makedirs(files, exist_ok=True)
    reg = registry()
    cmds = reg["commands"]
    # the table family runs in order in one directory (merge and status read the shards written before)
    tasks = [[c] for c in cmds if not c["path"].startswith("table")] + [[c for c in cmds if c["path"].startswith("table")]]

    def run_task(task):  # each task in its own directory, kept for the typed runs below
        cwd = scratch()
        return [(c, run_command(c, cwd, files), cwd) for c in task]

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        done = [r for rs in pool.map(run_task, tasks) for r in rs]
    # the typed cells of each first example, in this process, one at a time, where it ran
    for cmd, runs, cwd in done:
        first = cmd["examples"][0]["command"]
        kinds = None if re.search(r"--(output|plot|certificate|shard)\b", first) else column_kinds(first, cwd)
        write(os.path.join(out, slug(cmd["path"]) + ".md"), page(cmd, runs, kinds))
    for cwd in {cwd for _, _, cwd in done}:
        remove(cwd)
    write(os.path.join(out, "index.md"), index_page(reg))
    write(os.path.join(out, "global-options.md"), globals_page(reg))
    n = sum(len(c["examples"]) for c in cmds)
    print(f"reference: {len(cmds)} command pages, {n} examples run")


if __name__ == "__main__":
    main()
