/**
 * What a Go parse can skip: the inside of each top-level function's and method's body, less the
 * `type` and `const` declarations in it (which an outline lists). Most of a Go file is function
 * bodies: the grammar reads the rest three times faster.
 *
 * A body is the first `{` of a `func` declaration (first on its line, outside any block) that is
 * not a `struct {` or `interface {` of its signature; a declaration whose line ends first
 * (`func f(x int)` implemented elsewhere) has none. A body whose braces do not pair as gofmt
 * indents them (a `}` in the first column before its own) is parsed whole.
 */
import type { TextRange } from './cBodies.js';
import { without } from './cBodies.js';

interface GoToken {
  readonly start: number;
  readonly end: number;
  readonly word: boolean;
  /** A line break stands between it and the token before. */
  readonly lineBreakBefore: boolean;
}

const OPENERS = '({[';
const CLOSERS = ')}]';

/** The ranges of a Go file's text the parse skips, in order. */
export function skippedInGo(text: string): TextRange[] {
  const tokens = goTokens(text);
  const pair = pairs(text, tokens);
  const at = (i: number): string => (i >= 0 && i < tokens.length ? text.slice(tokens[i]!.start, tokens[i]!.end) : '');
  const skipped: TextRange[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const opens = OPENERS.includes(at(i)) && pair[i]! > i;
    if (at(i) === 'func' && (i === 0 || tokens[i]!.lineBreakBefore)) {
      const open = bodyStart(tokens, pair, at, i);
      const close = open < 0 ? -1 : pair[open]!;
      if (close > open && !hasFirstColumnBrace(text, tokens, at, open, close)) {
        const kept = keptDeclarations(tokens, pair, at, open, close);
        skipped.push(...without([tokens[open]!.end, tokens[close]!.start], kept.map(([first, last]) => wholeLines(text, tokens[first]!.start, tokens[last]!.end))));
        i = close;
        continue;
      }
    }
    // Outside function bodies nothing else is skipped: a top-level block (`var ( … )`) is read as it is.
    if (opens) i = pair[i]!;
  }
  return skipped;
}

/** The body's `{` of the `func` at token `i`, or -1 when the declaration has none. */
function bodyStart(tokens: readonly GoToken[], pair: Int32Array, at: (i: number) => string, i: number): number {
  for (let j = i + 1; j < tokens.length; j++) {
    if (tokens[j]!.lineBreakBefore) return -1;
    const mark = at(j);
    if (mark === '{' && at(j - 1) !== 'struct' && at(j - 1) !== 'interface') return j;
    if (OPENERS.includes(mark)) {
      if (pair[j]! < 0) return -1;
      j = pair[j]!;
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
function hasFirstColumnBrace(text: string, tokens: readonly GoToken[], at: (i: number) => string, open: number, close: number): boolean {
  for (let i = open + 1; i < close; i++) {
    const start = tokens[i]!.start;
    if (at(i) === '}' && (start === 0 || text[start - 1] === '\n')) return true;
  }
  return false;
}

/**
 * The `type` and `const` declarations of a body that begin a line, as token ranges (first and last
 * token): the lines they are on are statements of their own (one inside a function literal inside
 * an expression, `f(func() { type T int; … })`, is not kept, its line being no statement).
 */
function keptDeclarations(tokens: readonly GoToken[], pair: Int32Array, at: (i: number) => string, open: number, close: number): [number, number][] {
  const kept: [number, number][] = [];
  for (let i = open + 1; i < close; i++) {
    const word = at(i);
    if ((word !== 'type' && word !== 'const') || !tokens[i]!.lineBreakBefore) continue;
    const end = declarationEnd(tokens, pair, at, i, close);
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
function declarationEnd(tokens: readonly GoToken[], pair: Int32Array, at: (i: number) => string, i: number, close: number): number {
  for (let j = i + 1; j < close; j++) {
    const mark = at(j);
    if ((tokens[j]!.lineBreakBefore && endsStatement(tokens, at, j - 1)) || mark === ';' || CLOSERS.includes(mark)) return j - 1;
    if (OPENERS.includes(mark)) {
      if (pair[j]! < 0 || pair[j]! >= close) return close - 1;
      j = pair[j]!;
    }
  }
  return close - 1;
}

/** Whether a line break after token `i` ends a statement: after a word or literal, a closing bracket, `++` or `--`. */
function endsStatement(tokens: readonly GoToken[], at: (i: number) => string, i: number): boolean {
  const mark = at(i);
  if (tokens[i]!.word || CLOSERS.includes(mark)) return true;
  return (mark === '+' || mark === '-') && at(i - 1) === mark && tokens[i - 1]!.end === tokens[i]!.start;
}

/** The pairs of `(`/`)`, `{`/`}` and `[`/`]`, each kind on its own; -1 where unpaired. */
function pairs(text: string, tokens: readonly GoToken[]): Int32Array {
  const pair = new Int32Array(tokens.length).fill(-1);
  const stacks: number[][] = [[], [], []];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.word || token.end - token.start !== 1) continue;
    const c = text[token.start]!;
    const opener = OPENERS.indexOf(c);
    if (opener >= 0) stacks[opener]!.push(i);
    const closer = CLOSERS.indexOf(c);
    if (closer >= 0) {
      const open = stacks[closer]!.pop();
      if (open === undefined) continue;
      pair[open] = i;
      pair[i] = open;
    }
  }
  return pair;
}

const WORD_CHARS = /[\p{L}\p{Nd}_]/u;

/** Go's words and punctuation (one character each), without comments and literals. */
function goTokens(text: string): GoToken[] {
  const tokens: GoToken[] = [];
  let lineBreak = false;
  for (let at = 0; at < text.length; ) {
    const c = text.charCodeAt(at);
    if (c === 10) {
      lineBreak = true;
      at++;
    } else if (c === 32 || c === 9 || c === 13) {
      at++;
    } else if (c === 47 /* / */ && text.charCodeAt(at + 1) === 47) {
      const end = text.indexOf('\n', at);
      at = end < 0 ? text.length : end;
    } else if (c === 47 && text.charCodeAt(at + 1) === 42 /* * */) {
      const end = text.indexOf('*/', at + 2);
      const stop = end < 0 ? text.length : end + 2;
      // A comment over lines is a line break to Go.
      if (text.slice(at, stop).includes('\n')) lineBreak = true;
      at = stop;
    } else if (c === 96 /* ` */) {
      const end = text.indexOf('`', at + 1);
      const stop = end < 0 ? text.length : end + 1;
      tokens.push({ start: at, end: stop, word: true, lineBreakBefore: lineBreak });
      lineBreak = false;
      at = stop;
    } else if (c === 34 /* " */ || c === 39 /* ' */) {
      const stop = quotedEnd(text, at);
      tokens.push({ start: at, end: stop, word: true, lineBreakBefore: lineBreak });
      lineBreak = false;
      at = stop;
    } else {
      let end = at + 1;
      const word = c > 127 ? WORD_CHARS.test(text[at]!) : isWordCode(c);
      if (word) while (end < text.length && (text.charCodeAt(end) > 127 ? WORD_CHARS.test(text[end]!) : isWordCode(text.charCodeAt(end)))) end++;
      tokens.push({ start: at, end, word, lineBreakBefore: lineBreak });
      lineBreak = false;
      at = end;
    }
  }
  return tokens;
}

function isWordCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** Past the interpreted string or rune that starts at `at` (at its line's end when it is not closed). */
function quotedEnd(text: string, at: number): number {
  const quote = text.charCodeAt(at);
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92 /* \ */) i++;
    else if (c === quote) return i + 1;
    else if (c === 10) return i;
  }
  return text.length;
}
