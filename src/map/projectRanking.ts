/**
 * A project's ranking, kept between calls: shards that say their usage has not changed since the
 * generation the ranking was made from are not asked for it again, and where none has changed the
 * ranking is the one made before (it would be made the same). A map with a focus is ranked anew, of
 * what the last one was ranked of where no shard has changed since.
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
import { definedWords, NO_FOCUS, rankFiles, rankingOf, type DefinedWords, type Focus, type Ranking } from './rank.js';
import { decodeRankingSnapshot, encodeRankingSnapshot, type RankingSnapshot } from './rankingSnapshot.js';
import type { ShardUsage, ShardUsageAnswer } from './shardUsage.js';
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
  /**
   * What the last map with a focus was ranked of, kept for the next while no shard changes: a focus
   * changes only the weights, and making these again took the kernel's server some 5 s. Some 90 MB
   * there, held once a focus was asked for.
   */
  private focusInputs: RankingInputs | undefined;
  /** The outlines the maps read, kept for the next. */
  readonly outlines = new HeldOutlines();

  constructor(
    private readonly source: UsageSource,
    private readonly memory?: RankingMemory,
  ) {}

  /** The files as the disk holds them now, ranked; leaning toward the focus made of the walk, where there is one. */
  async rank(focusOf: ((walked: readonly WalkedFile[]) => Focus) | undefined, progress?: Progress): Promise<RankedWalk> {
    if (focusOf !== undefined) return this.focused(focusOf, progress);
    const last = this.last;
    const saved = last === undefined ? this.savedRanking() : undefined;
    const { walked, shards } = await this.source.usage(last?.generations, progress, saved?.digests);
    if (last !== undefined && shards.every((shard) => shard.usage === undefined)) return { walked, ranking: last.ranking };
    if (saved !== undefined && isSavedRanking(saved, walked, shards)) {
      const ranking = rankingOf(saved.ranking, fileWeightsOf(walked));
      this.last = { generations: shards.map((shard) => shard.generation), ranking };
      return { walked, ranking };
    }
    const inputs = await this.inputsOf(walked, shards, progress);
    if (this.focusInputs !== undefined) this.focusInputs = inputs; // Kept up to date once a focus was asked for, rather than held stale.
    return this.rankedAfresh(inputs);
  }

  /** Ranked toward the focus, of the inputs kept where no shard changed since they were made. */
  private async focused(focusOf: (walked: readonly WalkedFile[]) => Focus, progress: Progress | undefined): Promise<RankedWalk> {
    const kept = this.focusInputs;
    const { walked, shards } = await this.source.usage(kept?.generations, progress);
    let inputs = kept;
    if (inputs === undefined || shards.some((shard) => shard.usage !== undefined)) {
      inputs = this.focusInputs = await this.inputsOf(walked, shards, progress);
      // The shards' generations moved on: the ranking without a focus is made of the same inputs, or the next map would count again.
      this.rankedAfresh(inputs);
    }
    return { walked: inputs.walked, ranking: rankFiles(inputs.usages, fileWeightsOf(inputs.walked), inputs.defined, inputs.users, focusOf(inputs.walked)) };
  }

  /** What a ranking is made of, from every shard's usage: asked again of all where some answered none (theirs had not changed). */
  private async inputsOf(walked: readonly WalkedFile[], shards: readonly ShardUsageAnswer[], progress: Progress | undefined): Promise<RankingInputs> {
    if (shards.some((shard) => shard.usage === undefined)) ({ walked, shards } = await this.source.usage(undefined, progress));
    const usages = shards.map((shard) => shard.usage!);
    const defined = definedWords(usages);
    return { walked, shards, usages, defined, users: await this.source.users(defined.words), generations: shards.map((shard) => shard.generation) };
  }

  /** The ranking without a focus, made of these inputs: kept for the next map, and saved. */
  private rankedAfresh(inputs: RankingInputs): RankedWalk {
    const ranking = rankFiles(inputs.usages, fileWeightsOf(inputs.walked), inputs.defined, inputs.users, NO_FOCUS);
    this.last = { generations: inputs.generations, ranking };
    this.save(inputs.walked, inputs.shards, ranking);
    return { walked: inputs.walked, ranking };
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

/** What a ranking is made of: the walk, every shard's usage and generation, the words the project defines and how many files use each. */
interface RankingInputs {
  readonly walked: readonly WalkedFile[];
  readonly shards: readonly ShardUsageAnswer[];
  readonly usages: readonly ShardUsage[];
  readonly defined: DefinedWords;
  readonly users: readonly Uint32Array[];
  readonly generations: readonly number[];
}

const fileWeightsOf = (walked: readonly WalkedFile[]) => Float32Array.from(walked, (file) => fileWeight(file.relative));

/** What a saved ranking depends on besides the shards' files: the build that made it, the walk's length and the number of shards. */
function keyOf(walked: readonly WalkedFile[], shards: number): Uint8Array {
  return Uint8Array.from(createHash('sha256').update(engineKey()).update(`${walked.length} ${shards}`).digest());
}

/** Whether the saved ranking is the one these shards' usage makes: every shard told, instead of its usage, the digest saved with it. */
function isSavedRanking(saved: RankingSnapshot, walked: readonly WalkedFile[], shards: readonly ShardUsageAnswer[]): boolean {
  if (!Buffer.from(saved.key).equals(keyOf(walked, shards.length)) || saved.digests.length !== shards.length || saved.ranking.fileRanks.length !== walked.length) return false;
  return shards.every((shard, i) => shard.usage === undefined && shard.digest !== undefined && Buffer.from(shard.digest).equals(saved.digests[i]!));
}
