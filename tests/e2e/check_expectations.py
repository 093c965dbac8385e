#!/usr/bin/env python3
"""End-to-end tests: runs jhalt on the Java test programs and checks the
expectations written in their sources, lines of the form

    // EXPECT: <command> [options] -> <VERDICT> [expectation ...]

<command> is `termcomp` or `analyze`; the program is its jar (programs/ and
examples/, TPDB layout) or the directory of compiled test classes. After the
verdict (first output line of termcomp, "verdict" of analyze's JSON) come:
  nonterminating:<kind>[:<line>]     a non-termination finding
  exception:<class>[:<line>]         an exception finding
  args:<json list>                   the witness arguments of a finding
  no-exceptions                      no exception finding
Every finding must carry a replay that confirmed it.

Usage: check_expectations.py JHALT SOURCE_ROOT... --jars DIR --classes DIR
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys

EXPECT = re.compile(r"//\s*EXPECT:\s*(\w+)(.*?)->\s*(.*)$")


def check(jhalt, target, command, options, spec):
    args = [jhalt, command, target] + shlex.split(options) + ["--replay-timeout", "1", "--timeout", "40"]
    if command == "analyze":
        args += ["--format", "json"]
    r = subprocess.run(args, capture_output=True, text=True, timeout=180)
    tokens = spec.split()
    want = tokens[0]
    if command == "termcomp":
        got = r.stdout.split("\n", 1)[0]
        return [] if got == want else ["verdict %s, expected %s\n%s" % (got, want, r.stdout[:1500])]
    try:
        report = json.loads(r.stdout)
    except ValueError:
        return ["no JSON output (exit %d): %s %s" % (r.returncode, r.stdout[:500], r.stderr[:500])]
    problems = []
    if report["verdict"] != want:
        problems.append("verdict %s, expected %s" % (report["verdict"], want))
    for t in tokens[1:]:
        if t.startswith("nonterminating:"):
            parts = t.split(":")
            hits = [n for n in report["nonterminating"] if n["kind"] == parts[1]
                    and (len(parts) < 3 or n["line"] == int(parts[2]))]
            if not hits:
                problems.append("no %s non-termination%s" % (parts[1], " at line " + parts[2] if len(parts) > 2 else ""))
            for n in hits:
                if not n["replay"].startswith("confirmed"):
                    problems.append("finding not confirmed by replay: %s" % n["replay"])
        elif t.startswith("exception:"):
            parts = t.split(":")
            hits = [e for e in report["exceptions"] if e["exception"] == parts[1]
                    and (len(parts) < 3 or e["line"] == int(parts[2]))]
            if not hits:
                problems.append("no %s%s; found %s" % (parts[1], " at line " + parts[2] if len(parts) > 2 else "",
                                                     [(e["exception"], e["line"]) for e in report["exceptions"]]))
            for e in hits:
                if not e["replay"].startswith("threw"):
                    problems.append("exception not confirmed by replay: %s" % e["replay"])
        elif t.startswith("args:"):
            wanted = json.loads(t[5:])
            if not any(n["witness"].get("args") == wanted for n in report["nonterminating"]):
                problems.append("no witness with args %s: %s" % (wanted, [n["witness"] for n in report["nonterminating"]]))
        elif t == "no-exceptions":
            if report["exceptions"]:
                problems.append("unexpected exceptions %s" % report["exceptions"])
        else:
            problems.append("unknown expectation " + t)
    if problems:
        problems.append(json.dumps(report)[:2000])
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("jhalt")
    ap.add_argument("roots", nargs="+")
    ap.add_argument("--jars", required=True)
    ap.add_argument("--classes", required=True)
    args = ap.parse_args()
    failures, checked = [], 0
    for root in args.roots:
        for dirpath, _, files in os.walk(root):
            for f in sorted(files):
                if not f.endswith(".java"):
                    continue
                path = os.path.join(dirpath, f)
                name = f[:-5]
                jar = os.path.join(args.jars, name + ".jar")
                target = jar if os.path.exists(jar) else args.classes
                with open(path, encoding="utf-8") as src:
                    for line in src:
                        m = EXPECT.search(line)
                        if not m:
                            continue
                        checked += 1
                        command, options, spec = m.group(1), m.group(2).strip(), m.group(3).strip()
                        problems = check(args.jhalt, target, command, options, spec)
                        status = "ok" if not problems else "FAIL"
                        print("%-4s %s: %s %s -> %s" % (status, name, command, options, spec))
                        for p in problems:
                            print("     " + p)
                        if problems:
                            failures.append(name)
    print("%d expectations checked, %d failed" % (checked, len(failures)))
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
