#!/usr/bin/python3
"""Writes boundcheck(1), the man page, from the command registry (`boundcheck help --format json`):
NAME, SYNOPSIS, DESCRIPTION, GLOBAL OPTIONS, COMMANDS (each with its formula, source, cost,
options, --double-check and examples), EXIT STATUS, EXAMPLES, FILES, SEE ALSO.

    BOUNDCHECK=build/release/boundcheck docs/gen/manpage.py OUT.1

Plain man(7) macros; text is escaped for roff (backslashes, leading dots and quotes, hyphens in
options, every non-ASCII character as \\[uXXXX]), so `groff -man -ww` has nothing to warn about
(a test checks it).
"""
import os
import re
import sys

from common import registry, write


def esc(text):
    """One line of plain text for roff."""
    out = text.replace("\\", "\\e").replace("-", "\\-")
    out = "".join(c if ord(c) < 128 else f"\\[u{ord(c):04X}]" for c in out)
    return ("\\&" + out) if out.startswith((".", "'")) else out


def para(text):
    """Plain text as filled roff lines (each input line one roff line)."""
    return "\n".join(esc(line.strip()) for line in text.split("\n") if line.strip()) + "\n"


def verbatim(text):
    """Lines kept as they are (.nf), indented."""
    lines = [esc(line.rstrip()) or "\\&" for line in text.rstrip("\n").split("\n")]
    return ".RS 4\n.nf\n" + "\n".join(lines) + "\n.fi\n.RE\n"


def option(o):
    name = "\\fB" + esc(o["name"]) + "\\fR"
    if not o["flag"]:
        name += " \\fI" + esc(o["type"] or "VALUE") + "\\fR"
    extra = " (required)" if o["required"] else ""
    return f".TP\n{name}\n{esc(' '.join(o['description'].split()) + extra)}\n"


def command(c):
    out = f".SS {esc(c['path'])}\n{para(c['description'] + '.')}"
    for title, key in (("Formula", "formula"), ("Source", "source"), ("Cost", "cost")):
        body = verbatim(c[key]) if key == "formula" else ".RS 4\n" + para(c[key]) + ".RE\n"
        out += f".PP\n\\fI{title}:\\fR\n{body}"
    if c["details"].strip():
        out += ".PP\n" + "".join(verbatim(p) if p.startswith(" ") else para(p) for p in blocks(c["details"]))
    out += "".join(option(o) for o in c["options"])
    out += f".PP\n\\fI\\-\\-double\\-check:\\fR {esc(c['double_check'])}.\n"
    out += ".PP\n\\fIExamples:\\fR\n" + verbatim("\n".join(e["command"] for e in c["examples"]))
    return out


def blocks(text):
    """Help details as paragraphs and indented blocks, in order."""
    out, cur = [], []
    for line in text.split("\n"):
        if cur and (line.startswith(" ") != cur[-1].startswith(" ")):
            out.append("\n".join(cur))
            cur = []
        cur.append(line)
    if cur:
        out.append("\n".join(cur))
    return out


def files(reg):
    """Files named by options, with the commands that take them."""
    seen = {}
    for o in reg["global_options"]:
        if o["reads_file"] or o["type"] in ("FILE", "PATH"):
            seen.setdefault((o["name"], o["type"]), []).append("every command")
    for c in reg["commands"]:
        for o in c["options"]:
            if o["reads_file"] or o["type"] in ("FILE", "PATH"):
                seen.setdefault((o["name"], o["type"]), []).append(c["path"])
    text = ""
    for (name, typ), paths in seen.items():
        text += f".TP\n\\fB{esc(name)}\\fR \\fI{esc(typ)}\\fR\n{esc('read or written by: ' + ', '.join(paths))}\n"
    return text


def page(reg):
    version = reg["boundcheck"]
    first = reg["description"].split("\n")[0]
    summary = first.split(" \u2014 ", 1)[-1].rstrip(".")
    out = f'.TH BOUNDCHECK 1 "" "boundcheck {esc(version)}" "User Commands"\n'
    out += f".SH NAME\nboundcheck \\- {esc(summary)}\n"
    out += ".SH SYNOPSIS\n"
    for line in ("GROUP COMMAND [OPTIONS]", "table --spec FILE [OPTIONS]", "verify [OPTIONS]",
                 "--version [--format json]", "--completion bash|zsh", "help [GROUP COMMAND]"):
        out += f".B boundcheck\n{esc(line)}\n.br\n"
    out += ".SH DESCRIPTION\n" + para(reg["description"])
    out += ".PP\nCommand groups:\n" + "".join(
        f".TP\n\\fB{esc(g['name'])}\\fR\n{esc(g['description'])}\n" for g in reg["groups"])
    out += ".SH GLOBAL OPTIONS\n" + "".join(option(o) for o in reg["global_options"] + reg["root_options"])
    out += ".SH COMMANDS\n" + "".join(command(c) for c in reg["commands"])
    out += ".SH EXIT STATUS\n" + para(re.sub(r"^.*--help.*\n", "", reg["footer"]))
    out += ".SH EXAMPLES\n" + verbatim("\n".join(c["examples"][0]["command"] for c in reg["commands"]))
    out += ".SH FILES\nFiles named by options:\n" + files(reg)
    out += (".SH SEE ALSO\n"
            "The HTML documentation (guides, one reference page per command with its examples run, the "
            "catalogue of published claims, and the mathematical notes: docs/math/ of the source tree, one "
            "page per family, which the Source lines above name by page and section), built by "
            "\\fBscripts/build\\-docs.sh\\fR; "
            "\\fBboundcheck\\fR \\fIGROUP COMMAND\\fR \\fB\\-\\-help\\fR; "
            "\\fBpython3 \\-c 'import boundcheck; help(boundcheck)'\\fR.\n")
    return out


def main():
    reg = registry()
    write(os.path.abspath(sys.argv[1]), page(reg))
    print(f"man page: {len(reg['commands'])} commands")


if __name__ == "__main__":
    main()
