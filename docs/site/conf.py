# Sphinx configuration of the documentation site (scripts/build-docs.sh assembles the sources next
# to this file and builds with warnings as errors). MyST Markdown, the furo theme, autodoc of the
# built Python module (its directory in $BOUNDCHECK_PYTHON_DIR).
import os
import re
import sys

project = "boundcheck"
author = "the boundcheck authors"
version = release = os.environ.get("BOUNDCHECK_DOCS_VERSION", "")
extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.napoleon"]
source_suffix = {".md": "markdown"}
master_doc = "index"
exclude_patterns = ["_build", "_generated/**"]  # fragments included by the guides, not pages
html_theme = "furo"
html_title = f"boundcheck {release}"
html_static_path = ["_static"]  # holds the classic-script furo.js below
html_show_sourcelink = False
html_show_copyright = False
smartquotes = False  # "--max-terms" stays two hyphens, quotes stay as the program prints them
html_copy_source = False
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "dollarmath"]  # $...$ and $$...$$ in the math notes
# Formulas are typeset by MathJax 2 from Debian's libjs-mathjax, which scripts/build-docs.sh copies
# into _static/mathjax (the SVG output needs no web fonts): the site opens without a network. Only
# \(..\) and \[..\] (what Sphinx writes around math) are typeset, never a "$" in the text.
mathjax_path = "mathjax/MathJax.js?config=TeX-AMS_SVG"
mathjax2_config = {
    "tex2jax": {"inlineMath": [["\\(", "\\)"]], "displayMath": [["\\[", "\\]"]],
                "processEscapes": False, "processEnvironments": False, "processRefs": False,
                "processClass": "math|tex2jax_process|mathjax_process"},
    "SVG": {"linebreaks": {"automatic": True}, "font": "TeX"},
    "messageStyle": "none",
    "showMathMenu": False,
}
myst_update_mathjax = False  # MyST's setting is MathJax 3's (a window.MathJax that MathJax 2 would read)
html_css_files = ["math.css"]
pygments_style = "default"
nitpicky = False
suppress_warnings = []

_py = os.environ.get("BOUNDCHECK_PYTHON_DIR")
if _py:
    sys.path.insert(0, _py)
autodoc_default_options = {"members": True, "undoc-members": False}
autodoc_typehints = "signature"
napoleon_use_ivar = True  # "Attributes:" as fields: autodoc documents the members themselves

# The command functions are generated from the registry at import time; their docstrings are the
# CLI's help text (plain text laid out in columns, not reStructuredText): shown as a literal block.
def _generated(obj):
    from boundcheck import _commands  # noqa: PLC0415 (the module is importable only here)

    code = getattr(obj, "__code__", None)
    return isinstance(obj, _commands._Group) or (code is not None and code.co_name == "command" and
                                                  str(getattr(obj, "__module__", "")).startswith("boundcheck"))


# Google-style sections napoleon reads (an indented block under one is not a literal block)
_SECTION = re.compile(r"^\s*(Args|Arguments|Attributes|Parameters|Keyword Args|Returns|Yields|Raises|"
                      r"Examples?|Notes?|See Also|Warnings?):\s*$")
_LONE_STAR = re.compile(r"(?<![\\*\w`])(\*\*?)(?=\w)(?!.*(?<=\w)\1)")


def _indent(line):
    return len(line) - len(line.lstrip())


def _rest(lines):
    """The module's docstrings are mostly reStructuredText but written to be read as text too: an
    indented example after a blank line that no '::' introduces becomes a literal block, and a lone
    '*' (``min(self, *others)``) is escaped instead of opening an emphasis."""
    out = []
    for i, line in enumerate(lines):
        if line.strip() and i > 0 and not lines[i - 1].strip() and _indent(line) > 0:
            prev = next((p for p in reversed(lines[:i - 1]) if p.strip()), "")
            if _indent(line) > _indent(prev) and not prev.rstrip().endswith("::") and not _SECTION.match(prev):
                out += ["::", ""]
        if line.strip() and _indent(line) == 0:
            line = _LONE_STAR.sub(lambda m: "\\" + "\\".join(m.group(1)), line)
        out.append(line)
    return out


def _docstrings(app, what, name, obj, options, lines):
    if not lines or not name.startswith("boundcheck"):
        return
    if _generated(obj):
        head, rest = lines[0], lines[1:]
        lines[:] = [head, "", "::", ""] + ["    " + line for line in rest] + [""]
    else:
        lines[:] = _rest(lines)


# Debian's furo (2022.12.07+dfsg) ships its script unbundled: furo.js starts with
# `import Gumshoe from "./gumshoe-patched.js"` but is loaded as a classic script, so the browser
# stops at a SyntaxError (the test that opens the site in Chromium sees it). The upstream wheel
# bundles the two. Bundle them the same way: gumshoe-patched.js (UMD: it sets window.Gumshoe) and
# furo.js without its import line, as _static/scripts/furo.js, which overrides the theme's copy.
def _bundle_furo_js(confdir):
    import furo  # noqa: PLC0415

    src = os.path.join(os.path.dirname(furo.__file__), "theme", "furo", "static", "scripts")
    with open(os.path.join(src, "furo.js")) as f:
        script = f.read()
    out = os.path.join(confdir, "_static", "scripts", "furo.js")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    if not script.startswith("import "):
        return  # already a classic script: keep the theme's
    with open(os.path.join(src, "gumshoe-patched.js")) as f:
        gumshoe = f.read()
    with open(out, "w") as f:
        f.write(gumshoe + "\n" + script.split("\n", 1)[1])


# A display formula wider than the text column scrolls inside its own box (MathJax also breaks
# long ones at the column width), so no page is wider than the window.
_MATH_CSS = """div.math { overflow-x: auto; overflow-y: hidden; }
div.math .MathJax_SVG_Display { margin: 0.5em 0; }
"""


def _math_css(confdir):
    out = os.path.join(confdir, "_static", "math.css")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w") as f:
        f.write(_MATH_CSS)


def setup(app):
    _bundle_furo_js(app.confdir)
    _math_css(app.confdir)
    app.connect("autodoc-process-docstring", _docstrings, priority=400)  # before napoleon's
