"""Shared by the documentation generators (docs/gen/*.py, run by scripts/build-docs.sh): the
registry as the program dumps it, running the program as a reader would, and MyST text helpers.

Nothing here knows a command, an option or a help text: they all come from
`boundcheck help --format json` (tools/views/registry_json.cpp), the one registry's JSON view.
"""
import json
import os
import re
import shlex
import shutil
import subprocess
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def exe():
    """The boundcheck binary: $BOUNDCHECK, else build/release/boundcheck."""
    path = os.environ.get("BOUNDCHECK") or os.path.join(ROOT, "build", "release", "boundcheck")
    if not os.access(path, os.X_OK):
        raise SystemExit(f"docs: no boundcheck binary at {path} (build it, or set $BOUNDCHECK)")
    return os.path.abspath(path)


def registry():
    """The command registry: `boundcheck help --format json`."""
    r = subprocess.run([exe(), "help", "--format", "json"], capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        raise SystemExit(f"docs: boundcheck help --format json failed: {r.stderr.strip()}")
    return json.loads(r.stdout)


def scratch():
    """A working directory with the repository's inputs linked in, as the help examples expect."""
    d = tempfile.mkdtemp(prefix="bc_docs_")
    for sub in ("data", "docs", "verify"):
        os.symlink(os.path.join(ROOT, sub), os.path.join(d, sub))
    return d


def remove(d):
    shutil.rmtree(d, ignore_errors=True)


def run_example(line, cwd, extra=(), timeout=600):
    """Runs one `boundcheck ...` example line in `cwd`: (exit code, stdout, stderr)."""
    argv = shlex.split(line, comments=True)
    if not argv or argv[0] != "boundcheck":
        raise ValueError(f"not a boundcheck command: {line}")
    r = subprocess.run([exe()] + argv[1:] + list(extra), cwd=cwd, capture_output=True, text=True,
                       timeout=timeout)
    return r.returncode, r.stdout, r.stderr


def slug(path):
    """"rank bound" -> "rank-bound"; "table merge" -> "table-merge"."""
    return re.sub(r"[^a-z0-9]+", "-", path.lower()).strip("-")


_ESCAPE = re.compile(r"([\\`*_{}\[\]<>#|$~!])")


def md(text):
    """Plain text as one MyST paragraph: every character Markdown could read as syntax escaped."""
    out = _ESCAPE.sub(r"\\\1", text)
    return re.sub(r"^(\s*)([-+=]|\d+\.)(\s)", lambda m: m.group(1) + "\\" + m.group(2) + m.group(3), out,
                  flags=re.M)


MATH_REF = re.compile(r"docs/math/([a-z]+)\.md(#[a-z0-9-]+)?")
FAMILIES = ("sphere", "rank", "depth", "sym", "comm")


def md_math_links(text, to_math):
    """Plain text as MyST, each reference to the mathematical notes ("docs/math/rank.md#heads-needed")
    a link to that page and section of the site; `to_math` is the path from the page to math/."""
    out, at = "", 0
    for m in MATH_REF.finditer(text):
        out += md(text[at:m.start()]) + f"[{md(m.group(0))}]({to_math}{m.group(1)}.md{m.group(2) or ''})"
        at = m.end()
    return out + md(text[at:])


def math_section(cmd):
    """(page, anchor) of the notes a command's Source names first, else its family's page; None for
    commands outside the five families (table, verify)."""
    m = MATH_REF.search(cmd["source"])
    if m:
        return m.group(1), m.group(2) or ""
    family = cmd["path"].split()[0]
    return (family, "") if family in FAMILIES else None


def cell(text):
    """Plain text for a Markdown table cell (one line)."""
    return md(" ".join(str(text).split()))


def fence(text, lang="text"):
    """A fenced block holding `text` verbatim (the fence longer than any backtick run inside)."""
    ticks = "`" * max(3, 1 + max((len(m) for m in re.findall(r"`+", text)), default=0))
    return f"{ticks}{lang}\n{text.rstrip()}\n{ticks}\n"


def prose(text):
    """Help text as Markdown: indented lines (a layout: the table spec, a grammar) as a text block,
    other lines as paragraphs."""
    out, block = [], []
    for line in text.split("\n"):
        if line.startswith(" ") or (block and not line.strip()):
            block.append(line)
            continue
        if block:
            out.append(fence("\n".join(block)))
            block = []
        if line.strip():
            out.append(md(line.strip()) + "\n")
    if block:
        out.append(fence("\n".join(block)))
    return "\n".join(out)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
