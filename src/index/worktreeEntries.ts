/**
 * What a shard of a new git worktree takes from its repository's other worktrees instead of reading
 * its files: the entry another worktree's snapshot recorded of a file (content key, word filter,
 * defined names), where git vouches that the file here and the file there hold the same blob.
 *
 * Both ends are vouched for by stats, as the whole index is: here, the file's stats now are those
 * this worktree's git index recorded with the blob; there, the stats of the snapshot's entry are
 * those the other worktree's git index recorded with the same blob. Any other file is read. Nothing
 * of the other worktrees is read but git's indexes and the snapshots in the cache.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { stampNumbersOf, type StampNumbers } from '../project/files.js';
import { matchesStats, readGitIndex, type GitIndex } from '../project/gitIndex.js';
import { worktreeFamily } from '../project/gitWorktrees.js';
import { decodeFilesSnapshot, type RecordedEntry } from './filesSnapshot.js';

/** At most this many other worktrees are read, the first ones found that have a snapshot of the shard. */
const MOST_WORKTREES = 3;

interface OtherWorktree {
  readonly blobs: GitIndex;
  readonly recorded: Map<string, RecordedEntry>;
}

/** A shard snapshot of another project folder's, by its real path. */
export type SnapshotOf = (projectRoot: string, name: string) => Buffer | undefined;

export class WorktreeEntries {
  private constructor(
    /** The project folder's path within its worktree, with a `/` after it ('' at the top). */
    private readonly prefix: string,
    private readonly blobs: GitIndex,
    private readonly others: readonly OtherWorktree[],
  ) {}

  /** What the other worktrees recorded of shard `name`'s files; undefined outside git, or where none has a snapshot of it. */
  static of(projectRoot: string, name: string, snapshotOf: SnapshotOf): WorktreeEntries | undefined {
    const family = worktreeFamily(realPath(projectRoot) ?? projectRoot);
    if (family === undefined) return undefined;
    const others: OtherWorktree[] = [];
    for (const worktree of family.others) {
      if (others.length === MOST_WORKTREES) break;
      const root = realPath(path.join(worktree.top, family.within));
      const snapshot = root === undefined ? undefined : snapshotOf(root, name);
      const recorded = snapshot === undefined ? undefined : decodeFilesSnapshot(snapshot);
      const blobs = recorded === undefined ? undefined : readGitIndex(worktree.index);
      if (recorded !== undefined && blobs !== undefined) others.push({ blobs, recorded });
    }
    const blobs = others.length === 0 ? undefined : readGitIndex(family.own.index);
    return blobs === undefined ? undefined : new WorktreeEntries(family.within === '' ? '' : `${family.within}/`, blobs, others);
  }

  /**
   * Another worktree's entry of the file (relative to the project) whose version here has these
   * stats, where git vouches it is the same content. A version changed too recently for its stamp to
   * be trusted may be vouched for all the same: git's index was written after it (see gitIndex.ts).
   */
  entryFor(relative: string, stats: StampNumbers): RecordedEntry | undefined {
    const key = this.prefix + relative;
    const here = this.blobs.get(key);
    if (here === undefined || !matchesStats(here, stats)) return undefined;
    for (const other of this.others) {
      const there = other.blobs.get(key);
      const entry = other.recorded.get(relative);
      const recordedStats = entry === undefined ? undefined : stampNumbersOf(entry.stamp);
      if (there?.blob.equals(here.blob) === true && recordedStats !== undefined && matchesStats(there, recordedStats)) return entry;
    }
    return undefined;
  }
}

function realPath(folder: string): string | undefined {
  try {
    return realpathSync(folder);
  } catch {
    return undefined;
  }
}
