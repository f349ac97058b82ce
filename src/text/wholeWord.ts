/** Whole-word search in a file's bytes, as `rg -w -F -s` decides what a whole word is. */
import { stripCarriageReturn } from './lines.js';

/** ripgrep's `\w`: a match is a whole word when the characters beside it are none of these. */
const WORD_CHARACTER = /[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}]/u;
const WORD_RUN = new RegExp(`${WORD_CHARACTER.source}+`, 'gu');
const NEWLINE = 0x0a;

export interface LineMatch {
  /** 1-based. */
  readonly line: number;
  readonly text: string;
  /** Index in `text` of the first whole-word match. */
  readonly column: number;
}

/** The lines of a file holding `name` as a whole word, found with a byte search before any decoding. */
export function* wholeWordLines(bytes: Buffer, name: string): Generator<LineMatch> {
  let line = 1;
  let counted = 0;
  for (const found of wholeWordLineTexts(bytes, name)) {
    line += countNewlines(bytes, counted, found.start);
    counted = found.start;
    yield { line, text: found.text, column: found.column };
  }
}

/**
 * The same lines, without their numbers: where those are not wanted (whether a file may define a
 * name), counting the line breaks before each took most of the search of a kernel file.
 */
export function* wholeWordLineTexts(bytes: Buffer, name: string): Generator<Omit<LineMatch, 'line'> & { readonly start: number }> {
  const needle = Buffer.from(name, 'utf8');
  let from = 0;
  for (;;) {
    const hit = bytes.indexOf(needle, from);
    if (hit < 0) return;
    const start = hit === 0 ? 0 : bytes.lastIndexOf(NEWLINE, hit - 1) + 1;
    const newline = bytes.indexOf(NEWLINE, hit);
    const end = newline < 0 ? bytes.length : newline;
    const text = stripCarriageReturn(bytes.toString('utf8', start, end));
    const column = wholeWordColumns(text, name).next().value;
    if (column !== undefined) yield { start, text, column };
    if (newline < 0) return;
    from = newline + 1;
  }
}

function countNewlines(bytes: Buffer, from: number, to: number): number {
  let count = 0;
  for (let i = bytes.indexOf(NEWLINE, from); i >= 0 && i < to; i = bytes.indexOf(NEWLINE, i + 1)) count++;
  return count;
}

/** The whole words of a text: each is a name that `wholeWordColumns` finds in it. */
export function wholeWordsOf(text: string): string[] {
  return text.match(WORD_RUN) ?? [];
}

/** Each index in `text` of an occurrence of `name` with no word character on either side. */
export function* wholeWordColumns(text: string, name: string): Generator<number> {
  for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
    if (!isWordCharacter(codePointBefore(text, i)) && !isWordCharacter(text.codePointAt(i + name.length))) yield i;
  }
}

export function codePointBefore(text: string, index: number): number | undefined {
  if (index === 0) return undefined;
  const low = text.charCodeAt(index - 1);
  return low >= 0xdc00 && low <= 0xdfff && index >= 2 ? text.codePointAt(index - 2) : low;
}

export function isWordCharacter(codePoint: number | undefined): boolean {
  return codePoint !== undefined && WORD_CHARACTER.test(String.fromCodePoint(codePoint));
}
