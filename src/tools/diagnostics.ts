/**
 * `diagnostics {path?}`: the errors and warnings the user's editor shows, read from the file given with
 * `--diagnostics` at every call (the editor rewrites it while the project is open). The file may hold
 * any of the shapes editors and language servers write; each is flattened to
 * `path:line:column: severity: message`, ordered by path, line and column.
 */
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { readRegularFile, type FileRead } from '../project/files.js';
import { describe, isMissing, resolveProjectPath, toProjectRelative } from '../project/paths.js';
import type { Project } from '../session/project.js';
import { comparePaths, shownLine, stripByteOrderMark } from '../text/lines.js';
import { ToolError } from './toolError.js';

export const MAX_DIAGNOSTIC_LINES = 200;
/** Room for a long type error; a runaway message (a whole file's worth) would swamp the answer. */
export const MAX_MESSAGE = 1000;
/** Far above any real file (a big workspace writes tens of MB), low enough to refuse a runaway one. */
const DIAGNOSTICS_SIZE_LIMIT = 256 * 1024 * 1024;
/** How long to wait before reading a file that does not parse once more: the editor may be writing it. */
const RETRY_DELAY_MS = 50;

const NO_DIAGNOSTICS = 'No diagnostics.';
const UNRECOGNISED_SHAPE =
  'none of the accepted shapes (LSP PublishDiagnosticsParams or an array of them, a map of URI or path ' +
  'to Diagnostic[], VS Code [uri, Diagnostic[]] pairs, {file, line, column, severity, message} records)';

type Severity = 'error' | 'warning' | 'info' | 'hint';

/** LSP `DiagnosticSeverity`: 1 error, 2 warning, 3 information, 4 hint. */
const SEVERITY_BY_NUMBER: readonly Severity[] = ['error', 'warning', 'info', 'hint'];
const SEVERITY_BY_WORD: ReadonlyMap<string, Severity> = new Map([
  ['error', 'error'],
  ['warning', 'warning'],
  ['warn', 'warning'],
  ['information', 'info'],
  ['info', 'info'],
  ['hint', 'hint'],
]);

/** A URI scheme of two characters or more, so that a Windows drive letter is not taken for one. */
const URI_SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]+):/;

interface Position {
  /** 1-based. */
  readonly line: number;
  /** 1-based. */
  readonly column: number;
}

/** A diagnostic as the file states it, its location still a URI or path as written. */
interface StatedDiagnostic extends Position {
  readonly location: string;
  readonly severity: Severity;
  /** On one line, trimmed. */
  readonly message: string;
}

/** What one read of the file gave: its diagnostics, or why it could not be parsed. */
type Reading = { readonly diagnostics: readonly StatedDiagnostic[] } | { readonly problem: string };

export async function diagnostics(project: Project, args: { path?: string }): Promise<string> {
  const onlyPath = requestedPath(project, args.path);
  if (project.diagnosticsFile === undefined) return NO_DIAGNOSTICS;
  const byPath = groupByPath(project, await readDiagnosticsFile(project.diagnosticsFile));
  const paths = onlyPath === undefined ? [...byPath.keys()].sort(comparePaths) : [onlyPath];
  return renderDiagnostics(byPath, paths);
}

/**
 * The project path the `path` argument names, written as entries are shown; undefined (every file)
 * when it is absent or blank. Throws a ToolError for a path that leaves the project.
 */
function requestedPath(project: Project, requested: string | undefined): string | undefined {
  if (requested === undefined || requested.trim() === '') return undefined;
  return resolveProjectPath(project, requested, { mayBeMissing: true }).relative;
}

/** Reads and parses the file, and once more after a short wait if it does not parse. */
async function readDiagnosticsFile(file: string): Promise<readonly StatedDiagnostic[]> {
  const first = readOnce(file);
  if ('diagnostics' in first) return first.diagnostics;
  await sleep(RETRY_DELAY_MS);
  const second = readOnce(file);
  if ('diagnostics' in second) return second.diagnostics;
  throw new ToolError(`Cannot parse diagnostics file ${file}: ${second.problem}`);
}

/** One read. A missing file holds no diagnostics; one that cannot be read at all is a ToolError. */
function readOnce(file: string): Reading {
  let read: FileRead;
  try {
    read = readRegularFile(file, DIAGNOSTICS_SIZE_LIMIT);
  } catch (error) {
    if (isMissing(error)) return { diagnostics: [] };
    throw new ToolError(`Cannot read diagnostics file ${file}: ${describe(error)}`);
  }
  switch (read.kind) {
    case 'text': return parseDiagnostics(stripByteOrderMark(read.bytes.toString('utf8')));
    case 'binary': return { problem: 'it contains a NUL byte' };
    case 'too-large': throw new ToolError(`Diagnostics file ${file} is larger than 256 MB (${read.size} bytes).`);
    case 'not-a-file': throw new ToolError(`Cannot read diagnostics file ${file}: not a regular file.`);
  }
}

function parseDiagnostics(text: string): Reading {
  if (text.trim() === '') return { diagnostics: [] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problem: describe(error) };
  }
  const stated = statedDiagnostics(json);
  return stated === undefined ? { problem: UNRECOGNISED_SHAPE } : { diagnostics: stated };
}

/**
 * The diagnostics of a parsed file, or undefined when it has none of the accepted shapes: an array of
 * publish params, VS Code pairs or flat records; or one object, which is a map of location to
 * `Diagnostic[]` (every value a list), publish params or a flat record. Entries without a usable
 * location, line or message are left out.
 */
function statedDiagnostics(json: unknown): StatedDiagnostic[] | undefined {
  if (Array.isArray(json)) {
    const groups = json.map(elementDiagnostics);
    return groups.every((group): group is StatedDiagnostic[] => group !== undefined) ? groups.flat() : undefined;
  }
  return mapDiagnostics(json) ?? elementDiagnostics(json);
}

function elementDiagnostics(value: unknown): StatedDiagnostic[] | undefined {
  if (Array.isArray(value)) {
    // VS Code: [uri, Diagnostic[]].
    const pair: readonly unknown[] = value;
    const [uri, list] = pair;
    return pair.length === 2 && Array.isArray(list) ? diagnosticsAt(uri, list) : undefined;
  }
  if (!isRecord(value)) return undefined;
  // LSP PublishDiagnosticsParams: {uri, diagnostics}.
  if ('uri' in value && Array.isArray(value.diagnostics)) return diagnosticsAt(value.uri, value.diagnostics);
  if ('file' in value || 'path' in value || 'uri' in value) return flatRecordDiagnostics(value);
  return undefined;
}

/** `{file|path|uri, line, column?, severity?, message}`, one diagnostic. */
function flatRecordDiagnostics(record: Record<string, unknown>): StatedDiagnostic[] {
  return diagnosticsAt(record.file ?? record.path ?? record.uri, [record]);
}

/** `{location: Diagnostic[]}`; undefined when it is not an object whose every value is a list. */
function mapDiagnostics(map: unknown): StatedDiagnostic[] | undefined {
  if (!isRecord(map)) return undefined;
  const entries = Object.entries(map);
  if (!entries.every((entry): entry is [string, unknown[]] => Array.isArray(entry[1]))) return undefined;
  return entries.flatMap(([location, list]) => diagnosticsAt(location, list));
}

function diagnosticsAt(where: unknown, entries: readonly unknown[]): StatedDiagnostic[] {
  const location = locationText(where);
  if (location === undefined) return [];
  return entries.flatMap((entry) => {
    const diagnostic = statedDiagnostic(location, entry);
    return diagnostic === undefined ? [] : [diagnostic];
  });
}

function statedDiagnostic(location: string, entry: unknown): StatedDiagnostic | undefined {
  if (!isRecord(entry)) return undefined;
  const position = positionOf(entry);
  const message = messageOf(entry.message);
  if (position === undefined || message === undefined) return undefined;
  return { location, ...position, severity: severityOf(entry.severity), message };
}

/**
 * A location as text: a URI or path as written, or VS Code's serialised `Uri` (`{scheme, path}`, and
 * `fsPath` or `external` when it had computed them).
 */
function locationText(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (!isRecord(value)) return undefined;
  const { scheme, fsPath, path: uriPath, external } = value;
  if (scheme === undefined || scheme === 'file') return firstString(fsPath, uriPath, external);
  return firstString(external, typeof uriPath === 'string' ? `${String(scheme)}:${uriPath}` : undefined);
}

/** An LSP `range` (0-based; `{start, end}`, or `[start, end]` as VS Code writes it), else 1-based `line` and `column`. */
function positionOf(entry: Record<string, unknown>): Position | undefined {
  if (entry.range !== undefined) return rangeStart(entry.range);
  const line = integerAtLeast(entry.line, 1);
  if (line === undefined) return undefined;
  return { line, column: integerAtLeast(entry.column, 1) ?? 1 };
}

function rangeStart(range: unknown): Position | undefined {
  const start: unknown = Array.isArray(range) ? range[0] : isRecord(range) ? range.start : undefined;
  if (!isRecord(start)) return undefined;
  const line = integerAtLeast(start.line, 0);
  if (line === undefined) return undefined;
  return { line: line + 1, column: (integerAtLeast(start.character, 0) ?? 0) + 1 };
}

/**
 * The message on one line, cut at MAX_MESSAGE characters: a string, or LSP's `MarkupContent`
 * `{kind, value}`. Blank is no message.
 */
function messageOf(value: unknown): string | undefined {
  const text = typeof value === 'string' ? value : isRecord(value) ? value.value : undefined;
  if (typeof text !== 'string') return undefined;
  const oneLine = shownLine(text.replace(/\r\n|\r|\n/g, ' '), MAX_MESSAGE);
  return oneLine === '' ? undefined : oneLine;
}

/** LSP numbers or words, any case; a missing or unknown severity counts as an error. */
function severityOf(value: unknown): Severity {
  if (typeof value === 'number') return SEVERITY_BY_NUMBER[value - 1] ?? 'error';
  if (typeof value === 'string') return SEVERITY_BY_WORD.get(value.toLowerCase()) ?? 'error';
  return 'error';
}

/** The diagnostics of each file, under the path the tool prints; those whose location names no file are left out. */
function groupByPath(project: Project, stated: readonly StatedDiagnostic[]): Map<string, StatedDiagnostic[]> {
  const pathOfLocation = new Map<string, string | undefined>();
  const byPath = new Map<string, StatedDiagnostic[]>();
  for (const diagnostic of stated) {
    const { location } = diagnostic;
    if (!pathOfLocation.has(location)) pathOfLocation.set(location, shownPath(project, location));
    const file = pathOfLocation.get(location);
    // A name holding a line break cannot be shown on one line (the walk leaves such files out too).
    if (file === undefined || /[\r\n]/.test(file)) continue;
    const group = byPath.get(file);
    if (group === undefined) byPath.set(file, [diagnostic]);
    else group.push(diagnostic);
  }
  return byPath;
}

/**
 * A `file:` URI or a path (relative to the project root) as a project path with `/`; a file outside the
 * project keeps its absolute path. Other URIs (`untitled:`, …) name no file: they are shown as written.
 */
function shownPath(project: Project, location: string): string | undefined {
  const scheme = URI_SCHEME.exec(location)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'file') return location;
  let absolute: string;
  try {
    absolute = path.resolve(project.root, scheme === 'file' ? fileURLToPath(location) : location);
  } catch {
    return undefined; // A `file:` URI of another host, or with an encoded `/`.
  }
  const relative = toProjectRelative(project, absolute);
  if (relative === undefined) return absolute;
  return relative === '' ? '.' : relative;
}

/**
 * One line a diagnostic, file after file in the order given, by line and column within a file;
 * identical lines once; at most MAX_DIAGNOSTIC_LINES of them, then a trailer.
 */
function renderDiagnostics(byPath: ReadonlyMap<string, readonly StatedDiagnostic[]>, paths: readonly string[]): string {
  const lines = new Set<string>();
  for (const file of paths) {
    for (const d of (byPath.get(file) ?? []).toSorted(byPosition)) {
      const line = `${file}:${d.line}:${d.column}: ${d.severity}: ${d.message}`;
      if (lines.has(line)) continue;
      if (lines.size === MAX_DIAGNOSTIC_LINES) return [...lines, '… more; narrow it with path'].join('\n');
      lines.add(line);
    }
  }
  return lines.size === 0 ? NO_DIAGNOSTICS : [...lines].join('\n');
}

function byPosition(a: Position, b: Position): number {
  return a.line - b.line || a.column - b.column;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function integerAtLeast(value: unknown, least: number): number | undefined {
  // Past 2^53 a number is not one integer any more, and prints as 1e+300: no usable line.
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= least ? value : undefined;
}

function firstString(...values: unknown[]): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value !== '');
}
