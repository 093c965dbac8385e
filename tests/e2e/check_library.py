#!/usr/bin/env python3
"""A whole library in one command (issue 10): `jhalt analyze JAR
--all-methods` on a Debian library jar must end without an `error` result,
every reported finding confirmed (by jhalt's run and, for exceptions, the
JVM), and a summary. Skipped (exit 77) when the jar is not installed.

Usage: check_library.py JHALT JAR
"""
import json
import os
import subprocess
import sys


def main():
    jhalt, jar = sys.argv[1:3]
    if not os.path.exists(jar):
        print("skipped: %s not installed" % jar)
        return 77
    r = subprocess.run([jhalt, "analyze", jar, "--all-methods", "--format", "jsonl", "--jobs", "2"],
                       capture_output=True, text=True, timeout=1800)
    lines = [json.loads(l) for l in r.stdout.splitlines()]
    problems = []
    if r.returncode != 0:
        problems.append("exit %d: %s" % (r.returncode, r.stderr[:500]))
    if not lines or "summary" not in lines[-1]:
        problems.append("no summary")
    methods = [l for l in lines if "entry" in l]
    for m in methods:
        if m["verdict"] == "ERROR":
            problems.append("error in %s: %s" % (m["entry"], m.get("error")))
        for f in m["nonterminating"] + m["exceptions"]:
            if not f["confirmed"] or not f["confirmation"]:
                problems.append("unconfirmed finding in %s" % m["entry"])
            if "exception" in f and not f["replay"].startswith("confirmed"):
                problems.append("exception not confirmed by the JVM in %s: %s" % (m["entry"], f["replay"]))
    summary = lines[-1].get("summary", {}) if lines else {}
    print("methods %d, summary %s" % (len(methods), json.dumps(summary)))
    if summary.get("methods") != len(methods) or summary.get("errors") != 0:
        problems.append("summary does not match: %r" % summary)
    for p in problems[:20]:
        print("FAIL", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
