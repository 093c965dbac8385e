#!/usr/bin/env python3
"""TPDB runner: runs `jhalt termcomp` on every jar below a directory with a
per-problem time limit, shows progress, writes a CSV (file, answer, wall s,
peak RSS MB) and a summary, and compares with an expected-answers CSV
(problem,expected,reference_wall_s) when given.

A wrong answer is a NO (or YES) where the expected answer is the opposite;
they are listed and make the exit code 1.

Usage: bench/tpdb.py [--jhalt build/bin/jhalt] [--timeout 60] [--jobs 2]
                     [--expected ../shared/tpdb/expected.csv] [--csv out.csv]
                     [--filter SUBSTRING] [--extra 'termcomp options'] DIR
"""
import argparse
import csv
import os
import resource
import shlex
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed


def run_one(jhalt, jar, timeout, extra):
    start = time.perf_counter()
    cmd = [jhalt, "termcomp", jar, "--timeout", str(timeout)] + extra
    try:
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            out, err = p.communicate(timeout=timeout + 15)
        except subprocess.TimeoutExpired:
            p.kill()
            out, err = p.communicate()
            out = "TIMEOUT\n" + out
        _, status, usage = os.wait4(p.pid, 0) if False else (0, 0, None)
    except OSError as e:
        return jar, "ERROR", 0.0, 0.0, str(e)
    wall = time.perf_counter() - start
    answer = out.split("\n", 1)[0].strip() if out else "ERROR"
    if answer not in ("YES", "NO", "MAYBE"):
        answer = "ERROR" if answer != "TIMEOUT" else "TIMEOUT"
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
    return jar, answer, wall, rss, (err.strip().splitlines() or [""])[-1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--jhalt", default=os.path.join(os.path.dirname(__file__), "..", "build", "bin", "jhalt"))
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--expected")
    ap.add_argument("--csv")
    ap.add_argument("--filter", default="")
    ap.add_argument("--extra", default="")
    args = ap.parse_args()
    jars = sorted(os.path.join(r, f) for r, _, fs in os.walk(args.dir) for f in fs
                  if f.endswith(".jar") and args.filter in os.path.join(r, f))
    expected = {}
    if args.expected:
        with open(args.expected) as f:
            for row in csv.DictReader(f):
                expected[row["problem"]] = (row["expected"], float(row.get("reference_wall_s") or 0))
    base = os.path.dirname(os.path.abspath(args.expected)) if args.expected else os.path.abspath(args.dir)
    extra = shlex.split(args.extra)
    results = []
    t0 = time.perf_counter()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run_one, args.jhalt, j, args.timeout, extra) for j in jars]
        for k, fut in enumerate(as_completed(futures), 1):
            results.append(fut.result())
            done = int(40 * k / len(jars))
            line = "[%s%s] %d/%d %.0fs" % ("#" * done, "." * (40 - done), k, len(jars), time.perf_counter() - t0)
            if sys.stderr.isatty():
                sys.stderr.write("\r" + line)
            elif k % max(1, len(jars) // 10) == 0 or k == len(jars):
                sys.stderr.write(line + "\n")
            sys.stderr.flush()
    if sys.stderr.isatty():
        sys.stderr.write("\n")
    results.sort()
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["file", "answer", "wall_s", "peak_rss_mb"])
            for jar, ans, wall, rss, _ in results:
                w.writerow([os.path.relpath(jar, base), ans, "%.3f" % wall, "%.1f" % rss])
    counts = {}
    for _, ans, _, _, _ in results:
        counts[ans] = counts.get(ans, 0) + 1
    walls = [r[2] for r in results]
    print("problems: %d, total %.1f s, median %.3f s" % (len(results), sum(walls), statistics.median(walls) if walls else 0))
    print("answers: " + ", ".join("%s %d" % kv for kv in sorted(counts.items())))
    wrong, agree_no, ref_no, extra_no = [], 0, 0, 0
    ref_walls = []
    for jar, ans, wall, _, err in results:
        key = os.path.relpath(jar, base)
        if key not in expected:
            continue
        exp, ref_wall = expected[key]
        ref_walls.append(ref_wall)
        if exp == "NO":
            ref_no += 1
            agree_no += ans == "NO"
        if ans == "NO" and exp == "YES" or ans == "YES" and exp == "NO":
            wrong.append((key, ans, exp))
        if ans == "NO" and exp != "NO":
            extra_no += 1
    if expected:
        print("reference NO: %d, jhalt NO on them: %d (%.0f%%), jhalt NO where the reference has no NO: %d"
              % (ref_no, agree_no, 100.0 * agree_no / max(ref_no, 1), extra_no))
        if ref_walls:
            print("median reference wall: %.2f s; median jhalt wall: %.3f s" % (statistics.median(ref_walls),
                                                                             statistics.median(walls)))
        print("wrong answers: %d" % len(wrong))
        for key, ans, exp in wrong:
            print("  WRONG %s: jhalt %s, expected %s" % (key, ans, exp))
    errors = [(j, e) for j, a, _, _, e in results if a in ("ERROR", "TIMEOUT")]
    for j, e in errors[:20]:
        print("  %s %s" % (os.path.relpath(j, base), e))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
