#!/usr/bin/env python3
"""Symbolic execution graphs of every jar under a directory: how many are
complete within jhalt's limits (`jhalt graph --stats`, default 10 s and
60,000 states), with wall time, states and peak memory (median, p90,
maximum). Issue 16 measures the recursive TPDB problems with it:

    python3 bench/graph_stats.py ../shared/tpdb/Java_Bytecode_Recursive --jhalt build/bin/jhalt
"""
import argparse
import os
import statistics
import subprocess
import sys
import time


def run(jhalt, jar, timeout, extra):
    start = time.monotonic()
    cmd = [jhalt, "graph", "--stats", "--timeout", str(timeout)] + extra + [jar]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout * 3 + 30)
        rc, out = p.returncode, p.stdout
    except subprocess.TimeoutExpired:
        rc, out = -1, ""
    wall = time.monotonic() - start
    states = 0
    first = out.splitlines()[0] if out else ""
    for word_index, word in enumerate(first.split()):
        if word.startswith("states"):
            states = int(first.split()[word_index - 1])
    return rc, wall, states


# Peak memory of one run alone (a second run, under /usr/bin/time).
def peak_rss_mb(jhalt, jar, timeout, extra):
    p = subprocess.run(["/usr/bin/time", "-f", "%M", jhalt, "graph", "--timeout", str(timeout)] + extra + [jar],
                       capture_output=True, text=True)
    try:
        return int(p.stderr.strip().splitlines()[-1]) / 1024
    except (ValueError, IndexError):
        return 0.0


def p90(xs):
    xs = sorted(xs)
    return xs[max(0, int(0.9 * len(xs)) - 1)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--jhalt", default="build/bin/jhalt")
    ap.add_argument("--timeout", type=float, default=10)
    ap.add_argument("--extra", default="")
    ap.add_argument("--csv")
    args = ap.parse_args()
    extra = args.extra.split()
    jars = sorted(os.path.join(r, f) for r, _, fs in os.walk(args.dir) for f in fs if f.endswith(".jar"))
    rows = []
    for jar in jars:
        rc, wall, states = run(args.jhalt, jar, args.timeout, extra)
        mb = peak_rss_mb(args.jhalt, jar, args.timeout, extra)
        rows.append((os.path.relpath(jar, args.dir), rc, wall, states, mb))
        print(f"{rows[-1][0]}: {'complete' if rc == 0 else 'incomplete'} {wall:.2f} s {states} states {mb:.0f} MB",
              file=sys.stderr)
    if args.csv:
        with open(args.csv, "w") as f:
            f.write("problem,complete,wall_s,states,peak_rss_mb\n")
            for r in rows:
                f.write(f"{r[0]},{int(r[1] == 0)},{r[2]:.3f},{r[3]},{r[4]:.1f}\n")
    ok = [r for r in rows if r[1] == 0]
    walls = [r[2] for r in rows]
    states = [r[3] for r in rows]
    mbs = [r[4] for r in rows]
    print(f"graphs: {len(rows)}, complete: {len(ok)} ({100.0 * len(ok) / max(1, len(rows)):.1f}%), "
          f"complete within {args.timeout:g} s: {sum(1 for r in ok if r[2] <= args.timeout)}")
    print(f"wall s: median {statistics.median(walls):.3f}, p90 {p90(walls):.3f}, max {max(walls):.2f}")
    print(f"states: median {statistics.median(states):.0f}, p90 {p90(states)}, max {max(states)}")
    print(f"peak RSS MB: median {statistics.median(mbs):.1f}, p90 {p90(mbs):.1f}, max {max(mbs):.1f}")
    for r in rows:
        if r[1] != 0:
            print(f"incomplete: {r[0]} ({r[2]:.2f} s, {r[3]} states)")


if __name__ == "__main__":
    main()
