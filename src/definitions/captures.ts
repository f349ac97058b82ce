/**
 * From query captures to outline entries. The convention (queries/README.md): `@<kind>` marks a
 * declaration, whose range decides nesting; `@<kind>.name` marks its name, and several of them are
 * joined with spaces in source order; `@<kind>.scope` marks what the name belongs to, written before
 * it with a `.` (Go's `Type.Method`). Captures whose name starts with `_` are for predicates only.
 */
import { isKind, KINDS, kindWithin, type Definition, type Kind } from './definition.js';

/** The parts of a syntax node the outline needs. */
export interface CapturedNode {
  readonly id: number;
  readonly startIndex: number;
  readonly endIndex: number;
  /**
   * 0-based first and last rows: of the node, for a scope; for a name, the first is the row of its
   * last part (`lastPartRow` in treeSitter.ts); for a declaration, the rows its
   * range spans by the engine's rule (attributes and decorators just before it included, trailing
   * comments not: see `declarationRows` in treeSitter.ts).
   */
  readonly row: number;
  readonly endRow: number;
  /** The node's text; empty for a declaration, whose text is not needed. */
  readonly text: string;
}

export interface Capture {
  readonly name: string;
  readonly node: CapturedNode;
}

export interface Match {
  readonly patternIndex: number;
  readonly captures: readonly Capture[];
}

type Role = 'item' | 'name' | 'scope';

type CaptureMeaning = { kind: Kind; role: Role } | 'helper' | Error;

/** Each capture name's meaning, worked out once: a query's matches ask it of every capture (some 1% of a C parse and query). */
const meanings = new Map<string, CaptureMeaning>();

/** What a capture name means, or an Error saying why it is not allowed. */
export function parseCaptureName(captureName: string): CaptureMeaning {
  let meaning = meanings.get(captureName);
  if (meaning === undefined) {
    meaning = meaningOf(captureName);
    meanings.set(captureName, meaning);
  }
  return meaning;
}

function meaningOf(captureName: string): CaptureMeaning {
  if (captureName.startsWith('_')) return 'helper';
  const [kind, role, ...rest] = captureName.split('.');
  if (kind === undefined || !isKind(kind)) return new Error(`@${captureName}: unknown kind "${kind}"`);
  if (rest.length > 0 || (role !== undefined && role !== 'name' && role !== 'scope')) {
    return new Error(`@${captureName}: use @${kind}, @${kind}.name or @${kind}.scope`);
  }
  return { kind, role: role === undefined ? 'item' : role };
}

/** The kinds of entry a query's captures give, in the order of KINDS (a function the engine shows as a method is not among them). */
export function capturedKinds(captureNames: readonly string[]): Kind[] {
  const kinds = new Set<Kind>();
  for (const name of captureNames) {
    const meaning = parseCaptureName(name);
    if (meaning !== 'helper' && !(meaning instanceof Error) && meaning.role === 'item') kinds.add(meaning.kind);
  }
  return KINDS.filter((kind) => kinds.has(kind));
}

/** A declaration before nesting: its range (UTF-16 offsets into the text) decides what it contains. */
export interface Item {
  readonly kind: Kind;
  readonly start: number;
  readonly end: number;
  readonly line: number;
  /** The declaration's first and last lines (see Definition). */
  readonly startLine: number;
  readonly endLine: number;
  readonly name: string;
}

/** One entry per declaration node; where several patterns capture the same node, the first pattern wins. */
export function itemsFromMatches(matches: readonly Match[]): Item[] {
  const byNode = new Map<number, { patternIndex: number; item: Item }>();
  for (const match of matches) {
    const item = itemOf(match);
    if (item === undefined) continue;
    const node = match.captures.find((c) => c.name === item.kind)!.node;
    const previous = byNode.get(node.id);
    if (previous === undefined || match.patternIndex < previous.patternIndex) byNode.set(node.id, { patternIndex: match.patternIndex, item });
  }
  return [...byNode.values()].map((entry) => entry.item);
}

function itemOf(match: Match): Item | undefined {
  let declaration: { kind: Kind; node: CapturedNode } | undefined;
  const names: CapturedNode[] = [];
  const scopes: CapturedNode[] = [];
  for (const capture of match.captures) {
    const meaning = parseCaptureName(capture.name);
    if (meaning === 'helper' || meaning instanceof Error) continue;
    if (meaning.role === 'item') declaration = { kind: meaning.kind, node: declaration === undefined ? capture.node : spanning(declaration.node, capture.node) };
    else (meaning.role === 'name' ? names : scopes).push(capture.node);
  }
  if (declaration === undefined || names.length === 0) return undefined;
  const orderedNames = inSourceOrder(names);
  const joined = joinPieces(orderedNames);
  const name = NAMED_BY_STRING.has(declaration.kind) ? unquoted(joined) : joined;
  const scope = inSourceOrder(scopes).map((node) => oneLine(node.text)).join('.');
  return {
    kind: declaration.kind,
    start: declaration.node.startIndex,
    end: declaration.node.endIndex,
    line: orderedNames[0]!.row + 1,
    startLine: Math.min(declaration.node.row, orderedNames[0]!.row) + 1,
    endLine: Math.max(declaration.node.endRow, orderedNames[0]!.row) + 1,
    name: scope === '' ? name : `${scope}.${name}`,
  };
}

/**
 * A declaration made of several nodes (C++'s grammar reads Catch2's `TEST_CASE("…") {…}` as a call,
 * then a block): it spans them all, and is known by its first.
 */
function spanning(first: CapturedNode, next: CapturedNode): CapturedNode {
  return {
    id: first.id,
    startIndex: Math.min(first.startIndex, next.startIndex),
    endIndex: Math.max(first.endIndex, next.endIndex),
    row: Math.min(first.row, next.row),
    endRow: Math.max(first.endRow, next.endRow),
    text: '',
  };
}

/** Kinds whose name is often a string: a data file's key, a test's description. */
const NAMED_BY_STRING: ReadonlySet<Kind> = new Set(['key', 'test', 'suite']);

/**
 * A name written in quotes (or a template literal's backquotes) is what they hold
 * (`"app.kubernetes.io/name"` → `app.kubernetes.io/name`, `'adds numbers'` → `adds numbers`); an
 * empty string keeps its quotes, so that the entry has a name.
 */
function unquoted(name: string): string {
  return /^(["'`])[^]+\1$/.test(name) ? name.slice(1, -1) : name;
}

function inSourceOrder(nodes: readonly CapturedNode[]): CapturedNode[] {
  return [...nodes].sort((a, b) => a.startIndex - b.startIndex);
}

/**
 * Name pieces separated in the source by anything are joined with one space; adjacent ones are not
 * separated, nor is a piece from a `:` before it (Objective-C's selector `foo:(int)a bar:(int)b` is
 * `foo:bar:`).
 */
function joinPieces(pieces: readonly CapturedNode[]): string {
  return pieces.map((piece, i) => (i > 0 && piece.startIndex > pieces[i - 1]!.endIndex && pieces[i - 1]!.text !== ':' ? ' ' : '') + oneLine(piece.text)).join('');
}

/** A name on one line: white space folded, and none beside `::` (C++'s `Foo::\nbar`). */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/ ?:: ?/g, '::').trim();
}

/** Outline entries in source order, each nested in the closest declaration whose range contains it. */
export function nestItems(unordered: readonly Item[]): Definition[] {
  const items = [...unordered].sort((a, b) => a.start - b.start || b.end - a.end);
  const open: Item[] = [];
  const definitions: Definition[] = [];
  for (const item of items) {
    while (open.length > 0 && open[open.length - 1]!.end < item.end) open.pop();
    const parent = open[open.length - 1];
    const kind = kindWithin(item.kind, parent?.kind);
    definitions.push({ line: item.line, startLine: item.startLine, endLine: item.endLine, kind, name: item.name, depth: open.length });
    open.push(item);
  }
  return definitions;
}
