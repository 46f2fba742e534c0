"""The Python functions of boundcheck, generated at import time from the CLI's command registry.

Each leaf command ``boundcheck <group> <quantity>`` becomes ``boundcheck.<group>.<quantity>(...)``
(``-`` becomes ``_``: ``rank head-target`` is ``boundcheck.rank.head_target``; ``--max-terms`` is
``max_terms=``). A call turns its arguments into the argv the CLI would get and runs it through
the same parser, validation and code (the extension's Invoker); nothing is computed here.

Argument values become option text as follows:

* ``int`` (and NumPy integers), ``str``: as written; ``fractions.Fraction``: ``"p/q"``;
  ``decimal.Decimal``: ``str(value)``.
* ``float``: ``repr(value)``, the shortest decimal that round-trips, read *exactly* by the CLI:
  ``eps=0.1`` means 1/10, not the double 0.1000000000000000055511151231257827. That is what one
  means when typing 0.1, but a float computed in Python (``1/3``) stands for its 17-digit repr,
  not for 1/3: pass ``Fraction(1, 3)`` or ``"1/3"`` for exact values. nan and inf are refused.
* ``list``, ``tuple``, ``range``, NumPy arrays: a comma list ``"1,10,100"`` (the CLI's list
  syntax; ranges are also accepted as text: ``d="16:1024:16"``).
* ``True`` for a flag adds it, ``False``/``None`` leaves it out; ``None`` for an option omits it
  (the CLI's default).
* A ``KEY=VALUE`` option (``table``'s ``set``) takes a dict: ``set={"r": 4, "d": [16, 64]}`` is
  ``--set r=4 --set 'd=[16, 64]'``; each value is written as TOML (ints and floats as numbers,
  strings quoted, lists as arrays, a dict such as ``{"from": 1, "to": 10**6, "per_decade": 4}`` as
  an inline table, ``Fraction(1, 10)`` as the string "1/10"). A list of "KEY=VALUE" strings is
  passed as it is.
"""

from __future__ import annotations

import inspect
import keyword
import math
import os
import sys
import types
from decimal import Decimal
from fractions import Fraction
from numbers import Integral, Rational, Real

from . import _boundcheck, _context
from ._ball import Ball
from ._errors import UsageError, suggest
from ._table import Table

__all__ = ["run", "invoke", "commands", "load", "GLOBAL_OPTIONS"]

#: The registry: one dict per leaf command (path, description, footer, help, options, list_options).
_COMMANDS = {c["path"]: c for c in _boundcheck.commands()}
#: Options every command takes, as keyword arguments.
GLOBAL_OPTIONS = ("digits", "threads", "certified", "max_seconds", "double_check", "format", "output",
                  "standalone")
#: Global options that are flags (True/False).
_GLOBAL_FLAGS = ("certified", "double_check", "standalone")
_OPTIONS_BY_NAME = {}  # path -> {python keyword: option}, filled below
_GLOBAL_SPECS = {g: {"name": "--" + g.replace("_", "-"), "flag": g in _GLOBAL_FLAGS, "positional": False,
                     "multiple": False} for g in GLOBAL_OPTIONS}


def _by_name(cmd: dict) -> dict:
    return {pyname(o["name"]): o for o in cmd["options"]}


def commands() -> list[str]:
    """Every command path, in the CLI's order ("sphere dim", "rank bound", ..., "table merge")."""
    return list(_COMMANDS)


def pyname(option: str) -> str:
    """Python keyword for a CLI option: "--max-terms" -> "max_terms" (keywords get a trailing _)."""
    n = option.lstrip("-").replace("-", "_")
    return n + "_" if keyword.iskeyword(n) else n


def option_names(path: str) -> set:
    """The option names of a command, without dashes, as written and with '-' -> '_'."""
    cmd = _COMMANDS.get(path)
    if cmd is None:
        return set()
    names = set()
    for o in cmd["options"]:
        if not o["global"]:
            n = o["name"].lstrip("-")
            names |= {n, n.replace("-", "_")}
    return names


_OPTIONS_BY_NAME.update({path: _by_name(cmd) for path, cmd in _COMMANDS.items()})


def _one(value, opt: str) -> str:
    if isinstance(value, bool):
        raise UsageError(f"{opt} takes a value, got the bool {value!r}")
    if isinstance(value, str):
        return value
    if isinstance(value, os.PathLike):  # pathlib.Path for --spectrum, --data, output=
        return os.fsdecode(os.fspath(value))
    if isinstance(value, Integral):
        return str(int(value))
    if isinstance(value, Fraction) or isinstance(value, Rational):
        q = Fraction(value)
        return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise UsageError(f"{opt} must be a finite number, got {value}")
        return str(value).replace("E", "e")
    if isinstance(value, Ball):
        raise TypeError(f"{opt}: a Ball is an enclosure, not a value; pass ball.mid or ball.text")
    if isinstance(value, Real):  # float, numpy floating
        f = float(value)
        if not math.isfinite(f):
            raise UsageError(f"{opt} must be a finite number, got {f!r}")
        return repr(f)
    raise TypeError(f"{opt}: cannot pass a {type(value).__name__} to the CLI (use int, Fraction, str, float)")


def _is_sequence(value) -> bool:
    if isinstance(value, (list, tuple, range)):
        return True
    return type(value).__module__ == "numpy" and getattr(value, "ndim", 0) >= 1


def _toml(value, where: str) -> str:
    """A Python value as a TOML value, for one --set."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml(v, where)}" for k, v in value.items()) + "}"
    if _is_sequence(value):
        return "[" + ", ".join(_toml(v, where) for v in value) + "]"
    if isinstance(value, Integral):
        return str(int(value))
    if isinstance(value, float):
        return _one(value, where)
    text = _one(value, where)  # str, Fraction, Decimal, ... as the CLI reads them
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _set_words(opt: dict, value) -> list[str]:
    """The words of a KEY=VALUE option from a dict (or a list of "KEY=VALUE" strings)."""
    name = opt["name"]
    if isinstance(value, dict):
        for k in value:
            if not isinstance(k, str):
                raise UsageError(f"{name}: keys must be option names (str), got {k!r}")
        return [f"{name}={k}={_toml(v, f'{name} {k}')}" for k, v in value.items()]
    if _is_sequence(value) and all(isinstance(v, str) for v in value):
        return [f"{name}={v}" for v in value]
    raise UsageError(f"{name} takes a dict of option = value, e.g. {{\"r\": 4}}, got {value!r}")


def _words(opt: dict, value) -> list[str]:
    """The argv words of one option (empty when it is left to its default)."""
    name = opt["name"]
    if value is None:
        return []
    if opt.get("type_name") == "KEY=VALUE":
        return _set_words(opt, value)
    if opt["flag"]:
        if not isinstance(value, bool):
            raise UsageError(f"{name} is a flag: pass True or False, got {value!r}")
        return [name] if value else []
    if _is_sequence(value):
        texts = [_one(v, name) for v in value]
        if not texts:
            raise UsageError(f"{name}: an empty list")
        if opt["multiple"]:  # a vector option: one word per value
            return texts if opt["positional"] else [f"{name}={t}" for t in texts]
        text = ",".join(texts)
    else:
        text = _one(value, name)
    return [text] if opt["positional"] else [f"{name}={text}"]


def _global_words(explicit: dict, given=()) -> list[str]:
    """The words of the global options in force for one call: the call's own keywords over the
    context's (boundcheck.context / set_defaults), leaving out those already in `given`."""
    words = []
    for k, v in _context.merged(explicit).items():
        if k in given:
            continue
        words += _words(_GLOBAL_SPECS[k], v)
    return words


def invoke(argv) -> Table:
    """Runs the words typed after ``boundcheck`` (``["rank", "bound", "--d", "64", ...]``), with
    the global options of the active ``boundcheck.context`` that argv does not give itself."""
    argv = [str(a) for a in argv]
    given = {w[2:].split("=")[0].replace("-", "_") for w in argv if w.startswith("--")}
    argv += _global_words({}, given)
    return Table(_boundcheck.run(argv), argv)


def _run(argv: list[str]) -> Table:
    return Table(_boundcheck.run(argv), argv)


def _argv(path: str, kwargs: dict) -> list[str]:
    """The argv of one call: the command's words, its options, the global options (the call's
    keywords over the context's), then positional arguments."""
    cmd = _COMMANDS.get(path)
    argv = path.split()
    explicit = {k: kwargs[k] for k in GLOBAL_OPTIONS if k in kwargs}
    if cmd is None:  # let the CLI's parser name the problem (with its did-you-mean)
        for k, v in kwargs.items():
            if k not in explicit:
                argv += _words({"name": "--" + k.replace("_", "-"), "flag": isinstance(v, bool),
                                "positional": False, "multiple": False}, v)
        return argv + _global_words(explicit)
    by_name = _OPTIONS_BY_NAME[path]
    positional = []
    for k, v in kwargs.items():
        if k in explicit:
            continue
        opt = by_name.get(k)
        if opt is None:
            raise _unexpected(path, k)
        words = _words(opt, v)
        (positional if opt["positional"] else argv).extend(words)
    return argv + _global_words(explicit) + positional


def _unexpected(path: str, key: str) -> TypeError:
    """Python's error for an unknown keyword, with the closest option's name."""
    names = [k for k in _OPTIONS_BY_NAME[path] if k not in GLOBAL_OPTIONS] + list(GLOBAL_OPTIONS)
    func = "boundcheck." + ".".join(pyname(w) for w in path.split())
    return TypeError(f"{func}() got an unexpected keyword argument {key!r}{suggest(key, names)}")


def run(command: str, **kwargs) -> Table:
    """Runs any command by its CLI path ("rank bound" or "rank.bound") with keyword options:
    ``boundcheck.run("rank bound", d=64, r=8, H=[1, 10], digits=20)``."""
    path = " ".join(command.replace(".", " ").replace("_", "-").split())
    return _run(_argv(path, kwargs))


def _doc(cmd: dict) -> str:
    lines = [cmd["description"].strip() + ".", "",
             f"The CLI's `boundcheck {cmd['path']}` (same options, '-' -> '_'); returns a boundcheck.Table.",
             "", "Parameters:"]
    for o in cmd["options"]:
        if o["global"]:
            continue
        tag = "flag" if o["flag"] else ("list of values" if o["multiple"] else "value")
        req = ", required" if o["required"] else ""
        lines.append(f"    {pyname(o['name'])} ({o['name']}; {tag}{req}): {o['description']}")
    lines.append("    digits, threads, certified, max_seconds, double_check, format, output, standalone: the")
    lines.append("        global options (boundcheck --help); max_seconds is the time budget (default 60 s), as on")
    lines.append("        the CLI.")
    if cmd["list_options"]:
        lines.append("")
        lines.append("Lists (one row per combination): " + ", ".join(cmd["list_options"]) + ".")
    if cmd["footer"].strip():
        lines += ["", cmd["footer"].rstrip()]
    return "\n".join(lines) + "\n"


def _signature(cmd: dict) -> inspect.Signature:
    params = []
    P = inspect.Parameter
    opts = [o for o in cmd["options"] if not o["global"]]
    for o in opts:
        if o["required"] or o["positional"]:
            default = P.empty if o["required"] else None
            params.append(P(pyname(o["name"]), P.POSITIONAL_OR_KEYWORD, default=default))
    for o in opts:
        if not (o["required"] or o["positional"]):
            params.append(P(pyname(o["name"]), P.KEYWORD_ONLY, default=False if o["flag"] else None))
    for g in GLOBAL_OPTIONS:  # None: the context's value (boundcheck.context), else the CLI's default
        params.append(P(g, P.KEYWORD_ONLY, default=None))
    return inspect.Signature(params, return_annotation="Table")


def _function(cmd: dict, module: str):
    path = cmd["path"]
    sig = _signature(cmd)
    P = inspect.Parameter
    positional = tuple(p.name for p in sig.parameters.values() if p.kind is P.POSITIONAL_OR_KEYWORD)
    required = tuple(p.name for p in sig.parameters.values() if p.default is P.empty)
    known = frozenset(sig.parameters)
    func = "boundcheck." + ".".join(pyname(w) for w in path.split())

    def command(*args, **kwargs):
        # Signature.bind, by hand: it costs ~20 us a call, the rest of a small call ~80 us
        if len(args) > len(positional):
            raise TypeError(f"{func}() takes {len(positional)} positional arguments but {len(args)} were given")
        bound = dict(zip(positional, args))
        for k in kwargs:
            if k not in known:
                raise _unexpected(path, k)
            if k in bound:
                raise TypeError(f"{func}() got multiple values for argument {k!r}")
        bound.update(kwargs)
        for k in required:
            if k not in bound:
                raise TypeError(f"{func}() missing a required argument: {k!r}")
        return _run(_argv(path, bound))

    name = pyname(path.split()[-1])
    command.__name__ = name
    command.__qualname__ = name
    command.__module__ = module
    command.__signature__ = sig
    command.__doc__ = _doc(cmd)
    return command


class _Group(types.ModuleType):
    """A command group (boundcheck.rank, ...); callable when the group is itself a command
    (boundcheck.table(spec=...) beside boundcheck.table.merge(...))."""

    _leaf = None

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise AttributeError(f"{self.__name__} has no command {name!r}{suggest(name, self.__all__)} "
                             f"(commands: {', '.join(self.__all__)})")

    def __call__(self, *args, **kwargs):
        if self._leaf is None:
            raise TypeError(f"{self.__name__} is a group of commands: {', '.join(self.__all__)}")
        return self._leaf(*args, **kwargs)


def install(namespace: dict, package: str) -> list[str]:
    """Adds one attribute per group (a submodule, registered in sys.modules) or top-level command
    to the package namespace; returns their names."""
    names = []
    groups: dict[str, _Group] = {}
    for path, cmd in _COMMANDS.items():
        words = path.split()
        if len(words) == 1 and not any(p.startswith(path + " ") for p in _COMMANDS):
            f = _function(cmd, package)
            namespace[f.__name__] = f
            names.append(f.__name__)
            continue
        gname = pyname(words[0])
        g = groups.get(gname)
        if g is None:
            g = _Group(f"{package}.{gname}")
            g.__all__ = []
            g.__doc__ = (f"boundcheck {words[0]}: {cmd['group_description']}.\n\n"
                         "Functions generated from the CLI's command registry; see help() of each.")
            groups[gname] = g
            sys.modules[g.__name__] = g
            namespace[gname] = g
            names.append(gname)
        f = _function(cmd, g.__name__)
        if len(words) == 1:
            g._leaf = f
            g.__doc__ = f.__doc__
        else:
            setattr(g, f.__name__, f)
            g.__all__.append(f.__name__)
    return names


class Catalogue(types.SimpleNamespace):
    """What :func:`load` returns: one attribute per namespace of the catalogue's quantities
    (``paper.mine.compose_heads(n=1024, d=63)``), ``quantities`` (their command paths), ``directory``
    and :meth:`verify` (the catalogue's claims, as ``boundcheck verify --catalogue DIR``)."""

    def verify(self, **kwargs) -> Table:
        """Runs the catalogue's claims: ``boundcheck.verify(catalogue=DIR, **kwargs)``."""
        return run("verify", catalogue=self.directory, **kwargs)

    def __repr__(self):
        return f"<boundcheck catalogue {self.directory!r}: {', '.join(self.quantities) or 'no quantities'}>"


def load(directory) -> Catalogue:
    """Reads and checks the catalogue in `directory` (its ``*.toml``) as ``--catalogue DIR`` does, and
    registers its ``[[quantity]]`` entries as commands of the one registry: afterwards they are
    functions here like any built-in command (keywords, Tables, Balls, ``help()`` showing the formula,
    source and parameters), and ``verify(expr=...)`` and ``table`` specs reach them too. A malformed
    catalogue raises UsageError naming every problem (file:line:column, one per line)."""
    paths = _boundcheck.load_catalogue(os.fspath(directory))
    fresh = {c["path"]: c for c in _boundcheck.commands()}
    _COMMANDS.update(fresh)
    _OPTIONS_BY_NAME.update({p: _by_name(c) for p, c in fresh.items()})
    ns = Catalogue(directory=os.fspath(directory), quantities=list(paths))
    for path in paths:
        group_word, leaf = path.split()
        gname = pyname(group_word)
        group = getattr(ns, gname, None)
        if group is None:
            group = _Group(f"boundcheck.{gname}")
            group.__all__ = []
            group.__doc__ = f"Quantities of the catalogue {os.fspath(directory)!r} in the namespace {group_word}."
            setattr(ns, gname, group)
        f = _function(_COMMANDS[path], group.__name__)
        setattr(group, f.__name__, f)
        if f.__name__ not in group.__all__:
            group.__all__.append(f.__name__)
    return ns
