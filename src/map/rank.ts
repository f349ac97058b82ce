/**
 * The ranking behind a map: how much the project uses each file's definitions. A definition's name
 * scores the number of other files that use it as a whole word, times its weights (`weights.ts`);
 * a file ranks by the sum of its definitions' scores. This is a file's weighted in-degree in the
 * graph from each file to the definitions of the names it uses: PageRank's first step from an even
 * start. Focus multiplies what is near it: names the agent named or its files use, and the files
 * themselves.
 *
 * Made in two steps, so that no thread holds every shard's words: the words the project defines
 * (`definedWords`, from the shards' usage), then, once the shards have said how many of their
 * files use each of those, the ranking itself (`rankFiles`). Each defined word has a slot of one
 * table, which arrays beside it are indexed by: the kernel defines two million names.
 */
import { wordHash } from '../index/wordFilter.js';
import type { ShardUsage } from './shardUsage.js';
import { definersWeight, linkedWord, WEIGHTS } from './weights.js';
import { WordCounts } from './wordCounts.js';

/** What the map is to lean toward. */
export interface Focus {
  /** Hashes of names the agent named, and of every word its focused files use. */
  readonly words: ReadonlySet<number>;
  /** Whether the file at this place in the walk is one the agent named (or under a folder it named). */
  readonly file: (order: number) => boolean;
}

export const NO_FOCUS: Focus = { words: new Set(), file: () => false };

/** Every word the project's definitions are used by: how many files define each, by its slot, and its name's weight. */
export interface DefinedWords {
  readonly definers: WordCounts;
  readonly weights: Float32Array;
  /** Each defined word once, in the order the shards are asked how many files use them. */
  readonly words: Uint32Array;
  /** For each shard, the slot of each of its files' linked words, in the order of its `words`. */
  readonly slots: readonly Uint32Array[];
}

export interface Ranking {
  /** Each file's rank, by its place in the walk. */
  readonly fileRanks: Float64Array;
  /** What a definition of this name adds to its file's rank; 0 where no other file uses it. */
  readonly score: (name: string) => number;
  /** Every file's place in the walk, the highest ranked first (ties in walk order): sorted once, at the first ask. */
  readonly ranked: () => Uint32Array;
}

export function definedWords(shards: readonly ShardUsage[]): DefinedWords {
  // Room for every word told, so that no slot moves while the weights are laid beside them.
  const definers = new WordCounts(shards.reduce((sum, shard) => sum + shard.words.length, 0));
  const weights = new Float32Array(definers.capacity);
  const slots = shards.map((shard) => {
    const of = new Uint32Array(shard.words.length);
    for (let at = 0; at < of.length; at++) {
      of[at] = definers.increment(shard.words[at]!);
      weights[of[at]!] = shard.weights[at]!;
    }
    return of;
  });
  return { definers, weights, words: definers.entries().hashes, slots };
}

/**
 * The files ranked, given each shard's count of its files using each defined word (in the order of
 * `defined.words`), leaning toward the focus.
 */
export function rankFiles(shards: readonly ShardUsage[], fileCount: number, defined: DefinedWords, users: readonly Uint32Array[], focus: Focus = NO_FOCUS): Ranking {
  const { definers, weights, words, slots } = defined;
  const scores = new Float32Array(definers.capacity);
  for (let i = 0; i < words.length; i++) {
    const slot = definers.find(words[i]!);
    const defining = definers.get(words[i]!);
    const used = users.reduce((sum, counts) => sum + counts[i]!, 0);
    // Each file defining a name holds it once at least: those are not its users.
    const otherUsers = Math.max(0, used - defining);
    scores[slot] = weights[slot]! * definersWeight(defining) * otherUsers * (focus.words.has(words[i]!) ? WEIGHTS.focus : 1);
  }
  const fileRanks = new Float64Array(fileCount);
  shards.forEach((shard, s) => {
    const slotOf = slots[s]!;
    for (let i = 0; i < shard.files.length; i++) {
      let rank = 0;
      for (let at = shard.wordStarts[i]!; at < shard.wordStarts[i + 1]!; at++) rank += scores[slotOf[at]!]!;
      const order = shard.files[i]!;
      fileRanks[order] = rank * (focus.file(order) ? WEIGHTS.focus : 1);
    }
  });
  let ranked: Uint32Array | undefined;
  return {
    fileRanks,
    ranked: () => (ranked ??= Uint32Array.from(fileRanks.keys()).sort((a, b) => fileRanks[b]! - fileRanks[a]! || a - b)),
    score: (name) => {
      const word = linkedWord(name);
      const slot = word === undefined ? -1 : definers.find(wordHash(word));
      return slot < 0 ? 0 : scores[slot]!;
    },
  };
}
