#!/usr/bin/env bash
# Runs the whole test suite: installs missing packages, builds, runs CTest.
#   scripts/test.sh              the normal build (build/)
#   scripts/test.sh --sanitize   the ASan/UBSan build (build-asan/)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=build
setup_flags=()
if [[ ${1:-} == --sanitize ]]; then
  dir=build-asan
  setup_flags=(--sanitize)
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
fi
scripts/setup.sh "${setup_flags[@]}"
ctest --test-dir "$dir" --output-on-failure -j "$(nproc 2>/dev/null || echo 2)"
