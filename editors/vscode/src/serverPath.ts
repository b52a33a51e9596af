// Finds the mlir-analyzer binary. Order: the `mlir-analyzer.server.path` setting,
// the binary bundled in the .vsix, `mlir-analyzer` on PATH. The first hit wins;
// a configured path that does not exist is an error (we don't silently fall back,
// or the user would run a different server than the one they asked for).

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';

export const BINARY_NAME = process.platform === 'win32' ? 'mlir-analyzer.exe' : 'mlir-analyzer';

export type ServerLookup =
  | { kind: 'found'; path: string; source: 'setting' | 'bundled' | 'PATH' }
  | { kind: 'missing-configured'; path: string }
  | { kind: 'not-found' };

export function findServer(context: vscode.ExtensionContext): ServerLookup {
  const configured = vscode.workspace.getConfiguration('mlir-analyzer').get<string>('server.path', '').trim();
  if (configured !== '') {
    const resolved = expandPath(configured);
    return isExecutableFile(resolved)
      ? { kind: 'found', path: resolved, source: 'setting' }
      : { kind: 'missing-configured', path: resolved };
  }

  const bundled = context.asAbsolutePath(path.join('server', BINARY_NAME));
  if (isExecutableFile(bundled) || makeExecutable(bundled)) {
    return { kind: 'found', path: bundled, source: 'bundled' };
  }

  const onPath = searchPath(BINARY_NAME);
  return onPath ? { kind: 'found', path: onPath, source: 'PATH' } : { kind: 'not-found' };
}

/** Expands `${workspaceFolder}` and a leading `~`; a relative result is taken
 * relative to the first workspace folder, as users of `${workspaceFolder}/...` expect. */
export function expandPath(raw: string): string {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  let p = raw;
  if (folder !== undefined) {
    p = p.replace(/\$\{workspaceFolder\}/g, folder);
  }
  if (p === '~' || p.startsWith('~/') || p.startsWith('~\\')) {
    p = path.join(os.homedir(), p.slice(1));
  }
  if (!path.isAbsolute(p) && folder !== undefined) {
    p = path.join(folder, p);
  }
  return p;
}

function searchPath(name: string): string | undefined {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter((d) => d !== '');
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    if (isExecutableFile(candidate)) {
      return candidate;
    }
  }
  return undefined;
}

function isExecutableFile(p: string): boolean {
  try {
    if (!fs.statSync(p).isFile()) {
      return false;
    }
    // Windows has no execute bit; the .exe suffix is the check there.
    if (process.platform !== 'win32') {
      fs.accessSync(p, fs.constants.X_OK);
    }
    return true;
  } catch {
    return false;
  }
}

/** Some ways of unpacking a .vsix drop the execute bit; the extension folder is ours to fix. */
function makeExecutable(p: string): boolean {
  if (process.platform === 'win32' || !fs.existsSync(p)) {
    return false;
  }
  try {
    fs.chmodSync(p, 0o755);
    return isExecutableFile(p);
  } catch {
    return false;
  }
}

/** The notification shown when no server can be started: says exactly what to do. */
export async function reportMissingServer(lookup: ServerLookup): Promise<void> {
  const openSettings = 'Open Settings';
  const message =
    lookup.kind === 'missing-configured'
      ? `mlir-analyzer: the server binary configured in "mlir-analyzer.server.path" does not exist or is not executable: ${lookup.path}. Fix the setting, or clear it to use the bundled binary or "mlir-analyzer" from PATH.`
      : 'mlir-analyzer: language server binary not found. Build it with "cargo build --release --locked" in the mlir-analyzer repository and set "mlir-analyzer.server.path" to target/release/mlir-analyzer, or install it on your PATH with "cargo install --locked --path server", then run "MLIR Analyzer: Restart Language Server".';
  const choice = await vscode.window.showErrorMessage(message, openSettings);
  if (choice === openSettings) {
    await vscode.commands.executeCommand('workbench.action.openSettings', 'mlir-analyzer.server.path');
  }
}
