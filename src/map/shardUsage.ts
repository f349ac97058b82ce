/**
 * What a shard tells the map of its files: for each, the words its definitions are used by, each with
 * its name's weight (how many of its files use each word it tells when asked, for the words the
 * whole project defines: `Shard.users`). Typed arrays, sent from a worker as they are.
 */
import { wordHash } from '../index/wordFilter.js';
import { linkedWord, nameWeight } from './weights.js';

export interface ShardUsage {
  /** Each file's place in the walk. */
  readonly files: Uint32Array;
  /** File i's linked words are `words[wordStarts[i]]` up to `words[wordStarts[i + 1]]`. */
  readonly wordStarts: Uint32Array;
  /** The hash of each word a file's definitions are used by (once a file). */
  readonly words: Uint32Array;
  /** Each of those words' weight by its name (see `nameWeight`). */
  readonly weights: Float32Array;
}

/** A shard's answer: the generation of its usage, and the usage itself unless the asker holds that generation. */
export interface ShardUsageAnswer {
  readonly generation: number;
  readonly usage?: ShardUsage;
}

/** A file's linked words, as `ShardUsage` holds them. */
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
  private readonly wordStarts: number[] = [0];
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
    this.wordStarts.push(this.size);
  }

  build(): ShardUsage {
    return {
      files: Uint32Array.from(this.files),
      wordStarts: Uint32Array.from(this.wordStarts),
      words: this.words.slice(0, this.size),
      weights: this.weights.slice(0, this.size),
    };
  }
}

function copyInto<T extends Uint32Array | Float32Array>(target: T, source: T): T {
  target.set(source);
  return target;
}
