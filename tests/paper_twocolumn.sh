#!/usr/bin/env bash
# The paper job of data/specs/paper_lb_grid.toml (issue 28), as an author does it: one spec, one
# table and one figure, no hand edits, set in \documentclass[twocolumn]{article}. Checks that
# pdflatex compiles it with no error and no overfull box, that the figure has one curve per (d, r)
# (six legend entries naming both values), that the table has the two-level header (\cmidrule
# groups) and the label, and that siunitx prints the numbers whole (group-digits off).
# Usage: paper_twocolumn.sh BOUNDCHECK_EXE SPEC [PNG]: with PNG, the compiled page is also written
# there (pdftoppm -png -r 100; docs/figures/paper_lb_grid_page.png is made this way).
# With PAPER_RUN set to the spec's computed shard file (tests/compute_specs.sh, CTest fixture
# example_specs), the table and the figure come from it through `table merge`.
# Exit 125 (skipped) without pdflatex, siunitx or gnuplot's cairolatex terminal.
set -euo pipefail
exe=$1
spec=$2
png=${3:-}
command -v pdflatex >/dev/null 2>&1 || { echo "pdflatex not installed: skipped" >&2; exit 125; }
kpsewhich siunitx.sty >/dev/null 2>&1 || { echo "siunitx not installed: skipped" >&2; exit 125; }
command -v gnuplot >/dev/null 2>&1 && gnuplot -e 'set terminal' 2>&1 | grep -q cairolatex ||
  { echo "gnuplot's cairolatex terminal missing: skipped" >&2; exit 125; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "paper_twocolumn: $*" >&2; exit 1; }

if [[ -n ${PAPER_RUN:-} ]]; then sweep=(table merge "$PAPER_RUN"); else sweep=(table --spec "$spec"); fi
"$exe" "${sweep[@]}" --format latex --output "$dir/lb_table.tex" --plot "$dir/lb_fig.tex" 2>"$dir/notes" ||
  fail "table failed: $(cat "$dir/notes")"
# one curve per (d, r): six legend entries, each naming d and r
legend=$(grep -o '\$d = [0-9]*\$, \$r = [0-9]*\$' "$dir/lb_fig.tex" | sort -u | wc -l)
[[ $legend -eq 6 ]] || fail "the figure has $legend legend entries naming (d, r), expected 6"
# the key below the plot, as LaTeX will set it (\put positions of the picture): two columns of three
# rows, and the x label at least one key row's spacing above the first row (closer, they touch)
python3 - "$dir/lb_fig.tex" <<'PY' || fail "the figure's key and x label collide or the key is one column"
import re, sys
puts = re.findall(r"\\put\((\d+),(\d+)\)\{\\makebox\(0,0\)(?:\[r\])?\{\\strut\{\}([^}]*)\}", open(sys.argv[1]).read())
key = [(int(x), int(y)) for x, y, t in puts if t.startswith("$d = ")]
label = [int(y) for x, y, t in puts if t == "heads $H$"]
xs, ys = sorted({x for x, _ in key}), sorted({y for _, y in key}, reverse=True)
print(f"key columns at x {xs}, rows at y {ys}, x label at y {label}", file=sys.stderr)
sys.exit(0 if len(xs) == 2 and len(ys) == 3 and len(label) == 1 and label[0] - ys[0] >= ys[0] - ys[1] else 1)
PY
grep -q 'cmidrule' "$dir/lb_table.tex" || fail "the table has no \\cmidrule groups"
grep -q 'multicolumn{2}{c}{\$d = 16\$}' "$dir/lb_table.tex" || fail "no 'd = 16' group over two columns"
grep -q '\\label{tab:lb}' "$dir/lb_table.tex" || fail "no \\label{tab:lb}"
grep -q 'group-digits=false' "$dir/lb_table.tex" || fail "siunitx digit grouping is not turned off"
grep -q '^1000000 ' "$dir/lb_table.tex" || fail "H = 10^6 is not printed as 1000000"

cat >"$dir/paper.tex" <<'TEX'
\documentclass[twocolumn]{article}
\usepackage{amsmath}
\usepackage{booktabs}
\usepackage{siunitx}
\usepackage{graphicx}
\usepackage{color}
\newcommand{\filler}{How many rank-$r$ heads does a $d$-dimensional attention layer need before its
  error can fall below a given level? The certified spectral lower bound answers it for every
  dimension, rank and number of heads at once, and the table and the figure of this note come from
  one specification file, computed, typeset and checked without a single hand edit.\par}
\begin{document}
\title{Rank versus heads}
\author{boundcheck's test suite}
\maketitle
\section{Lower bounds}
Table~\ref{tab:lb} and Figure~\ref{fig:lb} give the certified lower bound for every $(d, r)$.
\input{lb_table}
\filler\filler\filler\filler\filler\filler\filler\filler\filler
\begin{figure}
\input{lb_fig}
\caption{$\mathrm{LB}(d, r, H)$ against the number of heads $H$: colour by $d$, dash by $r$.}
\label{fig:lb}
\end{figure}
\filler\filler\filler\filler\filler\filler
\end{document}
TEX
(cd "$dir" && pdflatex -interaction=nonstopmode -halt-on-error paper.tex >/dev/null 2>&1 &&
  pdflatex -interaction=nonstopmode -halt-on-error paper.tex >/dev/null 2>&1) || {
  grep -E '^!|^l\.[0-9]' "$dir/paper.log" | head -20 >&2
  fail "the two-column paper does not compile"
}
if grep -q 'Overfull \\hbox' "$dir/paper.log"; then
  grep -A2 'Overfull \\hbox' "$dir/paper.log" >&2
  fail "overfull boxes in the two-column paper"
fi
grep -q 'LaTeX Warning: Reference' "$dir/paper.log" && fail "an undefined reference (the \\label)"
if [[ -n $png ]]; then
  command -v pdftoppm >/dev/null 2>&1 || fail "pdftoppm (poppler-utils) is needed to write $png"
  # the page that holds the table (a table* floats to the top of the next page) and the figure
  pdftoppm -png -r 100 -f 2 -l 2 -singlefile "$dir/paper.pdf" "${png%.png}"
fi

# the same spec with H at 12 points per decade (--set, as an author would): a table* longer
# than a longtable's threshold, which LaTeX cannot set as a longtable in two columns, still compiles
"$exe" table --spec "$spec" --set 'H={from=1, to=1e6, per_decade=12}' --format latex \
  --output "$dir/lb_long.tex" 2>"$dir/notes" || fail "table --set H failed: $(cat "$dir/notes")"
grep -q 'rows stay in one table\*' "$dir/notes" || fail "no note that the long table* stays one float"
# its rows: the distinct integers nearest 10^(k/12), k = 0..72 (more than the 60 of a longtable)
want=$(python3 -c 'print(len({round(10 ** (k / 12)) for k in range(73)}))')
[[ $(grep -c '^[0-9][0-9]* & ' "$dir/lb_long.tex") -eq $want ]] || fail "the 12-per-decade table has no $want rows"
sed -e 's/\\input{lb_table}/\\input{lb_long}/' -e '/\\begin{figure}/,/\\end{figure}/d' \
  -e 's/^\\usepackage{siunitx}/&\\usepackage{longtable}/' \
  "$dir/paper.tex" >"$dir/long.tex"
(cd "$dir" && pdflatex -interaction=nonstopmode -halt-on-error long.tex >/dev/null 2>&1) || {
  grep -E '^!|^l\.[0-9]' "$dir/long.log" | head -20 >&2
  fail "the long table* does not compile in the two-column paper"
}
echo "paper_twocolumn: compiled with no overfull box; 6 curves; two-level header; a long table*" >&2
