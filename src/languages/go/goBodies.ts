/**
 * What a Go parse can skip: the inside of each top-level function's and method's body, less the
 * `type` and `const` declarations in it (which an outline lists), and the inside of the literals
 * that give top-level variables their values. Most of a Go file is function bodies: the grammar
 * reads the rest three times faster. A test's body (`func TestX`) is parsed whole, for its subtests.
 *
 * A body is the first `{` of a `func` declaration (first on its line, outside any block) that is
 * not a `struct {` or `interface {` of its signature; a declaration whose line ends first
 * (`func f(x int)` implemented elsewhere) has none. A body whose braces do not pair as gofmt
 * indents them (a `}` in the first column before its own) is parsed whole.
 */
import { quotedEnd } from '../../text/literals.js';
import { without, type TextRange } from '../../text/textRanges.js';
import { BRACE, PARENTHESIS, scanTokens, ScannedTokens, SEMICOLON, type Lexer } from '../scannedTokens.js';

/**
 * Whether the `func` at token `i` declares a test (`func TestParse(t *testing.T)`, as `go test`
 * names them): its body is parsed, for the subtests its `t.Run("…", func…)` calls declare.
 */
function isTestFunction(tokens: ScannedTokens, i: number): boolean {
  return tokens.isAnyWord(i + 1) && /^Test(?![a-z])/.test(tokens.text.slice(tokens.start[i + 1]!, tokens.end[i + 1]!));
}

/** The ranges of a Go file's text the parse skips, in order. */
export function skippedInGo(text: string): TextRange[] {
  const tokens = new ScannedTokens(text, scanTokens(text, GO));
  const skipped: TextRange[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens.isWord(i, 'func') && (i === 0 || tokens.lineBreakBefore(i)) && !isTestFunction(tokens, i)) {
      const open = bodyStart(tokens, i);
      const close = open < 0 ? -1 : tokens.pair[open]!;
      if (close > open && !tokens.hasFirstColumnBrace(open, close)) {
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
function literalsIn(tokens: ScannedTokens, from: number, to: number): TextRange[] {
  const skipped: TextRange[] = [];
  for (let i = from; i < to; i++) {
    const close = tokens.pair[i]!;
    if (!tokens.is(i, BRACE) || close <= i) continue;
    const typeBody = tokens.isWord(i - 1, 'struct') || tokens.isWord(i - 1, 'interface');
    if (!typeBody && close > i + 1 && !tokens.hasFirstColumnBrace(i, close)) skipped.push([tokens.end[i]!, tokens.start[close]!]);
    if (!typeBody) i = close;
  }
  return skipped;
}

/** The body's `{` of the `func` at token `i`, or -1 when the declaration has none. */
function bodyStart(tokens: ScannedTokens, i: number): number {
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

/**
 * The `type` and `const` declarations of a body that begin a line, as token ranges (first and last
 * token): the lines they are on are statements of their own (one inside a function literal inside
 * an expression, `f(func() { type T int; … })`, is not kept, its line being no statement).
 */
function keptDeclarations(tokens: ScannedTokens, open: number, close: number): [number, number][] {
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
function declarationEnd(tokens: ScannedTokens, i: number, close: number): number {
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
function endsStatement(tokens: ScannedTokens, i: number): boolean {
  if (tokens.isAnyWord(i) || tokens.closes(i)) return true;
  const mark = tokens.mark[i]!;
  return (mark === PLUS || mark === MINUS) && tokens.mark[i - 1] === mark && tokens.end[i - 1] === tokens.start[i];
}

const PLUS = 43;
const MINUS = 45;

/** Go's block comments and literals: a raw string, an interpreted one, a rune. */
const GO: Lexer = {
  blockCommentEnd(text, at) {
    const close = text.indexOf('*/', at + 2);
    return close < 0 ? text.length : close + 2;
  },
  literalEnd(text, at) {
    const c = text.charCodeAt(at);
    if (c === 96 /* ` */) {
      const close = text.indexOf('`', at + 1);
      return close < 0 ? text.length : close + 1;
    }
    return c === 34 /* " */ || c === 39 /* ' */ ? quotedEnd(text, at, true) : undefined;
  },
};

