"""The command line: one verdict line per file, `FILE: ok: what was proved` or
`FILE: REJECTED: reason`, every file checked whatever happened to the ones before it.
Exit status: 0 every file checks, 1 some file is rejected, 2 usage."""

import sys

from .common import Reject, field, need
from .grid_rank import check_grid_rank
from .loading import parse, read_text
from .neighborly import check_neighborly
from .pair_matching import check_pair_matching
from .rank_count import check_rank_count
from .schema import check_keys, check_params

CHECKERS = {
    "comm neighborly": check_neighborly,
    "comm pair-matching": check_pair_matching,
    "depth grid-rank": check_grid_rank,
    "rank count": check_rank_count,
}

USAGE = "usage: check_certificate.py FILE [FILE ...]     ('-' reads standard input)"


def check(c) -> str:
    """What the certificate (a parsed JSON value) proves; raises Reject otherwise."""
    need(isinstance(c, dict), "not a JSON object")
    kind = field(c, "certificate", str)
    need(kind in CHECKERS, f"unknown certificate kind {kind[:40]!r} (known: {', '.join(CHECKERS)})")
    need(field(c, "format", int) == 1, "unsupported format version")
    check_keys(c)
    what = CHECKERS[kind](c)
    check_params(c)
    return f"{kind}: {what}"


def check_file(name) -> str:
    return check(parse(read_text(name)))


def printable(text) -> str:
    """One line of printable text: control characters, lone surrogates and other unprintable
    characters become backslash escapes (as repr writes them)."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in str(text))


def verdict(name):
    """(ok, line) for one file; no exception escapes."""
    try:
        return True, f"ok: {check_file(name)}"
    except Reject as e:
        return False, f"REJECTED: {e}"
    except RecursionError:
        return False, "REJECTED: nested too deeply"
    except MemoryError:
        return False, "REJECTED: out of memory"
    except Exception as e:  # a malformed value the checks above did not anticipate
        return False, f"REJECTED: malformed ({type(e).__name__}: {e})"


def main(argv) -> int:
    names = argv[1:]
    if not names or any(n in ("-h", "--help") for n in names):
        print(USAGE, file=sys.stderr)
        return 2
    try:
        sys.stdout.reconfigure(errors="backslashreplace")
    except (AttributeError, ValueError):
        pass
    bad = 0
    for name in names:
        ok, line = verdict(name)
        bad += not ok
        print(f"{printable(name)}: {printable(line)}", flush=True)
    return 1 if bad else 0
