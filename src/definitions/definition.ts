/** What the definitions engine produces for a file, and what `outline` and `find_symbol` print. */

/** The kinds an outline entry can have; a query or scanner that names another kind is rejected. */
export const KINDS = [
  'function', 'method', 'class', 'struct', 'enum', 'union', 'trait', 'interface', 'protocol',
  'extension', 'impl', 'type', 'const', 'module', 'macro', 'heading', 'key', 'rule', 'test', 'suite',
] as const;

export type Kind = (typeof KINDS)[number];

export interface Definition {
  /** 1-based line of the declaration's name: the line `outline` and `find_symbol` report. */
  readonly line: number;
  /** 1-based first line of the declaration, its decorators and attributes included (at most `line`). */
  readonly startLine: number;
  /** 1-based last line of the declaration (at least `line`): see queries/README.md for each engine's rule. */
  readonly endLine: number;
  readonly kind: Kind;
  readonly name: string;
  /** Nesting level: 0 at top level, 1 inside one other entry, and so on. */
  readonly depth: number;
}

/** An entry's outline line, `<indent><line> <kind> <name>`, `levels` deeper than its nesting (a map puts a file's entries under its path). */
export function outlineLine(d: Definition, ranges: boolean, levels = 0): string {
  return `${'  '.repeat(d.depth + levels)}${d.line}${ranges ? `-${d.endLine}` : ''} ${d.kind} ${d.name}`;
}

export function isKind(value: string): value is Kind {
  return (KINDS as readonly string[]).includes(value);
}

/** Kinds whose member functions are methods. */
const TYPE_CONTAINERS: ReadonlySet<Kind> = new Set([
  'class', 'struct', 'enum', 'union', 'trait', 'interface', 'protocol', 'extension', 'impl',
]);

/** A function directly inside a type (a class, an impl, a protocol, …) is a method; every other kind stays. */
export function kindWithin(kind: Kind, parent: Kind | undefined): Kind {
  return kind === 'function' && parent !== undefined && TYPE_CONTAINERS.has(parent) ? 'method' : kind;
}

/** A qualified name's last segment (`Foo::bar`, `Type.Method`: `bar`, `Method`), which find_symbol matches too. */
export function lastSegment(name: string): string {
  // `.`, `::` or a lone `:` (Lua's `M:method`); a name ending in one (an Objective-C selector `load:`) is whole.
  const segments = name.split(/\.|::?/);
  return segments[segments.length - 1] || name;
}
