#!/usr/bin/env python3
"""End-to-end test of `analyze --emit-tests` (issue 12): for findings of
several witness shapes (a large integer, a string's contents, a shared
object, an object of a subclass, a non-terminating loop under JVM integers),
the emitted reproducers must compile with javac and, run on the real JVM
with the analysed classes on the class path, print REPRODUCED and exit 0.
A reproducer of a witness edited to be harmless must say NOT REPRODUCED.

Usage: check_reproducers.py JHALT CLASSES JDK_HOME
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

CASES = [
    "Witnesses.share(II)I",
    "Witnesses.secret(Ljava/lang/String;)I",
    "Witnesses.same([LWitnesses$Cell;)I",
    "Witnesses.asCircle(LWitnesses$Shape;)LWitnesses$Circle;",
    "JvmArithmetic.absLoop(I)I",
]


def main():
    jhalt, classes, jdk = sys.argv[1:4]
    javac, java = os.path.join(jdk, "bin", "javac"), os.path.join(jdk, "bin", "java")
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for k, method in enumerate(CASES):
            out = os.path.join(tmp, str(k))
            p = subprocess.run([jhalt, "analyze", "--method", method, "--emit-tests", out, classes],
                               capture_output=True, text=True, timeout=300)
            files = sorted(glob.glob(os.path.join(out, "*.java")))
            if p.returncode != 0 or not files:
                print("FAIL %s: no reproducer (exit %d)\n%s%s" % (method, p.returncode, p.stdout, p.stderr))
                failures += 1
                continue
            for f in files:
                failures += not run(javac, java, classes, f, method, expect=True)
        # A harmless witness: the reproducer must not claim success.
        out = os.path.join(tmp, "edited")
        subprocess.run([jhalt, "analyze", "--method", CASES[0], "--emit-tests", out, classes],
                       capture_output=True, text=True, timeout=300)
        for f in glob.glob(os.path.join(out, "*.java")):
            text = open(f).read()
            edited = re.sub(r"new Object\[\] \{([^}]*)\}", "new Object[] {0, 7}", text)
            assert edited != text, "the reproducer's call was not found"
            open(f, "w").write(edited)
            failures += not run(javac, java, classes, f, CASES[0] + " (edited)", expect=False)
    print("%d reproducer check(s) failed" % failures)
    return 1 if failures else 0


def run(javac, java, classes, source, method, expect):
    d = os.path.dirname(source)
    c = subprocess.run([javac, "-nowarn", "-d", d, source], capture_output=True, text=True)
    if c.returncode != 0:
        print("FAIL %s: %s does not compile\n%s" % (method, os.path.basename(source), c.stderr))
        return False
    name = os.path.basename(source)[:-5]
    r = subprocess.run([java, "-cp", classes + os.pathsep + d, name], capture_output=True, text=True, timeout=120)
    ok = (r.returncode == 0 and r.stdout.startswith("REPRODUCED")) if expect else \
        (r.returncode == 1 and r.stdout.startswith("NOT REPRODUCED"))
    print("%s %s: %s" % ("ok  " if ok else "FAIL", method, (r.stdout + r.stderr).strip()[:300]))
    return ok


if __name__ == "__main__":
    sys.exit(main())
