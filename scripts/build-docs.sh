#!/usr/bin/env bash
# Builds the documentation site (static HTML) into OUTDIR, from the same sources the program uses:
#   scripts/build-docs.sh OUTDIR
# The binary is $BOUNDCHECK (default build/release/boundcheck), the Python module the one built
# beside it ($BOUNDCHECK_PYTHON_DIR, default its python/ directory). Sphinx with MyST Markdown and
# the furo theme (Debian: python3-sphinx python3-myst-parser furo), warnings as errors.
#
# The sources are assembled in a temporary directory: docs/site (conf.py, index, the API page),
# docs/guides, docs/math (the mathematical notes), the figures, and the generated pages (docs/gen/): one reference page per command
# from `boundcheck help --format json` with its examples run now, the catalogue from
# `boundcheck verify --wide --format json`, the example notebook run now, ARCHITECTURE.md, the
# bench results (bench/results/), the table spec and the expression grammar from their sources.
# OUTDIR/man/boundcheck.1 is the man page, from the same registry. Exit 125: Sphinx, MyST or furo
# is missing (the test suite then reports the site as skipped).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[[ $# -eq 1 && -n $1 ]] || { echo "usage: scripts/build-docs.sh OUTDIR" >&2; exit 2; }
out=$(mkdir -p "$1" && cd "$1" && pwd)
export BOUNDCHECK=${BOUNDCHECK:-$root/build/release/boundcheck}
pydir=${BOUNDCHECK_PYTHON_DIR:-$(dirname "$BOUNDCHECK")/python}
BOUNDCHECK=$(realpath -m "$BOUNDCHECK")
pydir=$(realpath -m "$pydir")
py=/usr/bin/python3
[[ -x $BOUNDCHECK ]] || { echo "build-docs: no boundcheck at $BOUNDCHECK (build it, or set BOUNDCHECK)" >&2; exit 2; }
[[ -d $pydir/boundcheck ]] || { echo "build-docs: no Python module in $pydir (set BOUNDCHECK_PYTHON_DIR)" >&2; exit 2; }
if ! $py -c 'import sphinx, myst_parser, furo' 2>/dev/null; then
  echo "build-docs: Sphinx, MyST or furo missing (apt-get install python3-sphinx python3-myst-parser furo)" >&2
  exit 125
fi
mathjax=/usr/share/javascript/mathjax
if [[ ! -f $mathjax/MathJax.js || ! -f $mathjax/config/TeX-AMS_SVG.js ]]; then
  echo "build-docs: MathJax missing (apt-get install libjs-mathjax), the formulas could not be typeset" >&2
  exit 125
fi
SECONDS=0
stage=$(mktemp -d "${TMPDIR:-/tmp}/bc_site.XXXXXX")
ref=""
# BOUNDCHECK_DOCS_KEEP=1 keeps the assembled sources (to debug a warning: its path is printed)
trap '[[ -z $ref ]] || kill "$ref" 2>/dev/null || true; [[ -n ${BOUNDCHECK_DOCS_KEEP:-} ]] && echo "build-docs: sources kept in $stage" >&2 || rm -rf "$stage"' EXIT
cp "$root"/docs/site/* "$stage"/
cp -r "$root/docs/guides" "$stage/guides"
cp -r "$root/docs/math" "$stage/math"
mkdir -p "$stage/figures" "$stage/examples"
cp "$root"/docs/figures/*.png "$stage/figures/"
cp "$root"/docs/examples/*.png "$stage/examples/"
# MathJax 2 (SVG output: no web fonts), only the parts that TeX-AMS_SVG loads, into the site itself
mkdir -p "$stage/_static/mathjax/config" "$stage/_static/mathjax/jax/input" "$stage/_static/mathjax/jax/output/SVG/fonts" \
  "$stage/_static/mathjax/localization"
cp -L "$mathjax/MathJax.js" "$stage/_static/mathjax/"
cp -L "$mathjax/config/TeX-AMS_SVG.js" "$stage/_static/mathjax/config/"
cp -rL "$mathjax/extensions" "$stage/_static/mathjax/"
cp -rL "$mathjax/jax/element" "$stage/_static/mathjax/jax/"
cp -rL "$mathjax/jax/input/TeX" "$stage/_static/mathjax/jax/input/"
cp -rL "$mathjax/jax/output/SVG/jax.js" "$mathjax/jax/output/SVG/config.js" "$mathjax/jax/output/SVG/autoload" \
  "$stage/_static/mathjax/jax/output/SVG/"
cp -rL "$mathjax/jax/output/SVG/fonts/TeX" "$stage/_static/mathjax/jax/output/SVG/fonts/"
cp -rL "$mathjax/localization/en" "$stage/_static/mathjax/localization/"

gen="$root/docs/gen"
PYTHONPATH=$pydir $py "$gen/reference.py" "$stage" &
ref=$!
$py "$gen/catalogue.py" "$stage"
PYTHONPATH=$pydir $py "$gen/notebook.py" "$stage"
$py "$gen/pages.py" "$stage"
$py "$gen/manpage.py" "$out/man/boundcheck.1"
wait "$ref"
ref=""

version=$("$BOUNDCHECK" --version --format json | $py -c 'import json,sys; print(json.load(sys.stdin)["boundcheck"])')
BOUNDCHECK_PYTHON_DIR=$pydir BOUNDCHECK_DOCS_VERSION=$version \
  $py -m sphinx -W --keep-going -q -j 2 -b html -d "$stage/.doctrees" "$stage" "$out"
rm -f "$out/.buildinfo"
echo "build-docs: $out in ${SECONDS} s" >&2
