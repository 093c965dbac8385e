#!/usr/bin/env python3
"""Measures jhalt on a corpus of single methods annotated in their source
(a held-out corpus, not in the repository, issue 12). Before each method:

    // EXPECT: throws java.lang.NullPointerException
    // EXPECT: loops
    // EXPECT: safe

Each method is analysed on its own (`analyze --method Class.name`, JVM
integers, arbitrary arguments). Counts: expected exceptions found with a
JVM-confirmed witness, expected loops found, findings on safe methods
(false positives), other findings on buggy methods (wrong kind).

Usage: expect_corpus.py CLASSES SOURCE.java... [--jhalt build/bin/jhalt] [--jobs 2]
"""
import argparse
import json
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

EXPECT = re.compile(r"//\s*EXPECT:\s*(throws\s+(\S+)|loops|safe)\s*$")
METHOD = re.compile(r"\b(\w+)\s*\(")


def expectations(path):
    cls = re.search(r"public\s+(?:final\s+)?class\s+(\w+)", open(path).read()).group(1)
    lines = open(path).read().splitlines()
    out = []
    for i, line in enumerate(lines):
        m = EXPECT.search(line)
        if not m:
            continue
        decl = next(l for l in lines[i + 1:] if l.strip() and not l.strip().startswith("//"))
        name = METHOD.search(decl.split("=")[0]).group(1)
        out.append((cls, name, m.group(2) if m.group(2) else m.group(1)))
    return out


def analyse(jhalt, classes, cls, name):
    t0 = time.time()
    p = subprocess.run([jhalt, "analyze", "--method", "%s.%s" % (cls, name), "--format", "json", classes],
                       capture_output=True, text=True)
    try:
        return json.loads(p.stdout), time.time() - t0
    except json.JSONDecodeError:
        return {"error": (p.stderr or p.stdout)[:300]}, time.time() - t0


def judge(expect, rep):
    exc = [f for f in rep.get("exceptions", []) if f.get("confirmed")]
    loops = [f for f in rep.get("nonterminating", []) if f.get("confirmed")]
    if "error" in rep:
        return "error", rep["error"]
    kinds = sorted({f["java_exception"] for f in exc}) + (["loops"] if loops else [])
    replayed = all(f.get("replay", "").startswith("confirmed") for f in exc)
    if expect == "safe":
        return ("ok" if not kinds else "false-positive"), kinds
    if expect == "loops":
        return ("ok" if loops else "missed"), kinds
    found = [f for f in exc if f["java_exception"] == expect]
    if found and replayed:
        return "ok", [f["witness"]["java"]["call"] for f in found]
    return ("unreplayed" if found else "missed"), kinds


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("classes")
    ap.add_argument("sources", nargs="+")
    ap.add_argument("--jhalt", default="build/bin/jhalt")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    cases = [c for s in a.sources for c in expectations(s)]
    with ThreadPoolExecutor(a.jobs) as pool:
        results = list(pool.map(lambda c: analyse(a.jhalt, a.classes, c[0], c[1]), cases))
    tally = {}
    for (cls, name, expect), (rep, secs) in zip(cases, results):
        status, detail = judge(expect, rep)
        group = "safe" if expect == "safe" else ("loops" if expect == "loops" else "throws")
        tally.setdefault((group, status), 0)
        tally[(group, status)] += 1
        print("%-14s %-32s %-40s %5.2fs %s" % (status, "%s.%s" % (cls, name), expect, secs, detail))
    print()
    for group in ("throws", "loops", "safe"):
        total = sum(v for (g, _), v in tally.items() if g == group)
        ok = tally.get((group, "ok"), 0)
        print("%s: %d of %d ok; %s" % (group, ok, total,
                                      ", ".join("%s %d" % (s, v) for (g, s), v in sorted(tally.items())
                                                if g == group and s != "ok") or "no others"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
