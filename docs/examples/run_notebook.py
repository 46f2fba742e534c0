#!/usr/bin/env python3
"""Runs the code cells of a Jupyter notebook as a script, without Jupyter (stdlib json only).

    PYTHONPATH=build/release/python python3 docs/examples/run_notebook.py docs/examples/lb_sweep.ipynb
    ... --save      # also store each cell's outputs in the notebook (text, HTML, PNG figures)

Cells run in order in one namespace, as a kernel would run them; a cell's last expression is
displayed (its _repr_html_ and repr) and matplotlib figures are collected after each cell
(backend Agg). The test suite (python/tests/test_notebook.py) runs the notebook this way, so the
notebook cannot drift from the module; its own assert lines are the checks.
"""
import argparse
import ast
import base64
import contextlib
import io
import json
import os
import sys


def _display(value):
    data = {"text/plain": [repr(value)]}
    html = getattr(value, "_repr_html_", None)
    if callable(html):
        h = html()
        if h:
            data["text/html"] = [h]
    return data


def _figures():
    if "matplotlib.pyplot" not in sys.modules:
        return []
    plt = sys.modules["matplotlib.pyplot"]
    out = []
    for num in plt.get_fignums():
        buf = io.BytesIO()
        plt.figure(num).savefig(buf, format="png", dpi=80, bbox_inches="tight")
        out.append(base64.b64encode(buf.getvalue()).decode("ascii"))
    plt.close("all")
    return out


def run_cell(source: str, ns: dict, name: str):
    """Executes one cell; returns its outputs in nbformat 4 form."""
    tree = ast.parse(source, filename=name)
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(tree, name, "exec"), ns)
        value = eval(compile(last, name, "eval"), ns) if last is not None else None
    outputs = []
    if out.getvalue():
        outputs.append({"output_type": "stream", "name": "stdout", "text": out.getvalue().splitlines(True)})
    if value is not None:
        outputs.append({"output_type": "execute_result", "execution_count": None, "metadata": {},
                        "data": _display(value)})
    for png in _figures():
        outputs.append({"output_type": "display_data", "metadata": {}, "data": {"image/png": png}})
    return outputs


def run(path: str, save: bool = False) -> dict:
    """Runs every code cell of the notebook at `path`; returns the namespace."""
    os.environ.setdefault("MPLBACKEND", "Agg")
    with open(path) as f:
        nb = json.load(f)
    ns = {"__name__": "__main__"}
    count = 0
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        count += 1
        outputs = run_cell("".join(cell["source"]), ns, f"{os.path.basename(path)}[cell {i}]")
        if save:
            cell["outputs"] = outputs
            cell["execution_count"] = count
            for o in outputs:
                if o["output_type"] == "execute_result":
                    o["execution_count"] = count
    if save:
        with open(path, "w") as f:
            json.dump(nb, f, indent=1, ensure_ascii=False)
            f.write("\n")
    return ns


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("notebook")
    ap.add_argument("--save", action="store_true", help="store the outputs in the notebook")
    args = ap.parse_args()
    run(args.notebook, args.save)
    print(f"ran {args.notebook}" + (" (outputs saved)" if args.save else ""))


if __name__ == "__main__":
    main()
