#!/usr/bin/python3
"""Adversarial sweep for issue 38 (a sibling of redteam_seams.py): text that would spoof a verdict,
asymptotic claims at extreme sizes, and forged certificates. Every expectation is computed here,
never copied from the tool:

  escape       hostile strings (terminal escape and OSC sequences, CR, BEL, BS, DEL, C1 controls,
               each bidirectional control, the line separators) in a catalogue's published value,
               a claim id, a claim's text and a [derived] column name, printed in all six formats:
               stdout and stderr are valid UTF-8 and hold none of them raw; each is shown by the rule
               of src/core/visible_text.hpp, implemented again below (\\x1b, \\u202e; LaTeX: C0 as
               spaces, the rest \\textbackslash{}u202e; Markdown: the backslash escaped); JSON keeps
               the string exactly. Messages: a NUL, a fullwidth digit, a malformed byte in an
               expression are quoted whole and visibly (argv and catalogue).
  asymptotic   O / Omega / Theta / ~ with ratios up to 10^(3*10^9) and down to 10^-(3*10^9): an
               exit 0 or 1 with a verdict (never an abort), within 2 GiB of address space (RLIMIT_AS),
               true claims never inconsistent and false ones never consistent, and the printed ratio
               range [a, b] holding every ratio of the grid (mpmath at 60 digits, in log10 where the
               ratio is beyond its range).
  certificate  sampled neighborly certificates for many seeds and sample counts (the checker draws
               the subsets again from the seed: a genuine one checks only if its Python sampler
               mirrors the writer's C++ one), each forged (dropped failures, relabelled sampling,
               swapped, added or dropped draws, params that say another run, unknown keys): every
               forgery rejected with exit 1 and one line; 64 MiB padded files rejected within 1 GiB.

Usage: scripts/redteam_issue38.py BOUNDCHECK_EXE [--jobs N] [-v]
Exit 1 if any case is BAD. The tally it prints is the one in docs/guides/reliability.md.
"""
import concurrent.futures
import copy
import json
import os
import re
import resource
import subprocess
import sys
import tempfile

import mpmath as mp

HANG = 60
mp.mp.dps = 60
HERE = os.path.dirname(os.path.abspath(__file__))
CHECKER = os.path.join(HERE, "..", "tools", "check_certificate.py")
FORMATS = ("table", "csv", "markdown", "latex", "html", "json")


class Bad(Exception):
    pass


def need(cond, why):
    if not cond:
        raise Bad(why)


def invoke(argv, cwd=None, memory=None, timeout=HANG):
    """(rc, stdout bytes, stderr bytes); rc None on a hang."""
    def limit():
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    try:
        p = subprocess.run(argv, cwd=cwd, capture_output=True, timeout=timeout, preexec_fn=limit)
    except subprocess.TimeoutExpired:
        return None, b"", b""
    return p.returncode, p.stdout, p.stderr


# ==== the rule of src/core/visible_text.hpp, again ==================================================

BIDI = {0x061C, 0x200E, 0x200F, 0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}


def spoofing(cp):
    return cp < 0x20 or cp == 0x7F or 0x80 <= cp <= 0x9F or cp in BIDI


def visible(s):
    return "".join((f"\\x{ord(c):02x}" if ord(c) < 0x80 else f"\\u{ord(c):04x}") if spoofing(ord(c)) else c
                   for c in s)


def shown_in(fmt, s):
    """The text the format shows for the string s (as a cell)."""
    if fmt == "latex":  # C0 controls are spaces; the others as visible_text with \textbackslash{}
        out = []
        for c in s:
            cp = ord(c)
            out.append(" " if cp < 0x20 or cp == 0x7F else
                       ("\\textbackslash{}" + visible(c)[1:]) if spoofing(cp) else c)
        return "".join(out)
    if fmt == "markdown":  # line breaks are spaces, then the backslash and ] are escaped
        v = visible(s.replace("\n", " ").replace("\r", " "))
        return "".join("\\" + c if c in "\\`*[]<>!#~|" else c for c in v)
    if fmt == "html":  # newline and tab stay (white space), then the entities
        import html
        return html.escape("".join(c if c in "\n\t" else visible(c) for c in s))
    return visible(s)


def raw_bad(text, keep="\n"):
    return next((f"U+{ord(c):04X}" for c in text if c not in keep and spoofing(ord(c))), None)


HOSTILE = {
    "osc title": "6\x1b]0;owned\x07",
    "csi conceal": "a\x1b[8mb",
    "carriage return row": "6\rx.fake  holds  exact",
    "backspace": "hol\x08\x08ds",
    "del": "x\x7fy",
    "nel c1": "a\u0085b",
    "csi c1": "a\u009b31mb",
    "rlo": "x\u202ecba",
    "lro": "x\u202dcba",
    "rle": "x\u202bcba",
    "lre": "x\u202acba",
    "pdf": "x\u202ccba",
    "lri": "x\u2066cba",
    "rli": "x\u2067cba",
    "fsi": "x\u2068cba",
    "pdi": "x\u2069cba",
    "lrm": "x\u200ecba",
    "rlm": "x\u200fcba",
    "alm": "x\u061ccba",
    "line separator": "a\u2028b",
    "paragraph separator": "a\u2029b",
    "tab and newline": "a\tb\nc",
}


def toml_string(s):
    return json.dumps(s)  # a JSON string is a TOML basic string (\uXXXX escapes, no raw control)


def json_strings(v):
    out, stack = [], [v]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            out += list(x)
            stack += list(x.values())
        elif isinstance(x, list):
            stack += x
        elif isinstance(x, str):
            out.append(x)
    return out


def run_in(files, argv, exe, fmt):
    with tempfile.TemporaryDirectory() as work:
        for name, text in files.items():
            path = os.path.join(work, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
        return invoke([exe, *argv, "--format", fmt, "--max-seconds", "20"], cwd=work)


def check_shown(rc, out, err, want_rc, fmt, s, where):
    need(rc is not None, "hang")
    need(rc == want_rc, f"exit {rc}, expected {want_rc}: {err[:300]!r}")
    try:
        o, e = out.decode("utf-8"), err.decode("utf-8")
    except UnicodeDecodeError as x:
        raise Bad(f"output is not UTF-8: {x}")
    need(not raw_bad(e), f"stderr holds {raw_bad(e)} raw: {e[:300]!r}")
    if fmt == "json":  # JSON escapes every C0 control (DEL and the rest it may keep: they are text)
        need(not re.search(r"[\x00-\x1f]", o.replace("\n", "")), "JSON text holds a raw C0 control")
        need(any(s in x for x in json_strings(json.loads(o))), f"JSON lost the {where} text exactly")
        return
    # HTML keeps newline and tab, its white space (html_text.hpp)
    need(not raw_bad(o, "\n\t" if fmt == "html" else "\n"), f"stdout holds {raw_bad(o)} raw: {o[:300]!r}")
    if fmt == "csv" and where == "column name":  # quoted as any field; the text itself is the same
        want = shown_in("table", s)
    else:
        want = shown_in(fmt, s)
    need(want in o, f"{want!r} not shown: {o[:400]!r}")


def escape_cases(exe):
    cs = []
    for label, s in HOSTILE.items():
        for fmt in FORMATS:
            # an expression claim's published value must be a number (refused at load); a method
            # claim's published statement is printed as written
            cat = (f'[[claim]]\nid = "x.pub"\nclaim = "c"\nsource = "s"\npublished = {toml_string(s)}\n'
                   'tolerance = "t"\nmethod = "sphere.c1_limit"\n[claim.params]\nd = [10, 1000, 1000000]\ntol = 1e-6\n')
            cs.append(("escape: published", f"{label} --format {fmt}",
                       lambda cat=cat, fmt=fmt, s=s: check_shown(
                           *run_in({"c/a.toml": cat}, ["verify", "--catalogue", "c", "--wide"], exe, fmt), 0, fmt, s,
                           "published")))
            if "\n" not in s:  # an id is one line (catalogue.cpp refuses a line break there)
                cat_id = f'[[claim]]\nid = {toml_string("x." + s)}\nclaim = "c"\nexpr = "1 == 1"\n'
                cs.append(("escape: claim id", f"{label} --format {fmt}",
                           lambda cat=cat_id, fmt=fmt, s=s: check_ok_or_refused(
                               *run_in({"c/a.toml": cat}, ["verify", "--catalogue", "c"], exe, fmt), fmt, "x." + s)))
            spec = ('command = "sphere dim"\n[sweep]\nd = [3]\nl = [1, 2]\n[derived]\n'
                    f'{toml_string("c" + s)} = "N + 1"\n')
            cs.append(("escape: [derived] name", f"{label} --format {fmt}",
                       lambda spec=spec, fmt=fmt, s=s: check_ok_or_refused(
                           *run_in({"s.toml": spec}, ["table", "--spec", "s.toml"], exe, fmt), fmt, "c" + s,
                           where="column name")))
    return cs


def check_ok_or_refused(rc, out, err, fmt, s, where="id"):
    """Either shown visibly (exit 0) or refused with one line naming it visibly (exit 2)."""
    need(rc is not None, "hang")
    if rc == 2:
        e = err.decode("utf-8")
        need(not raw_bad(e) and e.count("\n") == 1 and e.startswith("error: "), f"refusal: {e[:300]!r}")
        need(not out, "a refusal printed to stdout")
        return
    check_shown(rc, out, err, 0, fmt, s, where)


def message_cases(exe):
    cs = []
    argv_cases = [("fullwidth digit", "\uff11 == 1".encode(), "unexpected '\uff11'"),
                  ("malformed byte", b"1 \xff== 1", "unexpected '\\xff'"),
                  ("lone continuation", b"1 \x80 == 1", "unexpected '\\x80'"),
                  ("truncated sequence", b"1 == \xe2\x80", "unexpected '\\xe2'"),
                  ("override", "1 \u202e== 1".encode(), "unexpected '\\u202e'"),
                  ("escape", b"1 \x1b[2J== 1", "unexpected '\\x1b'"),
                  ("c1", "1 \u009b== 1".encode(), "unexpected '\\u009b'"),
                  ("emoji", "\U0001F600 == 1".encode(), "unexpected '\U0001F600'")]

    def argv_case(expr, want):
        rc, out, err = invoke([exe.encode(), b"verify", b"--expr", expr])
        need(rc == 2 and not out, f"exit {rc}: {err[:200]!r}")
        e = err.decode("utf-8")  # raises on invalid UTF-8
        need(not raw_bad(e) and e.count("\n") == 1, f"message {e!r}")
        need(want in e, f"{want!r} not in {e!r}")
    for label, expr, want in argv_cases:
        cs.append(("escape: messages", f"--expr with a {label}", lambda e=expr, w=want: argv_case(e, w)))
    toml_cases = [("NUL", "1 \\u0000== 1", "unexpected '\\x00'"), ("BEL", "1 \\u0007== 1", "unexpected '\\x07'"),
                  ("rlo", "1 \\u202e== 1", "unexpected '\\u202e'"), ("fullwidth", "\\uff11 == 1", "unexpected '\uff11'"),
                  ("DEL", "1 \\u007f== 1", "unexpected '\\x7f'")]

    def toml_case(expr, want):
        cat = f'[[claim]]\nid = "x.m"\nclaim = "c"\nexpr = "{expr}"\n'
        rc, out, err = run_in({"c/a.toml": cat}, ["verify", "--catalogue", "c"], exe, "table")
        need(rc == 2 and not out, f"exit {rc}: {err[:200]!r}")
        e = err.decode("utf-8")
        need(not raw_bad(e) and e.count("\n") == 1 and want in e, f"message {e!r}, expected {want!r}")
    for label, expr, want in toml_cases:
        cs.append(("escape: messages", f"catalogue expression with a {label}", lambda e=expr, w=want: toml_case(e, w)))
    # an id asked for on the command line is quoted visibly when unknown
    for label, s in (("rlo", "x\u202e"), ("osc", "x\x1b]0;t\x07")):
        def unknown_id(s=s):
            rc, out, err = invoke([exe, "verify", "--id", s])
            e = err.decode("utf-8")
            need(rc == 2 and not out and not raw_bad(e) and visible(s) in e, f"exit {rc}: {e!r}")
        cs.append(("escape: messages", f"verify --id with a {label}", unknown_id))
    return cs


# ==== asymptotic claims at extreme sizes ===========================================================

def log10_ratio(g, f, n):
    """log10 |g(n)/f(n)| by mpmath (g, f as functions of an mpf returning log10 of the value)."""
    return g(n) - f(n)


L2 = mp.log10(2)
FUNCS = {  # name -> (expression text, log10 of its value at n)
    "2^n": ("2^n", lambda n: n * L2),
    "3^n": ("3^n", lambda n: n * mp.log10(3)),
    "n": ("n", lambda n: mp.log10(n)),
    "n^2": ("n^2", lambda n: 2 * mp.log10(n)),
    "1/2^n": ("1/2^n", lambda n: -n * L2),
    "n^n": ("n^n", lambda n: n * mp.log10(n)),
    "exp(n)": ("exp(n)", lambda n: n * mp.log10(mp.e)),
    "1": ("1", lambda n: mp.mpf(0)),
}
# (g, f, order, the claim's truth as n -> infinity)
CLAIMS = [("2^n", "n", "O", False), ("n", "2^n", "O", True), ("2^n", "n", "Omega", True), ("n", "2^n", "Omega", False),
          ("3^n", "2^n", "O", False), ("2^n", "3^n", "O", True), ("1/2^n", "1", "Omega", False), ("1/2^n", "1", "O", True),
          ("n^n", "n", "Theta", False), ("exp(n)", "n^2", "O", False), ("n^2", "exp(n)", "O", True),
          ("2^n", "3^n", "Theta", False)]
GRIDS = [[10, 100, 1050], [10, 100, 10 ** 4], [1, 2, 10 ** 6], [1, 2, 10 ** 10], [10, 10 ** 3, 10 ** 5]]
NUM = re.compile(r"^(-?[0-9.]+)(?:e([-+]?[0-9]+))?$")


def log10_of_printed(t):
    """log10 of a printed bound ("1.149e313", "0.5000", "0"): None for 0."""
    m = NUM.match(t)
    need(m is not None, f"unreadable bound {t!r}")
    mant = mp.mpf(m.group(1))
    if mant == 0:
        return None
    return mp.log10(abs(mant)) + int(m.group(2) or 0)


def asymptotic_case(exe, g, f, order, truth, grid):
    e = f"{FUNCS[g][0]} is {order}({FUNCS[f][0]}) as n in {{{', '.join(map(str, grid))}}}"
    rc, out, err = invoke([exe, "verify", "--expr", e, "--format", "json", "--max-seconds", "20"], memory=2 << 30)
    need(rc in (0, 1), f"exit {rc} (an abort?): {err[-300:]!r}")
    row = json.loads(out)["rows"][0]
    verdict = row["verdict"]
    need(verdict in ("consistent", "inconsistent") or verdict.startswith("undecided"), f"verdict {verdict}")
    need((rc == 0) == (verdict == "consistent"), f"exit {rc} for {verdict}")
    if truth:
        need(verdict != "inconsistent", f"a true claim graded inconsistent: {row['grade'][:200]}")
    else:
        need(verdict != "consistent", f"a false claim graded consistent: {row['grade'][:200]}")
    m = re.search(r"ratio in \[([^,\]]+), ([^\]]+)\]", row["computed"])
    need(m is not None, f"no ratio range in {row['computed'][:200]}")
    lo, hi = m.group(1), m.group(2)
    logs = [log10_ratio(FUNCS[g][1], FUNCS[f][1], mp.mpf(n)) for n in grid]
    if hi not in ("inf",):
        lhi = log10_of_printed(hi)
        need(lhi is not None and max(logs) <= lhi + mp.mpf(10) ** -40,
             f"upper end {hi} below the largest ratio 10^{mp.nstr(max(logs), 15)}")
    llo = log10_of_printed(lo)
    need(llo is None or min(logs) >= llo - mp.mpf(10) ** -40,
         f"lower end {lo} above the smallest ratio 10^{mp.nstr(min(logs), 15)}")


def asymptotic_cases(exe):
    cs = []
    for g, f, order, truth in CLAIMS:
        for grid in GRIDS:
            if g == "n^n" and grid[-1] > 10 ** 6:
                continue  # n^n at 10^10 has 10^11 digits: a ball, but its ratio test is the same as at 10^6
            cs.append(("asymptotic: extreme ratios", f"{g} is {order}({f}) on {grid}",
                       lambda g=g, f=f, o=order, t=truth, gr=grid: asymptotic_case(exe, g, f, o, t, gr)))
    # the two claims of the issue, exactly
    for e, want in (("2^n is O(n) as n in {10, 100, 1050}", 1), ("n is O(2^n) as n in {1, 2, 10^10}", 0)):
        def issue(e=e, want=want):
            rc, out, err = invoke([exe, "verify", "--expr", e], memory=2 << 30)
            need(rc == want and out, f"exit {rc}, expected {want}: {err[-200:]!r}")
        cs.append(("asymptotic: extreme ratios", f"issue 38: {e}", issue))
    return cs


# ==== certificates ==================================================================================

SAMPLED = [(8, 2, 3, 40, 1), (8, 2, 5, 40, 2), (12, 3, 9, 25, 3), (10, 2, 5, 30, 4), (20, 2, 8, 15, 5),
           (16, 1, 4, 50, 6), (30, 3, 10, 12, 7), (9, 4, 6, 20, 8), (40, 2, 16, 10, 9), (6, 3, 6, 30, 10)]


def write_cert(exe, argv, tmp, name):
    path = os.path.join(tmp, name)
    rc, out, err = invoke([exe, *argv, "--certificate", path, "--output", os.devnull])
    need(rc == 0 and os.path.exists(path), f"writer exit {rc}: {err[-200:]!r}")
    with open(path) as f:
        return json.load(f)


def check_files(paths, memory=None):
    rc, out, err = invoke([sys.executable, CHECKER, *paths], memory=memory)
    return rc, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def forged(c):
    """[(label, mutate)] for a sampled neighborly certificate."""
    def drop_failures(x):
        x["not_certified"] = []
        x["claim"]["tried"] = len(x["witnesses"])

    def swap(x):
        if x["not_certified"]:
            x["not_certified"][0]["S"] = x["witnesses"][0]["S"]
        else:
            x["witnesses"][0]["S"] = x["witnesses"][-1]["S"][::-1] if len(x["witnesses"]) == 1 else x["witnesses"][1]["S"]

    def add(x):
        x["witnesses"].append(x["witnesses"][0])
        x["claim"]["tried"] += 1
        x["claim"]["certified"] += 1

    def drop(x):
        x["witnesses"].pop()
        x["claim"]["tried"] -= 1
        x["claim"]["certified"] -= 1

    out = [("draws without a witness dropped, tried = certified", drop_failures),
           ("relabelled all", lambda x: (x["claim"].__setitem__("subsets", "all"), x.__setitem__("samples", 0),
                                         x["params"].__setitem__("samples", 0))),
           ("samples one more, everywhere", lambda x: (x.__setitem__("samples", x["samples"] + 1),
                                                      x["params"].__setitem__("samples", x["samples"]))),
           ("a certified draw repeated", add),
           ("params seed + 1", lambda x: x["params"].__setitem__("seed", x["params"]["seed"] + 1)),
           ("params k + 1", lambda x: x["params"].__setitem__("k", x["params"]["k"] + 1)),
           ("unknown key in claim", lambda x: x["claim"].__setitem__("rate", "1")),
           ("stopped at a first failure", lambda x: (x["claim"].__setitem__("stopped_at_first_failure", True),
                                                      x["params"].update(search_k=True, k_max=x["k"])))]
    if c["not_certified"]:
        out.append(("a draw replaced by a certified subset", swap))
    if len(c["witnesses"]) > 1:
        out.append(("a certified draw dropped", drop))
    return out


def certificate_cases(exe, tmp):
    cs = []
    for N, q, k, samples, seed in SAMPLED:
        argv = ["comm", "neighborly", "--N", str(N), "--q", str(q), "--k", str(k), "--samples", str(samples),
                "--seed", str(seed)]
        name = f"s{N}_{q}_{k}_{samples}_{seed}"
        try:
            good = write_cert(exe, argv, tmp, name + ".json")
        except Bad as b:
            cs.append(("certificate: sampled", f"{name} written", lambda b=b: (_ for _ in ()).throw(b)))
            continue

        def genuine(path=os.path.join(tmp, name + ".json")):
            rc, out, err = check_files([path])
            need(rc == 0 and ": ok: comm neighborly" in out and "from the seed's subset stream" in out,
                 f"the genuine certificate is not accepted (the checker's sampler differs?): {out}{err}")
        cs.append(("certificate: sampled", f"{name} genuine (the subsets drawn again)", genuine))
        for label, mutate in forged(good):
            def forgery(mutate=mutate, good=good, label=label, name=name):
                bad = copy.deepcopy(good)
                mutate(bad)
                need(bad != good, "the forgery changed nothing (test error)")
                path = os.path.join(tmp, f"{name}_{abs(hash(label))}.json")
                with open(path, "w") as f:
                    json.dump(bad, f)
                rc, out, err = check_files([path])
                need(rc == 1 and ": REJECTED: " in out and out.count("\n") == 1 and not err,
                     f"exit {rc}: {out[:300]}{err[-300:]}")
            cs.append(("certificate: sampled", f"{name}: {label}", forgery))
    # an all-subsets certificate presented as sampled, hiding its subsets without a witness
    all_argv = ["comm", "neighborly", "--N", "8", "--q", "2", "--k", "6"]

    def relabel(hide):
        good = write_cert(exe, all_argv, tmp, "all.json")
        bad = copy.deepcopy(good)
        bad["claim"]["subsets"] = "sampled"
        if hide:
            bad["samples"] = bad["params"]["samples"] = len(bad["witnesses"])
            bad["not_certified"] = []
            bad["claim"]["tried"] = len(bad["witnesses"])
        path = os.path.join(tmp, f"relabel{hide}.json")
        with open(path, "w") as f:
            json.dump(bad, f)
        rc, out, err = check_files([path])
        need(rc == 1 and ": REJECTED: " in out, f"exit {rc}: {out[:300]}")
    cs.append(("certificate: sampled", "all subsets relabelled sampled", lambda: relabel(False)))
    cs.append(("certificate: sampled", "all subsets relabelled sampled, failures hidden", lambda: relabel(True)))

    # 64 MiB files: a genuine certificate padded with an unused key; rejected within 1 GiB
    def padded(kind):
        good = write_cert(exe, ["comm", "neighborly", "--N", "8", "--q", "2", "--k", "3", "--samples", "40"], tmp,
                          f"pad_{kind}.json")
        text = json.dumps(good)
        room = (64 << 20) - len(text) - 16
        pad = {"empty objects": "[" + "{}," * (room // 3 - 1) + "{}]", "empty lists": "[" + "[]," * (room // 3 - 1) + "[]]",
               "nested lists": "[" + "[[[[1]]]]," * (room // 10 - 1) + "[[[[1]]]]]", "integers": "[" + "1," * (room // 2 - 1) + "1]"}[kind]
        path = os.path.join(tmp, f"pad_{kind}.json")
        with open(path, "w") as f:
            f.write(text[:-1] + ', "x": ' + pad + "}")
        rc, out, err = check_files([path], memory=1 << 30)
        need(rc == 1 and ": REJECTED: " in out and not err, f"exit {rc}: {out[:300]}{err[-300:]}")
        os.remove(path)
    for kind in ("empty objects", "empty lists", "nested lists", "integers"):
        cs.append(("certificate: sampled", f"64 MiB padded with {kind}", lambda kind=kind: padded(kind)))
    return cs


def run_case(case):
    cat, name, fn = case
    try:
        fn()
        return cat, name, "PASS", ""
    except Bad as b:
        return cat, name, "BAD", str(b)
    except Exception as e:  # noqa: BLE001 (a failure of the script is a failure of the case)
        return cat, name, "BAD", f"{type(e).__name__}: {e}"


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        print(__doc__)
        return 2
    exe = os.path.abspath(args[0])
    jobs = int(args[args.index("--jobs") + 1]) if "--jobs" in args else 2
    verbose = "-v" in args
    with tempfile.TemporaryDirectory() as tmp:
        cases = escape_cases(exe) + message_cases(exe) + asymptotic_cases(exe) + certificate_cases(exe, tmp)
        tally, bad = {}, []
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            for cat, name, verdict, why in pool.map(run_case, cases):
                tally.setdefault(cat, {"PASS": 0, "BAD": 0})[verdict] += 1
                if verdict == "BAD":
                    bad.append(f"BAD [{cat}] {name[:160]!r}: {' | '.join(why.splitlines())[:400]}")
                if verbose:
                    print(f"{verdict:4} [{cat}] {name[:160]!r}" + (f": {why[:200]}" if why else ""), flush=True)
    for b in bad:
        print(b)
    total = {k: sum(t[k] for t in tally.values()) for k in ("PASS", "BAD")}
    print(f"issue 38 sweep: {total['PASS'] + total['BAD']} cases, {jobs} jobs")
    for cat, t in tally.items():
        print(f"  {cat}: {t['PASS']} pass, {t['BAD']} bad")
    print(f"  total: {total['PASS']} pass, {total['BAD']} bad")
    return 1 if total["BAD"] else 0


if __name__ == "__main__":
    sys.exit(main())
