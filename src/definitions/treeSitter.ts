/**
 * The tree-sitter engine: each grammar loaded once, when a file first needs it; its outline query
 * compiled once and checked against the capture convention; each parse and query held to a time
 * budget; every tree deleted after use (trees live on the WebAssembly heap).
 */
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import type { Language, Node, Parser, Point, Query, QueryMatch, Range, TreeCursor } from 'web-tree-sitter';
import { itemsFromMatches, nestItems, parseCaptureName, type Capture, type Match } from './captures.js';
import type { Definition } from './definition.js';
import type { GrammarEntry } from './manifest.js';
import type { ParseInput } from './parseInput.js';
import { passesParentTests, patternRules, stripOf, type PatternRules } from './queryPredicates.js';
import { injectionProblems, injectionsOf, type Injection } from './injections.js';
import { querySource } from './querySources.js';
import { withRecoveredItems } from './recovery.js';
import { leftOutOfRecovery } from './definitionSites.js';
import { COMMENT, hasAttributes, nodePlaces, type NodePlace } from './nodePlaces.js';
import { blanked, without, type TextRange } from '../text/textRanges.js';

/** Past this a parse is abandoned and the keyword scanner answers instead. */
export const PARSE_BUDGET_MS = 2000;
/** Likewise for running the outline query over the tree. */
export const QUERY_BUDGET_MS = 1000;

export interface LoadedGrammar {
  readonly language: Language;
  readonly outline: Query;
  /** The outline query's `#has-parent?` tests and `#strip!` directives, by pattern (queryPredicates.ts). */
  readonly rules: readonly PatternRules[];
  /** The injections query, where the entry has one (injections.ts). */
  readonly injections?: Query;
}

export class QueryError extends Error {
  override name = 'QueryError';
}

type WebTreeSitter = typeof import('web-tree-sitter');

interface Runtime {
  readonly treeSitter: WebTreeSitter;
  readonly parser: Parser;
}

let runtimeReady: Promise<Runtime> | undefined;
/** By file: a user's language root may give an existing name other files. */
const languages = new Map<string, Promise<Language>>();
const grammars = new Map<string, Promise<LoadedGrammar>>();

/**
 * What `--liftoff-only` means at start-up, for the WebAssembly compiled from now on: Liftoff, V8's
 * baseline compiler, alone. Set at run time, `--liftoff-only` itself is ignored by V8 13 (Node 24).
 */
const BASELINE_ONLY_FLAGS = ['--no-wasm-dynamic-tiering', '--no-wasm-tier-up'];

/**
 * web-tree-sitter, imported at the first parse: a server starts without loading it.
 *
 * The runtime's own module (parser, query engine) keeps V8's optimising tier: a parse and query take
 * a third less time. Every grammar loaded after it gets Liftoff alone: optimising a grammar's huge
 * lexer stalls the loading of the next grammar by seconds and holds ~100 MB more, and on Node 24
 * it aborts the process for the Swift grammar (V8's "Fatal process out of memory: Zone").
 * V8 decides whether a function may tier up when it compiles it, and compiles a function at its
 * first call unless told otherwise: so the runtime is compiled whole, before the flags change.
 * The flags are the process's: a worker that starts its runtime later is handed the module already
 * compiled (V8 shares it across threads).
 */
function runtime(): Promise<Runtime> {
  runtimeReady ??= (async () => {
    const treeSitter = await import('web-tree-sitter');
    setFlagsFromString('--no-wasm-lazy-compilation');
    // Node 24 does not wait for a WebAssembly compile that is not lazy: with nothing else to wait
    // for, a one-shot command would end before the runtime is ready, having printed nothing.
    const keepAlive = setInterval(() => {}, 60_000);
    try {
      await treeSitter.Parser.init();
    } finally {
      clearInterval(keepAlive);
      setFlagsFromString('--wasm-lazy-compilation');
    }
    for (const flag of BASELINE_ONLY_FLAGS) setFlagsFromString(flag);
    return { treeSitter, parser: new treeSitter.Parser() };
  })();
  return runtimeReady;
}

async function parser(): Promise<Parser> {
  return (await runtime()).parser;
}

/**
 * The last grammar load begun: each waits for the one before. web-tree-sitter cannot link two grammars
 * at once (the second fails with "bad export type for 'tree_sitter_<first>_external_scanner_create'"),
 * and a load that failed would leave its language to the keyword scanner for good.
 */
let previousLoad: Promise<unknown> = Promise.resolve();

function loadLanguage(wasm: string): Promise<Language> {
  let loaded = languages.get(wasm);
  if (loaded === undefined) {
    loaded = Promise.all([runtime(), previousLoad]).then(([{ treeSitter }]) => treeSitter.Language.load(readFileSync(wasm)));
    previousLoad = loaded.catch(() => {});
    languages.set(wasm, loaded);
  }
  return loaded;
}

/** The grammar and compiled outline query of an entry, loaded on first use and kept. */
export function loadGrammar(entry: GrammarEntry): Promise<LoadedGrammar> {
  const key = [entry.wasm, ...entry.outlineQueries, entry.injectionsQuery ?? ''].join('\0');
  let loaded = grammars.get(key);
  if (loaded === undefined) {
    loaded = Promise.all([runtime(), loadLanguage(entry.wasm)]).then(([{ treeSitter }, language]) => ({
      language,
      ...compileOutlineQuery(treeSitter, language, entry),
      ...(entry.injectionsQuery === undefined ? {} : { injections: compileInjectionsQuery(treeSitter, language, entry.injectionsQuery) }),
    }));
    grammars.set(key, loaded);
  }
  return loaded;
}

/** Compiles an outline query, refusing a capture name outside the convention and a predicate the engine does not know. */
function compileOutlineQuery({ Query }: WebTreeSitter, language: Language, entry: GrammarEntry): Omit<LoadedGrammar, 'language'> {
  const source = entry.outlineQueries.map((file) => querySource(file)).join('\n');
  const files = entry.outlineQueries.join(' + ');
  let query: Query;
  try {
    query = new Query(language, source);
  } catch (error) {
    throw new QueryError(`${files}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const rules = patternRules(query);
  const problems = [...query.captureNames.map(parseCaptureName), rules].filter((meaning): meaning is Error => meaning instanceof Error);
  if (problems.length > 0 || rules instanceof Error) {
    query.delete();
    throw new QueryError(`${files}: ${problems.map((p) => p.message).join('; ')}`);
  }
  return { outline: query, rules };
}

/** Compiles an injections query: its captures are `@injection.content`, `@injection.language` and `@_helper`s. */
function compileInjectionsQuery({ Query }: WebTreeSitter, language: Language, file: string): Query {
  let query: Query;
  try {
    query = new Query(language, querySource(file));
  } catch (error) {
    throw new QueryError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const problems = injectionProblems(query);
  if (problems.length > 0) {
    query.delete();
    throw new QueryError(`${file}: ${problems.join('; ')}`);
  }
  return query;
}

/** A file's declarations, and the parts of it its grammar's injections query finds; undefined when the parse or a query ran past its budget. */
export async function treeSitterDefinitions(entry: GrammarEntry, input: ParseInput): Promise<{ definitions: Definition[]; injections: Injection[] } | undefined> {
  const grammar = await loadGrammar(entry);
  const p = await parser();
  p.setLanguage(grammar.language);
  const parseDeadline = performance.now() + PARSE_BUDGET_MS;
  const { text, ranges } = parserInput(input);
  const tree = p.parse(textInChunks(text, ranges), null, { progressCallback: () => performance.now() > parseDeadline, includedRanges: ranges });
  if (tree === null) return undefined;
  try {
    const matches = runQuery(grammar, tree.rootNode, input.text);
    if (matches === undefined) return undefined;
    const injected = grammar.injections === undefined ? [] : matchesWithin(grammar.injections, tree.rootNode);
    if (injected === undefined) return undefined;
    const injections = injectionsOf(injected);
    return { definitions: nestItems(withRecoveredItems(tree.rootNode, input.text, itemsFromMatches(matches), leftOutOfRecovery(entry.definitionSites))), injections };
  } finally {
    tree.delete();
  }
}

/** A few lines of Lua, holding what its query's patterns capture. */
const WARM_UP_SOURCE = `local M = {}
function M.open(path, mode) return io.open(path, mode or "r") end
local function trim(s) return (s:gsub("^%s+", "")) end
M.options = { depth = 1, name = function() return "m" end }
describe("M", function() it("opens", function() end) end)
return M
`;

/**
 * Runs the engine once over a few lines of Lua, a small grammar (48 KB) whose query has fields,
 * anchors, alternations and predicates, so that V8 has compiled the runtime and optimised its query
 * compiler and parser before the first outline: tree-sitter's analysis of a query against its
 * grammar, the first in a process, runs in WebAssembly's baseline code until then (C++'s query took
 * 92 ms to compile first, 46-58 ms after this). A failure is left to the outline that meets it:
 * loads are kept, a failed one with them.
 */
export async function warmUp(entry: GrammarEntry): Promise<void> {
  try {
    await treeSitterDefinitions(entry, { text: WARM_UP_SOURCE, skipped: [] });
  } catch {
    // The same load, and so the same error, awaits the first outline of a Lua file.
  }
}

/**
 * At most this many of a text's skipped ranges are left out of its parse as ranges; the others, the
 * shortest, are read as spaces. The parser's lexer finds the range a token is in by a walk from the
 * first range, at nearly every token: left out range by range, a 1.2 MB Rust file of 15,000 one-line
 * functions parsed in 1.8 s, against 0.2 s with its 1,000 longest bodies left out and the rest blank.
 */
const MOST_LEFT_OUT_RANGES = 1000;

/** The text the parse reads, and the ranges of it it reads (undefined: all of it), with their points. */
function parserInput({ text, skipped }: ParseInput): { text: string; ranges: Range[] | undefined } {
  if (skipped.length <= MOST_LEFT_OUT_RANGES) return { text, ranges: includedRanges(text, skipped) };
  const byLength = skipped.map((_, i) => i).sort((a, b) => skipped[b]![1] - skipped[b]![0] - (skipped[a]![1] - skipped[a]![0]));
  const leftOut = new Set(byLength.slice(0, MOST_LEFT_OUT_RANGES));
  const blank = skipped.filter((_, i) => !leftOut.has(i));
  return { text: blanked(text, blank), ranges: includedRanges(text, skipped.filter((_, i) => leftOut.has(i))) };
}

/** Everything but the skipped ranges (undefined: the whole text), with their points. */
function includedRanges(text: string, skipped: readonly TextRange[]): Range[] | undefined {
  if (skipped.length === 0) return undefined;
  const points = new PointFinder(text);
  return without([0, text.length], skipped).map(([start, end]) => ({ startIndex: start, endIndex: end, startPosition: points.at(start), endPosition: points.at(end) }));
}

/** The most text web-tree-sitter takes from one read (its input buffer is 10 KB of UTF-16, less a terminator). */
const CHUNK_CODE_UNITS = 5119;

/**
 * The text as web-tree-sitter reads it, a chunk at a time: from the offset asked, up to the end of
 * the included range it is in (or the next one). Given the whole text as a string, it copies a full
 * chunk at every read, and it reads anew at the start of each included range: a C file's hundreds of
 * ranges between skipped bodies made it copy the file many times over (7-15% of the parse).
 */
function textInChunks(text: string, ranges: readonly Range[] | undefined): (index: number) => string {
  if (ranges === undefined) return (index) => text.slice(index, index + CHUNK_CODE_UNITS);
  return (index) => {
    let low = 0;
    let high = ranges.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (ranges[middle]!.endIndex <= index) low = middle + 1;
      else high = middle;
    }
    const end = low < ranges.length ? ranges[low]!.endIndex : text.length;
    return text.slice(index, Math.min(end, index + CHUNK_CODE_UNITS));
  };
}

/**
 * Rows and columns (UTF-16 code units, as web-tree-sitter counts them) of offsets, found by reading
 * on from the last offset asked. The reading goes on from one finder of a text to the next: the
 * parts of one file (a component's script blocks, a long YAML file's parts) are parsed one after
 * another, and each finding its lines from the file's start made them take the square of its length.
 * (What it keeps is the last text read: one file, on each thread.)
 */
class PointFinder {
  private static last: { text: string; row: number; rowStart: number } | undefined;

  private row = 0;
  private rowStart = 0;

  constructor(private readonly text: string) {
    const last = PointFinder.last;
    if (last !== undefined && last.text === text) ({ row: this.row, rowStart: this.rowStart } = last);
  }

  at(offset: number): Point {
    if (offset < this.rowStart) this.row = this.rowStart = 0;
    for (let newline = this.text.indexOf('\n', this.rowStart); newline >= 0 && newline < offset; newline = this.text.indexOf('\n', this.rowStart)) {
      this.row++;
      this.rowStart = newline + 1;
    }
    PointFinder.last = { text: this.text, row: this.row, rowStart: this.rowStart };
    return { row: this.row, column: offset - this.rowStart };
  }
}

/** A query's matches over a tree, or undefined when they ran past QUERY_BUDGET_MS. */
function matchesWithin(query: Query, root: Node): QueryMatch[] | undefined {
  const deadline = performance.now() + QUERY_BUDGET_MS;
  let overBudget = false;
  const found = query.matches(root, {
    progressCallback: () => {
      overBudget ||= performance.now() > deadline;
      return overBudget;
    },
  });
  return overBudget ? undefined : found;
}

function runQuery({ outline: query, language, rules }: LoadedGrammar, root: Node, text: string): Match[] | undefined {
  const found = matchesWithin(query, root);
  if (found === undefined) return undefined;
  const places = nodePlaces(root, placedCaptures(found, rules, hasAttributes(language)));
  // A declaration several patterns (or one pattern's alternatives) match is measured once.
  const rows = new Map<number, { row: number; endRow: number }>();
  const lastRows = new Map<number, number>();
  const rowsOf = (node: Node) => {
    let known = rows.get(node.id);
    if (known === undefined) rows.set(node.id, (known = declarationRows(node, places.get(node.id), text, lastRows)));
    return known;
  };
  const parentTypeOf = (node: Node) => places.get(node.id)?.parentType;
  return found.filter((match) => passesParentTests(match, rules, parentTypeOf)).map((match) => toMatch(match, rules, rowsOf, text));
}

/** The captured nodes whose place in the tree the outline asks: those of parent tests, and declarations where a grammar has attributes. */
function placedCaptures(matches: readonly QueryMatch[], rules: LoadedGrammar['rules'], attributes: boolean): Node[] {
  const placed: Node[] = [];
  for (const match of matches) {
    const tested = rules[match.patternIndex]?.parents ?? [];
    for (const { name, node } of match.captures) {
      if ((attributes && isDeclarationCapture(name)) || tested.some(({ capture }) => capture === name)) placed.push(node);
    }
  }
  return placed;
}

/** A match as the outline reads it: its entry captures only, `@_helper`s having served their predicates. */
function toMatch(match: QueryMatch, rules: LoadedGrammar['rules'], rowsOf: (declaration: Node) => { row: number; endRow: number }, text: string): Match {
  const captures: Capture[] = [];
  for (const { name, node } of match.captures) {
    if (name.startsWith('_')) continue;
    const at = { id: node.id, startIndex: node.startIndex, endIndex: node.endIndex };
    if (isDeclarationCapture(name)) {
      captures.push({ name, node: { ...at, ...rowsOf(node), text: '' } });
      continue;
    }
    const strip = name.endsWith('.name') ? stripOf(match, rules, name) : undefined;
    const named = strip === undefined ? { row: name.endsWith('.name') ? lastPartRow(node, text) : node.startPosition.row, text: node.text } : strippedName(node, strip, text);
    if (named !== undefined) captures.push({ name, node: { ...at, ...named, endRow: node.endPosition.row } });
  }
  return { patternIndex: match.patternIndex, captures };
}

/**
 * Of a name node's text, what stays once `#strip!`'s pattern is taken out, and the row of its first
 * character; undefined when nothing but white space stays. Only the node's first
 * STRIPPED_NAME_SOURCE characters are read: such names are written with markup (an HTML heading's
 * tags), which may hold the rest of a broken page, and nested ones would each read it again.
 */
function strippedName(node: Node, strip: RegExp, text: string): { row: number; text: string } | undefined {
  const source = text.slice(node.startIndex, Math.min(node.endIndex, node.startIndex + STRIPPED_NAME_SOURCE));
  const kept = source.replace(strip, (removed) => removed.replace(/[^\n]/g, ''));
  const first = kept.search(/\S/);
  if (first < 0) return undefined;
  let row = node.startPosition.row;
  for (let i = kept.indexOf('\n'); i >= 0 && i < first; i = kept.indexOf('\n', i + 1)) row++;
  return { row, text: kept };
}

/** How much of a name node's source `#strip!` reads (see strippedName). */
const STRIPPED_NAME_SOURCE = 2000;

/** `@function`, not `@function.name` (see captures.ts). */
function isDeclarationCapture(name: string): boolean {
  return !name.includes('.');
}

/**
 * The row of a name's last part, its `name` field within `name` fields: a C++ name written over
 * lines (`io_context::basic_executor_type<Allocator,⏎ Bits>::running_in_this_thread`) is on the line
 * of what it names, as ctags has it. A name of one part is on its own row.
 */
function lastPartRow(node: Node, text: string): number {
  let part = node;
  for (let inner = part.childForFieldName('name'); inner !== null; inner = part.childForFieldName('name')) part = inner;
  return firstCharacterRow(part, text);
}

/**
 * A node's first row; for a node that begins with white space, the row of its first character: a
 * node whose first child is empty starts where that child was put, which may be a line above
 * (tree-sitter-scss reads `> li {` in a block as an empty `&` before `>`, put after the `}` or `{`
 * that ends the line before).
 */
function firstCharacterRow(node: Node, text: string): number {
  let row = node.startPosition.row;
  for (let i = node.startIndex; i < node.endIndex && /\s/.test(text[i]!); i++) if (text[i] === '\n') row++;
  return row;
}

/**
 * The rows a declaration spans, one rule for every grammar (queries/README.md): from the first of
 * the attributes or decorators just before its node (comments between them skipped), to the last
 * token of the node that is not a comment.
 */
function declarationRows(node: Node, place: NodePlace | undefined, text: string, lastRows: Map<number, number>): { row: number; endRow: number } {
  return { row: place?.attributeRow ?? firstCharacterRow(node, text), endRow: lastCodeRow(node, text, lastRows) };
}

/**
 * The last row of the last token under `node` that is not a comment (a Python block holds the
 * comments after its last statement). A node whose own text runs past its last child (a YAML block
 * scalar's lines after its `|`, a TOML multi-line string's after its opening quotes; white space
 * does not count) is such a token.
 *
 * `known` holds the rows found for the nodes passed on the way down, by id: nested declarations
 * often end with the same token, and each is then walked to once, not once per declaration holding it.
 */
function lastCodeRow(node: Node, text: string, known: Map<number, number>): number {
  const cursor = node.walk();
  const passed: number[] = [];
  let row: number | undefined;
  try {
    while ((row = known.get(cursor.nodeId)) === undefined) {
      passed.push(cursor.nodeId);
      if (!toLastCodeChild(cursor, text)) {
        row = lastRow(cursor);
        break;
      }
    }
  } finally {
    cursor.delete();
  }
  for (const id of passed) known.set(id, row);
  return row;
}

/**
 * Moves the cursor to its node's last child that is not a comment, where that child holds the node's
 * last token; false, and the cursor where it was, where the node's last token is its own.
 */
function toLastCodeChild(cursor: TreeCursor, text: string): boolean {
  const end = cursor.endIndex;
  if (!cursor.gotoLastChild()) return false;
  let comments = false;
  while (COMMENT.test(cursor.nodeType)) {
    comments = true;
    if (!cursor.gotoPreviousSibling()) {
      cursor.gotoParent();
      return false;
    }
  }
  if (!comments && cursor.endIndex < end && /\S/.test(text.slice(cursor.endIndex, end))) {
    cursor.gotoParent();
    return false;
  }
  return true;
}

/** The last row of the cursor's node; a token that takes its line's newline (a heredoc's body) ends at the start of the next line. */
function lastRow(cursor: TreeCursor): number {
  const end = cursor.endPosition;
  return end.column === 0 && end.row > cursor.startPosition.row ? end.row - 1 : end.row;
}

/** The syntax tree of a text, one node a line with its field name and 1-based line: what queries are written against. */
export async function syntaxTree(entry: GrammarEntry, input: ParseInput): Promise<string> {
  // The grammar alone: the tree is what a query not yet written is written against.
  const language = await loadLanguage(entry.wasm);
  const p = await parser();
  p.setLanguage(language);
  const { text, ranges } = parserInput(input);
  const tree = p.parse(text, null, { includedRanges: ranges });
  if (tree === null) throw new Error('the parse was cancelled');
  try {
    const lines: string[] = [];
    const cursor = tree.walk();
    let depth = 0;
    for (;;) {
      const node = cursor.currentNode;
      const field = cursor.currentFieldName === null ? '' : `${cursor.currentFieldName}: `;
      const label = node.isNamed ? `(${node.type})` : JSON.stringify(node.type);
      const leaf = node.isNamed && node.childCount === 0 ? ` ${JSON.stringify(node.text)}` : '';
      lines.push(`${'  '.repeat(depth)}${field}${label}${leaf}  ${node.startPosition.row + 1}`);
      if (cursor.gotoFirstChild()) {
        depth++;
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) {
          cursor.delete();
          return lines.join('\n');
        }
        depth--;
      }
    }
  } finally {
    tree.delete();
  }
}
