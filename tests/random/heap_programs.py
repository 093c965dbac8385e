#!/usr/bin/env python3
"""Randomized soundness test of termination proofs over the heap (issue 13,
the symbolic execution graph producer its/from_seg.h): generates programs
whose main builds a list from its arguments (sometimes closing it into a
cycle, sometimes sharing nodes) and runs a loop that walks it and may write
into it (values, links, appends, cycles). Each program is analysed with
`jhalt analyze --engine term` under both integer semantics; every program
answered YES is run on the JVM with several argument arrays in a copy whose
loops count their iterations: a run past LIMIT iterations (a count, never a
timer) is a suspected unsound YES and fails the test. The seed makes a run
reproducible.

Usage: heap_programs.py JHALT --seed N [--programs 24]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

LIMIT = 2000000
ARGS = [[], ["a"], ["ab", "c"], ["abc", "", "de"], ["x"] * 5, ["long", "er", "", "args", "here", "!"]]

BUILD = [
    # prepend: head is the last node made
    """Node head = null, last = null;
        for (int i = 0; i < args.length; i++) {{ head = new Node(args[i].length(), head); if (last == null) last = head; }}""",
    # append: head is the first node made
    """Node head = new Node(0, null), last = head;
        for (int i = 0; i < args.length; i++) {{ last.next = new Node(args[i].length(), null); last = last.next; }}""",
]
CLOSE = [
    "",
    "if (args.length > 1) last.next = head;",
    "if (args.length > 2 && head != null) head.other = last;",
    "if (args.length > 3 && head != null && head.next != null) last.next = head.next;",
    "Node[] keep = {{head, last}}; if (args.length % 2 == 1) keep[0] = keep[1];",
]
STMTS = [
    "p.v = p.v + 1;",
    "p.v = p.v - 1;",
    "count++;",
    "if (last != null) {{ last.next = new Node(0, null); last = last.next; }}",
    "if (last != null && count > {k}) last.next = head;",
    "if (p.next != null) p.next = p.next.next;",
    "p.other = head;",
    "if (head != null) head.v = p.v;",
    "q = p;",
    "if (q != null) q.next = p;",
]
LOOPS = [
    "while (p != null) {{ {body} p = p.next; }}",
    "while (p != null && p.v > {k}) {{ {body} p.v = p.v - 1; }}",
    "while (p != null) {{ if (p.v > {k}) {{ {body} p = p.next; }} else {{ p = p.next; }} }}",
    "while (p != null && p.next != null) {{ {body} p = p.next.next; }}",
    "for (int i = 0; p != null && i < args.length; i++) {{ {body} p = p.next; }}",
]


def program(rnd, name, counted):
    build = rnd.choice(BUILD)
    close = rnd.choice(CLOSE)
    k = rnd.randint(-1, 3)
    body = " ".join(rnd.choice(STMTS).format(k=k) for _ in range(rnd.randint(0, 2)))
    if counted:
        body = "if (++iterations > %d) throw new Error(\"LIMIT\"); " % LIMIT + body
    loop = rnd.choice(LOOPS).format(body=body, k=k)
    start = rnd.choice(["head", "head", "last"])
    return """public class %s {
    static class Node {
        int v;
        Node next, other;
        Node(int v, Node next) { this.v = v; this.next = next; }
    }
    static long iterations;

    public static void main(String[] args) {
        %s
        %s
        int count = 0;
        Node q = null;
        Node p = %s;
        %s
    }
}
""" % (name, build.format(), close.format(), start, loop)


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def jar(d, name, source):
    src = os.path.join(d, name + ".java")
    with open(src, "w") as f:
        f.write(source)
    classes = os.path.join(d, "c_" + name)
    os.makedirs(classes, exist_ok=True)
    r = run(["javac", "-nowarn", "-d", classes, src])
    if r.returncode != 0:
        return None, r.stderr
    manifest = os.path.join(d, name + ".mf")
    with open(manifest, "w") as f:
        f.write("Main-Class: %s\n" % name)
    path = os.path.join(d, name + ".jar")
    run(["jar", "cfm", path, manifest, "-C", classes, "."])
    return (path, classes), None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("jhalt")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--programs", type=int, default=24)
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    failures, yes = [], 0
    with tempfile.TemporaryDirectory() as d:
        for i in range(a.programs):
            state = rnd.getstate()
            name = "Heap%d" % i
            built, err = jar(d, name, program(rnd, name, False))
            if not built:
                failures.append("%s does not compile: %s" % (name, err[:300]))
                continue
            rnd.setstate(state)
            counted, _ = jar(os.path.join(d), name + "Counted", program(rnd, name + "Counted", True))
            for sem in ("jvm", "math"):
                r = run([a.jhalt, "analyze", "--engine", "term", "--int-semantics", sem, "--format", "json",
                         built[0]], timeout=300)
                if r.returncode not in (0, 1):
                    failures.append("%s (%s): exit %d: %s" % (name, sem, r.returncode, r.stderr[:300]))
                    continue
                report = json.loads(r.stdout)
                entries = report if isinstance(report, list) else report.get("results", [report])
                verdicts = [e.get("verdict") for e in entries]
                if "YES" not in verdicts:
                    continue
                yes += 1
                for args in ARGS:
                    jr = run(["java", "-Xss4m", "-cp", counted[1], name + "Counted"] + args, timeout=120)
                    if jr.returncode != 0 and "Exception in thread" not in jr.stderr and "LIMIT" not in jr.stderr:
                        failures.append("%s: the JVM did not run it: %s" % (name, jr.stderr[:300]))
                        break
                    if "LIMIT" in jr.stderr:
                        failures.append("%s: YES (%s) but the JVM runs on with args %s:\n%s" % (
                            name, sem, args, open(os.path.join(d, name + ".java")).read()))
                        break
    print("%d programs, %d YES answers checked on the JVM" % (a.programs, yes))
    for f in failures:
        print("FAIL", f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
