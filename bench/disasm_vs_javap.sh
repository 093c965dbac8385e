#!/usr/bin/env bash
# Whole-run comparison for the disassembler: `jhalt disasm` on java.base.jmod
# against `javap -c` over the same classes (extracted to a temporary
# directory; one javap process for all of them, as fast as javap gets).
# Usage: bench/disasm_vs_javap.sh [BUILD_DIR] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
runs=${2:-5}
jdk=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")}
jmod=$jdk/jmods/java.base.jmod
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$jmod" "$tmp/classes" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    names = [n for n in z.namelist() if n.startswith("classes/") and n.endswith(".class")
             and not n.endswith("module-info.class")]
    for n in names:
        z.extract(n, sys.argv[2] + "_raw")
    print(len(names), "classes")
PY
mv "$tmp/classes_raw/classes" "$tmp/classes"
(cd "$tmp/classes" && find . -name '*.class' | sort > ../list)
# One javap process for all classes (the shell expands the list; javap has
# no @argfiles).
sed -i "s|^\./|$tmp/classes/|" "$tmp/list"
python3 bench/compare.py -n "$runs" "$build/bin/jhalt disasm $jmod" "javap -c \$(cat $tmp/list)"
