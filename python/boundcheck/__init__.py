"""boundcheck: exact and certified numbers for the expressivity theorems of self-attention.

The same commands as the ``boundcheck`` CLI, in-process, generated from its command registry::

    >>> import boundcheck
    >>> t = boundcheck.rank.heads(d=64, r=8, eps=0.1)    # boundcheck rank heads --d 64 --r 8 --eps 0.1
    >>> print(t)                                          # the CLI's table
    >>> t.value("h_min")                                  # one cell, as an int
    >>> boundcheck.rank.bound(64, 8, [1, 10, 100]).rows   # dicts of int / Fraction / Ball / float / str
    >>> boundcheck.run("rank bound", d=64, r=8, H=10, certified=True)

Groups (submodules): ``sphere``, ``rank``, ``depth``, ``sym``, ``comm``; top-level commands
``verify(...)`` and ``table(spec=...)`` (with ``table.merge(files=[...])``). Every function takes
the command's options as keywords ('-' -> '_') plus the global options ``digits=``, ``threads=``,
``certified=``, ``format=`` and ``output=`` (writes the file as the CLI does).

Results are :class:`Table` objects; reals are :class:`Ball` enclosures; errors are
:class:`UsageError` (a ValueError), :class:`DomainError` (an ArithmeticError),
:class:`ResourceError` (a RuntimeError), with the CLI's messages. See ``_commands`` for how
Python values become option text (floats go through ``repr``).

Runs release the GIL; Ctrl-C raises KeyboardInterrupt within ~50 ms. The C++ library has no
cancellation points, so an interrupted computation keeps running on its worker thread in the
background until it finishes (its result is discarded); a later call gets a fresh worker.
"""

from ._errors import DomainError, Error, InternalError, ResourceError, UndecidedError, UsageError
from ._ball import Ball
from ._table import Table
from ._commands import GLOBAL_OPTIONS, commands, invoke, run
from ._commands import install as _install
from . import _boundcheck

__version__ = _boundcheck.__version__

__all__ = ["Ball", "Table", "Error", "UsageError", "DomainError", "ResourceError", "InternalError",
           "UndecidedError", "run", "invoke", "commands", "GLOBAL_OPTIONS", "__version__"]
__all__ += _install(globals(), __name__)
