/**
 * The ranking a map was last made of, saved as a snapshot of the index (`ranking`, see
 * src/index/FORMAT.md), with what it was made of: a key of the build and the walk, and each shard's
 * digest of its files (see `Shard.usage`). A fresh server whose shards find their files as the digests
 * say takes the ranking as it is: no shard reads its counts or sends its usage, which on the kernel
 * took each worker some 100 MB and 2 s.
 */
import type { RankingData } from './rank.js';
import { bytesOf, uint32 } from './snapshotBytes.js';

export interface RankingSnapshot {
  /** What the ranking depends on besides the shards' files: the build, the walk's length, the shards' count. */
  readonly key: Uint8Array;
  /** Each shard's digest of the files its usage was made of. */
  readonly digests: readonly Uint8Array[];
  readonly ranking: RankingData;
}

/** What the data starts with: a reader takes no other layout for this one. */
const VERSION = Buffer.from('ranking 1\0', 'latin1');
export const DIGEST_BYTES = 32;

export function encodeRankingSnapshot(snapshot: RankingSnapshot): Buffer[] {
  const { key, digests, ranking } = snapshot;
  if (key.length !== DIGEST_BYTES || digests.some((digest) => digest.length !== DIGEST_BYTES)) throw new Error('a ranking snapshot takes keys of 32 bytes');
  const lengths = [uint32(ranking.fileRanks.length), uint32(ranking.words.length)];
  return [VERSION, Buffer.from(key), uint32(digests.length), ...digests.map((digest) => Buffer.from(digest)), ...lengths, bytesOf(ranking.fileRanks), bytesOf(ranking.words), bytesOf(ranking.scores)];
}

/** The snapshot, or undefined where it does not read back whole. */
export function decodeRankingSnapshot(data: Buffer): RankingSnapshot | undefined {
  if (!data.subarray(0, VERSION.length).equals(VERSION)) return undefined;
  let at = VERSION.length;
  const take = (length: number): Buffer | undefined => {
    if (at + length > data.length) return undefined;
    at += length;
    return data.subarray(at - length, at);
  };
  const key = take(DIGEST_BYTES);
  const shards = take(4)?.readUInt32LE(0);
  if (key === undefined || shards === undefined || shards * DIGEST_BYTES > data.length) return undefined;
  const digests: Uint8Array[] = [];
  for (let shard = 0; shard < shards; shard++) digests.push(Uint8Array.from(take(DIGEST_BYTES) ?? []));
  const lengths = take(8);
  if (lengths === undefined || digests.some((digest) => digest.length !== DIGEST_BYTES)) return undefined;
  const files = lengths.readUInt32LE(0);
  const words = lengths.readUInt32LE(4);
  if (data.length - at !== files * 8 + words * 8) return undefined;
  // Copies: a few MB, and arrays of their own need no alignment in the data.
  const fileRanks = new Float64Array(files);
  Buffer.from(fileRanks.buffer).set(take(files * 8)!);
  const wordList = new Uint32Array(words);
  Buffer.from(wordList.buffer).set(take(words * 4)!);
  const scores = new Float32Array(words);
  Buffer.from(scores.buffer).set(take(words * 4)!);
  return { key: Uint8Array.from(key), digests, ranking: { fileRanks, words: wordList, scores } };
}
