/**
 * How many of a shard's files use each word, kept up to date as the files change: a file's words
 * (its `uses` record in the index, by content) are added for the version counted, and taken away
 * when another version of it is counted or it goes. Integers, so that counts kept up to date through
 * any edits equal counts made afresh; where the words of a version counted before can no longer be
 * had (the index dropped them, or the counts read back do not hold them), the caller counts every
 * file afresh.
 */
import type { IndexStore } from '../index/store.js';
import { WordCounts } from './wordCounts.js';

/** A file's words, made from its bytes where the index has none for its content. */
export type ReadWords = () => { readonly content: Buffer; readonly hashes: Uint32Array } | undefined;

export class CountedWords {
  private counts = new WordCounts();
  /** The content each file was counted at. */
  private readonly counted = new Map<string, Buffer>();
  /** Where the index keeps nothing (`--no-cache`): the words counted for each file, to take away when it changes. */
  private readonly held = new Map<string, Uint32Array>();
  /** Words made from bytes whose records are not written yet: by content key (latin1). */
  private unwritten = new Map<string, Uint32Array>();
  /** Moves on at each change of the counts. */
  changes = 0;

  constructor(private readonly store: Pick<IndexStore, 'persistent' | 'uses'>) {}

  /**
   * Counts the file at this content (taking away the version counted before): its words from the
   * index, or from `read` where it has none. False where the last version's words can no longer be had.
   */
  count(relative: string, content: Buffer, read: ReadWords): boolean {
    const was = this.counted.get(relative);
    if (was?.equals(content) === true) return true;
    if (was !== undefined && !this.uncount(relative)) return false;
    if (content.length === 0) return true; // Nothing to search: it uses no word.
    let counted = content;
    let hashes = this.wordsOf(content);
    if (hashes === undefined) {
      const made = read();
      if (made === undefined) return true; // Gone or no longer searchable: the next call sees it as it is.
      ({ content: counted, hashes } = made);
    }
    this.counts.add(hashes);
    this.changes++;
    this.counted.set(relative, counted);
    if (!this.store.persistent) this.held.set(relative, hashes);
    return true;
  }

  /** Takes away every file counted that is not among these; false as `count`. */
  keepOnly(present: ReadonlySet<string>): boolean {
    for (const relative of this.counted.keys()) if (!present.has(relative) && !this.uncount(relative)) return false;
    return true;
  }

  /** Forgets every count, to count afresh. */
  clear(): void {
    this.counts.clear();
    this.counted.clear();
    this.held.clear();
    this.changes++;
  }

  /** Takes counts read back (see `usageSnapshot.ts`) for these files at these contents, where nothing is counted yet. */
  adopt(counts: WordCounts, files: Iterable<readonly [string, Buffer]>): boolean {
    if (this.counted.size > 0) return false;
    this.counts = counts;
    for (const [relative, content] of files) this.counted.set(relative, content);
    this.changes++;
    return true;
  }

  /** How many of the files use each of the words. */
  users(words: Uint32Array): Uint32Array {
    return this.counts.countsOf(words);
  }

  /** The content a file was counted at. */
  contentOf(relative: string): Buffer | undefined {
    return this.counted.get(relative);
  }

  get table(): WordCounts {
    return this.counts;
  }

  /** Words made from a content's bytes, whose record for the index is not written yet. */
  made(content: Buffer, hashes: Uint32Array): void {
    this.unwritten.set(content.toString('latin1'), hashes);
  }

  /** The records of the words made are written: the index has them now. */
  written(): void {
    this.unwritten = new Map();
  }

  private uncount(relative: string): boolean {
    const hashes = this.store.persistent ? this.wordsOf(this.counted.get(relative)!) : this.held.get(relative);
    if (hashes === undefined || !this.counts.remove(hashes)) return false;
    this.changes++;
    this.counted.delete(relative);
    this.held.delete(relative);
    return true;
  }

  private wordsOf(content: Buffer): Uint32Array | undefined {
    return this.unwritten.get(content.toString('latin1')) ?? this.store.uses(content);
  }
}
