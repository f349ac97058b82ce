/**
 * What a shard tells the map of its files: the words its files' definitions are used by, each once
 * in one sorted list with how many of its files define it and its name's weight, and for each file
 * the places in that list of its own. Sorted, so that the main thread merges the shards' lists rather
 * than holding every word told in a table. Typed arrays, sent from a worker as they are.
 */
import { wordHash } from '../index/wordFilter.js';
import { linkedWord, nameWeight } from './weights.js';
import { WordCounts } from './wordCounts.js';

export interface ShardUsage {
  /** Each file's place in the walk. */
  readonly files: Uint32Array;
  /** File i's linked words are `defined[links[j]]` for j from `linkStarts[i]` up to `linkStarts[i + 1]`. */
  readonly linkStarts: Uint32Array;
  readonly links: Uint32Array;
  /** The hash of each word the shard's definitions are used by, once, ascending. */
  readonly defined: Uint32Array;
  /** For each of those, how many of the shard's files define it. */
  readonly definers: Uint32Array;
  /** For each of those, its name's weight (see `nameWeight`; the largest, where names share a hash). */
  readonly weights: Float32Array;
}

/**
 * A shard's answer: the generation of its usage, and the usage itself unless the asker holds that
 * generation, or was told by the digest it expected that it holds a ranking made of it.
 */
export interface ShardUsageAnswer {
  readonly generation: number;
  readonly usage?: ShardUsage;
  /** The digest of the files the usage is made of (see `usageDigest.ts`); absent where it cannot be told. */
  readonly digest?: Uint8Array;
}

/** A file's linked words, each once. */
export interface LinkedWords {
  readonly hashes: Uint32Array;
  readonly weights: Float32Array;
}

const NONE: LinkedWords = { hashes: new Uint32Array(0), weights: new Float32Array(0) };

/** The linked words of a file that defines these names (each followed by a NUL, as a snapshot entry holds them). */
export function linkedWordsOf(names: Buffer | undefined): LinkedWords {
  if (names === undefined || names.length === 0) return NONE;
  const seen = new Map<number, number>();
  for (const name of names.toString('utf8').split('\0')) {
    const word = linkedWord(name);
    if (word !== undefined) seen.set(wordHash(word), nameWeight(word));
  }
  return { hashes: Uint32Array.from(seen.keys()), weights: Float32Array.from(seen.values()) };
}

/** Collects files' linked words into a `ShardUsage`. */
export class UsageBuilder {
  private readonly files: number[] = [];
  private readonly linkStarts: number[] = [0];
  private words = new Uint32Array(1024);
  private weights = new Float32Array(1024);
  private size = 0;

  add(order: number, linked: LinkedWords): void {
    if (this.size + linked.hashes.length > this.words.length) {
      const grown = Math.max(this.words.length * 2, this.size + linked.hashes.length);
      this.words = copyInto(new Uint32Array(grown), this.words);
      this.weights = copyInto(new Float32Array(grown), this.weights);
    }
    this.words.set(linked.hashes, this.size);
    this.weights.set(linked.weights, this.size);
    this.size += linked.hashes.length;
    this.files.push(order);
    this.linkStarts.push(this.size);
  }

  build(): ShardUsage {
    // Each word told once more is one more file defining it (a file's linked words are distinct).
    // Room for every word told: no slot moves while `slotOfTold` holds them.
    const told = new WordCounts(this.size);
    const slotOfTold = new Uint32Array(this.size);
    for (let at = 0; at < this.size; at++) slotOfTold[at] = told.increment(this.words[at]!);
    const defined = told.entries().hashes.sort();
    const definers = new Uint32Array(defined.length);
    const placeOfSlot = new Uint32Array(told.capacity);
    for (let place = 0; place < defined.length; place++) {
      const slot = told.find(defined[place]!);
      placeOfSlot[slot] = place;
      definers[place] = told.countAt(slot);
    }
    const links = new Uint32Array(this.size);
    const weights = new Float32Array(defined.length);
    for (let at = 0; at < this.size; at++) {
      const place = placeOfSlot[slotOfTold[at]!]!;
      links[at] = place;
      weights[place] = Math.max(weights[place]!, this.weights[at]!);
    }
    return { files: Uint32Array.from(this.files), linkStarts: Uint32Array.from(this.linkStarts), links, defined, definers, weights };
  }
}

/** The values of two ascending lists of distinct values, each once, ascending. */
export function mergedDistinct(first: Uint32Array, second: Uint32Array): Uint32Array {
  const merged = new Uint32Array(first.length + second.length);
  let i = 0;
  let j = 0;
  let size = 0;
  while (i < first.length || j < second.length) {
    const a = i < first.length ? first[i]! : Infinity;
    const b = j < second.length ? second[j]! : Infinity;
    merged[size++] = a <= b ? a : b;
    if (a <= b) i++;
    if (b <= a) j++;
  }
  return merged.slice(0, size);
}

/** The place of the value in `sorted`, or -1 where it is not there. */
export function placeOf(sorted: Uint32Array, value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = sorted[middle]!;
    if (at === value) return middle;
    if (at < value) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

function copyInto<T extends Uint32Array | Float32Array>(target: T, source: T): T {
  target.set(source);
  return target;
}
