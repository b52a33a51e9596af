#!/usr/bin/env bash
# Parse benchmark (issue: syntax): generates a ~1M-line IR file, measures in-process parse
# throughput, then times `mlir-analyzer check` and `mlir-opt` on the same file in one run.
# Usage: bench/run.sh [LINES]   (default 1000000). Needs python3; mlir-opt is optional.
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
cargo build --quiet --release --locked -p mlir-syntax --example parse_bench
./target/release/examples/parse_bench "$file" 5

wall() { /usr/bin/time -f "%e s wall, %M KB max RSS" "$@" 2>&1 >/dev/null | tail -1; }
echo "mlir-analyzer check: $(wall ./target/release/mlir-analyzer check "$file")"
if [ -x "$MLIR_OPT" ]; then
  echo "mlir-opt (parse+verify+print to /dev/null): $(wall "$MLIR_OPT" "$file" -o /dev/null)"
else
  echo "mlir-opt not found at $MLIR_OPT; install mlir-22-tools to compare"
fi

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
for case in nested long_line unterminated broken_lines; do
  echo "pathological $case ($(stat -c %s "$patho/$case.mlir") bytes): $(wall ./target/release/mlir-analyzer check "$patho/$case.mlir")"
done
