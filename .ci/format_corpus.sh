#!/usr/bin/env bash
# The formatter changes layout only: every file of the valid corpus that mlir-opt reads is
# formatted (a copy, by `mlir-analyzer format`), and mlir-opt must print the formatted
# file in generic form exactly as it prints the original. Also: the formatted copy is
# formatted already (`format --check`).
# Usage: .ci/format_corpus.sh MLIR_ANALYZER [CORPUS_DIR]   (needs mlir-22-tools)
set -euo pipefail
analyzer=$1
corpus=${2:-"$(dirname "${BASH_SOURCE[0]}")/../../shared/corpus/valid"}
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cp -r "$corpus" "$work/formatted"
"$analyzer" format "$work/formatted" 2>"$work/format.log" || {
  cat "$work/format.log" >&2
  echo "format failed on the corpus copy" >&2
  exit 1
}
tail -1 "$work/format.log"
"$analyzer" format --check "$work/formatted" >/dev/null

# Prints "same", "differs" or "skipped" (mlir-opt does not read the original) for a file.
compare() {
  local original=$1 formatted=$2
  local flags=(--allow-unregistered-dialect --split-input-file --mlir-print-op-generic)
  local before after
  before=$(timeout 60 "$MLIR_OPT" "${flags[@]}" "$original" 2>/dev/null) || { echo skipped; return; }
  after=$(timeout 60 "$MLIR_OPT" "${flags[@]}" "$formatted" 2>/dev/null) || { echo "differs $original"; return; }
  if [ "$before" = "$after" ]; then echo same; else echo "differs $original"; fi
}
export -f compare
export MLIR_OPT

(cd "$corpus" && find . -name '*.mlir' -print0 | sort -z |
  xargs -0 -P "$(nproc)" -I{} bash -c 'compare "$1" "$2/$1"' _ {} "$work/formatted") > "$work/results"
same=$(grep -c '^same$' "$work/results" || true)
skipped=$(grep -c '^skipped$' "$work/results" || true)
echo "mlir-opt prints $same formatted files as their originals ($skipped it does not read)"
if grep '^differs' "$work/results" >&2; then
  echo "the formatter changed what mlir-opt reads in the files above" >&2
  exit 1
fi
[ "$same" -ge 100 ] || { echo "too few files compared: is mlir-opt working?" >&2; exit 1; }
