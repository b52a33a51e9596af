#!/usr/bin/env bash
# Headless Neovim tests of the setup in this folder:
#   smoke  test/smoke.lua against test/fake_server.py (needs python3): filetype, client
#          start and attach, root detection, the syntax-tree request; and the syntax
#          test below.
#   syntax test/syntax.lua: syntax/mlir.vim on test/fixtures/highlight.mlir (no server).
#   real   test/real_server.lua against the real mlir-analyzer binary: diagnostic of a
#          syntax error, fix, diagnostics gone, incremental edits, syntax tree, hover,
#          formatting, signature help, document links, call hierarchy, semantic tokens
#          over the syntax file (0.9+).
#
#   editors/nvim/test/run.sh [smoke|syntax|real|all]     (default: all)
#
# NVIM=/path/to/nvim selects the Neovim binary (default: nvim on PATH).
# MLIR_ANALYZER=/path/to/mlir-analyzer selects the server for `real` (default:
# target/release/mlir-analyzer at the repository root; build it with
# `cargo build --release --locked -p mlir-analyzer`).
# Prints one "N passed, N failed" line over all tests run; exits non-zero on any failure.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
which="${1:-all}"
case "$which" in smoke | syntax | real | all) ;; *) echo "usage: $0 [smoke|syntax|real|all]" >&2; exit 2 ;; esac
fail() { echo "editors/nvim: FAILED: $*" >&2; exit 1; }

nvim_bin="${NVIM:-nvim}"
command -v "$nvim_bin" >/dev/null || fail "'$nvim_bin' not found (apt-get install neovim, or set NVIM=...)"
if [ "$which" = smoke ] || [ "$which" = all ]; then
  command -v python3 >/dev/null || fail "python3 not found (the fake server needs it)"
fi
if [ "$which" = real ] || [ "$which" = all ]; then
  server="${MLIR_ANALYZER:-$repo/target/release/mlir-analyzer}"
  [ -x "$server" ] || fail "no server binary at $server: build it with 'cargo build --release --locked -p mlir-analyzer' at the repository root, or set MLIR_ANALYZER=..."
  server="$(cd "$(dirname "$server")" && pwd)/$(basename "$server")"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Keep nvim's log, swap and state files out of the user's home.
export XDG_STATE_HOME="$work/xdg" XDG_CACHE_HOME="$work/xdg" XDG_DATA_HOME="$work/xdg" XDG_CONFIG_HOME="$work/xdg"
export MLIR_NVIM_PLUGIN="$(dirname "$here")"
"$nvim_bin" --version | head -n 1

total_passed=0 total_failed=0
# run NAME LUAFILE [NVIM_ARGS...]: one headless nvim in a fresh work folder; tallies
# its counts.
run() {
  local name="$1" lua="$2" dir="$work/$1" out status=0
  shift 2
  mkdir -p "$dir/proj/.git" "$dir/proj/sub" "$dir/loose"
  for f in proj/sub/a.mlir proj/b.mlir loose/c.mlir; do
    printf 'func.func @f() {\n  return\n}\n' > "$dir/$f"
  done
  printf 'func.func @f() {\n  "t.op"() : i32\n  return\n}\n' > "$dir/proj/broken.mlir"
  echo "== $name"
  # `timeout`: give up rather than hang if the client never comes up.
  out="$(MLIR_NVIM_WORK="$dir" MLIR_ANALYZER="${server:-}" \
    timeout 120 "$nvim_bin" --headless --clean "$@" -c "luafile $lua" </dev/null 2>&1)" || status=$?
  printf '%s\n' "$out"
  local counts
  counts="$(printf '%s\n' "$out" | sed -n 's/.* \([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed$/\1 \2/p' | tail -n 1)"
  if [ -z "$counts" ]; then
    echo "FAIL $name: nvim exited with status $status before printing its results"
    total_failed=$((total_failed + 1))
    return
  fi
  total_passed=$((total_passed + ${counts% *}))
  total_failed=$((total_failed + ${counts#* }))
  if [ "$status" -ne 0 ] && [ "${counts#* }" -eq 0 ]; then
    echo "FAIL $name: nvim exited with status $status"
    total_failed=$((total_failed + 1))
  fi
}

case "$which" in smoke | all) run smoke "$here/smoke.lua" ;; esac
# The plugin folder goes on 'runtimepath' before startup, as from a user's init.lua, so
# that Neovim reads ftdetect/ itself and syntax/ is found by `syntax on`.
case "$which" in smoke | syntax | all)
  run syntax "$here/syntax.lua" --cmd 'lua vim.opt.runtimepath:append(vim.env.MLIR_NVIM_PLUGIN)' ;;
esac
case "$which" in real | all) run real "$here/real_server.lua" ;; esac

echo "editors/nvim: $total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]
