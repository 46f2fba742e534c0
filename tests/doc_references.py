#!/usr/bin/python3
"""Every reference in the repository points at something the repository holds (issue 36 §1).

Reads every file the repository tracks (git ls-files, with files not yet committed; a plain walk
without git) as text and fails on
  1. any mention of the colleague's private working note (the name is built below, so that this
     file does not mention it): it is not part of the product, the notes are docs/math/;
  2. a reference to the mathematical notes, "docs/math/PAGE.md" or "docs/math/PAGE.md#ANCHOR", whose
     page does not exist or whose anchor is not a heading of that page (levels 1-3, MyST's slug: the
     rule of mdit_py_plugins.anchors, which builds the site's heading anchors, myst_heading_anchors = 3);
  3. a path of the repository in the text ("src/rank/heads.hpp", "data/specs/lb_vs_heads.toml",
     "tests/unit/test_dim.cpp", ...) that names no file or folder of it;
  4. a source file named bare ("head_target.hpp", "sign_coef.cpp") that no file of the repository has
     as its name;
  5. a relative link of a Markdown file, [text](target), that resolves to nothing: in the repository
     for README.md, ARCHITECTURE.md and docs/research/, and in the documentation site's layout for the
     site's sources (docs/site -> /, docs/guides -> guides/, docs/math -> math/, plus the pages
     docs/gen writes: reference/, catalogue, architecture, notebook, python-api).

Usage: doc_references.py SOURCE_DIR. Prints what it checked; exit 1 with one line per dead
reference, naming the file, the line and the reference.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
NOTE = "MATH" + ".md"
TOP = ("src", "tools", "tests", "python", "scripts", "data", "docs", "verify", "bench", "fuzz", "cmake")
EXTS = ("cpp", "hpp", "h", "c", "py", "md", "toml", "csv", "sh", "txt", "json", "ipynb", "g", "cmake", "png",
        "svg", "tex", "in", "1")
REPO_PATH = re.compile(r"(?<![\w./-])((?:%s)/[\w./+-]*\.(?:%s))(?![\w/])" % ("|".join(TOP), "|".join(EXTS)))
BARE_SOURCE = re.compile(r"(?<![\w./=-])([A-Za-z_][\w]*\.(?:cpp|hpp))\b")
MATH_REF = re.compile(r"docs/math/([\w-]+)\.md(?:#([\w-]+))?")
MD_LINK = re.compile(r"\[[^\]\n]*\]\(([^)\s]+)\)")
SITE_DIRS = {"docs/site": "", "docs/guides": "guides", "docs/math": "math", "docs/figures": "figures",
             "docs/examples": "examples"}
SITE_GENERATED = re.compile(r"^(reference/[\w-]+\.md|catalogue\.md|architecture\.md|notebook\.md|"
                            r"python-api\.md|_generated/.*)$")
# Paths in the text that are not files of the repository by design: what a command writes, the build
# tree, examples of what a user types. Each is a pattern over the path as written.
NOT_FILES = re.compile(r"^(build/|docs/examples/mine/|bench/results/)|\{|\*|<")


def files():
    try:
        out = subprocess.run(["git", "-C", ROOT, "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
                             capture_output=True, text=True, check=True).stdout
        listed = [f for f in out.split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        listed = []
        for d, dirs, fs in os.walk(ROOT):
            dirs[:] = [x for x in dirs if not x.startswith(("build", ".git"))]
            listed += [os.path.relpath(os.path.join(d, f), ROOT) for f in fs]
    return sorted(f for f in listed if os.path.isfile(os.path.join(ROOT, f)))


def text_of(path):
    try:
        with open(os.path.join(ROOT, path), "rb") as f:
            data = f.read()
    except OSError:
        return None
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def slug(title):
    return re.sub(r"[^\w\u4e00-\u9fff\- ]", "", title.strip().lower().replace(" ", "-"))


def anchors(text):
    """The heading anchors MyST gives a page (levels 1-3, outside code fences, duplicates numbered)."""
    out, seen, fence = set(), set(), None
    for line in text.split("\n"):
        m = re.match(r"^(`{3,}|~{3,})", line)
        if m:
            fence = None if fence and m.group(1).startswith(fence) else (fence or m.group(1))
            continue
        h = re.match(r"^(#{1,3})\s+(.*?)\s*#*\s*$", line) if fence is None else None
        if h:
            s, i = slug(h.group(2)), 1
            u = s
            while u in seen:
                u, i = f"{s}-{i}", i + 1
            seen.add(u)
            out.add(u)
    return out


def site_path(path):
    """Where a source of the documentation site lands in the built site, or None."""
    for src, dst in SITE_DIRS.items():
        if path.startswith(src + "/"):
            return os.path.join(dst, path[len(src) + 1:])
    return None


def main():
    listed = files()
    present = set(listed)
    folders = {os.path.dirname(f) for f in listed}
    folders |= {p for f in folders for p in [os.path.dirname(f)] if p}
    names = {os.path.basename(f) for f in listed}
    site = {site_path(f) for f in listed if site_path(f)}
    pages = {}
    bad, counts = [], {"note": 0, "math": 0, "path": 0, "bare": 0, "link": 0}

    def page_anchors(name):
        if name not in pages:
            text = text_of(f"docs/math/{name}.md")
            pages[name] = anchors(text) if text is not None else None
        return pages[name]

    for f in listed:
        if f == "tests/doc_references.py":
            continue  # its docstring's examples
        text = text_of(f)
        if text is None:
            continue
        for no, line in enumerate(text.split("\n"), 1):
            where = f"{f}:{no}"
            if NOTE in line:
                counts["note"] += 1
                bad.append(f"{where}: names {NOTE}, a private note that is not part of the repository "
                           "(the notes are docs/math/)")
            for m in MATH_REF.finditer(line):
                counts["math"] += 1
                got = page_anchors(m.group(1))
                if got is None:
                    bad.append(f"{where}: {m.group(0)}: no page docs/math/{m.group(1)}.md")
                elif m.group(2) and m.group(2) not in got:
                    bad.append(f"{where}: {m.group(0)}: docs/math/{m.group(1)}.md has no heading #{m.group(2)}")
            for m in REPO_PATH.finditer(line):
                p = m.group(1).rstrip(".")
                if NOT_FILES.search(p):
                    continue
                counts["path"] += 1
                if p not in present and p not in folders and not any(
                        q in present for q in (os.path.join(os.path.dirname(f), p), "src/" + p, "tools/" + p)) \
                        and not any(x.endswith("/" + p) for x in present):
                    bad.append(f"{where}: {p}: no such file in the repository")
            for m in BARE_SOURCE.finditer(line):
                counts["bare"] += 1
                if m.group(1) not in names:
                    bad.append(f"{where}: {m.group(1)}: no file of that name in the repository")
            if f.endswith(".md"):
                prose = re.sub(r"`[^`]*`|\$[^$]*\$", "", line)  # not inside code or math
                for m in MD_LINK.finditer(prose):
                    target = m.group(1)
                    if re.match(r"^([a-z]+:|#|/)", target) or not re.search(r"[./]", target):
                        continue
                    counts["link"] += 1
                    path, _, frag = target.partition("#")
                    here = site_path(f)
                    if here is not None:
                        resolved = os.path.normpath(os.path.join(os.path.dirname(here), path))
                        ok = resolved in site or SITE_GENERATED.match(resolved) or resolved in {"", "."}
                    else:
                        resolved = os.path.normpath(os.path.join(os.path.dirname(f), path))
                        ok = resolved in present or resolved in folders
                    if not ok:
                        bad.append(f"{where}: link {target}: resolves to {resolved}, which does not exist")
                    elif frag and resolved.startswith("math/") and resolved.endswith(".md"):
                        got = page_anchors(os.path.basename(resolved)[:-3])
                        if got is not None and frag not in got:
                            bad.append(f"{where}: link {target}: no heading #{frag} there")
    print(f"doc_references: {len(listed)} files; references checked: {counts['math']} to docs/math, "
          f"{counts['path']} repository paths, {counts['bare']} bare source names, {counts['link']} Markdown "
          f"links; {counts['note']} mentions of {NOTE}")
    for b in bad:
        print("FAIL " + b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
