#!/usr/bin/env bash
# CI's packaging checks (issue 43): the Python wheel, built with maturin from pyproject.toml
# (the `dist` profile), installs into a fresh venv, puts a stripped `mlir-analyzer` on its
# PATH and gives the plain build's diagnostics; the pre-commit hook of
# .pre-commit-hooks.yaml fails on a broken file and passes on a clean one in a test
# repository. Usage: .ci/packaging.sh PLAIN_BINARY   (the release build to compare with)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
plain=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "packaging: FAILED: $*" >&2; exit 1; }

echo "== wheel: pip install maturin, maturin build"
python3 -m venv "$work/build"
"$work/build/bin/pip" install --quiet "maturin>=1.9,<2"
"$work/build/bin/maturin" build --locked --out "$work/wheels"
wheel=$(ls "$work"/wheels/*.whl)
echo "built $(basename "$wheel") ($(stat -c %s "$wheel") bytes)"

echo "== wheel: pip install into a fresh venv, check from it"
python3 -m venv "$work/fresh"
"$work/fresh/bin/pip" install --quiet "$wheel"
installed="$work/fresh/bin/mlir-analyzer"
[ -x "$installed" ] || fail "the wheel put no mlir-analyzer in the venv's bin/"
"$installed" --version
# Stripped: no symbol table left (the release build keeps one and its line tables).
if readelf -S "$installed" | grep -q '\.symtab'; then
  fail "the wheel's binary is not stripped"
fi
for args in "test-data" "--split-input-file test-data" "../shared/corpus/invalid"; do
  # shellcheck disable=SC2086 # a flag and a directory are two words
  ours=$("$plain" check --format json $args 2>/dev/null || true)
  # shellcheck disable=SC2086
  theirs=$("$installed" check --format json $args 2>/dev/null || true)
  [ "$ours" = "$theirs" ] || fail "the wheel's binary differs from the plain build on: $args"
  echo "same diagnostics from the wheel: $args"
done

echo "== pre-commit: the mlir-analyzer-check hook in a test repository"
python3 -m venv "$work/pc"
"$work/pc/bin/pip" install --quiet pre-commit
repo="$work/repo"
mkdir -p "$repo"
git -C "$repo" init --quiet
printf 'func.func @ok() {\n  return\n}\n' > "$repo/good.mlir"
printf 'func.func @f(%%a: i32) {\n  %%0 = arith.addi %%a, %%b : i32\n  return\n}\n' > "$repo/bad.mlir"
cat > "$repo/.pre-commit-config.yaml" <<EOF
repos:
  - repo: $PWD
    rev: $(git rev-parse HEAD)
    hooks:
      - id: mlir-analyzer-check
EOF
git -C "$repo" add -A
# The hook's environment builds the package from this checkout; the target folder is
# shared so that the dependencies are not compiled again.
export CARGO_TARGET_DIR="$PWD/target" PRE_COMMIT_HOME="$work/pre-commit-home"
if (cd "$repo" && "$work/pc/bin/pre-commit" run --all-files) > "$work/hook.log" 2>&1; then
  cat "$work/hook.log"
  fail "the hook passed on a file with an error"
fi
grep -q "bad.mlir:2:23: error: use of undeclared SSA value name" "$work/hook.log" ||
  { cat "$work/hook.log"; fail "the hook did not report bad.mlir's error"; }
git -C "$repo" rm --quiet --force bad.mlir
(cd "$repo" && "$work/pc/bin/pre-commit" run --all-files) ||
  fail "the hook failed on clean files"
echo "pre-commit hook: fails on the broken file, passes once it is gone"
