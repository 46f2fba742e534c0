#!/usr/bin/python3
"""Writes the catalogue page from `boundcheck verify --wide --format json`, run at build time:
every claim with its source line, published value, tolerance, computed value, verdict and grade,
grouped by the document it comes from, with an anchor per claim id (#claim-<id>, dots as dashes).

    docs/gen/catalogue.py OUTDIR        (OUTDIR/catalogue.md)
"""
import collections
import json
import os
import re
import subprocess
import sys

from common import cell, exe, md, md_math_links, write

FIELDS = ("source", "published", "tolerance", "computed", "verdict", "expected", "grade")


def document(source):
    """The document a claim's source names first: talk-B, paper-L, a page of docs/math/, DLMF, ..."""
    m = re.match(r"\s*(docs/math/\w+\.md|(?:talk|paper)-[A-Z]\w*|[A-Za-z][\w.]*)", source)
    return m.group(1) if m else "other"


def claim_section(row):
    text = f"(claim-{row['id']})=\n### {row['id']}\n\n{md(row['claim'])}\n\n| | |\n|---|---|\n"
    for f in FIELDS:
        value = " ".join(str(row.get(f, "")).split())
        shown = md_math_links(value, "math/") if f == "source" else cell(value)
        text += f"| {f} | {shown or '-'} |\n"
    return text + "\n"


def main():
    r = subprocess.run([exe(), "verify", "--wide", "--format", "json"], capture_output=True, text=True,
                       timeout=600)
    if r.returncode not in (0, 1) or not r.stdout.startswith("{"):
        raise SystemExit(f"docs: boundcheck verify failed (exit {r.returncode}): {r.stderr.strip()}")
    doc = json.loads(r.stdout)
    rows = doc["rows"]
    by_doc = collections.OrderedDict()
    for row in sorted(rows, key=lambda x: document(x["source"])):
        by_doc.setdefault(document(row["source"]), []).append(row)
    verdicts = collections.Counter(row["verdict"] for row in rows)
    text = ("# The catalogue\n\nEvery published constant and identity `boundcheck verify` recomputes, as it "
            "printed them when this page was built (`boundcheck verify --wide --format json`, exit status "
            f"{r.returncode}). {len(rows)} claims: "
            + ", ".join(f"{n} {md(v)}" for v, n in verdicts.most_common()) + ". Each claim's anchor is "
            "`#claim-` and its id with dots as dashes.\n\n")
    text += "".join(f"- {md(n)}\n" for n in doc.get("meta", {}).get("notes", [])) + "\n"
    text += "Documents: " + ", ".join(f"{{ref}}`{d} <{doc_anchor(d)}>` ({len(v)})" for d, v in by_doc.items()) + ".\n\n"
    for d, claims in by_doc.items():
        text += f"({doc_anchor(d)})=\n## {md(d)}\n\n"
        text += "".join(claim_section(row) for row in claims)
    write(os.path.join(sys.argv[1], "catalogue.md"), text)
    print(f"catalogue: {len(rows)} claims from {len(by_doc)} documents")


def doc_anchor(d):
    return "doc-" + re.sub(r"[^a-z0-9]+", "-", d.lower()).strip("-")


if __name__ == "__main__":
    main()
