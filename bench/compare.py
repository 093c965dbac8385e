#!/usr/bin/env python3
"""Times shell commands as whole processes, side by side: after a warm-up,
runs A B A B ... and prints median/min/max of wall time and peak RSS for
each (and user+sys CPU seconds), and the median of the pairwise wall ratios B/A. Output of the commands
is discarded.

Usage: compare.py [-n RUNS] [--warmup N] 'COMMAND A' ['COMMAND B']
"""
import argparse
import os
import resource
import statistics
import subprocess
import time


def run(cmd):
    start = time.perf_counter()
    p = subprocess.Popen(cmd, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    cpu = usage.ru_utime + usage.ru_stime
    return wall, usage.ru_maxrss / 1024.0, os.waitstatus_to_exitcode(status), cpu


def summary(values):
    return "median %8.3f  min %8.3f  max %8.3f" % (statistics.median(values), min(values), max(values))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=5)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("commands", nargs="+")
    args = ap.parse_args()
    for _ in range(args.warmup):
        for c in args.commands:
            run(c)
    results = {c: [] for c in args.commands}
    for _ in range(args.n):
        for c in args.commands:
            results[c].append(run(c))
    for i, c in enumerate(args.commands):
        r = results[c]
        print("%s: %s" % ("AB"[i], c))
        print("   wall s   %s" % summary([x[0] for x in r]))
        print("   cpu s    %s" % summary([x[3] for x in r]))
        print("   peak MB  %s" % summary([x[1] for x in r]))
        codes = sorted(set(x[2] for x in r))
        print("   exit codes %s" % codes)
    if len(args.commands) == 2:
        a, b = (results[c] for c in args.commands)
        ratios = [y[0] / x[0] for x, y in zip(a, b)]
        print("wall ratio B/A: %s" % summary(ratios))


if __name__ == "__main__":
    main()
