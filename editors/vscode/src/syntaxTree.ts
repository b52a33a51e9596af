// "Show Syntax Tree": asks the server for its debug dump of the CST of an .mlir file
// (custom request `mlir-analyzer/syntaxTree`, params `{ uri }`) and shows it in a read-only virtual
// document that refreshes while the source file is edited.

import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';

export const SYNTAX_TREE_SCHEME = 'mlir-analyzer-syntax-tree';
const REQUEST = 'mlir-analyzer/syntaxTree';
const REFRESH_DELAY_MS = 250;

export class SyntaxTreeProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly getClient: () => LanguageClient | undefined) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => this.sourceChanged(e.document)),
    );
  }

  /** The virtual URI for a source document; the source URI rides in the query. */
  static uriFor(source: vscode.Uri): vscode.Uri {
    return vscode.Uri.from({
      scheme: SYNTAX_TREE_SCHEME,
      path: `/${source.path.split('/').pop() ?? 'file'}.syntax-tree`,
      query: source.toString(),
    });
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const client = this.getClient();
    if (client === undefined || !client.isRunning()) {
      return '// The mlir-analyzer language server is not running.';
    }
    try {
      const tree = await client.sendRequest<string>(REQUEST, { uri: uri.query }, token);
      return typeof tree === 'string' ? tree : JSON.stringify(tree, null, 2);
    } catch (err) {
      return `// ${REQUEST} failed: ${err instanceof Error ? err.message : String(err)}`;
    }
  }

  /** Re-fetches an already open tree (opening it again would show the cached text). */
  refresh(uri: vscode.Uri): void {
    this.changed.fire(uri);
  }

  /** Debounced: one refresh per burst of keystrokes, for every open tree of that source. */
  private sourceChanged(doc: vscode.TextDocument): void {
    if (doc.languageId !== 'mlir') {
      return;
    }
    const source = doc.uri.toString();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      for (const open of vscode.workspace.textDocuments) {
        if (open.uri.scheme === SYNTAX_TREE_SCHEME && open.uri.query === source) {
          this.changed.fire(open.uri);
        }
      }
    }, REFRESH_DELAY_MS);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.changed.dispose();
    this.subscriptions.forEach((d) => d.dispose());
  }
}

export async function showSyntaxTree(provider: SyntaxTreeProvider): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || editor.document.languageId !== 'mlir') {
    void vscode.window.showWarningMessage('mlir-analyzer: open an .mlir file first.');
    return;
  }
  const uri = SyntaxTreeProvider.uriFor(editor.document.uri);
  const alreadyOpen = vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString());
  const doc = await vscode.workspace.openTextDocument(uri);
  if (alreadyOpen) {
    provider.refresh(uri);
  }
  await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: false });
}
