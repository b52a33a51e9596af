// Entry point of the VS Code extension: starts the mlir-analyzer language server
// for `mlir` documents and registers the extension's commands.

import { execFile } from 'node:child_process';
import * as vscode from 'vscode';
import { LanguageClient, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { findServer, reportMissingServer } from './serverPath';
import { SYNTAX_TREE_SCHEME, SyntaxTreeProvider, showSyntaxTree } from './syntaxTree';
import { TraceChannel } from './traceChannel';

const CLIENT_ID = 'mlir-analyzer'; // also makes vscode-languageclient read `mlir-analyzer.trace.server`
const CLIENT_NAME = 'MLIR Analyzer';

let client: LanguageClient | undefined;
let output: vscode.LogOutputChannel;
let trace: TraceChannel;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel(CLIENT_NAME, { log: true });
  trace = new TraceChannel(output);
  const treeProvider = new SyntaxTreeProvider(() => client);

  context.subscriptions.push(
    output,
    trace,
    treeProvider,
    vscode.workspace.registerTextDocumentContentProvider(SYNTAX_TREE_SCHEME, treeProvider),
    vscode.commands.registerCommand('mlir-analyzer.restartServer', () => restart(context)),
    vscode.commands.registerCommand('mlir-analyzer.showSyntaxTree', () => showSyntaxTree(treeProvider)),
    vscode.commands.registerCommand('mlir-analyzer.showVersion', () => showVersion(context)),
    vscode.commands.registerCommand('mlir-analyzer.showLog', () => output.show(true)),
    // A new binary or new arguments only take effect in a new server process.
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('mlir-analyzer.server')) {
        void restart(context);
      }
    }),
  );

  await start(context);
}

export async function deactivate(): Promise<void> {
  await stop();
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const lookup = findServer(context);
  if (lookup.kind !== 'found') {
    output.error(`server not started: ${lookup.kind === 'missing-configured' ? `${lookup.path} does not exist` : 'binary not found'}`);
    // Not awaited: the promise settles only when the user closes the notification.
    void reportMissingServer(lookup);
    return;
  }
  const extraArgs = vscode.workspace.getConfiguration('mlir-analyzer').get<string[]>('server.extraArgs', []);
  output.info(`starting ${lookup.path} (from ${lookup.source}) ${extraArgs.join(' ')}`.trimEnd());

  // No `transport`: the client then passes no `--stdio`; the server speaks LSP on
  // stdio when run with no arguments.
  const serverOptions: ServerOptions = { command: lookup.path, args: extraArgs };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'mlir' },
      { scheme: 'untitled', language: 'mlir' },
      // ODS `.td` files are synchronised (not analysed) so that an unsaved edit of a
      // dialect's definitions reaches the open `.mlir` files at once.
      { scheme: 'file', pattern: '**/*.td' },
    ],
    outputChannel: output,
    traceOutputChannel: trace,
    // The server reads its settings (`irdl.files`, ...) from the `mlir-analyzer` section,
    // at start and whenever they change.
    initializationOptions: JSON.parse(JSON.stringify(vscode.workspace.getConfiguration('mlir-analyzer'))),
    synchronize: { configurationSection: 'mlir-analyzer' },
  };
  const c = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
  client = c;
  try {
    await c.start();
  } catch (err) {
    output.error(`failed to start the server: ${String(err)}`);
    void vscode.window.showErrorMessage(`mlir-analyzer: the language server failed to start (${lookup.path}). See "MLIR Analyzer: Show Log".`);
  }
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (c !== undefined) {
    try {
      await c.dispose();
    } catch (err) {
      output.warn(`stopping the server: ${String(err)}`);
    }
  }
}

// Restarts run one after another, so a settings change during a restart cannot
// leave two servers running.
let restarting: Promise<void> = Promise.resolve();
function restart(context: vscode.ExtensionContext): Promise<void> {
  restarting = restarting
    .then(stop)
    .then(() => start(context))
    .catch((err: unknown) => output.error(`restart failed: ${String(err)}`));
  return restarting;
}

async function showVersion(context: vscode.ExtensionContext): Promise<void> {
  const lookup = findServer(context);
  if (lookup.kind !== 'found') {
    await reportMissingServer(lookup);
    return;
  }
  execFile(lookup.path, ['--version'], { timeout: 10_000 }, (err, stdout, stderr) => {
    const text = (stdout || stderr).trim();
    if (err !== null && text === '') {
      output.error(`${lookup.path} --version: ${err.message}`);
      void vscode.window.showErrorMessage(`mlir-analyzer: "${lookup.path} --version" failed: ${err.message}`);
      return;
    }
    output.info(`${lookup.path} --version: ${text}`);
    void vscode.window.showInformationMessage(`${text} (${lookup.path})`);
  });
}
