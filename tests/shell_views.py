#!/usr/bin/python3
"""The shell's views of the command registry (issue 26): the man page and the completion scripts
that the build generates (CMakeLists.txt: boundcheck_shell), as `cmake --install` installs them
into a temporary prefix (share/man/man1, share/bash-completion/completions, share/zsh/site-functions).

  man:        `groff -man -ww` renders it without a single warning; it has NAME, SYNOPSIS, GLOBAL
              OPTIONS, COMMANDS, EXIT STATUS, EXAMPLES, FILES and SEE ALSO, and every command of the
              registry with each of its options.
  bash:       the generated script, sourced in bash, completes `boundcheck sphere geg` to
              `gegenbauer`, groups, commands under a command (`table me`), options, the values
              of choice options (`--format j`, `--count <TAB>`), also after `--opt=`, and the claim
              ids of `verify --id` (the ids `verify --list --format csv` lists); it is what
              `boundcheck --completion bash` prints.
  bash, interactive (issue 36): in a bash on a pseudo-terminal, `boundcheck table --spec da<TAB>`
              completes a directory to `data/` with no space after it (filename mode), so that the
              next <TAB> descends into it, and `verify --id rank.u.as<TAB>` to the ids' common
              prefix. Skipped (said so) without a pty.
  zsh:        the script parses (`zsh -n`), when zsh is installed.
  bad input:  `--completion fish` is one line on stderr, exit 2, nothing on stdout.

Usage: shell_views.py BOUNDCHECK_EXE CMAKE BUILD_DIR
"""
import csv
import io
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time

EXE, CMAKE, BUILD = sys.argv[1], sys.argv[2], sys.argv[3]
PREFIX = tempfile.mkdtemp(prefix="bc_install_")
MAN = os.path.join(PREFIX, "share", "man", "man1", "boundcheck.1")
BASH = os.path.join(PREFIX, "share", "bash-completion", "completions", "boundcheck")
ZSH = os.path.join(PREFIX, "share", "zsh", "site-functions", "_boundcheck")
SECTIONS = ["NAME", "SYNOPSIS", "DESCRIPTION", "GLOBAL OPTIONS", "COMMANDS", "EXIT STATUS", "EXAMPLES", "FILES",
            "SEE ALSO"]
# (words typed, the word being completed) -> the completions expected
CASES = [
    (["sphere"], "geg", ["gegenbauer"]),
    ([], "sph", ["sphere"]),
    ([], "", None),  # every group and root command: filled from the registry below
    (["table"], "me", ["merge"]),
    (["rank", "bound"], "--cou", ["--count"]),
    (["rank", "bound", "--count"], "", ["exact", "talk"]),
    (["rank", "bound", "--d", "64", "--format"], "j", ["json"]),
    (["--threads", "2", "rank"], "bou", ["bound"]),
    (["sphere", "gegenbauer", "--norm"], "", ["standard", "unit", "orthonormal"]),
    (["sphere", "dim", "--format", "="], "c", ["csv"]),  # --format=c: bash splits at '='
    (["sphere", "dim", "--d", "3"], "--l-m", ["--l-max"]),
    (["verify", "--id"], "", "ids"),  # every claim id: filled from `verify --list --format csv`
    (["verify", "--id"], "rank.u.as", ["rank.u.as_printed.peaks", "rank.u.as_printed.reproduces"]),
    (["--threads", "2", "verify", "--id"], "depth.fit.", "ids:depth.fit."),
]


def man(failures):
    if shutil.which("groff") is None:
        print("man: groff not installed, not checked")
        return
    r = subprocess.run(["groff", "-man", "-ww", "-z", MAN], capture_output=True, text=True)
    if r.returncode != 0 or r.stderr.strip():
        failures.append(f"groff -man -ww: exit {r.returncode}, {len(r.stderr.splitlines())} warnings: "
                        f"{r.stderr.splitlines()[:5]}")
    text = subprocess.run(["groff", "-man", "-Tutf8", "-P-cbou", MAN], capture_output=True, text=True).stdout
    text = re.sub(r"\u2010|\u2212", "-", text)
    for s in SECTIONS:
        if not re.search(rf"^{s}$", text, re.M):
            failures.append(f"man page: no section {s}")
    reg = json.loads(subprocess.run([EXE, "help", "--format", "json"], capture_output=True, text=True).stdout)
    # issue 36: EXIT STATUS did not say what verify returns when a claim fails
    status = re.search(r"^EXIT STATUS$(.*?)^[A-Z][A-Z ]+$", text, re.M | re.S)
    status = " ".join(status.group(1).split()) if status else ""
    for words in ("0 ok", "1 ", "verify when a claim's verdict is not the one the catalogue expects",
                  "--double-check when the two computations disagree", "2 a usage error"):
        if words not in status:
            failures.append(f"man page: EXIT STATUS does not say {words!r}: {status[:200]!r}")
    # issue 36: "--output PATH" described as "Write to FILE": a description names its own placeholder
    swap = {"PATH": "FILE", "FILE": "PATH"}
    for c in [{"path": "(global)", "options": reg["global_options"] + reg["root_options"]}] + reg["commands"]:
        for o in c["options"]:
            other = swap.get(o["type"] or "")
            if other and re.search(rf"\b{other}\b", o["description"]):
                failures.append(f"{c['path']} {o['name']} {o['type']}: its description says {other}: "
                                f"{o['description'][:80]!r}")
    for c in reg["commands"]:
        if not re.search(rf"^   {re.escape(c['path'])}$", text, re.M):
            failures.append(f"man page: no subsection for {c['path']}")
        for o in c["options"]:
            if o["name"] not in text:
                failures.append(f"man page: {c['path']}: option {o['name']} missing")
    print(f"man: {len(text.splitlines())} lines, {len(reg['commands'])} commands")
    return reg


def bash(reg, failures):
    script = BASH
    printed = subprocess.run([EXE, "--completion", "bash"], capture_output=True, text=True).stdout
    if open(script).read() != printed:
        failures.append(f"{script} differs from `boundcheck --completion bash`")
    top = sorted([g["name"] for g in reg["groups"]] + [c["path"] for c in reg["commands"] if " " not in c["path"]])
    lines = [f"source {script!r}"]
    for words, cur, _ in CASES:
        w = " ".join(f"'{x}'" for x in ["boundcheck"] + words + [cur])
        lines.append(f"COMP_WORDS=({w}); COMP_CWORD={len(words) + 1}; COMPREPLY=(); _boundcheck; "
                     "echo \"${COMPREPLY[*]}\"")
    r = subprocess.run(["bash", "--norc", "--noprofile", "-c", "\n".join(lines)], capture_output=True, text=True)
    got = r.stdout.split("\n")
    if r.returncode != 0 or r.stderr:
        failures.append(f"bash: exit {r.returncode}: {r.stderr.strip()[:300]}")
    ids = claim_ids()
    for i, (words, cur, want) in enumerate(CASES):
        if isinstance(want, str):  # "ids" or "ids:PREFIX": the catalogue's ids with that prefix
            want = [c for c in ids if c.startswith(want[4:])]
        want = top if want is None else want
        have = sorted(got[i].split()) if i < len(got) else []
        if have != sorted(want):
            failures.append(f"bash: boundcheck {' '.join(words)} {cur}<TAB> gave {have}, expected {sorted(want)}")
    print(f"bash: {len(CASES)} completions checked")


def claim_ids():
    """The built-in catalogue's claim ids, as `verify --list --format csv` lists them."""
    r = subprocess.run([EXE, "verify", "--list", "--format", "csv"], capture_output=True, text=True)
    return [row["id"] for row in csv.DictReader(io.StringIO(r.stdout))]


def read_until(fd, pattern, seconds=30):
    """What the terminal printed until `pattern` appeared (or the guard against a hang ran out)."""
    out, end = b"", time.monotonic() + seconds
    while pattern not in out and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                out += os.read(fd, 4096)
            except OSError:
                break
    return out


def bash_interactive(failures):
    """What readline shows after <TAB>, in an interactive bash on a pty: filename mode's '/' and no
    space after a directory (before issue 36: `data/specs ` with a space), and a claim id prefix."""
    try:
        import pty
    except ImportError:
        print("bash interactive: no pty module, not checked")
        return
    work = tempfile.mkdtemp(prefix="bc_complete_")
    os.makedirs(os.path.join(work, "data", "specs"))
    open(os.path.join(work, "data", "specs", "grid.toml"), "w").close()
    cases = [("boundcheck table --spec da\t", b"data/"),
             ("boundcheck table --spec data/sp\t", b"data/specs/"),
             ("boundcheck verify --id rank.u.as\t", b"rank.u.as_printed.")]
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(work)
        env = dict(os.environ, PS1="PROMPT> ", TERM="dumb", INPUTRC="/dev/null", HOME=work)
        os.execvpe("bash", ["bash", "--norc", "--noprofile", "-i"], env)
    try:
        read_until(fd, b"PROMPT> ")
        os.write(fd, f"source {BASH!r}\n".encode())
        read_until(fd, b"PROMPT> ")
        for typed, want in cases:
            os.write(fd, typed.encode())
            shown = read_until(fd, want)
            shown += read_until(fd, b"\x00", 0.5)  # what follows the completion, if anything
            line = shown.decode(errors="replace").replace("\a", "").split("\n")[-1]  # the bell: ambiguous
            if not line.endswith(want.decode()):
                failures.append(f"bash interactive: {typed!r} showed {line!r}, expected it to end in {want!r} "
                                "(no space after it)")
            os.write(fd, b"\x03")  # ^C: a fresh prompt
            read_until(fd, b"PROMPT> ")
        os.write(fd, b"exit\n")
    finally:
        os.close(fd)
        os.waitpid(pid, 0)
        shutil.rmtree(work, ignore_errors=True)
    print(f"bash interactive: {len(cases)} completions checked")


def zsh(failures):
    if shutil.which("zsh") is None:
        print("zsh: not installed, not checked")
        return
    r = subprocess.run(["zsh", "-n", ZSH], capture_output=True, text=True)
    if r.returncode != 0:
        failures.append(f"zsh -n: {r.stderr.strip()[:300]}")


def bad_input(failures):
    r = subprocess.run([EXE, "--completion", "fish"], capture_output=True, text=True)
    if r.returncode != 2 or r.stdout or len(r.stderr.splitlines()) != 1:
        failures.append(f"--completion fish: exit {r.returncode}, stdout {r.stdout[:80]!r}, stderr {r.stderr!r}")


def install(failures):
    r = subprocess.run([CMAKE, "--install", BUILD, "--prefix", PREFIX], capture_output=True, text=True)
    missing = [f for f in (MAN, BASH, ZSH) if not os.path.isfile(f)]
    if r.returncode != 0 or missing:
        failures.append(f"cmake --install: exit {r.returncode}, missing {missing}: {r.stderr.strip()[-500:]}")
    return not missing


def main():
    failures = []
    try:
        if install(failures):
            checks(failures)
    finally:
        shutil.rmtree(PREFIX, ignore_errors=True)
    for f in failures:
        print("FAIL " + f)
    return 1 if failures else 0


def checks(failures):
    reg = man(failures) or json.loads(
        subprocess.run([EXE, "help", "--format", "json"], capture_output=True, text=True).stdout)
    bash(reg, failures)
    bash_interactive(failures)
    zsh(failures)
    bad_input(failures)


if __name__ == "__main__":
    sys.exit(main())
