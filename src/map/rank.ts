/**
 * The ranking behind a map: how much the project uses each file's definitions. A definition's name
 * scores the number of other files that use it as a whole word, times its weights and its file's
 * (`weights.ts`); a file ranks by the sum of its definitions' scores. This is a file's weighted
 * in-degree in the graph from each file to the definitions of the names it uses: PageRank's first
 * step from an even start. Focus multiplies what is near it: names the agent named or its files
 * use, and the files themselves.
 *
 * Made in two steps, so that no thread holds every shard's words: the words the project defines
 * (`definedWords`, merged from the shards' sorted lists), then, once the shards have said how many
 * of their files use each of those, the ranking itself (`rankFiles`). Arrays beside the merged list
 * are indexed by a word's place in it: the kernel defines two million names.
 */
import type { Definition } from '../definitions/definition.js';
import { wordHash } from '../index/wordFilter.js';
import { mergedDistinct, placeOf, type ShardUsage } from './shardUsage.js';
import { definersWeight, linkedWord, PROSE_KINDS, WEIGHTS } from './weights.js';

/** What the map is to lean toward. */
export interface Focus {
  /** Hashes of names the agent named, and of every word its focused files use. */
  readonly words: ReadonlySet<number>;
  /** Whether the file at this place in the walk is one the agent named (or under a folder it named). */
  readonly file: (order: number) => boolean;
}

export const NO_FOCUS: Focus = { words: new Set(), file: () => false };

/** Every word the project's definitions are used by, once, ascending: how many files define each, and its name's weight. */
export interface DefinedWords {
  readonly words: Uint32Array;
  readonly definers: Uint32Array;
  readonly weights: Float32Array;
  /** For each shard, the place in `words` of each word of its own list (`ShardUsage.defined`). */
  readonly places: readonly Uint32Array[];
}

/** What a ranking is made of, as the ranking snapshot keeps it (see `rankingSnapshot.ts`). */
export interface RankingData {
  /** Each file's rank, by its place in the walk. */
  readonly fileRanks: Float64Array;
  /** The words whose definitions score (some other file uses them), ascending, with their scores. */
  readonly words: Uint32Array;
  readonly scores: Float32Array;
}

export interface Ranking {
  /** Each file's rank, by its place in the walk. */
  readonly fileRanks: Float64Array;
  /**
   * What each of the definitions of the file at this place in the walk adds to its rank (0 where no
   * other file uses its name, and for prose), kept for the same outline while the ranking is.
   */
  readonly scoresOf: (definitions: readonly Definition[], order: number) => readonly number[];
  /** Every file's place in the walk, the highest ranked first (ties in walk order): sorted once, at the first ask. */
  readonly ranked: () => Uint32Array;
  readonly data: RankingData;
}

export function definedWords(shards: readonly ShardUsage[]): DefinedWords {
  const words = shards.map((shard) => shard.defined).reduce(mergedDistinct, new Uint32Array(0));
  const definers = new Uint32Array(words.length);
  const weights = new Float32Array(words.length);
  const places = shards.map((shard) => {
    const of = placesInMerged(words, shard.defined);
    for (let at = 0; at < of.length; at++) {
      definers[of[at]!]! += shard.definers[at]!;
      weights[of[at]!] = Math.max(weights[of[at]!]!, shard.weights[at]!);
    }
    return of;
  });
  return { words, definers, weights, places };
}

/**
 * The files ranked, given each shard's count of its files using each defined word (in the order of
 * `defined.words`) and each file's weight by its place in the walk, leaning toward the focus.
 */
export function rankFiles(shards: readonly ShardUsage[], fileWeights: Float32Array, defined: DefinedWords, users: readonly Uint32Array[], focus: Focus = NO_FOCUS): Ranking {
  const { words, definers, weights, places } = defined;
  const scores = new Float32Array(words.length);
  for (let i = 0; i < words.length; i++) {
    let used = 0;
    for (const counts of users) used += counts[i]!;
    // Each file defining a name holds it once at least: those are not its users.
    const otherUsers = Math.max(0, used - definers[i]!);
    scores[i] = weights[i]! * definersWeight(definers[i]!) * otherUsers * (focus.words.has(words[i]!) ? WEIGHTS.focus : 1);
  }
  const fileRanks = new Float64Array(fileWeights.length);
  shards.forEach((shard, s) => {
    const placeOfLink = places[s]!;
    for (let i = 0; i < shard.files.length; i++) {
      let rank = 0;
      for (let at = shard.linkStarts[i]!; at < shard.linkStarts[i + 1]!; at++) rank += scores[placeOfLink[shard.links[at]!]!]!;
      const order = shard.files[i]!;
      fileRanks[order] = rank * fileWeights[order]! * (focus.file(order) ? WEIGHTS.focus : 1);
    }
  });
  return rankingOf({ fileRanks, ...scoring(words, scores) }, fileWeights);
}

/** The ranking these ranks and scores make, with each file's weight by its place in the walk. */
export function rankingOf(data: RankingData, fileWeights: Float32Array): Ranking {
  const { fileRanks, words, scores } = data;
  let ranked: Uint32Array | undefined;
  const score = (definition: Definition) => {
    const word = PROSE_KINDS.has(definition.kind) ? undefined : linkedWord(definition.name);
    const place = word === undefined ? -1 : placeOf(words, wordHash(word));
    return place < 0 ? 0 : scores[place]!;
  };
  const held = new WeakMap<readonly Definition[], readonly number[]>();
  return {
    fileRanks,
    data,
    ranked: () => (ranked ??= Uint32Array.from(fileRanks.keys()).sort((a, b) => fileRanks[b]! - fileRanks[a]! || a - b)),
    scoresOf: (definitions, order) => {
      let of = held.get(definitions);
      if (of === undefined) held.set(definitions, (of = definitions.map((definition) => score(definition) * fileWeights[order]!)));
      return of;
    },
  };
}

/** The words that score, with their scores: on the kernel, a fraction of the two million defined. */
function scoring(words: Uint32Array, scores: Float32Array): { readonly words: Uint32Array; readonly scores: Float32Array } {
  let kept = 0;
  for (const score of scores) if (score > 0) kept++;
  const scoringWords = new Uint32Array(kept);
  const scoringScores = new Float32Array(kept);
  let at = 0;
  for (let i = 0; i < words.length; i++) {
    if (scores[i]! <= 0) continue;
    scoringWords[at] = words[i]!;
    scoringScores[at++] = scores[i]!;
  }
  return { words: scoringWords, scores: scoringScores };
}

/** The place in `merged` of each of `sorted`'s values (both ascending; `merged` holds them all): one walk along both. */
function placesInMerged(merged: Uint32Array, sorted: Uint32Array): Uint32Array {
  const places = new Uint32Array(sorted.length);
  let at = 0;
  for (let i = 0; i < sorted.length; i++) {
    while (merged[at] !== sorted[i]) at++;
    places[i] = at;
  }
  return places;
}
