"""How a Table shows itself in Jupyter: HTML and LaTeX (MathJax) renderings.

Cells, column names and notes are untrusted text (``table merge`` reads other people's files), so
each reaches its target language through one escaping function, tested with hostile input
(python/tests/test_frames.py): :func:`html_text` for HTML (the C++ renderers' rule of
src/core/visible_text.hpp: controls, C1 and bidirectional controls shown as ``\x1b``, ``\u202e``,
then ``html.escape``), :func:`latex_math_text` for the LaTeX
that MathJax (Jupyter) and LaTeX itself (nbconvert) typeset in math mode. Long tables show their
first 30 and last 10 rows.
"""

from __future__ import annotations

import html

__all__ = ["table_html", "table_latex", "latex_math_text", "html_text"]

HEAD, TAIL = 30, 10

# Characters with a meaning in LaTeX math mode, and their math-mode forms (MathJax and LaTeX both
# typeset these). Letters, digits and . , ; : ! ? ' + - * / = < > ( ) [ ] | are themselves.
_LATEX = {
    "\\": r"\backslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&", "#": r"\#", "%": r"\%",
    "_": r"\_", "^": r"\hat{\ }", "~": r"\sim{}", " ": r"\ ", '"': "''",
}
_PLAIN = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,;:!?'+-*/=<>()[]|@")


def latex_math_text(s: str) -> str:
    r"""``s`` as upright text inside LaTeX math mode (``\mathrm{...}``): the specials become their
    math-mode forms, control characters spaces, anything else outside printable ASCII ``?`` (so no
    input can end the group, open a macro or reach pdflatex as an unsupported character)."""
    out = []
    for ch in str(s):
        if ch in _PLAIN:
            out.append(ch)
        elif ch in _LATEX:
            out.append(_LATEX[ch])
        elif ch in "\t\n\r\v\f" or ord(ch) < 32:
            out.append(r"\ ")
        else:
            out.append("?")
    return r"\mathrm{" + "".join(out) + "}"


# The characters src/core/visible_text.hpp escapes (issue 38 §1): C0 controls and DEL, C1 controls,
# the bidirectional controls and the line and paragraph separators; newline and tab stay (HTML white
# space). A lone surrogate (Python's stand-in for a malformed byte) is escaped the same way.
_BIDI = {0x061C, 0x200E, 0x200F, *range(0x2028, 0x202F), *range(0x2066, 0x206A)}


def _visible(ch: str) -> str:
    cp = ord(ch)
    if ch in "\n\t":
        return ch
    if cp < 0x20 or cp == 0x7F:
        return f"\\x{cp:02x}"
    if 0x80 <= cp <= 0x9F or cp in _BIDI or 0xD800 <= cp <= 0xDFFF:
        return f"\\u{cp:04x}"
    return ch


def html_text(s) -> str:
    """``s`` as HTML text: what could reorder or hide text shown visibly, then ``html.escape``."""
    return html.escape("".join(_visible(ch) for ch in str(s)))


def _shown_rows(n: int):
    """Row indices to show, with None where rows are skipped."""
    if n <= HEAD + TAIL + 5:
        return list(range(n))
    return list(range(HEAD)) + [None] + list(range(n - TAIL, n))


def table_html(command: str, columns, texts, notes, numeric) -> str:
    """An HTML table: header, rows (numbers right-aligned), a caption naming the command and the
    row count, notes underneath. Every string goes through html_text."""
    e = html_text
    out = ['<div class="boundcheck-table"><table>',
           f"<caption style=\"text-align:left\">boundcheck {e(command)} ({len(texts)} rows)</caption>",
           "<thead><tr>" + "".join(f"<th>{e(c)}</th>" for c in columns) + "</tr></thead><tbody>"]
    for i in _shown_rows(len(texts)):
        if i is None:
            out.append(f'<tr><td colspan="{max(1, len(columns))}">&hellip; {len(texts) - HEAD - TAIL} rows '
                       "&hellip;</td></tr>")
            continue
        cells = []
        for j, t in enumerate(texts[i]):
            align = ' style="text-align:right"' if numeric[j] else ""
            cells.append(f"<td{align}>{e(t)}</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")
    out += [f"<p><small>note: {e(n)}</small></p>" for n in notes]
    out.append("</div>")
    return "\n".join(out)


def table_latex(columns, texts, numeric) -> str:
    """A LaTeX array in display math, every cell through latex_math_text."""
    spec = "".join("r" if n else "l" for n in numeric) or "l"
    lines = [r"$$\begin{array}{" + spec + "}",
             " & ".join(latex_math_text(c) for c in columns) + r" \\ \hline"]
    for i in _shown_rows(len(texts)):
        if i is None:
            skipped = latex_math_text(f"... {len(texts) - HEAD - TAIL} rows ...")
            lines.append(skipped + " & " * (len(columns) - 1) + r" \\")
            continue
        lines.append(" & ".join(latex_math_text(t) for t in texts[i]) + r" \\")
    lines.append(r"\end{array}$$")
    return "\n".join(lines)
