#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan + libFuzzer) in build/sanitize, the build
# the test command's sanitizer pass uses too (scripts/configure-sanitize.sh), and runs each
# for SECONDS (default 30) on a copy of its seed corpus (fuzz/corpus/<target>, and the dictionary
# fuzz/<target>.dict if there is one), with the work limits lowered inside the targets so that one
# input costs milliseconds.
#   fuzz/run.sh [SECONDS]          all targets: argv catalogue parse table_spec render
#   FUZZ_TARGETS="parse argv" fuzz/run.sh 60
# Exit 0 when no target found a crash; crash inputs are left in
# build/sanitize/fuzz-runs/crashes/<target>/ (add each as a regression test and to the corpus after fixing it). Exit 125 without clang.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
# FUZZ_RUNS=N: a reproducible run for CI: N executions per target from libFuzzer seed FUZZ_SEED
# (default 1), with SECONDS x 4 as a safety cap, so that the same commit always explores the same
# inputs and CI cannot turn red on a fresh random find. Without it: SECONDS of random exploration.
if [[ -n ${FUZZ_RUNS:-} ]]; then
  budget=(-runs="$FUZZ_RUNS" -seed="${FUZZ_SEED:-1}" -max_total_time=$((seconds * 4)))
else
  budget=(-max_total_time="$seconds")
fi
targets=${FUZZ_TARGETS:-argv catalogue parse table_spec render}  # the longest first
if ! command -v clang++ >/dev/null 2>&1; then
  echo "fuzz/run.sh: clang++ not found (apt-get install clang libclang-rt-14-dev); skipping" >&2
  exit 125
fi
scripts/configure-sanitize.sh
cmake --build build/sanitize -j "${FUZZ_JOBS:-2}" $(for t in $targets; do echo --target fuzz_$t; done)
runs=build/sanitize/fuzz-runs
# The targets run side by side, FUZZ_JOBS (default 2) at a time: each libFuzzer process is one
# thread, and each explores the same inputs wherever it runs (its own corpus copy, seed and runs).
fuzz_one() {  # fuzz_one TARGET: writes $runs/status_TARGET (0 or 1)
  local t=$1 work=$runs/corpus/$1 crashes=$runs/crashes/$1 dict=()
  mkdir -p "$work" "$crashes"
  cp -n fuzz/corpus/$t/* "$work"/ 2>/dev/null || true
  [[ ! -f fuzz/$t.dict ]] || dict=(-dict="fuzz/$t.dict")
  echo "fuzz/run.sh: fuzz_$t for $seconds s" >&2
  if ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
    build/sanitize/fuzz/fuzz_$t "${budget[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=1024 \
    "${dict[@]}" -artifact_prefix="$crashes/" "$work" 2>$runs/fuzz_$t.log; then
    echo 0 >"$runs/status_$t"
  else
    echo 1 >"$runs/status_$t"
  fi
}
mkdir -p "$runs"
for t in $targets; do
  rm -f "$runs/status_$t"
  fuzz_one "$t" &
  while (($(jobs -rp | wc -l) >= ${FUZZ_JOBS:-2})); do wait -n || true; done
done
wait
status=0
for t in $targets; do
  if [[ $(cat "$runs/status_$t" 2>/dev/null) != 0 ]]; then
    echo "fuzz/run.sh: fuzz_$t found a failure; see $runs/fuzz_$t.log and $runs/crashes/$t/" >&2
    tail -40 $runs/fuzz_$t.log >&2
    status=1
  fi
done
exit $status
