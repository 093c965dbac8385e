#!/usr/bin/env python3
"""Issue 15's figures on a corpus of hung and long-running programs.

The corpus (not in the repository) is a directory with compiled classes in
classes/ and labels.csv: name,label,thread,loop_method,loop_line,seconds,notes
with label `hung` (runs forever in the loop at loop_line, in thread) or `ends`.

For every program:
  run     jhalt run --after 2 --kill --format json -- java -cp DIR/classes NAME
          hung: proven stuck at the right line (and thread)? ends: no report,
          its own exit code and output?
  plain   plain java, jhalt attach PID after 2 s: no false report, the JVM
          alive after detach (ends: it then finishes normally), proven share
  agent   java -agentpath:..., jhalt attach PID after 2 s: the same, and the
          time from jhalt attach to the answer

Usage: live_corpus.py JHALT AGENT CORPUS [--jobs 2] [--only a,b]
"""
import argparse
import concurrent.futures
import csv
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time


def verdict_of(report):
    found = report.get("nonterminating") or []
    return report.get("verdict"), (found[0] if found else None)


def run_mode(jhalt, classes, row, tmp):
    out = os.path.join(tmp, row["name"] + ".json")
    t0 = time.time()
    # A hung program that jhalt does not prove runs on: stop jhalt and its JVM
    # (one process group) after a while.
    p = subprocess.Popen([jhalt, "run", "--after", "2", "--kill", "--format", "json", "--output", out, "--",
                          "java", "-cp", classes, row["name"]], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, start_new_session=True)
    try:
        stdout, _ = p.communicate(timeout=60 if row["label"] == "ends" else 20)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        stdout, _ = p.communicate()
    p.stdout_text = stdout
    seconds = time.time() - t0
    report = json.load(open(out)) if os.path.exists(out) else {}
    verdict, found = verdict_of(report)
    r = {"mode": "run", "name": row["name"], "label": row["label"], "seconds": seconds, "verdict": verdict}
    if row["label"] == "hung":
        r["proven"] = verdict == "NO"
        r["right_line"] = bool(found) and str(found.get("line")) == row["loop_line"]
        r["right_thread"] = bool(found) and (not row["thread"] or found.get("thread") == row["thread"])
        r["why"] = "; ".join(n for t in report.get("threads", []) for n in t.get("undecided", []))[:300]
    else:
        r["false_report"] = verdict == "NO"
        r["normal_end"] = p.returncode == 0 and bool(p.stdout_text.strip())
    return r


def attach_mode(jhalt, agent, classes, row, with_agent):
    cmd = ["java"] + (["-agentpath:" + agent] if with_agent else []) + ["-cp", classes, row["name"]]
    jvm = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    mode = "agent" if with_agent else "plain"
    r = {"mode": mode, "name": row["name"], "label": row["label"]}
    try:
        time.sleep(2)
        t0 = time.time()
        try:
            p = subprocess.run([jhalt, "attach", str(jvm.pid), "--format", "json"], capture_output=True, text=True,
                               timeout=120)
        except subprocess.TimeoutExpired:
            r["verdict"] = "TIMEOUT"
            r["seconds"] = time.time() - t0
            return r
        r["seconds"] = time.time() - t0
        if p.returncode != 0:
            r["error"] = p.stderr.strip()[-200:]
            r["verdict"] = "ERROR"
        else:
            verdict, found = verdict_of(json.loads(p.stdout))
            r["verdict"] = verdict
            if row["label"] == "hung":
                r["proven"] = verdict == "NO"
                r["right_line"] = bool(found) and str(found.get("line")) == row["loop_line"]
        r["false_report"] = row["label"] == "ends" and r["verdict"] == "NO"
        if row["label"] == "hung":
            time.sleep(0.5)
            r["alive_after"] = jvm.poll() is None
        else:
            try:
                out, _ = jvm.communicate(timeout=120)
                r["normal_end"] = jvm.returncode == 0 and bool(out.strip())
            except subprocess.TimeoutExpired:
                r["normal_end"] = False
    finally:
        if jvm.poll() is None:
            jvm.send_signal(signal.SIGKILL)
            jvm.wait()
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("jhalt")
    ap.add_argument("agent")
    ap.add_argument("corpus")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    jhalt, agent = os.path.abspath(args.jhalt), os.path.abspath(args.agent)
    classes = os.path.join(args.corpus, "classes")
    rows = list(csv.DictReader(open(os.path.join(args.corpus, "labels.csv"))))
    if args.only:
        rows = [r for r in rows if r["name"] in args.only.split(",")]
    results = []
    with tempfile.TemporaryDirectory() as tmp, concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = []
        for row in rows:
            futures.append(pool.submit(run_mode, jhalt, classes, row, tmp))
            futures.append(pool.submit(attach_mode, jhalt, agent, classes, row, False))
            futures.append(pool.submit(attach_mode, jhalt, agent, classes, row, True))
        for f in concurrent.futures.as_completed(futures):
            results.append(f.result())
            print(json.dumps(results[-1]), flush=True)
    hung = [r for r in rows if r["label"] == "hung"]
    ends = [r for r in rows if r["label"] == "ends"]
    print()
    for mode in ("run", "agent", "plain"):
        rs = [r for r in results if r["mode"] == mode]
        proven = [r for r in rs if r.get("proven")]
        right = [r for r in proven if r.get("right_line")]
        false = [r for r in rs if r.get("false_report")]
        bad_end = [r["name"] for r in rs if r["label"] == "ends" and not r.get("normal_end")]
        dead = [r["name"] for r in rs if r["label"] == "hung" and mode != "run" and not r.get("alive_after")]
        times = [r["seconds"] for r in rs if "seconds" in r and mode != "run"]
        print("%-5s hung proven %d/%d (%.0f%%), at the right line %d; false reports %d/%d; terminating not ending "
              "normally: %s; JVMs dead after detach: %s%s"
              % (mode, len(proven), len(hung), 100.0 * len(proven) / max(1, len(hung)), len(right), len(false),
                 len(ends), bad_end or "none", dead or "none",
                 "; attach-to-answer median %.2f s (max %.2f)" % (statistics.median(times), max(times)) if times else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
