#!/usr/bin/env python3
"""What jhalt's live agent costs the JVM it is in (issue 15).

  1. dormant: bench/live/CpuBench.java (CPU-bound, allocating) and
     bench/live/ArithBench.java (CPU-bound, no allocation in its loops) with and without
     -agentpath:libjhalt-live.so, runs alternating, the program's own times;
     also under `jhalt run --after 3600` (jhalt samples the stacks every
     250 ms but never analyses).
  2. attached: bench/live/BusyLoop.java prints its iterations per second
     every 100 ms; jhalt attach runs at 4 s; the rates before, during and
     after, for a JVM started without the agent (dynamic attach) and with it.

Usage: live_overhead.py JHALT AGENT [--runs N] [--rounds R]
Prints medians and ratios (for docs/BENCHMARKS.md).
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def compile_benchmarks(out):
    subprocess.run(["javac", "-d", out, os.path.join(HERE, "live", "CpuBench.java"),
                    os.path.join(HERE, "live", "ArithBench.java"), os.path.join(HERE, "live", "BusyLoop.java")],
                   check=True)


def cpu_time(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return float(p.stdout.split()[0])


def dormant(jhalt, agent, classes, runs, rounds, bench="CpuBench"):
    plain, with_agent, under_run = [], [], []
    commands = [
        (plain, ["java", "-cp", classes, bench, str(rounds)]),
        (with_agent, ["java", "-agentpath:" + agent, "-cp", classes, bench, str(rounds)]),
        (under_run, [jhalt, "run", "--after", "3600", "--", "java", "-cp", classes, bench, str(rounds)]),
    ]
    for k in range(runs):
        # Every order in turn, so that no command always runs after another.
        for xs, cmd in commands[k % 3:] + commands[:k % 3]:
            xs.append(cpu_time(cmd))
    mp, ma, mr = statistics.median(plain), statistics.median(with_agent), statistics.median(under_run)
    print("dormant agent, %s %d rounds, %d runs each (medians of the program's own seconds for the second "
          "half of its rounds, after the JIT):" % (bench, rounds, runs))
    print("  plain java            %.3f s  (min %.3f, max %.3f)" % (mp, min(plain), max(plain)))
    print("  -agentpath (dormant)  %.3f s  (min %.3f, max %.3f)  ratio %.3f" % (ma, min(with_agent), max(with_agent), ma / mp))
    print("  under jhalt run       %.3f s  (min %.3f, max %.3f)  ratio %.3f" % (mr, min(under_run), max(under_run), mr / mp))


def attached(jhalt, agent, classes, with_agent):
    cmd = ["java"] + (["-agentpath:" + agent] if with_agent else []) + ["-cp", classes, "BusyLoop", "10"]
    jvm = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    rates = []

    def read():
        for line in jvm.stdout:
            parts = line.split()
            if len(parts) == 2 and parts[0] != "end":
                rates.append((float(parts[0]), float(parts[1])))

    reader = threading.Thread(target=read)
    reader.start()
    time.sleep(4)
    t0 = time.time()
    p = subprocess.run([jhalt, "attach", str(jvm.pid), "--format", "json"], capture_output=True, text=True)
    t1 = time.time()
    jvm.wait()
    reader.join()
    start = t0 - 4  # about the JVM's start
    a, b = t0 - start, t1 - start
    before = [r for t, r in rates if 1.5 <= t < a]
    during = [r for t, r in rates if a <= t < b + 0.1]
    after = [r for t, r in rates if b + 0.5 <= t]
    name = "agent at start" if with_agent else "dynamic attach"
    verdict = p.stdout.split('"verdict": "')[1].split('"')[0] if '"verdict"' in p.stdout else "?"
    print("attached (%s): jhalt attach took %.2f s, verdict %s; iterations per second (median of 100 ms windows):"
          % (name, t1 - t0, verdict))
    mb = statistics.median(before) if before else float("nan")
    for label, xs in (("before", before), ("during", during), ("after", after)):
        m = statistics.median(xs) if xs else float("nan")
        print("  %-7s %6.1f M/s  (%d windows)  ratio to before %.3f" % (label, m / 1e6, len(xs), m / mb))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("jhalt")
    ap.add_argument("agent")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=100)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        compile_benchmarks(tmp)
        dormant(os.path.abspath(args.jhalt), os.path.abspath(args.agent), tmp, args.runs, args.rounds)
        dormant(os.path.abspath(args.jhalt), os.path.abspath(args.agent), tmp, args.runs, 40, "ArithBench")
        attached(os.path.abspath(args.jhalt), os.path.abspath(args.agent), tmp, False)
        attached(os.path.abspath(args.jhalt), os.path.abspath(args.agent), tmp, True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
