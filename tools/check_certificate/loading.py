"""Reading a certificate: bounded in bytes, strict UTF-8, its arrays and objects counted before it
is parsed (so that memory stays within a small multiple of the file: json builds a Python object of
100 to 250 bytes for each), JSON without duplicate keys, floats or oversized integers, nested at
most max_json_depth levels. Everything beyond is a Reject."""

import json
import re
import sys

from . import limits
from .common import Reject, need


def read_text(name):
    """The text of file `name` ('-': standard input), refused above max_file_bytes before it is
    all read."""
    cap = limits.max_file_bytes
    try:
        if name == "-":
            data = sys.stdin.buffer.read(cap + 1)
        else:
            with open(name, "rb") as f:
                data = f.read(cap + 1)
    except OSError as e:
        raise Reject(f"unreadable ({e.strerror or e})")
    need(len(data) <= cap, f"larger than max_file_bytes = {cap} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Reject(f"not UTF-8 text (byte {e.start}: {e.reason})")


def _object(pairs):
    obj = {}
    for k, v in pairs:
        need(k not in obj, f"duplicate key {k!r} in one JSON object")
        obj[k] = v
    return obj


def _integer(text):  # the refusal of an integer of too many digits (check_depth finds it)
    digits = len(text.lstrip("-"))
    need(digits <= limits.max_json_int_digits,
         f"a {digits}-digit JSON integer, above max_json_int_digits = {limits.max_json_int_digits}")
    return int(text)


def _no_float(text):
    raise Reject(f"a JSON number with a fraction or exponent ({text[:40]}): certificates write "
                 "exact numbers as strings")


def _no_constant(text):
    raise Reject(f"{text} is not JSON")


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')  # a JSON string (unrolled: linear and fast)


def count_containers(text):
    """The arrays and objects of a JSON text: its [ and { outside strings. Counted at C speed: the
    brackets of the whole text first (an upper bound, exact unless a string holds one), and only
    when that bound is over the limit once more with the strings removed."""
    n = text.count("{") + text.count("[")
    if n > container_limit(text):
        bare = _STRING.sub("", text)  # one string no longer than the text
        n = bare.count("{") + bare.count("[")
    return n


def container_limit(text):
    """At most max_json_containers, and one per max_json_container_bytes bytes (plus 1024, so that
    a small file is judged by its content: a 33-deep nest is refused for its depth)."""
    return min(limits.max_json_containers, len(text) // limits.max_json_container_bytes + 1024)


def parse(text):
    """The JSON value of `text`, with the limits above."""
    n = count_containers(text)
    need(n <= container_limit(text),
         f"{n} JSON arrays and objects in {len(text)} characters, above max_json_containers = "
         f"{limits.max_json_containers} or one per max_json_container_bytes = "
         f"{limits.max_json_container_bytes} characters")
    # integers are parsed by json's own C code (a Python hook per integer took 13 s on a 64 MiB file
    # of them) and their digits checked in check_depth's walk; Python refuses one of more than 4300
    # digits itself (ValueError)
    try:
        value = json.loads(text, object_pairs_hook=_object, parse_float=_no_float, parse_constant=_no_constant)
    except RecursionError:
        raise Reject(f"JSON nested deeper than max_json_depth = {limits.max_json_depth} levels")
    except json.JSONDecodeError as e:
        raise Reject(f"not JSON ({e.msg} at line {e.lineno} column {e.colno})")
    except ValueError:
        raise Reject(f"a JSON integer of more than 4300 digits, above max_json_int_digits = "
                     f"{limits.max_json_int_digits}")
    check_depth(value)
    return value


def _check_int(x, bound):
    if not -bound < x < bound:
        _integer(str(x))  # raises with the digit count


def check_depth(value):
    """Nesting at most max_json_depth and integers of at most max_json_int_digits digits;
    iteratively (a deep value must not exhaust the stack here either)."""
    bound = 10 ** limits.max_json_int_digits
    if type(value) is int:
        _check_int(value, bound)
    stack = [(value, 1)] if isinstance(value, (list, dict)) else []
    while stack:
        v, depth = stack.pop()
        need(depth <= limits.max_json_depth,
             f"JSON nested deeper than max_json_depth = {limits.max_json_depth} levels")
        items = list(v.values()) if type(v) is dict else v
        types = set(map(type, items))  # at C speed: a list of 16 million integers costs 0.3 s
        if int in types:
            ints = items if len(types) == 1 else [x for x in items if type(x) is int]
            if not (-bound < min(ints) and max(ints) < bound):
                _check_int(max(ints, key=abs), bound)
        if list in types or dict in types:
            stack.extend((x, depth + 1) for x in items if type(x) is list or type(x) is dict)
