#!/usr/bin/env python3
"""Symbolic execution graph construction on TPDB problems: runs
`jhalt graph --stats` on every jar below a directory and reports how many
graphs are complete, construction times (as reported by jhalt), graph sizes
and the peak memory of each process.

Usage: bench/graph_tpdb.py [--jhalt build/bin/jhalt] [--timeout 10] DIR
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--jhalt", default=os.path.join(os.path.dirname(__file__), "..", "build", "bin", "jhalt"))
    ap.add_argument("--timeout", type=float, default=10)
    args = ap.parse_args()
    jars = sorted(os.path.join(r, f) for r, _, fs in os.walk(args.dir) for f in fs if f.endswith(".jar"))
    rows = []
    for jar in jars:
        start = time.perf_counter()
        p = subprocess.Popen([args.jhalt, "graph", jar, "--stats", "--timeout", str(args.timeout)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        out = p.stdout.read()
        err = p.stderr.read()
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        rss = usage.ru_maxrss / 1024.0
        m = re.search(r"(\d+) states, (\d+) edges, (\d+) SCCs, (\d+) loop heads, ([\d.]+) ms", out)
        reason = (err.strip().splitlines() or [""])[-1]
        rows.append((jar, code, wall, m, reason, rss))
    rss_all = [r[5] for r in rows]
    peak = max(rss_all)
    complete = [r for r in rows if r[1] == 0]
    ms = [float(r[3].group(5)) for r in complete if r[3]]
    states = [int(r[3].group(1)) for r in complete if r[3]]
    print("problems: %d, complete graphs: %d (%.1f%%)" % (len(rows), len(complete), 100.0 * len(complete) / len(rows)))
    print("construction ms (complete): median %.1f, p90 %.1f, max %.1f, total %.1f s" % (
        statistics.median(ms), sorted(ms)[int(len(ms) * 0.9)], max(ms), sum(ms) / 1000))
    print("process wall s (all): median %.3f, total %.1f s" % (statistics.median([r[2] for r in rows]),
                                                             sum(r[2] for r in rows)))
    print("states (complete): median %d, max %d; largest peak RSS of one process: %.0f MB" % (
        statistics.median(states), max(states), peak))
    over = [r for r in rows if r[5] >= 256]
    print("peak RSS per process: median %.0f MB, over 256 MB: %d%s" % (
        statistics.median(rss_all), len(over),
        "".join("\n    %s %.0f MB" % (os.path.relpath(r[0], args.dir), r[5]) for r in over)))
    reasons = {}
    for r in rows:
        if r[1] != 0:
            key = re.sub(r" at .*|\(.*", "", r[4])
            reasons[key] = reasons.get(key, 0) + 1
    for k, v in sorted(reasons.items(), key=lambda kv: -kv[1]):
        print("  %3d  %s" % (v, k))
    return 0


if __name__ == "__main__":
    sys.exit(main())
