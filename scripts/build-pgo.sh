#!/usr/bin/env bash
# Builds the packaged binary of mlir-analyzer (the `dist` profile: fat LTO, one codegen
# unit, stripped) with profile-guided optimization (PGO):
# an instrumented build checks a training set, and the counts it records steer the
# optimized build (which branches are likely, what to inline, how to lay out code).
# `check` of a large IR dump runs faster than with `cargo build --profile dist` alone
# (see the README's Performance section).
#
# Training set, all ours: a 200,000-line file from bench/gen_ir.py (another seed and size
# than the benchmark's), the same file behind an unterminated string, and every fixture
# of test-data/ (small files, errors, split files). The profile is made anew on each run,
# so it always matches the code; nothing generated is kept in the repository (it stays
# in target/).
#
# Needs llvm-profdata of the LLVM version rustc uses (`rustc -vV`), e.g. from Debian's
# llvm-22 package for rustc 1.95. Prints the binary's path last.
# Usage: scripts/build-pgo.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

llvm_major=$(rustc -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')
profdata=""
sysroot_tool="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin/llvm-profdata"
for candidate in "llvm-profdata-$llvm_major" "/usr/lib/llvm-$llvm_major/bin/llvm-profdata" \
  "$sysroot_tool" llvm-profdata; do
  tool=$(command -v "$candidate" || true)
  [ -n "$tool" ] || continue
  # The raw profile format changes between LLVM versions: the tool must match rustc's.
  if "$tool" --version 2>/dev/null | grep -q "LLVM version $llvm_major\."; then
    profdata=$tool
    break
  fi
done
if [ -z "$profdata" ]; then
  echo "build-pgo: no llvm-profdata of LLVM $llvm_major (rustc's) found;" \
    "install it (Debian/Ubuntu: apt-get install llvm-$llvm_major)" >&2
  exit 2
fi

# Stable paths keep the flags the same from run to run, so that cargo rebuilds only what
# changed. (Cargo does not track the profile's content: a crate left unchanged keeps the
# optimization of an older profile, which costs speed, never correctness.)
instrumented_dir=target/pgo-instrumented
raw="$PWD/$instrumented_dir/profiles"
merged="$PWD/target/pgo/merged.profdata"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "build-pgo: instrumented build" >&2
RUSTFLAGS="-Cprofile-generate=$raw" \
  cargo build --quiet --profile dist --locked -p mlir-analyzer --target-dir "$instrumented_dir"
instrumented=$instrumented_dir/dist/mlir-analyzer

echo "build-pgo: training" >&2
rm -rf "$raw"
python3 bench/gen_ir.py --lines 200000 --seed 7 -o "$work/train.mlir"
{ printf '"t.op"() {a = "'; cat "$work/train.mlir"; } > "$work/unterminated.mlir"
# `check` exits 1 where it reports errors, as most fixtures and the broken file do.
for args in "$work/train.mlir" "$work/unterminated.mlir" test-data "--split-input-file test-data"; do
  # shellcheck disable=SC2086 # the split flag and its directory are two words
  "$instrumented" check $args >/dev/null 2>&1 || [ $? -eq 1 ]
done
mkdir -p "$(dirname "$merged")"
"$profdata" merge --sparse -o "$merged" "$raw"

echo "build-pgo: optimized build" >&2
RUSTFLAGS="-Cprofile-use=$merged" \
  cargo build --quiet --profile dist --locked -p mlir-analyzer --target-dir target/pgo
echo "$PWD/target/pgo/dist/mlir-analyzer"
