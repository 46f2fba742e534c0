#!/usr/bin/env bash
# Configures build/sanitize: AddressSanitizer + UndefinedBehaviorSanitizer over the library, the
# CLI and the test suite. With clang++ present the same build also holds the libFuzzer targets
# (every object instrumented with -fsanitize=fuzzer-no-link; only fuzz_* link the libFuzzer
# driver), so the test command's sanitizer pass and fuzz/run.sh compile the code once, not twice.
# Without clang the sanitizer suite is built with the default compiler and the fuzz targets are
# skipped. Used by scripts/bootstrap.sh test and fuzz/run.sh; prints nothing on success.
set -euo pipefail
cd "$(dirname "$0")/.."
# Warnings are errors in the Release build (GCC); here clang's extra warnings stay warnings, so a
# sanitizer run is never lost to a warning GCC does not give.
# A unity build (CMakeLists.txt, BOUNDCHECK_UNITY): the tree is compiled from scratch on every CI
# run, and batching the sources halves its CPU time. ccache, when installed, keeps objects between
# runs (scripts/bootstrap.sh sets its base directory so that fresh clones share them).
args=(-DCMAKE_BUILD_TYPE=None -DBOUNDCHECK_SANITIZE=ON -DBOUNDCHECK_TESTS=ON -DBOUNDCHECK_BENCH=OFF
      -DBOUNDCHECK_WERROR=OFF -DBOUNDCHECK_UNITY=ON)
if command -v ccache >/dev/null 2>&1; then
  args+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
if command -v clang++ >/dev/null 2>&1; then
  args+=(-DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DBOUNDCHECK_FUZZ=ON)
fi
cmake -S . -B build/sanitize -G Ninja "${args[@]}" "$@" >/dev/null
