"""Which keys each object of a certificate may hold, and that `params` says what the certificate's
own fields say (issue 38 section 3).

A key the checker does not read can only carry what it does not check: a genuine certificate has
none, so every object is compared with the list of its kind below and an unknown key is refused (a
missing one is refused where it is read). `params` repeats the command's options for the reader:
each must equal the field it repeats, so that it can never say another run than the one checked.
Cost: one pass over the parsed value (its containers are counted and bounded before it is parsed).
"""

import json
import re
from fractions import Fraction

from .common import Reject, field, need

_HEADER = {"certificate", "format", "boundcheck", "params", "checker", "definition"}
_MINOR = {"rows", "cols", "det_mod_p"}

# kind -> {path of an object ("" the top; "[]" an element of a list) -> the keys it may hold}
SCHEMAS = {
    "comm neighborly": {
        "": _HEADER | {"N", "q", "k", "seed", "generator", "samples", "subset_generator", "sign_vectors",
                       "witnesses", "not_certified", "claim"},
        "params": {"N", "q", "k", "seed", "samples", "search_k", "k_max"},
        "witnesses[]": {"S", "w", "norm_sq"},
        "not_certified[]": {"S", "status"},
        "claim": {"subsets", "tried", "certified", "max_norm_sq", "bound_4q", "stopped_at_first_failure",
                  "note"},
    },
    "comm pair-matching": {
        "": _HEADER | {"N", "M", "trials", "seed", "theta", "generator", "evaluations", "claim"},
        "params": {"N", "M", "trials", "seed", "theta"},
        "evaluations[]": {"role", "scope", "alpha", "errors", "false_match", "missed_match", "outputs",
                          "wrong_output", "instances"},
        "evaluations[].instances[]": {"trial", "z", "margins"},
        "claim": {"alpha", "errors", "alpha_min_above", "alpha_min_at_most"},
    },
    "depth grid-rank/hadamard": {
        "": _HEADER | {"kind", "d", "lambda", "omega", "n", "compositions", "prime", "minor", "claim", "exact"},
        "params": {"d", "lambda", "omega"},
        "minor": _MINOR,
        "claim": {"rank_mod_p", "rank_at_least", "multiset"},
        "exact": {"rank", "prime", "minor", "null_space", "upper_bound"},
        "exact.minor": _MINOR,
    },
    "depth grid-rank/network": {
        "": _HEADER | {"kind", "L", "dx", "H", "N", "templates", "seed", "prime", "generator", "weights",
                       "template_vectors", "partitions"},
        "params": {"L", "dx", "H", "N", "templates", "seed"},
        "weights[]": {"layer", "head", "W_Q", "W_K", "W_V", "W_O"},
        "partitions[]": {"I", "rank_mod_p", "minor"},
        "partitions[].minor": _MINOR,
    },
    "rank count": {
        "": _HEADER | {"d", "r", "degrees"},
        "params": {"d", "r", "l", "l_max"},
        "degrees[]": {"l", "constructed", "functions", "prime", "minor", "dependencies"},
        "degrees[].functions[]": {"exponent", "parts"},
        "degrees[].functions[].parts[]": {"degree", "terms"},
        "degrees[].minor": _MINOR,
        "degrees[].dependencies[]": {"row", "coefficients"},
    },
}


def schema_of(c):
    kind = c["certificate"]
    if kind == "depth grid-rank":
        sub = field(c, "kind", str)
        need(sub in ("hadamard", "network"), f"kind must be 'hadamard' or 'network', got {sub[:40]!r}")
        kind = f"{kind}/{sub}"
    return kind, SCHEMAS[kind]


def check_keys(c):
    """Every object of `c` holds only the keys its place allows (iteratively: no recursion)."""
    kind, schema = schema_of(c)
    stack = [("", c)]
    while stack:
        path, v = stack.pop()
        if isinstance(v, dict):
            allowed = schema.get(path)
            need(allowed is not None, f"an object at {path or 'the top'}, where {kind} has none")
            extra = sorted(k for k in v if k not in allowed)
            if extra:
                raise Reject(f"unknown key {extra[0][:40]!r} in {path or 'the top level'} "
                             f"({kind} has {', '.join(sorted(allowed))} there)")
            stack.extend(((f"{path}.{k}" if path else k), x) for k, x in v.items()
                         if isinstance(x, (dict, list)))
        else:
            stack.extend((path + "[]", x) for x in v if isinstance(x, (dict, list)))


# ---- params against the certificate's own fields ------------------------------------------------

_DECIMAL = re.compile(r"(-?)([0-9]{1,400})(?:\.([0-9]{1,400}))?(?:/([0-9]{1,400}))?")


def _number(s, what):
    """A number as a user typed it into an option (params holds the text: "1/2", "0.5", "30"), at
    most 400 digits per part (Omega's 1000 bits are 302): never an exponent to expand."""
    need(isinstance(s, (str, int)) and not isinstance(s, bool), f"params: {what} must be a number")
    m = _DECIMAL.fullmatch(str(s))
    need(m is not None, f"params: {what} = {str(s)[:40]!r} is not a number as an option takes it")
    sign, whole, frac, den = m.groups()
    need(den is None or den.strip("0") != "", f"params: {what} has a zero denominator")
    q = Fraction(int(whole + (frac or "")), 10 ** len(frac or "")) / (int(den) if den else 1)
    return -q if sign else q


def _same(p, key, value):
    got = field(p, key)
    need(type(got) is type(value) and got == value,
         f"params: {key} = {json.dumps(got)[:40]} says another run than the certificate's {key} = {json.dumps(value)}")


def _keys(p, required, optional=()):
    missing = sorted(set(required) - set(p))
    if missing:
        raise Reject(f"params: missing {missing[0]!r}")
    extra = sorted(set(p) - set(required) - set(optional))
    if extra:
        raise Reject(f"params: unknown key {extra[0][:40]!r}")


def _neighborly(c, p):
    _keys(p, ("N", "q", "k", "seed", "samples", "search_k"), ("k_max",))
    for key in ("N", "q", "samples"):
        _same(p, key, c[key])
    _same(p, "seed", int(c["seed"]))
    search = field(p, "search_k")
    need(isinstance(search, bool), "params: search_k must be true or false")
    k, k0 = c["k"], field(p, "k", int)
    if search:
        k_max = field(p, "k_max", int)
        need(k0 <= k <= k_max, f"params: a search over k = {k0}..{k_max} cannot certify k = {k}")
    else:
        need("k_max" not in p, "params: k_max without search_k")
        _same(p, "k", k)
        need(c["claim"]["stopped_at_first_failure"] is False,
             "claim: stopped_at_first_failure, but only a search (params: search_k) stops early")


def _pair_matching(c, p):
    _keys(p, ("N", "M", "trials", "seed", "theta"))
    for key in ("N", "M", "trials"):
        _same(p, key, c[key])
    _same(p, "seed", int(c["seed"]))
    need(_number(field(p, "theta"), "theta") == Fraction(c["theta"]),
         f"params: theta = {str(p['theta'])[:40]} says another run than the certificate's theta = {c['theta']}")


def _hadamard(c, p):
    _keys(p, ("d", "lambda", "omega"))
    _same(p, "d", c["d"])
    _same(p, "lambda", c["lambda"])
    need(_number(field(p, "omega"), "omega") == Fraction(c["omega"]),
         f"params: omega = {str(p['omega'])[:40]} says another run than the certificate's omega = {c['omega']}")


def _network(c, p):
    _keys(p, ("L", "dx", "H", "N", "templates", "seed"))
    for key in ("L", "dx", "H", "N", "templates"):
        _same(p, key, c[key])
    _same(p, "seed", int(c["seed"]))


def _rank_count(c, p):
    _keys(p, ("d", "r"), ("l", "l_max"))
    _same(p, "d", c["d"])
    _same(p, "r", c["r"])
    need(("l" in p) != ("l_max" in p), "params: exactly one of l and l_max")
    ls = [x["l"] for x in c["degrees"]]
    want = [field(p, "l", int)] if "l" in p else list(range(field(p, "l_max", int) + 1))
    need(ls == want, f"params: the degrees listed ({ls[:5]}{'...' if len(ls) > 5 else ''}) are not "
                     f"those of {'l' if 'l' in p else 'l_max'} = {p.get('l', p.get('l_max'))}")


_PARAMS = {"comm neighborly": _neighborly, "comm pair-matching": _pair_matching,
           "depth grid-rank/hadamard": _hadamard, "depth grid-rank/network": _network,
           "rank count": _rank_count}


def check_params(c):
    """params, when the certificate holds it (boundcheck always writes it), repeats its fields."""
    if "params" not in c:
        return
    p = field(c, "params", dict)
    kind, _ = schema_of(c)
    try:
        _PARAMS[kind](c, p)
    except (KeyError, TypeError, ValueError) as e:  # a field the kind checker left unread
        raise Reject(f"params: cannot be compared with the certificate ({type(e).__name__})")


__all__ = ["check_keys", "check_params", "SCHEMAS"]
