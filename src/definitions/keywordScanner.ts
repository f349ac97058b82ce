/**
 * The keyword scanner: declarations are lines that start with a keyword (`fn`, `class`, `def`, `func`,
 * `interface`, …) after the usual modifiers (`pub`, `export`, `async`, `static`, …), and nesting follows
 * indentation. It knows no grammar, so it serves every language that has no query and is the backstop
 * when a grammar fails. It cannot see declarations without a keyword (C functions, TS class methods).
 */
import { kindWithin, type Definition, type Kind } from './definition.js';
import { splitLines } from '../text/lines.js';

const IDENTIFIER = String.raw`[\p{L}_$][\p{L}\p{N}_$]*`;

/** Words that may stand before the keyword of a declaration without changing what it declares. */
const MODIFIER = [
  String.raw`pub(?:\([^)]*\))?`, 'export', 'default', 'declare', 'async', 'public', 'private', 'protected',
  'internal', 'open', 'fileprivate', 'final', 'abstract', 'override', 'sealed', 'unsafe', 'inline', 'virtual',
  'mutating', 'nonmutating', 'indirect', 'data', 'partial', 'readonly', 'distributed', 'nonisolated',
  String.raw`extern(?:\s+"[^"]*")?`, String.raw`static(?=\s+(?:func|function|fn|def|class|var|let)\b)`,
  String.raw`class(?=\s+(?:func|var|let)\b)`, String.raw`const(?=\s+(?:fn|unsafe|async|extern)\b)`,
  String.raw`@[\p{L}_][\w.]*(?:\([^)]*\))?`,
].join('|');

const DECLARATION = new RegExp(
  String.raw`^(?<indent>\s*)(?<modifiers>(?:(?:${MODIFIER})\s+)*)(?<keyword>fn|func|function|def|fun|sub|class|object|struct|enum|union|trait|interface|protocol|extension|actor|impl|mod|module|namespace|macro_rules!|type|typealias|const|val|let|var|static)(?<rest>(?![\p{L}\p{N}_$]).*)$`,
  'u',
);

/** Control-flow words no language lets a declaration take: `func if …` is a match arm, not a function. */
const RESERVED_NAMES: ReadonlySet<string> = new Set([
  'if', 'else', 'for', 'while', 'do', 'loop', 'switch', 'case', 'match', 'return', 'break', 'continue',
  'in', 'of', 'try', 'catch', 'finally', 'throw', 'yield', 'await', 'new', 'where', 'as',
]);

interface Found {
  readonly kind: Kind;
  readonly name: string;
  /** Only meaningful outside a function body (a `const` there is a local). */
  readonly topLevelOnly?: boolean;
}

type Recognizer = (rest: string, isDefault: boolean) => Found | undefined;

const named = (kind: Kind, namePattern = IDENTIFIER, after = '', before = ''): Recognizer => {
  const pattern = new RegExp(String.raw`^\s+${before}(${namePattern})${after}`, 'u');
  return (rest, isDefault) => {
    const match = pattern.exec(rest);
    if (match !== null && !/^(extends|implements)$/.test(match[1]!)) return { kind, name: match[1]! };
    return isDefault ? { kind, name: 'default' } : undefined;
  };
};

/** C's `struct cred *new;` and `struct stat st;` use a type; they declare none. */
const NOT_A_VARIABLE = String.raw`(?![\p{L}\p{N}_$])(?!\s*[*&),]|\s+[\p{L}_])`;
const QUALIFIED = String.raw`${IDENTIFIER}(?:(?:\.|::)${IDENTIFIER})*`;
const GO_METHOD = new RegExp(String.raw`^\s*\(\s*(?:${IDENTIFIER}\s+)?\*?\s*(${IDENTIFIER})(?:\[[^\]]*\])?\s*\)\s*(${IDENTIFIER})`, 'u');
/** A name may join words with hyphens, as PowerShell's `Verb-Noun` and Bash's `function build-all` do. */
const FUNCTION_NAME = new RegExp(String.raw`^\s*\*?\s*((?:self\.)?${IDENTIFIER}(?:-${IDENTIFIER})*)`, 'u');
const DEF_VARIABLE = new RegExp(String.raw`^\s+${IDENTIFIER}\s*=(?![=(~])`, 'u');
const CONST_VALUE = new RegExp(String.raw`^\s+(${IDENTIFIER})\s*(?::[^=]*)?=(?!=)(.*)$`, 'u');
const FUNCTION_VALUE = new RegExp(String.raw`^\s*(?:async\s+)?(?:function\b|(?:<[^>]*>\s*)?\([^)]*\)\s*(?::[^=]*)?=>|${IDENTIFIER}\s*=>)`, 'u');
const STATIC_ITEM = new RegExp(String.raw`^\s+(?:mut\s+)?(${IDENTIFIER})\s*:`, 'u');
const TYPE_NAME = new RegExp(String.raw`^\s+(${IDENTIFIER})(?![\p{L}\p{N}_$])\s*(?:<[^=]*>)?\s*(?:\[[^\]]*\])?\s*(=|struct\b|interface\b|[\p{L}_*(\[])`, 'u');

const functionLike: Recognizer = (rest, isDefault) => {
  const method = GO_METHOD.exec(rest);
  if (method !== null) return { kind: 'method', name: `${method[1]}.${method[2]}` };
  const match = FUNCTION_NAME.exec(rest);
  if (match !== null) return { kind: 'function', name: match[1]! };
  return isDefault ? { kind: 'function', name: 'default' } : undefined;
};

/** `const|let|var x = () => …` declares a function; `const X = value` a constant. */
const variable = (constant: boolean): Recognizer => (rest) => {
  const match = CONST_VALUE.exec(rest);
  if (match === null) return undefined;
  if (FUNCTION_VALUE.test(match[2]!)) return { kind: 'function', name: match[1]! };
  return constant ? { kind: 'const', name: match[1]!, topLevelOnly: true } : undefined;
};

/** `const X = value`, and Groovy's `def x = value`. */
const constDeclaration = variable(true);

/**
 * `def name(…)` declares a function (Python, Ruby, Scala, Groovy); `def name = value` (no type, no
 * parameters) is Groovy's variable, a local in a body, so read as `const` is: listed outside a
 * function only. Ruby's setter `def name=(value)` stays a function.
 */
const defined: Recognizer = (rest, isDefault) => (DEF_VARIABLE.test(rest) ? constDeclaration(rest, isDefault) : functionLike(rest, isDefault));

const typeDeclaration: Recognizer = (rest) => {
  const match = TYPE_NAME.exec(rest);
  if (match === null) return undefined;
  const follower = match[2]!;
  const kind: Kind = follower === 'struct' ? 'struct' : follower === 'interface' ? 'interface' : 'type';
  return { kind, name: match[1]! };
};

/** The kinds the recognizers below give (`method` for a Go method; a function under a type is shown as one too). */
export const SCANNED_KINDS: readonly Kind[] = [
  'function', 'method', 'class', 'struct', 'enum', 'union', 'trait', 'interface', 'protocol', 'extension', 'impl', 'type', 'const', 'module', 'macro',
];

const RECOGNIZERS: Readonly<Record<string, Recognizer>> = {
  fn: functionLike, func: functionLike, function: functionLike, def: defined, fun: functionLike, sub: functionLike,
  class: named('class'), object: named('class'), actor: named('class'), struct: named('struct', IDENTIFIER, NOT_A_VARIABLE),
  enum: named('enum', IDENTIFIER, NOT_A_VARIABLE, String.raw`(?:class\s+|struct\s+)?`), // C++ and Kotlin `enum class X`
  union: named('union', IDENTIFIER, NOT_A_VARIABLE), trait: named('trait'), interface: named('interface'), protocol: named('protocol'),
  extension: named('extension', QUALIFIED), mod: named('module'), module: named('module', QUALIFIED),
  namespace: named('module', QUALIFIED), 'macro_rules!': named('macro'),
  impl: (rest) => implName(rest),
  type: typeDeclaration, typealias: named('type'),
  const: constDeclaration, val: constDeclaration, let: variable(false), var: variable(false),
  static: (rest) => {
    const match = STATIC_ITEM.exec(rest);
    return match === null ? undefined : { kind: 'const', name: match[1]!, topLevelOnly: true };
  },
};

/** Rust `impl<T> Trait<T> for Type<T> where …` is named `Trait for Type`; `impl Type` is `Type`. */
function implName(rest: string): Found | undefined {
  if (!/^\s|^</.test(rest)) return undefined;
  const header = withoutGenerics(rest).split(/\{|\bwhere\b/)[0]!.trim();
  if (header === '') return undefined;
  const parts = header.split(/\s+for\s+/).map((part) => part.replace(/\s+/g, ' ').trim());
  return { kind: 'impl', name: parts.join(' for ') };
}

/** Removes every balanced `<…>` group (generic parameters and arguments). */
function withoutGenerics(text: string): string {
  let depth = 0;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '<') depth++;
    else if (c === '>' && depth > 0 && text[i - 1] !== '-') depth--;
    else if (depth === 0) out += c;
  }
  return out;
}

interface Open {
  readonly indent: number;
  readonly kind: Kind;
  /** The indentation of the first line of its body, its members'; a line deeper is in one of their blocks. */
  memberIndent?: number;
}

interface Unended {
  readonly indent: number;
  /** Where in `definitions` it is. */
  readonly at: number;
}

/** A line that only closes a block: `}`, `});`, `end`, `fi`, … */
const CLOSER = /^(?:[)\]}]|end\b|fi\b|done\b|esac\b)[)\]};,\s]*$/u;
/** A line that only opens the block of the line before: `{` on a line of its own. */
const OPENER = /^\{\s*$/u;

/**
 * The last line of the block that line `line` (1-based) opens, by the rule `keywordDefinitions`
 * applies in one pass, for a single line of a text already split; and whether a closing line
 * (`}`, `end`) at its indentation ends it.
 */
export function indentedBlockEnd(lines: readonly string[], line: number): { line: number; closed: boolean } {
  const own = lines[line - 1]!;
  const indent = own.length - own.trimStart().length;
  let lastText = line;
  for (let index = line; index < lines.length; index++) {
    const trimmed = lines[index]!.trimStart();
    if (trimmed === '') continue;
    const at = lines[index]!.length - trimmed.length;
    if (at < indent || (at === indent && !OPENER.test(trimmed))) {
      return at === indent && CLOSER.test(trimmed) ? { line: index + 1, closed: true } : { line: lastText, closed: false };
    }
    lastText = index + 1;
  }
  return { line: lastText, closed: false };
}

/**
 * The declarations, nested by indentation. Each ends at the last non-blank line before the next
 * line indented as much as it or less (or the file's end): the block an indentation opens. A line
 * at its own indentation that only opens its block (`{`) does not end it, and one that only closes
 * it (`}`, `end`) is its last line.
 */
export function keywordDefinitions(text: string): Definition[] {
  const definitions: Definition[] = [];
  const open: Open[] = [];
  // The same declarations, each left once a line as shallow as it comes (`open` keeps them until the next declaration, for nesting).
  const enclosing: Open[] = [];
  const unended: Unended[] = [];
  let lastText = 0;
  const endBlocksAt = (indent: number, closer?: number) => {
    while (unended.length > 0 && unended[unended.length - 1]!.indent >= indent) {
      const { indent: opened, at } = unended.pop()!;
      definitions[at] = { ...definitions[at]!, endLine: closer !== undefined && opened === indent ? closer : lastText };
    }
  };
  // The file's own members' indentation: its first line's.
  let fileMemberIndent: number | undefined;
  splitLines(text).forEach((line, index) => {
    const trimmed = line.trimStart();
    if (trimmed === '') return;
    const indent = line.length - trimmed.length;
    const level = OPENER.test(trimmed) ? indent + 1 : indent;
    endBlocksAt(level, CLOSER.test(trimmed) ? index + 1 : undefined);
    while (enclosing.length > 0 && enclosing[enclosing.length - 1]!.indent >= level) enclosing.pop();
    const container = enclosing[enclosing.length - 1];
    if (container === undefined) fileMemberIndent ??= indent;
    else if (level === indent) container.memberIndent ??= indent;
    lastText = index + 1;
    const match = DECLARATION.exec(line);
    if (match === null) return;
    const groups = match.groups!;
    const found = RECOGNIZERS[groups['keyword']!]!(groups['rest']!, /\bdefault\s/.test(groups['modifiers']!));
    if (found === undefined || RESERVED_NAMES.has(found.name)) return;
    while (open.length > 0 && open[open.length - 1]!.indent >= indent) open.pop();
    const parent = open[open.length - 1]?.kind;
    // A local: in a function's body, or deeper than the members of what holds it (in a body or block the
    // scanner cannot see, such as that of a Java-style method).
    if (found.topLevelOnly && (parent === 'function' || parent === 'method' || indent > (container?.memberIndent ?? fileMemberIndent ?? indent))) return;
    const kind = kindWithin(found.kind, parent);
    unended.push({ indent, at: definitions.length });
    definitions.push({ line: index + 1, startLine: index + 1, endLine: index + 1, kind, name: found.name, depth: open.length });
    const opened = { indent, kind };
    open.push(opened);
    enclosing.push(opened);
  });
  endBlocksAt(0);
  return definitions;
}
