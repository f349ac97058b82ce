/**
 * What a Go parse can skip: the inside of each top-level function's and method's body, less the
 * `type` and `const` declarations in it (which an outline lists), and the inside of the literals
 * that give top-level variables their values. Most of a Go file is function bodies: the grammar
 * reads the rest three times faster.
 *
 * A body is the first `{` of a `func` declaration (first on its line, outside any block) that is
 * not a `struct {` or `interface {` of its signature; a declaration whose line ends first
 * (`func f(x int)` implemented elsewhere) has none. A body whose braces do not pair as gofmt
 * indents them (a `}` in the first column before its own) is parsed whole.
 */
import type { TextRange } from './cBodies.js';
import { without } from './cBodies.js';

/** The ranges of a Go file's text the parse skips, in order. */
export function skippedInGo(text: string): TextRange[] {
  const tokens = new GoTokens(text);
  const skipped: TextRange[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens.isWord(i, 'func') && (i === 0 || tokens.lineBreakBefore(i))) {
      const open = bodyStart(tokens, i);
      const close = open < 0 ? -1 : tokens.pair[open]!;
      if (close > open && !hasFirstColumnBrace(tokens, open, close)) {
        const kept = keptDeclarations(tokens, open, close);
        skipped.push(...without([tokens.end[open]!, tokens.start[close]!], kept.map(([first, last]) => wholeLines(text, tokens.start[first]!, tokens.end[last]!))));
        i = close;
        continue;
      }
    }
    if (tokens.isWord(i, 'var') && (i === 0 || tokens.lineBreakBefore(i))) {
      const end = tokens.is(i + 1, PARENTHESIS) && tokens.pair[i + 1]! > i ? tokens.pair[i + 1]! : declarationEnd(tokens, i, tokens.length);
      skipped.push(...literalsIn(tokens, i + 1, end));
      i = end;
      continue;
    }
    // Nothing else is skipped: a top-level block (`const ( … )`, `type ( … )`) is read as it is.
    if (tokens.pair[i]! > i) i = tokens.pair[i]!;
  }
  return skipped;
}

/**
 * The insides of the composite literals and function literals of a `var` declaration, tokens
 * `from` to `to`: `var opcodeTable = [...]opInfo{ … }`, tables of thousands of lines that declare
 * nothing an outline lists. The braces of a `struct` or `interface` type are not a literal's.
 */
function literalsIn(tokens: GoTokens, from: number, to: number): TextRange[] {
  const skipped: TextRange[] = [];
  for (let i = from; i < to; i++) {
    const close = tokens.pair[i]!;
    if (!tokens.is(i, BRACE) || close <= i) continue;
    const typeBody = tokens.isWord(i - 1, 'struct') || tokens.isWord(i - 1, 'interface');
    if (!typeBody && close > i + 1 && !hasFirstColumnBrace(tokens, i, close)) skipped.push([tokens.end[i]!, tokens.start[close]!]);
    if (!typeBody) i = close;
  }
  return skipped;
}

/** The body's `{` of the `func` at token `i`, or -1 when the declaration has none. */
function bodyStart(tokens: GoTokens, i: number): number {
  for (let j = i + 1; j < tokens.length; j++) {
    if (tokens.lineBreakBefore(j)) return -1;
    if (tokens.is(j, BRACE) && !tokens.isWord(j - 1, 'struct') && !tokens.isWord(j - 1, 'interface')) return j;
    if (tokens.opens(j)) {
      if (tokens.pair[j]! < 0) return -1;
      j = tokens.pair[j]!;
    }
  }
  return -1;
}

/**
 * The lines that hold `start` to `end`, the last one's line break included: a line break ends a Go
 * statement, and one that is skipped would join a declaration to what is before or after it.
 */
function wholeLines(text: string, start: number, end: number): TextRange {
  const lineBreak = text.indexOf('\n', end);
  return [text.lastIndexOf('\n', start - 1) + 1, lineBreak < 0 ? text.length : lineBreak + 1];
}

/** Whether a `}` in the first column of its line stands between the braces at `open` and `close`. */
function hasFirstColumnBrace(tokens: GoTokens, open: number, close: number): boolean {
  for (let i = open + 1; i < close; i++) {
    const start = tokens.start[i]!;
    if (tokens.is(i, CLOSING_BRACE) && (start === 0 || tokens.text.charCodeAt(start - 1) === NEWLINE)) return true;
  }
  return false;
}

/**
 * The `type` and `const` declarations of a body that begin a line, as token ranges (first and last
 * token): the lines they are on are statements of their own (one inside a function literal inside
 * an expression, `f(func() { type T int; … })`, is not kept, its line being no statement).
 */
function keptDeclarations(tokens: GoTokens, open: number, close: number): [number, number][] {
  const kept: [number, number][] = [];
  for (let i = open + 1; i < close; i++) {
    if (!tokens.lineBreakBefore(i) || !(tokens.isWord(i, 'type') || tokens.isWord(i, 'const'))) continue;
    const end = declarationEnd(tokens, i, close);
    kept.push([i, end]);
    i = end;
  }
  return kept;
}

/**
 * The last token of the declaration that starts at token `i`: before the `;` or closing bracket that
 * ends it, or the line break after a token that ends a statement (Go's semicolon rule: a line ending
 * in `|` or `,` goes on).
 */
function declarationEnd(tokens: GoTokens, i: number, close: number): number {
  for (let j = i + 1; j < close; j++) {
    if ((tokens.lineBreakBefore(j) && endsStatement(tokens, j - 1)) || tokens.is(j, SEMICOLON) || tokens.closes(j)) return j - 1;
    if (tokens.opens(j)) {
      const pair = tokens.pair[j]!;
      if (pair < 0 || pair >= close) return close - 1;
      j = pair;
    }
  }
  return close - 1;
}

/** Whether a line break after token `i` ends a statement: after a word or literal, a closing bracket, `++` or `--`. */
function endsStatement(tokens: GoTokens, i: number): boolean {
  if (tokens.isAnyWord(i) || tokens.closes(i)) return true;
  const mark = tokens.mark[i]!;
  return (mark === PLUS || mark === MINUS) && tokens.mark[i - 1] === mark && tokens.end[i - 1] === tokens.start[i];
}

const NEWLINE = 10;
const BRACE = 123;
const PARENTHESIS = 40;
const CLOSING_BRACE = 125;
const SEMICOLON = 59;
const PLUS = 43;
const MINUS = 45;
/** `(`, `[`, `{` and their closers. */
const OPENERS = [40, 91, 123];
const CLOSERS = [41, 93, 125];
/** What `mark` holds for a word or literal. */
const WORD = -1;

/**
 * Go's words and punctuation (one character each), without comments; a string or rune literal is a
 * word. Kept as arrays of numbers, not an object a token: a file has tens of thousands of them.
 */
class GoTokens {
  readonly start: Int32Array;
  readonly end: Int32Array;
  /** The character code of a punctuation token; WORD for a word or literal. */
  readonly mark: Int32Array;
  /** Whether a line break stands between a token and the one before it. */
  private readonly breaks: Uint8Array;
  /** For each bracket, the index of the token it pairs with (each kind on its own); -1 where none. */
  readonly pair: Int32Array;
  readonly length: number;

  constructor(readonly text: string) {
    const scanned = scan(text);
    this.length = scanned.length;
    this.start = scanned.start.subarray(0, this.length);
    this.end = scanned.end.subarray(0, this.length);
    this.mark = scanned.mark.subarray(0, this.length);
    this.breaks = scanned.breaks.subarray(0, this.length);
    this.pair = pairs(this.mark);
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

/** Token arrays being filled, grown by doubling. */
class TokenArrays {
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

/** The words, literals and punctuation characters of Go text, in order. */
function scan(text: string): TokenArrays {
  // About one token in five characters of Go: room for most files without growing.
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
    let end = at + 1;
    let mark = WORD;
    if (c === 47 /* / */ && text.charCodeAt(at + 1) === 47) {
      const lineEnd = text.indexOf('\n', at);
      at = lineEnd < 0 ? text.length : lineEnd;
      continue;
    } else if (c === 47 && text.charCodeAt(at + 1) === 42 /* * */) {
      const close = text.indexOf('*/', at + 2);
      const stop = close < 0 ? text.length : close + 2;
      // A comment over lines is a line break to Go.
      const newline = text.indexOf('\n', at);
      if (newline >= 0 && newline < stop) lineBreak = true;
      at = stop;
      continue;
    } else if (c === 96 /* ` */) {
      const close = text.indexOf('`', at + 1);
      end = close < 0 ? text.length : close + 1;
    } else if (c === 34 /* " */ || c === 39 /* ' */) {
      end = quotedEnd(text, at);
    } else if (isWordCode(text, at)) {
      while (end < text.length && isWordCode(text, end)) end++;
    } else {
      mark = c;
    }
    tokens.push(at, end, mark, lineBreak);
    lineBreak = false;
    at = end;
  }
  return tokens;
}

function isWordCode(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c > 127) return WORD_CHARS.test(text[at]!);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** Past the interpreted string or rune that starts at `at` (at its line's end when it is not closed). */
function quotedEnd(text: string, at: number): number {
  const quote = text.charCodeAt(at);
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */) i++;
    else if (c === quote) return i + 1;
    else if (c === NEWLINE) return i;
  }
  return text.length;
}
