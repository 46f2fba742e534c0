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
    return {
        "neighborly": (["comm", "neighborly", "--N", "10", "--q", "2", "--k", "12", "--seed", "1"], neighborly),
        "neighborly_search": (["comm", "neighborly", "--N", "12", "--q", "2", "--seed", "3", "--search-k"], neighborly[:3]),
        "neighborly_sampled": (["comm", "neighborly", "--N", "30", "--q", "3", "--k", "24", "--samples", "12"], neighborly[:2]),
        "pair_given": (["comm", "pair-matching", "--N", "8", "--M", "16", "--alpha", "30", "--trials", "6"], pair_given),
        "pair_search": (["comm", "pair-matching", "--N", "8", "--M", "16", "--search-alpha", "--trials", "6"], pair_search),
        "hadamard": (["depth", "grid-rank", "--hadamard", "--d", "3", "--lambda", "3", "--exact"], hadamard),
        "hadamard_one": (["depth", "grid-rank", "--hadamard", "--d", "3", "--lambda", "2", "--omega", "1", "--exact"], hadamard_one),
        "network": (["depth", "grid-rank", "--network", "--L", "2", "--dx", "3", "--N", "4", "--templates", "4"], network),
        "count": (["rank", "count", "--d", "5", "--r", "2", "--l-max", "3"], count),
    }


def main():
    exe, checker_path = sys.argv[1], sys.argv[2]
    checker = load_checker(checker_path)
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        files = []
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
    if failures:
        print("FAILED:\n" + "\n".join(failures))
        return 1
    print("certificates: every certificate checks; every corruption is rejected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
