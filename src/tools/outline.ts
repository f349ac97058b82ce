/** `outline {path, ranges?}`: a file's declarations, one a line, indented by nesting; with `ranges`, each with its last line. */
import { statSync, type Stats } from 'node:fs';
import { outlineLine, type Definition } from '../definitions/definition.js';
import { outlineDefinitions, type OnFallback } from '../definitions/engine.js';
import type { Languages } from '../definitions/languages.js';
import { OUTLINE_SIZE_LIMIT, readRegularFile } from '../project/files.js';
import type { MakeDefinitions } from '../index/indexedOutlines.js';
import { describe, resolveProjectPath, type ProjectRoots } from '../project/paths.js';
import { stripByteOrderMark } from '../text/lines.js';
import { ToolError } from './toolError.js';

export const MAX_OUTLINE_ENTRIES = 1000;

/** What outlines need of a project (a project, or what a worker thread makes of one). */
export interface OutlineSource extends ProjectRoots {
  readonly languages: Languages;
  /** A file's definitions, through the index: `make`'s when the index does not hold them for these bytes. */
  readonly definitions: (relative: string, bytes: Buffer, make: MakeDefinitions) => Promise<Definition[]>;
}

export async function outline(project: OutlineSource, args: { path: string; ranges?: boolean | undefined }): Promise<string> {
  const { relative, definitions } = await fileOutline(project, args.path);
  const data = project.languages.of(relative)?.grammar?.data === true;
  return renderOutline(data ? upperLevels(definitions, MAX_OUTLINE_ENTRIES) : definitions, args.ranges === true, definitions.length);
}

/**
 * A data file's entries cut to the cap by levels rather than in source order: every entry of the
 * levels that fit whole, then of the next level the first that still fit, in source order; so that
 * a huge file shows its upper structure complete rather than its first leaves.
 */
export function upperLevels(definitions: readonly Definition[], cap: number): readonly Definition[] {
  if (definitions.length <= cap) return definitions;
  const perDepth: number[] = [];
  for (const { depth } of definitions) perDepth[depth] = (perDepth[depth] ?? 0) + 1;
  let whole = -1;
  let shown = 0;
  while (shown + perDepth[whole + 1]! <= cap) shown += perDepth[++whole]!;
  let room = cap - shown;
  return definitions.filter((d) => d.depth <= whole || (d.depth === whole + 1 && room-- > 0));
}

/** A file as `outline` reads it. */
export interface FileOutline {
  /** Its path relative to the project, with `/`. */
  readonly relative: string;
  /** Every definition its outline shows (not only the first MAX_OUTLINE_ENTRIES), through the index. */
  readonly definitions: Definition[];
  /** Its text, decoded when first asked for (the index may have answered without it). */
  readonly text: () => string;
}

export async function fileOutline(project: OutlineSource, given: string): Promise<FileOutline> {
  const file = resolveProjectPath(project, given);
  const bytes = readSource(file.absolute, file.relative);
  let decoded: string | undefined;
  const text = () => (decoded ??= decode(bytes));
  return { relative: file.relative, definitions: await definitionsOfBytes(project, file.relative, bytes, text), text };
}

/** The definitions of a file of these bytes, through the index; `text` decodes them, only when the index does not hold them. */
function definitionsOfBytes(project: OutlineSource, relative: string, bytes: Buffer, text: () => string): Promise<Definition[]> {
  const make = (onFallback: OnFallback) => outlineDefinitions(project.languages, relative, text(), onFallback);
  return project.definitions(relative, bytes, make);
}

/** The text of a file that `outline` accepts: a regular, non-binary file of at most 8 MB. */
export function readSourceText(absolute: string, shown: string): string {
  return decode(readSource(absolute, shown));
}

function decode(bytes: Buffer): string {
  return stripByteOrderMark(bytes.toString('utf8'));
}

/** The bytes of a file that `outline` accepts. */
function readSource(absolute: string, shown: string): Buffer {
  let read;
  try {
    read = readRegularFile(absolute, OUTLINE_SIZE_LIMIT);
  } catch (error) {
    throw notAFile(absolute, shown) ?? new ToolError(`Cannot read ${shown}: ${describe(error)}`);
  }
  switch (read.kind) {
    case 'text': return read.bytes;
    case 'binary': throw new ToolError(`${shown} is a binary file.`);
    case 'too-large': throw new ToolError(`${shown} is larger than 8 MB (${read.size} bytes).`);
    case 'not-a-file': throw notAFile(absolute, shown) ?? new ToolError(`${shown} is not a regular file.`);
  }
}

/**
 * What a path that could not be read as a file is instead: a folder, or a socket (which cannot be
 * opened at all), device or FIFO (which is not read). Asked only then: a stat a file costs time on a tree.
 */
function notAFile(absolute: string, shown: string): ToolError | undefined {
  const stat = statOf(absolute);
  if (stat?.isDirectory()) return new ToolError(`${shown} is a directory, not a file.`);
  if (stat !== undefined && !stat.isFile()) return new ToolError(`${shown} is not a regular file.`);
  return undefined;
}

/**
 * One entry a line: `<indent><line> <kind> <name>`, or with ranges `<indent><line>-<last line> <kind> <name>`;
 * past the cap (or where `total` says that more were left out) a line saying how many more there are.
 */
export function renderOutline(definitions: readonly Definition[], ranges = false, total = definitions.length): string {
  if (definitions.length === 0) return 'No declarations.';
  const shown = definitions.slice(0, MAX_OUTLINE_ENTRIES).map((d) => outlineLine(d, ranges));
  const hidden = total - shown.length;
  if (hidden > 0) shown.push(`… ${hidden} more entries`);
  return shown.join('\n');
}

function statOf(absolute: string): Stats | undefined {
  try {
    return statSync(absolute);
  } catch {
    return undefined;
  }
}
