/**
 * What a C or C++ parse can skip: the inside of each function body and of each initializer list
 * (`= { … }`) outside function bodies, less what an outline lists from a body (a struct, union, enum
 * or class defined there, a typedef) and its conditionals' and macros' lines (`#if`, `#define`); an
 * initializer list that holds such a line is parsed whole. Most of a C file is function bodies: the
 * grammar reads the rest three times faster, and a macro in a body (`list_for_each(pos, head) {`)
 * no longer disturbs the reading of what is around it.
 *
 * A body is a `{` after a parameter list's `)`, its qualifiers (`const`, `noexcept`, `override`, a
 * macro where one stands) or a trailing return type; not after an attribute's `(…)`
 * (`struct __attribute__((packed)) {`), nor after a `(…)` that begins with a string (Catch2's
 * `TEST_CASE("…") {`, whose sections are outline entries). A body whose braces do not pair as its lines are indented (a
 * `}` in the first column before its own, where a macro opened or closed a block) is parsed whole.
 */
import { wordOf, type Conditional, type Token } from './cText.js';
import { FUNCTION_QUALIFIERS, isUnknownMacro, type MacroRules } from './macroNoise.js';
import { countsBefore, firstIndexWhere } from '../../text/lines.js';
import { without, type TextRange } from '../../text/textRanges.js';

const CLASS_KEYS = new Set(['struct', 'union', 'enum', 'class']);

/** Words whose `(…)` before a `{` is no parameter list: `struct alignas(8) {`, `requires (C<T>) {`. */
const NOT_PARAMETER_LISTS = new Set(['__attribute__', '__attribute', '__declspec', 'alignas', '_Alignas', 'requires', 'decltype']);

/** What may stand between a parameter list's `)` and the body: a function's qualifiers, and a lambda's `mutable`. */
const QUALIFIERS = new Set([...FUNCTION_QUALIFIERS, 'mutable']);

/** What may stand before a struct or typedef kept in a body: `static const struct { … } table[] = …`. */
const STORAGE = new Set(['static', 'const', 'volatile', 'register', 'extern', 'thread_local', '_Thread_local']);

/** Tokens a trailing return type is made of (`-> std::vector<T *>`), besides `(…)` groups. */
const RETURN_TYPE_PUNCTUATION = new Set(['::', '<', '>', '*', '&', ',']);

/** How far back a trailing return type is looked for, in tokens. */
const RETURN_TYPE_TOKENS = 64;

/**
 * The ranges of `text` the parse skips, in order. `tokens` are the text's (`tokenize`, after the
 * pre-parse's blanks); `directives` its preprocessor lines, which are never skipped.
 */
export function skippedInC(text: string, tokens: readonly Token[], directives: readonly Conditional[], macros: MacroRules | undefined): TextRange[] {
  const reader = new Reader(text, tokens, macros);
  const skipped: TextRange[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!reader.is(i, '{')) continue;
    const close = reader.pair[i]!;
    if (close < 0) continue;
    const body = reader.isFunctionBody(i);
    if (!body && !reader.is(i - 1, '=')) continue;
    if (reader.hasFirstColumnBrace(i, close)) continue;
    const lines = directiveRanges(text, directives, tokens[i]!.end, tokens[close]!.start);
    // The grammar reads no preprocessor line inside an initializer list without the list around it.
    if (!body && lines.length > 0) continue;
    const kept = body ? reader.keptStatements(i, close) : [];
    skipped.push(...without([tokens[i]!.end, tokens[close]!.start], [...kept, ...lines]));
    i = close;
  }
  return skipped;
}

/** The tokens of a text, with the pairs of its braces and parentheses. */
class Reader {
  /** For each `(`, `)`, `{` and `}`, the index of the token it pairs with; -1 when none or unpaired. */
  readonly pair: Int32Array;
  /** For each token, how many `}` in the first column of their line come before it. */
  private readonly firstColumnBraces: Int32Array;

  constructor(readonly text: string, readonly tokens: readonly Token[], private readonly macros: MacroRules | undefined) {
    this.pair = pairs(text, tokens);
    this.firstColumnBraces = countsBefore(tokens.length, (i) => this.is(i, '}') && (tokens[i]!.start === 0 || text[tokens[i]!.start - 1] === '\n'));
  }

  /** Whether token `i` is the punctuation `mark`. */
  is(i: number, mark: string): boolean {
    const token = this.tokens[i];
    if (token === undefined || token.word || token.end - token.start !== mark.length) return false;
    return mark.length === 1 ? this.text.charCodeAt(token.start) === mark.charCodeAt(0) : this.text.startsWith(mark, token.start);
  }

  word(i: number): string | undefined {
    const token = this.tokens[i];
    return token?.word === true ? wordOf(this.text, token) : undefined;
  }

  /** Whether the `{` at `open` opens a function's (or a lambda's, or a function-like macro's) body. */
  isFunctionBody(open: number): boolean {
    let i = this.beforeTrailingReturnType(open - 1);
    while (i >= 0 && this.isQualifier(i)) i--;
    if (!this.is(i, ')')) return false;
    const parameters = this.pair[i]!;
    if (parameters <= 0 || this.opensWithString(parameters)) return false;
    const before = this.word(parameters - 1);
    if (before === undefined) return true; // `[](int x) {`, `(*handler(int))(void) {`, `operator()(…) {`
    return !NOT_PARAMETER_LISTS.has(before) && !CLASS_KEYS.has(this.word(parameters - 2) ?? '');
  }

  /**
   * Whether the `(…)` opened at token `open` begins with a string literal, which no parameter list
   * does: the `{…}` after Catch2's `TEST_CASE("…")` or `SECTION("…")` is parsed, for the sections in it.
   */
  private opensWithString(open: number): boolean {
    const next = this.tokens[open + 1];
    return next !== undefined && /^\s*"/.test(this.text.slice(this.tokens[open]!.end, next.start));
  }

  /** A qualifier, or a macro where one stands (`f() const BOOST_ASIO_NOEXCEPT {`: macros are read after bodies). */
  private isQualifier(i: number): boolean {
    const word = this.tokenText(i);
    return QUALIFIERS.has(word) || (this.macros !== undefined && this.tokens[i]!.word && isUnknownMacro(word, this.macros));
  }

  /** Before `-> type` when one ends at token `i` (`auto f() -> decltype(x) {`); else `i`. */
  private beforeTrailingReturnType(i: number): number {
    for (let at = i, left = RETURN_TYPE_TOKENS; at > 0 && left > 0; at--, left--) {
      if (this.is(at, '->')) return at - 1;
      if (this.is(at, ')')) {
        const open = this.pair[at]!;
        if (open < 0) return i;
        at = open;
      } else if (!this.tokens[at]!.word && !RETURN_TYPE_PUNCTUATION.has(this.tokenText(at))) return i;
    }
    return i;
  }

  private tokenText(i: number): string {
    return wordOf(this.text, this.tokens[i]!);
  }

  /** Whether a `}` in the first column of its line stands between the braces at `open` and `close` (counted once: a body asked of each `{` would cost the square of a file's braces). */
  hasFirstColumnBrace(open: number, close: number): boolean {
    return this.firstColumnBraces[close]! - this.firstColumnBraces[open + 1]! > 0;
  }

  /** The statements of the body between `open` and `close` that an outline lists: defined structs, unions, enums and classes, typedefs. */
  keptStatements(open: number, close: number): TextRange[] {
    const kept: TextRange[] = [];
    for (let i = open + 1; i < close; i++) {
      if (!this.tokens[i]!.word || !(this.is(i - 1, ';') || this.is(i - 1, '{') || this.is(i - 1, '}'))) continue;
      let first = i;
      while (STORAGE.has(this.word(first) ?? '')) first++;
      const word = this.word(first);
      if (word !== 'typedef' && !(word !== undefined && CLASS_KEYS.has(word) && this.definesType(first + 1))) continue;
      const end = this.statementEnd(first, close);
      kept.push([this.tokens[i]!.start, this.tokens[end]!.end]);
      i = end;
    }
    return kept;
  }

  /** Whether what follows a class key (from token `i`) is a definition: a name, if any, then `{` or `:`. */
  private definesType(i: number): boolean {
    while (this.tokens[i]?.word === true || this.is(i, '::')) i++;
    return this.is(i, '{') || this.is(i, ':');
  }

  /** The last token of the statement that token `i` begins: its `;`, or the last before `close`. */
  private statementEnd(i: number, close: number): number {
    for (let at = i; at < close; at++) {
      if (this.is(at, ';')) return at;
      if (this.is(at, '{') || this.is(at, '(')) {
        const pair = this.pair[at]!;
        if (pair < 0 || pair >= close) return close - 1;
        at = pair;
      } else if (this.is(at, '}') || this.is(at, ')')) return at - 1;
    }
    return close - 1;
  }
}

/** The pairs of braces and of parentheses, each kind on its own: a stray `)` leaves the braces paired. */
function pairs(text: string, tokens: readonly Token[]): Int32Array {
  const pair = new Int32Array(tokens.length).fill(-1);
  const braces: number[] = [];
  const parentheses: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.word || token.end - token.start !== 1) continue;
    const c = text[token.start];
    if (c === '{') braces.push(i);
    else if (c === '(') parentheses.push(i);
    else if (c === '}' || c === ')') {
      const open = (c === '}' ? braces : parentheses).pop();
      if (open === undefined) continue;
      pair[open] = i;
      pair[i] = open;
    }
  }
  return pair;
}

/** The lines of the directives that lie between `start` and `end`, each with its line break: the grammar ends a directive there. */
function directiveRanges(text: string, directives: readonly Conditional[], start: number, end: number): TextRange[] {
  const ranges: TextRange[] = [];
  // The directives are in the text's order.
  for (let i = firstIndexWhere(directives.length, (at) => directives[at]!.start >= start); i < directives.length && directives[i]!.end <= end; i++) {
    const line = directives[i]!;
    ranges.push([line.start, Math.min(end, lineBreakEnd(text, line.end))]);
  }
  return ranges;
}

/** Past the line break at `at` (`\n` or `\r\n`), if one is there. */
function lineBreakEnd(text: string, at: number): number {
  if (text[at] === '\r' && text[at + 1] === '\n') return at + 2;
  return text[at] === '\n' ? at + 1 : at;
}
