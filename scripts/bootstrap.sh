#!/usr/bin/env bash
# One command from a fresh Debian 12 clone to a result:
#   scripts/bootstrap.sh verify   install missing packages, build, run `boundcheck verify`
#   scripts/bootstrap.sh test     install missing packages, build twice (Release, and
#                                 ASan+UBSan), run the whole test suite in both
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

# Sanitizers: AddressSanitizer + UndefinedBehaviorSanitizer over the same suite.
configure build/asan -DCMAKE_BUILD_TYPE=None -DBOUNDCHECK_SANITIZE=ON -DBOUNDCHECK_TESTS=ON \
  -DBOUNDCHECK_BENCH=OFF
cmake --build build/asan -j "$jobs"
(cd build/asan && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest -j "$jobs" --output-on-failure)
echo "bootstrap: all tests passed (Release and ASan+UBSan)" >&2
