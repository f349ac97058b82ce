/**
 * `find_symbol {name}`: where a name is defined — the outline entries of every searched file whose
 * language is known. Exact, case-sensitive matches first; without any, the entries whose name
 * contains the text, ignoring case.
 */
import type { Definition } from '../definitions/definition.js';
import { definitionsOfFile } from '../definitions/engine.js';
import type { Project } from '../project/project.js';
import { wholeWordLines } from './findReferences.js';
import { searchableFiles } from '../project/searchable.js';
import { shownLine, splitLines, stripByteOrderMark } from '../text/lines.js';

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
  const containing = await collect(
    project,
    (bytes) => bytes.toString('utf8').toLowerCase().includes(lower),
    (d) => d.name.toLowerCase().includes(lower),
  );
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

function hasWholeWord(bytes: Buffer, word: string): boolean {
  return !wholeWordLines(bytes, word).next().done;
}

/**
 * The definitions passing `test`, in path and line order, at most one past the cap. `mayHold` skips,
 * before any parse, the files whose text cannot hold a match.
 */
async function collect(project: Project, mayHold: (bytes: Buffer) => boolean, test: NameTest): Promise<SymbolHit[]> {
  const hits: SymbolHit[] = [];
  for (const file of searchableFiles(project, (relative) => project.languages.of(relative) !== undefined)) {
    if (!mayHold(file.bytes)) continue;
    const matching = ((await definitionsOfFile(project.languages, file)) ?? []).filter(test);
    if (matching.length === 0) continue;
    const lines = splitLines(stripByteOrderMark(file.bytes.toString('utf8')));
    for (const definition of matching) {
      hits.push({ path: file.relative, definition, source: lines[definition.line - 1] ?? '' });
      if (hits.length > MAX_SYMBOL_RESULTS) return hits;
    }
  }
  return hits;
}

function render(hits: readonly SymbolHit[]): string {
  const shown = hits
    .slice(0, MAX_SYMBOL_RESULTS)
    .map((hit) => `${hit.path}:${hit.definition.line} ${hit.definition.kind} — ${shownLine(hit.source)}`);
  if (hits.length > MAX_SYMBOL_RESULTS) shown.push('… more');
  return shown.join('\n');
}
