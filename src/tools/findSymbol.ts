/**
 * `find_symbol {name}`: where a name is defined — the outline entries of every searched file whose
 * language is known. Exact, case-sensitive matches first; without any, the entries whose name
 * contains the text, ignoring case.
 */
import type { Definition } from '../definitions/definition.js';
import type { Project } from '../project/project.js';
import { searchableFiles, type SearchableFile } from '../project/searchable.js';
import { shownLine, splitLines, stripByteOrderMark } from '../text/lines.js';
import { wholeWordLines } from '../text/wholeWord.js';

export const MAX_SYMBOL_RESULTS = 40;

interface SymbolHit {
  readonly path: string;
  readonly definition: Definition;
  readonly source: string;
}

type NameTest = (definition: Definition) => boolean;

export async function findSymbol(project: Project, args: { name: string }): Promise<string> {
  // A definition's name (or its last segment) stands in its file as a whole word.
  const word = lastSegment(args.name);
  const exact = await collect(project, (bytes) => hasWholeWord(bytes, word), (d) => isExactMatch(d, args.name));
  if (exact.length > 0) return render(exact);
  const lower = args.name.toLowerCase();
  const containing = await collect(project, mayContainIgnoringCase(lower), (d) => d.name.toLowerCase().includes(lower));
  if (containing.length === 0) return `No symbol matches ${args.name}.`;
  return ['No exact match; names containing it:', render(containing)].join('\n');
}

/** A name matches itself, and a qualified name (`Type.Method`, `Foo::bar`) also matches its last segment. */
function isExactMatch(definition: Definition, name: string): boolean {
  if (definition.name === name) return true;
  return definition.kind !== 'heading' && lastSegment(definition.name) === name;
}

function lastSegment(name: string): string {
  const segments = name.split(/\.|::/);
  return segments[segments.length - 1] || name;
}

/**
 * Whether a file's bytes may contain the text in any case. An ASCII text is looked for byte by byte
 * (both cases of its first letter, then the rest compared case-blind), so that no file is decoded.
 */
function mayContainIgnoringCase(lower: string): (bytes: Buffer) => boolean {
  if (!/^[\x00-\x7f]*$/.test(lower)) return (bytes) => bytes.toString('utf8').toLowerCase().includes(lower);
  const needle = Buffer.from(lower, 'latin1');
  const firsts = [...new Set([lower[0]!, lower[0]!.toUpperCase()])].map((c) => c.charCodeAt(0));
  const matchesAt = (bytes: Buffer, at: number) => {
    for (let i = 1; i < needle.length; i++) if ((bytes[at + i]! | 0x20) !== needle[i] && bytes[at + i] !== needle[i]) return false;
    return at + needle.length <= bytes.length;
  };
  return (bytes) =>
    firsts.some((first) => {
      for (let at = bytes.indexOf(first); at >= 0; at = bytes.indexOf(first, at + 1)) if (matchesAt(bytes, at)) return true;
      return false;
    });
}

function hasWholeWord(bytes: Buffer, word: string): boolean {
  return !wholeWordLines(bytes, word).next().done;
}

/** How many files are handed to the definition workers at once. */
const FILES_IN_FLIGHT = 8;

/**
 * The definitions passing `test`, in path and line order, at most one past the cap. `mayHold` skips,
 * before any parse, the files whose text cannot hold a match; the others are parsed a few at a time
 * (so that the workers stay busy), and their hits taken in path order.
 */
async function collect(project: Project, mayHold: (bytes: Buffer) => boolean, test: NameTest): Promise<SymbolHit[]> {
  const candidates = [...searchableFiles(project, (relative) => project.languages.of(relative) !== undefined)].filter((file) => mayHold(file.bytes));
  const hits: SymbolHit[] = [];
  for (let start = 0; start < candidates.length && hits.length <= MAX_SYMBOL_RESULTS; start += FILES_IN_FLIGHT) {
    const batch = candidates.slice(start, start + FILES_IN_FLIGHT);
    const definitions = await Promise.all(batch.map((file) => project.definitions.of(file)));
    batch.forEach((file, i) => hits.push(...hitsIn(file, (definitions[i] ?? []).filter(test))));
  }
  return hits.slice(0, MAX_SYMBOL_RESULTS + 1);
}

function hitsIn(file: SearchableFile, matching: readonly Definition[]): SymbolHit[] {
  if (matching.length === 0) return [];
  const lines = splitLines(stripByteOrderMark(file.bytes.toString('utf8')));
  return matching.map((definition) => ({ path: file.relative, definition, source: lines[definition.line - 1] ?? '' }));
}

function render(hits: readonly SymbolHit[]): string {
  const shown = hits
    .slice(0, MAX_SYMBOL_RESULTS)
    .map((hit) => `${hit.path}:${hit.definition.line} ${hit.definition.kind} — ${shownLine(hit.source)}`);
  if (hits.length > MAX_SYMBOL_RESULTS) shown.push('… more');
  return shown.join('\n');
}
