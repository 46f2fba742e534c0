"""Settings for every call: ``boundcheck.context(...)`` and ``boundcheck.set_defaults(...)``.

Like mpmath's ``mp.dps`` and ``workdps``, but for boundcheck's global options::

    with boundcheck.context(digits=50, max_seconds=600, threads=4, double_check=True):
        t = boundcheck.rank.bound(64, 8, 10)       # as if --digits 50 --max-seconds 600 ...
        boundcheck.verify(expr="...")              # verify and table(spec=...) too
        x = t.value("lo") * 3                      # Ball arithmetic at 50 digits

The options are the CLI's global options (``boundcheck --help``): ``digits`` (also the working
precision of Ball arithmetic), ``threads``, ``max_seconds``, ``certified``, ``double_check``.
Values are checked with the CLI's own rules when the context is made (UsageError).

Which value a call uses, first found: the call's own keyword (``digits=20``), the innermost
``context``, the module defaults (``set_defaults``), the CLI's default. ``None`` means "not set
here". Contexts nest and are per thread (and per asyncio task): they live in a
``contextvars.ContextVar``, so a context entered in one thread is not seen by another; module
defaults are process-wide.
"""

from __future__ import annotations

import contextvars
import threading

from . import _boundcheck
from ._errors import UsageError, suggest

__all__ = ["context", "set_defaults", "get_context", "OPTIONS"]

#: The options a context or the module defaults can set.
OPTIONS = ("digits", "threads", "max_seconds", "certified", "double_check")
_FLAGS = ("certified", "double_check")

_settings = contextvars.ContextVar("boundcheck.settings", default=None)  # dict or None
_ball_prec = contextvars.ContextVar("boundcheck.ball_prec", default=None)  # bits or None
_defaults: dict = {}
_lock = threading.Lock()
_boundcheck._set_ball_context(_ball_prec)


def _text(name: str, value) -> str:
    from ._commands import _one  # the one conversion of Python values to option text

    return _one(value, "--" + name.replace("_", "-"))


def _checked(options: dict, where: str) -> tuple:
    """(the options with None dropped, the values the CLI reads them as), validated by the CLI's
    rules (make_context): UsageError with the CLI's message."""
    for k in options:
        if k not in OPTIONS:
            raise TypeError(f"{where}() got an unexpected keyword argument {k!r}{suggest(k, OPTIONS)} "
                            f"(options: {', '.join(OPTIONS)})")
    out = {k: v for k, v in options.items() if v is not None}
    texts = {}
    for k, v in out.items():
        if k in _FLAGS:
            if not isinstance(v, bool):
                raise UsageError(f"--{k.replace('_', '-')} is a flag: pass True or False, got {v!r}")
            texts[k] = v
        else:
            texts[k] = _text(k, v)
    return out, _boundcheck.check_globals(texts)


class context:
    """A context manager (and decorator) that sets global options for every boundcheck call and
    the precision of Ball arithmetic in its block, in this thread; nests; see the module doc."""

    __slots__ = ("_options", "_prec", "_tokens")

    def __init__(self, **options):
        self._options, values = _checked(options, "context")
        self._prec = _boundcheck._prec_for_digits(values["digits"]) if "digits" in self._options else None
        self._tokens = []

    def __enter__(self):
        merged = {**(_settings.get() or {}), **self._options}
        t1 = _settings.set(merged)
        t2 = _ball_prec.set(self._prec) if self._prec is not None else None
        self._tokens.append((t1, t2))
        return self

    def __exit__(self, *exc):
        t1, t2 = self._tokens.pop()
        if t2 is not None:
            _ball_prec.reset(t2)
        _settings.reset(t1)
        return False

    def __call__(self, f):
        import functools

        @functools.wraps(f)
        def wrapped(*args, **kwargs):
            with self:
                return f(*args, **kwargs)

        return wrapped

    def __repr__(self):
        inner = ", ".join(f"{k}={v!r}" for k, v in self._options.items())
        return f"boundcheck.context({inner})"


def set_defaults(**options) -> dict:
    """Sets process-wide defaults for every call (``None`` removes one); returns the previous
    defaults. ``boundcheck.set_defaults(digits=50)`` is like ``mpmath.mp.dps = 50``."""
    checked, values = _checked(options, "set_defaults")
    with _lock:
        previous = dict(_defaults)
        for k, v in options.items():
            if v is None:
                _defaults.pop(k, None)
            else:
                _defaults[k] = checked[k]
        if "digits" in checked:
            _boundcheck._set_default_ball_digits(values["digits"])
        elif "digits" in options:
            _boundcheck._set_default_ball_digits(None)
    return previous


def get_context() -> dict:
    """The options in force in this thread: module defaults overlaid with the active contexts."""
    return {**_defaults, **(_settings.get() or {})}


def merged(explicit: dict) -> dict:
    """The global options of one call: the context's, overridden by the call's own keywords
    (those given, even False); None values are left to the CLI."""
    out = get_context()
    for k, v in explicit.items():
        if v is not None or k not in out:
            out[k] = v
    return out
