#!/usr/bin/env bash
# End-to-end test of the packaged extension in a real VS Code: npm `code-server`
# 4.100.3 (the last one on Node 20), driven by Debian's chromium through
# playwright-core. Not part of scripts/test-grammar.sh because the first run downloads
# ~350 MB.
#
#   apt-get install -y libkrb5-dev ripgrep chromium curl   # once
#   cargo build --release --locked -p mlir-analyzer         # at the repository root
#   editors/vscode/test/e2e/run.sh          # the real server, bundled into the .vsix
#   editors/vscode/test/e2e/run.sh --fake   # a fake LSP server (checks exact LSP traffic)
#
# MLIR_ANALYZER=/path/to/mlir-analyzer picks the server to bundle (default:
# target/release/mlir-analyzer at the repository root).
# E2E_CACHE (default ~/.cache/mlir-analyzer-e2e) keeps the code-server install.
# E2E_PORT (default: a free port) is where code-server listens on 127.0.0.1.
# E2E_ARTIFACTS (default: a new /tmp/mlir-analyzer-vscode-e2e.* folder) receives
# screenshots and logs; it is kept when the test fails and printed.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ext="$(cd "$here/../.." && pwd)"
repo="$(cd "$ext/../.." && pwd)"
CODE_SERVER_VERSION=4.100.3
PLAYWRIGHT_VERSION=1.65.1
cache="${E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mlir-analyzer-e2e}"
fail() { echo "vscode e2e: FAILED: $*" >&2; exit 1; }

mode=real
case "${1:-}" in
  "") ;;
  --fake) mode=fake ;;
  *) echo "usage: $0 [--fake]" >&2; exit 2 ;;
esac
for tool in node npm python3 chromium rg curl timeout setsid; do
  command -v "$tool" >/dev/null || fail "$tool not found (apt-get install -y libkrb5-dev ripgrep chromium curl python3)"
done
server=""
if [ "$mode" = real ]; then
  server="${MLIR_ANALYZER:-$repo/target/release/mlir-analyzer}"
  [ -x "$server" ] || fail "no server binary at $server: build it with 'cargo build --release --locked -p mlir-analyzer' at the repository root, or set MLIR_ANALYZER=..."
  server="$(cd "$(dirname "$server")" && pwd)/$(basename "$server")"
fi
if [ ! -d "$ext/node_modules/@vscode/vsce" ]; then
  echo "== npm ci (editors/vscode)"
  (cd "$ext" && npm ci --no-audit --no-fund)
fi

# 1. code-server, once. Its install scripts refuse root and download from GitHub, so
#    they are skipped and the native modules rebuilt by hand (rg comes from Debian).
stamp="code-server@$CODE_SERVER_VERSION playwright-core@$PLAYWRIGHT_VERSION"
if [ "$(cat "$cache/.ready" 2>/dev/null)" != "$stamp" ]; then
  echo "== installing $stamp into $cache"
  rm -rf "$cache" && mkdir -p "$cache"
  # A subshell under the script's `set -e` (not in an `||` list, which would switch
  # errexit off inside it): any failing step stops the install and the script.
  (
    trap 'echo "vscode e2e: FAILED: installing code-server into $cache at: $BASH_COMMAND (its native modules need: apt-get install -y libkrb5-dev)" >&2' ERR
    cd "$cache"
    npm init -y >/dev/null
    npm install "code-server@$CODE_SERVER_VERSION" "playwright-core@$PLAYWRIGHT_VERSION" --ignore-scripts --no-audit --no-fund
    cd node_modules/code-server/lib/vscode
    npm install --omit=dev --ignore-scripts --no-audit --no-fund
    # node-pty's optional compile_commands step fails harmlessly (and noisily: its
    # output goes to a log), so check the modules that matter were built.
    npm rebuild @parcel/watcher @vscode/deviceid @vscode/spdlog kerberos native-watchdog node-pty \
      >"$cache/rebuild.log" 2>&1 || true
    for built in @vscode/spdlog/build/Release/spdlog.node kerberos/build/Release/kerberos.node \
      node-pty/build/Release/pty.node native-watchdog/build/Release/watchdog.node; do
      [ -f "node_modules/$built" ] || { tail -n 40 "$cache/rebuild.log" >&2; echo "not built: $built" >&2; exit 1; }
    done
    mkdir -p node_modules/@vscode/ripgrep/bin && cp "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
    ln -sfn node_modules node_modules.asar
    (cd bin/remote-cli && ln -sf code-linux.sh code-server)
    (cd bin/helpers && ln -sf browser-linux.sh browser.sh)
    (cd extensions && npm install --omit=dev --ignore-scripts --no-audit --no-fund)
    cd "$cache" && npm rebuild argon2
  )
  echo "$stamp" > "$cache/.ready"
fi

work="$(mktemp -d)"
if [ -n "${E2E_ARTIFACTS:-}" ]; then
  artifacts="$E2E_ARTIFACTS" keep_artifacts=1
  mkdir -p "$artifacts"
else
  artifacts="$(mktemp -d /tmp/mlir-analyzer-vscode-e2e.XXXXXX)" keep_artifacts=0
fi
server_pid=""
cleanup() {
  status=$?
  # code-server runs in its own process group (setsid below): end that whole group
  # (the extension host and the language server are in it too), or its file watcher
  # outlives it.
  if [ -n "$server_pid" ]; then
    kill -- "-$server_pid" 2>/dev/null || true
    for _ in 1 2 3 4 5; do kill -0 -- "-$server_pid" 2>/dev/null || break; sleep 1; done
    kill -KILL -- "-$server_pid" 2>/dev/null || true
  fi
  if [ "$status" -ne 0 ]; then
    # Keep what explains the failure: code-server's and the extension host's logs.
    cp "$work"/*.log "$artifacts/" 2>/dev/null || true
    [ -d "$work/ud/logs" ] && cp -r "$work/ud/logs" "$artifacts/vscode-logs" 2>/dev/null || true
    echo "vscode e2e: screenshots and logs kept in $artifacts" >&2
  elif [ "$keep_artifacts" = 0 ]; then
    rm -rf "$artifacts"
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# 2. Package the extension with `npm run package` from a repository-shaped copy whose
#    target/release/mlir-analyzer is the server under test, so the source tree gets
#    no server/ folder or .vsix.
mkdir -p "$work/repo/editors/vscode" "$work/repo/target/release" "$work/ws" "$work/ud/User"
tar -C "$ext" --exclude=./node_modules --exclude=./out --exclude=./server --exclude='./*.vsix' -cf - . \
  | tar -C "$work/repo/editors/vscode" -xf -
ln -s "$ext/node_modules" "$work/repo/editors/vscode/node_modules"
[ -f "$repo/LICENSE" ] && cp "$repo/LICENSE" "$work/repo/LICENSE"
if [ "$mode" = real ]; then
  cp "$server" "$work/repo/target/release/mlir-analyzer"
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
echo "== npm run package ($mode server)"
(cd "$work/repo/editors/vscode" && npm run package >"$work/package.log" 2>&1) || { cat "$work/package.log"; fail "npm run package"; }
vsix="$(ls "$work"/repo/editors/vscode/*.vsix)"
(cd "$work" && python3 -c 'import sys, zipfile; n = zipfile.ZipFile(sys.argv[1]).namelist(); sys.exit(0 if "extension/server/mlir-analyzer" in n else 1)' "$vsix") \
  || fail "$(basename "$vsix") has no extension/server/mlir-analyzer"
# The bundled server is stripped (the release build it was copied from keeps its symbols).
if [ "$mode" = real ] && command -v readelf >/dev/null; then
  bundled="$work/repo/editors/vscode/server/mlir-analyzer"
  if readelf -S "$bundled" | grep -q '\.symtab'; then
    fail "the server bundled in $(basename "$vsix") is not stripped"
  fi
  echo "bundled server stripped: $(stat -c %s "$bundled") bytes (from $(stat -c %s "$server"))"
fi

# 3. A workspace, settings, and code-server with the .vsix installed. Line 2 of a.mlir
#    is a syntax error ("expected function type"); e2e.cjs fixes it. messy.mlir is
#    formatted there, with the indent width of the settings (4); types.mlir's memref is
#    hovered; calls.mlir has a document link, a call, and an operand list to complete.
printf 'func.func @f(%%a: i32) -> i32 {\n  "t.op"() : i32\n  %%0 = arith.addi %%a, %%a : i32\n  return %%0 : i32\n}\n' > "$work/ws/a.mlir"
printf 'func.func @g(%%a:i32)->i32{\n%%0=arith.addi %%a,%%a:i32 // kept\n      return %%0:i32\n}\n' > "$work/ws/messy.mlir"
printf 'func.func @g(%%m: memref<8x4xf32, strided<[8, 1], offset: ?>, 1>) {\n  return\n}\n' > "$work/ws/types.mlir"
printf 'func.func @callee(%%a: i32) -> i32 {\n  return %%a : i32\n}\nfunc.func @caller(%%x: i32) -> i32 {\n  %%0 = func.call @callee(%%x) : (i32) -> i32 loc("types.mlir":1:1)\n  %%1 = arith.addi %%0, \n  return %%0 : i32\n}\n' > "$work/ws/calls.mlir"
printf '# Doc\n\n```mlir\n%%0 = arith.addi %%a, %%b : i32\n```\n' > "$work/ws/doc.md"
extra_args='[]'
[ "$mode" = fake ] && extra_args='["--from-settings"]'
cat > "$work/ud/User/settings.json" <<EOF
{
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "security.workspace.trust.enabled": false,
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "telemetry.telemetryLevel": "off",
  "editor.hover.delay": 100,
  "editor.inlayHints.enabled": "off",
  "mlir-analyzer.server.extraArgs": $extra_args,
  "mlir-analyzer.format.indentWidth": 4,
  "mlir-analyzer.trace.server": "messages"
}
EOF
cs="$cache/node_modules/.bin/code-server"
export XDG_CONFIG_HOME="$work/cfg" XDG_DATA_HOME="$work/data"
"$cs" --install-extension "$vsix" --extensions-dir "$work/ext" --user-data-dir "$work/ud" >"$work/install-extension.log" 2>&1 \
  || { cat "$work/install-extension.log"; fail "code-server --install-extension $(basename "$vsix")"; }
port="${E2E_PORT:-$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')}"
echo "== code-server $CODE_SERVER_VERSION on 127.0.0.1:$port"
setsid "$cs" --bind-addr "127.0.0.1:$port" --auth none --disable-telemetry --disable-update-check \
  --disable-workspace-trust --user-data-dir "$work/ud" --extensions-dir "$work/ext" "$work/ws" \
  >"$work/code-server.log" 2>&1 </dev/null &
server_pid=$!
up=0
for _ in $(seq 1 90); do
  if curl -s -o /dev/null "http://127.0.0.1:$port/healthz"; then up=1; break; fi
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 1
done
[ "$up" = 1 ] || { tail -n 30 "$work/code-server.log" >&2; fail "code-server did not come up on port $port"; }

# 4. Drive it.
echo "== chromium + playwright-core"
E2E_URL="http://127.0.0.1:$port/?folder=$work/ws" E2E_WORK="$work" E2E_ARTIFACTS="$artifacts" \
  E2E_CHROMIUM="$(command -v chromium)" E2E_MODE="$mode" E2E_EXT_DIR="$work/ext" \
  NODE_PATH="$cache/node_modules" timeout 300 node "$here/e2e.cjs" \
  || fail "see the checks above (exit $?)"
