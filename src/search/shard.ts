/**
 * One shard of a project's files and the search of it: the part of a project-wide search that one
 * thread does. A shard keeps the contents and definitions of its files between searches, per file
 * version; every file is checked against the disk at each search (see `searchable.ts`). A search
 * glances at the files it does not keep yet; `fillLater`, run by a worker once idle, keeps them.
 */
import { definitionSites, DefinitionsCache, type DefinitionSite } from '../definitions/definitionsCache.js';
import type { Languages } from '../definitions/languages.js';
import { pathFilter } from '../project/pathFilter.js';
import { FileContents, type SearchableFile } from '../project/searchable.js';
import type { WalkedFile } from '../project/walker.js';
import { shownLineAround, splitLines, stripByteOrderMark } from '../text/lines.js';
import { wholeWordLines } from '../text/wholeWord.js';
import { symbolTest, type SymbolMatch } from './symbolMatch.js';

/** A file of the walk, with its place in it: hits from several shards are merged in this order. */
export interface ShardFile extends WalkedFile {
  readonly order: number;
}

export type SearchQuery =
  | { readonly kind: 'references'; readonly name: string; readonly path?: string }
  | { readonly kind: 'symbols'; readonly name: string; readonly match: SymbolMatch };

export interface ReferenceHit {
  readonly order: number;
  readonly relative: string;
  readonly line: number;
  /** The line as shown: trimmed, and cut around the match when long. */
  readonly text: string;
}

export interface SymbolHit {
  readonly order: number;
  readonly relative: string;
  readonly definition: DefinitionSite;
  /** The whole line the definition's name is on. */
  readonly source: string;
}

export type Hit = ReferenceHit | SymbolHit;

export type HitOf<Q extends SearchQuery> = Q extends { kind: 'references' } ? ReferenceHit : SymbolHit;

/** Definitions a shard keeps at most, some 20 bytes each: more than a large monorepo has, and a bound on a huge one. */
const MAX_CACHED_DEFINITIONS = 1_000_000;
/** Small enough that a search waiting behind a step of `fill` barely notices it. */
const FILES_KEPT_AT_A_TIME = 32;

export class Shard {
  private files: readonly ShardFile[] = [];
  /** Where `fill` goes on from: every file before it has been read and kept. */
  private filled = 0;
  private filling = false;
  private readonly contents = new FileContents();
  private readonly definitions: DefinitionsCache;

  constructor(private readonly languages: Languages) {
    this.definitions = new DefinitionsCache(languages, MAX_CACHED_DEFINITIONS);
  }

  /** The shard's files from now on, in walk order; what is kept of other files is dropped. */
  setFiles(files: readonly ShardFile[]): void {
    this.files = files;
    this.filled = 0;
    const relatives = new Set(files.map((file) => file.relative));
    this.contents.keepOnly(relatives);
    this.definitions.keepOnly(relatives);
  }

  /** The first `limit` hits of the query in this shard, in walk order. */
  async search<Q extends SearchQuery>(query: Q, limit: number): Promise<HitOf<Q>[]> {
    const hits = query.kind === 'references' ? this.references(query.name, query.path, limit) : await this.symbols(query.name, query.match, limit);
    return hits as HitOf<Q>[];
  }

  /**
   * Keeps every file the searches glanced at, a few at a time, between whatever else the thread
   * does. The thread stays alive until it is done: a worker's does anyway; a one-shot command's
   * main thread should not call this.
   */
  fillLater(): void {
    if (this.filling) return;
    this.filling = true;
    const step = () => {
      if (this.fill(FILES_KEPT_AT_A_TIME)) setImmediate(step);
      else this.filling = false;
    };
    setImmediate(step);
  }

  /** Reads and keeps up to `count` files not kept yet; true while some remain. */
  private fill(count: number): boolean {
    for (let read = 0; this.filled < this.files.length && read < count; this.filled++) {
      const file = this.files[this.filled]!;
      if (this.contents.has(file.relative)) continue;
      this.contents.read(file);
      read++;
    }
    return this.filled < this.files.length;
  }

  private references(name: string, path: string | undefined, limit: number): ReferenceHit[] {
    const keep = pathFilter(path);
    const hits: ReferenceHit[] = [];
    for (const file of this.files) {
      if (!keep(file.relative)) continue;
      const searchable = this.contents.read(file, { glance: true });
      if (searchable === undefined) continue;
      for (const match of wholeWordLines(searchable.bytes, name)) {
        hits.push({ order: file.order, relative: file.relative, line: match.line, text: shownLineAround(match.text, match.column) });
        if (hits.length === limit) return hits;
      }
    }
    return hits;
  }

  /** Only files that may hold a match are parsed, one after another as the walk order reaches them. */
  private async symbols(name: string, match: SymbolMatch, limit: number): Promise<SymbolHit[]> {
    const test = symbolTest(name, match);
    const hits: SymbolHit[] = [];
    for (const file of this.files) {
      if (this.languages.of(file.relative) === undefined) continue;
      const glanced = this.contents.read(file, { glance: true });
      if (glanced === undefined || !test.mayHold(glanced.bytes)) continue;
      const searchable = this.contents.keep(glanced);
      const definitions = await this.definitions.of(searchable);
      if (definitions === undefined || !test.mayName(definitions.names)) continue;
      hits.push(...symbolHits(file, searchable, [...definitionSites(definitions)].filter(test.matches)));
      if (hits.length >= limit) return hits.slice(0, limit);
    }
    return hits;
  }
}

function symbolHits(file: ShardFile, searchable: SearchableFile, matching: readonly DefinitionSite[]): SymbolHit[] {
  if (matching.length === 0) return [];
  const lines = splitLines(stripByteOrderMark(searchable.bytes.toString('utf8')));
  return matching.map((definition) => ({ order: file.order, relative: file.relative, definition, source: lines[definition.line - 1] ?? '' }));
}
