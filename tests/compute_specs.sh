#!/usr/bin/env bash
# The example specs computed once (issue 37 §4): every data/specs/*.toml into OUTDIR/NAME.json, a
# shard file of one shard (table --spec S --shard 1/1), which the LaTeX and paper tests
# (latex_compile.sh, paper_twocolumn.sh) render and draw through `table merge` instead of each
# computing the sweeps again (CTest fixture example_specs). `table merge` of one shard prints what
# `table --spec` prints (tests/cli/test_table.cpp: sharded and merged, byte for byte), and
# render_specs.sh still runs every spec directly.
# Usage: compute_specs.sh BOUNDCHECK_EXE SPECS_DIR OUTDIR
set -euo pipefail
exe=$1
specs=$2
out=$3
rm -rf "$out"
mkdir -p "$out"
n=0
for s in "$specs"/*.toml; do
  name=$(basename "$s" .toml)
  "$exe" table --spec "$s" --shard 1/1 --output "$out/$name.json" 2>"$out/$name.err" ||
    { echo "$name: $(grep -v '^note:' "$out/$name.err" | head -1)" >&2; exit 1; }
  n=$((n + 1))
done
echo "compute_specs: $n example specs computed into $out" >&2
