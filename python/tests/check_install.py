#!/usr/bin/env python3
"""CTest "python: install": `cmake --install` into temporary prefixes, then `import boundcheck` from
there in a clean environment (no PYTHONPATH into the build or source tree, working directory /).

    check_install.py BUILD_DIR PYTHON

1. --prefix P (a venv-like prefix): the package lands in P/lib/python3.X/site-packages and the CLI
   in P/bin; PYTHONPATH=that directory imports it and runs a command through the extension.
2. --prefix HOME/.local with HOME pointing at a fresh directory: a *plain* `import boundcheck`
   works (the user site is on sys.path by default), which is what the README promises.
The installed CLI and the installed module must give the same answer.
"""
import os
import shutil
import subprocess
import sys
import tempfile

PROBE = ("import boundcheck, sys; t = boundcheck.rank.heads(d=64, r=8, eps=0.1, threads=1); "
         "print(boundcheck.__file__); print(t.value())")


def run(argv, env=None, cwd="/"):
    p = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=cwd, timeout=240)
    if p.returncode != 0:
        sys.exit(f"FAILED: {' '.join(argv)}\nstdout: {p.stdout}\nstderr: {p.stderr}")
    return p.stdout


def clean_env(**extra):
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    env.update(extra)
    return env


def site_of(python, prefix):
    here = os.path.dirname(os.path.abspath(__file__))
    return run([python, os.path.join(here, "..", "install_dir.py"), prefix]).strip()


def check(build, python, prefix, env):
    site = site_of(python, prefix)
    out = run(["cmake", "--install", build, "--prefix", prefix], env=None)
    stray = [ln for ln in out.splitlines() if ln.startswith("-- ") and ": /" in ln and prefix not in ln]
    assert not stray, f"installed outside the prefix {prefix}: {stray}"
    assert site.startswith(prefix + os.sep), (site, prefix)
    for f in ("__init__.py", "_ball.py", "_context.py", "__init__.pyi", "py.typed"):
        assert os.path.isfile(os.path.join(site, "boundcheck", f)), f
    exe = os.path.join(prefix, "bin", "boundcheck")
    assert os.access(exe, os.X_OK), exe
    out = run([python, "-c", PROBE], env=env).split("\n")
    assert out[0].startswith(os.path.join(site, "boundcheck")), out
    cli = run([exe, "rank", "heads", "--d", "64", "--r", "8", "--eps", "0.1", "--format", "csv"], env=clean_env())
    assert cli.splitlines()[1].split(",")[4] == out[1], (cli, out)
    return out[1]


def site_override(build):
    """BOUNDCHECK_PYTHON_SITE_DIR from the build's cache: a fixed directory, not the prefix's."""
    try:
        with open(os.path.join(build, "CMakeCache.txt")) as f:
            for line in f:
                if line.startswith("BOUNDCHECK_PYTHON_SITE_DIR:"):
                    return line.split("=", 1)[1].strip()
    except OSError:
        pass
    return ""


def main():
    build, python = sys.argv[1], sys.argv[2]
    if site_override(build):  # the package would go to that fixed directory: never test-install there
        print("skipped: BOUNDCHECK_PYTHON_SITE_DIR is set, so the install does not follow --prefix")
        sys.exit(125)
    tmp = tempfile.mkdtemp(prefix="boundcheck-install-")
    try:
        prefix = os.path.join(tmp, "prefix")
        site = site_of(python, prefix)
        v1 = check(build, python, prefix, clean_env(PYTHONPATH=site))
        home = os.path.join(tmp, "home")
        os.makedirs(home)
        local = os.path.join(home, ".local")
        v2 = check(build, python, local, clean_env(HOME=home))  # no PYTHONPATH: the user site
        print(f"ok: installed into {prefix} and {local}; h_min = {v1} = {v2}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
