#!/usr/bin/env bash
# Installs the Debian 12 packages a job needs that are not installed yet (non-interactive; packages
# already present are skipped, so a second run does nothing and needs no network).
#   scripts/setup-debian.sh verify   what building and running the boundcheck CLI needs
#   scripts/setup-debian.sh test     that, plus what the test suite and the optional features use
#                                    (the default: TeX Live, Chromium, Slurm, Sphinx, pandas, ...)
set -euo pipefail
job=${1:-test}
case "$job" in verify | test) ;; *) echo "usage: scripts/setup-debian.sh [verify|test]" >&2; exit 2 ;; esac

# Building and running the CLI (scripts/bootstrap.sh verify). Nothing here is a test tool.
packages=(
  build-essential cmake ninja-build pkg-config
  ccache  # scripts/bootstrap.sh: objects kept between builds of any clone (CI)
  libflint-dev libflint-arb-dev libgmp-dev libmpfr-dev
  libboost-dev libeigen3-dev libcli11-dev nlohmann-json3-dev libfmt-dev
  libtomlplusplus-dev libglpk-dev
)
# The test suite and the optional features (figures, the Python module, the docs site).
test_packages=(
  clang-format doctest-dev
  gnuplot-nox  # table --plot
  clang libclang-rt-14-dev  # fuzz/run.sh: libFuzzer, ASan, UBSan
  texlive-latex-base texlive-latex-recommended texlive-science  # the test that compiles --format latex
  poppler-utils  # pdftoppm and pdftotext: the figure test's PNG, the paper test's text
  libxml2-utils  # xmllint: the JUnit report validated against tests/data/junit.xsd
  parallel  # the scaling guide's GNU parallel recipe, run by the test suite
  # the scaling guide's Slurm array job, run by the test suite on a private single-node Slurm
  # (scripts/slurm-selftest.sh --quick, about 20 s; it starts its own munged, slurmctld and slurmd
  # with a generated config in a temporary directory; the packages' own services need
  # /etc/slurm/slurm.conf, which this script does not write, so slurmctld and slurmd stay stopped)
  slurm-wlm munge
  chromium  # the test that opens --format html reports in a headless browser (tests/html_report.py)
  python3 python3-mpmath python3-numpy python3-scipy python3-sympy
  python3-dev pybind11-dev python3-pytest
  python3-pandas python3-matplotlib  # Table.to_pandas(), Table.plot() and the example notebook, tested
  python3-sphinx python3-myst-parser furo  # the documentation site (scripts/build-docs.sh), built by the tests
  libjs-mathjax  # MathJax 2, copied into the site: its formulas typeset offline (tests/docs_site.py checks)
  groff-base  # the test that renders the man page (groff -man -ww)
)
[[ $job == test ]] && packages+=("${test_packages[@]}")

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  echo "setup: all ${#packages[@]} Debian packages of the $job job present" >&2
  exit 0
fi

sudo=""
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done" >&2
