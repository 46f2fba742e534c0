#!/usr/bin/env bash
# Every example spec with a [plot] section (data/specs/, the figures in docs/figures/) runs and draws:
# the table is computed and gnuplot writes an SVG holding one curve per series. Exit 125 (skipped)
# without gnuplot.
set -euo pipefail
exe=$1
specs=$2
command -v gnuplot >/dev/null 2>&1 || { echo "gnuplot not installed: skipped" >&2; exit 125; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
n=0
for s in "$specs"/*.toml; do
  grep -q '^\[plot\]' "$s" || continue
  name=$(basename "$s" .toml)
  if ! "$exe" table --spec "$s" --plot "$dir/$name.svg" --output "$dir/$name.csv" 2>"$dir/$name.err"; then
    echo "$name: $(grep -v '^note:' "$dir/$name.err" | head -1)" >&2
    exit 1
  fi
  grep -q '<svg' "$dir/$name.svg" || { echo "$name: no SVG written" >&2; exit 1; }
  [ "$(wc -l <"$dir/$name.csv")" -ge 2 ] || { echo "$name: an empty table" >&2; exit 1; }
  n=$((n + 1))
done
[ "$n" -ge 6 ] || { echo "only $n specs with a [plot] section (expected at least 6)" >&2; exit 1; }
echo "figures: $n example specs drawn" >&2
