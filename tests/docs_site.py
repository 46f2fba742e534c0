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
     built and the browser logs no console message and no failed request;
  5. the formulas are typeset (issue 36 §1): Chromium at 1280 x 900 opens every page of the
     mathematical notes (math/) and every reference page with a LaTeX formula; on each, MathJax
     (copied into the site: no network) reports no TeX error, every formula is MathJax output, no
     raw TeX ($, \\frac, \\(, \\[, \\begin) is left in the visible text outside code, and the page is no
     wider than the window. Each family command's reference page links to its family's notes.

Usage: docs_site.py BOUNDCHECK_EXE PYTHON_DIR OUTDIR. Exit 125 (skipped) when Sphinx, MyST or furo
is missing (the build script's 125).
"""
import concurrent.futures
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
    for p in ("index", "sphere", "rank", "depth", "sym", "comm"):
        if f"math/{p}.html" not in pages:
            failures.append(f"no page math/{p}.html (the mathematical notes)")
    for c in reg["commands"]:
        family = c["path"].split()[0]
        name = "reference/" + re.sub(r"[^a-z0-9]+", "-", c["path"]).strip("-") + ".html"
        if family in ("sphere", "rank", "depth", "sym", "comm") and name in pages and not any(
                urllib.parse.urlsplit(link).path == f"../math/{family}.html" for link in pages[name].links):
            failures.append(f"{name}: no link to its family's notes, ../math/{family}.html")
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


# Injected into a copy of a page, beside it: when MathJax has typeset the page, it writes what it
# measured into <pre id="bc-measure"> as JSON (the TeX errors MathJax reported, formulas typeset or
# not, raw TeX left in visible text outside pre/code, the page's width against the window's).
PROBE = r"""<script>
window.MathJax = {AuthorInit: function () {
  var errors = [];
  MathJax.Hub.Register.MessageHook("TeX Jax - parse error", function (m) { errors.push(String(m[1])); });
  MathJax.Hub.Register.MessageHook("Math Processing Error", function (m) { errors.push(String(m[2])); });
  MathJax.Hub.Register.StartupHook("End", function () {
    MathJax.Hub.getAllJax().forEach(function (j) { if (j.root && j.root.texError) errors.push(j.originalText); });
    var math = document.querySelectorAll(".math"), typeset = 0, raw = [];
    math.forEach(function (m) { if (m.querySelector(".MathJax_SVG, .MathJax_SVG_Display")) typeset++; });
    var w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, null);
    for (var n = w.nextNode(); n; n = w.nextNode()) {
      var p = n.parentNode, skip = false;
      for (; p && p !== document.body; p = p.parentNode)
        if (/^(PRE|CODE|SCRIPT|STYLE|SVG)$/i.test(p.nodeName)) { skip = true; break; }
      if (!skip && RAW.test(n.nodeValue)) raw.push(n.nodeValue.trim().slice(0, 80));
    }
    var wide = [];  // display formulas wider than the text column (they scroll in their own box)
    document.querySelectorAll("div.math").forEach(function (d) {
      if (d.scrollWidth > d.clientWidth + 1) wide.push(d.scrollWidth + " > " + d.clientWidth);
    });
    var out = document.createElement("pre");
    out.id = "bc-measure";
    out.textContent = JSON.stringify({errors: errors, math: math.length, typeset: typeset, raw: raw, wide: wide,
                                      width: document.documentElement.scrollWidth, window: window.innerWidth});
    document.body.appendChild(out);
  });
}};
</script>"""


def typeset(name, raw_pattern):
    """Opens OUT/name in Chromium (1280 x 900) with PROBE injected; returns (measure or None, log)."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    path = os.path.join(OUT, name)
    with open(path, encoding="utf-8") as f:
        page = f.read()
    probe = PROBE.replace("RAW.test", f"/{raw_pattern}/.test")
    fd, copy = tempfile.mkstemp(suffix=".html", dir=os.path.dirname(path))
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(page.replace("<head>", "<head>" + probe, 1))
    try:
        with tempfile.TemporaryDirectory() as profile:
            r = subprocess.run([chromium] + FLAGS + [f"--user-data-dir={profile}", "--window-size=1280,900",
                                                     "--virtual-time-budget=30000", "--dump-dom", "file://" + copy],
                               capture_output=True, text=True, timeout=300)
    finally:
        os.unlink(copy)
    m = re.search(r'<pre id="bc-measure">(.*?)</pre>', r.stdout, re.S)
    log = [l for l in r.stderr.splitlines() if "CONSOLE" in l or "ERR_" in l or "Refused" in l]
    return (json.loads(html.unescape(m.group(1))) if m else None), log


def formulas(pages, failures):
    if shutil.which("chromium") is None and shutil.which("chromium-browser") is None:
        print("formulas: chromium not installed, not checked")
        return
    reg = json.loads(subprocess.run([EXE, "help", "--format", "json"], capture_output=True, text=True).stdout)
    todo = [(n, r"\\frac|\\\(|\\\[|\\begin|\\end|\$") for n in sorted(pages) if n.startswith("math/")]
    todo += [("reference/" + re.sub(r"[^a-z0-9]+", "-", c["path"]).strip("-") + ".html", r"\\frac|\\\(|\\\[|\\begin|\\end")
             for c in reg["commands"] if c.get("formula_latex")]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda t: typeset(*t), todo))
    n_math = 0
    for (name, _), (got, log) in zip(todo, results):
        if got is None:
            failures.append(f"formulas: {name}: MathJax did not finish typesetting ({log[:2]})")
            continue
        n_math += got["math"]
        if got["errors"]:
            failures.append(f"formulas: {name}: TeX errors {got['errors'][:3]}")
        if got["math"] == 0 or got["typeset"] != got["math"]:
            failures.append(f"formulas: {name}: {got['typeset']} of {got['math']} formulas typeset")
        if got["raw"]:
            failures.append(f"formulas: {name}: raw TeX in the text: {got['raw'][:3]}")
        if got["wide"]:
            failures.append(f"formulas: {name}: {len(got['wide'])} display formulas wider than the text column "
                            f"({got['wide'][:3]} px): break them into lines")
        if got["width"] > got["window"]:
            failures.append(f"formulas: {name}: the page is {got['width']} px wide in a {got['window']} px window")
        if log:
            failures.append(f"formulas: {name}: {log[:3]}")
    print(f"formulas: {len(todo)} pages in Chromium at 1280 px, {n_math} formulas typeset by MathJax")


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
        formulas(pages, failures)
    for f in failures:
        print("FAIL " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
