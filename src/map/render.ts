/**
 * A map within a budget: files in rank order, each followed by the definitions of it kept, nested as
 * in its outline and in line order, with the entries that hold them. As many definitions are kept as
 * fit, found by a binary search (aider's repo map fits its budget so), in the order of
 * `rankedDefinitions`. Files past the last one with a definition kept follow as bare paths while
 * there is room; a trailer says how many more there are.
 */
import type { Definition } from '../definitions/definition.js';
import { outlineLine } from '../definitions/definition.js';

/** A file of the map, in rank order, with its rank, its outline's definitions and the score of each. */
export interface MapFile {
  readonly relative: string;
  readonly rank: number;
  readonly definitions: readonly Definition[];
  readonly scores: readonly number[];
}

export interface MapLayout {
  /** Bytes the answer may take: the budget's tokens, at four bytes a token. */
  readonly bytes: number;
  /** Each entry with its last line (`12-40`), as `outline` shows it with ranges. */
  readonly ranges: boolean;
}

/** What a map shows: files in rank order with the entries kept of each, and how many files it leaves out. */
export interface FittedMap {
  readonly files: readonly { readonly relative: string; readonly definitions: readonly Definition[] }[];
  readonly rest: number;
}

export const BYTES_PER_TOKEN = 4;
/** The fewest bytes a definition's line takes: `  1 k n` and its newline, but the last line's. */
const MIN_LINE_BYTES = 7;

/**
 * The most of `files` (the first of `total` files in rank order: the rest would come after them)
 * whose text fits the layout's bytes; undefined where not even the first file's path fits.
 */
export function fitMap(files: readonly MapFile[], total: number, layout: MapLayout): FittedMap | undefined {
  // No more definitions than lines the bytes can hold: the search then looks at no more.
  const candidates = rankedDefinitions(files).slice(0, Math.floor(layout.bytes / MIN_LINE_BYTES));
  const fits = (map: Shown) => sizeOf(map, total, layout.ranges) <= layout.bytes;
  let low = 0;
  let high = candidates.length;
  // The largest number of definitions kept whose map fits (a map grows with each one kept).
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(withDefinitions(files, candidates.slice(0, middle)))) low = middle;
    else high = middle - 1;
  }
  const map = withDefinitions(files, candidates.slice(0, low));
  // Then the files after the last one shown, bare, while there is room.
  while (map.length < files.length && fits([...map, { file: files[map.length]!, shown: [] }])) map.push({ file: files[map.length]!, shown: [] });
  if (map.length === 0 || !fits(map)) return undefined;
  return { files: map.map(({ file, shown }) => ({ relative: file.relative, definitions: shown.map((d) => file.definitions[d]!) })), rest: total - map.length };
}

/** The map's text: each file's path, its entries under it, and the trailer where files were left out. */
export function mapText(map: FittedMap, ranges: boolean): string {
  const lines = map.files.flatMap((file) => [file.relative, ...file.definitions.map((d) => outlineLine(d, ranges, 1))]);
  if (map.rest > 0) lines.push(trailer(map.rest));
  return lines.join('\n');
}

function trailer(rest: number): string {
  return `… ${rest} more file${rest === 1 ? '' : 's'}; narrow it with path or raise budget`;
}

/** Files shown, in order, each with the indices of the definitions it shows. */
type Shown = { readonly file: MapFile; readonly shown: readonly number[] }[];

/** The bytes of the text of a map showing these, of `total` files. */
function sizeOf(map: Shown, total: number, ranges: boolean): number {
  const files = map.map(({ file, shown }) => ({ relative: file.relative, definitions: shown.map((d) => file.definitions[d]!) }));
  return Buffer.byteLength(mapText({ files, rest: total - map.length }, ranges), 'utf8');
}

interface Candidate {
  readonly file: number;
  readonly definition: number;
  readonly score: number;
}

/**
 * Every definition that scores, in the order they are kept: each file's best one by its file's rank
 * (at least its own score), every other by its own score. So the files shown with definitions are
 * always the first in rank order, each with its best, and the rest of the room goes to the
 * best-scored definitions among them. Ties in file and line order: a map is the same each time.
 */
function rankedDefinitions(files: readonly MapFile[]): Candidate[] {
  const candidates: Candidate[] = [];
  files.forEach((file, f) => {
    let best = -1;
    file.scores.forEach((score, d) => {
      if (score > 0 && (best < 0 || score > file.scores[best]!)) best = d;
    });
    file.scores.forEach((score, d) => score > 0 && candidates.push({ file: f, definition: d, score: d === best ? file.rank : score }));
  });
  return candidates.sort((a, b) => b.score - a.score || a.file - b.file || a.definition - b.definition);
}

/** The files up to the last one with a definition kept, each with those it keeps and the entries that hold them. */
function withDefinitions(files: readonly MapFile[], kept: readonly Candidate[]): Shown {
  const keptOf = new Map<number, Set<number>>();
  for (const { file, definition } of kept) {
    const set = keptOf.get(file) ?? new Set<number>();
    set.add(definition);
    keptOf.set(file, set);
  }
  const last = Math.max(-1, ...keptOf.keys());
  return files.slice(0, last + 1).map((file, f) => ({ file, shown: withHolders(file.definitions, keptOf.get(f) ?? new Set()) }));
}

/** The kept definitions' indices and those of the entries holding each, in line order. */
function withHolders(definitions: readonly Definition[], kept: ReadonlySet<number>): number[] {
  const shown = new Set<number>();
  for (const index of kept) {
    shown.add(index);
    // The holders: going back, each nearest entry one level up.
    let depth = definitions[index]!.depth;
    for (let at = index - 1; at >= 0 && depth > 0; at--) {
      if (definitions[at]!.depth < depth) {
        shown.add(at);
        depth = definitions[at]!.depth;
      }
    }
  }
  return [...shown].sort((a, b) => a - b);
}
