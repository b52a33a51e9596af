#!/usr/bin/env bash
# Regenerates the JSON beside each TableGen fixture: for every `NAME.td` of
# test-data/tablegen/ and every dialect `NAMEOps.td` of test-data/ods/, `NAME.json` is what
# `llvm-tblgen --dump-json` prints for it (the `tablegen` and `mlir-dialects` tests read
# these files; the `tablegen` tests check its own against llvm-tblgen when installed).
#
# llvm-tblgen is found as the tests find it: $LLVM_TBLGEN if set, else the newest
# /usr/lib/llvm-*/bin/llvm-tblgen, else llvm-tblgen on PATH.
#
# Runs from the repository root with relative paths, so that no path of this machine
# can end up in the JSON (its `!locs` name files by their base name only, as of LLVM 22).
# Usage: scripts/regen-tablegen-json.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

find_tblgen() {
  if [ -n "${LLVM_TBLGEN:-}" ]; then
    echo "$LLVM_TBLGEN"
    return
  fi
  local newest
  newest=$(ls -d /usr/lib/llvm-*/bin/llvm-tblgen 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$newest" ]; then
    echo "$newest"
    return
  fi
  command -v llvm-tblgen || true
}

tblgen=$(find_tblgen)
if [ -z "$tblgen" ] || [ ! -x "$tblgen" ]; then
  echo "error: llvm-tblgen not found (set LLVM_TBLGEN, or install e.g. Debian's llvm-22)" >&2
  exit 1
fi
echo "using $tblgen ($("$tblgen" --version | grep -o 'LLVM version [0-9.]*'))"

# test-data/tablegen: every file is a root. test-data/ods: the dialects (`*Ops.td`), which
# include the ODS model `OdsBase.td` beside them.
for td in test-data/tablegen/*.td test-data/ods/*Ops.td; do
  json="${td%.td}.json"
  "$tblgen" --dump-json -I "$(dirname "$td")" "$td" -o "$json"
  if grep -q "$PWD" "$json"; then
    echo "error: $json contains the absolute path $PWD" >&2
    exit 1
  fi
  echo "wrote $json"
done
