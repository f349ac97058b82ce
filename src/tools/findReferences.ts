/**
 * `find_references {name, path?}`: lines that use a name as a whole word, case-sensitively, in every
 * searched file — a text search, as `rg -w -F -s` would do it.
 */
import { pathFilter } from '../project/pathFilter.js';
import type { Project } from '../project/project.js';
import { searchableFiles } from '../project/searchable.js';
import { shownLineAround, stripCarriageReturn } from '../text/lines.js';

export const MAX_REFERENCE_LINES = 80;

/** ripgrep's `\w`: a match is a whole word when the characters beside it are none of these. */
const WORD_CHARACTER = /[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}]/u;
const NEWLINE = 0x0a;

export interface LineMatch {
  /** 1-based. */
  readonly line: number;
  readonly text: string;
  /** Index in `text` of the first whole-word match. */
  readonly column: number;
}

export async function findReferences(project: Project, args: { name: string; path?: string }): Promise<string> {
  const shown: string[] = [];
  let more = false;
  search: for (const file of searchableFiles(project, pathFilter(args.path))) {
    for (const match of wholeWordLines(file.bytes, args.name)) {
      if (shown.length === MAX_REFERENCE_LINES) {
        more = true;
        break search;
      }
      shown.push(`${file.relative}:${match.line}: ${shownLineAround(match.text, match.column)}`);
    }
  }
  if (shown.length === 0) return `No references to ${args.name}.`;
  if (more) shown.push('… more; narrow it with path');
  return shown.join('\n');
}

/** The lines of a file holding `name` as a whole word, found with a byte search before any decoding. */
export function* wholeWordLines(bytes: Buffer, name: string): Generator<LineMatch> {
  const needle = Buffer.from(name, 'utf8');
  let line = 1;
  let counted = 0;
  let from = 0;
  for (;;) {
    const hit = bytes.indexOf(needle, from);
    if (hit < 0) return;
    const start = hit === 0 ? 0 : bytes.lastIndexOf(NEWLINE, hit - 1) + 1;
    const newline = bytes.indexOf(NEWLINE, hit);
    const end = newline < 0 ? bytes.length : newline;
    line += countNewlines(bytes, counted, start);
    counted = start;
    const text = stripCarriageReturn(bytes.toString('utf8', start, end));
    const column = firstWholeWord(text, name);
    if (column >= 0) yield { line, text, column };
    if (newline < 0) return;
    from = newline + 1;
  }
}

function countNewlines(bytes: Buffer, from: number, to: number): number {
  let count = 0;
  for (let i = bytes.indexOf(NEWLINE, from); i >= 0 && i < to; i = bytes.indexOf(NEWLINE, i + 1)) count++;
  return count;
}

/** Index of the first occurrence of `name` in `text` with no word character on either side, or -1. */
export function firstWholeWord(text: string, name: string): number {
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
    if (!isWordCharacter(codePointBefore(text, i)) && !isWordCharacter(text.codePointAt(i + name.length))) return i;
  }
  return -1;
}

function codePointBefore(text: string, index: number): number | undefined {
  if (index === 0) return undefined;
  const low = text.charCodeAt(index - 1);
  return low >= 0xdc00 && low <= 0xdfff && index >= 2 ? text.codePointAt(index - 2) : low;
}

function isWordCharacter(codePoint: number | undefined): boolean {
  return codePoint !== undefined && WORD_CHARACTER.test(String.fromCodePoint(codePoint));
}
