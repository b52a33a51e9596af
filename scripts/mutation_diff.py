#!/usr/bin/env python3
"""Differential test against mlir-opt on mutated corpus files.

Takes valid files of the corpus (`../shared/corpus/valid`, those mlir-opt 22 accepts),
breaks each in one way, and compares what `mlir-analyzer check` says with mlir-opt's
first error:

- redefine:   a result renamed to an earlier result's name;
- undeclared: a value use renamed to a name defined nowhere;
- delete:     one of ( ) , : < > [ ] { } = deleted;
- retype:     a builtin type keyword replaced by another;
- drop_line:  one line deleted.

Each mutation is classified: `match` (our error on mlir-opt's line with its text, and at
its column), `match-line` (same line and text, another column), `different-message`,
`other-lines-only`, `missed`, `both-clean` (neither reports anything) and
`false-positive` (we report an error on a file mlir-opt accepts). Prints the counts per
kind and writes the files that did not match, with a JSON index, to OUT.

Usage: scripts/mutation_diff.py [--count N] [--seed S] [--kinds a,b] [--binary PATH]
       [--out DIR] [--fail-on-false-positive]
"""

import argparse
import collections
import json
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
KINDS = ["redefine", "undeclared", "delete", "retype", "drop_line"]
ERROR = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.*)$")
DEFINITION = re.compile(r"^(\s*)(%[A-Za-z_0-9$.-]+)(:\d+)?\s*=")
VALUE = re.compile(r"(?<![\w%])%[A-Za-z_0-9$.-]+")
TYPES = ["i32", "i64", "f32", "f64", "index", "i1"]


def errors_of(command, timeout):
    """(line, column, message) of each error a command prints; None if it crashed."""
    try:
        run = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    if run.returncode < 0 or "Stack dump" in run.stderr:
        return None
    found = []
    for line in (run.stdout + run.stderr).splitlines():
        match = ERROR.match(line)
        if match:
            found.append((int(match["line"]), int(match["col"]), match["msg"]))
    return found


def code_lines(lines):
    return [i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("//")]


def mutate(text, kind, rng):
    """The mutated text, or None if the file offers nothing to mutate."""
    lines = text.split("\n")
    if kind == "redefine":
        defs = [(i, m.group(2)) for i, line in enumerate(lines) if (m := DEFINITION.match(line))]
        if len(defs) < 2:
            return None
        later = rng.randrange(1, len(defs))
        line, name = defs[later]
        other = defs[rng.randrange(0, later)][1]
        if other == name:
            return None
        lines[line] = lines[line].replace(name, other, 1)
    elif kind == "undeclared":
        uses = []
        for i in code_lines(lines):
            definition = DEFINITION.match(lines[i])
            start = definition.end() if definition else 0
            uses += [(i, m.start(), m.end()) for m in VALUE.finditer(lines[i], start)]
        if not uses:
            return None
        i, start, end = rng.choice(uses)
        lines[i] = lines[i][:start] + "%zz_undeclared" + lines[i][end:]
    elif kind == "delete":
        spots = [(i, c) for i in code_lines(lines) for c, ch in enumerate(lines[i]) if ch in "(),:<>[]{}="]
        if not spots:
            return None
        i, c = rng.choice(spots)
        lines[i] = lines[i][:c] + lines[i][c + 1 :]
    elif kind == "retype":
        spots = [
            (i, m.start(), m.end())
            for i in code_lines(lines)
            for m in re.finditer(r"\b(i32|i64|f32|f64|index|i1|f16|i8)\b", lines[i])
        ]
        if not spots:
            return None
        i, start, end = rng.choice(spots)
        other = rng.choice([t for t in TYPES if t != lines[i][start:end]])
        lines[i] = lines[i][:start] + other + lines[i][end:]
    elif kind == "drop_line":
        candidates = code_lines(lines)
        if not candidates:
            return None
        del lines[rng.choice(candidates)]
    return "\n".join(lines)


def classify(theirs, ours):
    if not theirs:
        return "false-positive" if ours else "both-clean"
    line, column, message = theirs[0]
    same = [o for o in ours if o[0] == line and o[2] == message]
    if same:
        return "match" if any(o[1] == column for o in same) else "match-line"
    if any(o[0] == line for o in ours):
        return "different-message"
    return "other-lines-only" if ours else "missed"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--binary", default=os.path.join(HERE, "..", "target", "release", "mlir-analyzer"))
    parser.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    parser.add_argument("--corpus", default=os.environ.get("MLIR_CORPUS", os.path.join(HERE, "..", "..", "shared", "corpus")))
    parser.add_argument("--out", default=None, help="where to keep the files that did not match")
    parser.add_argument("--fail-on-false-positive", action="store_true")
    args = parser.parse_args()
    kinds = args.kinds.split(",")
    rng = random.Random(args.seed)
    out = args.out or tempfile.mkdtemp(prefix="mutation-diff-")
    os.makedirs(out, exist_ok=True)

    files = []
    with open(os.path.join(args.corpus, "MANIFEST.tsv")) as manifest:
        next(manifest)
        for row in manifest:
            path, *_, lines, _dialects, kind = row.rstrip("\n").split("\t")
            if kind == "valid" and int(lines) < 400:
                files.append(os.path.join(args.corpus, path))
    rng.shuffle(files)

    counts = collections.Counter()
    kept = []
    done = 0
    for original in files:
        if done >= args.count:
            break
        with open(original, encoding="utf-8", errors="replace") as f:
            text = f.read()
        split = ["--split-input-file"] if "// -----" in text else []
        opt = [args.mlir_opt, "--allow-unregistered-dialect", *split]
        if errors_of([*opt, original, "-o", "/dev/null"], 20) != []:
            continue
        kind = kinds[done % len(kinds)]
        mutated = mutate(text, kind, rng)
        if mutated is None:
            continue
        path = os.path.join(out, f"case{done}.mlir")
        with open(path, "w") as f:
            f.write(mutated)
        theirs = errors_of([*opt, path, "-o", "/dev/null"], 20)
        if theirs is None:
            os.remove(path)
            continue
        ours = errors_of([args.binary, "check", *split, path], 60) or []
        done += 1
        verdict = classify(theirs, ours)
        counts[(kind, verdict)] += 1
        if verdict in ("match", "both-clean"):
            os.remove(path)
        else:
            kept.append({"file": path, "from": original, "kind": kind, "verdict": verdict,
                         "mlir_opt": theirs[:1], "ours": ours[:3]})
    with open(os.path.join(out, "index.json"), "w") as f:
        json.dump(kept, f, indent=1)

    print(f"{done} mutations (seed {args.seed}); files that did not match: {out}")
    for kind in kinds:
        row = {v: n for (k, v), n in counts.items() if k == kind}
        total = sum(row.values())
        print(f"  {kind:11} {total:4}: " + ", ".join(f"{v} {n}" for v, n in sorted(row.items())))
    false_positives = sum(n for (_, v), n in counts.items() if v == "false-positive")
    if args.fail_on_false_positive and false_positives:
        print(f"{false_positives} errors on files mlir-opt accepts", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
