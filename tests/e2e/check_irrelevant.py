#!/usr/bin/env python3
"""Checks `jhalt irrelevant` against the expectations written in the test
programs (tests/java/irrelevant/*.java, issue 17):

    // RELEVANT: <outcomes>          the --relevant value (header line)
    // METHOD: <method>              optional: --method (else main is the entry)
    ... code ... // IRRELEVANT: <reason>

Every marked line must be reported with that reason, and no other line may
be reported (both directions: a missed irrelevant line and a relevant line
reported as irrelevant fail the test).

usage: check_irrelevant.py JHALT SOURCES_DIR CLASSES_DIR
"""
import json
import pathlib
import re
import subprocess
import sys

MARK = re.compile(r"//\s*IRRELEVANT:\s*(.+?)\s*$")


def expectations(src):
    relevant, method, marked = None, None, {}
    for no, line in enumerate(src.read_text().splitlines(), 1):
        m = re.match(r"\s*//\s*RELEVANT:\s*(\S+)", line)
        if m:
            relevant = m.group(1)
        m = re.match(r"\s*//\s*METHOD:\s*(\S+)", line)
        if m:
            method = m.group(1)
        m = MARK.search(line)
        if m:
            marked[no] = m.group(1)
    return relevant, method, marked


def main():
    jhalt, sources, classes = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
    failures, checked = [], 0
    for src in sorted(sources.glob("*.java")):
        relevant, method, marked = expectations(src)
        if relevant is None:
            failures.append(f"{src.name}: no '// RELEVANT:' header")
            continue
        cmd = [jhalt, "irrelevant", str(classes / (src.stem + ".class")), "--relevant", relevant, "--format", "json"]
        if method:
            cmd += ["--method", method]
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if run.returncode != 0:
            failures.append(f"{src.name}: exit {run.returncode}: {run.stderr.strip()}")
            continue
        report = json.loads(run.stdout)
        reported = {}
        for group in report["irrelevant"]:
            if group["file"] != src.name:
                continue
            for line in group["lines"]:
                reported[line] = group["reason"]
        for line, reason in sorted(marked.items()):
            if line not in reported:
                failures.append(f"{src.name}:{line}: expected irrelevant ({reason}), not reported")
            elif reported[line] != reason:
                failures.append(f"{src.name}:{line}: expected '{reason}', reported '{reported[line]}'")
        for line, reason in sorted(reported.items()):
            if line not in marked:
                failures.append(f"{src.name}:{line}: reported irrelevant ({reason}) but is relevant")
        checked += 1
    for f in failures:
        print("FAIL", f)
    print(f"{checked} programs checked, {len(failures)} failures")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
