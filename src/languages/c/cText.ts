/**
 * C and C++ text as the pre-parse passes read it (`macroNoise.ts`, `conditionalBranches.ts`): its
 * words and punctuation, without comments, literals and preprocessor lines; the preprocessor
 * conditionals' lines; and the tokens left once ranges of it are blanked (`blanked` in
 * `src/text/textRanges.ts`).
 */

import { quotedEnd } from '../../text/literals.js';

export interface Token {
  readonly start: number;
  readonly end: number;
  /** An identifier or keyword, rather than punctuation. */
  readonly word: boolean;
  /** The first token of its line (preprocessor lines, comments and blank lines not counted). */
  readonly first: boolean;
}

/** A preprocessor conditional's line (`#if`, `#ifdef`, `#ifndef`, `#elif…`, `#else`, `#endif`), or a macro's (`#define`, `#undef`). */
export interface Conditional {
  readonly kind: 'if' | 'elif' | 'else' | 'endif' | 'define';
  readonly start: number;
  /** Where its line ends (continuations included), before the line break. */
  readonly end: number;
  /** How many tokens come before it. */
  readonly tokensBefore: number;
}

export function wordOf(text: string, token: Token): string {
  return text.slice(token.start, token.end);
}

/**
 * The tokens left once `blanks` are blanked (each range covers whole tokens), as `tokenize` would
 * find them in the blanked text: what was second on its line is first once those before it are gone.
 */
export function tokensLeft(tokens: readonly Token[], blanks: readonly (readonly [number, number])[]): Token[] {
  const ranges = [...blanks].sort((a, b) => a[0] - b[0]);
  const left: Token[] = [];
  let range = 0;
  /** Whether a token left stands on the line before this one. */
  let lineTaken = false;
  for (const token of tokens) {
    if (token.first) lineTaken = false;
    while (range < ranges.length && ranges[range]![1] <= token.start) range++;
    const gone = range < ranges.length && ranges[range]![0] <= token.start;
    if (gone) continue;
    left.push(lineTaken === !token.first ? token : { ...token, first: !lineTaken });
    lineTaken = true;
  }
  return left;
}

/** `[A-Za-z_$]`, by character code (a regular expression per character cost the tokenizer half its time). */
export function isWordStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
}

/** `[A-Za-z0-9_$]`. */
export function isWordPart(c: number): boolean {
  return isWordStart(c) || (c >= 48 && c <= 57);
}

/**
 * The words and punctuation of C or C++ text, without comments, string and character literals and
 * preprocessor lines (a `#` first on its line, to the end of the line and its continuations).
 */
export function tokenize(text: string, conditionals?: Conditional[]): Token[] {
  const tokens: Token[] = [];
  let first = true;
  let lineStart = true;
  for (let at = 0; at < text.length; ) {
    const c = text[at]!;
    if (c === '\n') {
      first = true;
      lineStart = true;
      at++;
    } else if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') {
      at++;
    } else if (c === '/' && text[at + 1] === '/') {
      at = lineEnd(text, at);
    } else if (c === '/' && text[at + 1] === '*') {
      const end = text.indexOf('*/', at + 2);
      at = end < 0 ? text.length : end + 2;
    } else if (c === '#' && lineStart) {
      const end = directiveEnd(text, at);
      const kind = conditionals === undefined ? undefined : conditionalKind(text, at, end);
      if (kind !== undefined) conditionals!.push({ kind, start: at, end, tokensBefore: tokens.length });
      at = end;
    } else if (c === '"' || c === "'") {
      at = quotedEnd(text, at, true);
      lineStart = false;
    } else if (c === 'R' && text[at + 1] === '"') {
      at = rawStringEnd(text, at + 1);
      lineStart = false;
    } else {
      let end = at + 1;
      const code = text.charCodeAt(at);
      const word = isWordStart(code);
      const number = !word && code >= 48 && code <= 57;
      // `1'000'000`: in a number, a quote before a digit is a separator (C++14), not a character literal.
      if (word || number) while (end < text.length && (isWordPart(text.charCodeAt(end)) || (number && text[end] === "'" && isWordPart(text.charCodeAt(end + 1))))) end++;
      else if ((c === '-' && text[end] === '>') || (c === ':' && text[end] === ':')) end++;
      tokens.push({ start: at, end, word, first });
      first = false;
      lineStart = false;
      at = end;
    }
  }
  return tokens;
}

/**
 * Where the preprocessor line that starts at `at` ends: at its line's end, a line ended by a
 * backslash going on to the next, and a block comment begun on it to that comment's end
 * (`#define SMALL 2 /* … ⏎ … *\/` is one line: the comment's second line is no code).
 */
function directiveEnd(text: string, at: number): number {
  for (let i = at; i < text.length; i++) {
    if (text[i] === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) return text.length;
      i = close + 1;
    } else if (text[i] === '/' && text[i + 1] === '/') return lineEnd(text, i);
    else if (endsLine(text, i)) return i;
  }
  return text.length;
}

/** Where the line that holds `at` ends, a line ended by a backslash going on to the next. */
function lineEnd(text: string, at: number): number {
  for (let i = at; i < text.length; i++) if (endsLine(text, i)) return i;
  return text.length;
}

/** Whether the character at `i` is a line break that a backslash before it does not continue. */
function endsLine(text: string, i: number): boolean {
  return text[i] === '\n' && text[i - 1] !== '\\' && !(text[i - 1] === '\r' && text[i - 2] === '\\');
}

/** What of C or C++ text is no code: the ranges `tokenize` passes over, and the macros' lines among them. */
export interface NonCode {
  /** Comments, string and character literals, and preprocessor lines: `[start, end)` pairs in order, flat. */
  readonly ranges: Int32Array;
  /** The text of each `#define` or `#undef` line, continuations included (as `tokenize`'s `define` conditionals span it). */
  readonly macros: readonly string[];
}

/** Where a scan for what is no code stops: a quote, a `#`, or the start of a comment. */
const NON_CODE_START = /["'#]|\/[/*]/g;

/**
 * The ranges `tokenize` passes over, found without making a token of the rest: the text between them
 * is jumped over by a regular expression (a file's tokens cost some ten times as much, where one
 * name's few places are all that is asked of it). The same rules as `tokenize`'s: a `#` first on its
 * line (but for comments) begins a preprocessor line; a quote inside a number is a separator.
 */
export function nonCode(text: string): NonCode {
  const ranges: number[] = [];
  const macros: string[] = [];
  let at = 0;
  /** Where the last range ended: no token reaches back before it. */
  let floor = 0;
  const lastQuote: LastQuote = { quote: -1, start: -1 };
  const skip = (start: number, end: number) => {
    ranges.push(start, end);
    at = floor = end;
  };
  for (;;) {
    NON_CODE_START.lastIndex = at;
    const found = NON_CODE_START.exec(text);
    if (found === null) break;
    const stop = found.index;
    const c = text[stop]!;
    if (c === '/') {
      if (text[stop + 1] === '/') skip(stop, lineEnd(text, stop));
      else {
        const end = text.indexOf('*/', stop + 2);
        skip(stop, end < 0 ? text.length : end + 2);
      }
    } else if (c === '#') {
      if (!startsLine(text, stop, ranges)) {
        at = stop + 1;
        continue;
      }
      const end = directiveEnd(text, stop);
      if (conditionalKind(text, stop, end) === 'define') macros.push(text.slice(stop, end));
      skip(stop, end);
    } else if (c === "'" && inNumber(text, stop, floor, lastQuote)) {
      at = stop + 1;
    } else {
      // `R"(…)"` where the `R` begins a token (`FOOR"…"` is a word and a string).
      const raw = c === '"' && text[stop - 1] === 'R' && (stop < 2 || !isWordPart(text.charCodeAt(stop - 2)));
      if (raw) skip(stop - 1, rawStringEnd(text, stop));
      else skip(stop, quotedEnd(text, stop, true));
    }
  }
  return { ranges: Int32Array.from(ranges), macros };
}

/**
 * Whether only blanks and comments stand between the `#` at `at` and the line break before it (a
 * line break in a comment is none), as `tokenize` tells a preprocessor line: `ranges` are those
 * found before it.
 */
function startsLine(text: string, at: number, ranges: readonly number[]): boolean {
  let range = ranges.length - 2;
  for (let i = at - 1; i >= 0; i--) {
    if (range >= 0 && i < ranges[range + 1]!) {
      if (text[ranges[range]!] !== '/') return false; // A literal: a token of its line.
      i = ranges[range]!;
      range -= 2;
    } else if (text[i] === '\n') return true;
    else if (text[i] !== ' ' && text[i] !== '\t' && text[i] !== '\r' && text[i] !== '\f' && text[i] !== '\v') return false;
  }
  return true;
}

/** The last quote `inNumber` looked at, and where its token began. */
interface LastQuote {
  quote: number;
  start: number;
}

/**
 * Whether the quote at `quote` separates digits of a number (`1'000`, `0xFF'FF'FF`): the token it
 * is in (back to `floor`, where the last literal or comment ended) was begun by a digit, and a word
 * character follows. A walk back that reaches the `last` quote looked at takes its token's start:
 * a number of 100,000 separators had taken 70 s, each quote walking back to the first.
 */
function inNumber(text: string, quote: number, floor: number, last: LastQuote): boolean {
  let start = quote;
  while (start > floor && (isWordPart(text.charCodeAt(start - 1)) || (text[start - 1] === "'" && start - 1 > floor && isWordPart(text.charCodeAt(start - 2))))) {
    start--;
    if (start === last.quote) {
      start = last.start;
      break;
    }
  }
  last.quote = quote;
  last.start = start;
  const first = text.charCodeAt(start);
  return start < quote && first >= 48 && first <= 57 && isWordPart(text.charCodeAt(quote + 1));
}

/** Past the raw string `"delimiter( … )delimiter"` whose quote is at `quote`. */
function rawStringEnd(text: string, quote: number): number {
  const open = text.indexOf('(', quote);
  if (open < 0 || open - quote > 17) return quotedEnd(text, quote, true);
  const end = text.indexOf(`)${text.slice(quote + 1, open)}"`, open);
  return end < 0 ? text.length : end + open - quote + 1;
}

/** The word after a directive's `#`, however far it is indented (`#              define`, as generated headers have it). */
const DIRECTIVE_WORD = /\s*([a-z]+)/y;

/** What the preprocessor line from the `#` at `hash` to `end` is, if a conditional or a macro's. */
function conditionalKind(text: string, hash: number, end: number): Conditional['kind'] | undefined {
  DIRECTIVE_WORD.lastIndex = hash + 1;
  const found = DIRECTIVE_WORD.exec(text);
  const word = found !== null && DIRECTIVE_WORD.lastIndex <= end ? found[1] : undefined;
  if (word === 'if' || word === 'ifdef' || word === 'ifndef') return 'if';
  if (word === 'elif' || word === 'elifdef' || word === 'elifndef') return 'elif';
  if (word === 'else' || word === 'endif') return word;
  if (word === 'define' || word === 'undef') return 'define';
  return undefined;
}
