#!/usr/bin/python3
"""--format html in a real browser (issue 18): headless Chromium loads each report and the test
reads back the DOM the browser built.

For every report: the rows and verdicts in the DOM are those of the same command's JSON output
(an independent rendering of the same run), the figure is an <img> whose data: URL decodes to an
SVG document with drawn paths, the page holds no script, no event-handler attribute and no URL
other than its own data: figure and in-page anchors, and the browser logs no console message and
no failed request. Hostile inputs (a catalogue and a spec whose strings are HTML and script) must
come out as literal text.

Usage: html_report.py BOUNDCHECK_EXE SOURCE_DIR. Exit 125 (skipped) when chromium is missing.
"""
import base64
import html.parser
import json
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

EXE, SRC = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--enable-logging=stderr",
         "--v=0"]
HOSTILE = ["<script>document.title='pwned'</script>", "<img src=x onerror=alert(1)>",
           "\"><a href=\"javascript:alert(1)\">x</a>"]


class Dom(html.parser.HTMLParser):
    """The elements the test reads back: table rows and cells, images, scripts, attributes."""

    def __init__(self):
        super().__init__()
        self.rows, self.cells, self.images, self.scripts, self.handlers, self.urls = [], None, [], 0, [], []
        self.in_results = False
        self.text = []
        self.cell_class = None
        self.in_cell = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for k, v in attrs:
            if k.startswith("on"):
                self.handlers.append((tag, k))
            if k in ("href", "src", "action", "formaction") and v and not (v.startswith("#") or (
                    tag == "img" and v.startswith("data:image/svg+xml;base64,"))):
                self.urls.append(v)
        if tag == "script":
            self.scripts += 1
        if tag == "table" and a.get("id") == "results":
            self.in_results = True
        if self.in_results and tag == "tr":
            self.cells = []
        if self.in_results and tag == "td":
            self.in_cell, self.cell_class, self.buf = True, a.get("class", ""), ""
        if tag == "img":
            self.images.append(a.get("src", ""))

    def handle_endtag(self, tag):
        if tag == "table":
            self.in_results = False
        if self.in_results and tag == "td":
            self.cells.append((self.buf, self.cell_class))
            self.in_cell = False
        if self.in_results and tag == "tr" and self.cells:
            self.rows.append(self.cells)
            self.cells = None

    def handle_data(self, data):
        self.text.append(data)
        if self.in_cell:
            self.buf += data


def browse(path, profile):
    """The DOM chromium builds from the file, and its log."""
    r = subprocess.run([CHROMIUM] + FLAGS + [f"--user-data-dir={profile}", "--dump-dom", "file://" + path],
                       capture_output=True, text=True, timeout=300)
    return r.stdout, r.stderr


def boundcheck(args, cwd):
    return subprocess.run([EXE] + args, capture_output=True, text=True, cwd=cwd, timeout=600)


def check(name, args, cwd, profile, failures, expect_figure=False, hostile=False):
    page = os.path.join(cwd, name + ".html")
    r = boundcheck(args + ["--format", "html", "--output", page], cwd)
    if r.returncode not in (0, 1) or not os.path.exists(page):
        failures.append(f"{name}: boundcheck exited {r.returncode}: {r.stderr.strip()}")
        return
    js = json.loads(boundcheck(args + ["--format", "json"], cwd).stdout)
    dom_text, log = browse(page, profile)
    dom = Dom()
    dom.feed(dom_text)
    if len(dom.rows) != len(js["rows"]):
        failures.append(f"{name}: {len(dom.rows)} rows in the DOM, {len(js['rows'])} in JSON")
    if "verdict" in js["columns"]:
        want = [row["verdict"] for row in js["rows"]]
        got = [next((c[1].split()[-1] for c in cells if "verdict" in c[1]), None) for cells in dom.rows]
        # the colour groups verdict words (verify::verdict_text): what a grid or a bound can show
        group = {"consistent": "holds", "certified": "holds", "evaluated": "holds", "inconsistent": "fails",
                 "not certified": "undecided", "not testable": "undecided",
                 "undecided: extend the grid": "undecided"}
        if [group.get(v, v) for v in want] != got:
            failures.append(f"{name}: verdict classes {got[:5]}... differ from JSON's {want[:5]}...")
        shown = [next((c[0] for c in cells if "verdict" in c[1]), None) for cells in dom.rows]
        if shown != want:
            failures.append(f"{name}: verdicts shown {shown[:5]}... differ from JSON's {want[:5]}...")
    if dom.scripts or dom.handlers or dom.urls:
        failures.append(f"{name}: script {dom.scripts}, handlers {dom.handlers[:3]}, urls {dom.urls[:3]}")
    if expect_figure:
        svgs = [s for s in dom.images if s.startswith("data:image/svg+xml;base64,")]
        if len(svgs) != 1:
            failures.append(f"{name}: expected one SVG figure, found {len(svgs)}")
        else:
            root = ET.fromstring(base64.b64decode(svgs[0].split(",", 1)[1]))
            paths = [e for e in root.iter() if e.tag.endswith("path")]
            if not root.tag.endswith("svg") or len(paths) < 5:
                failures.append(f"{name}: the figure is not an SVG with drawn paths ({root.tag}, {len(paths)})")
    if hostile:
        text = "".join(dom.text)
        for h in HOSTILE:
            if h not in text:
                failures.append(f"{name}: hostile text {h!r} is not shown literally")
    bad = [l for l in log.splitlines() if "CONSOLE" in l or "ERR_" in l or "Refused" in l]
    if bad:
        failures.append(f"{name}: browser log: {bad[:3]}")
    print(f"{name}: {len(dom.rows)} rows, {len(dom.images)} images, {len(log.splitlines())} log lines")


def hostile_inputs(work):
    cat = os.path.join(work, "cat")
    os.makedirs(cat)
    with open(os.path.join(cat, "h.toml"), "w") as f:
        for i, h in enumerate(HOSTILE):
            f.write(f'[[claim]]\nid = "h{i}"\nclaim = {json.dumps(h)}\nsource = {json.dumps("talk-B l.643 " + h)}\n'
                    f'expr = "sphere.dim(d=3, l=2) == 5"\n\n')
    spec = os.path.join(work, "h.toml")
    with open(spec, "w") as f:
        f.write('command = "sphere dim"\n'
                f'caption = {json.dumps(HOSTILE[0])}\n[fixed]\nd = 3\n[sweep]\nl = [1, 2, 3]\n'
                f'[derived]\n"{HOSTILE[1].replace(chr(34), "")}" = "N + 1"\n')
    return cat, spec


def main():
    if CHROMIUM is None:
        print("chromium not installed: skipped")
        return 125
    failures = []
    with tempfile.TemporaryDirectory() as work, tempfile.TemporaryDirectory() as profile:
        os.symlink(os.path.join(SRC, "data"), os.path.join(work, "data"))
        check("verify", ["verify", "--id", "rank.majority"], work, profile, failures)
        check("transition", ["table", "--spec", "data/specs/ntr_transition.toml"], work, profile, failures,
              expect_figure=True)
        check("command", ["depth", "optimal", "--model", "all"], work, profile, failures)
        cat, spec = hostile_inputs(work)
        check("hostile_catalogue", ["verify", "--catalogue", cat], work, profile, failures, hostile=True)
        check("hostile_spec", ["table", "--spec", spec], work, profile, failures)
    for f in failures:
        print("FAIL", f)
    print(f"html reports: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
