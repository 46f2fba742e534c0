#!/usr/bin/python3
"""Renders docs/examples/lb_sweep.ipynb as a MyST page with the outputs of running it now: each
code cell runs through docs/examples/run_notebook.py (the machinery the test suite uses; no
Jupyter), and its outputs (text, HTML, figures) go under it. No output is stored or typed.

    PYTHONPATH=build/release/python docs/gen/notebook.py OUTDIR   (OUTDIR/notebook.md, OUTDIR/notebook/*.png)
"""
import base64
import importlib.util
import json
import os
import sys

from common import ROOT, fence, write

NOTEBOOK = os.path.join(ROOT, "docs", "examples", "lb_sweep.ipynb")


def runner():
    spec = importlib.util.spec_from_file_location("run_notebook", os.path.join(ROOT, "docs", "examples",
                                                                               "run_notebook.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def outputs_md(outputs, out_dir, stem):
    text = ""
    for j, o in enumerate(outputs):
        if o["output_type"] == "stream":
            text += fence("".join(o["text"]))
            continue
        data = o.get("data", {})
        if "image/png" in data:
            name = f"{stem}-{j}.png"
            with open(os.path.join(out_dir, name), "wb") as f:
                f.write(base64.b64decode(data["image/png"]))
            text += f"![output of the cell above](notebook/{name})\n"
        elif "text/html" in data:
            text += "```{raw} html\n" + "".join(data["text/html"]).rstrip() + "\n```\n"
        elif "text/plain" in data:
            text += fence("".join(data["text/plain"]))
    return text


def main():
    out = sys.argv[1]
    img = os.path.join(out, "notebook")
    os.makedirs(img, exist_ok=True)
    os.environ["MPLBACKEND"] = "Agg"
    run_cell = runner().run_cell
    with open(NOTEBOOK) as f:
        nb = json.load(f)
    ns = {"__name__": "__main__"}
    parts = []
    for i, c in enumerate(nb["cells"]):
        src = "".join(c["source"])
        if c["cell_type"] == "markdown":
            parts.append(src)
            continue
        parts.append(fence(src, "python"))
        parts.append(outputs_md(run_cell(src, ns, f"lb_sweep.ipynb[cell {i}]"), img, f"cell{i}"))
    head = ("```{note}\nThis page is `docs/examples/lb_sweep.ipynb`, run when the site was built "
            "(the outputs are this build's).\n```\n\n")
    first, rest = parts[0].split("\n", 1)
    write(os.path.join(out, "notebook.md"), first + "\n\n" + head + rest + "\n\n" + "\n\n".join(parts[1:]) + "\n")
    print(f"notebook: {sum(c['cell_type'] == 'code' for c in nb['cells'])} cells run")


if __name__ == "__main__":
    main()
