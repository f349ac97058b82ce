/**
 * A project's ranking, kept between calls: shards that say their usage has not changed since the
 * generation the ranking was made from are not asked for it again, and where none has changed the
 * ranking is the one made before (it would be made the same). A map with a focus is ranked afresh.
 *
 * The ranking made without a focus is saved in the index with what it was made of (see
 * `rankingSnapshot.ts`): a fresh server's first map asks each shard for the digest of its files, and
 * takes the saved ranking where every digest is the one saved, with nothing counted.
 */
import { createHash } from 'node:crypto';
import { engineKey } from '../index/languageKey.js';
import type { WalkedFile } from '../project/walker.js';
import type { Progress } from '../search/shard.js';
import { HeldOutlines } from './heldOutlines.js';
import { definedWords, NO_FOCUS, rankFiles, rankingOf, type Focus, type Ranking } from './rank.js';
import { decodeRankingSnapshot, encodeRankingSnapshot, type RankingSnapshot } from './rankingSnapshot.js';
import type { ShardUsageAnswer } from './shardUsage.js';
import { fileWeight } from './weights.js';

/** Where the usage comes from: the project's search (see `ProjectSearch.usage`). */
export interface UsageSource {
  /** Each shard's usage; where `expected` gives a digest for each shard, none from a shard whose files are as its digest says (see `Shard.usage`). */
  usage(known: readonly number[] | undefined, progress?: Progress, expected?: readonly Uint8Array[]): Promise<{ readonly walked: readonly WalkedFile[]; readonly shards: readonly ShardUsageAnswer[] }>;
  /** Each shard's count of its files using each of the words, in their order (as its last usage counted them). */
  users(words: Uint32Array): Promise<readonly Uint32Array[]>;
}

/** Where the ranking is kept between servers: the index's snapshot, where there is an index. */
export interface RankingMemory {
  load(): Buffer | undefined;
  save(parts: Iterable<Uint8Array>): void;
}

export interface RankedWalk {
  readonly walked: readonly WalkedFile[];
  readonly ranking: Ranking;
}

export class ProjectRanking {
  private last: { readonly generations: readonly number[]; readonly ranking: Ranking } | undefined;
  /** The outlines the maps read, kept for the next. */
  readonly outlines = new HeldOutlines();

  constructor(
    private readonly source: UsageSource,
    private readonly memory?: RankingMemory,
  ) {}

  /** The files as the disk holds them now, ranked; leaning toward the focus made of the walk, where there is one. */
  async rank(focusOf: ((walked: readonly WalkedFile[]) => Focus) | undefined, progress?: Progress): Promise<RankedWalk> {
    const last = focusOf === undefined ? this.last : undefined;
    const saved = focusOf === undefined && last === undefined ? this.savedRanking() : undefined;
    let { walked, shards } = await this.source.usage(last?.generations, progress, saved?.digests);
    if (last !== undefined && shards.every((shard) => shard.usage === undefined)) return { walked, ranking: last.ranking };
    const fileWeights = Float32Array.from(walked, (file) => fileWeight(file.relative));
    if (saved !== undefined && isSavedRanking(saved, walked, shards)) {
      const ranking = rankingOf(saved.ranking, fileWeights);
      this.last = { generations: shards.map((shard) => shard.generation), ranking };
      return { walked, ranking };
    }
    // Some shard changed: the ranking is made again of every shard's usage.
    if (shards.some((shard) => shard.usage === undefined)) ({ walked, shards } = await this.source.usage(undefined, progress));
    const usages = shards.map((shard) => shard.usage!);
    const defined = definedWords(usages);
    const users = await this.source.users(defined.words);
    const ranking = rankFiles(usages, fileWeights, defined, users, focusOf?.(walked) ?? NO_FOCUS);
    if (focusOf === undefined) {
      this.last = { generations: shards.map((shard) => shard.generation), ranking };
      this.save(walked, shards, ranking);
    }
    return { walked, ranking };
  }

  private savedRanking(): RankingSnapshot | undefined {
    const data = this.memory?.load();
    return data === undefined ? undefined : decodeRankingSnapshot(data);
  }

  /** Saves the ranking with the digests it was made of, where every shard told its digest. */
  private save(walked: readonly WalkedFile[], shards: readonly ShardUsageAnswer[], ranking: Ranking): void {
    const digests = shards.map((shard) => shard.digest);
    if (this.memory === undefined || !digests.every((digest) => digest !== undefined)) return;
    this.memory.save(encodeRankingSnapshot({ key: keyOf(walked, shards.length), digests, ranking: ranking.data }));
  }
}

/** What a saved ranking depends on besides the shards' files: the build that made it, the walk's length and the number of shards. */
function keyOf(walked: readonly WalkedFile[], shards: number): Uint8Array {
  return Uint8Array.from(createHash('sha256').update(engineKey()).update(`${walked.length} ${shards}`).digest());
}

/** Whether the saved ranking is the one these shards' usage makes: every shard told, instead of its usage, the digest saved with it. */
function isSavedRanking(saved: RankingSnapshot, walked: readonly WalkedFile[], shards: readonly ShardUsageAnswer[]): boolean {
  if (!Buffer.from(saved.key).equals(keyOf(walked, shards.length)) || saved.digests.length !== shards.length || saved.ranking.fileRanks.length !== walked.length) return false;
  return shards.every((shard, i) => shard.usage === undefined && shard.digest !== undefined && Buffer.from(shard.digest).equals(saved.digests[i]!));
}
