"""boundcheck: exact and certified numbers for the expressivity theorems of self-attention.

    t = boundcheck.rank.heads(d=64, r=8, eps=0.1)   # the CLI's `rank heads`, in-process: a Table
    t.value()                                       # 2355290238402: an exact int
    lb = boundcheck.rank.bound(64, 8, 10).ball()    # a certified bracket lo <= LB <= hi as one Ball
    (lb * 3 + 1).sqrt() > 1                         # Ball arithmetic by Arb; comparisons may raise UndecidedError
    with boundcheck.context(digits=50, threads=4):  # global options for every call in the block
        df = boundcheck.rank.bound(64, [1, 8], [1, 10, 100]).to_pandas(balls="split")
    boundcheck.rank.bound(16, [1, 2], [1, 10, 100]).plot(x="H", y=("lo", "hi"), series="r")  # bands
    boundcheck.sphere.sign_coef(d=3, l=3, exact=True).to_sympy("coef")   # -sqrt(7)/8 in SymPy
    boundcheck.verify(expr="rank.heads(d=64, r=8, eps=1/10) > 2e12").exit_code   # 0: it holds
    help(boundcheck.rank.bound)                     # every command's options, formula and source

The same commands as the ``boundcheck`` CLI, generated from its command registry and run through
its own parser and code (a pybind11 extension; no quantity is computed in Python). Groups
(submodules): ``sphere``, ``rank``, ``depth``, ``sym``, ``comm``; top-level commands ``verify(...)``
and ``table(spec=...)`` (with ``table.merge(files=[...])``); ``run("rank bound", ...)`` and
``invoke([...argv...])`` for any command by name; ``load("paper/")`` for a catalogue's own
quantities (a namespace of their functions). Every function takes the command's options as
keywords ('-' -> '_') plus the global options ``digits=``, ``threads=``, ``certified=``,
``max_seconds=``, ``double_check=``, ``format=`` and ``output=`` (writes the file as the CLI does).

Results are :class:`Table` objects (``.rows``, ``.value()``, ``.column()``, ``.ball()``,
``.to_pandas()``, ``.plot()``, ``.to_sympy()``, ``.gram_matrices()``, and the CLI's renderings);
reals are :class:`Ball` enclosures with Arb arithmetic (``boundcheck.sqrt/exp/log/min/max`` too);
:func:`context` and :func:`set_defaults` set global options like mpmath's ``workdps``/``mp.dps``.
Errors are :class:`UsageError` (a ValueError), :class:`DomainError` (an ArithmeticError),
:class:`ResourceError` (a RuntimeError), with the CLI's messages, and :class:`UndecidedError` for a
Ball comparison its enclosure cannot decide. See ``_commands`` for how Python values become option
text (floats go through ``repr``: ``eps=0.1`` is exactly 1/10).

Runs release the GIL; Ctrl-C raises KeyboardInterrupt within ~50 ms and cancels the computation:
it stops at its next deadline poll (the library's long loops poll every few milliseconds of work),
as a run stops once ``max_seconds`` has passed.
"""

try:
    from . import _boundcheck
except ImportError as _e:
    import glob as _glob

    if _glob.glob(__path__[0] + "/_boundcheck*.so"):  # built, but it does not load: say why
        raise
    # the source tree (python/boundcheck) has no compiled extension: name the fix
    raise ImportError(
        "boundcheck: the compiled extension boundcheck._boundcheck is missing from "
        f"{__path__[0]}: this is the source package. Build the project "
        "(cmake -S . -B build/release && cmake --build build/release) and use build/release/python "
        "(PYTHONPATH=build/release/python), or install it (cmake --install build/release --prefix ~/.local)"
    ) from None

from . import _errors
from ._errors import DomainError, Error, InternalError, ResourceError, UndecidedError, UsageError
from ._ball import Ball, exp, log, max, min, sqrt  # noqa: A004 - boundcheck.min/max, not the builtins
from ._context import OPTIONS as CONTEXT_OPTIONS
from ._context import context, get_context, set_defaults
from ._table import Table
from ._commands import GLOBAL_OPTIONS, Catalogue, commands, invoke, load, run
from ._commands import install as _install

__version__ = _boundcheck.__version__
for _cls in (Error, UsageError, DomainError, ResourceError, InternalError, UndecidedError):
    _cls.__module__ = "boundcheck"  # tracebacks say boundcheck.UsageError, where users catch it

# min/max/sqrt/exp/log are not in __all__: `from boundcheck import *` must not shadow the builtins
__all__ = ["Ball", "Table", "Error", "UsageError", "DomainError", "ResourceError", "InternalError",
           "UndecidedError", "run", "invoke", "commands", "load", "Catalogue", "context", "set_defaults", "get_context",
           "GLOBAL_OPTIONS", "CONTEXT_OPTIONS", "__version__"]
__all__ += _install(globals(), __name__)


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    names = [n for n in __all__ if not n.startswith("_")] + ["sqrt", "exp", "log", "min", "max"]
    raise AttributeError(f"module 'boundcheck' has no attribute {name!r}{_errors.suggest(name, names)}")
