/**
 * Whether a C or C++ file may define a name, told from its text before any parse: whether the name
 * stands, somewhere in its code, as a word where a definition's name can. On a tree not yet indexed,
 * find_symbol parses only such files (`kmalloc` is a word in thousands of the kernel's files, and
 * defined in a few).
 *
 * An occurrence is a use when it is in a comment or a string (but a string that names a Catch2 test
 * or section, which the outline lists by it), or when what comes just before it on its line is one of:
 * - a member access, `.` or `->` (a designated initializer's `.name =` too);
 * - an operator that only an expression follows: `=` (and `==`, `+=`, …), `!`, `+`, `-`, `/`, `%`,
 *   `|`, `?`, `[`, `<`, a lone `:`;
 * - a word that only an expression or a name in use follows: `return`, `case`, `sizeof`, `#ifdef` ….
 * The same holds of the last token of the line above (`p =⏎kmalloc(…)`), but a lone `:`, after which
 * a line may begin a definition (`public:⏎Foo() {`). So is a call made a statement (`kfree(p);`
 * where a statement begins: first on its line, or after `;`, `{` or a condition on it), a call in
 * another call's arguments (`dxtrace(printk(…));`), and a type named after its key and followed by what
 * follows only a type in use (`struct task_struct *p`, `sizeof(struct page)`, `struct list_head
 * list;`: a definition goes on with `{`, `:` or `final`).
 *
 * Anything else may be a definition, and keeps the file: the start of a line (`kmalloc(size_t size)`
 * after a return type on the line above; an enumerator after `,`), a type or a macro (`void *kmalloc`,
 * `__init kmalloc`), `*` and `&`, `(` (`SYSCALL_DEFINE1(kmalloc`, `(kmalloc)(…)`), `,`
 * (`int a, kmalloc;`), `::`, `}` (`} kmalloc;`), `>` (`std::vector<int> kmalloc`), `)`; a
 * `#define`'s own name; and any word of a `#define` that holds a comment (see `macroWordsOf`).
 *
 * The lines are read first, comments and strings taken as code; only in a file some line of which
 * may define the name is what is no code found (`nonCode` in `cText.ts`, by `tokenize`'s rules), and
 * the tokens beside each place of the name read there.
 *
 * That no definition is missed is checked on every definition of the tests' C and C++ files, and of
 * the benchmark's corpora (`npm run bench -- <corpus> sites`).
 */
import { quotedEnd } from '../../text/literals.js';
import { codePointBefore, isWordCharacter, wholeWordColumns, wholeWordsOf } from '../../text/wholeWord.js';
import { isWordPart, isWordStart, nonCode, type NonCode } from './cText.js';

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

/**
 * A file's test: whether it may define each name asked of it, given the file's lines that hold the
 * name as a whole word (what is no code is found once, for the first name that needs it). `text`
 * gives the file's bytes decoded, once for every test that reads them.
 */
export function cDefinitionSites(bytes: Buffer, text: () => string): (name: string, lines: readonly LineOfName[]) => boolean {
  let read: LexedFile | undefined;
  const mayHoldAssembler = bytes.includes('.endm');
  return (name, lines) => {
    // The tests read a name as one word of the code: any other (`operator+`, `result_of<F(Args...)>`'s last segment) is kept.
    if (!C_IDENTIFIER.test(name)) return true;
    // Line by line first: most files that only use the name are passed over here, before the code is told from the rest.
    const someLine = someLineMayDefine(bytes, lines, name);
    if (!someLine && !mayHoldAssembler) return false;
    read ??= lexed(text(), mayHoldAssembler);
    return read.holdsAssembler || (someLine && (macroWordsOf(read).has(name) || someTokenMayDefine(read, name)));
  };
}

/**
 * A line of code begun by an assembler's directive (`.macro`, `.if`, `.word`; not a designated
 * initializer's `.size = 4`), in a file that defines an assembler's macros (`.endm`): a header that
 * holds assembler (as the Linux kernel's `asm` headers do) is read as C by the grammar, which may
 * then take any word of it for a definition (`TASK_STACK-THREAD(r1)` as a function `THREAD`). Such a
 * file may define any name.
 */
const ASSEMBLER_LINE =
  /^[ \t]*\.(?:macro|endm|if|ifdef|ifndef|ifeq|ifne|ifc|ifnc|else|elseif|endif|rept|endr|irp|irpc|set|equ|equiv|globl|global|section|pushsection|popsection|previous|text|data|bss|align|balign|p2align|long|quad|word|short|hword|byte|int|ascii|asciz|string|fill|space|skip|org|type|size|weak|insn)\b(?![ \t]*=)/gm;

function holdsAssembler(text: string, nonCode: NonCode): boolean {
  ASSEMBLER_LINE.lastIndex = 0;
  for (let found = ASSEMBLER_LINE.exec(text); found !== null; found = ASSEMBLER_LINE.exec(text)) {
    if (nonCodeAround({ nonCode }, text.indexOf('.', found.index)) === undefined) return true;
  }
  return false;
}

interface LexedFile {
  readonly text: string;
  readonly nonCode: NonCode;
  /** Whether a line of its code is an assembler's (see `ASSEMBLER_LINE`). */
  readonly holdsAssembler: boolean;
  /** The words of its macros' lines, once asked for. */
  macroWords?: ReadonlySet<string>;
}

function lexed(text: string, mayHoldAssembler: boolean): LexedFile {
  const ranges = nonCode(text);
  return { text, nonCode: ranges, holdsAssembler: mayHoldAssembler && holdsAssembler(text, ranges) };
}

/** A macro's own name: the word after `#define` (or `#undef`), over continued lines (`#define \⏎  LONG_NAME \⏎  1`). */
const MACRO_NAME = /^#[\s\\]*[a-z]+[\s\\]+([A-Za-z_$][\w$]*)/;

/**
 * The words of the file's macros that may be definitions (a generated header may hold tens of
 * thousands, and each name asked of it is looked up): each macro's own name, and every word of a
 * macro that holds a comment. The grammar reads a macro's body as one token that a comment ends, and
 * then the rest of it, and what stood before the comment on its line, as code, where its error
 * recovery may find definitions (`_r->regs[9] /* syscall n *\/ = …` defines `_r`). Any other word
 * of a macro is a use: a macro's body holds no definition the outline lists. On the Linux kernel
 * that passed over 549 of the 607 C files `printk` is a word in and this test had kept.
 */
function macroWordsOf(file: LexedFile): ReadonlySet<string> {
  return (file.macroWords ??= new Set(file.nonCode.macros.flatMap((macro) => (/\/[*/]/.test(macro) ? wholeWordsOf(macro) : (MACRO_NAME.exec(macro)?.slice(1) ?? [])))));
}

/** A line of the file that holds the name as a whole word: its text, and where it starts in the file's bytes. */
export interface LineOfName {
  readonly text: string;
  readonly start: number;
}

/**
 * Whether some line holds the name as a whole word where a definition's may stand (comments and
 * strings taken as code), or is a macro's (a `#define` or a line it continues: the tokens' test
 * keeps any word of a macro). A line begun by a call made a statement after a line that ends one
 * (`;`, `{` or `}`) is told here where both lines are plain enough (see `isPlainCallStatement`).
 */
function someLineMayDefine(bytes: Buffer, lines: readonly LineOfName[], name: string): boolean {
  for (const { text, start } of lines) {
    if (MACRO_LINE.test(text)) return true;
    for (const column of wholeWordColumns(text, name)) {
      if (mayBeDefinedAt(text, column) && !(column === indentOf(text) && isPlainCallStatement(bytes, start, text, column + name.length))) return true;
    }
  }
  return false;
}

/** How many blanks begin a line. */
function indentOf(text: string): number {
  let at = 0;
  while (text[at] === ' ' || text[at] === '\t') at++;
  return at;
}

const NEWLINE = 0x0a;
const STATEMENT_ENDS = new Set([0x3b, 0x7b, 0x7d]); // ; { }

/**
 * Whether the name that begins a line (ending at `end` in its `text`) is called in a statement of
 * its own, told from the two lines alone: its `(…)` closes on the line (strings and characters
 * aside) and `;` follows, and the last non-blank line before it ends with `;`, `{` or `}` and holds
 * no quote or comment (the last character of code before the name is then that one) and is no
 * preprocessor line nor a line one continues. What the tokens' test would say of such a place
 * (`isCallStatement`), without finding what is no code in all the file: of the kernel's files that
 * use `kfree`, most call it so (`\tkfree(p);`). Any other line is left to the tokens' test.
 */
function isPlainCallStatement(bytes: Buffer, lineStart: number, text: string, end: number): boolean {
  const close = closingOnLine(text, end);
  if (close === undefined || !/^[ \t]*;/.test(text.slice(close + 1))) return false;
  const above = lineAbove(bytes, lineStart);
  if (above === undefined || !STATEMENT_ENDS.has(bytes[above.lastCode]!) || !isPlainCode(bytes, above.start, above.lastCode + 1)) return false;
  // Not a line that a backslash before it makes part of a preprocessor line.
  const further = above.start < 2 ? undefined : lastNonBlank(bytes, bytes.lastIndexOf(NEWLINE, above.start - 2) + 1, above.start - 1);
  return further === undefined || bytes[further] !== 0x5c;
}

/** Where the `(` that follows `end` (past blanks) closes on the line, strings and characters passed over; undefined where it does not, or a comment stands in between. */
function closingOnLine(text: string, end: number): number | undefined {
  let at = end;
  while (text[at] === ' ' || text[at] === '\t') at++;
  if (text[at] !== '(') return undefined;
  let depth = 0;
  for (; at < text.length; at++) {
    const c = text[at];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return at;
    else if (c === '/' && (text[at + 1] === '/' || text[at + 1] === '*')) return undefined;
    else if (c === '"' || c === "'") {
      const past = quotedEnd(text, at, true);
      if (past === text.length) return undefined; // Unclosed, or closed last: no `)` follows on the line.
      at = past - 1;
    }
  }
  return undefined;
}

/** The last non-blank line before the line starting at `lineStart`: where it starts, and its last non-blank byte. */
function lineAbove(bytes: Buffer, lineStart: number): { readonly start: number; readonly lastCode: number } | undefined {
  let end = lineStart - 1; // Its line break.
  while (end > 0) {
    const start = bytes.lastIndexOf(NEWLINE, end - 1) + 1;
    const last = lastNonBlank(bytes, start, end);
    if (last !== undefined) return { start, lastCode: last };
    end = start - 1;
  }
  return undefined;
}

/** The last byte from `start` to before `end` that is no blank (nor a carriage return); undefined where there is none. */
function lastNonBlank(bytes: Buffer, start: number, end: number): number | undefined {
  for (let at = end - 1; at >= start; at--) {
    const c = bytes[at]!;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0c && c !== 0x0b) return at;
  }
  return undefined;
}

/** Whether the bytes from `start` to `end` are a line of code alone: no quote, no comment's start or end, not a preprocessor line. */
function isPlainCode(bytes: Buffer, start: number, end: number): boolean {
  let first = start;
  while (first < end && (bytes[first] === 0x20 || bytes[first] === 0x09)) first++;
  if (bytes[first] === 0x23) return false; // #
  for (let at = first; at < end; at++) {
    const c = bytes[at]!;
    if (c === 0x22 || c === 0x27) return false; // " '
    if ((c === 0x2f && (bytes[at + 1] === 0x2a || bytes[at + 1] === 0x2f)) || (c === 0x2a && bytes[at + 1] === 0x2f)) return false; // /* // */
  }
  return true;
}

/**
 * Whether the name stands as a token of code (a word as `tokenize` tells words), outside comments,
 * strings and preprocessor lines, where a definition's name may: after a token it may follow, on its
 * line or (but for a call made a statement of its own) on the line above.
 */
function someTokenMayDefine(file: LexedFile, name: string): boolean {
  const { text } = file;
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    if ((at > 0 && isWordPart(text.charCodeAt(at - 1))) || isWordPart(text.charCodeAt(at + name.length))) continue;
    const around = nonCodeAround(file, at);
    if (around !== undefined) {
      if (namesTest(file, around[0])) return true;
      continue;
    }
    const before = tokenBefore(file, at);
    if (before === undefined) return true;
    const end = at + name.length;
    if (before.lineBreak ? mayBeginLineAfter(before) && !isCallStatement(file, before, end) && !isCallArgument(file, before, end) : mayFollow(before) && !isTypeInUse(file, before, end) && !isCallOnItsLine(file, before, end)) return true;
  }
  return false;
}

/** Catch2's macros whose string names a test or a section, which the outline lists by it (`queries/cpp/outline.scm`). */
const TEST_MACROS = new Set([
  'TEST_CASE', 'TEST_CASE_METHOD', 'METHOD_AS_TEST_CASE', 'SCENARIO', 'TEMPLATE_TEST_CASE', 'SECTION', 'DYNAMIC_SECTION',
  'GIVEN', 'AND_GIVEN', 'WHEN', 'AND_WHEN', 'THEN', 'AND_THEN',
]);

/**
 * Whether what is no code from `start` is a string that names a test: a test macro's first argument,
 * or its second after a name (`TEST_CASE_METHOD(Fixture, "…")`).
 */
function namesTest(file: LexedFile, start: number): boolean {
  if (file.text[start] !== '"') return false;
  let before = tokenBefore(file, start);
  if (before?.shown === ',') {
    const argument = tokenBefore(file, before.start);
    before = argument?.word === true ? tokenBefore(file, argument.start) : undefined;
  }
  if (before?.shown !== '(') return false;
  const macro = tokenBefore(file, before.start);
  return macro !== undefined && TEST_MACROS.has(macro.shown);
}

/** A token of code, as `tokenize` makes them: a word or a number, `->`, `::`, or one other character. */
interface CodeToken {
  readonly start: number;
  readonly end: number;
  readonly shown: string;
  /** An identifier or keyword (a number is none). */
  readonly word: boolean;
}

/** The token before `at`, and whether a line break stands between them; undefined where none does. */
function tokenBefore(file: LexedFile, at: number): (CodeToken & { readonly lineBreak: boolean }) | undefined {
  const { text } = file;
  let lineBreak = false;
  let i = at - 1;
  for (; i >= 0; i--) {
    const range = nonCodeAround(file, i);
    if (range !== undefined) i = range[0];
    else if (text[i] === '\n') lineBreak = true;
    else if (!isBlank(text[i]!)) break;
  }
  if (i < 0) return undefined;
  let start = i;
  const c = text.charCodeAt(i);
  if (isWordPart(c)) while (start > 0 && isWordPart(text.charCodeAt(start - 1))) start--;
  else if (text[i] === '>' && text[i - 1] === '-') start--;
  else if (text[i] === ':') {
    // A run of colons is read from its start, two at a time.
    let run = i;
    while (run > 0 && text[run - 1] === ':') run--;
    if ((i - run) % 2 === 1) start--;
  }
  return { ...codeToken(text, start, i + 1), lineBreak };
}

/** The token of code that begins at or after `at`; undefined where none does. */
function tokenAfter(file: LexedFile, at: number): CodeToken | undefined {
  const { text } = file;
  let i = at;
  for (; i < text.length; i++) {
    const range = nonCodeAround(file, i);
    if (range !== undefined) i = range[1] - 1;
    else if (text[i] !== '\n' && !isBlank(text[i]!)) break;
  }
  if (i >= text.length) return undefined;
  let end = i + 1;
  const c = text.charCodeAt(i);
  const number = c >= 48 && c <= 57;
  if (isWordPart(c)) while (end < text.length && (isWordPart(text.charCodeAt(end)) || (number && text[end] === "'" && isWordPart(text.charCodeAt(end + 1))))) end++;
  else if ((text[i] === '-' && text[end] === '>') || (text[i] === ':' && text[end] === ':')) end++;
  return codeToken(text, i, end);
}

function codeToken(text: string, start: number, end: number): CodeToken {
  return { start, end, shown: text.slice(start, end), word: isWordStart(text.charCodeAt(start)) };
}

/** The range of what is no code that holds `at`; undefined where `at` is code. */
function nonCodeAround({ nonCode: { ranges } }: Pick<LexedFile, 'nonCode'>, at: number): readonly [number, number] | undefined {
  // The last range that starts at or before `at`, by halves.
  let low = 0;
  let high = ranges.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (ranges[middle * 2]! <= at) low = middle + 1;
    else high = middle - 1;
  }
  if (high < 0 || ranges[high * 2 + 1]! <= at) return undefined;
  return [ranges[high * 2]!, ranges[high * 2 + 1]!];
}

function isBlank(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v';
}

const CLASS_KEYS = new Set(['struct', 'union', 'enum', 'class']);
/** What follows a type named, not defined: `struct task_struct *p`, `(struct inode)`, `struct page;`. */
const AFTER_TYPE_IN_USE = new Set(['*', '&', ')', ',', ';', '>', '=']);
/** What follows `struct list_head list`: a variable's or a function's name, not a macro before a definition's `{`. */
const AFTER_NAME_OF_TYPE_IN_USE = new Set([';', ',', '=', '[', ')', '(']);

/**
 * `struct task_struct *`, `struct list_head list;`: a type's name (ending at `end`) after its key,
 * followed by what only follows a type in use (a definition goes on with `{`, `:` or `final`, perhaps
 * after a macro).
 */
function isTypeInUse(file: LexedFile, before: CodeToken, end: number): boolean {
  if (!CLASS_KEYS.has(before.shown)) return false;
  const next = tokenAfter(file, end);
  if (next === undefined) return false;
  if (AFTER_TYPE_IN_USE.has(next.shown)) return true;
  if (!next.word) return false;
  const second = tokenAfter(file, next.end);
  return second !== undefined && AFTER_NAME_OF_TYPE_IN_USE.has(second.shown);
}

/**
 * `kfree(p);` where a statement begins: after `;`, `{`, `}`, a condition's or a loop macro's `)`, a
 * label's `:`, `else` or `do`. A function's declaration begun on the line has its return type on the
 * line above (`void *⏎kmalloc(size_t size);`, `MACRO(ReadHandler)⏎async_fill(…);`), and a definition
 * goes on with its body, not a `;`.
 */
const STATEMENT_STARTS = new Set([';', '{', '}', ':', 'else', 'do']);
/** Words whose `(…)` a statement follows; any other `)` may end a macro standing for a return type. */
const CONDITIONS = new Set(['if', 'for', 'while', 'switch']);
/**
 * A loop macro, as the outline query tells one (`list_for_each_entry_safe(p, n, head, list)⏎kfree(p);`):
 * its `)` is a condition's. In the kernel, most files that free memory in a loop.
 */
const LOOP_MACRO = /^\w*(?:for_each|while_each|do_each)\w*$/;

/** Whether the name before `end`, after the token `before`, is called in a statement of its own. */
function isCallStatement(file: LexedFile, before: CodeToken, end: number): boolean {
  if (!STATEMENT_STARTS.has(before.shown) && !(before.shown === ')' && endsCondition(file, before.start))) return false;
  const open = tokenAfter(file, end);
  if (open?.shown !== '(') return false;
  const close = matchingParenthesis(file, open.start, 1);
  return close !== undefined && tokenAfter(file, close + 1)?.shown === ';';
}

/**
 * Whether the name before `end`, after the token `before` on its line, is called: in a statement of
 * its own (`if (x) kfree(p);`, `x = 1; kfree(p);`) or in another call's arguments. Not after a `}`:
 * there a name and its `(…)` are the declarator of what the brace closes, or an attribute that the
 * grammar reads as one (`} __aligned(8);`, which the outline lists as a function).
 */
function isCallOnItsLine(file: LexedFile, before: CodeToken, end: number): boolean {
  return before.shown !== '}' && (isCallStatement(file, before, end) || isCallArgument(file, before, end));
}

/**
 * Whether the name before `end`, after the token `before`, is called in another call's arguments:
 * `dxtrace(printk(…))`, `SCSI_LOG_HLQUEUE(3, printk(…))`. A name after `(` or `,` that defines
 * is followed by no `(` of its own (`SYSCALL_DEFINE1(kmalloc, …)`, `(kmalloc)(…)`, `int a, b;`), or
 * stands outside parentheses (`extern int a, kmalloc(size_t);`).
 */
function isCallArgument(file: LexedFile, before: CodeToken, end: number): boolean {
  if (before.shown !== '(' && before.shown !== ',') return false;
  if (tokenAfter(file, end)?.shown !== '(') return false;
  return before.shown === '(' || insideParentheses(file, before.start);
}

/** Whether `at` stands inside parentheses of the statement or declaration it is in (not past a `;`, `{` or `}` of its own level). */
function insideParentheses(file: LexedFile, at: number): boolean {
  const { text } = file;
  let depth = 0;
  for (let i = at - 1; i >= 0; i--) {
    const range = nonCodeAround(file, i);
    if (range !== undefined) i = range[0];
    else if (text[i] === ')') depth++;
    else if (text[i] === '(' && depth-- === 0) return true;
    else if (depth === 0 && (text[i] === ';' || text[i] === '{' || text[i] === '}')) return false;
  }
  return false;
}

/** Whether the `)` at `close` ends an `if`, `for`, `while` or `switch` condition, or a loop macro's arguments. */
function endsCondition(file: LexedFile, close: number): boolean {
  const open = matchingParenthesis(file, close, -1);
  if (open === undefined) return false;
  const before = tokenBefore(file, open);
  return before !== undefined && (CONDITIONS.has(before.shown) || LOOP_MACRO.test(before.shown));
}

/** The parenthesis of code that matches the one at `at`, looking forward (1) or back (-1); undefined where none does. */
function matchingParenthesis(file: LexedFile, at: number, step: 1 | -1): number | undefined {
  const { text } = file;
  const [opens, closes] = step === 1 ? ['(', ')'] : [')', '('];
  let depth = 0;
  for (let i = at; i >= 0 && i < text.length; i += step) {
    const range = nonCodeAround(file, i);
    if (range !== undefined) i = step === 1 ? range[1] - 1 : range[0];
    else if (text[i] === opens) depth++;
    else if (text[i] === closes && --depth === 0) return i;
  }
  return undefined;
}

/**
 * Whether a definition's name may begin a line after this token, the last of the line above: as
 * after it on its line (not after `=`, `->`, `return`…: `p =⏎kmalloc(size, GFP_KERNEL);`), and after
 * an access specifier's `:` too (`public:⏎Foo() {`).
 */
function mayBeginLineAfter(token: CodeToken): boolean {
  return token.shown === ':' || mayFollow(token);
}

/** Whether a definition's name may come right after this token on its line. */
function mayFollow(token: CodeToken): boolean {
  const { shown } = token;
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
