/**
 * Macros a C or C++ parse would stumble on, replaced by spaces before the parse, the way ctags copes
 * (`-I NAME`, `-I NAME+`): what stands between a declaration's specifiers and its name
 * (`static __always_inline __alloc_size(1) void *kmalloc(…)`), before them
 * (`Q_DECL_CONSTEXPR inline int f()`), after `class` (`class Q_CORE_EXPORT QString`), or alone on
 * a line before a declaration (`QT_BEGIN_NAMESPACE`, `Q_OBJECT`), or a statement of their own where a
 * declaration is wanted (`Q_STATIC_ASSERT(…);` in a class body). Every character replaced by a space
 * (a line break kept), so every offset, line and column stays where it was.
 *
 * What is noise is data (see `MacroRules`): names listed as noise, names listed as noise with their
 * `(…)`, and a shape of names (all capitals with an underscore, or `__` first) that an unknown macro
 * has, which is noise only where the rules below find a macro standing: a list cannot know a
 * project's own names.
 */

import { blanked } from '../../text/textRanges.js';
import { tokenize, tokensLeft, wordOf, type Conditional, type Token } from './cText.js';
import { firstBranchBlanks } from './conditionalBranches.js';

export interface MacroRules {
  /** Names that are noise wherever they stand as a word. */
  readonly noise: ReadonlySet<string>;
  /** Names that are noise with the parenthesized arguments that follow them. */
  readonly noiseCalls: ReadonlySet<string>;
  /** The shape of an unknown macro's name; undefined: only the lists count. */
  readonly unknown: RegExp | undefined;
  /** Names of that shape that are the language's own (`__attribute__`, `__declspec`): never noise. */
  readonly keep: ReadonlySet<string>;
}

/**
 * Words after which a macro stands before a declaration (specifiers, types, keywords that open
 * one): `PROTOBUF_EXPORT extern …`, `LLVM_NODISCARD bool f()`, `QT_BEGIN_NAMESPACE class …`.
 */
const DECLARATION_WORDS = new Set([
  'auto', 'bool', 'char', 'char8_t', 'char16_t', 'char32_t', 'class', 'const', 'consteval', 'constexpr', 'constinit',
  'double', 'enum', 'explicit', 'extern', 'float', 'friend', 'inline', 'int', 'long', 'mutable', 'namespace',
  'private', 'protected', 'public', 'register', 'short', 'signed', 'static', 'struct', 'template', 'thread_local',
  'typedef', 'typename', 'union', 'unsigned', 'using', 'virtual', 'void', 'volatile', 'wchar_t', '_Bool', '_Atomic',
  '_Noreturn', '_Thread_local',
]);

/** Words that are a type (or end one), after which another word can only be an attribute: `int __init f(void)`. */
const TYPE_WORDS = new Set(['bool', 'char', 'double', 'float', 'int', 'long', 'short', 'signed', 'unsigned', 'void', 'wchar_t', '_Bool']);

/** Words that are no type: a word of the macro's shape after one of these stands where a type does. */
const NOT_TYPES = new Set([
  'break', 'case', 'const', 'constexpr', 'continue', 'default', 'delete', 'do', 'else', 'extern', 'goto', 'if', 'inline',
  'new', 'register', 'return', 'sizeof', 'static', 'switch', 'throw', 'typedef', 'virtual', 'volatile', 'while', 'explicit',
  'friend', 'mutable', 'operator', 'template', 'typename', 'using', 'co_return', 'co_await', 'co_yield',
]);

/** What may stand between a function's `)` and a macro after it: `f() const &&`, `g() noexcept`, `h() override`. */
export const FUNCTION_QUALIFIERS = new Set(['const', 'volatile', '&', 'noexcept', 'override', 'final']);

/** What follows a function's tail: its body, its end, `= 0`/`= default`, its initializers, its return type, more of the tail. */
const AFTER_FUNCTION_TAIL = new Set(['{', ';', '=', ':', '->', 'override', 'final', 'const']);

/** Words that end a class head: `class FOO_EXPORT Bar final`, `class QT_NAME final`. */
const CLASS_HEAD_ENDS = new Set(['final', 'override']);

/** C or C++ text as the pre-parse reads it before its macros. */
export interface CTokens {
  /** The file's text; with macro rules, what the grammar cannot read blanked (see `cTokens`). */
  readonly text: string;
  /** The tokens of that text. */
  readonly tokens: readonly Token[];
  /** Its preprocessor conditionals' and macros' lines. */
  readonly directives: readonly Conditional[];
}

/** The tokens of a text; with macro rules, after its conditionals are read as their first branch where they must and the grammar's gaps blanked. */
export function cTokens(text: string, rules: MacroRules | undefined): CTokens {
  const directives: Conditional[] = [];
  const tokens = tokenize(text, directives);
  if (rules === undefined) return { text, tokens, directives };
  const blanks = [...firstBranchBlanks(text, tokens, directives), ...grammarGaps(text)];
  return blanks.length === 0 ? { text, tokens, directives } : { text: blanked(text, blanks), tokens: tokensLeft(tokens, blanks), directives };
}

/**
 * The text with its macros replaced by spaces, as the rules find them among the tokens outside the
 * `skipped` ranges (which the parse leaves out: a macro in there does not matter, and reading
 * function bodies was most of the pass's time).
 */
export function withoutMacros(read: CTokens, rules: MacroRules, skipped: readonly (readonly [number, number])[]): string {
  const macros = macroNoise(read.text, rules, skipped.length === 0 ? read.tokens : tokensLeft(read.tokens, skipped));
  return macros.length === 0 ? read.text : blanked(read.text, macros);
}

/** Whether a word has the shape the rules give an unknown macro (and is none of the language's own). */
export function isUnknownMacro(name: string, rules: MacroRules): boolean {
  return rules.unknown !== undefined && !rules.keep.has(name) && rules.unknown.test(name);
}

/** A `*` or `&` run before ` =`, `,` or `>`: a gap where what stands before it is a word or `>`. */
const POINTERS_BEFORE_DEFAULT = /[*&]+(?=\s+=(?!=)|\s*[,>])/g;
/** A `const` or `volatile` after `=`: a gap where the `=` gives a template parameter its default. */
const QUALIFIED_DEFAULT = /=\s*(?:const|volatile)\b/g;
const TEMPLATE_PARAMETER_BEFORE = /\b(?:typename|class)\s+\w+\s*$/;
/** An anonymous enum's base type. */
const ENUM_BASE = /\benum\s*(:[\w\s:]*?)(?=\{)/g;

/**
 * Valid C++ that the grammar does not read, a class around it turning into an error and its members
 * lost: the ranges of it to read as spaces (an outline shows neither parameter types nor an enum's
 * base type). Each pattern starts with what it looks for: a look-behind tried at every offset cost
 * the pass most of its time.
 * - An unnamed pointer or reference parameter with a default, `typename enable_if<…>::type* = 0`
 *   (Boost's way to overload on a condition; neither tree-sitter-cpp's 2023 build nor 0.23.4 reads
 *   it): its `*` or `&`. Only with white space before the `=`: `*=` and `&=` are operators.
 * - A pointer or reference type just before a `,` or `>`, as a template parameter's default
 *   (`template <typename T = const std::string&, typename... A>`, in every class protobuf
 *   generates): its `*` or `&`, no expression having one there; and that default's `const`.
 * - An anonymous enum with a base type, `enum : int {` (protobuf again): its `: int`.
 */
function grammarGaps(text: string): [number, number][] {
  const gaps: [number, number][] = [];
  for (const match of text.matchAll(POINTERS_BEFORE_DEFAULT)) {
    let before = match.index - 1;
    while (before >= 0 && /\s/.test(text[before]!)) before--;
    if (before >= 0 && /[\w>]/.test(text[before]!)) gaps.push([match.index, match.index + match[0].length]);
  }
  for (const match of text.matchAll(QUALIFIED_DEFAULT)) {
    if (TEMPLATE_PARAMETER_BEFORE.test(text.slice(Math.max(0, match.index - 80), match.index))) gaps.push([match.index + 1, match.index + match[0].length]);
  }
  for (const match of text.matchAll(ENUM_BASE)) gaps.push([match.index + match[0].length - match[1]!.length, match.index + match[0].length]);
  return gaps;
}

/** The ranges of the macros the rules find among the tokens: what is read as spaces. */
function macroNoise(text: string, rules: MacroRules, tokens: readonly Token[]): [number, number][] {
  const closers = closingParentheses(text, tokens);
  const scan: Scan = { text, tokens, closers, runEnds: macroRunEnds(text, tokens, closers, rules), classNames: enclosingClassNames(text, tokens) };
  const blanks: [number, number][] = [];
  /** The last token left in place (its index; -1: none yet): a blanked macro is not the next one's "before". */
  let before = -1;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const noise = token.word ? (staticMacroObjectEnd(scan, i, rules) ?? macroAt(scan, i, before, rules)) : undefined;
    if (noise === undefined) {
      before = i;
      continue;
    }
    blanks.push([token.start, tokens[noise]!.end]);
    i = noise;
  }
  return blanks;
}

/** What is read of a text once, for every token's question. */
interface Scan {
  readonly text: string;
  readonly tokens: readonly Token[];
  readonly closers: Int32Array;
  readonly runEnds: Int32Array;
  /** For each token, the name of the innermost class, struct or union whose body holds it. */
  readonly classNames: readonly (string | undefined)[];
}

/** What may stand between `static` and a macro that makes a static object. */
const OBJECT_QUALIFIERS = new Set(['const', 'volatile']);

/**
 * Where a static object that a macro makes ends (the index of its `;`), when token `i` is the `static`
 * that begins it, first on its line: `static SENSOR_DEVICE_ATTR_RO(temp1_input, temp, 0);`,
 * `static const DECLARE_TLV_DB_SCALE(pga_tlv, -9750, 50, 1);`, `static DEFINE_MUTEX(lock);` (some
 * 15,000 of the Linux kernel's lines). Read as a function's declarator, arguments that are no
 * parameters (`BIT(0) | BIT(1)`, a number) make an error, and a run of them one that swallows what
 * follows: in a kernel driver, its attribute groups, its id table and its driver. All of it, `static`
 * to `;`, is read as spaces: it declares nothing an outline lists (ctags makes it a prototype of the
 * macro, which an outline leaves out).
 */
function staticMacroObjectEnd({ text, tokens, closers }: Scan, i: number, rules: MacroRules): number | undefined {
  const token = tokens[i]!;
  if (!token.first || wordOf(text, token) !== 'static') return undefined;
  let at = i + 1;
  while (tokens[at] !== undefined && OBJECT_QUALIFIERS.has(wordOf(text, tokens[at]!))) at++;
  const macro = tokens[at];
  if (macro?.word !== true || !isUnknownMacro(wordOf(text, macro), rules) || !isOpen(text, tokens[at + 1])) return undefined;
  const close = closers[at + 1]!;
  const end = tokens[close + 1];
  return text[tokens[close]!.start] === ')' && end !== undefined && wordOf(text, end) === ';' ? close + 1 : undefined;
}

/** Where the macro that starts at token `i` ends (the index of its last token), or undefined when it is none. */
function macroAt(scan: Scan, i: number, beforeIndex: number, rules: MacroRules): number | undefined {
  const { text, tokens, closers, runEnds } = scan;
  const name = wordOf(text, tokens[i]!);
  if (rules.noise.has(name)) return i;
  const last = argumentsEnd(text, tokens, closers, i);
  if (rules.noiseCalls.has(name)) return last;
  if (!isUnknownMacro(name, rules)) return undefined;
  const before = tokens[beforeIndex];
  const previous = before === undefined ? undefined : wordOf(text, before);
  // A member (`x.FOO`, `p->FOO`, `ns::FOO`) or a destructor is no macro.
  if (previous === '.' || previous === '->' || previous === '::' || previous === '~') return undefined;
  const afterType = before?.word === true && isType(previous!);
  const after = tokens[last + 1];
  const first = tokens[i]!.first;
  if (after === undefined) return first ? last : undefined; // Alone on the last line: `QT_END_NAMESPACE`.
  const next = wordOf(text, after);
  // A type made by a macro, in a list of parameters: `f(BOOST_ASIO_MOVE_ARG(Handler) handler)`,
  // `template <BOOST_ASIO_COMPLETION_HANDLER_FOR(Sig) Token>`: what is left still reads as one.
  if ((previous === '(' || previous === ',' || previous === '<') && last > i && after.word) return last;
  // After a function's declarator and its qualifiers, before its body, its end, `= 0`, a constructor's
  // initializers or a trailing return type: `… const char *fmt, ...)⏎__releases(bitlock)⏎{`,
  // `int f() Q_DECL_OVERRIDE;`, `size() const BOOST_ASIO_NOEXCEPT {`, `T(T&& o) BOOST_ASIO_NOEXCEPT : …`.
  if (endsDeclarator(text, tokens, beforeIndex) && (AFTER_FUNCTION_TAIL.has(next) || isUnknownMacro(next, rules))) return last;
  // After an Objective-C method's or property's last word, before its body or its end: `- (void)task:(T *)task
  // didFinish:(M *)metrics AF_API_AVAILABLE(ios(10)) {`, `@property T *metrics AF_API_AVAILABLE(ios(10));`.
  // Read there, the grammar ends the @interface or @implementation at it: the rest of the file is an
  // error, its classes lost and its methods loose.
  if (before?.word === true && (next === '{' || next === ';' || isUnknownMacro(next, rules)) && inMethodOrProperty(text, tokens, beforeIndex)) return last;
  // Where nothing before it on its line, nor a type on the line before (`extern int⏎__xattr_check(…);`), says it is a declarator,
  // nor an `=` that it is a value (`static const struct soc_enum e =⏎\tSOC_ENUM_SINGLE(…);`):
  if (first && !afterType && previous !== '=') {
    // A statement of its own where the grammar wants a declaration: `QT_REQUIRE_CONFIG(animation);`,
    // `Q_STATIC_ASSERT(…);` in a class body.
    if (next === ';' && last > i) return last + 1;
    // An access specifier of its own: `Q_SIGNALS:`.
    if (next === ':' && last === i) return last + 1;
    // Alone on its line with its arguments, or before the end of a class body: `Q_DISABLE_COPY(Foo)`,
    // `Q_DECLARE_PRIVATE(Foo)⏎};`. Not a function-like definition (`TEST_F(A, B)⏎{`).
    if (after.first && (next === '}' || (last > i && after.word))) return last;
  }
  // `PROTOBUF_EXPORT ::google::protobuf::Enum* f()`: before a type named from the global namespace
  // (a macro's own scope is written without the space: `FOO_NS::Type`).
  if (next === '::' && after.start > tokens[last]!.end) return last;
  // Before a destructor, which no type precedes: `BOOST_ASIO_DECL ~reactor();`; or a constructor,
  // its class's name and `(`: `Q_DECL_CONSTEXPR QDeadlineTimer(…) noexcept : t1(0) {}`.
  if (next === '~' || (next === scan.classNames[i] && isOpen(text, tokens[last + 2]))) return last;
  // `void __iomem *base`: an attribute of the `__` kind between a type and a pointer.
  if (!after.word) return next === '*' && name.startsWith('__') && afterType ? last : undefined;
  if (CLASS_HEAD_ENDS.has(next)) return undefined;
  // What follows this macro and any more after it (`Q_CORE_EXPORT QT_DEPRECATED_X("…") QTextStream &f()`).
  const runEnd = last + 1 < tokens.length ? runEnds[last + 1]! : tokens.length;
  const afterRun = tokens[runEnd];
  const afterRunWord = afterRun === undefined ? '' : wordOf(text, afterRun);
  // Before a declaration's specifiers, itself or with more macros: `PROTOBUF_EXPORT extern`,
  // `__always_inline __alloc_size(1) void`, `QT_BEGIN_NAMESPACE⏎class`.
  if (DECLARATION_WORDS.has(afterRunWord)) return last;
  // The head of a class: `class Q_CORE_EXPORT QString : public QObject`, `struct EXPORT Foo {`,
  // `class LLVM_GSL_POINTER LLVM_NODISCARD ArrayRef {`.
  if (previous === 'class' || previous === 'struct' || previous === 'union') return afterRun?.word === true && isClassHead(text, tokens[runEnd + 1]) ? last : undefined;
  // Between a type and the declarator: `int __init foo_init(void)`, `struct file_operations __read_mostly fops`.
  if (afterType) return last;
  // Before a type and its declarator (`GTEST_API_ TestInfo* Make(`, `Q_INVOKABLE QString name()`),
  // or alone on its line before a macro (`QT_BEGIN_NAMESPACE⏎Q_CORE_EXPORT …`). A word followed by
  // `(` is the declarator: `LED_CONFIG get(void)` keeps its type, as does `FOO_TYPE⏎foo(void)`.
  if (isUnknownMacro(next, rules) && first && after.first) return last;
  if (afterRun?.word !== true) return undefined;
  const then = tokens[runEnd + 1];
  const thenText = then === undefined ? '' : wordOf(text, then);
  return then?.word === true || thenText === '*' || thenText === '&' || thenText === '::' || thenText === '<' ? last : undefined;
}

/**
 * For each token, the name of the innermost class whose body holds it: the last word of the head
 * between `class` (`struct`, `union`) and its `:`, `<` or `{` (`class Q_CORE_EXPORT QString :
 * public …` is QString's). `class T` in a template's parameters, and a forward declaration, open none.
 */
function enclosingClassNames(text: string, tokens: readonly Token[]): (string | undefined)[] {
  const names: (string | undefined)[] = new Array(tokens.length);
  const open: { readonly name: string | undefined; readonly depth: number }[] = [];
  let depth = 0;
  let head: { name: string | undefined; named: boolean } | undefined;
  tokens.forEach((token, i) => {
    names[i] = open.at(-1)?.name;
    const c = text[token.start]!;
    // Most tokens are words of no head: only a word that may be `class`, `struct` or `union`, or one inside a head, is read.
    const word = token.word ? (head !== undefined || c === 'c' || c === 's' || c === 'u' ? wordOf(text, token) : '') : token.end - token.start === 1 ? c : wordOf(text, token);
    if (word === 'class' || word === 'struct' || word === 'union') {
      head = { name: undefined, named: false };
      return;
    }
    if (word === '{') {
      depth++;
      if (head !== undefined) open.push({ name: head.name, depth });
      head = undefined;
    } else if (word === '}') {
      depth--;
      while (open.length > 0 && open.at(-1)!.depth > depth) open.pop();
    } else if (head !== undefined) {
      if (word === ';' || word === '(' || word === ')' || (!head.named && (word === '>' || word === ',' || word === '='))) head = undefined;
      else if (word === ':' || word === '<' || word === 'final') head.named = true;
      else if (token.word && !head.named) head.name = word;
    }
  });
  return names;
}

/** Whether the token at `index`, and the qualifiers before it, end a function's declarator: a `)` before them. */
function endsDeclarator(text: string, tokens: readonly Token[], index: number): boolean {
  let at = index;
  while (at >= 0 && FUNCTION_QUALIFIERS.has(wordOf(text, tokens[at]!))) at--;
  return at >= 0 && wordOf(text, tokens[at]!) === ')';
}

/**
 * Whether the token at `index` is in an Objective-C method's head or a property's declaration: after
 * a `-` or `+` first on its line, or after `@property`, with no `;`, `{` or `}` between.
 */
function inMethodOrProperty(text: string, tokens: readonly Token[], index: number): boolean {
  for (let at = index; at >= 0; at--) {
    const word = wordOf(text, tokens[at]!);
    if (word === ';' || word === '{' || word === '}') return false;
    if ((tokens[at]!.first && (word === '-' || word === '+')) || (word === 'property' && at > 0 && wordOf(text, tokens[at - 1]!) === '@')) return true;
  }
  return false;
}

/** The index of a macro's last token: its name, or the `)` closing the arguments that follow it. */
function argumentsEnd(text: string, tokens: readonly Token[], closers: Int32Array, i: number): number {
  return isOpen(text, tokens[i + 1]) ? closers[i + 1]! : i;
}

/**
 * For each token, the index of the first token from it on that is not an unknown macro (or its
 * arguments), found in one pass from the end: a long run of macros costs no more than other text.
 */
function macroRunEnds(text: string, tokens: readonly Token[], closers: Int32Array, rules: MacroRules): Int32Array {
  const ends = new Int32Array(tokens.length);
  for (let i = tokens.length - 1; i >= 0; i--) {
    const past = argumentsEnd(text, tokens, closers, i) + 1;
    const macro = tokens[i]!.word && isUnknownMacro(wordOf(text, tokens[i]!), rules);
    ends[i] = !macro ? i : past < tokens.length ? ends[past]! : tokens.length;
  }
  return ends;
}

/** What follows a class's name in its head: its body, its bases, the end of a forward declaration, `final`, template arguments. */
function isClassHead(text: string, token: Token | undefined): boolean {
  if (token === undefined) return false;
  const word = wordOf(text, token);
  return word === '{' || word === ':' || word === ';' || word === '<' || word === 'final';
}

/** Whether a word can be (the end of) a type: a type keyword, or an identifier that is no other keyword. */
function isType(word: string): boolean {
  return TYPE_WORDS.has(word) || (!NOT_TYPES.has(word) && !DECLARATION_WORDS.has(word) && /^[A-Za-z_]\w*$/.test(word));
}

function isOpen(text: string, token: Token | undefined): boolean {
  return token !== undefined && text[token.start] === '(';
}

/**
 * For each `(` token, the index of the `)` that closes it (the last token when none does), found in
 * one pass: a file of unclosed calls costs no more than any other.
 */
function closingParentheses(text: string, tokens: readonly Token[]): Int32Array {
  const closers = new Int32Array(tokens.length).fill(tokens.length - 1);
  const open: number[] = [];
  tokens.forEach((token, i) => {
    const c = text[token.start];
    if (c === '(') open.push(i);
    else if (c === ')' && open.length > 0) closers[open.pop()!] = i;
  });
  return closers;
}

