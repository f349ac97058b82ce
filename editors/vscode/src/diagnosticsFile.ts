/**
 * What the extension writes: VS Code's diagnostics (`vscode.languages.getDiagnostics()`) as the
 * file `zumba diagnostics` reads, a JSON array of records, one a diagnostic, paths absolute, lines
 * and columns 1-based (columns in UTF-16 code units, as VS Code counts them):
 *   [{"path": "/src/app/main.rs", "line": 3, "column": 9, "endLine": 3, "endColumn": 14,
 *     "severity": "error", "message": "...", "source": "rustc"}]
 * Written without VS Code's module, so that it runs (and is tested) outside VS Code.
 */

/** The parts of a `vscode.Uri` read here. */
export interface EditorUri {
  readonly scheme: string;
  readonly fsPath: string;
}

/** The parts of a `vscode.Diagnostic` read here. */
export interface EditorDiagnostic {
  readonly range: { readonly start: EditorPosition; readonly end: EditorPosition };
  /** `vscode.DiagnosticSeverity`: 0 error, 1 warning, 2 information, 3 hint (not LSP's 1–4). */
  readonly severity: number;
  readonly message: string;
  readonly source?: string | undefined;
}

interface EditorPosition {
  readonly line: number;
  readonly character: number;
}

export interface DiagnosticRecord {
  readonly path: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  readonly severity: 'error' | 'warning' | 'info' | 'hint';
  readonly message: string;
  readonly source?: string;
}

const SEVERITIES = ['error', 'warning', 'info', 'hint'] as const;

/** The records of every file's diagnostics, in path and position order; a document that is no file (`untitled:`, output panels) has none. */
export function diagnosticRecords(all: ReadonlyArray<readonly [EditorUri, readonly EditorDiagnostic[]]>): DiagnosticRecord[] {
  const records = all.flatMap(([uri, diagnostics]) => (uri.scheme === 'file' ? diagnostics.map((diagnostic) => recordOf(uri.fsPath, diagnostic)) : []));
  return records.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || a.column - b.column));
}

function recordOf(path: string, diagnostic: EditorDiagnostic): DiagnosticRecord {
  const { start, end } = diagnostic.range;
  return {
    path,
    line: start.line + 1,
    column: start.character + 1,
    endLine: end.line + 1,
    endColumn: end.character + 1,
    severity: SEVERITIES[diagnostic.severity] ?? 'error',
    message: diagnostic.message,
    ...(diagnostic.source !== undefined && { source: diagnostic.source }),
  };
}

/** The file's text: the records as JSON, one a line inside the array, so that a diff of two versions reads well. */
export function diagnosticsFileText(records: readonly DiagnosticRecord[]): string {
  return records.length === 0 ? '[]\n' : `[\n${records.map((record) => JSON.stringify(record)).join(',\n')}\n]\n`;
}
