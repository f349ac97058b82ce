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
interface Suite {
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
    const start = block.index + block[0].length - block[2]!.length - (block[0].length - block[0].lastIndexOf('</script'));
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

interface CtagsTag {
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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

function macroNamedAlike(referenceName: string, ourKind: string | undefined): boolean {
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
const CPP_KINDS: ReadonlySet<Kind> = new Set(['function', 'method', 'class', 'struct', 'union', 'enum', 'type', 'module', 'macro']);
/** The kernel's folders that issue 11 measures C on (`make-corpus.sh --big`). */
const KERNEL_C_FOLDERS = /^linux\/(mm|kernel|include\/linux)\//;

/**
 * A language measured against ctags by a table: which of ctags's kinds (`--list-kinds-full=<language>`)
 * are compared, as which of ours; a tag's parent is the last segment of its scope.
 */
interface CtagsLanguage {
  readonly label: string;
  readonly folder: string;
  readonly endings: readonly string[];
  /** ctags's name of the language (`--language-force`). */
  readonly ctags: string;
  /** ctags's kind letters to list (`--kinds-<language>=`). */
  readonly letters: string;
  /** ctags's kind names compared, each as the kind we give it (undefined: any of ours). */
  readonly kinds: Readonly<Record<string, Kind | undefined>>;
  /** Our kinds the reference covers: only these can be "extra". */
  readonly compared: readonly Kind[];
  /** A scope's separator in ctags's names (`.` unless given). */
  readonly separator?: string;
  /** Tags the reference lists that are not compared, with why (a comment at the row). */
  readonly skip?: (tag: CtagsTag) => boolean;
  /** How our names are compared, where ctags names them otherwise (as written unless given). */
  readonly normalize?: Suite['normalize'];
  /** Where ctags names a tag or its parent otherwise than we do, by convention (see `Suite.alike`). */
  readonly alike?: Suite['alike'];
}

function ctagsLanguageSuite(language: CtagsLanguage): Suite {
  const separator = language.separator ?? '.';
  const entry = (file: string, tag: CtagsTag): Entry | undefined => {
    if (!Object.hasOwn(language.kinds, tag.kind) || language.skip?.(tag) === true) return undefined;
    const parent = tag.scope === undefined ? undefined : lastSegment(tag.scope, separator);
    return { file, line: tag.line, name: tag.name, shown: tag.name, kind: tag.kind, parent, parentKind: tag.scopeKind, expected: language.kinds[tag.kind] };
  };
  return {
    label: language.label, folder: language.folder, accepts: endsWith(...language.endings), compared: new Set(language.compared),
    reference: ctagsReference(language.ctags, language.letters, entry), normalize: language.normalize ?? plainNames, alike: language.alike,
  };
}

/** The languages parsed since the keyword scanner served them, on the corpus's `langs/` (make-corpus.sh --langs). */
const CTAGS_LANGUAGES: readonly CtagsLanguage[] = [
  // lua
  // ctags reads Lua line by line: the name before the `=` of a line holding `function` is tagged, so
  // `x = pcall(function()` or `local t = { k = function` tags `x` and `t`: kept only where the name is
  // declared (`function NAME`) or given a function (`NAME = function`), and where ctags took a name
  // (`setmetatable(t, {__call = function` tags `{__call`, `t[function() … end] = function` tags `end]`).
  // Lines inside a long bracket, a `--[[ … ]]` comment or a `[[ … ]]` string, are text, not code.
  // ctags gives no scopes; names are as written.
  { label: 'lua', folder: 'langs/lua', endings: ['.lua'], ctags: 'Lua', letters: 'f', kinds: { function: 'function' }, compared: ['function'],
    skip: ((longBrackets = new Map<string, [number, number][]>()) => (tag: CtagsTag) => {
      let spans = longBrackets.get(tag.path);
      if (spans === undefined) {
        const text = readFileSync(tag.path, 'utf8');
        spans = [];
        let line = 1;
        let at = 0;
        // Quoted strings and line comments are read past, so that a `[[` in them opens nothing.
        for (const m of text.matchAll(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|--(?!\[=*\[)[^\n]*|\[(=*)\[[\s\S]*?\]\1\]/g)) {
          for (; at < m.index; at++) if (text.charCodeAt(at) === 10) line++;
          if (m[1] !== undefined) spans.push([line, line + (m[0].match(/\n/g)?.length ?? 0)]);
        }
        longBrackets.set(tag.path, spans);
      }
      const name = escapeRegExp(tag.name);
      return spans.some(([first, last]) => tag.line > first && tag.line <= last)
        || !/^(?:[A-Za-z_]\w*|\[.*\])(?:[.:][A-Za-z_]\w*|\[.*\])*$/.test(tag.name)
        || !new RegExp(`(^|[^\\w.:])(function\\s+${name}\\s*\\(|${name}\\s*=\\s*function\\b)`).test((tag.pattern ?? '').replace(/\\([/\\])/g, '$1'));
    })() },

  // elixir
  // ctags's function is our method in a defimpl or defprotocol; a defguard is a macro. Not compared: ExUnit's
  // `test` and `describe` (an outline lists no tests). Skipped: tags on the lines of a `"""` or `'''` heredoc,
  // ctags reading the code examples of a `@doc` as declarations.
  {
    label: 'elixir', folder: 'langs/elixir', endings: ['.ex', '.exs'], ctags: 'Elixir', letters: '*',
    kinds: { module: 'module', protocol: 'protocol', implementation: 'impl', function: undefined, delegate: 'function', operator: undefined, callback: 'function', macro: 'macro', guard: 'macro', type: 'type' },
    compared: ['module', 'protocol', 'impl', 'function', 'method', 'macro', 'type'],
    skip: ((heredocLines = new Map<string, Set<number>>()) => (tag: CtagsTag): boolean => {
      let lines = heredocLines.get(tag.path);
      if (lines === undefined) {
        lines = new Set();
        let open = false;
        for (const [i, line] of readFileSync(tag.path, 'utf8').split('\n').entries()) {
          if (/^\s*("""|''')|("""|''')\s*$/.test(line)) open = !open;
          else if (open) lines.add(i + 1);
        }
        heredocLines.set(tag.path, lines);
      }
      return lines.has(tag.line);
    })(),
    // ctags names `defmodule Ecto.Query.API` `API` and `defimpl Inspect, for: T` `Inspect`: ours are compared so.
    normalize: (definition, parent) => {
      const compared = (d: Definition) => (['module', 'protocol', 'impl'].includes(d.kind) ? d.name.replace(/ for: [^]*$/, '').split('.').at(-1)! : d.name);
      return { name: compared(definition), parent: parent === undefined ? undefined : compared(parent) };
    },
  },

  // haskell
  // Compared: top-level equations (ctags lists each on its line) and types. Not compared: modules (ctags names
  // `module Hakyll.Core.Rules` `Hakyll`), data constructors (an outline lists no enumerators or variants).
  // Skipped as ctags misreads them: a `function` on a line that does not begin with its name (a record field,
  // a word of a field's type, the `::` line of a signature written over lines, the `= …` line after an
  // equation's name), one named by a keyword (`class`, `infixr`), the `type` named `family` of
  // `type family T`. Skipped too: tags in a later branch of `#if` (`#elif`, `#else`), which the grammar does
  // not read; such a branch defines its first branch's names for another platform.
  {
    label: 'haskell', folder: 'langs/haskell', endings: ['.hs'], ctags: 'Haskell', letters: '*',
    kinds: { type: 'type', function: 'function' }, compared: ['type', 'function'],
    skip: ((laterBranches = new Map<string, Set<number>>()) => (tag: CtagsTag): boolean => {
      const line = tag.pattern?.slice(2) ?? '';
      if (tag.kind === 'type' && tag.name === 'family') return true;
      if (tag.kind === 'function' && (!line.startsWith(tag.name) || /^(class|instance|deriving|foreign|default|infixl?|infixr|pattern|type|data|newtype)$/.test(tag.name))) return true;
      let lines = laterBranches.get(tag.path);
      if (lines === undefined) {
        lines = new Set();
        const later: boolean[] = [];
        for (const [i, text] of readFileSync(tag.path, 'utf8').split('\n').entries()) {
          const directive = /^#\s*(if|elif|else|endif)/.exec(text)?.[1];
          if (directive === 'if') later.push(false);
          else if (directive === 'endif') later.pop();
          else if (directive !== undefined && later.length > 0) later[later.length - 1] = true;
          else if (later.includes(true)) lines.add(i + 1);
        }
        laterBranches.set(tag.path, lines);
      }
      return lines.has(tag.line);
    })(),
  },

  // objc
  // Compared: classes; extensions and categories (ctags lists one as the interface of the class it
  // extends, as we name it, and again by the category's name on the same line: that tag is not
  // compared); implementations; methods (ctags's kind `class` is a `+` method); protocols; C
  // functions, structs and macros. Not compared, as we list them by design: properties and instance
  // variables (fields), variables, include guards and `static` prototypes (forward declarations),
  // as in C. Not compared, as ctags misreads them: typedefs (a block typedef is named after its last
  // parameter, an NS_ENUM after its last constant), "methods" that are properties, and names in
  // capitals with an underscore (the macro after a method, `- (instancetype)init NS_UNAVAILABLE;`, or
  // a macro call, `API_AVAILABLE(…)` before a class). ctags puts a method on the line of its `{` or
  // `;`, ours is on its selector's first line: a method whose tag is on a later line (its selector
  // or its `{` goes on) is not compared, and ours for it counts as extra.
  {
    label: 'objc', folder: 'langs/objc', endings: ['.m', '.h'], ctags: 'ObjectiveC', letters: '*',
    kinds: { interface: undefined, implementation: 'impl', method: 'method', class: 'method', protocol: 'protocol', function: 'function', struct: 'struct', macro: 'macro' },
    compared: ['class', 'extension', 'impl', 'method', 'protocol', 'function', 'struct', 'macro'],
    skip: (tag) =>
      (tag.kind === 'macro' ? /^\/\^\s*#\s*define\s+\w+_(H|INCLUDED)_*\s*\$\/$/.test(tag.pattern ?? '') : /^[A-Z][A-Z0-9]*_[A-Z0-9_]*$/.test(tag.name)) ||
      ((tag.kind === 'method' || tag.kind === 'class') && !/^\/\^\s*[-+]/.test(tag.pattern ?? '')) ||
      (tag.kind === 'function' && /^\/\^\s*static\b.*\)\s*;\s*\$\/$/.test(tag.pattern ?? '')),
  },

  // ocaml
  // Compared: modules, module types and functors; types and exceptions (as types); lets of a
  // structure (ctags's function and var, ours function or const); vals; externals are ours alone
  // (ctags lists none); classes, class types and methods. Not compared, as we list none of them:
  // variant constructors and record fields (members of their type), instance variables, `type t +=
  // …`, `let () = …` and `let _ = …`; ctags's own module for the file (line 1); a `let … in` on one
  // line (a local: ctags lists locals, but those whose `in` comes later cannot be told from its
  // tags). Not compared, as ctags misreads them: what stands in a quoted string (the testsuite's
  // `[%%expect{| … |}]` holds compiler output that ctags reads as code), `with type t = …` and
  // `with module M = …` constraints, `(val x : S)`, `(module M : S)`, `module type of M`, `(type
  // a)` read as declarations, `| exception E ->` read as an exception, a constructor pattern (`let
  // Cons x = …`) read as a function, `type nonrec t`, `method private m` and `let%ext` named after
  // their keyword, and a `val` after a type, which ctags places inside that type.
  {
    label: 'ocaml', folder: 'langs/ocaml', endings: ['.ml', '.mli'], ctags: 'OCaml', letters: '*',
    kinds: { module: 'module', type: 'type', Exception: 'type', function: 'function', var: undefined, val: undefined, class: undefined, method: 'method' },
    compared: ['module', 'type', 'function', 'const', 'class', 'interface', 'method'],
    separator: '/',
    skip: (() => {
      const quoted = new Map<string, [number, number][]>();
      const inQuotedString = (file: string, line: number): boolean => {
        let spans = quoted.get(file);
        if (spans === undefined) {
          const text = readFileSync(file, 'utf8');
          const lineAt = (offset: number): number => text.slice(0, offset).split('\n').length;
          spans = [...text.matchAll(/\{([a-z_]*)\|[\s\S]*?\|\1\}/g)].map((m): [number, number] => [lineAt(m.index!), lineAt(m.index! + m[0].length)]);
          quoted.set(file, spans);
        }
        return spans.some(([first, last]) => line >= first && line <= last);
      };
      const fileModule = (file: string): string => { const base = path.basename(file).replace(/\.mli?$/, ''); return base.charAt(0).toUpperCase() + base.slice(1); };
      return (tag: CtagsTag): boolean =>
        (tag.kind === 'module' && tag.line === 1 && tag.name === fileModule(tag.path)) ||
        /^(\(\)|_|%.*|open|include|private|virtual|nonrec)$/.test(tag.name) ||
        ((tag.kind === 'var' || tag.kind === 'function') && (/^[A-Z]/.test(tag.name) || /\bin\s*\$\/$/.test(tag.pattern ?? ''))) ||
        (tag.kind === 'type' && (/\+=/.test(tag.pattern ?? '') || (/\b(with|and)\s+type\b/.test(tag.pattern ?? '') && !/^\/\^\s*type\b/.test(tag.pattern ?? '')))) ||
        (tag.kind === 'Exception' && !/^\/\^\s*exception\b/.test(tag.pattern ?? '')) ||
        (tag.kind === 'val' && tag.scopeKind === 'type') ||
        /^\w+$/.test(tag.name) && new RegExp(`(\\(\\s*(val|module|type)|module\\s+type\\s+of|with\\s+module)\\s+${tag.name}\\b`).test(tag.pattern ?? '') ||
        inQuotedString(tag.path, tag.line);
    })(),
  },

  // julia
  // ctags names `function Base.show(…)` and `Flux.Losses.mse(…) = …` `show` and `mse`, in the scope of the last
  // qualifier or in none, and gives a function nested in one the scope `show`. Both are compared as written:
  // the name is `Base.show`, without a scope, and the nested function's parent `Base.show`. The skip sets this
  // before the entry is made, and cuts every scope to its last segment itself (hence a separator no scope
  // holds). `function Base.:(==)(…)` ctags names `Base`: left out. Struct fields are not listed.
  { label: 'julia', folder: 'langs/julia', endings: ['.jl'], ctags: 'Julia', letters: '*', kinds: { struct: 'struct', type: 'type', function: undefined, module: 'module', macro: 'macro', constant: 'const' }, compared: ['struct', 'type', 'function', 'method', 'module', 'macro', 'const'],
    separator: '\0',
    skip: ((qualifiedNames = new Map<string, string>()) => (tag: CtagsTag) => {
      const scope = tag.scope === undefined ? undefined : tag.scope.slice(tag.scope.lastIndexOf('.') + 1);
      Object.assign(tag, { scope: scope === undefined ? undefined : qualifiedNames.get(`${tag.path}\0${scope}`) ?? scope });
      if (tag.kind !== 'function') return false;
      const pattern = (tag.pattern ?? '').replace(/\\([/\\])/g, '$1');
      if (pattern.includes(`${tag.name}.:`)) return true;
      const qualified = scope !== undefined && tag.scopeKind === 'module'
        ? `((?:\\w+\\.)*${escapeRegExp(scope)}\\.)`
        : '^/\\^(?:\\s*@[\\w.]+)*\\s*(?:function\\s+)?((?:\\w+\\.)+)';
      const qualifier = pattern.match(new RegExp(`${qualified}${escapeRegExp(tag.name)}(?![\\w!])`))?.[1];
      if (qualifier === undefined) qualifiedNames.delete(`${tag.path}\0${tag.name}`);
      else {
        qualifiedNames.set(`${tag.path}\0${tag.name}`, qualifier + tag.name);
        Object.assign(tag, { name: qualifier + tag.name, scope: undefined, scopeKind: undefined });
      }
      return false;
    })() },

  // powershell
  // ctags lists functions (also one written in a string, `-value "function prompt {…}"`: skipped) and
  // every assigned variable (not compared: locals, parameters, class properties). It lists no class,
  // method or enum, so those of ours are never "extra". ctags names `function global:Foo` `Foo`, we as written:
  // ours are compared after the scope (find_symbol finds `script:Foo` by `Foo` too, its last segment).
  { label: 'powershell', folder: 'langs/powershell', endings: ['.ps1', '.psm1'], ctags: 'PowerShell', letters: 'f', kinds: { function: 'function' }, compared: ['function'], skip: (tag) => !/^\/\^\s*(?:function|filter|workflow)\s/i.test(tag.pattern ?? ''),
    normalize: (definition, parent) => ({ name: definition.name.replace(/^(?:global|script|local|private|using|workflow):/i, ''), parent: parent?.name }) },

  // elm
  // Top-level declarations, which Elm writes at the margin: an indented tag is a `let` binding (a local) or
  // a line of a doc comment's example that ctags reads as code (`    type alias X =` there is a function
  // `type`), and is left out; so are constructors (not outline entries) and `import … as`. ctags names a
  // type with its parameters and what follows on the line (`Result error value`, `String = String --
  // NOTE…`): its first word is the name compared (set here, before the entry is made).
  { label: 'elm', folder: 'langs/elm', endings: ['.elm'], ctags: 'Elm', letters: '*', kinds: { module: 'module', function: 'function', type: 'type', alias: 'type', port: 'function' }, compared: ['module', 'function', 'type'],
    skip: (tag: CtagsTag) => {
      if (tag.kind === 'type' || tag.kind === 'alias') Object.assign(tag, { name: tag.name.split(' ')[0] });
      return /^\/\^\s/.test(tag.pattern ?? '');
    } },

  // css
  // ctags tags each selector of a rule (`a, b {` gives `a` and `b`), not at-rules or what nests in a
  // rule, and misreads a selector holding `[…=…]` or a list in `:is(…)` (`[role=search]` gives `role`
  // and `search`). We list a rule once, named by its whole selector list: the reference keeps the tag
  // of each rule's first selector (`takeCssFirstSelector` finds them in the source), and matches it to
  // our rule whose list starts with it, white space aside (ctags drops and adds some). Extra are
  // then our at-rules and keyframe steps, which ctags does not list, and the rules whose first
  // selector it misreads (`[type=search]` given as `type` and `search`: not a first selector).
  {
    label: 'css', folder: 'langs/css', endings: ['.css'], ctags: 'CSS', letters: '*', kinds: { class: 'rule', selector: 'rule', id: 'rule' }, compared: ['rule'],
    skip: (tag) => !takeCssFirstSelector(tag),
    alike: (selector, _ourKind, ours) => ours !== undefined && withoutSpace(splitSelectors(ours)[0]!) === withoutSpace(selector),
  },

  // json
  // ctags tags every value, an array's elements too, named by their index (`0`; a top-level array's
  // have no scope): they are no keys, so not compared. A tag's scope is the path of keys and indices
  // (`spec.containers.0`), a key's own dots left as they are (`exports../sub`): the row takes the
  // whole scope (no separator splits it) and `jsonScopeAlike` reads the parent off its end. ctags
  // does not read comments (tsconfig's `//`): it loses the key after one, which we list ("extra").
  {
    label: 'json', folder: 'langs/json', endings: ['.json'], ctags: 'JSON', letters: '*',
    kinds: { object: 'key', array: 'key', number: 'key', string: 'key', boolean: 'key', null: 'key' }, compared: ['key'],
    separator: '\0', skip: (tag) => tag.scopeKind === 'array' || (tag.scope === undefined && /^\d+$/.test(tag.name) && tag.pattern?.includes(`"${tag.name}"`) !== true),
    alike: jsonScopeAlike,
  },
];

/**
 * JSON: ctags's scope `a.b` stands for our parent `b` (or `a.b`, a key written with a dot); `a.b.1`,
 * a key of the array `b`'s second element, for `b` too; and `0`, an element of a top-level array, for
 * no parent. An index is only taken off where the whole scope does not name ours (`responses.200`).
 */
function jsonScopeAlike(scope: string, _ourKind: string | undefined, ours: string | undefined): boolean {
  for (let rest = scope; ; rest = rest.replace(/(^|\.)\d+$/, '')) {
    if (ours === undefined ? rest === '' : rest === ours || rest.endsWith(`.${ours}`)) return true;
    if (!/(^|\.)\d+$/.test(rest)) return false;
  }
}

const withoutSpace = (text: string) => text.replace(/\s+/g, '');

/** A selector list's selectors: split at the commas outside `(…)`, `[…]` and strings. */
function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    if (quote !== '') {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((part) => part.trim());
}

/** Per file and line, how many rules start with each first selector that no tag has stood for yet. */
const cssFirstSelectorsLeft = new Map<string, Map<number, Map<string, number>>>();

/**
 * Whether a ctags tag names the first selector of a rule that starts on its line, that no earlier
 * tag has stood for. The count matters on a minified file's one line, where a word ctags misreads
 * (`button` of `[role=button]`) may also begin some rule: as many tags are kept as rules begin so.
 */
function takeCssFirstSelector(tag: CtagsTag): boolean {
  let byLine = cssFirstSelectorsLeft.get(tag.path);
  if (byLine === undefined) {
    byLine = cssFirstSelectors(tag.path);
    cssFirstSelectorsLeft.set(tag.path, byLine);
  }
  const left = byLine.get(tag.line);
  const name = withoutSpace(tag.name);
  const count = left?.get(name) ?? 0;
  if (count === 0) return false;
  left!.set(name, count - 1);
  return true;
}

/**
 * How many rules of a CSS file start with each first selector (white space removed), by the 1-based
 * line where the rule's selectors start: the text before each `{` outside parentheses, back to the
 * last `{`, `}` or `;`, that is not an at-rule's prelude.
 */
function cssFirstSelectors(file: string): Map<number, Map<string, number>> {
  const byLine = new Map<number, Map<string, number>>();
  // Comments as spaces, their newlines kept.
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  let depth = 0;
  let quote = '';
  let start = 0;
  let startLine = 1;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (quote !== '') {
      if (c === '\\' && text[++i] === '\n') line++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === '{' || c === '}' || c === ';')) {
      const prelude = text.slice(start, i);
      const first = prelude.search(/\S/);
      if (c === '{' && first >= 0 && prelude[first] !== '@') {
        const at = startLine + (prelude.slice(0, first).match(/\n/g)?.length ?? 0);
        const selectors = byLine.get(at) ?? new Map<string, number>();
        const selector = withoutSpace(splitSelectors(prelude)[0]!);
        selectors.set(selector, (selectors.get(selector) ?? 0) + 1);
        byLine.set(at, selectors);
      }
      start = i + 1;
      startLine = line;
    }
  }
  return byLine;
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
    const parent = open[definition.depth - 1];
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
