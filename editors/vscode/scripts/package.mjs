// `npm run package`: bundles the server binary into server/ and builds a
// platform-specific .vsix with vsce (the binary is native, so the .vsix is too). The
// binary is the packaging build's (`cargo build --profile dist`: optimized across
// crates, stripped) when there is one, else the release build's, stripped on the copy.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const extDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(extDir, '..', '..');
const exe = process.platform === 'win32' ? 'mlir-analyzer.exe' : 'mlir-analyzer';
const dist = path.join(repoRoot, 'target', 'dist', exe);
const release = path.join(repoRoot, 'target', 'release', exe);
const binary = fs.existsSync(dist) ? dist : release;

if (!fs.existsSync(binary)) {
  console.error(`error: no server binary at ${path.relative(process.cwd(), dist)} or ${path.relative(process.cwd(), release)}.`);
  console.error('Build it first, at the repository root:  cargo build --profile dist --locked -p mlir-analyzer');
  process.exit(1);
}

const serverDir = path.join(extDir, 'server');
fs.mkdirSync(serverDir, { recursive: true });
fs.copyFileSync(binary, path.join(serverDir, exe));
fs.chmodSync(path.join(serverDir, exe), 0o755);
console.log(`bundled ${path.relative(extDir, binary)} -> server/${exe}`);
// The release build keeps line tables and symbols (tens of MB): the .vsix gets none.
if (binary === release && process.platform !== 'win32') {
  const strip = spawnSync('strip', [path.join(serverDir, exe)], { stdio: 'inherit' });
  if (strip.status !== 0) {
    console.warn(`warning: strip failed (${strip.error?.message ?? `exit ${strip.status}`}); the bundled server keeps its symbols`);
  }
}

// vsce wants a LICENSE file next to package.json; use the repository's when there is one.
const args = ['package', '--no-dependencies', '--target', `${process.platform}-${process.arch}`];
const rootLicense = path.join(repoRoot, 'LICENSE');
if (fs.existsSync(rootLicense)) {
  fs.copyFileSync(rootLicense, path.join(extDir, 'LICENSE'));
} else if (!fs.existsSync(path.join(extDir, 'LICENSE'))) {
  args.push('--skip-license');
}

const vsce = path.join(extDir, 'node_modules', '@vscode', 'vsce', 'vsce');
const result = spawnSync(process.execPath, [vsce, ...args], { cwd: extDir, stdio: 'inherit' });
if (result.status !== 0) {
  console.error(`error: vsce ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
  process.exit(1);
}
