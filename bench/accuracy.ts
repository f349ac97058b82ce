/**
 * Outline accuracy: our outlines against each language's own parser, on the benchmark corpus that
 * `../shared/bench/make-corpus.sh` builds (go/, rust/, python/, ts/, c/, cpp/, java/ under one root,
 * cxx/ with `--more`, linux/ with `--big`; a missing folder skips its row).
 *
 *   node dist/bench/accuracy.js [corpusRoot] [label pattern]   (a regular expression: `^lua$`)
 *
 * References (every file up to 512 KB, no sampling):
 * - Python: `ast` (bench/python_ast_outline.py): class, def, async def at any depth, with the
 *   enclosing class or def as parent. Files `ast` cannot parse are left out on both sides.
 * - TypeScript: the compiler API, on `.ts` files and, as a row of their own, `.d.ts` files (declaration
 *   files hold most of the interfaces, overloads and namespaces: worth measuring, but they should not
 *   hide how sources fare); `.js` files too, as a third row. Every construct the contract shows as
 *   function, method, class, interface, enum, type or module: declarations and overloads; members of
 *   class declarations (methods, accessors, constructor, function-valued fields); interface method
 *   and accessor signatures; namespaces (a dotted `namespace a.b` is one entry, as written);
 *   `const|let|var x = () => | function` at any depth. Class expressions, object-literal methods and
 *   `X.prototype.y = function` are not in the contract, so not in the reference.
 * - Go and Rust: Universal Ctags. Go methods are matched on their last segment (ctags names them
 *   `Method`, we `Type.Method`) with the receiver type as their parent; ctags's scope of a method with a
 *   generic receiver is its type parameter, so there the receiver is read from the tag's pattern.
 *   ctags names a Rust `impl` by one identifier of its self type (`impl Display for a::Point<T>` →
 *   `Point`; `[u8]` → `u8`; `()` → the trait): an impl of ours on the same line whose name holds that
 *   identifier matches it, and likewise as a parent. ctags lists neither Rust `const` items nor
 *   unions, so those of ours are never "extra". The blank identifier `_` declares nothing and is not
 *   compared.
 * - C, C++ and Java: Universal Ctags, every file parsed as the language of its row (ctags takes `.h`
 *   for C++ and does not know `.ipp`); ours read a `.h` as the language its text shows (the
 *   manifest's heuristic: C++ or C). Compared: functions, methods, classes, structs, unions, enums,
 *   interfaces, namespaces, typedefs, macros, prototypes (ctags kind `p`, off by default), and Java's
 *   constants. Left out as we list them by design: struct members and fields, enumerators, variables
 *   (our C and C++ `const` entries are not compared), `static` prototypes outside a class (forward
 *   declarations), include guards (`#define FOO_H`), typedefs and `using` inside a function body
 *   (C++), Java fields other than `static final` (or interface) ones named in capitals, packages.
 *   Left out as ctags misreads them: "prototypes" without a return type that are no constructor,
 *   destructor or conversion (macro calls: `EXPORT_SYMBOL(f);`, `BOOST_STATIC_CONSTANT(…);`).
 *   ctags names anonymous types `__anon…`: not compared, and skipped in a scope; a typedef of one
 *   (`typedef struct { … } T;`) is our struct `T`. ctags names an operator `operator ()`, we as
 *   written: white space is not compared. A C++ name is compared on its last `::` segment without
 *   template arguments (`Vec<T>::push` → `push`, its parent `Vec`), as ctags names `bar` of scope `Foo`;
 *   written over lines, ours is on its first line and ctags's on the last segment's: matched, and
 *   counted as a difference. A function ctags names after a macro in capitals on the line where we
 *   name it otherwise (`SYSCALL_DEFINE1(acct, …)`) is the same function.
 *
 * - Lua, Elixir, Haskell, Objective-C, OCaml, Julia, PowerShell, Elm, CSS and JSON: Universal Ctags, by
 *   the rows of `ctagsLanguages.ts`, each saying what it compares and what it leaves out.
 * - Vue and Svelte: the compiler API on each `<script>` block (see `componentReference`).
 *
 * Measures per language: recall of (line, name), and beside it the recall left when the reference's
 * entries that ctags named after a macro use in capitals are set aside (`TEST_F(Suite, Name) {`,
 * `Q_DECLARE_SHARED(T)` read as a function; the goal is on the recall itself); among matched entries
 * whose reference entry has a parent, the share whose parent has the same name; and our entries of
 * the kinds the reference covers that it does not list ("extra"). Then the most common kinds of
 * differences, with examples.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { Definition, Kind } from '../src/definitions/definition.js';
import { outlineDefinitionsHere } from '../src/definitions/engine.js';
import type { LanguageInfo, Languages } from '../src/definitions/languages.js';
import { PACKAGE_LANGUAGE_ROOT } from '../src/definitions/manifest.js';
import { openProject } from '../src/session/project.js';
import { lastIndexAtMost, stripByteOrderMark } from '../src/text/lines.js';
import { CTAGS_LANGUAGES, escapeRegExp, type CtagsLanguage } from './ctagsLanguages.js';

/** Where make-corpus.sh builds the corpus unless told otherwise. */
export const DEFAULT_CORPUS = '/tmp/zumba-corpus';
const MAX_FILE_BYTES = 512 * 1024;
export const GOAL = 0.99;
/** C's goal: its macros read as noise, every definition ctags finds (C statics included). */
const GOAL_C = 0.995;
const SHOWN_CATEGORIES = 10;
const EXAMPLES = 3;
export const PYTHON_SCRIPT = fileURLToPath(new URL('../../bench/python_ast_outline.py', import.meta.url));

/** One declaration, from a reference or from us, in the terms compared. */
interface Entry {
  /** Relative to the corpus root, with `/`. */
  readonly file: string;
  readonly line: number;
  /** The name compared: for a Go method, its last segment. */
  readonly name: string;
  /** The full name, for examples. */
  readonly shown: string;
  /** The reference's own kind (`method signature`, `func`, …), or ours. */
  readonly kind: string;
  readonly parent: string | undefined;
  readonly parentKind: string | undefined;
  /** Reference entries: the kind we should give it, when it is certain. */
  readonly expected?: Kind;
}

interface Reference {
  readonly entries: Entry[];
  /** Files the reference could not parse: left out on both sides. */
  readonly unparsed: ReadonlySet<string>;
}

/** One row of the table: a language, its files, its reference and how our names are compared. */
export interface Suite {
  readonly label: string;
  readonly folder: string;
  readonly accepts: (file: string) => boolean;
  /** Our kinds the reference covers: only these can be "extra". */
  readonly compared: ReadonlySet<Kind>;
  readonly reference: (root: string, files: readonly string[]) => Promise<Reference>;
  readonly normalize: (definition: Definition, parent: Definition | undefined) => { name: string; parent: string | undefined };
  /** Where names differ by convention: whether a reference name stands for one of ours (on the same line, or as a parent). */
  readonly alike?: (referenceName: string, ourKind: string | undefined, ourName: string | undefined) => boolean;
  /** Recall and same parent wanted, when not GOAL. */
  readonly goal?: number;
}

// ---------------------------------------------------------------------------------------------
// Files

/** Regular files under a folder, relative to `root`, in name order; links are not followed. */
export function filesUnder(root: string, folder: string): string[] {
  const found: string[] = [];
  const walk = (relative: string): void => {
    const entries = readdirSync(path.join(root, relative), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  if (existsSync(path.join(root, folder))) walk(folder);
  return found;
}

export function smallEnough(root: string, file: string): boolean {
  return statSync(path.join(root, file)).size <= MAX_FILE_BYTES;
}

export function readText(root: string, file: string): string {
  return stripByteOrderMark(readFileSync(path.join(root, file), 'utf8'));
}

/** 1-based line of a UTF-16 offset, counting `\n` only (as tree-sitter does). */
function lineFinder(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => lastIndexAtMost(starts, offset) + 1;
}

function lastSegment(name: string, separator: string): string {
  const at = name.lastIndexOf(separator);
  return at < 0 ? name : name.slice(at + separator.length);
}

// ---------------------------------------------------------------------------------------------
// Child processes printing JSON lines

/** Runs a command, feeding `input` on stdin, and hands each JSON line of its stdout to `onLine`. */
export function jsonLines(command: string, args: readonly string[], input: string, onLine: (value: unknown) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
    lines.on('line', (line) => {
      if (line.trim() !== '') onLine(JSON.parse(line));
    });
    const closed = new Promise((done) => lines.on('close', done));
    child.on('close', (code) => {
      void closed.then(() => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.slice(0, 500)}`))));
    });
    child.stdin.end(input);
  });
}

export const absoluteList = (root: string, files: readonly string[]): string => files.map((f) => path.join(root, f)).join('\n') + '\n';

// ---------------------------------------------------------------------------------------------
// Python: ast

interface PythonRecord {
  readonly file: string;
  readonly line?: number;
  readonly name?: string;
  readonly kind?: string;
  readonly parent?: string | null;
  readonly parentKind?: string | null;
  readonly error?: string;
}

async function pythonReference(root: string, files: readonly string[]): Promise<Reference> {
  const entries: Entry[] = [];
  const unparsed = new Set<string>();
  await jsonLines('python3', [PYTHON_SCRIPT, '-'], absoluteList(root, files), (value) => {
    const record = value as PythonRecord;
    const file = path.relative(root, record.file).split(path.sep).join('/');
    if (record.error !== undefined) unparsed.add(file);
    else entries.push(pythonEntry(file, record));
  });
  return { entries, unparsed };
}

function pythonEntry(file: string, record: PythonRecord): Entry {
  const inClass = record.parentKind === 'class';
  return {
    file,
    line: record.line!,
    name: record.name!,
    shown: record.name!,
    kind: record.kind!,
    parent: record.parent ?? undefined,
    parentKind: record.parentKind ?? undefined,
    expected: record.kind === 'class' ? 'class' : inClass ? 'method' : 'function',
  };
}

// ---------------------------------------------------------------------------------------------
// TypeScript: the compiler API

interface Found {
  readonly kind: string;
  readonly expected: Kind;
  readonly name: string;
  /** The node whose start is the line reported. */
  readonly at: ts.Node;
  /** Whose children to visit next, when not the declaration itself (a dotted namespace's innermost part). */
  readonly inner?: ts.Node;
}

async function typescriptReference(root: string, files: readonly string[]): Promise<Reference> {
  return { entries: files.flatMap((file) => typescriptOutline(file, readText(root, file))), unparsed: new Set() };
}

/**
 * Vue and Svelte components: the compiler API on each top-level `<script>` block (a start tag at the
 * start of a line, as components write them), as TypeScript where its `lang` says so, else as
 * JavaScript, with the rest of the file blanked so that lines stay the file's own.
 */
async function componentReference(root: string, files: readonly string[]): Promise<Reference> {
  return { entries: files.flatMap((file) => componentOutline(file, readText(root, file))), unparsed: new Set() };
}

const SCRIPT_BLOCK = /^<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gm;

function componentOutline(file: string, text: string): Entry[] {
  return [...text.matchAll(SCRIPT_BLOCK)].flatMap((block) => {
    const start = block.index + '<script'.length + block[1]!.length + '>'.length;
    const end = start + block[2]!.length;
    const blanked = text.slice(0, start).replace(/[^\n]/g, ' ') + text.slice(start, end) + text.slice(end).replace(/[^\n]/g, ' ');
    const lang = block[1]!.match(/\blang\s*=\s*["']?(\w+)/)?.[1];
    const kind = lang === 'ts' || lang === 'typescript' ? ts.ScriptKind.TS : lang === 'tsx' ? ts.ScriptKind.TSX : lang === 'jsx' ? ts.ScriptKind.JSX : ts.ScriptKind.JS;
    return typescriptOutline(file, blanked, kind);
  });
}

function scriptKind(file: string): ts.ScriptKind {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (file.endsWith('.jsx')) return ts.ScriptKind.JSX;
  return /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
}

function typescriptOutline(file: string, text: string, kind = scriptKind(file)): Entry[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lineOf = lineFinder(text);
  const entries: Entry[] = [];
  const visit = (node: ts.Node, parent: Entry | undefined): void => {
    const found = typescriptDeclaration(node, source);
    if (found === undefined) {
      ts.forEachChild(node, (child) => visit(child, parent));
      return;
    }
    const entry: Entry = {
      file,
      line: lineOf(found.at.getStart(source)),
      name: found.name,
      shown: found.name,
      kind: found.kind,
      parent: parent?.name,
      parentKind: parent?.kind,
      expected: found.expected,
    };
    entries.push(entry);
    ts.forEachChild(found.inner ?? node, (child) => visit(child, entry));
  };
  ts.forEachChild(source, (child) => visit(child, undefined));
  return entries;
}

function typescriptDeclaration(node: ts.Node, source: ts.SourceFile): Found | undefined {
  if (ts.isClassDeclaration(node)) return named(node, 'class', 'class', source);
  if (ts.isInterfaceDeclaration(node)) return named(node, 'interface', 'interface', source);
  if (ts.isEnumDeclaration(node)) return named(node, 'enum', 'enum', source);
  if (ts.isTypeAliasDeclaration(node)) return named(node, 'type', 'type', source);
  if (ts.isFunctionDeclaration(node)) return named(node, node.body ? 'function' : 'function without body', 'function', source);
  if (ts.isModuleDeclaration(node)) return moduleDeclaration(node, source);
  if (ts.isVariableDeclaration(node)) return functionVariable(node, source);
  if (ts.isClassDeclaration(node.parent)) return classMember(node, source);
  if (ts.isInterfaceDeclaration(node.parent)) return interfaceMember(node, source);
  return undefined;
}

/** A declaration with its name, or `default` at the `default` keyword for `export default function () {}`. */
function named(node: ts.Node & { readonly name?: ts.Node | undefined }, kind: string, expected: Kind, source: ts.SourceFile): Found | undefined {
  if (node.name !== undefined) return { kind, expected, name: node.name.getText(source), at: node.name };
  const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
  const keyword = modifiers?.find((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  return keyword === undefined ? undefined : { kind: `${kind} (export default)`, expected, name: 'default', at: keyword };
}

/** `namespace a.b.c {}` is one entry named as written; `declare module "x"` keeps its quotes. */
function moduleDeclaration(node: ts.ModuleDeclaration, source: ts.SourceFile): Found | undefined {
  if (ts.isModuleDeclaration(node.parent)) return undefined; // The inner part of a dotted name, taken below.
  let inner = node;
  let name = node.name.getText(source);
  while (inner.body !== undefined && ts.isModuleDeclaration(inner.body)) {
    inner = inner.body;
    name += `.${inner.name.getText(source)}`;
  }
  const kind = ts.isStringLiteral(node.name) ? 'module "string"' : node.flags & ts.NodeFlags.GlobalAugmentation ? 'declare global' : 'namespace';
  return { kind, expected: 'module', name, at: node.name, inner };
}

function functionVariable(node: ts.VariableDeclaration, source: ts.SourceFile): Found | undefined {
  if (!ts.isIdentifier(node.name) || !isFunctionValue(node.initializer)) return undefined;
  return { kind: 'function-valued variable', expected: 'function', name: node.name.getText(source), at: node.name };
}

function isFunctionValue(value: ts.Expression | undefined): boolean {
  let inner = value;
  while (inner !== undefined && ts.isParenthesizedExpression(inner)) inner = inner.expression;
  return inner !== undefined && (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner));
}

/** Method signatures, and accessor signatures (`get size(): number;`) as class accessors count. */
function interfaceMember(node: ts.Node, source: ts.SourceFile): Found | undefined {
  if (ts.isMethodSignature(node)) return named(node, 'method signature', 'method', source);
  if (ts.isGetAccessorDeclaration(node)) return named(node, 'get accessor signature', 'method', source);
  if (ts.isSetAccessorDeclaration(node)) return named(node, 'set accessor signature', 'method', source);
  return undefined;
}

function classMember(node: ts.Node, source: ts.SourceFile): Found | undefined {
  if (ts.isMethodDeclaration(node)) return named(node, node.body ? 'method' : 'method without body', 'method', source);
  if (ts.isGetAccessorDeclaration(node)) return named(node, 'get accessor', 'method', source);
  if (ts.isSetAccessorDeclaration(node)) return named(node, 'set accessor', 'method', source);
  if (ts.isPropertyDeclaration(node) && isFunctionValue(node.initializer)) return named(node, 'function-valued field', 'method', source);
  if (ts.isConstructorDeclaration(node)) {
    const keyword = node.getChildren(source).find((c) => c.kind === ts.SyntaxKind.ConstructorKeyword) ?? node;
    return { kind: node.body ? 'constructor' : 'constructor without body', expected: 'method', name: 'constructor', at: keyword };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Go, Rust, C, C++ and Java: Universal Ctags

export interface CtagsTag {
  readonly _type: string;
  readonly name: string;
  readonly path: string;
  readonly line: number;
  readonly kind: string;
  readonly pattern?: string;
  readonly scope?: string;
  readonly scopeKind?: string;
  /** `struct:__anon…` for a typedef of an anonymous struct. */
  readonly typeref?: string;
  /** C and C++: `static`, `inline,static`, … */
  readonly properties?: string;
}

/** File-scoped tags (C's `static` functions) are kept: ctags drops them under `--extras=-F`. */
function ctagsReference(language: string, kinds: string, toEntry: (file: string, tag: CtagsTag) => Entry | undefined) {
  return async (root: string, files: readonly string[]): Promise<Reference> => {
    const entries: Entry[] = [];
    const properties = language === 'C' || language === 'C++' ? [`--fields-${language}=+{properties}`] : [];
    const args = ['--sort=no', '--output-format=json', '--fields=+nKzSt', ...properties, `--language-force=${language}`, `--kinds-${language}=${kinds}`, '-L', '-', '-f', '-'];
    await jsonLines('ctags', args, absoluteList(root, files), (value) => {
      const tag = value as CtagsTag;
      if (tag._type !== 'tag') return;
      const entry = toEntry(path.relative(root, tag.path).split(path.sep).join('/'), tag);
      if (entry !== undefined) entries.push(entry);
    });
    return { entries, unparsed: new Set() };
  };
}

const GO_KINDS: Readonly<Record<string, Kind>> = { func: 'function', struct: 'struct', interface: 'interface', type: 'type', talias: 'type', const: 'const', methodSpec: 'method' };

/** A method's receiver type from its tag's pattern (`/^func (l *List[T]) Len() int {$/` → `List`). */
function goReceiver(pattern: string | undefined): string | undefined {
  return pattern?.match(/^\/\^func\s*\(\s*(?:[\p{L}_][\p{L}\p{N}_]*\s+)?\*?\s*([\p{L}_][\p{L}\p{N}_]*)/u)?.[1];
}

/** The blank identifier (`func _()`, `const _ = …`: compile-time checks) declares nothing: not compared. */
const BLANK = '_';

function goEntry(file: string, tag: CtagsTag): Entry | undefined {
  const expected = GO_KINDS[tag.kind];
  if (expected === undefined || tag.name === BLANK) return undefined;
  const base = { file, line: tag.line, name: tag.name, shown: tag.name, kind: tag.kind, parent: undefined, parentKind: undefined, expected };
  if (tag.kind === 'methodSpec') {
    const iface = lastSegment(tag.scope ?? '', '.');
    return iface === BLANK ? undefined : { ...base, parent: iface, parentKind: 'interface' };
  }
  if (tag.kind !== 'func' || tag.scopeKind === undefined || tag.scopeKind === 'package') return base;
  const receiver = (tag.scopeKind === 'unknown' ? goReceiver(tag.pattern) : undefined) ?? lastSegment(tag.scope ?? '', '.');
  return { ...base, shown: `${receiver}.${tag.name}`, kind: 'func with receiver', parent: receiver, parentKind: 'receiver', expected: 'method' };
}

const RUST_KINDS: Readonly<Record<string, Kind>> = {
  function: 'function', method: 'method', struct: 'struct', enum: 'enum', interface: 'trait', typedef: 'type',
  implementation: 'impl', module: 'module', macro: 'macro', variable: 'const',
};

/**
 * ctags calls an associated function without `self` a function; we call every fn of an impl or
 * trait a method. It also reads the lifetime in `const X: &'static str` as a `static` named `str`:
 * a `variable` whose line does not declare `static <name>` is dropped.
 */
function rustEntry(file: string, tag: CtagsTag): Entry | undefined {
  const inType = tag.scopeKind === 'implementation' || tag.scopeKind === 'interface';
  const expected = tag.kind === 'function' && inType ? 'method' : RUST_KINDS[tag.kind];
  if (expected === undefined || tag.name === BLANK) return undefined;
  if (tag.kind === 'variable' && !declaresStatic(tag.pattern ?? '', tag.name)) return undefined;
  const parent = tag.scope === undefined ? undefined : lastSegment(tag.scope, '::');
  return { file, line: tag.line, name: tag.name, shown: tag.name, kind: tag.kind, parent, parentKind: tag.scopeKind, expected };
}

function declaresStatic(pattern: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<!')\\bstatic\\s+(?:mut\\s+)?${escaped}\\b`).test(pattern);
}

/** ctags names an impl by one identifier of its self type (`impl<T> Display for a::Point<T>` → `Point`), or its trait. */
function rustImplAlike(referenceName: string, ourKind: string | undefined, ourName: string | undefined): boolean {
  return ourKind === 'impl' && ourName !== undefined && ourName.match(/[\p{L}_][\p{L}\p{N}_]*/gu)?.includes(referenceName) === true;
}

/** ctags's name for an anonymous struct, union or enum (`__anon5c35faf30108`). */
const isAnonymous = (name: string) => name.startsWith('__anon');

/** The innermost named part of a ctags scope (`slab::__anon…` → `slab`). */
function namedScope(scope: string | undefined, separator: string): string | undefined {
  return scope?.split(separator).filter((part) => !isAnonymous(part)).at(-1);
}

/**
 * An include guard, which our queries leave out: `#define FOO_H` without a value. ctags cuts the
 * pattern of a macro with a value after its name (`/^#define FOO_H /`): a whole line ends in `$/`.
 */
function isIncludeGuard(tag: CtagsTag): boolean {
  if (!/_(H|HH|HPP|HXX|IPP|TPP|INL|INCLUDED)_*$/.test(tag.name)) return false;
  return new RegExp(`^/\\^\\s*#\\s*define\\s+${escapeRegExp(tag.name)}\\s*(/[*/].*)?\\$/$`).test(tag.pattern ?? '');
}

const C_KINDS: Readonly<Record<string, Kind>> = {
  function: 'function', prototype: 'function', struct: 'struct', union: 'union', enum: 'enum', typedef: 'type', macro: 'macro',
  class: 'class', namespace: 'module',
};
const C_TYPES = new Set(['class', 'struct', 'union']);

/**
 * C and C++ (their scopes separated by `::`). A function or prototype in a class, struct or union is a
 * method; a typedef of an anonymous type is that type. Left out: anonymous types, `static`
 * prototypes outside a type, include guards, and in C++ typedefs in a function body; and a
 * "prototype" without a return type that is no constructor, destructor or conversion: a macro call
 * ctags misreads (`EXPORT_SYMBOL(f);`, `static DEFINE_MUTEX(lock);`, `BOOST_STATIC_CONSTANT(bool, v = true);`).
 */
function cEntry(file: string, tag: CtagsTag): Entry | undefined {
  let expected = C_KINDS[tag.kind];
  if (expected === undefined || isAnonymous(tag.name) || (tag.kind === 'macro' && isIncludeGuard(tag))) return undefined;
  const inType = tag.scopeKind !== undefined && C_TYPES.has(tag.scopeKind);
  if (tag.kind === 'prototype' && !inType && tag.properties?.split(',').includes('static') === true) return undefined;
  if (tag.kind === 'prototype' && tag.typeref === undefined && !isSpecialMember(tag)) return undefined;
  if (tag.kind === 'typedef' && tag.scopeKind === 'function') return undefined;
  if ((tag.kind === 'function' || tag.kind === 'prototype') && inType) expected = 'method';
  const anonymous = tag.kind === 'typedef' ? tag.typeref?.match(/^(struct|union|enum):(?:.*::)?__anon\w*$/)?.[1] : undefined;
  if (anonymous !== undefined) expected = anonymous as Kind;
  const name = cppCompared(tag.name);
  const parent = namedScope(tag.scope, '::');
  return { file, line: tag.line, name, shown: tag.name, kind: tag.kind, parent: parent === undefined ? undefined : cppCompared(parent), parentKind: tag.scopeKind, expected };
}

/** A constructor, destructor or conversion operator: a function without a return type. */
function isSpecialMember(tag: CtagsTag): boolean {
  return tag.name === lastSegment(tag.scope ?? '', '::') || tag.name.startsWith('~') || tag.name.startsWith('operator');
}

/**
 * A C++ name split at `::` outside template arguments and before `operator`
 * (`a::B<c::d>::operator const x::y&` → `a`, `B<c::d>`, `operator const x::y&`).
 */
function cppSegments(name: string): string[] {
  const segments: string[] = [];
  let start = 0;
  let depth = 0;
  for (let i = 0; i < name.length; i++) {
    if (depth === 0 && /^\s*operator\b/.test(name.slice(start, i + 9))) break;
    const c = name[i];
    if (c === '<' || c === '(') depth++;
    else if ((c === '>' || c === ')') && depth > 0) depth--;
    else if (depth === 0 && c === ':' && name[i + 1] === ':') {
      segments.push(name.slice(start, i));
      start = i + 2;
      i++;
    }
  }
  segments.push(name.slice(start));
  return segments.map((segment) => segment.trim());
}

/** A name as compared: without white space (`operator ()`) and template arguments (`swap<int>`, `Pair<T*, U>`). */
function cppCompared(name: string): string {
  const compact = name.replace(/\s+/g, '');
  return /^~?\w+</.test(compact) && !compact.startsWith('operator') ? compact.slice(0, compact.indexOf('<')) : compact;
}

/** `Foo::bar` → `bar` with the parent `Foo`, as ctags names an out-of-class definition. */
function cppNames(definition: Definition, parent: Definition | undefined) {
  const segments = cppSegments(definition.name);
  const scope = segments.length > 1 ? segments.at(-2) : parent === undefined ? undefined : cppSegments(parent.name).at(-1);
  return { name: cppCompared(segments.at(-1)!), parent: scope === undefined ? undefined : cppCompared(scope) };
}

/**
 * ctags names a function after a macro it cannot read: the macro that defines it (C's
 * `SYSCALL_DEFINE1(acct, …)`, we name it `acct`), or the one in place of its return type (C++'s
 * `BOOST_ASIO_INITFN_AUTO_RESULT_TYPE(H, void()) async_wait(…)`, we `async_wait`).
 */
/** A name in capitals with an underscore: where ctags names a definition so, it names it after a macro use. */
const MACRO_NAMED = /^[A-Z][A-Z0-9]*_[A-Z0-9_]*$/;

/** googletest's macros, which ctags lists as functions of their name: we list a test `Suite.Name`. */
const GOOGLETEST = /^(TEST|TEST_F|TEST_P|TYPED_TEST|TYPED_TEST_P|GTEST_TEST)$/;

function macroNamedAlike(referenceName: string, ourKind: string | undefined): boolean {
  if (ourKind === 'test') return GOOGLETEST.test(referenceName);
  return (ourKind === 'function' || ourKind === 'method') && MACRO_NAMED.test(referenceName);
}

const JAVA_KINDS: Readonly<Record<string, Kind>> = {
  class: 'class', interface: 'interface', annotation: 'interface', enum: 'enum', method: 'method', field: 'const',
};

/** Java: constructors are methods; a field is compared when our query lists it, a constant. */
function javaEntry(file: string, tag: CtagsTag): Entry | undefined {
  const expected = JAVA_KINDS[tag.kind];
  if (expected === undefined || (tag.kind === 'field' && !isJavaConstant(tag))) return undefined;
  const parent = tag.scope === undefined ? undefined : lastSegment(tag.scope, '.');
  return { file, line: tag.line, name: tag.name, shown: tag.name, kind: tag.kind, parent, parentKind: tag.scopeKind, expected };
}

/** A field named in capitals, `static final` on the line of its name or in an interface or annotation type. */
function isJavaConstant(tag: CtagsTag): boolean {
  if (!/^[A-Z][A-Z0-9_]*$/.test(tag.name)) return false;
  if (tag.scopeKind === 'interface' || tag.scopeKind === 'annotation') return true;
  const pattern = tag.pattern ?? '';
  const before = pattern.slice(0, Math.max(0, pattern.search(new RegExp(`\\b${escapeRegExp(tag.name)}\\b`))));
  return /\bstatic\b/.test(before) && /\bfinal\b/.test(before);
}

// ---------------------------------------------------------------------------------------------
// The suites

const plainNames = (definition: Definition, parent: Definition | undefined) => ({ name: definition.name, parent: parent?.name });

/** `Type.Method` → `Method`, with the receiver as its parent. */
function goNames(definition: Definition, parent: Definition | undefined) {
  const dot = definition.name.lastIndexOf('.');
  if (definition.kind === 'method' && dot >= 0) return { name: definition.name.slice(dot + 1), parent: definition.name.slice(0, dot) };
  return plainNames(definition, parent);
}

const endsWith = (...endings: string[]) => (file: string) => endings.some((e) => file.endsWith(e));
const isDeclarationFile = endsWith('.d.ts', '.d.mts', '.d.cts');
const TYPESCRIPT_KINDS: ReadonlySet<Kind> = new Set(['function', 'method', 'class', 'interface', 'enum', 'type', 'module']);

const CPP_ENDINGS = ['.cc', '.cpp', '.cxx', '.c++', '.hpp', '.hh', '.hxx', '.h++', '.ipp', '.tpp'];
const CPP_KINDS: ReadonlySet<Kind> = new Set(['function', 'method', 'class', 'struct', 'union', 'enum', 'type', 'module', 'macro', 'test']);
/** The kernel's folders that issue 11 measures C on (`make-corpus.sh --big`). */
const KERNEL_C_FOLDERS = /^linux\/(mm|kernel|include\/linux)\//;

function ctagsLanguageSuite(language: CtagsLanguage): Suite {
  const separator = language.separator ?? '.';
  const entry = (file: string, tag: CtagsTag): Entry | undefined => {
    if (!Object.hasOwn(language.kinds, tag.kind) || language.skip?.(tag) === true) return undefined;
    const parent = tag.scope === undefined ? undefined : lastSegment(tag.scope, separator);
    return { file, line: language.line?.(tag) ?? tag.line, name: tag.name, shown: tag.name, kind: tag.kind, parent, parentKind: tag.scopeKind, expected: language.kinds[tag.kind] };
  };
  return {
    label: language.label, folder: language.folder, accepts: endsWith(...language.endings), compared: new Set(language.compared),
    reference: ctagsReference(language.ctags, language.letters, entry), normalize: language.normalize ?? plainNames, alike: language.alike,
  };
}

const SUITES: readonly Suite[] = [
  {
    label: 'rust', folder: 'rust', accepts: endsWith('.rs'),
    // ctags lists `static` (as a variable) but neither `const` items nor unions.
    compared: new Set(['function', 'method', 'struct', 'enum', 'trait', 'type', 'impl', 'module', 'macro']),
    reference: ctagsReference('Rust', 'MPcfginstv', rustEntry), normalize: plainNames, alike: rustImplAlike,
  },
  {
    label: 'go', folder: 'go', accepts: endsWith('.go'),
    compared: new Set(['function', 'method', 'struct', 'interface', 'type', 'const']),
    reference: ctagsReference('Go', 'acfinst', goEntry), normalize: goNames,
  },
  {
    label: 'python', folder: 'python', accepts: endsWith('.py', '.pyi'),
    compared: new Set(['function', 'method', 'class']),
    reference: pythonReference, normalize: plainNames,
  },
  {
    label: 'typescript', folder: 'ts', accepts: (f) => endsWith('.ts', '.mts', '.cts')(f) && !isDeclarationFile(f),
    compared: TYPESCRIPT_KINDS, reference: typescriptReference, normalize: plainNames,
  },
  {
    label: 'typescript .d.ts', folder: 'ts', accepts: isDeclarationFile,
    compared: TYPESCRIPT_KINDS, reference: typescriptReference, normalize: plainNames,
  },
  {
    label: 'javascript', folder: 'ts', accepts: endsWith('.js', '.mjs', '.cjs', '.jsx'),
    compared: TYPESCRIPT_KINDS, reference: typescriptReference, normalize: plainNames,
  },
  {
    label: 'c', folder: 'c', accepts: endsWith('.c', '.h'), goal: GOAL_C,
    compared: new Set(['function', 'method', 'struct', 'union', 'enum', 'type', 'macro']),
    reference: ctagsReference('C', 'dfgpstu', cEntry), normalize: cppNames, alike: macroNamedAlike,
  },
  {
    label: 'c: kernel mm/ kernel/ include/linux/', folder: 'linux', accepts: (f) => KERNEL_C_FOLDERS.test(f) && endsWith('.c', '.h')(f), goal: GOAL_C,
    compared: new Set(['function', 'method', 'struct', 'union', 'enum', 'type', 'macro']),
    reference: ctagsReference('C', 'dfgpstu', cEntry), normalize: cppNames, alike: macroNamedAlike,
  },
  {
    label: 'cpp', folder: 'cpp', accepts: endsWith(...CPP_ENDINGS),
    compared: CPP_KINDS, reference: ctagsReference('C++', 'cdfgnpstu', cEntry), normalize: cppNames, alike: macroNamedAlike,
  },
  {
    label: 'cxx: C++ with .h headers', folder: 'cxx', accepts: endsWith('.h', ...CPP_ENDINGS),
    compared: CPP_KINDS, reference: ctagsReference('C++', 'cdfgnpstu', cEntry), normalize: cppNames, alike: macroNamedAlike,
  },
  {
    label: 'java', folder: 'java', accepts: endsWith('.java'),
    compared: new Set(['method', 'class', 'interface', 'enum', 'const']),
    reference: ctagsReference('Java', 'acfgim', javaEntry), normalize: plainNames,
  },
  ...CTAGS_LANGUAGES.map(ctagsLanguageSuite),
  {
    label: 'vue: <script> blocks', folder: 'langs/vue', accepts: endsWith('.vue'),
    compared: TYPESCRIPT_KINDS, reference: componentReference, normalize: plainNames,
  },
  {
    label: 'svelte: <script> blocks', folder: 'langs/svelte', accepts: endsWith('.svelte'),
    compared: TYPESCRIPT_KINDS, reference: componentReference, normalize: plainNames,
  },
];

// ---------------------------------------------------------------------------------------------
// Our side

interface Ours extends Entry {
  readonly ourKind: Kind;
  /** The parent's full name. */
  readonly parentShown: string | undefined;
}

async function ourEntries(languages: Languages, root: string, files: readonly string[], suite: Suite): Promise<Ours[]> {
  const entries: Ours[] = [];
  for (const [index, file] of files.entries()) {
    // Let a reference's child process drain its output meanwhile.
    if (index % 25 === 0) await new Promise((resolve) => setImmediate(resolve));
    const definitions = await outlineDefinitionsHere(languages, file, readText(root, file));
    entries.push(...withParents(file, definitions, suite));
  }
  return entries;
}

function withParents(file: string, definitions: readonly Definition[], suite: Suite): Ours[] {
  const open: Definition[] = [];
  return definitions.map((definition) => {
    open.length = definition.depth;
    // The parsers we compare with know no test suites, and most no tests: what a `describe` or `it` holds is, for
    // them, where the `describe` or `it` is.
    const parent = open.findLast((holder) => holder.kind !== 'suite' && (holder.kind !== 'test' || suite.compared.has('test')));
    open.push(definition);
    const { name, parent: parentName } = suite.normalize(definition, parent);
    return {
      file, line: definition.line, name, shown: definition.name, kind: definition.kind, ourKind: definition.kind,
      parent: parentName, parentKind: parent?.kind, parentShown: parent?.name,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Comparison

interface Difference {
  readonly category: string;
  readonly example: string;
  readonly file: string;
}

interface Result {
  readonly label: string;
  readonly goal: number;
  readonly files: number;
  readonly unparsed: number;
  readonly reference: number;
  readonly matched: number;
  readonly missedMacroNamed: number;
  readonly withParent: number;
  readonly sameParent: number;
  readonly extra: number;
  readonly oursCompared: number;
  readonly seconds: number;
  readonly differences: readonly Difference[];
  readonly missing?: string;
}

const key = (line: number, name: string) => `${line}\0${name}`;
const where = (entry: Entry) => `${entry.file}:${entry.line} ${entry.shown}`;
const inside = (parentKind: string | undefined) => parentKind ?? 'top level';

function groupByFile<T extends Entry>(entries: readonly T[]): Map<string, T[]> {
  const byFile = new Map<string, T[]>();
  for (const entry of entries) {
    const list = byFile.get(entry.file);
    if (list === undefined) byFile.set(entry.file, [entry]);
    else list.push(entry);
  }
  return byFile;
}

interface Tally {
  matched: number;
  /** Reference entries missed that ctags named after a macro use in capitals (`TEST_F`, `Q_DECLARE_SHARED`, `BOOST_ASIO_INITFN_RESULT_TYPE`). */
  missedMacroNamed: number;
  withParent: number;
  sameParent: number;
  extra: number;
  oursCompared: number;
  readonly differences: Difference[];
}

function compare(reference: readonly Entry[], ours: readonly Ours[], suite: Suite): Tally {
  const tally: Tally = { matched: 0, missedMacroNamed: 0, withParent: 0, sameParent: 0, extra: 0, oursCompared: 0, differences: [] };
  const oursByFile = groupByFile(ours);
  const referenceByFile = groupByFile(reference);
  const files = [...new Set([...referenceByFile.keys(), ...oursByFile.keys()])].sort();
  for (const file of files) compareFile(referenceByFile.get(file) ?? [], oursByFile.get(file) ?? [], suite, tally);
  return tally;
}

function compareFile(reference: readonly Entry[], ours: readonly Ours[], suite: Suite, tally: Tally): void {
  const unmatched = new Map<string, Ours[]>();
  for (const entry of ours) {
    const k = key(entry.line, entry.name);
    const list = unmatched.get(k);
    if (list === undefined) unmatched.set(k, [entry]);
    else list.push(entry);
  }
  const unmatchedReference: Entry[] = [];
  for (const entry of reference) {
    const mine = unmatched.get(key(entry.line, entry.name))?.shift();
    if (mine === undefined) unmatchedReference.push(entry);
    else checkMatch(entry, mine, suite, tally);
  }
  const left = [...unmatched.values()].flat().sort((a, b) => a.line - b.line);
  const missed = unmatchedReference.filter((entry) => {
    const at = left.findIndex((o) => o.line === entry.line && suite.alike?.(entry.name, o.ourKind, o.shown) === true);
    if (at < 0) return true;
    checkMatch(entry, left.splice(at, 1)[0]!, suite, tally);
    return false;
  });
  for (const entry of missed) tally.differences.push(missedDifference(entry, left));
  tally.missedMacroNamed += missed.filter((entry) => entry.kind !== 'macro' && MACRO_NAMED.test(entry.name)).length;
  const missedNames = new Set(missed.map((m) => m.name));
  for (const entry of ours) if (suite.compared.has(entry.ourKind)) tally.oursCompared++;
  for (const entry of left) {
    if (!suite.compared.has(entry.ourKind)) continue;
    tally.extra++;
    const also = missedNames.has(entry.name) ? ' (reference has the name at another line)' : '';
    tally.differences.push({ category: `extra: our ${entry.kind} in ${inside(entry.parentKind)}${also}`, example: where(entry), file: entry.file });
  }
}

function checkMatch(entry: Entry, mine: Ours, suite: Suite, tally: Tally): void {
  tally.matched++;
  if (entry.expected !== undefined && entry.expected !== mine.ourKind) {
    tally.differences.push({ category: `kind: reference ${entry.kind} → ours ${mine.ourKind}`, example: where(entry), file: entry.file });
  }
  if (entry.parent === undefined) return;
  tally.withParent++;
  if (mine.parent === entry.parent || suite.alike?.(entry.parent, mine.parentKind, mine.parentShown) === true) {
    tally.sameParent++;
    return;
  }
  tally.differences.push({
    category: `parent: ${entry.kind} in ${inside(entry.parentKind)} → ours in ${inside(mine.parentKind)}`,
    example: `${where(entry)} (reference parent ${entry.parent}, ours ${mine.parent ?? 'none'})`,
    file: entry.file,
  });
}

function missedDifference(entry: Entry, left: readonly Ours[]): Difference {
  const category = `missed: ${entry.kind} in ${inside(entry.parentKind)}`;
  const sameName = left.filter((o) => o.name === entry.name).sort((a, b) => Math.abs(a.line - entry.line) - Math.abs(b.line - entry.line))[0];
  if (sameName !== undefined) return { category: `${category}: we have it at another line`, example: `${where(entry)} (ours: line ${sameName.line})`, file: entry.file };
  const sameLine = left.find((o) => o.line === entry.line);
  if (sameLine !== undefined) return { category: `${category}: another name on that line`, example: `${where(entry)} (ours: ${sameLine.kind} ${sameLine.shown})`, file: entry.file };
  return { category: `${category}: absent`, example: where(entry), file: entry.file };
}

// ---------------------------------------------------------------------------------------------
// Running a suite

async function runSuite(languages: Languages, root: string, suite: Suite): Promise<Result> {
  const started = performance.now();
  const all = filesUnder(root, suite.folder).filter((f) => suite.accepts(f) && smallEnough(root, f));
  const base = { label: suite.label, goal: suite.goal ?? GOAL, files: all.length, unparsed: 0, reference: 0, matched: 0, missedMacroNamed: 0, withParent: 0, sameParent: 0, extra: 0, oursCompared: 0, differences: [] };
  // The first file's grammar (a `.h` has its language by its text: the first with a grammar of its own).
  const grammarOf = (language: LanguageInfo | undefined) => language?.grammar ?? language?.byContent?.otherwise.grammar;
  const grammar = all.map((file) => grammarOf(languages.of(file))).find((found) => found !== undefined);
  if (!existsSync(path.join(root, suite.folder))) return { ...base, seconds: 0, missing: `skipped: no ${suite.folder}/ in the corpus` };
  if (grammar === undefined) return { ...base, seconds: 0, missing: all.length === 0 ? 'no files' : 'no grammar' };
  const absent = grammar.outlineQueries.find((file) => !existsSync(file));
  if (absent !== undefined) {
    return { ...base, seconds: 0, missing: `no query yet (${path.relative(PACKAGE_LANGUAGE_ROOT, absent).split(path.sep).join('/')})` };
  }
  const [reference, oursAll] = await Promise.all([suite.reference(root, all), ourEntries(languages, root, all, suite)]);
  const ours = oursAll.filter((entry) => !reference.unparsed.has(entry.file));
  const tally = compare(reference.entries, ours, suite);
  return {
    ...base, ...tally,
    files: all.length - reference.unparsed.size,
    unparsed: reference.unparsed.size,
    reference: reference.entries.length,
    seconds: (performance.now() - started) / 1000,
  };
}

// ---------------------------------------------------------------------------------------------
// Report

const percent = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(2)}%`);

function goalMet(result: Result): string {
  if (result.missing !== undefined || result.reference === 0) return '-';
  const recallOk = result.matched / result.reference >= result.goal;
  const parentOk = result.withParent === 0 || result.sameParent / result.withParent >= result.goal;
  return recallOk && parentOk ? 'yes' : 'no';
}

function table(results: readonly Result[]): string {
  const header = ['language', 'files', 'reference', 'recall', 'macro-named aside', 'same parent', 'extra', 'goal met', 'seconds'];
  const measured = (r: Result) => [
    r.label, String(r.files), String(r.reference), percent(r.matched, r.reference), percent(r.matched, r.reference - r.missedMacroNamed), percent(r.sameParent, r.withParent),
    `${r.extra} (${percent(r.extra, r.oursCompared)})`, goalMet(r), r.seconds.toFixed(1),
  ];
  const rows = results.map((r) => (r.missing === undefined ? measured(r) : [r.label, String(r.files), r.missing]));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.filter((row) => i < 2 || row.length > 3).map((row) => row[i]!.length)));
  const format = (row: readonly string[]) => row.map((cell, i) => (i === 0 || (i >= 2 && row.length <= 3) ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ').trimEnd();
  return [format(header), ...rows.map(format)].join('\n');
}

/** Examples from different files where there are enough, in file order. */
function examples(differences: readonly Difference[]): string[] {
  const picked: Difference[] = [];
  const files = new Set<string>();
  for (const d of differences) {
    if (picked.length === EXAMPLES) break;
    if (files.has(d.file)) continue;
    picked.push(d);
    files.add(d.file);
  }
  for (const d of differences) {
    if (picked.length === EXAMPLES) break;
    if (!picked.includes(d)) picked.push(d);
  }
  return picked.map((d) => d.example);
}

function differencesReport(result: Result): string {
  const byCategory = new Map<string, Difference[]>();
  for (const d of result.differences) {
    const list = byCategory.get(d.category);
    if (list === undefined) byCategory.set(d.category, [d]);
    else list.push(d);
  }
  const ranked = [...byCategory.entries()].sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
  const lines = [`== ${result.label}: ${result.differences.length} differences${result.unparsed > 0 ? ` (${result.unparsed} files the reference cannot parse left out)` : ''}`];
  for (const [category, list] of ranked.slice(0, SHOWN_CATEGORIES)) {
    lines.push(`${String(list.length).padStart(7)}  ${category}`);
    for (const example of examples(list)) lines.push(`           ${example}`);
  }
  // The long tail: counts only.
  for (const [category, list] of ranked.slice(SHOWN_CATEGORIES)) lines.push(`${String(list.length).padStart(7)}  ${category}`);
  return lines.join('\n');
}

function report(root: string, results: readonly Result[], seconds: number): string {
  return [
    `Outline accuracy against each language's own parser — corpus ${root}, every file up to 512 KB`,
    `goal: recall of (line, name) ≥ ${GOAL * 100}% and same parent ≥ ${GOAL * 100}% (c: ${GOAL_C * 100}%); extra = our entries of the kinds the reference covers that it lacks`,
    '',
    table(results),
    '',
    ...results.filter((r) => r.missing === undefined).map(differencesReport).flatMap((text) => [text, '']),
    `total ${seconds.toFixed(1)} s`,
  ].join('\n');
}

/** The accuracy report for the corpus at `corpusRoot`, as plain text: of every suite, or of those whose label `only` matches. */
export async function runAccuracy(corpusRoot: string, only?: RegExp): Promise<string> {
  const started = performance.now();
  const root = path.resolve(corpusRoot);
  const { languages } = openProject(root);
  const results: Result[] = [];
  for (const suite of SUITES.filter((s) => only?.test(s.label) ?? true)) results.push(await runSuite(languages, root, suite));
  return report(root, results, (performance.now() - started) / 1000);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const only = process.argv[3] === undefined ? undefined : new RegExp(process.argv[3]);
  process.stdout.write(`${await runAccuracy(process.argv[2] ?? DEFAULT_CORPUS, only)}\n`);
}
