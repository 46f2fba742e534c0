#!/usr/bin/env bash
# One command from a fresh Debian 12 clone to a result:
#   scripts/bootstrap.sh verify   install missing packages, build, run `boundcheck verify`
#   scripts/bootstrap.sh test     install missing packages, build twice (Release, and
#                                 ASan+UBSan: build/sanitize), run the whole test suite in
#                                 Release and its memory-relevant part under the sanitizers
# The README's two commands are exactly these; .ci/run runs the second.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}
case "$mode" in verify | test) ;; *) echo "usage: scripts/bootstrap.sh verify|test" >&2; exit 2 ;; esac

# Each stage's wall time, printed at the end (CI must stay under 15 minutes on two cores).
declare -a timings=()
stage_start=$SECONDS
stage_done() {  # stage_done NAME: records the time since the previous stage ended
  timings+=("$(printf '%5d s  %s' $((SECONDS - stage_start)) "$1")")
  stage_start=$SECONDS
}

scripts/setup-debian.sh "$mode"  # verify: the build's own packages only; test: everything
jobs=$(nproc 2>/dev/null || echo 2)
stage_done "set-up (packages)"

# ccache (installed by setup-debian.sh) keeps compiled objects between runs; with the clone's root
# as its base directory and without the directory in the hash, a fresh clone of the same sources
# reuses them. The first run on a machine compiles everything (CI's figure without a cache is in
# ARCHITECTURE.md, "Build and CI").
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1
  export CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
else
  launcher=()
fi

configure() {  # configure DIR [cmake args...]
  local dir=$1
  shift
  cmake -S . -B "$dir" -G Ninja -DBOUNDCHECK_WERROR=ON "${launcher[@]}" "$@" >/dev/null
}

if [[ $mode == verify ]]; then
  # the CLI alone, in unity batches: 21 objects, not 156 (about 80 s on two idle cores, README)
  configure build/release -DCMAKE_BUILD_TYPE=Release -DBOUNDCHECK_TESTS=OFF -DBOUNDCHECK_BENCH=OFF \
    -DBOUNDCHECK_UNITY=ON
  cmake --build build/release --target boundcheck -j "$jobs"
  stage_done "build (the CLI)"
  printf 'bootstrap: %s\n' "${timings[@]}" >&2
  exec build/release/boundcheck verify
fi

# a unity build: sources compiled in batches (CMakeLists.txt, BOUNDCHECK_UNITY), half the CPU time
configure build/release -DCMAKE_BUILD_TYPE=Release -DBOUNDCHECK_TESTS=ON -DBOUNDCHECK_BENCH=OFF \
  -DBOUNDCHECK_UNITY=ON
cmake --build build/release -j "$jobs"
stage_done "Release build"

# Sanitizers: AddressSanitizer + UndefinedBehaviorSanitizer in build/sanitize (with clang, the build
# that also holds the fuzz targets .ci/run runs next), over the unit tests and every CLI test of
# input handling, output and merging. Left to the Release pass above: tests whose time goes to
# other programs (pdflatex, chromium, gnuplot, SymPy, Slurm, clang-format) and tests that repeat
# runs only to compare their bytes (threads, shards, help examples, the red-team and seam sweeps,
# whose input classes the fuzz targets and unit tests cover under ASan): an instrumented process
# takes ~0.2 s to start, and the whole suite under ASan took 23 of CI's 30 minutes (2026-11-25).
# Also left to Release: the sweeps of issues 35 and 38 (issue 38's sets RLIMIT_AS, which ASan's
# shadow memory cannot live with; the options sweep's budget cases are timings), and the test of a
# sweep's sampled price (its subject is a time estimate, which the sanitizers' slowdown changes).
release_only='^(latex:|style:|docs:|figures:|closed forms:|sweeps:|help:|security: red-team|security: seam sweep'
release_only+='|security: issue 38 sweep|security: options, budgets|security: your-paper'
release_only+='|table: the sampled price of a sweep'
release_only+='|cli: output does not depend on --threads|cli: verify prints the same bytes'
release_only+="|cli: one command's tree|table: sharded and merged|table: shards of a skewed grid"
release_only+='|table: a streamed CSV)'
scripts/configure-sanitize.sh

# The sanitizer tree compiles while the Release suite runs: the suite leaves cores idle (its long
# tests wait on pdflatex, Slurm and browsers), and the build fills them. Its log is printed if it
# fails.
sanitize_log=build/sanitize/build.log
cmake --build build/sanitize -j "$jobs" >"$sanitize_log" 2>&1 &
sanitize_build=$!
if ! (cd build/release && ctest -j "$jobs" --output-on-failure); then
  kill "$sanitize_build" 2>/dev/null || true
  exit 1
fi
stage_done "Release tests (the sanitizer tree compiling alongside)"
if ! wait "$sanitize_build"; then
  tail -n 60 "$sanitize_log" >&2
  echo "bootstrap: the sanitizer build failed; the whole log is $sanitize_log" >&2
  exit 1
fi
stage_done "sanitizer build (rest)"
(cd build/sanitize && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest -j "$jobs" --output-on-failure -E "$release_only")
stage_done "sanitizer tests"
printf 'bootstrap: %s\n' "${timings[@]}" >&2
echo "bootstrap: all tests passed (Release and ASan+UBSan)" >&2
