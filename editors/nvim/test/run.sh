#!/usr/bin/env bash
# Runs the headless Neovim smoke test (test/smoke.lua) against the fake server.
# NVIM=/path/to/nvim selects the Neovim binary (default: nvim on PATH). Needs python3.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
nvim_bin="${NVIM:-nvim}"
command -v "$nvim_bin" >/dev/null || { echo "editors/nvim: FAILED: '$nvim_bin' not found (set NVIM=...)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "editors/nvim: FAILED: python3 not found (the fake server needs it)" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/proj/.git" "$work/proj/sub" "$work/loose"
for f in proj/sub/a.mlir proj/b.mlir loose/c.mlir; do
  printf 'func.func @f() {\n  return\n}\n' > "$work/$f"
done

# Keep nvim's log, swap and state files out of the user's home.
export XDG_STATE_HOME="$work/xdg" XDG_CACHE_HOME="$work/xdg" XDG_DATA_HOME="$work/xdg" XDG_CONFIG_HOME="$work/xdg"
export MLIR_NVIM_PLUGIN="$(dirname "$here")" MLIR_NVIM_WORK="$work"
# Give up rather than hang if the client never comes up.
timeout 60 "$nvim_bin" --headless --clean -c "luafile $here/smoke.lua"
