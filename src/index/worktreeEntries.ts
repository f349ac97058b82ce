/**
 * What a shard of a new git worktree takes from its repository's other worktrees instead of reading
 * its files: the entry another worktree's snapshot recorded of a file (content key, word filter,
 * defined names), where git vouches that the file here and the file there hold the same blob.
 *
 * There, the entry holds its content's blob id, made from the very bytes its content key was made
 * from (see `contentKey.ts`); here, git vouches by stats, as the whole index does: the file's stats
 * now are those this worktree's git index recorded with the same blob. Any other file is read.
 * Nothing of the other worktrees is read but their snapshots in the cache: not their files, nor
 * their git indexes.
 */
import path from 'node:path';
import { statsOf, type StampNumbers } from '../project/files.js';
import { readGitIndex, type GitIndex, type RecordedStats } from '../project/gitIndex.js';
import { worktreeFamily, type GitWorktree, type WorktreeFamily } from '../project/gitWorktrees.js';
import { realPath } from '../project/paths.js';
import { recordEntry, type RecordedEntry, type RoomFor } from './filesSnapshot.js';

/** At most this many other worktrees are read, the first ones found that have a snapshot of the shard. */
const MOST_WORKTREES = 3;

/**
 * How many of this worktree's files are compared with git's index before any other worktree is
 * read, spread over the index: where none is as git recorded it (a copy of a repository, a tree
 * whose every file was written again), git vouches for nothing here, and reading the others'
 * snapshots and indexes would only have cost time.
 */
const SAMPLED_FILES = 16;

/** What a shard gives to take entries from the other worktrees. */
export interface ShardSide {
  /** Whether a file (by its path relative to the project) is of this shard. */
  readonly inShard: (relative: string) => boolean;
  /** What another project folder (by its real path) recorded of its files: its shard snapshot `name`'s entries, or what a shard of it knows now. */
  readonly entriesOf: (projectRoot: string, name: string) => readonly RecordedEntry[] | undefined;
  /** Room for an entry copied out of a snapshot let go. */
  readonly roomFor: RoomFor;
}

/**
 * The other worktrees are read one at a time, each only while some file of the shard that git
 * vouches for here has no entry from the ones before, and each is let go before the next: the
 * first one's entries are taken as views of its snapshot, a later one's copied out of it. On a new
 * kernel worktree a snapshot is some 54 MB a shard: a worker that held every other worktree's at
 * once grew by that much for each. The other worktrees' git indexes are not read: each entry holds
 * its blob id (reading theirs took each worker of a new kernel worktree some 0.15 s more).
 */
export class WorktreeEntries {
  private constructor(
    /** What this worktree's git index recorded of the files it vouches for, by the numbers of `vouchedFor`'s answers. */
    private readonly recorded: GitIndex | RecordedStats,
    /** By path (relative to the project): what another worktree recorded of the blob git vouches for here. */
    private readonly vouchedFor: (relative: string) => VouchedEntry | undefined,
  ) {}

  /** What the other worktrees recorded of shard `name`'s files; undefined outside git, or where none holds an entry git vouches for. */
  static of(projectRoot: string, name: string, { inShard, entriesOf, roomFor }: ShardSide): WorktreeEntries | undefined {
    const family = worktreeFamily(realPath(projectRoot) ?? projectRoot);
    if (family === undefined) return undefined;
    const prefix = family.prefix;
    /**
     * This worktree's git index, read once another worktree has a snapshot to give (null where it
     * vouches for nothing here), and which of its files are served, by their numbers in it: those
     * vouched for, and those a worktree read holds as a file with nothing to search (over the size
     * limit, or binary). Such an entry has no blob id to take, and another worktree's most likely has
     * none either, so they leave no file unserved (reading every other worktree for them had cost a
     * kernel server's workers 54 MB each of another snapshot). Only which worktrees are read hangs on
     * it: a file served by none is read. Before each further worktree, the index is searched for a
     * file of the shard left unserved: marked by number, only the paths not served are made into
     * strings and placed in a shard (asking it of every path by its string had cost each worker of a
     * new kernel worktree 40-100 ms).
     */
    let own: { readonly index: GitIndex; readonly served: Uint8Array } | null | undefined;
    const vouched = new Map<string, VouchedEntry>();
    let read = 0;
    const unserved = ({ index, served }: NonNullable<typeof own>) => {
      for (let number = 0; number < index.size; number++) {
        if (served[number] === 1) continue;
        const key = index.pathNumbered(number);
        if (key.startsWith(prefix) && inShard(key.slice(prefix.length))) return true;
      }
      return false;
    };
    for (const worktree of family.others) {
      if (read === MOST_WORKTREES || (own && !unserved(own))) break;
      const root = realPath(path.join(worktree.top, family.within));
      const recorded = root === undefined ? undefined : entriesOf(root, name);
      if (recorded === undefined) continue;
      if (own === undefined) {
        const index = vouchingIndex(family.own);
        own = index === undefined ? null : { index, served: new Uint8Array(index.size) };
      }
      if (own === null) return undefined;
      const { index, served } = own;
      const asViews = vouched.size === 0;
      for (const entry of recorded) {
        const relative = entry.relative;
        const blob = entry.blob;
        if (blob === undefined) {
          const number = index.numberOf(prefix + relative);
          if (number >= 0) served[number] = 1;
          continue;
        }
        if (vouched.has(relative)) continue;
        const number = blobNumberOf(index, prefix + relative, blob);
        if (number < 0) continue;
        vouched.set(relative, { entry: asViews ? entry : recordEntry(relative, entry, roomFor), number });
        served[number] = 1;
      }
      read++;
    }
    if (!own || vouched.size === 0) return undefined;
    // The index is let go: only the stats of the entries vouched for are kept, numbered anew.
    const stats = own.index.statsOf(Array.from(vouched.values(), (found) => found.number));
    let number = 0;
    for (const found of vouched.values()) found.number = number++;
    return new WorktreeEntries(stats, (relative) => vouched.get(relative));
  }

  /**
   * What a remote cache recorded of the shard's files (by their paths relative to the project), where
   * this worktree's git index vouches for the same blob; undefined where git vouches for nothing
   * here. Each file's blob is compared when it is first looked at, not all at once before the first
   * search: the comparisons are the same, but no second map of the kernel's entries is made.
   */
  static fromRemote(family: WorktreeFamily, recorded: ReadonlyMap<string, RecordedEntry>): WorktreeEntries | undefined {
    const own = vouchingIndex(family.own);
    if (own === undefined) return undefined;
    const prefix = family.prefix;
    return new WorktreeEntries(own, (relative) => {
      const entry = recorded.get(relative);
      const number = entry?.blob === undefined ? -1 : blobNumberOf(own, prefix + relative, entry.blob);
      return number >= 0 ? { entry: entry!, number } : undefined;
    });
  }

  /**
   * Another worktree's entry of the file (relative to the project) whose version here has these
   * stats, where git vouches it is the same content. A version changed too recently for its stamp to
   * be trusted may be vouched for all the same: git's index was written after it (see gitIndex.ts).
   */
  entryFor(relative: string, stats: StampNumbers): RecordedEntry | undefined {
    const found = this.vouchedFor(relative);
    return found !== undefined && this.recorded.recordsStats(found.number, stats) ? found.entry : undefined;
  }
}

interface VouchedEntry {
  readonly entry: RecordedEntry;
  /** Its path's number in this worktree's git index (see GitIndex.numberOf), then in the stats kept of it. */
  number: number;
}

/** The number of the path in the git index, where it records this blob for it; -1 otherwise. */
function blobNumberOf(index: GitIndex, repositoryPath: string, blob: Buffer): number {
  const number = index.numberOf(repositoryPath);
  return number >= 0 && index.recordsBlob(number, blob) ? number : -1;
}

/** The worktree's git index, where some of the files sampled from it (see SAMPLED_FILES) have the stats it recorded. */
function vouchingIndex(worktree: GitWorktree): GitIndex | undefined {
  const blobs = readGitIndex(worktree.index);
  if (blobs === undefined) return undefined;
  const step = Math.max(1, Math.floor(blobs.size / SAMPLED_FILES));
  for (let number = 0; number < blobs.size; number += step) {
    const stats = statsOf(path.join(worktree.top, blobs.pathNumbered(number)));
    if (stats !== undefined && blobs.recordsStats(number, stats)) return blobs;
  }
  return undefined;
}

/**
 * Another worktree's snapshot of this name, for a project that has none of its own: the first of its
 * repository's other worktrees (at most MOST_WORKTREES read) that has one, at the same folder within
 * it. Only for what the reader checks against its own files (the map's ranking: its shards' digests).
 */
export function otherWorktreeSnapshot(projectRoot: string, name: string, snapshotOf: (projectRoot: string, name: string) => Buffer | undefined): Buffer | undefined {
  const family = worktreeFamily(realPath(projectRoot) ?? projectRoot);
  for (const worktree of family?.others.slice(0, MOST_WORKTREES) ?? []) {
    const root = realPath(path.join(worktree.top, family!.within));
    const snapshot = root === undefined ? undefined : snapshotOf(root, name);
    if (snapshot !== undefined) return snapshot;
  }
  return undefined;
}
