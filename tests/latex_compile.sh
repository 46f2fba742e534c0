#!/usr/bin/env bash
# Compiles the LaTeX that boundcheck prints (every example spec, and plain commands including
# certified intervals and exact rationals) in a minimal document with booktabs and siunitx, the two
# packages the output names in its header comment. Exit 125 (skipped) without pdflatex/siunitx.
# Usage: latex_compile.sh BOUNDCHECK_EXE SPECS_DIR [RUNS_DIR]: with RUNS_DIR (tests/compute_specs.sh,
# CTest fixture example_specs) each spec's table and figure come from its computed shard file through
# `table merge`, not from computing the sweep again.
set -euo pipefail
exe=$1
specs=$2
runs=${3:-}
sweep() {  # sweep SPEC ARGS...: the spec's table, computed or merged from RUNS_DIR
  local s=$1
  shift
  if [[ -n $runs ]]; then
    "$exe" table merge "$runs/$(basename "$s" .toml).json" "$@"
  else
    "$exe" table --spec "$s" "$@"
  fi
}
command -v pdflatex >/dev/null 2>&1 || { echo "pdflatex not installed: skipped" >&2; exit 125; }
kpsewhich siunitx.sty >/dev/null 2>&1 || { echo "siunitx not installed: skipped" >&2; exit 125; }
kpsewhich booktabs.sty >/dev/null 2>&1 || { echo "booktabs not installed: skipped" >&2; exit 125; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
n=0
# A long table keeps its first 200 rows (a few pages of longtable at \tiny) and, after them, the
# first row of each textual shape (its digits masked): what can break LaTeX is a cell's shape, not
# the number of rows, and siunitx takes about 1.4 ms a cell, so the two example tables of 2,400 and
# 3,000 rows took 30 s of CI's CPU in full. Their 37 shapes are all kept.
thin() {  # thin FILE
  awk '/&.*\\\\$/ { n++; k = $0; gsub(/[0-9]+/, "0", k); if (n > 200 && (k in seen)) next; seen[k] = 1 } { print }' \
    "$1" >"$1.thin"
  mv "$1.thin" "$1"
}
emit() {  # emit NAME COMMAND ARGS...: one table file (COMMAND: "$exe" or sweep)
  local name=$1
  shift
  "$@" --format latex --output "$dir/$name.tex" 2>/dev/null
  thin "$dir/$name.tex"
  echo "\\input{$name}" >>"$dir/body.tex"
  n=$((n + 1))
}
: >"$dir/body.tex"
for s in "$specs"/*.toml; do
  emit "spec$n" sweep "$s"
done
emit cmd_bound "$exe" rank bound --d 64 --r 8 --H 1,10,100
emit cmd_bound_cert "$exe" rank bound --d 64 --r 8 --H 10 --certified
emit cmd_exact "$exe" sphere sign-coef --d 3 --l-max 7 --exact
emit cmd_big "$exe" sphere gegenbauer --d 100 --l 100000 --t 0.3
emit cmd_heads "$exe" rank heads --d 64 --r 8 --eps 0.1
emit cmd_sym "$exe" sym gram --N 2 --degree 3 --matrix --normalised
emit cmd_comm "$exe" comm models
emit cmd_count "$exe" rank count --d 5 --r 2 --l-max 4
cat >"$dir/doc.tex" <<'TEX'
\documentclass{article}
\usepackage[margin=1cm,landscape]{geometry}
\usepackage{amsmath}
\usepackage{booktabs}
\usepackage{siunitx}
\usepackage{longtable}
\begin{document}
\tiny
\input{body}
\end{document}
TEX
(cd "$dir" && pdflatex -interaction=nonstopmode -halt-on-error doc.tex >/dev/null 2>&1) || {
  grep -E '^!|^l\.[0-9]' "$dir/doc.log" | head -20 >&2
  exit 1
}
echo "latex: $n tables compiled" >&2

# --standalone: each document compiles as it is, with nothing added (issue 18)
standalone() {  # standalone NAME ARGS...
  local name=$1
  shift
  "$exe" "$@" --format latex --standalone --output "$dir/$name.tex" 2>/dev/null
  grep -q '^\\documentclass' "$dir/$name.tex" || { echo "$name: not a document" >&2; exit 1; }
  (cd "$dir" && pdflatex -interaction=nonstopmode -halt-on-error "$name.tex" >/dev/null 2>&1) || {
    echo "$name: the standalone document does not compile:" >&2
    grep -E '^!|^l\.[0-9]' "$dir/$name.log" | head -20 >&2
    exit 1
  }
  n=$((n + 1))
}
n=0
standalone sa_bound rank bound --d 64 --r 8 --H 1,10,100
standalone sa_count rank count --d 5 --r 2 --l-max 4
standalone sa_verify verify --id depth.fit
standalone sa_long sphere sign-coef --d 3 --l-max 161 --exact
for s in "$specs"/hmin_vs_talk.toml "$specs"/paperL_table1.toml; do
  standalone "sa_spec$n" table --spec "$s"
done
# the widest pivot LaTeX sets (issue 38 §4): 256 value columns under one header compile; 257
# are refused by boundcheck (tests/cli/bad_input.txt), since pdflatex stops at "256 spans"
cat >"$dir/pivot256.toml" <<'TOML'
command = "sphere dim"
[fixed]
d = 3
[sweep]
l = { from = 1, to = 256, step = 1 }
[layout]
rows = "d"
cols = "l"
value = "N"
TOML
standalone sa_pivot256 table --spec "$dir/pivot256.toml"
echo "latex: $n standalone documents compiled" >&2

# Figures for papers (issue 18): every spec with a [plot] section drawn with --plot NAME.tex
# (gnuplot's cairolatex: the text is LaTeX, the lines a PDF beside it), \input into one document
# that sets the text in its own fonts. Skipped without gnuplot's cairolatex terminal.
if command -v gnuplot >/dev/null 2>&1 && gnuplot -e 'set terminal' 2>&1 | grep -q cairolatex; then
  n=0
  : >"$dir/figs.tex"
  for s in "$specs"/*.toml; do
    grep -q '^\[plot\]' "$s" || continue
    name="fig$n"
    (cd "$dir" && sweep "$s" --plot "$name.tex" >/dev/null 2>&1) || {
      echo "$s: --plot $name.tex failed" >&2
      exit 1
    }
    [[ -s "$dir/$name.pdf" ]] || { echo "$s: no $name.pdf beside $name.tex" >&2; exit 1; }
    # the text is LaTeX, not drawn into the PDF: the [labels] math reaches the .tex
    grep -q 'put(' "$dir/$name.tex" || { echo "$s: $name.tex holds no text" >&2; exit 1; }
    printf '\\begin{figure}\\input{%s}\\end{figure}\n' "$name" >>"$dir/figs.tex"
    n=$((n + 1))
  done
  cat >"$dir/figdoc.tex" <<'TEX'
\documentclass{article}
\usepackage{amsmath}
\usepackage{graphicx}
\usepackage{color}
\begin{document}
\input{figs}
\end{document}
TEX
  (cd "$dir" && pdflatex -interaction=nonstopmode -halt-on-error figdoc.tex >/dev/null 2>&1) || {
    echo "the figures do not compile:" >&2
    grep -E '^!|^l\.[0-9]' "$dir/figdoc.log" | head -20 >&2
    exit 1
  }
  ((n >= 3)) || { echo "only $n figures found" >&2; exit 1; }
  echo "latex: $n cairolatex figures compiled" >&2
  # and in a two-column article, without an overfull box: a figure with no [plot] style is
  # \columnwidth wide (it was 4.8 in, wider than a column)
  sed 's/^\\documentclass{article}/\\documentclass[twocolumn]{article}/' "$dir/figdoc.tex" >"$dir/figdoc2.tex"
  (cd "$dir" && pdflatex -interaction=nonstopmode -halt-on-error figdoc2.tex >/dev/null 2>&1) || {
    echo "the figures do not compile in a two-column article:" >&2
    grep -E '^!|^l\.[0-9]' "$dir/figdoc2.log" | head -20 >&2
    exit 1
  }
  if grep -q 'Overfull \\hbox' "$dir/figdoc2.log"; then
    echo "a figure overflows a column of a two-column article:" >&2
    grep -A2 'Overfull \\hbox' "$dir/figdoc2.log" | head -20 >&2
    exit 1
  fi
  echo "latex: the $n figures fit a two-column article" >&2
fi
