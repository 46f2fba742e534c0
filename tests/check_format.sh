#!/bin/sh
# Style gate: every C/C++ source is clang-format clean (.clang-format; Debian's clang-format 14).
# Exit 125 (CTest: skipped) when clang-format is missing.
command -v clang-format >/dev/null 2>&1 || exit 125
cd "$(dirname "$0")/.." || exit 1
files=$(find src tools tests bench data/generators python/src -name '*.cpp' -o -name '*.hpp' -o -name '*.c' | sort)
exec clang-format --dry-run --Werror $files
