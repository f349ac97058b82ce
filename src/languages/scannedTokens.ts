/**
 * Tokens of a language's text as the Go and Rust body passes read them (`go/goBodies.ts`,
 * `rust/rustBodies.ts`), each with a lexer of its own: words and literals, and punctuation one
 * character each, kept as arrays of numbers, not an object a token (a file has tens of thousands of
 * them), with the pairs of their brackets.
 */

import { countsBefore } from '../text/lines.js';

export const NEWLINE = 10;
export const PARENTHESIS = 40;
export const BRACKET = 91;
export const BRACE = 123;
export const CLOSING_BRACE = 125;
export const SEMICOLON = 59;
/** `(`, `[`, `{` and their closers. */
const OPENERS = [40, 91, 123];
const CLOSERS = [41, 93, 125];
/** What `mark` holds for a word or literal. */
export const WORD = -1;

/** Token arrays being filled by a language's scanner, grown by doubling. */
export class TokenArrays {
  start: Int32Array;
  end: Int32Array;
  mark: Int32Array;
  breaks: Uint8Array;
  length = 0;

  constructor(capacity: number) {
    this.start = new Int32Array(capacity);
    this.end = new Int32Array(capacity);
    this.mark = new Int32Array(capacity);
    this.breaks = new Uint8Array(capacity);
  }

  push(start: number, end: number, mark: number, lineBreak: boolean): void {
    if (this.length === this.start.length) this.grow();
    const i = this.length++;
    this.start[i] = start;
    this.end[i] = end;
    this.mark[i] = mark;
    this.breaks[i] = lineBreak ? 1 : 0;
  }

  private grow(): void {
    const grown = (array: Int32Array): Int32Array => {
      const larger = new Int32Array(array.length * 2);
      larger.set(array);
      return larger;
    };
    this.start = grown(this.start);
    this.end = grown(this.end);
    this.mark = grown(this.mark);
    const breaks = new Uint8Array(this.breaks.length * 2);
    breaks.set(this.breaks);
    this.breaks = breaks;
  }
}

/** A text's tokens, as its scanner found them. */
export class ScannedTokens {
  readonly start: Int32Array;
  readonly end: Int32Array;
  /** The character code of a punctuation token; WORD for a word or literal. */
  readonly mark: Int32Array;
  /** Whether a line break stands between a token and the one before it. */
  private readonly breaks: Uint8Array;
  /** For each bracket, the index of the token it pairs with (each kind on its own); -1 where none. */
  readonly pair: Int32Array;
  readonly length: number;
  /** For each token, how many `}` in the first column of their line come before it. */
  private readonly firstColumnBraces: Int32Array;

  constructor(readonly text: string, scanned: TokenArrays) {
    this.length = scanned.length;
    this.start = scanned.start.subarray(0, this.length);
    this.end = scanned.end.subarray(0, this.length);
    this.mark = scanned.mark.subarray(0, this.length);
    this.breaks = scanned.breaks.subarray(0, this.length);
    this.pair = pairs(this.mark);
    this.firstColumnBraces = countsBefore(this.length, (i) => this.mark[i] === CLOSING_BRACE && (this.start[i] === 0 || text.charCodeAt(this.start[i]! - 1) === NEWLINE));
  }
  lineBreakBefore(i: number): boolean {
    return this.breaks[i] === 1;
  }

  is(i: number, mark: number): boolean {
    return this.mark[i] === mark;
  }

  opens(i: number): boolean {
    return OPENERS.includes(this.mark[i] ?? 0);
  }

  closes(i: number): boolean {
    return CLOSERS.includes(this.mark[i] ?? 0);
  }

  isAnyWord(i: number): boolean {
    return this.mark[i] === WORD;
  }

  isWord(i: number, word: string): boolean {
    return this.mark[i] === WORD && this.end[i]! - this.start[i]! === word.length && this.text.startsWith(word, this.start[i]);
  }

  /**
   * Whether a `}` in the first column of its line stands between the braces at `open` and `close`:
   * they do not pair as the code is indented (a macro or a preprocessor branch opened a block).
   */
  hasFirstColumnBrace(open: number, close: number): boolean {
    // Counted once: a body asked of each `{` would cost the square of a file's braces.
    return this.firstColumnBraces[close]! - this.firstColumnBraces[open + 1]! > 0;
  }
}

function pairs(marks: Int32Array): Int32Array {
  const pair = new Int32Array(marks.length).fill(-1);
  const stacks: number[][] = [[], [], []];
  for (let i = 0; i < marks.length; i++) {
    const mark = marks[i]!;
    if (mark === WORD) continue;
    const opener = OPENERS.indexOf(mark);
    if (opener >= 0) stacks[opener]!.push(i);
    const closer = CLOSERS.indexOf(mark);
    if (closer < 0) continue;
    const open = stacks[closer]!.pop();
    if (open === undefined) continue;
    pair[open] = i;
    pair[i] = open;
  }
  return pair;
}

const WORD_CHARS = /[\p{L}\p{Nd}_]/u;

/** Whether the character at `at` is part of a word: a letter, a digit or `_`. */
export function isWordChar(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c > 127) return WORD_CHARS.test(text[at]!);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

const SLASH = 47;
const STAR = 42;

/** What a language's scanner knows of its text besides words, punctuation and `//` comments. */
export interface Lexer {
  /** Past the block comment that starts at `at` (its `/*`). */
  blockCommentEnd(text: string, at: number): number;
  /** Past the literal that starts at `at` (a string, a character), a word to the passes; undefined when none does. */
  literalEnd(text: string, at: number): number | undefined;
}

/**
 * The words, literals and punctuation characters of a text, in order, without its `//` and block
 * comments (a comment over lines is a line break).
 */
export function scanTokens(text: string, lexer: Lexer): TokenArrays {
  // About one token in five characters of code: room for most files without growing.
  const tokens = new TokenArrays(Math.max(64, text.length >> 2));
  let lineBreak = false;
  for (let at = 0; at < text.length; ) {
    const c = text.charCodeAt(at);
    if (c === NEWLINE) {
      lineBreak = true;
      at++;
      continue;
    }
    if (c === 32 || c === 9 || c === 13) {
      at++;
      continue;
    }
    const next = text.charCodeAt(at + 1);
    if (c === SLASH && (next === SLASH || next === STAR)) {
      const end = next === SLASH ? lineEnd(text, at) : lexer.blockCommentEnd(text, at);
      const newline = text.indexOf('\n', at);
      if (newline >= 0 && newline < end) lineBreak = true;
      at = end;
      continue;
    }
    let end = lexer.literalEnd(text, at);
    let mark = WORD;
    if (end === undefined && isWordChar(text, at)) {
      end = at + 1;
      while (end < text.length && isWordChar(text, end)) end++;
    } else if (end === undefined) {
      end = at + 1;
      mark = c;
    }
    tokens.push(at, end, mark, lineBreak);
    lineBreak = false;
    at = end;
  }
  return tokens;
}

/** Where the line that holds `at` ends, before its line break. */
function lineEnd(text: string, at: number): number {
  const newline = text.indexOf('\n', at);
  return newline < 0 ? text.length : newline;
}
