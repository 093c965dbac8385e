#!/usr/bin/env bash
# Builds the libFuzzer target for the class-file front end with clang and
# ASan/UBSan, then fuzzes for SECONDS (default 60) from a seed corpus of the
# malformed test cases and the TPDB classes. Exits non-zero on a finding.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
scripts/setup.sh --fuzz
corpus=build-fuzz/corpus
seeds=build-fuzz/seeds
rm -rf "$seeds"
mkdir -p "$corpus" "$seeds"
python3 tests/malformed/make_corpus.py "$seeds" > /dev/null
rm -f "$seeds/MANIFEST" "$seeds"/*.jar
if [[ -d ../shared/tpdb ]]; then
  n=0
  while IFS= read -r jar; do
    n=$((n + 1))
    python3 - "$jar" "$seeds/tpdb$n" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    for i, e in enumerate(x for x in z.namelist() if x.endswith(".class")):
        open("%s_%d.class" % (sys.argv[2], i), "wb").write(z.read(e))
PY
  done < <(find ../shared/tpdb -name '*.jar' | sort | head -40)
fi
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
build-fuzz/fuzz/classfile_fuzzer -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 "$corpus" "$seeds"
