#!/usr/bin/env python3
"""Certificates (--certificate FILE) against the independent checker tools/check_certificate.py.

Usage: certificates.py BOUNDCHECK CHECKER

Each of the four commands writes a certificate, which the checker (run as a separate program, as a
third party would) must accept; then every certificate is corrupted in ways that change what it
proves (a witness entry, a norm, a sign vector, an instance, a margin, a determinant, a minor's
index, a weight, a polynomial coefficient, a dependency, a claimed count...), and the checker must
reject each corrupted copy. The corrupted copies are checked in-process (importing the checker)
to keep the test fast; one of them also goes through the script to check its exit status.
"""

import copy
import json
import os
import subprocess
import sys
import tempfile
from fractions import Fraction


def load_checker(path):
    """The package tools/check_certificate/ beside the script `path` (which imports it the same way)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    import check_certificate
    return check_certificate


def bump(s, by=Fraction(1, 1000)):
    """An exact rational string moved by `by`."""
    return str(Fraction(s) + by).replace(" ", "")


def nudge_decimal(s, rel=1e-3):
    return repr(float(s) * (1 + rel) + 1e-3)


# name -> (argv after the executable, [(mutation name, function)])
def cases():
    def flip(row, i=0):
        return ("-" if row[i] == "+" else "+") + row[1:] if i == 0 else row[:i] + ("-" if row[i] == "+" else "+") + row[i + 1:]

    neighborly = [
        ("witness entry", lambda c: c["witnesses"][0]["w"].__setitem__(0, bump(c["witnesses"][0]["w"][0]))),
        ("norm_sq", lambda c: c["witnesses"][0].__setitem__("norm_sq", bump(c["witnesses"][0]["norm_sq"]))),
        ("sign vector", lambda c: c["sign_vectors"].__setitem__(1, flip(c["sign_vectors"][1], 3))),
        ("subset", lambda c: c["witnesses"][0].__setitem__("S", c["witnesses"][-1]["S"])),
        ("dropped witness", lambda c: c["witnesses"].pop()),
        ("claimed count", lambda c: c["claim"].__setitem__("certified", c["claim"]["certified"] + 1)),
        ("seed", lambda c: c.__setitem__("seed", str(int(c["seed"]) + 1))),
        ("q", lambda c: c.__setitem__("q", c["q"] + 1)),
        # hostile values: refused at once, never enumerated (C(10^5, 50) subsets)
        ("N and q (hostile)", lambda c: (c.__setitem__("N", 100000), c.__setitem__("q", 50))),
        ("witness list (hostile type)", lambda c: c.__setitem__("witnesses", "x")),
    ]
    pair_given = [
        ("instance", lambda c: c["evaluations"][0]["instances"][0]["z"].__setitem__(0, c["evaluations"][0]["instances"][0]["z"][0] % c["M"] + 1)),
        ("margin", lambda c: c["evaluations"][0]["instances"][1]["margins"].__setitem__(2, nudge_decimal(c["evaluations"][0]["instances"][1]["margins"][2]))),
        ("margin sign", lambda c: c["evaluations"][0]["instances"][0]["margins"].__setitem__(0, repr(-float(c["evaluations"][0]["instances"][0]["margins"][0])))),
        ("error count", lambda c: c["evaluations"][0].__setitem__("errors", c["evaluations"][0]["errors"] + 1)),
        ("claimed errors", lambda c: c["claim"].__setitem__("errors", c["claim"]["errors"] + 1)),
        ("alpha", lambda c: c["evaluations"][0].__setitem__("alpha", bump(c["evaluations"][0]["alpha"], 5))),
        ("theta", lambda c: c.__setitem__("theta", "1/3")),
        ("dropped trial", lambda c: c["evaluations"][0]["instances"].pop()),
        ("margin 1e999999999 (hostile)", lambda c: c["evaluations"][0]["instances"][0]["margins"].__setitem__(0, "1e999999999")),
        ("margin of 5000 digits (hostile)", lambda c: c["evaluations"][0]["instances"][0]["margins"].__setitem__(0, "1" * 5000)),
        ("alpha 10^400 (hostile)", lambda c: c["evaluations"][0].__setitem__("alpha", "1" + "0" * 400)),
    ]
    pair_search = [
        ("swapped alphas", lambda c: (c["claim"].__setitem__("alpha_min_above", c["claim"]["alpha_min_at_most"]),)),
        ("erring alpha raised", lambda c: c["evaluations"][1].__setitem__("alpha", c["evaluations"][0]["alpha"])),
        ("wrong output", lambda c: c["evaluations"][1].__setitem__("wrong_output", c["evaluations"][1]["wrong_output"] % c["N"] + 1)),
        ("error-free alpha lowered", lambda c: c["evaluations"][0].__setitem__("alpha", c["evaluations"][1]["alpha"])),
    ]
    hadamard = [
        ("det mod p", lambda c: c["minor"].__setitem__("det_mod_p", str(int(c["minor"]["det_mod_p"]) + 1))),
        ("minor row", lambda c: c["minor"]["rows"].__setitem__(0, c["minor"]["rows"][1])),
        ("omega", lambda c: c.__setitem__("omega", "1")),
        ("composition", lambda c: c["compositions"].__setitem__(0, c["compositions"][1])),
        ("composite prime", lambda c: c.__setitem__("prime", str(int(c["prime"]) + 2))),
        ("claimed rank", lambda c: c["claim"].__setitem__("rank_at_least", c["claim"]["rank_at_least"] + 1)),
        ("exact rank", lambda c: c["exact"].__setitem__("rank", c["exact"]["rank"] + 1)),
        ("lambda 10^9 (hostile)", lambda c: c.__setitem__("lambda", 10 ** 9)),
    ]
    hadamard_one = [
        ("null vector", lambda c: c["exact"]["null_space"][0].__setitem__(0, str(int(c["exact"]["null_space"][0][0]) + 1))),
        ("dropped null vector", lambda c: c["exact"]["null_space"].pop()),
        ("repeated null vector", lambda c: c["exact"]["null_space"].__setitem__(1, c["exact"]["null_space"][0])),
    ]
    network = [
        ("weight", lambda c: c["weights"][0]["W_Q"].__setitem__(0, str(int(c["weights"][0]["W_Q"][0]) + 1))),
        ("template", lambda c: c["template_vectors"][0].__setitem__(0, "1")),
        ("det mod p", lambda c: c["partitions"][0]["minor"].__setitem__("det_mod_p", "1")),
        # (I = {1, 3} would not be a corruption: y is symmetric in the positions 2..N, so {1, 2} and
        # {1, 3} give the same matrix; position 1, the query, is the one that matters)
        ("partition", lambda c: c["partitions"][0].__setitem__("I", [2, 3])),
        ("claimed rank", lambda c: c["partitions"][1].__setitem__("rank_mod_p", c["partitions"][1]["rank_mod_p"] + 1)),
    ]

    def coef(c):
        term = c["degrees"][2]["functions"][3]["parts"][0]["terms"][0]
        term[1] = bump(term[1])

    count = [
        ("Fischer coefficient", coef),
        ("harmonic part swapped", lambda c: c["degrees"][2]["functions"][4].__setitem__("parts", c["degrees"][2]["functions"][5]["parts"])),
        ("dependency", lambda c: c["degrees"][2]["dependencies"][0]["coefficients"].__setitem__(0, bump(c["degrees"][2]["dependencies"][0]["coefficients"][0]))),
        ("det mod p", lambda c: c["degrees"][1]["minor"].__setitem__("det_mod_p", "2")),
        ("dropped function", lambda c: c["degrees"][1]["functions"].pop()),
        ("constructed", lambda c: c["degrees"][3].__setitem__("constructed", c["degrees"][3]["constructed"] + 1)),
        ("r", lambda c: c.__setitem__("r", 3)),
    ]
    # issue 38 section 3: forgeries of which subsets were tried, and params that say another run
    def drop_failures(c):  # "1 of 40" becomes "4 of 4 sampled": the 36 draws not certified dropped
        c["not_certified"] = []
        c["claim"]["tried"] = len(c["witnesses"])

    def relabel_sampled(c, samples):  # an all-subsets certificate presented as a sample
        c["claim"]["subsets"] = "sampled"
        c["samples"] = c["params"]["samples"] = samples

    def relabel_hiding(c):  # ... and its subsets without a witness dropped
        relabel_sampled(c, len(c["witnesses"]))
        drop_failures(c)

    def swap_draw(c):  # one not-certified draw replaced by a certified subset
        c["not_certified"][0]["S"] = c["witnesses"][0]["S"]

    def stopped(c):
        c["claim"]["stopped_at_first_failure"] = True
        c["params"].update(search_k=True, k_max=c["k"])

    forged_sampled = [
        ("not_certified dropped, tried = certified", drop_failures),
        ("one draw dropped", lambda c: (c["not_certified"].pop(), c["claim"].__setitem__("tried", c["claim"]["tried"] - 1))),
        ("one draw replaced", swap_draw),
        ("one draw added", lambda c: (c["not_certified"].append(c["not_certified"][0]),
                                      c["claim"].__setitem__("tried", c["claim"]["tried"] + 1))),
        ("samples raised", lambda c: c.__setitem__("samples", c["samples"] + 1)),
        ("samples raised everywhere", lambda c: (c.__setitem__("samples", c["samples"] + 1),
                                                 c["params"].__setitem__("samples", c["samples"]))),
        ("stopped at a first failure that is not the last draw", stopped),
        ("labelled all", lambda c: c["claim"].__setitem__("subsets", "all")),
        ("subset_generator missing", lambda c: c.pop("subset_generator")),
    ]
    forged_all = [
        ("relabelled sampled", lambda c: c["claim"].__setitem__("subsets", "sampled")),
        ("relabelled sampled with samples = C(N,q)", lambda c: relabel_sampled(c, c["claim"]["tried"])),
        ("relabelled sampled, failures hidden", relabel_hiding),
        ("a subset listed twice, another not at all", lambda c: c["witnesses"][0].__setitem__("S", c["witnesses"][1]["S"])),
    ]

    def param(key, value):
        return (f"params {key} = {value!r}", lambda c: c["params"].__setitem__(key, value))

    def param_bump(key, by=1):
        return (f"params {key} + {by}", lambda c: c["params"].__setitem__(key, c["params"][key] + by))

    def unknown(path, what="x"):
        def f(c):
            obj = c
            for k in path:
                obj = obj[k]
            obj[what] = []
        return (f"unknown key {what!r} in {'.'.join(map(str, path)) or 'the top'}", f)

    neighborly_params = [param_bump("N"), param_bump("q"), param_bump("k"), param_bump("seed"),
                         param_bump("samples"), param("search_k", True), param("seed", "1"),
                         param("k_max", 99), param("x", 1), ("params without seed", lambda c: c["params"].pop("seed")),
                         unknown([]), unknown(["claim"]), unknown(["witnesses", 0]), unknown(["params"])]
    pair_params = [param_bump("N"), param_bump("M"), param_bump("trials"), param_bump("seed"), param("theta", "1/3"),
                   param("theta", "0.25"), param("theta", "1e9"), param("alpha", "30"),
                   unknown([]), unknown(["evaluations", 0, "instances", 0]), unknown(["claim"])]
    hadamard_params = [param_bump("d"), param_bump("lambda"), param("omega", "1/3"), param("omega", "0.6"),
                       unknown([]), unknown(["minor"]), unknown(["exact"]), unknown(["claim"])]
    network_params = [param_bump("L"), param_bump("dx"), param_bump("H"), param_bump("N"), param_bump("templates"),
                      param_bump("seed"), unknown([]), unknown(["weights", 0]), unknown(["partitions", 0, "minor"])]
    count_params = [param_bump("d"), param_bump("r"), param_bump("l_max"), param_bump("l_max", -1),
                    param("l", 3), unknown([]), unknown(["degrees", 0]), unknown(["degrees", 2, "functions", 0])]
    return {
        "neighborly": (["comm", "neighborly", "--N", "10", "--q", "2", "--k", "12", "--seed", "1"],
                       neighborly + forged_all + neighborly_params),
        "neighborly_sampled40": (["comm", "neighborly", "--N", "8", "--q", "2", "--k", "3", "--samples", "40"],
                                 forged_sampled + neighborly_params),
        "neighborly_stopped": (["comm", "neighborly", "--N", "16", "--q", "2", "--k", "9", "--search-k", "--k-max", "10",
                                "--samples", "60"],
                               [("stopped cleared", lambda c: c["claim"].__setitem__("stopped_at_first_failure", False)),
                                ("failure dropped", drop_failures), ("k outside the search", lambda c: c["params"].__setitem__("k_max", 9)),
                                ("search_k cleared", lambda c: (c["params"].__setitem__("search_k", False), c["params"].pop("k_max")))]),
        "neighborly_search": (["comm", "neighborly", "--N", "12", "--q", "2", "--seed", "3", "--search-k"], neighborly[:3]),
        "neighborly_sampled": (["comm", "neighborly", "--N", "30", "--q", "3", "--k", "24", "--samples", "12"], neighborly[:2]),
        "neighborly_wide": (["comm", "neighborly", "--N", "6", "--q", "1", "--k", "240", "--samples", "2"], []),
        "pair_given": (["comm", "pair-matching", "--N", "8", "--M", "16", "--alpha", "30", "--trials", "6"],
                       pair_given + pair_params),
        "pair_search": (["comm", "pair-matching", "--N", "8", "--M", "16", "--search-alpha", "--trials", "6"], pair_search),
        "hadamard": (["depth", "grid-rank", "--hadamard", "--d", "3", "--lambda", "3", "--exact"], hadamard + hadamard_params),
        "hadamard_one": (["depth", "grid-rank", "--hadamard", "--d", "3", "--lambda", "2", "--omega", "1", "--exact"], hadamard_one),
        "network": (["depth", "grid-rank", "--network", "--L", "2", "--dx", "3", "--N", "4", "--templates", "4"],
                    network + network_params),
        "network_deep": (["depth", "grid-rank", "--network", "--L", "3", "--dx", "4", "--H", "2", "--N", "4", "--templates", "4"],
                         network[:3]),
        "network_one": (["depth", "grid-rank", "--network", "--L", "1", "--dx", "4", "--H", "2", "--N", "4", "--templates", "4"],
                        network[:3]),
        "count": (["rank", "count", "--d", "5", "--r", "2", "--l-max", "3"], count + count_params),
    }


# ---- hostile files (issue 29 section 4): built from the genuine certificates at test time ------
# Each must end in one verdict line; a hang fails the test through the subprocess timeout (no
# other clock is read).
TIMEOUT = 20


def rank_count_file(d, r, l, parts_of):
    """A rank count certificate for one degree l whose functions z_1^m list parts_of(m)."""
    fs = [{"exponent": [m] + [0] * (d - 1), "parts": parts_of(m)} for m in (l, l + 2)]
    deg = {"l": l, "constructed": 1, "functions": fs, "prime": "1000003",
           "minor": {"rows": [0], "cols": [[l] + [0] * (d - 1)], "det_mod_p": "1"}, "dependencies": []}
    return {"certificate": "rank count", "format": 1, "d": d, "r": r, "degrees": [deg]}


def hadamard_big_omega(good):
    """d = 2, lambda = 64, Omega = (2^999 + 1)/3: entries of 8 Mbit unless reduced mod p first;
    the 1 x 1 minor's determinant is computed here the same way, so the file is genuine."""
    c = copy.deepcopy(good)
    lam, p, s = 64, 2 ** 999 + 3, 3
    P = int(c["prime"])
    comps = [[i, lam - i] for i in range(lam + 1)]
    entry = pow(sum(pow(p, 2 * x, P) * pow(s, 2 * lam - 2 * x, P) for x in comps[0]) % P, lam, P)
    c["params"] = {"d": 2, "lambda": lam, "omega": f"{p}/{s}"}
    c.update({"d": 2, "lambda": lam, "omega": f"{p}/{s}", "n": lam + 1, "compositions": comps,
              "minor": {"rows": [0], "cols": [0], "det_mod_p": str(entry)},
              "claim": {"rank_mod_p": 1, "rank_at_least": 1, "multiset": lam + 1}})
    c.pop("exact", None)
    return c


def wide_witness(good, digits):
    """A witness whose k entries have pairwise (nearly) coprime denominators of `digits` digits:
    their common denominator would have k x digits digits."""
    c = copy.deepcopy(good)
    k = c["k"]
    c["witnesses"][0]["w"] = [f"1/{10 ** (digits - 1) + 2 * i + 1}" for i in range(k)]
    return c


def hostile_files(good):
    """[(label, text or bytes, verdict regex)]; good maps a case name to its genuine certificate."""
    out = []

    def edit(name, change, label, pattern):
        c = copy.deepcopy(good[name])
        change(c)
        out.append((label, json.dumps(c), pattern))

    ps = "pair_search"
    edit(ps, lambda c: (c.__setitem__("evaluations", [{"role": "every_alpha", "scope": "one instance", "instances": []}]),
                        c["claim"].__setitem__("alpha_min_at_most", "0")),
         "every_alpha on no instance, alpha_min_at_most 0", r"REJECTED: claim: alpha_min_at_most = 0 needs alpha_min_above = 0")
    edit(ps, lambda c: (c.__setitem__("evaluations", [{"role": "every_alpha", "scope": "one instance", "instances": []}]),
                        c.__setitem__("claim", {"alpha_min_at_most": "0", "alpha_min_above": "0"})),
         "every_alpha on no instance, alpha_min 0", r"REJECTED: evaluation 0: scope must be all trials")
    edit(ps, lambda c: (c.__setitem__("evaluations", [{"role": "every_alpha", "scope": "all trials",
                                                        "instances": [{"trial": t, "z": x["z"]} for t, x in
                                                                      enumerate(c["evaluations"][0]["instances"])]}]),
                        c.__setitem__("claim", {"alpha_min_at_most": "0", "alpha_min_above": "0"})),
         "every_alpha on instances with unmatched outputs", r"REJECTED: every_alpha: trial 0 has an output without a match")
    edit(ps, lambda c: c["evaluations"].append(c["evaluations"][0]), "an extra evaluation", r"REJECTED: evaluations: 3 entries")
    edit(ps, lambda c: c["evaluations"].reverse(), "evaluations swapped", r"REJECTED: evaluations: roles \['has_error', 'zero_errors'\]")
    edit("network", lambda c: c.__setitem__("N", 200000000), "network N = 2e8", r"REJECTED: 'N' = 200000000 is above network_max_N = 8")
    edit("network", lambda c: c.__setitem__("templates", 4096), "network side 4096^2", r"above grid_rank_max_side")
    edit("pair_given", lambda c: c.__setitem__("trials", 300000000), "pair matching trials = 3e8",
         r"REJECTED: trials x N = 2400000000 outputs, above pair_matching_max_outputs")
    edit("pair_given", lambda c: c.update(M=2 ** 40, N=4000, trials=1, evaluations=[dict(
        c["evaluations"][0], alpha="1", instances=[{"trial": 0, "z": [1] * 4000, "margins": ["0"] * 4000}])]),
         "pair matching: alpha 1, M 2^40, N 4000 (every pair a term)",
         r"REJECTED: 1.6004e\+07 exponentials to evaluate, above pair_matching_max_residues")
    edit("pair_given", lambda c: c.update(M=2 ** 40, N=6000, trials=1, evaluations=[dict(
        c["evaluations"][0], alpha="1", instances=[{"trial": 0, "z": [1] * 6000, "margins": ["0"] * 6000}])]),
         "pair matching: alpha 1, M 2^40, N 6000", r"REJECTED: 36006000 terms to sum, above pair_matching_max_pairs")
    edit("pair_given", lambda c: c.update(M=2 ** 40, N=6000, trials=1, evaluations=[dict(
        c["evaluations"][0], alpha=str(10 ** 300), instances=[{"trial": 0, "z": [1] * 6000, "margins": ["0"] * 6000}])]),
         "pair matching: alpha 1e300 (1100-bit arithmetic), N 6000", r"REJECTED: .* exponentials to evaluate, above pair_matching_max_residues")
    out.append(("rank count: |x|^(2j) expanded from 3 KB", json.dumps(rank_count_file(
        12, 1, 40, lambda m: [{"degree": m - 2 * j, "terms": [[[m - 2 * j] + [0] * 11, "1"]]} for j in range(m // 2 + 1)])),
        r"REJECTED: rank_count_work = \d+, above rank_count_max_work"))
    out.append(("rank count: l = 20000 with empty parts", json.dumps(rank_count_file(
        2, 1, 20000, lambda m: [{"degree": m - 2 * j, "terms": []} for j in range(m // 2 + 1)])),
        r"REJECTED: rank_count_work = \d+, above rank_count_max_work"))
    out.append(("hadamard Omega ~ 2^999, lambda 64", json.dumps(hadamard_big_omega(good["hadamard"])),
                r"ok: depth grid-rank: d=2 lambda=64 .*rank_Q >= 1 of"))
    out.append(("neighborly 4200-digit entries (2 MB)", json.dumps(wide_witness(good["neighborly_wide"], 4200)),
                r"REJECTED: witness 0 w: a 4200-digit number, above max_number_digits = 4000"))
    out.append(("neighborly 3990-digit entries, coprime denominators", json.dumps(wide_witness(good["neighborly_wide"], 3990)),
                r"REJECTED: witness 0 w: the common denominator has more than max_number_digits"))
    edit("neighborly", lambda c: c["witnesses"][0].__setitem__("w", ["1"] * 3000000), "neighborly w of 3e6 entries",
         r"REJECTED: witness 0 w: 3000000 entries, 12 expected")
    edit("neighborly", lambda c: (c.__setitem__("witnesses", []), c["claim"].update(certified=0)),
         "neighborly without witnesses", r"REJECTED: nothing checked")
    edit("neighborly_sampled", lambda c: (c.__setitem__("witnesses", [c["witnesses"][0]] * 500), c.__setitem__("not_certified", []),
                                          c["claim"].update(certified=500, tried=500, max_norm_sq=c["witnesses"][0]["norm_sq"])),
         "neighborly: one witness repeated 500 times", r"REJECTED: claim: 500 subsets listed, but the run draws 12 \(samples\)")
    edit("count", lambda c: c.__setitem__("degrees", [{"l": -7, "constructed": "n/a"}]), "rank count: l = -7, n/a",
         r"REJECTED: 'l' = -7 is below 0")
    edit("count", lambda c: c.__setitem__("degrees", [{"l": x["l"], "constructed": "n/a"} for x in c["degrees"]]),
         "rank count: every degree n/a", r"REJECTED: nothing checked")
    edit("count", lambda c: c.__setitem__("d", 40), "rank count: d = 40", r"REJECTED: 'd' = 40 is above rank_count_max_d = 12")
    edit("hadamard", lambda c: c["minor"].update(rows=[], cols=[], det_mod_p="1"), "hadamard: an empty minor", r"REJECTED: nothing checked")
    text = json.dumps(good["pair_given"])
    out.append(("duplicate claim, the first false", '{"claim": {"alpha": "1", "errors": 99}, ' + text[1:],
                r"REJECTED: duplicate key 'claim'"))
    # (refused before json sees it: 100000 containers in 200000 bytes, one per 2 bytes)
    out.append(("100000 nested brackets", "[" * 100000 + "]" * 100000,
                r"REJECTED: 100000 JSON arrays and objects in 200000 characters, above"))
    out.append(("33 nested brackets", "[" * 33 + "]" * 33, r"REJECTED: JSON nested deeper than max_json_depth = 32"))
    out.append(("a lone surrogate", '{"certificate": "\\ud800 x", "format": 1}', r"REJECTED: unknown certificate kind '\\ud800 x'"))
    out.append(("a JSON float", '{"certificate": "rank count", "format": 1.0}', r"REJECTED: a JSON number with a fraction"))
    out.append(("a 30-digit JSON integer", '{"certificate": "rank count", "format": ' + "9" * 30 + "}",
                r"REJECTED: a 30-digit JSON integer, above max_json_int_digits"))
    out.append(("not UTF-8", b'{"certificate": "\xff"}', r"REJECTED: not UTF-8 text"))
    out.append(("larger than max_file_bytes", b" " * (checker_limits().max_file_bytes + 1), r"REJECTED: larger than max_file_bytes"))
    return out


# ---- files at the size limit (issue 38 section 3): each rejected (or checked) within a memory of
# 16 times the file size (RLIMIT_AS, so that a parse of 22 million empty objects, 3.2 GB, fails the
# test instead of the machine), and within the subprocess timeout.
def big_files(good, size):
    """[(label, text, verdict regex)]: a genuine certificate padded to `size` bytes by an unused key."""
    text = json.dumps(good)
    room = size - len(text) - 16

    def padded(value):
        return text[:-1] + ', "x": ' + value + "}"

    n = room // 4
    return [
        ("64 MiB: 'x' of 16 million empty objects", padded("[" + "{}, " * (n - 1) + "{}]"),
         r"REJECTED: \d+ JSON arrays and objects in \d+ characters, above max_json_containers"),
        ("64 MiB: 'x' of 22 million empty objects, no spaces", padded("[" + "{}," * (room // 3 - 1) + "{}]"),
         r"REJECTED: \d+ JSON arrays and objects in \d+ characters, above max_json_containers"),
        ("64 MiB: 'x' a string of brackets", padded('"' + "{[" * (room // 2 - 1) + '"'),
         r"REJECTED: unknown key 'x' in the top level"),
        ("64 MiB: 'x' of 16 million integers", padded("[" + "1, " * (room // 3 - 1) + "1]"),
         r"REJECTED: unknown key 'x' in the top level"),
    ]


def run_big_files(checker_path, good, tmp, failures):
    import re
    import resource
    size = checker_limits().max_file_bytes
    cap = 16 * size

    def limit_memory():
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    for label, text, pattern in big_files(good["pair_given"], size):
        path = os.path.join(tmp, "big.json")
        with open(path, "w") as f:
            f.write(text)
        if os.path.getsize(path) > size:
            failures.append(f"{label}: the test file is {os.path.getsize(path)} bytes, above max_file_bytes (test error)")
            continue
        try:
            r = subprocess.run([sys.executable, checker_path, path], capture_output=True, text=True, timeout=TIMEOUT,
                               preexec_fn=limit_memory)
        except subprocess.TimeoutExpired:
            failures.append(f"{label}: no verdict within {TIMEOUT} s")
            continue
        if r.returncode != 1 or r.stderr or not re.search(pattern, r.stdout):
            failures.append(f"{label}: exit {r.returncode}, expected 1 and /{pattern}/ within {cap >> 20} MiB of "
                            f"memory:\n{r.stdout[:300]}{r.stderr[-300:]}")
        else:
            print(f"  {label}: {r.stdout.strip()[len(path) + 2:][:150]}")
        os.remove(path)


def checker_limits():
    import check_certificate.limits
    return check_certificate.limits


def run_hostile(checker_path, good, tmp, failures):
    """Each hostile file alone (exit status, verdict, no traceback), then a few together with a
    genuine one after them: every file gets its line, the genuine one still checks."""
    import re
    paths = {}
    for n, (label, text, pattern) in enumerate(hostile_files(good)):
        path = os.path.join(tmp, f"hostile{n}.json")
        with open(path, "wb") as f:
            f.write(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
        paths[label] = path
        try:
            r = subprocess.run([sys.executable, checker_path, path], capture_output=True, text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            failures.append(f"hostile '{label}': no verdict within {TIMEOUT} s")
            continue
        line = r.stdout.strip()
        want = 0 if pattern.startswith("ok") else 1
        if r.returncode != want or r.stderr or line.count("\n") or not re.search(pattern, line):
            failures.append(f"hostile '{label}': exit {r.returncode}, expected {want} and /{pattern}/:\n{r.stdout}{r.stderr}")
        else:
            print(f"  hostile {label}: {line[len(path) + 2:][:150]}")
    # a file name that is not UTF-8, the deep and the surrogate files, then a genuine certificate
    odd = os.path.join(os.fsencode(tmp), b"odd\xff\n.json")
    with open(odd, "wb") as f:
        f.write(b"{}")
    args = [sys.executable.encode(), os.fsencode(checker_path), odd,
            *(os.fsencode(paths[k]) for k in ("100000 nested brackets", "a lone surrogate")),
            os.fsencode(os.path.join(tmp, "pair_given.json"))]
    # a UTF-8 locale: printing an unescaped surrogate there raises (the C locale would escape it)
    r = subprocess.run(args, capture_output=True, timeout=4 * TIMEOUT, env=dict(os.environ, LC_ALL="C.UTF-8"))
    lines = r.stdout.decode("utf-8", "replace").splitlines()
    if (r.returncode != 1 or r.stderr or len(lines) != 4 or not lines[0].endswith("odd\\udcff\\n.json: REJECTED: missing field 'certificate'")
            or ": ok: comm pair-matching" not in lines[3]):
        failures.append(f"hostile files together: exit {r.returncode}, expected 1, four lines, the last ok:\n"
                        f"{r.stdout.decode('utf-8', 'replace')}{r.stderr.decode('utf-8', 'replace')}")
    r = subprocess.run([sys.executable, checker_path], capture_output=True, text=True, timeout=TIMEOUT)
    if r.returncode != 2 or r.stdout or "usage:" not in r.stderr:
        failures.append(f"no file: exit {r.returncode}, expected 2 and usage on stderr")


# ---- the checker's rigorous real arithmetic against Python's decimal (correctly rounded exp
# and ln; sin from its series, pi and ln 2 from decimal's own functions) --------------------------
def check_intervals(failures):
    import decimal
    from fractions import Fraction
    from check_certificate import intervals as iv
    D = decimal.Decimal
    decimal.getcontext().prec = 120

    def sin(x):
        total, term, n = D(0), x, 0
        while abs(term) > D(10) ** -115:
            total += term
            n += 1
            term = -term * x * x / ((2 * n) * (2 * n + 1))
        return total

    def contains(what, lo, hi, F, exact):
        if not D(lo) / D(2) ** F <= exact <= D(hi) / D(2) ** F or hi - lo > 64:
            failures.append(f"intervals: {what}: [{lo}, {hi}] / 2^{F} does not hold {exact} tightly")

    F = 200
    contains("pi", *iv.pi_fixed(F), F, D("3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798214808651"))
    contains("ln 2", *iv.ln2_fixed(F), F, D(2).ln())
    for x in ("0", "1e-30", "0.001", "0.5", "1", "1.5707963267948966", "2"):
        X = int(Fraction(x) * 2 ** F)
        contains(f"sin({x})", *iv.sin_fixed(X, F), F, sin(D(X) / D(2) ** F))
    for x in ("-4", "-1", "-0.3", "0", "1e-20", "0.7", "3.99"):
        X = int(Fraction(x) * 2 ** F)
        contains(f"exp({x})", iv.exp_fixed(X, F, False), iv.exp_fixed(X, F, True), F, (D(X) / D(2) ** F).exp())
    for y in ("-123456.789", "-0.001", "0", "1e-9", "7", "98765.4321"):
        Y = int(Fraction(y) * 2 ** F)
        mlo, mhi, k = iv.exp_binary(Y, Y, F, 100)
        contains(f"exp_binary({y})", mlo, mhi, 100, (D(Y) / D(2) ** F).exp() / D(2) ** k)
    for U in (1, 2, 3, 10 ** 30, 2 ** 300 - 1, 2 ** 300 + 1):
        contains(f"log({U})", *iv.log_fixed(U, F), F, D(U).ln())


# ---- the writers refuse what the checker would refuse, naming the limit ------------------------
WRITER_REFUSALS = [
    (["rank", "count", "--d", "40", "--r", "8", "--l-max", "6"], "rank_count_max_d"),
    (["rank", "count", "--d", "2", "--r", "1", "--l-max", "600"], "rank_count_max_work"),
    (["comm", "pair-matching", "--N", "10", "--M", "16", "--alpha", "40", "--trials", "1000000"],
     "pair_matching_max_outputs"),
    (["comm", "pair-matching", "--N", "6000", "--M", "1099511627776", "--alpha", "1", "--trials", "1"],
     "pair_matching_max_pairs"),
    (["depth", "grid-rank", "--network", "--L", "2", "--dx", "16", "--N", "4", "--templates", "20"], "network_max_work"),
    (["depth", "grid-rank", "--network", "--L", "2", "--dx", "4", "--N", "6", "--templates", "8"], "grid_rank_max_side"),
    (["depth", "grid-rank", "--hadamard", "--d", "6", "--lambda", "7"], "grid_rank_max_side"),
    (["comm", "neighborly", "--N", "1000", "--q", "1", "--k", "2", "--samples", "200000", "--max-seconds", "100000"],
     "neighborly_max_work"),
]


def check_writer_refusals(exe, tmp, failures):
    for argv, limit in WRITER_REFUSALS:
        path = os.path.join(tmp, "refused.json")
        r = subprocess.run([exe, *argv, "--certificate", path, "--output", os.devnull], capture_output=True,
                           text=True, timeout=TIMEOUT)
        lines = r.stderr.strip().splitlines()
        if r.returncode != 1 or len(lines) != 1 or f"limit {limit} = " not in lines[0] or os.path.exists(path):
            failures.append(f"{' '.join(argv)} --certificate: exit {r.returncode} (expected 1, one line naming "
                            f"{limit}, no file):\n{r.stderr}")
        else:
            print(f"  refused: {lines[0]}")


def check_same_limits(checker_path, failures):
    """tools/certificate/limits.hpp and tools/check_certificate/limits.py: the same names, values."""
    import re
    limits = checker_limits()
    header = os.path.join(os.path.dirname(os.path.abspath(checker_path)), "certificate", "limits.hpp")
    if not os.path.exists(header):
        failures.append("tools/certificate/limits.hpp not found beside the checker")
        return
    with open(header) as f:
        cpp = dict(re.findall(r"inline constexpr double (\w+) = ([0-9.]+);", f.read()))
    py = {k: v for k, v in vars(limits).items() if isinstance(v, int) and not k.startswith("_")}
    for name in sorted(set(cpp) | set(py)):
        if name in limits.CHECKER_ONLY:
            if name in cpp:
                failures.append(f"{name} is marked checker-only but is in {header}")
        elif name not in cpp or name not in py or float(cpp[name]) != py[name]:
            failures.append(f"limit {name}: C++ {cpp.get(name)}, Python {py.get(name)}")


# ---- pair matching's alpha_min: the value the table hands on holds the exactly checked bracket ---
# --search-alpha prints alpha_min from a double-precision bisection, to the digits its bracket and
# the margins' rounding error settle (at M = 65536 the margins limit it to about 5). The certificate
# of the same run claims alpha_min in (lo, hi], which the checker decides in exact arithmetic; the
# ball that verify --expr (and a table's derived columns) receive for alpha_min must contain it.
ALPHA_MIN_RUNS = [("16", "40"), ("64", "4096"), ("64", "65536")]


def check_alpha_min_digits(exe, checker, tmp, failures):
    import re
    for N, M in ALPHA_MIN_RUNS:
        path = os.path.join(tmp, f"alpha_{M}.json")
        argv = ["comm", "pair-matching", "--N", N, "--M", M, "--search-alpha", "--trials", "20", "--seed", "2"]
        r = subprocess.run([exe, *argv, "--certificate", path, "--output", os.devnull], capture_output=True,
                           text=True, timeout=TIMEOUT)
        if r.returncode != 0:
            failures.append(f"alpha_min M={M}: exit {r.returncode}: {r.stderr.strip()}")
            continue
        with open(path) as f:
            cert = json.load(f)
        try:
            checker.check(cert)
        except Exception as e:  # noqa: BLE001 (any rejection fails the case)
            failures.append(f"alpha_min M={M}: the checker rejected the certificate: {e}")
            continue
        lo, hi = Fraction(cert["claim"]["alpha_min_above"]), Fraction(cert["claim"]["alpha_min_at_most"])
        call = f"comm.pair-matching(N={N}, M={M}, search_alpha, trials=20, seed=2).alpha_min"
        r = subprocess.run([exe, "verify", "--expr", call, "--format", "json"], capture_output=True, text=True,
                           timeout=TIMEOUT)
        m = re.fullmatch(r"\[([-+0-9.e]+) \+/- ([0-9.e+-]+)\]", json.loads(r.stdout)["rows"][0]["computed"]) \
            if r.returncode == 0 else None
        if m is None:
            failures.append(f"alpha_min M={M}: verify --expr gave no ball: {r.stdout}{r.stderr}")
            continue
        mid, rad = Fraction(m.group(1)), Fraction(m.group(2))
        if not (mid - rad <= lo and hi <= mid + rad):
            failures.append(f"alpha_min M={M}: the value handed on, [{m.group(1)} +/- {m.group(2)}], does not "
                            f"contain the checked bracket ({float(lo)!r}, {float(hi)!r}]")
        else:
            print(f"  alpha_min M={M}: [{m.group(1)} +/- {m.group(2)}] holds the checked ({float(lo)}, {float(hi)}]")


def main():
    exe, checker_path = sys.argv[1], sys.argv[2]
    checker = load_checker(checker_path)
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        files, good_certs = [], {}
        for name, (argv, mutations) in cases().items():
            path = os.path.join(tmp, name + ".json")
            r = subprocess.run([exe, *argv, "--certificate", path, "--output", os.devnull, "--threads", "2"],
                               capture_output=True, text=True)
            if r.returncode != 0 or not os.path.exists(path):
                failures.append(f"{name}: boundcheck exited {r.returncode}: {r.stderr.strip()}")
                continue
            files.append(path)
            with open(path) as f:
                good = json.load(f)
            good_certs[name] = good
            for label, mutate in mutations:
                bad = copy.deepcopy(good)
                mutate(bad)
                if bad == good:
                    failures.append(f"{name}: the mutation '{label}' changed nothing (test error)")
                    continue
                try:
                    checker.check(bad)
                    failures.append(f"{name}: the checker accepted a certificate with a corrupted {label}")
                except checker.Reject as e:
                    print(f"  {name}, corrupted {label}: rejected ({e})")
                except Exception as e:  # malformed input is rejected by main() the same way
                    print(f"  {name}, corrupted {label}: rejected as malformed ({type(e).__name__})")
        # the good certificates, through the script as a third party runs it
        r = subprocess.run([sys.executable, checker_path, *files], capture_output=True, text=True)
        print(r.stdout, end="")
        if r.returncode != 0 or r.stdout.count(": ok: ") != len(files):
            failures.append(f"the checker did not accept every certificate (exit {r.returncode}):\n{r.stdout}{r.stderr}")
        # and one corrupted file through the script: exit status 1, the file named as rejected
        if files:
            with open(files[0]) as f:
                c = json.load(f)
            c["witnesses"][0]["norm_sq"] = bump(c["witnesses"][0]["norm_sq"])
            bad_path = os.path.join(tmp, "corrupted.json")
            with open(bad_path, "w") as f:
                json.dump(c, f)
            r = subprocess.run([sys.executable, checker_path, files[0], bad_path], capture_output=True, text=True)
            if r.returncode != 1 or "corrupted.json: REJECTED" not in r.stdout:
                failures.append(f"the script did not reject a corrupted file with exit 1: {r.stdout}{r.stderr}")
        if len(good_certs) == len(cases()):
            run_hostile(checker_path, good_certs, tmp, failures)
            run_big_files(checker_path, good_certs, tmp, failures)
        check_writer_refusals(exe, tmp, failures)
        check_alpha_min_digits(exe, checker, tmp, failures)
        check_same_limits(checker_path, failures)
        check_intervals(failures)
    if failures:
        print("FAILED:\n" + "\n".join(failures))
        return 1
    print("certificates: every certificate checks; every corruption is rejected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
