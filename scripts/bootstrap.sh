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

scripts/setup-debian.sh
jobs=$(nproc 2>/dev/null || echo 2)

configure() {  # configure DIR [cmake args...]
  local dir=$1
  shift
  cmake -S . -B "$dir" -G Ninja -DBOUNDCHECK_WERROR=ON "$@" >/dev/null
}

if [[ $mode == verify ]]; then
  configure build/release -DCMAKE_BUILD_TYPE=Release -DBOUNDCHECK_TESTS=OFF -DBOUNDCHECK_BENCH=OFF
  cmake --build build/release --target boundcheck -j "$jobs"
  exec build/release/boundcheck verify
fi

configure build/release -DCMAKE_BUILD_TYPE=Release -DBOUNDCHECK_TESTS=ON -DBOUNDCHECK_BENCH=OFF
cmake --build build/release -j "$jobs"
(cd build/release && ctest -j "$jobs" --output-on-failure)

# Sanitizers: AddressSanitizer + UndefinedBehaviorSanitizer in build/sanitize (with clang, the build
# that also holds the fuzz targets .ci/run runs next), over the unit tests and every CLI test of
# input handling, output and merging. Left to the Release pass above: tests whose time goes to
# other programs (pdflatex, chromium, gnuplot, SymPy, Slurm, clang-format) and tests that repeat
# runs only to compare their bytes (threads, shards, help examples, the red-team and seam sweeps,
# whose input classes the fuzz targets and unit tests cover under ASan): an instrumented process
# takes ~0.2 s to start, and the whole suite under ASan took 23 of CI's 30 minutes (2026-11-25).
release_only='^(latex:|style:|docs:|figures:|closed forms:|sweeps:|help:|security: red-team|security: seam sweep'
release_only+='|cli: output does not depend on --threads|cli: verify prints the same bytes'
release_only+="|cli: one command's tree|table: sharded and merged|table: shards of a skewed grid"
release_only+='|table: a streamed CSV)'
scripts/configure-sanitize.sh
cmake --build build/sanitize -j "$jobs"
(cd build/sanitize && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest -j "$jobs" --output-on-failure -E "$release_only")
echo "bootstrap: all tests passed (Release and ASan+UBSan)" >&2
