#!/usr/bin/python3
"""The documentation site (issue 26), built and checked as a reader meets it:
  1. scripts/build-docs.sh builds it with warnings as errors (every reference example runs);
  2. it has every page: one per command of the registry (`boundcheck help --format json`), the
     catalogue with an anchor per claim id (`verify --list --format json`), the Python API with
     Ball, Table, context, set_defaults, the command functions and the errors, the notebook with
     its figures, every guide, the architecture page;
  3. every internal link and anchor resolves (href and src of every page; external URLs are not
     fetched);
  4. headless Chromium renders the index and one reference page: their headings are in the DOM it
     built and the browser logs no console message and no failed request.

Usage: docs_site.py BOUNDCHECK_EXE PYTHON_DIR OUTDIR. Exit 125 (skipped) when Sphinx, MyST or furo
is missing (the build script's 125).
"""
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse

EXE, PYDIR, OUT = (os.path.abspath(a) for a in sys.argv[1:4])
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--enable-logging=stderr", "--v=0"]


class Page(html.parser.HTMLParser):
    """The links, ids and headings of one HTML page."""

    def __init__(self):
        super().__init__()
        self.links, self.ids, self.headings, self._h = [], set(), [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and "name" in a:
            self.ids.add(a["name"])
        for k in ("href", "src"):
            if a.get(k) and tag in ("a", "img", "link", "script"):
                self.links.append(a[k])
        if re.fullmatch(r"h[1-3]", tag):
            self._h = ""

    def handle_endtag(self, tag):
        if re.fullmatch(r"h[1-3]", tag) and self._h is not None:
            self.headings.append(" ".join(self._h.replace("\u00b6", "").replace("#", "").split()))
            self._h = None

    def handle_data(self, data):
        if self._h is not None:
            self._h += data


def parse(path):
    p = Page()
    with open(path, encoding="utf-8") as f:
        p.feed(f.read())
    return p


def build(failures):
    shutil.rmtree(OUT, ignore_errors=True)
    env = dict(os.environ, BOUNDCHECK=EXE, BOUNDCHECK_PYTHON_DIR=PYDIR)
    t = time.time()
    r = subprocess.run([os.path.join(ROOT, "scripts", "build-docs.sh"), OUT], env=env, capture_output=True,
                       text=True, timeout=900)
    print(f"build-docs.sh: exit {r.returncode} in {time.time() - t:.1f} s")
    if r.returncode != 0:
        failures.append(f"build-docs.sh exited {r.returncode}:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}")
    return r.returncode


def every_page(pages, failures):
    reg = json.loads(subprocess.run([EXE, "help", "--format", "json"], capture_output=True, text=True).stdout)
    for c in reg["commands"]:
        name = "reference/" + re.sub(r"[^a-z0-9]+", "-", c["path"]).strip("-") + ".html"
        if name not in pages:
            failures.append(f"no reference page for {c['path']} ({name})")
            continue
        want = {"Formula", "Source", "Cost", "Guarantees", "Options", "Examples"}
        if not want <= set(pages[name].headings):
            failures.append(f"{name}: sections {sorted(want - set(pages[name].headings))} missing")
    ids = [row["id"] for row in json.loads(subprocess.run([EXE, "verify", "--list", "--format", "json"],
                                                          capture_output=True, text=True).stdout)["rows"]]
    cat = pages.get("catalogue.html")
    missing = [i for i in ids if cat is None or "claim-" + re.sub(r"[^a-z0-9]+", "-", i.lower()) not in cat.ids]
    if missing:
        failures.append(f"catalogue.html: no anchor for {len(missing)} claims, e.g. {missing[:3]}")
    api = open(os.path.join(OUT, "python-api.html"), encoding="utf-8").read() if "python-api.html" in pages else ""
    for name in ("boundcheck.Ball", "boundcheck.Table", "boundcheck.context", "boundcheck.set_defaults",
                 "boundcheck.UsageError", "boundcheck.DomainError", "boundcheck.rank.bound", "boundcheck.verify"):
        if f'id="{name}"' not in api:
            failures.append(f"python-api.html: no entry for {name}")
    notebook = pages.get("notebook.html")
    if notebook is None or not any(l.endswith(".png") for l in notebook.links):
        failures.append("notebook.html: missing, or without the figures of its run")
    guides = sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "docs", "guides")) if f.endswith(".md"))
    for g in guides + ["../architecture", "../index"]:
        if os.path.normpath(f"guides/{g}.html") not in pages:
            failures.append(f"no page guides/{g}.html")


def links(pages, failures):
    bad = []
    for name, page in pages.items():
        for link in page.links:
            u = urllib.parse.urlsplit(link)
            if u.scheme or link.startswith("//"):
                continue
            target = os.path.normpath(os.path.join(os.path.dirname(name), urllib.parse.unquote(u.path))) \
                if u.path else name
            if not os.path.exists(os.path.join(OUT, target)):
                bad.append(f"{name}: {link} (no file {target})")
            elif u.fragment and target.endswith(".html") and u.fragment not in pages[target].ids:
                bad.append(f"{name}: {link} (no anchor #{u.fragment} in {target})")
    if bad:
        failures.append(f"{len(bad)} broken internal links:\n  " + "\n  ".join(bad[:20]))
    return sum(len(p.links) for p in pages.values())


def browser(failures):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("browser: chromium not installed, not checked")
        return
    for name, want in (("index.html", ["boundcheck"]),
                       ("reference/rank-bound.html", ["rank bound", "Formula", "Guarantees", "Examples"])):
        with tempfile.TemporaryDirectory() as profile:
            r = subprocess.run([chromium] + FLAGS + [f"--user-data-dir={profile}", "--dump-dom",
                                                     "file://" + os.path.join(OUT, name)],
                               capture_output=True, text=True, timeout=300)
        dom = Page()
        dom.feed(r.stdout)
        missing = [w for w in want if w not in dom.headings]
        if missing:
            failures.append(f"browser: {name}: headings {missing} not in the DOM (found {dom.headings[:8]})")
        log = [l for l in r.stderr.splitlines() if "CONSOLE" in l or "ERR_" in l or "Refused" in l]
        if log:
            failures.append(f"browser: {name}: {log[:3]}")
        print(f"browser: {name}: {len(dom.headings)} headings, {len(log)} console errors")


def main():
    failures = []
    rc = build(failures)
    if rc == 125:
        print("skipped: Sphinx, MyST or furo is not installed")
        return 125
    if rc == 0:
        pages = {os.path.relpath(os.path.join(d, f), OUT): None for d, _, fs in os.walk(OUT) for f in fs
                 if f.endswith(".html")}
        for name in pages:
            pages[name] = parse(os.path.join(OUT, name))
        every_page(pages, failures)
        n = links(pages, failures)
        print(f"site: {len(pages)} pages, {n} links")
        browser(failures)
    for f in failures:
        print("FAIL " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
