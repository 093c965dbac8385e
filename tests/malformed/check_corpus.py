#!/usr/bin/env python3
"""Runs `jhalt disasm` and `jhalt info` on every case of the malformed corpus
(see make_corpus.py) and checks: bad inputs exit with 2 and print exactly one
line `jhalt: error: <file>: <what>` containing the expected fragment; valid
edge cases exit with 0. A crash, a hang (10 s) or any other exit code fails.

Usage: check_corpus.py JHALT CORPUS_DIR
"""
import os
import subprocess
import sys


def main():
    jhalt, corpus = sys.argv[1], sys.argv[2]
    failures, kinds = [], 0
    with open(os.path.join(corpus, "MANIFEST")) as f:
        cases = [line.rstrip("\n").split(" ", 2) for line in f if line.strip()]
    for name, expect, fragment in cases:
        path = os.path.join(corpus, name)
        kinds += expect == "bad"
        for cmd in ("disasm", "info"):
            try:
                r = subprocess.run([jhalt, cmd, path], capture_output=True, text=True, timeout=10)
            except subprocess.TimeoutExpired:
                failures.append("%s %s: hangs" % (cmd, name))
                continue
            lines = r.stderr.splitlines()
            if expect == "ok":
                if r.returncode != 0 or lines:
                    failures.append("%s %s: exit %d, stderr %r" % (cmd, name, r.returncode, r.stderr))
                continue
            prefix = "jhalt: error: %s: " % path
            if r.returncode != 2:
                failures.append("%s %s: exit %d instead of 2 (stderr %r)" % (cmd, name, r.returncode, r.stderr))
            elif len(lines) != 1 or not lines[0].startswith(prefix) or fragment not in lines[0]:
                failures.append("%s %s: expected one line starting %r containing %r, got %r" % (
                    cmd, name, prefix, fragment, r.stderr))
    print("checked %d malformed kinds and %d valid edge cases" % (kinds, len(cases) - kinds))
    for f in failures:
        print("FAIL", f)
    return 1 if failures or kinds < 20 else 0


if __name__ == "__main__":
    sys.exit(main())
