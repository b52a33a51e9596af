#!/usr/bin/env bash
# No error on valid IR, in the forms mlir-opt itself prints: every file of the valid
# corpus is printed by mlir-opt in custom form, in generic form, and with every location
# (`--mlir-print-debuginfo`); each printed file that mlir-opt parses again must get no
# diagnostic from `mlir-analyzer check`, with our built-in specs alone and with every
# dialect of the installed MLIR's `.td` files loaded (`--ods-installed`).
# Usage: .ci/roundtrip_corpus.sh MLIR_ANALYZER [CORPUS_DIR]   (needs mlir-22-tools)
set -euo pipefail
analyzer=$1
corpus=${2:-"$(dirname "${BASH_SOURCE[0]}")/../../shared/corpus/valid"}
MLIR_OPT=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Prints one corpus file in both forms; keeps a printed file only if mlir-opt reads it.
print_both() {
  local file=$1 out=$2 name
  name=$(printf '%s' "$file" | tr '/' '_')
  for form in custom generic located; do
    local flags=(--allow-unregistered-dialect --split-input-file)
    local printed="$out/$form.$name"
    [ "$form" = generic ] && flags+=(--mlir-print-op-generic)
    [ "$form" = located ] && flags+=(--mlir-print-debuginfo)
    if timeout 60 "$MLIR_OPT" "${flags[@]}" "$file" -o "$printed" 2>/dev/null &&
      timeout 60 "$MLIR_OPT" --allow-unregistered-dialect --split-input-file "$printed" \
        -o /dev/null 2>/dev/null; then
      :
    else
      rm -f "$printed"
    fi
  done
}
export -f print_both
export MLIR_OPT

(cd "$corpus" && find . -name '*.mlir' -print0 | sort -z |
  xargs -0 -P "$(nproc)" -I{} bash -c 'print_both "$1" "$2" 2>/dev/null' _ {} "$out")
printed=$(find "$out" -name '*.mlir' | wc -l)
echo "mlir-opt printed $printed files of $corpus (custom, generic, located) that it reads back"
if [ "$printed" -lt 100 ]; then
  echo "too few printed files: is mlir-opt working?" >&2
  exit 1
fi
"$analyzer" check --split-input-file "$out"
"$analyzer" check --split-input-file --ods-installed "$out"
echo "no diagnostic on any of them (built-in specs, and MLIR's dialects loaded)"
