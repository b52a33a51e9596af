#!/usr/bin/env bash
# TableGen front-end benchmark (issue: our own TableGen evaluator): every root of the
# installed MLIR's .td files evaluated by llvm-tblgen --dump-json and by our evaluator,
# in one run, RUNS times each in turn (default 5). Needs libmlir-22-dev and llvm-22.
# Usage: [RUNS=N] bench/tablegen.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GB, $(uname -m)"
cargo build --quiet --release --locked -p mlir-analyzer --example tablegen_bench
./target/release/examples/tablegen_bench
