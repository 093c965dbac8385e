#!/usr/bin/env python3
"""Command-line tests of jhalt: usage errors, help, exit codes, the disasm
and info contracts on a jar, the whole java.base module, and a jar that mixes
good and malformed classes.

Usage: check_cli.py JHALT JARS_DIR JDK_HOME
"""
import os
import re
import subprocess
import sys
import tempfile
import zipfile

FAILURES = []


def run(args, timeout=120):
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout)


def check(name, cond, detail=""):
    if not cond:
        FAILURES.append("%s %s" % (name, detail))


def expect_usage_error(jhalt, args):
    r = run([jhalt] + args)
    lines = r.stderr.splitlines()
    check("usage %r" % args, r.returncode == 2 and len(lines) == 1 and lines[0].startswith("jhalt: error: "),
          "exit %d stderr %r" % (r.returncode, r.stderr))


def main():
    jhalt, jars, jdk = sys.argv[1:4]
    loop_jar = os.path.join(jars, "Loop.jar")

    for args in ([], ["bogus"], ["disasm"], ["disasm", "/no/such/file.class"],
                 ["disasm", "--bogus", loop_jar], ["info"]):
        expect_usage_error(jhalt, args)

    for args in (["termcomp", loop_jar, "--engine", "bogus"], ["analyze", loop_jar, "--clp-unfold", "0"],
                 ["clp"], ["clp", loop_jar, "--iterations", "x"]):
        expect_usage_error(jhalt, args)

    # Live JVMs (issue 15): bad targets and options are one-line errors.
    for args in (["attach"], ["attach", "x"], ["attach", "999999999"], ["attach", str(os.getpid())],
                 ["attach", "1", "--format", "xml"], ["run"], ["run", "--", "/no/such/java"],
                 ["run", "--after", "-1", "--", "java", "-version"]):
        expect_usage_error(jhalt, args)
    r = run([jhalt, "attach", str(os.getpid())])
    check("attach to a process that is not a JVM", "is not a HotSpot JVM" in r.stderr, repr(r.stderr))
    # A program that ends by itself ends `jhalt run` with its exit status and output.
    r = run([jhalt, "run", "--", os.path.join(jdk, "bin", "java"), "-version"])
    check("run java -version", r.returncode == 0 and "version" in r.stderr and not r.stdout.strip(), repr(r))

    # The CLP program of a recursive method: readable and Prolog forms.
    sum_jar = os.path.join(jars, "SumRec.jar")
    r = run([jhalt, "clp", sum_jar])
    check("clp print", r.returncode == 0 and "SumRec.sum(I)I@entry" in r.stdout and "% SumRec.main" in r.stdout,
          repr(r.stdout[:500]))
    r = run([jhalt, "clp", sum_jar, "--prolog"])
    check("clp prolog", r.returncode == 0 and "'SumRec.sum(I)I@entry'(" in r.stdout and ":-" in r.stdout,
          repr(r.stdout[:500]))
    r = run([jhalt, "clp", sum_jar, "--unfold", "--iterations", "2"])
    check("clp unfold", r.returncode == 0 and "binary clauses after 2 step(s)" in r.stdout, repr(r.stdout[:500]))

    # The integer transition system (issue 13): readable, and KoAT's format
    # (every rule well-formed, every variable declared).
    r = run([jhalt, "its", sum_jar])
    check("its text", r.returncode == 0 and "[call] SumRec.sum(I)I@entry -> SumRec.sum(I)I@entry" in r.stdout,
          repr(r.stdout[:800]))
    for sem in ("math", "jvm"):
        r = run([jhalt, "its", sum_jar, "--format", "koat", "--int-semantics", sem])
        lines = r.stdout.splitlines()
        ok = r.returncode == 0 and lines[:2] == ["(GOAL COMPLEXITY)", "(STARTTERM (FUNCTIONSYMBOLS start))"]
        declared = set(lines[2][len("(VAR "):-1].split()) if ok and lines[2].startswith("(VAR ") else set()
        rules = lines[lines.index("(RULES") + 1:-1] if "(RULES" in lines else []
        rule = re.compile(r"^  (start|top|l\d+)\(X0(, X\d+)*\) -> (top|l\d+)\(Y0(, Y\d+)*\)( :\|: .*)?$")
        ok = ok and lines[-1] == ")" and rules and all(rule.match(x) for x in rules)
        used = set(re.findall(r"\b[XYT]\d+\b", "\n".join(rules)))
        ok = ok and used <= declared and any(x.startswith("  start(") for x in rules)
        if sem == "jvm":
            ok = ok and "X0 <= 2147483647" in r.stdout
        check("its koat (%s)" % sem, ok, repr(r.stdout[:800]))
    expect_usage_error(jhalt, ["its", sum_jar, "--format", "bogus"])

    for args in (["--help"], ["disasm", "--help"], ["--version"]):
        r = run([jhalt] + args)
        check("help %r" % args, r.returncode == 0 and r.stdout and not r.stderr, repr(r))

    r = run([jhalt, "disasm", loop_jar])
    check("disasm jar", r.returncode == 0 and r.stdout.startswith(
        "METHOD Loop.<init>()V\n0 aload_0\n1 invokespecial\n4 return\nMETHOD Loop.main([Ljava/lang/String;)V\n0 iconst_0\n"),
        repr(r.stdout[:200]))

    r = run([jhalt, "info", loop_jar])
    check("info jar", r.returncode == 0 and "loop at offset 5, line 7" in r.stdout, repr(r.stdout))

    jmod = os.path.join(jdk, "jmods", "java.base.jmod")
    r = subprocess.run([jhalt, "disasm", jmod], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    methods = r.stdout.count(b"\nMETHOD ")
    check("disasm java.base", r.returncode == 0 and not r.stderr and methods > 40000,
          "exit %d, %d methods, stderr %r" % (r.returncode, methods, r.stderr[:300]))

    with tempfile.TemporaryDirectory() as tmp:
        mixed = os.path.join(tmp, "mixed.jar")
        with zipfile.ZipFile(mixed, "w") as z, zipfile.ZipFile(loop_jar) as src:
            z.writestr("Loop.class", src.read("Loop.class"))
            z.writestr("Broken.class", b"\xca\xfe\xba\xbe\x00")
        r = run([jhalt, "disasm", mixed])
        lines = r.stderr.splitlines()
        check("mixed jar", r.returncode == 2 and "METHOD Loop.main" in r.stdout and len(lines) == 1
              and lines[0].startswith("jhalt: error: %s!/Broken.class: truncated" % mixed), repr(r))

    for f in FAILURES:
        print("FAIL", f)
    print("%d failure(s)" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
