/**
 * Zumba for VS Code: keeps a file of every document's diagnostics, which
 * `zumba mcp <project> --diagnostics FILE` reads at each `diagnostics` call. The file is the setting
 * `zumba.diagnosticsFile`, or `.zumba/diagnostics.json` in the first workspace folder.
 */
import * as vscode from 'vscode';
import { diagnosticRecords, diagnosticsFileText } from './diagnosticsFile.js';
import { DebouncedFileWriter, defaultDiagnosticsFile } from './fileWriter.js';

let writer: DebouncedFileWriter | undefined;

export function activate(context: vscode.ExtensionContext): void {
  start();
  context.subscriptions.push(
    vscode.languages.onDidChangeDiagnostics(() => writer?.schedule()),
    vscode.workspace.onDidChangeConfiguration((change) => {
      if (change.affectsConfiguration('zumba.diagnosticsFile') || change.affectsConfiguration('zumba.enabled')) start();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => start()),
    { dispose: () => stop() },
  );
}

export function deactivate(): void {
  stop();
}

/** (Re)starts the writer on the file the settings name now, and writes it at once. */
function start(): void {
  stop();
  const file = diagnosticsFile();
  if (file === undefined) return;
  let warned = false;
  writer = new DebouncedFileWriter(file, () => diagnosticsFileText(diagnosticRecords(vscode.languages.getDiagnostics())), (error) => {
    if (warned) return;
    warned = true;
    void vscode.window.showWarningMessage(`Zumba cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
  });
  writer.flush();
}

function stop(): void {
  writer?.dispose();
  writer = undefined;
}

/** The setting, with `~` and a path relative to the first workspace folder resolved; none without either. */
function diagnosticsFile(): string | undefined {
  const settings = vscode.workspace.getConfiguration('zumba');
  if (settings.get<boolean>('enabled', true) === false) return undefined;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const configured = settings.get<string>('diagnosticsFile', '').trim();
  if (configured === '') return folder === undefined ? undefined : defaultDiagnosticsFile(folder);
  const expanded = configured.startsWith('~/') ? `${process.env['HOME'] ?? ''}${configured.slice(1)}` : configured;
  if (expanded.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(expanded)) return expanded;
  return folder === undefined ? undefined : vscode.Uri.joinPath(vscode.Uri.file(folder), expanded).fsPath;
}
