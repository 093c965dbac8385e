#!/usr/bin/env python3
"""End-to-end tests: runs jhalt on the Java test programs and checks the
expectations written in their sources, lines of the form

    // EXPECT: <command> [options] -> <VERDICT> [expectation ...]

<command> is `termcomp` or `analyze`; the program is its jar (programs/ and
examples/, TPDB layout) or the directory of compiled test classes. VERDICT
is YES, NO, MAYBE or ERROR (first output line of termcomp, "verdict" of
analyze's JSON). After it come, for analyze:
  nonterminating:<kind>[:<line>]          a non-termination finding
  no-nonterminating                       none
  exception:<class>[:<line>[:<cause>]]    an exception finding (cause: runtime,
                                          null-argument, explicit-throw)
  no-exception:<class>                    no finding of that class
  no-exceptions                           no exception finding
  args:<json list>                        the command-line witness of a non-termination
  params:<json list>                      the parameters of a finding's witness
Every finding must be confirmed; under JVM semantics an exception must
also have been confirmed by the JVM. Every YES is proven once more by the
term engine alone with --dump-smt, and each claim of its proof (the
`its-obligation` queries, unsatisfiable when the claim holds) is re-checked
with a second solver, cvc5 (issue 13 item 3). A line mentioning EXPECT that does not
parse, an unknown verdict or an unknown expectation is a failure.

Usage: check_expectations.py JHALT SOURCE_ROOT... --jars DIR --classes DIR [--jobs N] [--cvc5 PATH] [--maybe-timeout S] [--no-cross-check]
"""
import argparse
import json
import time
import os
import re
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

EXPECT = re.compile(r"//\s*EXPECT:\s*(termcomp|analyze)(.*?)->\s*(.*)$")
VERDICTS = {"YES", "NO", "MAYBE", "ERROR"}


def check_finding_confirmed(f, semantics, problems):
    if not f.get("confirmed") or not f.get("confirmation"):
        problems.append("finding without confirmation: %s" % json.dumps(f)[:300])
    if "exception" in f and semantics == "jvm" and not f.get("replay", "").startswith("confirmed"):
        problems.append("exception not confirmed by the JVM: %s" % f.get("replay"))
    if f.get("kind") == "recurrent":
        check_recurrent_set(f, problems)


def check_recurrent_set(f, problems):
    """Issue 14 item 3: the recurrent set's SMT-LIB obligations (paper 003,
    Lemma 1: non-empty, closed under every body path, no exit) re-checked
    by the z3 binary, independently of jhalt's solver calls."""
    if f.get("recurrent_set_domain") == "states":
        # A set of abstract states (heap): its closure is a graph with no program end
        # (no SMT-LIB form); the finding must state the set and the graph.
        if not f.get("recurrent_set") or "no program end" not in f.get("proof", ""):
            problems.append("heap recurrent finding without its set or its closed graph")
        return
    script = f.get("recurrent_set_smtlib", "")
    expected = re.findall(r"^; .*: expect (sat|unsat)$", script, re.M)
    if not f.get("recurrent_set") or len(expected) < 3:
        problems.append("recurrent finding without its set or obligations")
        return
    run = subprocess.run(["z3", "-in", "-T:60"], input=script, capture_output=True, text=True)
    answers = [l.strip() for l in run.stdout.splitlines() if l.strip() in ("sat", "unsat", "unknown")]
    if answers != expected:
        problems.append("z3 does not confirm the recurrent set %s: expected %s, got %s %s" % (
            f["recurrent_set"], expected, answers, run.stderr[-300:] + run.stdout[-300:]))


def check_token(t, report, problems):
    findings = report["nonterminating"] + report["exceptions"]
    if t.startswith("nonterminating:"):
        parts = t.split(":")
        hits = [n for n in report["nonterminating"] if n["kind"] == parts[1]
                and (len(parts) < 3 or n["line"] == int(parts[2]))]
        if not hits:
            problems.append("no %s non-termination%s; found %s" % (
                parts[1], " at line " + parts[2] if len(parts) > 2 else "",
                [(n["kind"], n["line"]) for n in report["nonterminating"]]))
    elif t == "nonterminating":
        if not report["nonterminating"]:
            problems.append("no non-termination")
    elif t == "no-nonterminating":
        if report["nonterminating"]:
            problems.append("unexpected non-termination %s" % [(n["kind"], n["line"]) for n in report["nonterminating"]])
    elif t.startswith("exception:"):
        parts = t.split(":")
        hits = [e for e in report["exceptions"] if e["exception"] == parts[1]
                and (len(parts) < 3 or e["line"] == int(parts[2]))
                and (len(parts) < 4 or e["cause"] == parts[3])]
        if not hits:
            problems.append("no %s; found %s" % (t, [(e["exception"], e["line"], e["cause"]) for e in report["exceptions"]]))
    elif t.startswith("no-exception:"):
        cls = t.split(":", 1)[1]
        if any(e["exception"] == cls for e in report["exceptions"]):
            problems.append("unexpected %s" % cls)
    elif t == "no-exceptions":
        if report["exceptions"]:
            problems.append("unexpected exceptions %s" % [(e["exception"], e["line"]) for e in report["exceptions"]])
    elif t.startswith("args:"):
        wanted = json.loads(t[5:])
        if not any(n["witness"].get("args") == wanted for n in report["nonterminating"]):
            problems.append("no witness with args %s: %s" % (wanted, [n["witness"] for n in report["nonterminating"]]))
    elif t.startswith("params:"):
        wanted = json.loads(t[7:])
        if not any(f["witness"].get("params") == wanted for f in findings):
            problems.append("no witness with params %s: %s" % (wanted, [f["witness"] for f in findings]))
    else:
        problems.append("unknown expectation " + t)


CVC5 = ["cvc5"]
OBLIGATIONS = []  # (proof, number of claims re-checked by cvc5)


def cross_check(jhalt, target, command, options):
    """The YES proof's claims, dumped by the term engine, re-checked by cvc5."""
    with tempfile.TemporaryDirectory() as tmp:
        # The expectation's own --engine is replaced by the term engine's.
        words, kept = shlex.split(options), []
        for i, w in enumerate(words):
            if w == "--engine" or (i > 0 and words[i - 1] == "--engine") or w.startswith("--engine="):
                continue
            kept.append(w)
        args = [jhalt, command, target] + kept + ["--engine", "term", "--dump-smt", tmp, "--timeout", timeout_for(["YES"])]
        if command == "analyze":
            args += ["--format", "json"]
        run = subprocess.run(args, capture_output=True, text=True, timeout=900)
        if run.returncode not in (0, 1, 4):
            return ["cvc5 cross-check: jhalt exited %d: %s" % (run.returncode, run.stderr[:300])]
        files = sorted(f for f in os.listdir(tmp) if f.endswith("its-obligation.smt2"))
        problems = []  # a proof of loop-free code has no claims (checked in main: some must)
        for f in files:
            try:
                r = subprocess.run(CVC5 + ["--force-logic=QF_LIA", os.path.join(tmp, f)], capture_output=True,
                                   text=True, timeout=120)
            except FileNotFoundError:
                return ["cvc5 cross-check: %s not found (scripts/setup.sh installs it)" % CVC5[0]]
            if r.stdout.strip() != "unsat":
                problems.append("cvc5 cross-check: %s is %s, expected unsat: %s" % (f, r.stdout.strip(), r.stderr[:300]))
        OBLIGATIONS.append((target + " " + options, len(files)))
        return problems


CROSS_CHECK = [True]


def check(jhalt, target, command, options, spec):
    problems = check_verdict(jhalt, target, command, options, spec)
    if not problems and spec.split()[0] == "YES" and CROSS_CHECK[0]:
        problems = cross_check(jhalt, target, command, options)
    return problems


# jhalt's --timeout for one expectation. A proof (NO or YES) ends by the
# engines' own step and node limits in a few seconds on an idle machine; the
# wall-clock limit only turns answers into MAYBE, so on a loaded CI machine
# (seen 7-18 times slower than an idle one) it gets room. A MAYBE
# expectation that asks for no finding (mostly "never NO/YES") often runs
# until the limit (--maybe-timeout, 40 s by default).
MAYBE_TIMEOUT = ["40"]


def timeout_for(tokens):
    """A MAYBE that asks for no finding gets the short limit; a proof or a
    finding (exception:, nonterminating:, a witness) gets room."""
    finds = any(t.startswith(("exception:", "nonterminating:", "args:", "params:")) for t in tokens[1:])
    return MAYBE_TIMEOUT[0] if tokens[0] == "MAYBE" and not finds else "300"


def check_verdict(jhalt, target, command, options, spec):
    tokens = spec.split()
    want = tokens[0]
    args = [jhalt, command, target] + shlex.split(options) + ["--replay-timeout", "2", "--timeout", timeout_for(tokens)]
    if command == "analyze":
        args += ["--format", "json"]
    r = subprocess.run(args, capture_output=True, text=True, timeout=900)
    if want not in VERDICTS:
        return ["unknown verdict " + want]
    if command == "termcomp":
        if len(tokens) > 1:
            return ["termcomp takes only a verdict"]
        got = r.stdout.split("\n", 1)[0]
        return [] if got == want else ["verdict %s, expected %s\n%s%s" % (got, want, r.stdout[:1500], r.stderr[:500])]
    try:
        report = json.loads(r.stdout)
    except ValueError:
        return ["no JSON output (exit %d): %s %s" % (r.returncode, r.stdout[:500], r.stderr[:500])]
    problems = []
    if report["verdict"] != want:
        problems.append("verdict %s, expected %s" % (report["verdict"], want))
    for f in report["nonterminating"] + report["exceptions"]:
        check_finding_confirmed(f, report["semantics"], problems)
    for t in tokens[1:]:
        check_token(t, report, problems)
    if problems:
        problems.append(json.dumps(report)[:2500])
    return problems


def timed_check(jhalt, case):
    start = time.monotonic()
    problems = check(jhalt, case[1], case[2], case[3], case[4])
    return problems, time.monotonic() - start


def collect(roots, jars, classes):
    cases, malformed = [], []
    for root in roots:
        for dirpath, _, files in os.walk(root):
            for f in sorted(files):
                if not f.endswith(".java"):
                    continue
                path = os.path.join(dirpath, f)
                name = f[:-5]
                jar = os.path.join(jars, name + ".jar")
                target = jar if os.path.exists(jar) else classes
                with open(path, encoding="utf-8") as src:
                    for number, line in enumerate(src, 1):
                        if "EXPECT:" not in line or re.search(r"EXPECT:\s*live\b", line):
                            continue  # live JVM expectations: tests/e2e/check_live.py
                        m = EXPECT.search(line)
                        if not m:
                            malformed.append("%s:%d: cannot parse: %s" % (path, number, line.strip()))
                            continue
                        cases.append((name, target, m.group(1), m.group(2).strip(), m.group(3).strip()))
    return cases, malformed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("jhalt")
    ap.add_argument("roots", nargs="+")
    ap.add_argument("--jars", required=True)
    ap.add_argument("--classes", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cvc5", default="cvc5")
    ap.add_argument("--maybe-timeout", default="40")
    ap.add_argument("--no-cross-check", action="store_true", help="skip the cvc5 re-check of YES proofs")
    args = ap.parse_args()
    MAYBE_TIMEOUT[0] = args.maybe_timeout
    CROSS_CHECK[0] = not args.no_cross_check
    CVC5[0] = args.cvc5
    cases, malformed = collect(args.roots, args.jars, args.classes)
    for m in malformed:
        print("FAIL " + m)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda c: timed_check(args.jhalt, c), cases))
    failures = len(malformed)
    failed = []
    for (name, _, command, options, spec), (problems, seconds) in zip(cases, results):
        line = "%-4s %s: %s %s -> %s  (%.1f s)" % ("ok" if not problems else "FAIL", name, command, options, spec, seconds)
        print(line)
        for p in problems:
            print("     " + p)
        if problems:
            failed.append(line + "\n     " + problems[0][:300])
        failures += bool(problems)
    # CI shows the end of the log: the failures again, briefly.
    for line in failed:
        print(line)
    print("%d YES proofs re-checked by cvc5: %d claims, all unsat" % (len(OBLIGATIONS), sum(n for _, n in OBLIGATIONS))
          if not failures else "")
    if not failures and CROSS_CHECK[0] and sum(n for _, n in OBLIGATIONS) == 0:
        print("FAIL no YES proof of the suite had a claim for cvc5 to re-check")
        failures += 1
    print("%d expectations checked, %d failed" % (len(cases), failures))
    return 1 if failures or not cases else 0


if __name__ == "__main__":
    sys.exit(main())
