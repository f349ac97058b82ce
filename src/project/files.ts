/** Reading files the way every tool must: never blocking on a FIFO, never reading more than a limit. */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';

/** Files larger than this are left out of project-wide searches (usually generated). */
export const SEARCH_SIZE_LIMIT = 512 * 1024;
/** `outline` refuses files larger than this. */
export const OUTLINE_SIZE_LIMIT = 8 * 1024 * 1024;

/**
 * A change made this long before a file or folder was read may not move its times on a file system
 * with coarse timestamps: until it is older, what was read from it is not trusted (git's "racy" rule).
 */
const TIMESTAMP_DOUBT_MS = 2000;

/** A stamp's numbers, as doubles in the machine's byte order (a cache is of one machine), and their bytes. */
const stampNumbers = new Float64Array(4);
const stampBytes = Buffer.from(stampNumbers.buffer);

/**
 * What identifies one version of a file or folder on disk, from its stats: its inode, modification
 * and change times and size, in base64 of their bytes as doubles (a search makes one for every file
 * of the project, and writing the times as decimals took a quarter of the time of the `lstat`); or a
 * stamp that matches no other when it changed too recently to be told from the next version by its times.
 */
export function stampOfStats(stat: Stats): string {
  if (Date.now() - stat.mtimeMs < TIMESTAMP_DOUBT_MS) return `recent:${Math.random()}`;
  stampNumbers[0] = stat.ino;
  stampNumbers[1] = stat.mtimeMs;
  stampNumbers[2] = stat.ctimeMs;
  stampNumbers[3] = stat.size;
  return stampBytes.toString('base64');
}

/** A file's stats, as a version's stamp holds them. */
export interface StampNumbers {
  readonly ino: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly size: number;
}

/** Where a stamp is read back into its numbers, and the length of a stamp that holds them. */
const readNumbers = new Float64Array(4);
const readBytes = Buffer.from(readNumbers.buffer);
const STAMP_LENGTH = stampBytes.toString('base64').length;

/**
 * The stats a stamp was made of; undefined for a stamp of none, or of a version too recent to tell.
 * Decoded in place: a new worktree's search reads two stamps a file, and a buffer and an array
 * apiece took a kernel worker some 70 ms.
 */
export function stampNumbersOf(stamp: string): StampNumbers | undefined {
  if (stamp.length !== STAMP_LENGTH || readBytes.write(stamp, 'base64') !== readBytes.length) return undefined;
  return { ino: readNumbers[0]!, mtimeMs: readNumbers[1]!, ctimeMs: readNumbers[2]!, size: readNumbers[3]! };
}

/** The stats of the entry at a path (a link's own), as a stamp holds them; undefined when there is none. */
export function statsOf(absolute: string): StampNumbers | undefined {
  const stat = statsAt(absolute, false);
  return stat === undefined ? undefined : { ino: stat.ino, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, size: stat.size };
}

/**
 * What identifies one version of the file or folder at a path (see `stampOfStats`); '' when there is
 * none. With `followLinks: false`, of the entry itself: a link's own, not its target's.
 */
export function stampOf(absolute: string, options: { followLinks?: boolean } = {}): string {
  const stat = statsAt(absolute, options.followLinks !== false);
  return stat === undefined ? '' : stampOfStats(stat);
}

/** The stats at a path (with `followLinks`, of what a link points to); undefined when there is nothing there. */
function statsAt(absolute: string, followLinks: boolean): Stats | undefined {
  try {
    return (followLinks ? statSync : lstatSync)(absolute, { throwIfNoEntry: false });
  } catch {
    return undefined; // Out of reach (inside a folder we may not search, a name too long): as good as absent.
  }
}

export type FileRead = (
  | { readonly kind: 'text'; readonly bytes: Buffer }
  | { readonly kind: 'binary' }
  | { readonly kind: 'too-large'; readonly size: number }
  | { readonly kind: 'not-a-file' }
) & {
  /** The version read (see `stampOfStats`). */
  readonly stamp: string;
};

/**
 * Reads a regular file of at most `limit` bytes. O_NONBLOCK keeps a FIFO (or a file replaced by one
 * after the walk) from blocking the open; such a file is reported as not a file and not read. With
 * `followLinks: false`, a symbolic link is not opened: the open throws (ELOOP). With `into`, a file
 * that fits is read into that buffer (its bytes are then a view of it) rather than into new memory.
 */
export function readRegularFile(absolute: string, limit: number, options: { followLinks?: boolean; into?: Buffer } = {}): FileRead {
  const noFollow = options.followLinks === false ? constants.O_NOFOLLOW : 0;
  const fd = openSync(absolute, constants.O_RDONLY | constants.O_NONBLOCK | noFollow);
  try {
    const stat = fstatSync(fd);
    const stamp = stampOfStats(stat);
    if (!stat.isFile()) return { kind: 'not-a-file', stamp };
    if (stat.size > limit) return { kind: 'too-large', size: stat.size, stamp };
    const bytes = readAll(fd, stat.size, limit, options.into);
    if (bytes === undefined) return { kind: 'too-large', size: limit + 1, stamp };
    return bytes.indexOf(0) >= 0 ? { kind: 'binary', stamp } : { kind: 'text', bytes, stamp };
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads the `expectedSize` bytes fstat reported, and on to end of file when it reported none (as
 * /proc does). A file that grew since fstat is read at the size it had: the version recorded with
 * it is the one fstat saw, so the next check finds it changed. Undefined when it passes `limit`.
 */
function readAll(fd: number, expectedSize: number, limit: number, into: Buffer | undefined): Buffer | undefined {
  let buffer = into !== undefined && into.length > expectedSize ? into : Buffer.allocUnsafe(Math.max(expectedSize, 1) + 1);
  let length = 0;
  while (expectedSize === 0 || length < expectedSize) {
    if (length === buffer.length) {
      if (length > limit) return undefined;
      const larger = Buffer.allocUnsafe(Math.min(buffer.length * 2, limit + 1));
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
    const read = readSync(fd, buffer, length, buffer.length - length, null);
    if (read === 0) break;
    length += read;
  }
  return length > limit ? undefined : buffer.subarray(0, length);
}
