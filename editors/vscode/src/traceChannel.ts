// Makes the `mlir-analyzer.trace.server` setting work on its own.
//
// vscode-languageclient 10+ traces LSP messages only when its trace channel's log level
// is Trace, which users can set only by hand ("Set Log Level..."). This channel reports
// level Trace exactly when the setting is not "off", and writes the trace lines into the
// extension's own output channel, so "Show Log" shows them next to everything else.

import * as vscode from 'vscode';

const SETTING = 'mlir-analyzer.trace.server';

export class TraceChannel implements vscode.LogOutputChannel {
  private readonly levelChanged = new vscode.EventEmitter<vscode.LogLevel>();
  readonly onDidChangeLogLevel = this.levelChanged.event;
  private readonly configListener: vscode.Disposable;
  private level = TraceChannel.levelFromSettings();

  constructor(private readonly target: vscode.LogOutputChannel) {
    this.configListener = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(SETTING)) {
        this.level = TraceChannel.levelFromSettings();
        this.levelChanged.fire(this.level);
      }
    });
  }

  private static levelFromSettings(): vscode.LogLevel {
    const value = vscode.workspace.getConfiguration().get<string>(SETTING, 'off');
    return value === 'off' ? vscode.LogLevel.Info : vscode.LogLevel.Trace;
  }

  get name(): string {
    return this.target.name;
  }
  get logLevel(): vscode.LogLevel {
    return this.level;
  }

  // The client sends its message trace through trace(); the rest forwards as is.
  trace(message: string): void {
    this.target.info(message);
  }
  debug(message: string, ...args: unknown[]): void {
    this.target.debug(message, ...args);
  }
  info(message: string, ...args: unknown[]): void {
    this.target.info(message, ...args);
  }
  warn(message: string, ...args: unknown[]): void {
    this.target.warn(message, ...args);
  }
  error(error: string | Error, ...args: unknown[]): void {
    this.target.error(error, ...args);
  }
  append(value: string): void {
    this.target.append(value);
  }
  appendLine(value: string): void {
    this.target.appendLine(value);
  }
  replace(value: string): void {
    this.target.replace(value);
  }
  clear(): void {
    this.target.clear();
  }
  show(preserveFocus?: boolean): void;
  show(column?: vscode.ViewColumn, preserveFocus?: boolean): void;
  show(arg?: boolean | vscode.ViewColumn, preserveFocus?: boolean): void {
    this.target.show(typeof arg === 'boolean' ? arg : preserveFocus);
  }
  hide(): void {
    this.target.hide();
  }
  dispose(): void {
    this.configListener.dispose();
    this.levelChanged.dispose();
  }
}
