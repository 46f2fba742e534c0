#!/usr/bin/env python3
"""Checks boundcheck certificates (--certificate FILE) from first principles.

Usage: check_certificate.py FILE [FILE ...]     ('-' reads standard input)

Independent of boundcheck: Python's standard library only (json, fractions, math). The checks
live in the package next to this file, tools/check_certificate/ (one module per certificate
kind; see its __init__.py); this script is the name certificates give for it. One line per file:
`FILE: ok: what was proved` or `FILE: REJECTED: reason`. Exit status: 0 every file checks,
1 some file is rejected, 2 usage.
"""

import os
import sys

sys.dont_write_bytecode = True  # nothing written next to the checker
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from check_certificate.cli import main  # noqa: E402  (the package beside this file)

if __name__ == "__main__":
    sys.exit(main(sys.argv))
