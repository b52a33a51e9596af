#!/usr/bin/env bash
# Parse benchmark (issue: syntax): generates a ~1M-line IR file, measures in-process parse
# throughput, then times `mlir-analyzer check` (the release, dist and PGO builds) and `mlir-opt` on the
# same file in one run, RUNS times each in turn (default 5).
# Usage: [RUNS=N] bench/run.sh [LINES]   (default 1000000). Needs python3; mlir-opt and
# llvm-profdata (for the PGO build) are optional.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

lines=${1:-1000000}
file=$(mktemp --suffix=.mlir)
trap 'rm -f "$file"' EXIT
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}

echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GB, $(uname -m)"
python3 bench/gen_ir.py --lines "$lines" --seed 1 -o "$file"
echo "input: $lines lines, $(stat -c %s "$file") bytes"

# Two builds: with `--example`, cargo builds only examples, and the checker's binary
# would be whatever an earlier build left (or missing on a fresh clone).
cargo build --quiet --release --locked -p mlir-analyzer
cargo build --quiet --profile dist --locked -p mlir-analyzer
cargo build --quiet --release --locked -p mlir-syntax --example parse_bench
./target/release/examples/parse_bench "$file" 5

# `check` from `cargo build --release` and, where llvm-profdata allows, from the PGO build
# (scripts/build-pgo.sh), against mlir-opt: RUNS runs of each in turn, as the machine's
# speed drifts from minute to minute. Prints each tool's range and median, and each
# check's median as a share of mlir-opt's.
RUNS=${RUNS:-5}
names=("check (cargo build --release)" "check (cargo build --profile dist)")
programs=(./target/release/mlir-analyzer ./target/dist/mlir-analyzer)
if pgo=$(scripts/build-pgo.sh); then
  names+=("check (scripts/build-pgo.sh)")
  programs+=("$pgo")
else
  echo "PGO build skipped (see above)"
fi
if [ -x "$MLIR_OPT" ]; then
  names+=("mlir-opt (parse+verify+print to /dev/null)")
  programs+=("$MLIR_OPT")
else
  echo "mlir-opt not found at $MLIR_OPT; install mlir-22-tools to compare"
fi
times=$(mktemp -d)
for _ in $(seq "$RUNS"); do
  for i in "${!programs[@]}"; do
    args=(check "$file")
    [ "${programs[$i]}" != "$MLIR_OPT" ] || args=("$file" -o /dev/null)
    /usr/bin/time -a -o "$times/$i" -f "%e %M" "${programs[$i]}" "${args[@]}" >/dev/null 2>&1 ||
      [ $? -eq 1 ]
  done
done
python3 - "$times" "${names[@]}" <<'PY'
import statistics, sys
d, names = sys.argv[1], sys.argv[2:]
rows = []
for i, name in enumerate(names):
    runs = [l.split() for l in open(f"{d}/{i}") if l.strip() and l[0].isdigit()]
    wall = sorted(float(w) for w, _ in runs)
    rss = max(int(m) for _, m in runs) // 1024
    rows.append((name, wall))
    print(f"{name}: {wall[0]:.2f}-{wall[-1]:.2f} s wall, median {statistics.median(wall):.2f} s, {rss} MB max RSS")
opt = [w for n, w in rows if n.startswith("mlir-opt")]
for name, wall in rows:
    if opt and name.startswith("check"):
        share = statistics.median(wall) / statistics.median(opt[0])
        print(f"{name}: {share:.3f} of mlir-opt's median")
PY
rm -rf "$times"
fastest=${pgo:-./target/dist/mlir-analyzer}
wall() { /usr/bin/time -f "%e s wall, %M KB max RSS" "$@" 2>&1 >/dev/null | tail -1; }

# Pathological inputs (issue: syntax): each must be handled in well under a second or
# two, whatever it holds. A file of broken statements also times the diagnostics' own
# work (one syntax error shown a line, verifier findings dropped in broken ops).
patho=$(mktemp -d)
trap 'rm -rf "$file" "$patho"' EXIT
python3 - "$patho" "$file" <<'PY'
import sys
d, big = sys.argv[1], sys.argv[2]
open(f"{d}/nested.mlir", "w").write('"t.op"() {a = ' + "[" * 100_000 + "} : () -> ()\n")
open(f"{d}/long_line.mlir", "w").write('"t.op"() {a = [' + "1, " * 3_500_000 + "2]} : () -> ()\n")
open(f"{d}/unterminated.mlir", "w").write('"t.op"() {a = "' + open(big).read())
open(f"{d}/broken_lines.mlir", "w").write("".join(f'%x{i} = "a.b"( : i32\n' for i in range(200_000)))
PY
# `check` reports every independent error; `--reach mlir-opt` stops where mlir-opt does.
for case in nested long_line unterminated broken_lines; do
  echo "pathological $case ($(stat -c %s "$patho/$case.mlir") bytes): $(wall "$fastest" check "$patho/$case.mlir")"
  echo "  with --reach mlir-opt: $(wall "$fastest" check --reach mlir-opt "$patho/$case.mlir")"
  echo "  with --syntax-only: $(wall "$fastest" check --syntax-only "$patho/$case.mlir")"
done
