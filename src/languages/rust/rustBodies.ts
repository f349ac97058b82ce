/**
 * What a Rust parse can skip: the inside of each function's body, less the items in it (which an
 * outline lists: a nested `fn`, `struct`, `enum`, `union`, `trait`, `impl`, `mod`, `type`, `const`,
 * `static`, `macro_rules!`, with their attributes). Most of a Rust file is function bodies.
 *
 * A body is the first `{` after `fn name`, outside the parentheses and brackets of its signature;
 * a `;` first (a trait's method, an `extern` block's) means none. A body whose braces do not pair as
 * rustfmt indents them (a `}` in the first column before its own) is parsed whole.
 */
import { quotedEnd } from '../../text/literals.js';
import { without, type TextRange } from '../../text/textRanges.js';
import { BRACE, BRACKET, CLOSING_BRACE, isWordChar, PARENTHESIS, scanTokens, ScannedTokens, SEMICOLON, WORD, type Lexer } from '../scannedTokens.js';

/** The ranges of a Rust file's text the parse skips, in order. */
export function skippedInRust(text: string): TextRange[] {
  const tokens = new ScannedTokens(text, scanTokens(text, RUST));
  const skipped: TextRange[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!tokens.isWord(i, 'fn') || !tokens.isAnyWord(i + 1)) continue;
    const open = bodyStart(tokens, i + 2);
    const close = open < 0 ? -1 : tokens.pair[open]!;
    if (close <= open || tokens.hasFirstColumnBrace(open, close)) continue;
    const kept = keptItems(tokens, open, close).map(([first, last]): TextRange => [tokens.start[first]!, tokens.end[last]!]);
    skipped.push(...without([tokens.end[open]!, tokens.start[close]!], kept));
    i = close;
  }
  return skipped;
}

/**
 * The body's `{` of a function whose signature goes on from token `i`, or -1 when it has none (a
 * `;`, a `}`, or the next `fn name` first: text that is no Rust is not read to its end for each `fn`).
 */
function bodyStart(tokens: ScannedTokens, i: number): number {
  for (let j = i; j < tokens.length; j++) {
    if (tokens.is(j, BRACE)) return j;
    if (tokens.is(j, SEMICOLON) || tokens.is(j, CLOSING_BRACE) || (tokens.isWord(j, 'fn') && tokens.isAnyWord(j + 1))) return -1;
    if ((tokens.is(j, PARENTHESIS) || tokens.is(j, BRACKET)) && tokens.pair[j]! > j) j = tokens.pair[j]!;
  }
  return -1;
}

/** Keywords that begin an item an outline lists, after its attributes and visibility. */
const ITEMS = new Set(['fn', 'struct', 'enum', 'union', 'trait', 'impl', 'mod', 'type', 'const', 'static', 'macro_rules']);
/** What may stand before an item's keyword: `pub(crate) unsafe extern "C" fn`, `async fn`, `default fn`. */
const MODIFIERS = new Set(['pub', 'unsafe', 'async', 'extern', 'default']);
/** Items that end at their `;` (a block inside is a value: `const X: T = T { … };`). */
const ENDED_BY_SEMICOLON = new Set(['type', 'const', 'static']);

/**
 * The items of the body between `open` and `close` that begin a statement, as token ranges (first
 * and last token). What a macro is given (`thread_local! { static X … }`, `quote! { fn f() … }`) is
 * no item of this file, and an inner attribute (`#![allow(…)]`) is a statement of its own.
 */
function keptItems(tokens: ScannedTokens, open: number, close: number): [number, number][] {
  const kept: [number, number][] = [];
  for (let i = open + 1; i < close; i++) {
    if (tokens.isAnyWord(i) && tokens.is(i + 1, BANG) && tokens.opens(i + 2) && !tokens.isWord(i, 'macro_rules')) {
      const end = tokens.pair[i + 2]!;
      if (end > i && end < close) i = end;
      continue;
    }
    const afterInnerAttribute = tokens.is(i - 1, BRACKET_CLOSE) && tokens.is(tokens.pair[i - 1]! - 1, BANG) && tokens.is(tokens.pair[i - 1]! - 2, HASH);
    if (!(tokens.is(i - 1, BRACE) || tokens.is(i - 1, SEMICOLON) || tokens.is(i - 1, CLOSING_BRACE) || afterInnerAttribute)) continue;
    const keyword = itemKeyword(tokens, i);
    if (keyword < 0) continue;
    const end = itemEnd(tokens, keyword, close);
    kept.push([i, end]);
    i = end;
  }
  return kept;
}

const HASH = 35;
const BANG = 33;
const BRACKET_CLOSE = 93;

/** The index of the keyword of the item that begins at token `i` (past its attributes and modifiers), or -1 when none does. */
function itemKeyword(tokens: ScannedTokens, i: number): number {
  let at = i;
  for (;;) {
    if (tokens.is(at, HASH) && tokens.is(at + 1, BRACKET) && tokens.pair[at + 1]! > at) at = tokens.pair[at + 1]! + 1;
    else if (MODIFIERS.has(wordAt(tokens, at))) at += tokens.is(at + 1, PARENTHESIS) && tokens.pair[at + 1]! > at ? tokens.pair[at + 1]! - at + 1 : 1;
    else if (tokens.mark[at] === WORD && tokens.text.charCodeAt(tokens.start[at]!) === 34 /* extern "C" */) at++;
    else break;
  }
  const word = wordAt(tokens, at);
  if (!ITEMS.has(word)) return -1;
  // `const { … }` and `const || …` are blocks and closures; `union` is a keyword only before a name.
  if ((word === 'const' || word === 'static') && !tokens.isAnyWord(at + 1)) return -1;
  if (word === 'union' && !(tokens.isAnyWord(at + 1) && (tokens.is(at + 2, BRACE) || tokens.is(at + 2, 60 /* < */)))) return -1;
  if (word === 'macro_rules' && !tokens.is(at + 1, BANG)) return -1;
  return at;
}

/** The last token of the item whose keyword is at `keyword`: its `;`, or the `}` of its block. */
function itemEnd(tokens: ScannedTokens, keyword: number, close: number): number {
  const bySemicolon = ENDED_BY_SEMICOLON.has(wordAt(tokens, keyword));
  for (let at = keyword + 1; at < close; at++) {
    if (tokens.is(at, SEMICOLON)) return at;
    if (tokens.closes(at)) return at - 1;
    if (tokens.opens(at)) {
      const pair = tokens.pair[at]!;
      if (pair < 0 || pair >= close) return close - 1;
      if (tokens.is(at, BRACE) && !bySemicolon) return tokens.is(pair + 1, SEMICOLON) ? pair + 1 : pair;
      at = pair;
    }
  }
  return close - 1;
}

function wordAt(tokens: ScannedTokens, i: number): string {
  return tokens.isAnyWord(i) ? tokens.text.slice(tokens.start[i], tokens.end[i]) : '';
}

/**
 * Rust's block comments (they nest) and literals: strings (raw, byte, C), characters; a lifetime
 * or label (`'a`) is read as one too, being no character literal.
 */
const RUST: Lexer = {
  blockCommentEnd,
  literalEnd(text, at) {
    const c = text.charCodeAt(at);
    const raw = rawStringEnd(text, at);
    if (raw !== undefined) return raw;
    // Strings span lines; a character ends at its line's end when it is not closed.
    if (c === 34 /* " */) return quotedEnd(text, at, false);
    if ((c === 98 /* b */ || c === 99 /* c */) && text.charCodeAt(at + 1) === 34) return quotedEnd(text, at + 1, false);
    if (c === 98 && text.charCodeAt(at + 1) === 39) return quotedEnd(text, at + 1, true);
    return c === 39 /* ' */ ? quoteEnd(text, at) : undefined;
  },
};

/** Past the block comment at `at`, the comments inside it counted. */
function blockCommentEnd(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length - 1; i++) {
    if (text.charCodeAt(i) === 47 && text.charCodeAt(i + 1) === 42) {
      depth++;
      i++;
    } else if (text.charCodeAt(i) === 42 && text.charCodeAt(i + 1) === 47) {
      depth--;
      i++;
      if (depth === 0) return i + 1;
    }
  }
  return text.length;
}

/** Past the raw string (`r"…"`, `r#"…"#`, `br##"…"##`, `cr"…"`) at `at`; undefined when none starts there. */
function rawStringEnd(text: string, at: number): number | undefined {
  let i = at;
  if (text.charCodeAt(i) === 98 || text.charCodeAt(i) === 99) i++;
  if (text.charCodeAt(i) !== 114 /* r */) return undefined;
  let hashes = 0;
  for (i++; text.charCodeAt(i) === HASH; i++) hashes++;
  if (text.charCodeAt(i) !== 34) return undefined;
  const close = text.indexOf(`"${'#'.repeat(hashes)}`, i + 1);
  return close < 0 ? text.length : close + 1 + hashes;
}

/** Past the character literal or the lifetime (or label) at `at`. */
function quoteEnd(text: string, at: number): number {
  if (text.charCodeAt(at + 1) === 92) return quotedEnd(text, at, true);
  const width = text.codePointAt(at + 1)! > 0xffff ? 2 : 1;
  if (text.charCodeAt(at + 1 + width) === 39) return at + 2 + width;
  let end = at + 1;
  while (end < text.length && isWordChar(text, end)) end++;
  return end;
}
