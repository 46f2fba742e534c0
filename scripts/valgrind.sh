#!/usr/bin/env bash
# Valgrind (memcheck) over a small sample of the exact-arithmetic paths: FLINT/Arb objects must be
# freed (the RAII holders of src/core/flint.hpp), and no invalid read or write. Separate from the
# test suite (slow: a few minutes). Runs on two threads: OpenMP workers free FLINT's thread-local
# caches when they end (src/core/flint_threads.hpp), so parallel sweeps are checked too.
#   scripts/valgrind.sh [BUILD_DIR]     (default build/release; needs the boundcheck executable)
# Exit 0 when every run is clean ("definitely lost" and "indirectly lost" are errors).
set -euo pipefail
cd "$(dirname "$0")/.."
exe=${1:-build/release}/boundcheck
command -v valgrind >/dev/null || { echo "scripts/valgrind.sh: valgrind not found (apt-get install valgrind)" >&2; exit 125; }
[[ -x $exe ]] || { echo "scripts/valgrind.sh: $exe not built" >&2; exit 2; }
status=0
run() {
  local log
  log=$(mktemp)
  if valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
    --show-leak-kinds=definite,indirect "$exe" "$@" --threads 2 >/dev/null 2>"$log"; then
    echo "clean: boundcheck $*"
  else
    local rc=$?
    if [[ $rc == 99 ]]; then
      echo "VALGRIND ERRORS: boundcheck $*" >&2
      cat "$log" >&2
      status=1
    else
      echo "clean (exit $rc, a refusal): boundcheck $*"
    fi
  fi
  rm -f "$log"
}
run sphere dim --d 7 --l-max 30 --double-check
run sphere dim --d 1000 --l 200
run sphere gegenbauer --d 5 --l 120 --t 3/10 --digits 40 --double-check
run sphere gegenbauer --d 4 --l 50 --t 3/2
run sphere sign-coef --d 5 --l-max 30 --exact
run sphere hecke-funk --d 6 --l 31
run rank count --d 5 --r 2 --l-max 6
run rank bound --d 16 --r 4 --H 10
run rank heads --d 32 --r 4 --eps 0.2
run rank bound --d 64 --r 8 --H "log(1,1e4,2)"
run rank heads --d 16,32 --r 1,2 --eps 0.2
run rank head-target --d 8 --theta pi/6 --digits 20
run rank u --d 8 --t 1/2 --degree 9
run depth bounds --L 4 --dx 512 --H 8 --corollary 1 --shallow-L 2
run depth grid-rank --hadamard --d 3 --lambda 3 --exact
run sym hstar --d 3 --N 1:6 --double-check
run sym gram --N 3 --degree 5 --double-check
run sym eckart-young --power 50 --alpha 1/3 --H 5
run comm sizes --N 512,1000 --d 1 --q 1,8
run verify --id sphere.dim
run sphere dim --d 1 --l 3
exit $status
