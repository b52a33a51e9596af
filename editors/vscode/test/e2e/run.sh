#!/usr/bin/env bash
# Optional end-to-end test of the packaged extension in a real VS Code: npm
# `code-server` 4.100.3 (the last one on Node 20), driven by Debian's chromium through
# playwright-core. Not part of scripts/test-grammar.sh because it downloads ~350 MB.
#
#   apt-get install -y libkrb5-dev ripgrep chromium   # once
#   editors/vscode/test/e2e/run.sh                      # fake LSP server (default)
#   SERVER=target/release/mlir-analyzer editors/vscode/test/e2e/run.sh   # the real one
#
# E2E_CACHE (default ~/.cache/mlir-analyzer-e2e) keeps the code-server install;
# E2E_PORT (default 18080) is where it listens on 127.0.0.1.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ext="$(cd "$here/../.." && pwd)"
cache="${E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mlir-analyzer-e2e}"
port="${E2E_PORT:-18080}"
fail() { echo "vscode e2e: FAILED: $*" >&2; exit 1; }
for tool in node npm python3 chromium rg curl; do
  command -v "$tool" >/dev/null || fail "$tool not found (apt-get install -y libkrb5-dev ripgrep chromium curl)"
done
if [ -n "${SERVER:-}" ]; then SERVER="$(realpath "$SERVER")"; fi

# 1. code-server, once. Its install scripts refuse root and download from GitHub, so
#    they are skipped and the native modules rebuilt by hand (rg comes from Debian).
if [ ! -f "$cache/.ready" ]; then
  echo "== installing code-server into $cache"
  rm -rf "$cache" && mkdir -p "$cache" && cd "$cache"
  npm init -y >/dev/null
  npm install code-server@4.100.3 playwright-core@1.65.1 --ignore-scripts --no-audit --no-fund
  cd node_modules/code-server/lib/vscode
  npm install --omit=dev --ignore-scripts --no-audit --no-fund
  # node-pty's optional compile_commands step fails harmlessly.
  npm rebuild @parcel/watcher @vscode/deviceid @vscode/spdlog kerberos native-watchdog node-pty || true
  mkdir -p node_modules/@vscode/ripgrep/bin && cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
  ln -sfn node_modules node_modules.asar
  (cd bin/remote-cli && ln -sf code-linux.sh code-server)
  (cd bin/helpers && ln -sf browser-linux.sh browser.sh)
  (cd extensions && npm install --omit=dev --ignore-scripts --no-audit --no-fund)
  cd "$cache" && npm rebuild argon2
  touch "$cache/.ready"
fi

work="$(mktemp -d)"
server_pid=""
cleanup() {
  # code-server runs in its own process group (setsid below): end that whole group,
  # or its file watcher outlives it.
  if [ -n "$server_pid" ]; then kill -- "-$server_pid" 2>/dev/null || true; sleep 1; fi
  rm -rf "$work"
}
trap cleanup EXIT

# 2. Package the extension as `npm run package` does, from a repository-shaped copy
#    whose target/release/mlir-analyzer is the server under test.
mkdir -p "$work/repo/editors/vscode" "$work/repo/target/release" "$work/ws" "$work/ud/User"
tar -C "$ext" --exclude=./node_modules --exclude=./out --exclude=./server --exclude='./*.vsix' -cf - . \
  | tar -C "$work/repo/editors/vscode" -xf -
ln -s "$ext/node_modules" "$work/repo/editors/vscode/node_modules"
if [ -n "${SERVER:-}" ]; then
  cp "$SERVER" "$work/repo/target/release/mlir-analyzer"
else
  fake="$(cd "$ext/../nvim/test" && pwd)/fake_server.py"
  cat > "$work/repo/target/release/mlir-analyzer" <<EOF
#!/bin/sh
echo "argv: \$*" >> "$work/argv.log"
if [ "\$1" = --version ]; then exec python3 "$fake" --version; fi
exec python3 "$fake" "$work/server.log"
EOF
  chmod +x "$work/repo/target/release/mlir-analyzer"
fi
(cd "$work/repo/editors/vscode" && npm run package >"$work/package.log" 2>&1) || { cat "$work/package.log"; fail "npm run package"; }
vsix="$(ls "$work"/repo/editors/vscode/*.vsix)"

# 3. A workspace, settings, and code-server with the .vsix installed.
printf 'func.func @f(%%a: i32) -> i32 {\n  %%0 = arith.addi %%a, %%a : i32\n  return %%0 : i32\n}\n' > "$work/ws/a.mlir"
printf '# Doc\n\n```mlir\n%%0 = arith.addi %%a, %%b : i32\n```\n' > "$work/ws/doc.md"
cat > "$work/ud/User/settings.json" <<'EOF'
{
  "workbench.startupEditor": "none",
  "security.workspace.trust.enabled": false,
  "mlir-analyzer.server.extraArgs": ["--from-settings"],
  "mlir-analyzer.trace.server": "messages"
}
EOF
cs="$cache/node_modules/.bin/code-server"
export XDG_CONFIG_HOME="$work/cfg" XDG_DATA_HOME="$work/data"
"$cs" --install-extension "$vsix" --extensions-dir "$work/ext" --user-data-dir "$work/ud" >/dev/null
setsid "$cs" --bind-addr "127.0.0.1:$port" --auth none --disable-telemetry --disable-update-check \
  --user-data-dir "$work/ud" --extensions-dir "$work/ext" "$work/ws" >"$work/code-server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 60); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 1; done

# 4. Drive it.
E2E_URL="http://127.0.0.1:$port/?folder=$work/ws" E2E_WORK="$work" E2E_CHROMIUM="$(command -v chromium)" E2E_FAKE="$([ -z "${SERVER:-}" ] && echo 1 || echo 0)" \
  NODE_PATH="$cache/node_modules" timeout 300 node "$here/e2e.cjs"
