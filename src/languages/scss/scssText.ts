/**
 * SCSS text as tree-sitter-scss can read it, every offset kept. The grammar predates Sass's module
 * system and misreads much of what a value holds: `cv.getVar("x")`, `#{…}` as a value, maps,
 * `!default`, `$args...`, `@use … as x`. A value it cannot read can take the rules after it into an
 * error (`$button-h: #{cv.getVar("scheme-h")};` then reads as a rule named `#`), and `@extend %name`
 * takes the rule holding it. An outline needs no value, argument or condition. So, before the parse:
 * - a top-level variable's value reads as `x` (`$gap: x         ;`), its flags with it. So does the
 *   value of one first set in blocks of control only (`@if`, `@else`, `@each`…) and flagged
 *   `!default`, as a library's settings are written (`@else { $sep: \@ !default; }`). Set before in
 *   the file, or without the flag, it is an assignment or a loop's local; and `!global` assigns to a
 *   variable declared at the top level, where it is listed;
 * - every other statement without a block reads as blank, its `;` too: declarations, variables in
 *   rules, mixins and functions (locals), `@use`, `@forward`, `@import`, `@include` without a
 *   block, `@extend`, `@return`…;
 * - `@mixin` and `@function` keep their name, not their parameters;
 * - `@include` with a block reads as `@include x` (the grammar reads `@include mx.mobile {` as an
 *   include of `mx` and a rule `.mobile`); `@if`, `@else`, `@each`, `@for` and `@while` read as
 *   `@if x` (an `@else` on a line of its own is no `@if`'s to the grammar): blocks that hold rules,
 *   which are listed as the rules around them;
 * - `@at-root` reads as blank before a selector (its rule is a rule), else as `@if x`.
 * Selectors and the preludes of CSS at-rules (`@media`, `@supports`, `@keyframes`…) are kept as
 * written, comments too. Statements end at a `{`, `}` or `;` outside strings, comments, `url(…)`,
 * `#{…}` and parentheses.
 */

const blank = (text: string) => text.replace(/[^\n]/g, ' ');

/** The comments and white space before a statement. */
const LEAD = /^(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*)*/;
const TOP_VARIABLE = /^\$[\w-]+\s*:/;
const CONTROL = /^@(?:if|else|elseif|each|for|while)\b/;
const DEFAULT_FLAG = /!default\b/;
const NAMED = /^@(?:mixin|function)\s+[\w-]+/;
const INCLUDE = /^@include\b/;
const AT_ROOT = /^@at-root\b/;

export function scssText(text: string): string {
  const out: string[] = [];
  let start = 0;
  /** The blocks open: whether each is a block of control (`@if`, `@each`…), in which a variable is not a local. */
  const blocks: boolean[] = [];
  let localBlocks = 0;
  /** The variables found set, by name (`$gap`). */
  const declared = new Set<string>();
  /** Whether a variable's statement declares it (see above), which it then is. */
  const declaresVariable = (body: string) => {
    const name = /^\$[\w-]+/.exec(body)![0];
    const declares = blocks.length === 0 || (localBlocks === 0 && !declared.has(name) && DEFAULT_FLAG.test(body));
    if (declares) declared.add(name);
    return declares;
  };
  /** The statement from `start` to its terminator at `end` (`{`, `}` or `;`), read as the rules above say. */
  const statement = (end: number, terminator: string) => {
    const source = text.slice(start, end);
    const lead = LEAD.exec(source)![0].length;
    const body = source.slice(lead);
    if (terminator === '{') {
      const control = CONTROL.test(body);
      blocks.push(control);
      if (!control) localBlocks++;
    }
    if (body === '') out.push(source);
    else if (terminator === '{') out.push(source.slice(0, lead) + opening(body));
    else if (TOP_VARIABLE.test(body) && declaresVariable(body)) {
      const name = TOP_VARIABLE.exec(body)![0];
      const value = body.slice(name.length);
      const at = value.search(/\S/);
      out.push(source.slice(0, lead) + name + (at < 0 ? value : `${blank(value.slice(0, at))}x${blank(value.slice(at + 1))}`));
    } else {
      out.push(blank(source));
      if (terminator === ';') terminator = ' ';
    }
    out.push(terminator);
    start = end + 1;
  };
  let parens = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '"' || c === "'") i = stringEnd(text, i);
    else if (c === '/' && next === '*') i = endOf(text, '*/', i + 2);
    else if (c === '/' && next === '/' && text[i - 1] !== ':') i = endOf(text, '\n', i + 2) - 1;
    else if (c === '#' && next === '{') i = interpolationEnd(text, i + 2);
    else if ((c === 'u' || c === 'U') && /^url\(\s*[^\s"')]/i.test(text.slice(i, i + 6)) && !/[\w-]/.test(text[i - 1] ?? '')) i = endOf(text, ')', i + 4);
    else if (c === '(' || c === '[') parens++;
    else if (c === ')' || c === ']') parens = Math.max(0, parens - 1);
    else if (parens === 0 && (c === '{' || c === '}' || c === ';')) {
      statement(i, c);
      if (c === '}' && blocks.length > 0 && !blocks.pop()!) localBlocks--;
    }
  }
  if (start < text.length) {
    const rest = text.slice(start);
    out.push(LEAD.exec(rest)![0].length === rest.length ? rest : blank(rest));
  }
  return out.join('');
}

/** A rule's selectors or an at-rule's keyword and prelude, before its `{`. */
function opening(body: string): string {
  if (CONTROL.test(body)) return keyword('@if', body);
  if (INCLUDE.test(body)) return keyword('@include', body);
  const named = NAMED.exec(body);
  if (named !== null) return named[0] + blank(body.slice(named[0].length));
  if (AT_ROOT.test(body)) {
    const rest = body.slice('@at-root'.length);
    return rest.trim() === '' || rest.trimStart().startsWith('(') ? keyword('@if', body) : blank('@at-root') + rest;
  }
  return body;
}

/**
 * A directive's keyword and prelude read as `keyword x` (`@if x`, `@include x`), as long as they were
 * and on their lines: the `x` where a space follows a space after the keyword.
 */
function keyword(word: string, body: string): string {
  const read = [...word, ...blank(body.slice(word.length))];
  const at = read.findIndex((c, i) => i > word.length && c === ' ' && /\s/.test(read[i - 1]!));
  if (at > 0) read[at] = 'x';
  return read.join('');
}

function endOf(text: string, close: string, from: number): number {
  const at = text.indexOf(close, from);
  return at < 0 ? text.length - 1 : at + close.length - 1;
}

/** The offset of a string's closing quote (a backslash escapes the character after it). */
function stringEnd(text: string, open: number): number {
  const quote = text[open];
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote || text[i] === '\n') return i;
  }
  return text.length - 1;
}

/** The offset of the `}` closing a `#{`, whose inside may hold strings and braces. */
function interpolationEnd(text: string, from: number): number {
  let braces = 1;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") i = stringEnd(text, i);
    else if (c === '{') braces++;
    else if (c === '}' && --braces === 0) return i;
  }
  return text.length - 1;
}
