#!/usr/bin/env python3
"""Differential test: `jhalt disasm` against `javap -c -p -s`.

For every class of the given inputs (.class files, directories, jars, jmods,
or `SAMPLE:N:module.jmod` for a fixed, evenly spread sample of N classes of a
JDK module), compares per method with code the descriptor and the sequence of
(offset, mnemonic) pairs. Exits 0 if all agree, 1 otherwise, printing the first
disagreements.

Usage: javap_diff.py --jhalt BUILD/bin/jhalt [--javap javap] INPUT...
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import zipfile

INSN = re.compile(r"^\s*(\d+): ([a-z_][a-z0-9_]*)")
DESC = re.compile(r"^\s+descriptor: (\S+)")
METHOD = re.compile(r"^METHOD (.*)$")


def extract(inputs, workdir):
    """Returns a list of (internal class name, path to .class file)."""
    classes = []
    for n, item in enumerate(inputs):
        sample = None
        if item.startswith("SAMPLE:"):
            _, count, item = item.split(":", 2)
            sample = int(count)
        if os.path.isdir(item):
            archives = []
            for root, dirs, files in os.walk(item):
                dirs.sort()
                for f in sorted(files):
                    path = os.path.join(root, f)
                    if f.endswith(".class"):
                        classes.append((os.path.relpath(path, item)[:-6], path))
                    elif f.endswith(".jar"):
                        archives.append(path)
            classes += extract(archives, os.path.join(workdir, "d%d" % n))
            continue
        if item.endswith(".class"):
            classes.append((None, item))
            continue
        prefix = "classes/" if item.endswith(".jmod") else ""
        dest = os.path.join(workdir, str(n))
        os.makedirs(dest, exist_ok=True)
        with zipfile.ZipFile(item) as z:  # zipfile copes with the jmod header
            names = sorted(e for e in z.namelist()
                           if e.startswith(prefix) and e.endswith(".class")
                           and not e.startswith(prefix + "META-INF/")
                           and not e.endswith("module-info.class"))
            if sample:
                step = max(1, len(names) // sample)
                names = names[::step][:sample]
            for e in names:
                z.extract(e, dest)
                classes.append((e[len(prefix):-6], os.path.join(dest, e)))
    return classes


def javap_methods(javap, paths):
    """Per class file: list of (descriptor, [(offset, mnemonic)])."""
    out = subprocess.run([javap, "-c", "-p", "-s"] + paths, capture_output=True, text=True,
                         errors="replace")
    if out.returncode != 0:
        sys.exit("javap failed: " + out.stderr[:2000])
    result, current, desc = [], None, None
    for line in out.stdout.splitlines():
        if line and not line[0].isspace() and line.rstrip().endswith("{"):
            current = []
            result.append(current)
            continue
        m = DESC.match(line)
        if m:
            desc = m.group(1)
            continue
        if line.strip() == "Code:":
            current.append((desc, []))
            continue
        m = INSN.match(line)
        if m and current:
            current[-1][1].append((int(m.group(1)), m.group(2)))
    return result


def jhalt_methods(jhalt, paths):
    out = subprocess.run([jhalt, "disasm"] + paths, capture_output=True, text=True, errors="replace")
    if out.returncode != 0:
        sys.exit("jhalt disasm failed (exit %d): %s" % (out.returncode, out.stderr[:2000]))
    methods = []
    for line in out.stdout.splitlines():
        m = METHOD.match(line)
        if m:
            methods.append((m.group(1), []))
        else:
            off, mnem = line.split(" ", 1)
            methods[-1][1].append((int(off), mnem))
    return methods


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jhalt", required=True)
    ap.add_argument("--javap", default="javap")
    ap.add_argument("--skip-missing", action="store_true",
                    help="exit 77 (skipped) if an input does not exist")
    ap.add_argument("inputs", nargs="+")
    args = ap.parse_args()
    missing = [i for i in args.inputs if not os.path.exists(i.split(":")[-1])]
    if missing and args.skip_missing:
        print("skipped: missing", ", ".join(missing))
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        classes = extract(args.inputs, tmp)
        paths = [p for _, p in classes]
        problems, checked_methods, checked_insns = [], 0, 0
        for start in range(0, len(paths), 500):
            batch = paths[start:start + 500]
            expected = javap_methods(args.javap, batch)
            actual = jhalt_methods(args.jhalt, batch)
            if len(expected) != len(batch):
                sys.exit("javap printed %d classes for %d files" % (len(expected), len(batch)))
            flat = [(path, d, insns) for path, methods in zip(batch, expected) for d, insns in methods]
            if len(flat) != len(actual):
                problems.append("method count differs: javap %d, jhalt %d" % (len(flat), len(actual)))
                break
            for (path, desc, insns), (name, got) in zip(flat, actual):
                checked_methods += 1
                checked_insns += len(insns)
                if not name.endswith(desc):
                    problems.append("%s: javap method %s, jhalt %s" % (path, desc, name))
                elif insns != got:
                    diff = next((i for i, (a, b) in enumerate(zip(insns, got)) if a != b),
                                min(len(insns), len(got)))
                    problems.append("%s %s: first difference at instruction %d: javap %s, jhalt %s" % (
                        path, name, diff, insns[diff:diff + 1], got[diff:diff + 1]))
        print("compared %d classes, %d methods, %d instructions" % (
            len(paths), checked_methods, checked_insns))
        for p in problems[:20]:
            print("MISMATCH", p)
        return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
