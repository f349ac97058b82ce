/**
 * A project's ranking, kept between calls: shards that say their usage has not changed since the
 * generation the ranking was made from are not asked for it again, and where none has changed the
 * ranking is the one made before (it would be made the same). A map with a focus is ranked afresh.
 */
import type { WalkedFile } from '../project/walker.js';
import type { Progress } from '../search/shard.js';
import { HeldOutlines } from './heldOutlines.js';
import { definedWords, NO_FOCUS, rankFiles, type Focus, type Ranking } from './rank.js';
import type { ShardUsageAnswer } from './shardUsage.js';
import { fileWeight } from './weights.js';

/** Where the usage comes from: the project's search (see `ProjectSearch.usage`). */
export interface UsageSource {
  usage(known: readonly number[] | undefined, progress?: Progress): Promise<{ readonly walked: readonly WalkedFile[]; readonly shards: readonly ShardUsageAnswer[] }>;
  /** Each shard's count of its files using each of the words, in their order (as its last usage counted them). */
  users(words: Uint32Array): Promise<readonly Uint32Array[]>;
}

export interface RankedWalk {
  readonly walked: readonly WalkedFile[];
  readonly ranking: Ranking;
}

export class ProjectRanking {
  private last: { readonly generations: readonly number[]; readonly ranking: Ranking } | undefined;
  /** The outlines the maps read, kept for the next. */
  readonly outlines = new HeldOutlines();

  constructor(private readonly source: UsageSource) {}

  /** The files as the disk holds them now, ranked; leaning toward the focus made of the walk, where there is one. */
  async rank(focusOf: ((walked: readonly WalkedFile[]) => Focus) | undefined, progress?: Progress): Promise<RankedWalk> {
    const last = focusOf === undefined ? this.last : undefined;
    let { walked, shards } = await this.source.usage(last?.generations, progress);
    if (last !== undefined && shards.every((shard) => shard.usage === undefined)) return { walked, ranking: last.ranking };
    // Some shard changed: the ranking is made again of every shard's usage.
    if (shards.some((shard) => shard.usage === undefined)) ({ walked, shards } = await this.source.usage(undefined, progress));
    const usages = shards.map((shard) => shard.usage!);
    const defined = definedWords(usages);
    const users = await this.source.users(defined.words);
    const ranking = rankFiles(usages, Float32Array.from(walked, (file) => fileWeight(file.relative)), defined, users, focusOf?.(walked) ?? NO_FOCUS);
    if (focusOf === undefined) this.last = { generations: shards.map((shard) => shard.generation), ranking };
    return { walked, ranking };
  }
}
