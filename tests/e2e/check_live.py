#!/usr/bin/env python3
"""End-to-end checks of `jhalt run` and `jhalt attach` (issue 15) on real JVMs.

Every program under tests/java/live has one line

    // EXPECT: live -> NO stuck:<line> thread:<name>     (it hangs in that loop)
    // EXPECT: live -> ENDS exit:<code>                  (it runs long, then ends)
    // EXPECT: live -> MAYBE                             (it hangs for long, but not forever:
                                                          jhalt must not say NO)
optionally followed by `modes:run,agent,plain` (the checks to run; default
all) and `jvm:<option>,...` (options for the JVM),

and is started three ways:

  run      jhalt run --after 2 --kill --format json -- java -cp CLASSES live.<Name>
           NO: exit 1 and the report proves the thread stuck at the line;
           ENDS: the program's own exit code, its normal output, no report.
  agent    java -agentpath:<agent> ... then jhalt attach PID after 2 s:
           NO: the same proof, and the JVM is still alive afterwards;
           ENDS: MAYBE, and the program then ends normally.
  plain    plain java, then jhalt attach PID (dynamic attach): never a report
           (MAYBE: the local variables cannot be read), the JVM is still
           alive afterwards, ENDS programs end normally.

Usage: check_live.py JHALT CLASSES SOURCES [--jobs N] [--only NAME,...]
"""
import argparse
import concurrent.futures
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

TIMEOUT = "30"  # jhalt's safety net per analysis (--timeout); more for slow builds


def run_limit():
    """How long one `jhalt run` may take: the program, and up to three
    analyses of each loop (each bounded by --timeout) that hold its thread."""
    return max(240, 4 * int(TIMEOUT))

EXPECT = re.compile(r"//\s*EXPECT:\s*live\s*->\s*(NO|ENDS|MAYBE)\s*(.*)$")


def expectations(sources):
    cases = []
    for f in sorted(os.listdir(sources)):
        if not f.endswith(".java"):
            continue
        with open(os.path.join(sources, f), encoding="utf-8") as src:
            for line in src:
                m = EXPECT.search(line)
                if m:
                    fields = dict(kv.split(":", 1) for kv in m.group(2).split())
                    cases.append((f[:-5], m.group(1), fields))
    return cases


def java_cmd(classes, name, fields, agent=None):
    cmd = ["java"]
    if agent:
        cmd.append("-agentpath:" + agent)
    if fields.get("jvm"):
        cmd += fields["jvm"].split(",")
    return cmd + ["-cp", classes, "live." + name]


def check_proof(report, fields, where):
    errors = []
    if report.get("verdict") != "NO":
        return ["%s: verdict %s, expected NO (%s)" % (where, report.get("verdict"), report.get("threads"))]
    found = report["nonterminating"][0]
    if str(found.get("line")) != fields["stuck"]:
        errors.append("%s: stuck at line %s, expected %s" % (where, found.get("line"), fields["stuck"]))
    if found.get("thread") != fields["thread"]:
        errors.append("%s: thread %s, expected %s" % (where, found.get("thread"), fields["thread"]))
    if found.get("kind") != "live" or not found.get("proof") or not found.get("confirmed"):
        errors.append("%s: finding without a confirmed proof: %s" % (where, found))
    return errors


def run_mode(jhalt, classes, name, verdict, fields, tmp):
    out = os.path.join(tmp, name + ".run.json")
    started = time.time()
    cmd = [jhalt, "run", "--after", "2", "--kill", "--format", "json", "--output", out, "--timeout", TIMEOUT, "--"] + \
        java_cmd(classes, name, fields)
    if verdict == "MAYBE":
        # It runs on: give jhalt its analyses, then stop jhalt and the JVM.
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        try:
            p.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
        where = "%s (run, %.1f s)" % (name, time.time() - started)
        if p.returncode == 1 or os.path.exists(out):
            with open(out) as f:
                report = json.load(f)
            if report.get("nonterminating"):
                return ["%s: WRONG report: %s" % (where, report["nonterminating"])]
        return []
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        p.stdout_text, p.stderr_text = p.communicate(timeout=run_limit())
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return ["%s (run): neither proven nor ended within %d s" % (name, run_limit())]
    where = "%s (run, %.1f s)" % (name, time.time() - started)
    if verdict == "NO":
        if p.returncode != 1 or not os.path.exists(out):
            return ["%s: exit %d, no report; stderr: %s" % (where, p.returncode, p.stderr_text.strip()[-400:])]
        with open(out) as f:
            return check_proof(json.load(f), fields, where)
    errors = []
    if p.returncode != int(fields.get("exit", "0")):
        errors.append("%s: exit %d, expected the program's %s; stderr: %s"
                      % (where, p.returncode, fields.get("exit"), p.stderr_text.strip()[-400:]))
    if not p.stdout_text.strip():
        errors.append("%s: the program's output is missing" % where)
    if os.path.exists(out):
        with open(out) as f:
            report = json.load(f)
        if report.get("nonterminating"):
            errors.append("%s: WRONG report of a terminating program: %s" % (where, report["nonterminating"]))
    return errors


def attach_mode(jhalt, classes, name, verdict, fields, agent):
    mode = "agent" if agent else "plain"
    jvm = subprocess.Popen(java_cmd(classes, name, fields, agent), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True)
    errors = []
    try:
        time.sleep(2)
        started = time.time()
        p = subprocess.run([jhalt, "attach", str(jvm.pid), "--format", "json", "--timeout", TIMEOUT],
                           capture_output=True, text=True, timeout=300)
        where = "%s (attach, %s, %.1f s)" % (name, mode, time.time() - started)
        if p.returncode != 0:
            if verdict == "ENDS" and jvm.poll() is not None:
                return []  # it ended while jhalt attached: nothing to check
            return ["%s: exit %d: %s" % (where, p.returncode, p.stderr.strip()[-400:])]
        report = json.loads(p.stdout)
        if verdict == "NO" and agent:
            errors += check_proof(report, fields, where)
        elif report.get("nonterminating"):
            errors.append("%s: WRONG report: %s" % (where, report["nonterminating"]))
        if verdict in ("NO", "MAYBE"):
            time.sleep(0.5)
            if jvm.poll() is not None:
                errors.append("%s: the JVM died after jhalt detached (exit %s)" % (where, jvm.returncode))
        else:
            try:
                out, err = jvm.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                return errors + ["%s: the program did not end after jhalt detached" % where]
            if jvm.returncode != int(fields.get("exit", "0")) or not out.strip():
                errors.append("%s: after detach the program ended with %d, output %r, stderr %r"
                              % (where, jvm.returncode, out, err[-300:]))
    finally:
        if jvm.poll() is None:
            jvm.send_signal(signal.SIGKILL)
            jvm.wait()
    return errors


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("jhalt")
    ap.add_argument("classes")
    ap.add_argument("sources")
    ap.add_argument("--agent", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", default="")
    ap.add_argument("--timeout", default="30", help="jhalt's --timeout (a safety net; the sanitizer build is slow)")
    args = ap.parse_args()
    global TIMEOUT
    TIMEOUT = args.timeout
    cases = expectations(args.sources)
    if args.only:
        wanted = set(args.only.split(","))
        cases = [c for c in cases if c[0] in wanted]
    if not cases:
        print("no live expectations found")
        return 1
    work = []
    with tempfile.TemporaryDirectory(prefix="jhalt-live-") as tmp:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for name, verdict, fields in cases:
                modes = fields.get("modes", "run,agent,plain").split(",")
                if "run" in modes:
                    work.append(pool.submit(run_mode, args.jhalt, args.classes, name, verdict, fields, tmp))
                if "agent" in modes:
                    work.append(pool.submit(attach_mode, args.jhalt, args.classes, name, verdict, fields, args.agent))
                if "plain" in modes:
                    work.append(pool.submit(attach_mode, args.jhalt, args.classes, name, verdict, fields, None))
            errors = [e for f in work for e in f.result()]
    for e in errors:
        print("FAIL", e)
    print("%d programs, %d checks, %d failures" % (len(cases), len(work), len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
