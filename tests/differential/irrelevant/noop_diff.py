#!/usr/bin/env python3
"""Differential test of `jhalt irrelevant` on the JVM (issue 17, item 3).

For each program's main: jhalt reports the irrelevant instructions for the
outcomes `exceptions,output`; NoopPatch.java replaces every one of them by
other code of the same stack effect (two seeds: branches forced either
way); DiffRun.java runs original and patched classes on the same generated
inputs and compares the printed output and the uncaught exception's class.
A difference on runs that both finish is a wrong "irrelevant" (or a patcher
bug) and fails the test; runs that time out are inconclusive.

usage: noop_diff.py JHALT [--classes DIR --sources DIR] [--tpdb DIR [--limit N] [--match TEXT,...]] [--inputs K]
"""
import argparse
import json
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile
import zipfile

HERE = pathlib.Path(__file__).resolve().parent
ASM = ":".join(f"/usr/share/java/{j}.jar" for j in ("asm", "asm-tree", "asm-analysis"))


def compile_tools(work):
    out = work / "tools"
    out.mkdir()
    subprocess.run(["javac", "-nowarn", "-cp", ASM, "-d", str(out), str(HERE / "NoopPatch.java"),
                    str(HERE / "DiffRun.java")], check=True, capture_output=True)
    return out


def inputs(seed, count):
    rnd = random.Random(seed)
    lines = [""]
    alphabet = "ab01-9x"
    while len(lines) < count:
        n = rnd.randint(1, 5)
        lines.append(" ".join("".join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 6))) for _ in range(n)))
    return "\n".join(lines) + "\n"


def check(jhalt, tools, target, classes_dir, main, work, count, name):
    """Returns (status, message): status in ok, skip, fail."""
    run = subprocess.run([jhalt, "irrelevant", str(target), "--relevant", "exceptions,output", "--format", "json",
                          "--timeout", "60"], capture_output=True, text=True, timeout=300)
    if run.returncode not in (0, 4) or not run.stdout.strip():
        return "skip", f"{name}: no report ({run.stderr.strip()[:120]})"
    report = json.loads(run.stdout)
    plan = work / f"{name}.plan"
    lines = []
    for m in report["methods"]:
        if m["irrelevant_indices"]:
            decided = " ".join(f"{b}:{n}" for b, n in m["decided_branches"])
            lines.append(m["id"] + " " + " ".join(str(i) for i in m["irrelevant_indices"]) + " ; " + decided)
    plan.write_text("\n".join(lines) + "\n")
    patched_total = 0
    for seed in (0, 1):
        out = work / f"{name}.patched{seed}"
        patch = subprocess.run(["java", "-cp", f"{tools}:{ASM}", "NoopPatch", str(classes_dir), str(out), str(plan),
                                str(seed)], capture_output=True, text=True, timeout=120)
        if patch.returncode != 0:
            return "fail", f"{name}: patcher failed: {patch.stderr.strip()[-300:]}"
        patched_total = max(patched_total, int(patch.stdout.split()[1]))
        diff = subprocess.run(["java", "-Xss4m", "-cp", str(tools), "DiffRun", str(classes_dir), str(out), main, "1000"],
                              input=inputs(hash(name) % 1000, count), capture_output=True, text=True, timeout=600)
        if diff.returncode != 0:
            return "fail", f"{name} (seed {seed}):\n{diff.stdout.strip()[-1500:]}{diff.stderr.strip()[-500:]}"
    return "ok", f"{name}: {patched_total} instructions replaced, {diff.stdout.strip().splitlines()[-1]}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("jhalt")
    ap.add_argument("--classes", help="compiled test programs")
    ap.add_argument("--sources", help="their sources (each *.java with a main is checked)")
    ap.add_argument("--tpdb", help="TPDB directory: its non-recursive problems are checked too")
    ap.add_argument("--limit", type=int, default=0, help="at most this many TPDB problems (evenly spread)")
    ap.add_argument("--match", default="", help="only TPDB problems whose path contains one of these ','-separated texts")
    ap.add_argument("--inputs", type=int, default=6)
    args = ap.parse_args()
    if not pathlib.Path("/usr/share/java/asm-tree.jar").exists():
        print("SKIP: ASM (libasm-java) is not installed")
        return 77
    if args.tpdb and not pathlib.Path(args.tpdb).is_dir() and not args.classes:
        print("SKIP: no TPDB at " + args.tpdb)
        return 77
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp)
        tools = compile_tools(work)
        if args.classes:
            for src in sorted(pathlib.Path(args.sources).glob("*.java")):
                if "static void main" not in src.read_text():
                    continue
                cls = pathlib.Path(args.classes) / (src.stem + ".class")
                results.append(check(args.jhalt, tools, cls, pathlib.Path(args.classes), src.stem, work,
                                     args.inputs, src.stem))
        if args.tpdb:
            jars = sorted(p for p in pathlib.Path(args.tpdb).rglob("*.jar") if "ecursive" not in str(p)
                      and any(m in str(p) for m in args.match.split(",")))
            if args.limit and len(jars) > args.limit:
                step = len(jars) / args.limit
                jars = [jars[int(k * step)] for k in range(args.limit)]
            for jar in jars:
                name = "tpdb_" + jar.stem
                classes = work / name
                with zipfile.ZipFile(jar) as z:
                    z.extractall(classes)
                    manifest = z.read("META-INF/MANIFEST.MF").decode() if "META-INF/MANIFEST.MF" in z.namelist() else ""
                main_class = next((l.split(":", 1)[1].strip() for l in manifest.splitlines()
                                   if l.startswith("Main-Class:")), None)
                if not main_class:
                    results.append(("skip", f"{name}: no Main-Class"))
                    continue
                results.append(check(args.jhalt, tools, jar, classes, main_class, work, args.inputs, name))
                shutil.rmtree(classes, ignore_errors=True)
    for status, msg in results:
        print(status.upper(), msg)
    fails = sum(1 for s, _ in results if s == "fail")
    oks = sum(1 for s, _ in results if s == "ok")
    print(f"{oks} passed, {fails} failed, {len(results) - oks - fails} skipped")
    return 1 if fails or oks == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
