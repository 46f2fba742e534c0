#!/usr/bin/python3
"""The scaling guide's GNU parallel recipe, run as written (issue 19).

usage: parallel_recipe.py BOUNDCHECK docs/guides/scaling.md

Takes the ```sh block of the guide that runs `parallel`, substitutes only the spec's name, runs it
with bash in a temporary directory (boundcheck on PATH, as the guide assumes) over a rank bound
grid whose cost is skewed (small d and r near d cost far more than large d), and checks that the
merged CSV is byte for byte the unsharded run's (the reference: `table` without shards, computed
independently of the shard files). Exit 77 (skipped) when GNU parallel is not installed.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

SPEC = """command = "rank bound"
[fixed]
max-terms = 1001
[sweep]
d = { from = 8, to = 64, step = 8 }
r = [1, 2, 8]
H = [1, 10, 1000]
"""


def recipe(readme):
    blocks = re.findall(r"^```sh\n(.*?)^```$", open(readme).read(), re.S | re.M)
    found = [b for b in blocks if re.search(r"^parallel ", b, re.M)]
    if len(found) != 1:
        sys.exit("parallel_recipe: %s should hold one ```sh block running GNU parallel, found %d" % (readme, len(found)))
    return found[0]


def main():
    exe, readme = os.path.abspath(sys.argv[1]), sys.argv[2]
    if shutil.which("parallel") is None:
        print("parallel_recipe: skipped: GNU parallel is not installed (scripts/setup-debian.sh installs it)")
        sys.exit(77)
    script = recipe(readme)
    if "big.toml" not in script or "part-*.json" not in script:
        sys.exit("parallel_recipe: the guide's recipe changed shape:\n" + script)
    with tempfile.TemporaryDirectory() as tmp:
        os.mkdir(os.path.join(tmp, "bin"))
        os.symlink(exe, os.path.join(tmp, "bin", "boundcheck"))
        env = dict(os.environ, PATH=os.path.join(tmp, "bin") + os.pathsep + os.environ.get("PATH", ""),
                   HOME=tmp)  # GNU parallel keeps its state in ~/.parallel
        with open(os.path.join(tmp, "skew.toml"), "w") as f:
            f.write(SPEC)
        script = script.replace("big.toml", "skew.toml")
        run = subprocess.run(["bash", "-e", "-c", script], cwd=tmp, env=env, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit("parallel_recipe: the recipe failed (exit %d):\n%s%s" % (run.returncode, run.stdout, run.stderr))
        parts = sorted(f for f in os.listdir(tmp) if re.fullmatch(r"part-\d+\.json", f))
        whole = subprocess.run([exe, "table", "--spec", "skew.toml", "--format", "csv"], cwd=tmp, env=env,
                               capture_output=True, text=True, check=True).stdout
        merged = open(os.path.join(tmp, "big.csv")).read()
        if merged != whole:
            sys.exit("parallel_recipe: the merged CSV differs from the unsharded run")
        if len(parts) < 2:
            sys.exit("parallel_recipe: the recipe wrote %d shard files" % len(parts))
        print("parallel_recipe: %d shards run by GNU parallel merge into the unsharded table (%d rows)"
              % (len(parts), whole.count("\n") - 1))


if __name__ == "__main__":
    main()
