/** `outline {path, ranges?}`: a file's declarations, one a line, indented by nesting; with `ranges`, each with its last line. */
import { statSync, type Stats } from 'node:fs';
import type { Definition } from '../definitions/definition.js';
import { outlineDefinitions, type OnFallback } from '../definitions/engine.js';
import { OUTLINE_SIZE_LIMIT, readRegularFile } from '../project/files.js';
import { describe, resolveProjectPath } from '../project/paths.js';
import type { Project } from '../session/project.js';
import { stripByteOrderMark } from '../text/lines.js';
import { ToolError } from './toolError.js';

export const MAX_OUTLINE_ENTRIES = 1000;

export async function outline(project: Project, args: { path: string; ranges?: boolean | undefined }): Promise<string> {
  const file = resolveProjectPath(project, args.path);
  const bytes = readSource(file.absolute, file.relative);
  return renderOutline(await definitionsOfBytes(project, file.relative, bytes, () => decode(bytes)), args.ranges === true);
}

/** A file's text, and its definitions as `outline` shows them (through the index). */
export async function fileOutline(project: Project, given: string): Promise<{ text: string; definitions: Definition[] }> {
  const file = resolveProjectPath(project, given);
  const bytes = readSource(file.absolute, file.relative);
  const text = decode(bytes);
  return { text, definitions: await definitionsOfBytes(project, file.relative, bytes, () => text) };
}

/** The definitions of a file of these bytes, through the index; `text` decodes them, only when the index does not hold them. */
function definitionsOfBytes(project: Project, relative: string, bytes: Buffer, text: () => string): Promise<Definition[]> {
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
  const stat = statOf(absolute);
  if (stat?.isDirectory()) throw new ToolError(`${shown} is a directory, not a file.`);
  // A socket cannot be opened at all (ENXIO), a device or FIFO is not read: each is plainly not a file.
  if (stat !== undefined && !stat.isFile()) throw new ToolError(`${shown} is not a regular file.`);
  let read;
  try {
    read = readRegularFile(absolute, OUTLINE_SIZE_LIMIT);
  } catch (error) {
    throw new ToolError(`Cannot read ${shown}: ${describe(error)}`);
  }
  switch (read.kind) {
    case 'text': return read.bytes;
    case 'binary': throw new ToolError(`${shown} is a binary file.`);
    case 'too-large': throw new ToolError(`${shown} is larger than 8 MB (${read.size} bytes).`);
    case 'not-a-file': throw new ToolError(`${shown} is not a regular file.`);
  }
}

/** One entry a line: `<indent><line> <kind> <name>`, or with ranges `<indent><line>-<last line> <kind> <name>`. */
export function renderOutline(definitions: readonly Definition[], ranges = false): string {
  if (definitions.length === 0) return 'No declarations.';
  const shown = definitions.slice(0, MAX_OUTLINE_ENTRIES).map(
    (d) => `${'  '.repeat(d.depth)}${d.line}${ranges ? `-${d.endLine}` : ''} ${d.kind} ${d.name}`,
  );
  const hidden = definitions.length - shown.length;
  if (hidden > 0) shown.push(`… ${hidden} more entries`);
  return shown.join('\n');
}

function statOf(absolute: string): Stats | undefined {
  try {
    return statSync(absolute);
  } catch {
    return undefined; // The read that follows reports what is wrong.
  }
}
