#!/usr/bin/env python3
"""Randomized test of the engines on generated methods (issue 10, item 2):
generates Java classes of random static methods (int, long and double
arithmetic, loops that may or may not end, divisions, arrays, casts),
compiles them with javac and runs `jhalt analyze --all-methods` on them
under both integer semantics. Nothing may crash or end in an `error`
result, and every reported finding must be confirmed (exceptions by the
JVM). A method answered YES is run on the JVM from a few argument tuples
in a copy of its class whose loops count their iterations: a run past
LIMIT iterations (a deterministic count, never a timer) is reported as a
suspected unsound YES, and a YES together with a non-termination finding
is an error. The seed makes a run reproducible.

Usage: random_programs.py JHALT --seed N [--classes 4] [--methods 6]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

INT_VARS = ["a", "b", "x", "y"]


class Gen:
    def __init__(self, rnd):
        self.r = rnd

    def expr(self, depth=0):
        r = self.r
        if depth > 2 or r.random() < 0.35:
            return r.choice(INT_VARS + [str(r.randint(-5, 12)), "Integer.MAX_VALUE", "arr.length"])
        op = r.choice(["+", "-", "*", "/", "%", "&", ">>", "+"])
        return "(%s %s %s)" % (self.expr(depth + 1), op, self.expr(depth + 1))

    def cond(self):
        r = self.r
        # A variable on the left: never a constant condition (javac rejects
        # the code after `while (true)`).
        return "%s %s %s" % (r.choice(INT_VARS), r.choice(["<", "<=", "!=", "==", ">", ">="]), self.expr(1))

    def stmt(self, depth, out, indent, pure=False):
        r = self.r
        pad = "    " * indent
        k = r.randrange(9)
        if pure and k in (4, 5, 6):  # int-only methods (termination proofs do not follow long, double)
            k = 7
        if k == 0 and depth < 2:
            out.append(pad + "while (%s) {" % self.cond())
            for _ in range(r.randint(1, 3)):
                self.stmt(depth + 1, out, indent + 1, pure)
            out.append(pad + "    steps++; /*TICK*/")
            out.append(pad + "}")
        elif k == 1 and depth < 2:
            out.append(pad + "if (%s) {" % self.cond())
            self.stmt(depth + 1, out, indent + 1, pure)
            out.append(pad + "} else {")
            self.stmt(depth + 1, out, indent + 1, pure)
            out.append(pad + "}")
        elif k == 2:
            out.append(pad + "arr[%s] = %s;" % (self.expr(1), self.expr(1)))
        elif k == 3:
            out.append(pad + "arr = new int[%s];" % self.expr(1))
        elif k == 4:
            out.append(pad + "l = l * %d + %s;" % (r.randint(1, 5), r.choice(INT_VARS)))
        elif k == 5:
            out.append(pad + "d = d / 2 + %s;" % r.choice(INT_VARS))
        elif k == 6:
            out.append(pad + "if (d < %s) x++;" % r.choice(INT_VARS))
        else:
            out.append(pad + "%s %s= %s;" % (r.choice(["x", "y"]), r.choice(["", "+", "-", "*"]), self.expr()))

    def method(self, name, pure=False):
        out = ["    static int %s(int a, int b, int[] arr) {" % name, "        int x = a, y = b, steps = 0;"]
        if not pure:
            out += ["        long l = a;", "        double d = b;"]
        for _ in range(self.r.randint(2, 5)):
            self.stmt(0, out, 2, pure)
        out.append("        return x + y + steps;" if pure else "        return x + y + steps + (int) l + (int) d;")
        out.append("    }")
        return out


LIMIT = 3_000_000_000
TICK = "Tick.tick();"
TICK_CLASS = """public class Tick {
    static long n;
    static void tick() { if (++n > %dL) throw new Error("jhalt-test: iteration limit"); }
}
""" % LIMIT
DRIVER = """public class Driver {
    public static void main(String[] args) throws Exception {
        java.lang.reflect.Method m = Class.forName(args[0]).getDeclaredMethod(args[1], int.class, int.class, int[].class);
        m.setAccessible(true);
        int[][] tuples = {{0, 0}, {3, -2}, {-7, 11}, {20, 5}, {1, 1}};
        for (int[] t : tuples) {
            Tick.n = 0;
            try {
                m.invoke(null, t[0], t[1], new int[] {t[0], t[1], 2});
            } catch (java.lang.reflect.InvocationTargetException e) {
                if (e.getCause().getMessage() != null && e.getCause().getMessage().startsWith("jhalt-test")) {
                    System.out.println("LOOPS " + t[0] + " " + t[1]);
                    return;
                }
            }
        }
        System.out.println("ENDS");
    }
}
"""


def check_yes(tmp, files, entries):
    """Runs each (class, method) of `entries` from the driver's tuples in the
    ticking copy; returns the problems."""
    tick_src = os.path.join(tmp, "tick")
    tick_out = os.path.join(tmp, "tick_classes")
    os.makedirs(tick_src, exist_ok=True)
    srcs = []
    for path in files:
        dst = os.path.join(tick_src, os.path.basename(path))
        with open(path + ".ticking") as f, open(dst, "w") as g:
            g.write(f.read().replace("/*TICK*/", TICK))
        srcs.append(dst)
    for name, text in (("Tick.java", TICK_CLASS), ("Driver.java", DRIVER)):
        with open(os.path.join(tick_src, name), "w") as g:
            g.write(text)
        srcs.append(os.path.join(tick_src, name))
    c = subprocess.run(["javac", "-nowarn", "-d", tick_out] + srcs, capture_output=True, text=True)
    if c.returncode != 0:
        return ["javac of the ticking copy failed: " + c.stderr[:1000]]
    problems = []
    for cls, method in entries:
        r = subprocess.run(["java", "-Xss64m", "-cp", tick_out, "Driver", cls, method], capture_output=True, text=True)
        if "LOOPS" in r.stdout:
            problems.append("jvm: suspected unsound YES for %s.%s: %s iterations from (%s)" %
                            (cls, method, LIMIT, r.stdout.strip()[6:]))
        elif "ENDS" not in r.stdout:
            problems.append("jvm: the driver failed on %s.%s: %s" % (cls, method, r.stderr[:300]))
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("jhalt")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--classes", type=int, default=3)
    ap.add_argument("--methods", type=int, default=5)
    args = ap.parse_args()
    gen = Gen(random.Random(args.seed))
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "src")
        out = os.path.join(tmp, "classes")
        os.makedirs(src)
        files = []
        for c in range(args.classes):
            name = "Random%d" % c
            lines = ["public class %s {" % name]
            for m in range(args.methods):
                lines += gen.method("m%d" % m, pure=m % 2 == 1)
            lines.append("}")
            path = os.path.join(src, name + ".java")
            with open(path, "w") as f:
                f.write("\n".join(lines).replace("/*TICK*/", "") + "\n")
            with open(path + ".ticking", "w") as f:
                f.write("\n".join(lines) + "\n")
            files.append(path)
        c = subprocess.run(["javac", "-nowarn", "-d", out] + files, capture_output=True, text=True)
        if c.returncode != 0:
            print("javac failed:", c.stderr[:2000])
            return 1
        checked = 0
        yes_jvm = []
        for sem in ("jvm", "math"):
            try:
                r = subprocess.run([args.jhalt, "analyze", out, "--all-methods", "--format", "jsonl", "--report",
                                    "all", "--int-semantics", sem, "--jobs", "2", "--timeout", "20"],
                                   capture_output=True, text=True, timeout=600)
            except subprocess.TimeoutExpired as e:
                problems.append("%s: jhalt did not end within 600 s; output so far: %s" % (sem, (e.stdout or b"")[-2000:]))
                continue
            if r.returncode not in (0,):
                problems.append("%s: exit %d: %s" % (sem, r.returncode, r.stderr[:500]))
            for line in r.stdout.splitlines():
                m = json.loads(line)
                if "entry" not in m:
                    continue
                checked += 1
                if m["verdict"] == "ERROR":
                    problems.append("%s: error in %s: %s" % (sem, m["entry"], m.get("error")))
                if m["verdict"] == "YES" and m["nonterminating"]:
                    problems.append("%s: YES and a non-termination finding for %s" % (sem, m["entry"]))
                if m["verdict"] == "YES" and sem == "jvm" and m["entry"].endswith("(II[I)I"):
                    cls, rest = m["entry"].split("(")[0].rsplit(".", 1)
                    yes_jvm.append((cls, rest))
                for f in m["nonterminating"] + m["exceptions"]:
                    if not f["confirmed"] or not f["confirmation"]:
                        problems.append("%s: unconfirmed finding in %s" % (sem, m["entry"]))
                    if "exception" in f and sem == "jvm" and not f["replay"].startswith("confirmed"):
                        problems.append("%s: %s not confirmed by the JVM: %s" % (sem, m["entry"], f["replay"]))
        problems += check_yes(tmp, files, yes_jvm)
        print("%d methods answered YES under jvm, each run from 5 argument tuples" % len(yes_jvm))
        for p in problems[:20]:
            print("FAIL", p)
        if problems:
            print("the generated sources (seed %d):" % args.seed)
            for path in files:
                print(open(path).read())
        print("%d methods analysed, %d failed" % (checked, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
