#!/usr/bin/env python3
"""Scores jhalt on a labelled corpus of single-method loops (issue 14's
held-out measurement; the corpus itself is not in the repository).

The corpus directory holds `classes/` (compiled) and `labels.tsv` with the
columns file, method (Cls.m(desc)), label (NONTERM or TERM), math, jvm:
for NONTERM, whether the loop runs forever for some input under
mathematical / JVM integers; for TERM, whether it always terminates.

Usage: recurrent_corpus.py JHALT CORPUS [--extra "--engine recurrent"] [--jobs N]
Prints, per semantics, the non-terminating loops proven, the false NO
answers on terminating ones, and the median time.
"""
import argparse
import concurrent.futures
import csv
import json
import os
import shlex
import statistics
import subprocess
import time


def run(jhalt, classes, method, sem, extra, timeout):
    cmd = [jhalt, "analyze", classes, "--method", method, "--int-semantics", sem, "--format", "json"] + extra
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout + 30)
        out = json.loads(p.stdout) if p.stdout.strip().startswith("{") else {}
    except (subprocess.TimeoutExpired, json.JSONDecodeError):
        out = {}
    verdict = out.get("verdict", "ERROR")
    sets = [n.get("recurrent_set", "") for n in out.get("nonterminating", [])]
    return verdict, time.monotonic() - t0, sets


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("jhalt")
    ap.add_argument("corpus")
    ap.add_argument("--extra", default="")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    classes = os.path.join(a.corpus, "classes")
    rows = list(csv.DictReader(open(os.path.join(a.corpus, "labels.tsv")), delimiter="\t"))
    extra = shlex.split(a.extra) + ["--timeout", str(a.timeout)]
    jobs = [(r, sem) for r in rows for sem in ("math", "jvm")]
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        results = list(ex.map(lambda j: run(a.jhalt, classes, j[0]["method"], j[1], extra, a.timeout), jobs))
    for sem in ("math", "jvm"):
        proven = should = wrong = 0
        times = []
        for (r, s), (verdict, secs, sets) in zip(jobs, results):
            if s != sem:
                continue
            times.append(secs)
            endless = (r["label"] == "NONTERM") == (r[sem] == "yes")
            if endless:
                should += 1
                proven += verdict == "NO"
            elif verdict == "NO":
                wrong += 1
            if a.verbose or (verdict == "NO") != endless:
                print("  %-6s %-45s %-8s expected %-5s got %s %s" % (
                    sem, r["method"], r["label"], "NO" if endless else "no NO", verdict, "; ".join(sets)[:90]))
        print("%s integers: %d of %d endless loops proven, %d false NO, median %.3f s" % (
            sem, proven, should, wrong, statistics.median(times)))


if __name__ == "__main__":
    main()
