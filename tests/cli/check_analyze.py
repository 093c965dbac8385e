#!/usr/bin/env python3
"""Command-line tests of `jhalt analyze` and `termcomp` (issue 10): option
errors (one line, exit 2), every kind of PATH (a .class file in its package
directory or anywhere, a package directory, the root directory, a jar, a
JDK jmod), library runs (--all-methods: JSON Lines, filters, a malformed
class is skipped with a warning), and the exit codes.

Usage: check_analyze.py JHALT CLASSES_DIR JARS_DIR JDK_HOME
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile

FAILURES = []


def run(args, timeout=300):
    return subprocess.run(args, capture_output=True, text=True, timeout=timeout)


def check(name, cond, detail=""):
    print("%-4s %s" % ("ok" if cond else "FAIL", name))
    if not cond:
        FAILURES.append("%s %s" % (name, detail))


def expect_usage_error(jhalt, args, needle=""):
    r = run([jhalt] + args)
    lines = r.stderr.splitlines()
    ok = r.returncode == 2 and len(lines) == 1 and lines[0].startswith("jhalt: error: ") and needle in lines[0]
    check("usage error %r" % args, ok, "exit %d stderr %r" % (r.returncode, r.stderr))


def analyze_json(jhalt, args):
    r = run([jhalt, "analyze"] + args + ["--format", "json"])
    try:
        return r, json.loads(r.stdout)
    except ValueError:
        return r, None


def confirmed_exception(report, cls):
    return report is not None and any(
        e["exception"] == cls and e["confirmed"] and e["replay"].startswith("confirmed") for e in report["exceptions"])


def cause_of(report, cls):
    return [e["cause"] for e in report["exceptions"] if e["exception"] == cls] if report else []


def option_errors(jhalt, loop_jar, tmp):
    a_file = os.path.join(tmp, "a-file")
    open(a_file, "w").close()
    for args, needle in (
            (["analyze", loop_jar, "--timeout", "0"], "--timeout"),
            (["analyze", loop_jar, "--timeout", "-1"], "--timeout"),
            (["termcomp", loop_jar, "--effort", "0"], "--effort"),
            (["analyze", loop_jar, "--max-memory", "0"], "--max-memory"),
            (["analyze", loop_jar, "--replay-timeout", "-2"], "--replay-timeout"),
            (["analyze", loop_jar, "--int-semantics", "float"], "--int-semantics"),
            (["analyze", loop_jar, "--format", "xml"], "--format"),
            (["analyze", loop_jar, "--dump-smt", a_file], "--dump-smt"),
            (["analyze", loop_jar, "--entry", "Loop", "--method", "Loop.main"], ""),
            (["analyze", loop_jar, "--all-methods", "--method", "Loop.main"], ""),
            (["analyze", loop_jar, "--jobs", "2"], "--all-methods"),
            (["analyze", loop_jar, "--include", "Loop.*"], "--all-methods"),
            (["analyze", loop_jar, "--all-methods", "--jobs", "0"], "--jobs"),
            (["analyze", loop_jar, "--all-methods", "--report", "everything"], "--report"),
            (["analyze", loop_jar, "--all-methods", "--visibility", "secret"], "--visibility"),
            (["analyze", loop_jar, "--method", "Loop.nothing"], "no method nothing"),
            (["analyze", loop_jar, "--method", "NoSuchClass.m"], "NoSuchClass"),
            (["graph", loop_jar, "--max-states", "0"], "--max-states"),
            (["graph", loop_jar, "--dot", "/nonexistent/dir/g.dot"], "g.dot"),
    ):
        expect_usage_error(jhalt, args, needle)


def path_kinds(jhalt, classes, jdk, tmp):
    spec = "pkg.Lst.divide"
    cls = "java/lang/ArithmeticException"
    # A .class file in its package directory, and one copied elsewhere (with
    # its nested class beside it): jhalt finds or makes the package layout.
    _, rep = analyze_json(jhalt, [os.path.join(classes, "pkg", "Lst.class"), "--method", spec])
    check("PATH: .class file in its package", confirmed_exception(rep, cls), json.dumps(rep)[:600])
    loose = os.path.join(tmp, "loose")
    os.makedirs(loose)
    for f in ("Lst.class", "Lst$Node.class"):
        shutil.copy(os.path.join(classes, "pkg", f), loose)
    _, rep = analyze_json(jhalt, [os.path.join(loose, "Lst.class"), "--method", spec])
    check("PATH: .class file outside its package", confirmed_exception(rep, cls), json.dumps(rep)[:600])
    _, rep = analyze_json(jhalt, [classes, "--method", spec])
    check("PATH: root directory", confirmed_exception(rep, cls), json.dumps(rep)[:600])
    # A package directory: --all-methods covers that package only.
    r, rep = analyze_json(jhalt, [os.path.join(classes, "pkg"), "--all-methods"])
    ok = rep is not None and all(m["entry"].startswith("pkg/") for m in rep["methods"]) and len(rep["methods"]) >= 3
    check("PATH: package directory", ok and r.returncode == 0, r.stderr + json.dumps(rep)[:600])
    jar = os.path.join(tmp, "lst.jar")
    with zipfile.ZipFile(jar, "w") as z:
        for f in ("Lst.class", "Lst$Node.class"):
            z.write(os.path.join(classes, "pkg", f), "pkg/" + f)
    _, rep = analyze_json(jhalt, [jar, "--method", spec])
    check("PATH: jar", confirmed_exception(rep, cls), json.dumps(rep)[:600])
    # A JDK method, analysed in its own module (the jmod's classes, not
    # jhalt's models) and replayed on the JVM.
    jmod = os.path.join(jdk, "jmods", "java.base.jmod")
    _, rep = analyze_json(jhalt, [jmod, "--method", "java.lang.Math.floorDiv(II)I"])
    check("PATH: jmod (JDK method)", confirmed_exception(rep, cls), json.dumps(rep)[:800])


def library_runs(jhalt, loop_jar, classes, tmp):
    mixed = os.path.join(tmp, "mixed.jar")
    with zipfile.ZipFile(mixed, "w") as z, zipfile.ZipFile(loop_jar) as src:
        z.writestr("Loop.class", src.read("Loop.class"))
        z.writestr("Broken.class", b"\xca\xfe\xba\xbe\x00")
        z.write(os.path.join(classes, "Faults.class"), "Faults.class")
        z.write(os.path.join(classes, "Faults$Cell.class"), "Faults$Cell.class")
    r = run([jhalt, "analyze", mixed, "--all-methods", "--format", "jsonl", "--jobs", "2"])
    lines = [json.loads(l) for l in r.stdout.splitlines()]
    warnings = r.stderr.splitlines()
    summary = lines[-1]["summary"] if lines and "summary" in lines[-1] else {}
    check("library: malformed class skipped with a warning, exit 2",
          r.returncode == 2 and len(warnings) == 1 and warnings[0].startswith("jhalt: warning: %s!/Broken.class" % mixed)
          and summary.get("methods", 0) >= 8 and summary.get("errors") == 0,
          "exit %d stderr %r summary %r" % (r.returncode, r.stderr, summary))
    methods = [l for l in lines if "entry" in l]
    check("library: each method once, no synthetic ones",
          len(methods) == len({m["entry"] for m in methods}) and not any("lambda$" in m["entry"] for m in methods))
    # By default only runtime exceptions are reported; --report adds others.
    causes = {e["cause"] for m in methods for e in m["exceptions"]}
    check("library: default report is runtime only", causes <= {"runtime"}, repr(causes))
    r = run([jhalt, "analyze", mixed, "--all-methods", "--format", "jsonl", "--report", "all",
             "--include", "Faults.*", "--exclude", "*.main"])
    methods = [json.loads(l) for l in r.stdout.splitlines() if '"entry"' in l]
    causes = {e["cause"] for m in methods for e in m["exceptions"]}
    check("library: --report all and filters",
          {"null-argument", "explicit-throw", "runtime"} <= causes
          and all(m["entry"].startswith("Faults") and ".main(" not in m["entry"] for m in methods),
          repr((causes, [m["entry"] for m in methods])))
    r = run([jhalt, "analyze", mixed, "--all-methods", "--fail-on-findings", "--include", "Faults.divide"])
    check("library: text summary, --fail-on-findings wins over a skipped class? (exit 2)",
          "summary: 1 methods" in r.stdout and r.returncode == 2, r.stdout[-300:] + r.stderr)


def main():
    jhalt, classes, jars, jdk = sys.argv[1:5]
    loop_jar = os.path.join(jars, "Loop.jar")
    with tempfile.TemporaryDirectory() as tmp:
        option_errors(jhalt, loop_jar, tmp)
        path_kinds(jhalt, classes, jdk, tmp)
        library_runs(jhalt, loop_jar, classes, tmp)
    for f in FAILURES:
        print("FAIL", f)
    print("%d failure(s)" % len(FAILURES))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
