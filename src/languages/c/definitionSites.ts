/**
 * Whether a C or C++ file may define a name, told from its text before any parse: whether the name
 * stands, somewhere in its code, as a word where a definition's name can. On a tree not yet indexed,
 * find_symbol parses only such files (`kmalloc` is a word in thousands of the kernel's files, and
 * defined in a few).
 *
 * An occurrence is a use when it is in a comment or a string, or when what comes just before it on
 * its line is one of:
 * - a member access, `.` or `->` (a designated initializer's `.name =` too);
 * - an operator that only an expression follows: `=` (and `==`, `+=`, …), `!`, `+`, `-`, `/`, `%`,
 *   `|`, `?`, `[`, `<`, a lone `:`;
 * - a word that only an expression or a name in use follows: `return`, `case`, `sizeof`, `#ifdef` ….
 * So is a call made a statement (`kfree(p);` first on its line, where a statement begins), and a
 * type named after its key and followed by what follows only a type in use (`struct task_struct *p`,
 * `sizeof(struct page)`, `struct list_head list;`: a definition goes on with `{`, `:` or `final`).
 *
 * Anything else may be a definition, and keeps the file: the start of a line (`kmalloc(size_t size)`
 * after a return type on the line above; an enumerator), a type or a macro (`void *kmalloc`,
 * `__init kmalloc`), `*` and `&`, `(` (`SYSCALL_DEFINE1(kmalloc`, `(kmalloc)(…)`), `,`
 * (`int a, kmalloc;`), `::`, `}` (`} kmalloc;`), `>` (`std::vector<int> kmalloc`), `)`; and any
 * word of a `#define`, whose body may hold definitions (a macro that declares a class's members).
 *
 * The lines are read first, comments and strings taken as code; the tokens (`cText.ts`) only of a
 * file some line of which may define the name.
 *
 * That no definition is missed is checked on every definition of the tests' C and C++ files, and of
 * the benchmark's corpora (`npm run bench -- <corpus> sites`).
 */
import { codePointBefore, isWordCharacter, wholeWordColumns, wholeWordLines } from '../../text/wholeWord.js';
import { tokenize, wordOf, type Conditional, type Token } from './cText.js';

const USE_KEYWORDS = new Set([
  'return', 'case', 'goto', 'sizeof', 'typeof', 'alignof', 'defined', 'if', 'elif', 'ifdef', 'ifndef', 'undef', 'else',
  'do', 'while', 'switch', 'throw', 'new', 'delete', 'co_return', 'co_await', 'co_yield',
]);
// Not `^`: C++/CX's handles (`HostName^ host_name(`).
const USE_AFTER = new Set(['=', '!', '.', '+', '-', '/', '%', '|', '?', '[', '<']);
const ASCII_WORD = /\w/;
const C_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** A `#define`, or a line a backslash continues (a macro's body, most often). */
const MACRO_LINE = /^\s*#\s*define\b|\\\s*$/;

/** A file's test: whether it may define each name asked of it (its tokens made once, for the first name that needs them). */
export function cDefinitionSites(bytes: Buffer): (name: string) => boolean {
  let read: TokenizedFile | undefined;
  return (name) => {
    // The tests read a name as one word of the code: any other (`operator+`, `result_of<F(Args...)>`'s last segment) is kept.
    if (!C_IDENTIFIER.test(name)) return true;
    // Line by line first: most files that only use the name are passed over here, before any tokenizing.
    if (!someLineMayDefine(bytes, name)) return false;
    read ??= tokenized(bytes.toString('utf8'));
    return read.defines.some((body) => holdsWord(body, name)) || someTokenMayDefine(read, name);
  };
}

interface TokenizedFile {
  readonly text: string;
  readonly tokens: readonly Token[];
  /** Where each word stands among the tokens. */
  readonly wordsAt: ReadonlyMap<string, readonly number[]>;
  /** The text of each `#define` line, continuations included. */
  readonly defines: readonly string[];
}

function tokenized(text: string): TokenizedFile {
  const directives: Conditional[] = [];
  const tokens = tokenize(text, directives);
  const wordsAt = new Map<string, number[]>();
  for (const [i, token] of tokens.entries()) {
    if (!token.word) continue;
    const word = wordOf(text, token);
    const at = wordsAt.get(word);
    if (at === undefined) wordsAt.set(word, [i]);
    else at.push(i);
  }
  const defines = directives.filter((directive) => directive.kind === 'define').map((directive) => text.slice(directive.start, directive.end));
  return { text, tokens, wordsAt, defines };
}

/** Whether a text holds the name as a whole word. */
function holdsWord(text: string, name: string): boolean {
  return !wholeWordColumns(text, name).next().done;
}

/**
 * Whether some line holds the name as a whole word where a definition's may stand (comments and
 * strings taken as code), or is a macro's (a `#define` or a line it continues: the tokens' test
 * keeps any word of a macro).
 */
function someLineMayDefine(bytes: Buffer, name: string): boolean {
  for (const { text } of wholeWordLines(bytes, name)) {
    if (MACRO_LINE.test(text)) return true;
    for (const column of wholeWordColumns(text, name)) if (mayBeDefinedAt(text, column)) return true;
  }
  return false;
}

/**
 * Whether the name stands as a token, outside comments, strings and preprocessor lines, first on its
 * line (but for a call made a statement of its own) or after a token a definition's name may follow.
 */
function someTokenMayDefine({ text, tokens, wordsAt }: TokenizedFile, name: string): boolean {
  return (wordsAt.get(name) ?? []).some(
    (i) => i === 0 || (tokens[i]!.first ? !isCallStatement(text, tokens, i) : mayFollow(text, tokens[i - 1]!) && !isTypeInUse(text, tokens, i)),
  );
}

const CLASS_KEYS = new Set(['struct', 'union', 'enum', 'class']);
/** What follows a type named, not defined: `struct task_struct *p`, `(struct inode)`, `struct page;`. */
const AFTER_TYPE_IN_USE = new Set(['*', '&', ')', ',', ';', '>', '=']);
/** What follows `struct list_head list`: a variable's or a function's name, not a macro before a definition's `{`. */
const AFTER_NAME_OF_TYPE_IN_USE = new Set([';', ',', '=', '[', ')', '(']);

/**
 * `struct task_struct *`, `struct list_head list;`: a type's name after its key, followed by what only
 * follows a type in use (a definition goes on with `{`, `:` or `final`, perhaps after a macro).
 */
function isTypeInUse(text: string, tokens: readonly Token[], at: number): boolean {
  if (!CLASS_KEYS.has(wordOf(text, tokens[at - 1]!))) return false;
  const [next, second] = [tokens[at + 1], tokens[at + 2]];
  if (next === undefined) return false;
  if (AFTER_TYPE_IN_USE.has(wordOf(text, next))) return true;
  return next.word && second !== undefined && AFTER_NAME_OF_TYPE_IN_USE.has(wordOf(text, second));
}

/**
 * `kfree(p);` where a statement begins: after `;`, `{`, `}`, a condition's `)`, a label's `:`, `else`
 * or `do`. A function's declaration begun on the line has its return type on the line above
 * (`void *⏎kmalloc(size_t size);`, `MACRO(ReadHandler)⏎async_fill(…);`), and a definition goes on
 * with its body, not a `;`.
 */
const STATEMENT_STARTS = new Set([';', '{', '}', ':', 'else', 'do']);
/** Words whose `(…)` a statement follows; any other `)` may end a macro standing for a return type. */
const CONDITIONS = new Set(['if', 'for', 'while', 'switch']);

function isCallStatement(text: string, tokens: readonly Token[], at: number): boolean {
  const before = wordOf(text, tokens[at - 1]!);
  if (!STATEMENT_STARTS.has(before) && !(before === ')' && endsCondition(text, tokens, at - 1))) return false;
  if (tokens[at + 1] === undefined || wordOf(text, tokens[at + 1]!) !== '(') return false;
  let depth = 0;
  for (let i = at + 1; i < tokens.length; i++) {
    const shown = wordOf(text, tokens[i]!);
    if (shown === '(') depth++;
    else if (shown === ')' && --depth === 0) return tokens[i + 1] !== undefined && wordOf(text, tokens[i + 1]!) === ';';
  }
  return false;
}

/** Whether a definition's name may come right after this token on its line. */
function mayFollow(text: string, token: Token): boolean {
  const shown = wordOf(text, token);
  if (token.word) return !USE_KEYWORDS.has(shown);
  if (shown === '->') return false;
  if (shown === '::' || shown === '>') return true;
  return shown !== ':' && !USE_AFTER.has(shown);
}

/** Whether the name at `column` of `line` may be a definition's, by what stands just before it on the line. */
function mayBeDefinedAt(line: string, column: number): boolean {
  let before = column;
  while (before > 0 && (line[before - 1] === ' ' || line[before - 1] === '\t')) before--;
  if (before === 0) return true;
  if (isWordCharacter(codePointBefore(line, before))) return !USE_KEYWORDS.has(wordEndingAt(line, before));
  const mark = line[before - 1]!;
  if (mark === '>') return line[before - 2] !== '-';
  if (mark === '/') return line[before - 2] === '*'; // After a comment (`int /*bool*/ name(`), not a division.
  if (mark === ':') return line[before - 2] === ':';
  return !USE_AFTER.has(mark);
}

/** The word of `line` that ends just before `end` ('' where it holds other letters than ASCII's: no keyword does). */
function wordEndingAt(line: string, end: number): string {
  let start = end;
  while (start > 0 && ASCII_WORD.test(line[start - 1]!)) start--;
  return start > 0 && isWordCharacter(codePointBefore(line, start)) ? '' : line.slice(start, end);
}

/** Whether the `)` at `close` ends an `if`, `for`, `while` or `switch` condition. */
function endsCondition(text: string, tokens: readonly Token[], close: number): boolean {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    const shown = wordOf(text, tokens[i]!);
    if (shown === ')') depth++;
    else if (shown === '(' && --depth === 0) return i > 0 && CONDITIONS.has(wordOf(text, tokens[i - 1]!));
  }
  return false;
}
