"""The exceptions of boundcheck, one per exit status of the CLI.

The message is the CLI's error line without its ``error: `` prefix::

    $ boundcheck sphere dim --d 1 --l 3
    error: --d must be an integer >= 2, got "1"

    >>> boundcheck.sphere.dim(d=1, l=3)
    boundcheck.UsageError: --d must be an integer >= 2, got "1"
"""


class Error(Exception):
    """Base class of every error boundcheck raises (catch this to catch them all)."""


class UsageError(Error, ValueError):
    """The invocation breaks an option's rule (CLI exit code 2): a bad number, d = 1, an unknown
    option, a missing required option."""


class DomainError(Error, ArithmeticError):
    """A well-formed request outside where a result is defined or proven (CLI exit code 1)."""


class ResourceError(Error, RuntimeError):
    """The answer would be too large or too slow, refused up front with the estimated size
    (CLI exit code 1); also 'out of memory'."""


class InternalError(Error, RuntimeError):
    """A bug: an unexpected C++ exception (the CLI prints 'error: internal error: ...')."""


class UndecidedError(Error, ArithmeticError):
    """An order comparison of a Ball whose enclosure straddles the other operand: neither
    answer is proven. Use Ball.lt/le/gt/ge for a three-valued answer (True/False/None)."""


def suggest(word, candidates) -> str:
    """"; did you mean 'x'?" (or "'x' or 'y'") for the closest names, the same edit distance as
    the CLI's suggestions (src/core/suggest.hpp); "" when nothing is close."""
    from . import _boundcheck

    best = _boundcheck.did_you_mean(str(word), [str(c) for c in candidates])
    return "; did you mean " + " or ".join(repr(b) for b in best) + "?" if best else ""
