/**
 * Declarations tree-sitter could not place. Where a file does not parse (an unclosed tag or bracket,
 * a half-typed line), tree-sitter wraps what it could not read in ERROR nodes, and the declarations
 * in there would vanish from the outline. The keyword scanner reads those regions instead: its
 * entries join the query's, each reaching, like an indented block, to the next entry at its depth
 * or to its block's last line, whichever comes first.
 * A declaration whose node swallowed the error (an unclosed call runs to the end of the file) ends,
 * likewise, where the next recovered entry at its depth begins. Any other whose node or block holds
 * an error takes, for its last line, the end of the block its first line opens, where that is
 * later, or earlier but closed by a `}` or `end` at its indentation; and where its node is its head
 * alone and its body the error right after it, it holds what that block holds.
 */
import type { Item } from './captures.js';
import type { Definition } from './definition.js';
import { indentedBlockEnd, keywordDefinitions } from './keywordScanner.js';
import { firstIndexWhere, lastIndexAtMost, splitLines } from '../text/lines.js';

/** The parts of a syntax node the search for ERROR regions needs. */
export interface SyntaxNode {
  readonly type: string;
  readonly hasError: boolean;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly children: readonly (SyntaxNode | null)[];
}

interface Region {
  readonly start: number;
  readonly end: number;
}

/** The outermost ERROR nodes, found by descending only into subtrees that hold an error. */
function errorRegions(root: SyntaxNode): Region[] {
  const regions: Region[] = [];
  const pending: SyntaxNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.type === 'ERROR') regions.push({ start: node.startIndex, end: node.endIndex });
    else if (node.hasError) for (const child of node.children) if (child !== null) pending.push(child);
  }
  // By start, then end: an empty region at the start of another comes before it (see RegionFinder).
  return regions.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Offset of the first non-blank character of each line (lines end at `\n`). */
function lineStarts(text: string): number[] {
  const starts: number[] = [];
  for (let offset = 0; offset <= text.length; ) {
    const newline = text.indexOf('\n', offset);
    const end = newline < 0 ? text.length : newline;
    let first = offset;
    while (first < end && (text[first] === ' ' || text[first] === '\t')) first++;
    starts.push(first);
    if (newline < 0) break;
    offset = newline + 1;
  }
  return starts;
}

/** For each entry, the index of the next entry at its depth or shallower: where its block ends. */
function blockEnds(entries: readonly Definition[]): (number | undefined)[] {
  const ends: (number | undefined)[] = entries.map(() => undefined);
  const open: number[] = [];
  entries.forEach((entry, index) => {
    while (open.length > 0 && entries[open[open.length - 1]!]!.depth >= entry.depth) ends[open.pop()!] = index;
    open.push(index);
  });
  return ends;
}

const key = (entry: { line: number; name: string }) => `${entry.line} ${entry.name}`;

/**
 * The query's items, cut short where a recovered entry at their depth begins, and the keyword
 * scanner's items inside the tree's ERROR regions on lines where the query's items have none, but
 * on lines the language's `leftOut` says define nothing (C's `struct task_struct;`).
 */
export function withRecoveredItems(root: SyntaxNode, text: string, known: readonly Item[], leftOut?: (line: string) => boolean): Item[] {
  if (!root.hasError) return [...known];
  const regions = errorRegions(root);
  if (regions.length === 0) return [...known];
  const starts = lineStarts(text);
  const scanned = keywordDefinitions(text);
  const startOf = (index: number) => starts[scanned[index]!.line - 1]!;
  const within = new RegionFinder(regions);
  const regionOf = (index: number) => within.holding(startOf(index));
  const ends = blockEnds(scanned);
  const scannedIndex = new Map(scanned.map((entry, index) => [key(entry), index]));
  // A line the query has an entry on keeps that entry alone: the scanner's reading of it is the
  // poorer one (`Expand` for PowerShell's `Expand-GitCommand`, `update` for Julia's `update!`).
  const knownLines = new Set(known.map((item) => item.line));

  let lines: string[] | undefined;
  const trimmed = known.map((item) => {
    const index = scannedIndex.get(key(item));
    const next = index === undefined ? undefined : ends[index];
    const cut = next === undefined || regionOf(next) === undefined ? undefined : startOf(next);
    if (cut !== undefined && cut > item.start && cut < item.end) {
      return { ...item, end: cut, endLine: Math.max(item.line, Math.min(item.endLine, lastTextLineBefore(starts, text, scanned[next!]!.line))) };
    }
    // Where an error stands in a declaration's node or its block, the block its first line opens
    // says where it ends (its last line does, not its range): later, where tree-sitter could not
    // attach a body; earlier, where a closing line (`}`, `end`) at its indentation comes before
    // its node's end (a member swallowed). A preprocessor line or label at the margin of a C
    // function ends no block that way.
    const region = within.firstEndingAfter(item.start);
    if (region === undefined) return item;
    const block = indentedBlockEnd((lines ??= splitLines(text)), item.startLine);
    if (lineOfOffset(starts, region.start) > Math.max(block.line, item.endLine)) return item;
    const endLine = block.line > item.endLine || block.closed ? Math.max(item.line, block.line) : item.endLine;
    if (endLine === item.endLine) return item;
    // A node that is its head alone, its body the error right after it (Scala's `object X {` whose
    // members did not parse): the block holds what was found in it, as the body would have.
    const bodyIsTheError = endLine > item.endLine && region.start >= item.end && /^\s*$/.test(text.slice(item.end, region.start));
    return bodyIsTheError ? { ...item, endLine, end: Math.max(region.start, lineEnd(text, starts, endLine)) } : { ...item, endLine };
  });
  const inFunctionBody = functionBodyLines(trimmed);
  const recovered = scanned.flatMap((entry, index): Item[] => {
    const region = regionOf(index);
    if (region === undefined || knownLines.has(entry.line) || leftOut?.(lineText(text, starts, entry.line)) === true) return [];
    // The scanner lists a constant only outside the functions it sees: nor inside those the query found.
    if (entry.kind === 'const' && inFunctionBody[entry.line] === 1) return [];
    const next = ends[index];
    // No further than the block its line opens: the next entry at its depth may be far below, past what the scanner left out (locals).
    const end = Math.min(region.end, lineEnd(text, starts, entry.endLine), next === undefined ? region.end : startOf(next));
    const endLine = Math.max(entry.line, Math.min(entry.endLine, lineOfOffset(starts, end - 1)));
    return [{ kind: entry.kind, start: startOf(index), end, line: entry.line, startLine: entry.line, endLine, name: entry.name }];
  });
  return [...trimmed, ...recovered];
}

/**
 * By 1-based line, 1 where the line is in the body of a function, method or test (past the line of
 * its name). Counted as bodies open and close, not filled body by body: nested ones would cost the
 * square of their depth.
 */
function functionBodyLines(items: readonly Item[]): Uint8Array {
  const lines = items.reduce((last, item) => Math.max(last, item.endLine), 0) + 2;
  const opened = new Int32Array(lines);
  for (const item of items) {
    if (!FUNCTION_KINDS.has(item.kind) || item.endLine <= item.line) continue;
    opened[item.line + 1]!++;
    opened[item.endLine + 1]!--;
  }
  const inBody = new Uint8Array(lines);
  for (let line = 1, open = 0; line < lines; line++) {
    open += opened[line]!;
    inBody[line] = open > 0 ? 1 : 0;
  }
  return inBody;
}

const FUNCTION_KINDS: ReadonlySet<string> = new Set(['function', 'method', 'test']);

/**
 * Look-ups among the ERROR regions, which are apart and in order: by halves, as a file can have
 * thousands of them and of entries to place.
 */
class RegionFinder {
  private readonly starts: number[];

  constructor(private readonly regions: readonly Region[]) {
    this.starts = regions.map((region) => region.start);
  }

  /** The region that holds `offset`, if one does. */
  holding(offset: number): Region | undefined {
    const region = this.regions[lastIndexAtMost(this.starts, offset)];
    return region !== undefined && region.start <= offset && offset < region.end ? region : undefined;
  }

  /** The first region that ends after `offset`. */
  firstEndingAfter(offset: number): Region | undefined {
    return this.regions[firstIndexWhere(this.regions.length, (i) => this.regions[i]!.end > offset)];
  }
}

/** The 1-based line holding `offset`, from each line's first non-blank offset (see `lineStarts`). */
function lineOfOffset(starts: readonly number[], offset: number): number {
  // The last line whose first non-blank character is at or before the offset: blank lines and
  // indentation belong to the line they are on, but no entry's range starts or ends in them.
  return lastIndexAtMost(starts, offset) + 1;
}

/** The offset of the end of a line (1-based): of its `\n`, or of the text. */
function lineEnd(text: string, starts: readonly number[], line: number): number {
  const newline = text.indexOf('\n', starts[line - 1]!);
  return newline < 0 ? text.length : newline;
}

/** A line's text (1-based), from its first non-blank character. */
function lineText(text: string, starts: readonly number[], line: number): string {
  return text.slice(starts[line - 1]!, lineEnd(text, starts, line));
}

/** The last line before `line` (1-based) holding more than white space; `line - 1` when there is none. */
function lastTextLineBefore(starts: readonly number[], text: string, line: number): number {
  for (let before = line - 1; before >= 1; before--) {
    const first = text[starts[before - 1]!];
    if (first !== undefined && first !== '\n' && first !== '\r') return before;
  }
  return line - 1;
}
