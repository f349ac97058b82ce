/**
 * Git's index (`.git/index`), read for what it vouches for: the blob id of each tracked file whose
 * stats are the ones git recorded when it last knew the file's content. Versions 2, 3 and 4 are read;
 * anything else (another version, a split index, a sparse index, a SHA-256 repository, a checksum
 * that does not match, a file cut short) is no index at all, and nothing is vouched for.
 *
 * An entry vouches for nothing when git would not trust its stats either: an entry of a merge
 * (stage 1-3), one marked assume-valid, skip-worktree or intent-to-add, one not of a regular file (a
 * link, a submodule), and a "racily clean" one, whose file was modified no earlier than the index
 * was written (a change in the same tick leaves the times as they were).
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { StampNumbers } from './files.js';

/** What git recorded of a tracked file: the content's blob id, and the stats the file had then. */
export interface GitIndexEntry {
  /** The blob id: 20 bytes, a view of the index's bytes. */
  readonly blob: Buffer;
  readonly ctimeSeconds: number;
  readonly ctimeNanoseconds: number;
  readonly mtimeSeconds: number;
  readonly mtimeNanoseconds: number;
  /** The low 32 bits of the inode and of the size, as git keeps them. */
  readonly ino: number;
  readonly size: number;
}

const SIGNATURE = 'DIRC';
const HEADER_BYTES = 12;
const SHA1_BYTES = 20;
/** An entry's fixed part: ten 32-bit stats, the blob id, the flags. */
const FIXED_BYTES = 40 + SHA1_BYTES + 2;

const ASSUME_VALID = 0x8000;
const EXTENDED = 0x4000;
const STAGE = 0x3000;
const NAME_LENGTH = 0x0fff;
const SKIP_WORKTREE = 0x4000;
const INTENT_TO_ADD = 0x2000;
const REGULAR_FILE = 0o100000;
const TYPE = 0o170000;
/** Extensions after which the entries are not the whole index: a split index's link, a sparse index's folders. */
const UNREAD_EXTENSIONS = new Set(['link', 'sdir']);

/**
 * The entries of an index that vouch for their file's blob, by path (relative to the worktree, `/`),
 * each read from the index's bytes when asked for: a large tree's index has tens of thousands, and
 * an object (and a view of the blob id) apiece took a search worker some 20 MB.
 */
export class GitIndex {
  constructor(
    private readonly data: Buffer,
    /** Where each vouching entry starts in `data`. */
    private readonly offsets: ReadonlyMap<string, number>,
  ) {}

  paths(): IterableIterator<string> {
    return this.offsets.keys();
  }

  has(path: string): boolean {
    return this.offsets.has(path);
  }

  get(path: string): GitIndexEntry | undefined {
    const at = this.offsets.get(path);
    return at === undefined ? undefined : entryAt(this.data, at);
  }
}

function entryAt(data: Buffer, at: number): GitIndexEntry {
  return {
    ctimeSeconds: data.readUInt32BE(at),
    ctimeNanoseconds: data.readUInt32BE(at + 4),
    mtimeSeconds: data.readUInt32BE(at + 8),
    mtimeNanoseconds: data.readUInt32BE(at + 12),
    ino: data.readUInt32BE(at + 20),
    size: data.readUInt32BE(at + 36),
    blob: data.subarray(at + 40, at + 40 + SHA1_BYTES),
  };
}

/** The index file's vouching entries; undefined when there is no index this reads. */
export function readGitIndex(file: string): GitIndex | undefined {
  let data: Buffer;
  let written: bigint;
  try {
    // Its time before its bytes: an index written anew in between is then judged by the older time,
    // which takes more of its entries for racily clean, never fewer.
    written = statSync(file, { bigint: true }).mtimeNs;
    data = readFileSync(file);
  } catch {
    return undefined; // No index, or none to read: nothing is vouched for.
  }
  return entriesOf(data, written);
}

/** The vouching entries of an index's bytes, the index having been written at `written` (ns). */
function entriesOf(data: Buffer, written: bigint): GitIndex | undefined {
  // Compared as seconds, then nanoseconds: a BigInt an entry took a kernel index's read a third longer.
  const writtenSeconds = Number(written / 1_000_000_000n);
  const writtenNanoseconds = Number(written % 1_000_000_000n);
  const before = (seconds: number, nanoseconds: number) => seconds < writtenSeconds || (seconds === writtenSeconds && nanoseconds < writtenNanoseconds);
  if (data.length < HEADER_BYTES + SHA1_BYTES || data.toString('latin1', 0, 4) !== SIGNATURE) return undefined;
  const body = data.subarray(0, data.length - SHA1_BYTES);
  if (!createHash('sha1').update(body).digest().equals(data.subarray(body.length))) return undefined;
  const version = data.readUInt32BE(4);
  if (version < 2 || version > 4) return undefined;
  const count = data.readUInt32BE(8);
  const offsets = new Map<string, number>();
  let at = HEADER_BYTES;
  let previous = '';
  for (let i = 0; i < count; i++) {
    if (at + FIXED_BYTES > body.length) return undefined;
    const flags = data.readUInt16BE(at + 60);
    const extended = (flags & EXTENDED) !== 0;
    if (extended && version < 3) return undefined;
    const extendedFlags = extended ? data.readUInt16BE(at + 62) : 0;
    let nameAt = at + FIXED_BYTES + (extended ? 2 : 0);
    let name: string;
    if (version === 4) {
      const strip = varintAt(data, nameAt, body.length);
      if (strip === undefined || strip.value > previous.length) return undefined;
      const end = data.indexOf(0, strip.end);
      if (end < 0 || end >= body.length) return undefined;
      name = previous.slice(0, previous.length - strip.value) + data.toString('utf8', strip.end, end);
      nameAt = end + 1;
    } else {
      const end = data.indexOf(0, nameAt);
      if (end < 0 || end >= body.length) return undefined;
      name = data.toString('utf8', nameAt, end);
      // Padded with one to eight NULs to a multiple of eight bytes from the entry's start.
      nameAt = at + ((end - at + 8) & ~7);
    }
    if ((flags & NAME_LENGTH) !== NAME_LENGTH && Buffer.byteLength(name) !== (flags & NAME_LENGTH)) return undefined;
    const mode = data.readUInt32BE(at + 24);
    const trusted =
      (flags & (ASSUME_VALID | STAGE)) === 0 &&
      (extendedFlags & (SKIP_WORKTREE | INTENT_TO_ADD)) === 0 &&
      (mode & TYPE) === REGULAR_FILE &&
      before(data.readUInt32BE(at + 8), data.readUInt32BE(at + 12));
    if (trusted) offsets.set(name, at);
    else offsets.delete(name); // A path at several stages vouches for none of them.
    previous = name;
    at = nameAt;
  }
  return extensionsRead(data, at, body.length) ? new GitIndex(data, offsets) : undefined;
}

/** Whether the extensions from `at` to the checksum are whole, and none of them says the entries are not the whole index. */
function extensionsRead(data: Buffer, at: number, end: number): boolean {
  while (at < end) {
    if (at + 8 > end) return false;
    const signature = data.toString('latin1', at, at + 4);
    const size = data.readUInt32BE(at + 4);
    if (UNREAD_EXTENSIONS.has(signature)) return false;
    at += 8 + size;
  }
  return at === end;
}

/** Git's offset varint (index version 4): each further byte adds one before the shift. */
function varintAt(data: Buffer, at: number, end: number): { value: number; end: number } | undefined {
  if (at >= end) return undefined;
  let byte = data[at++]!;
  let value = byte & 0x7f;
  while ((byte & 0x80) !== 0) {
    if (at >= end || value > 0xffffff) return undefined;
    byte = data[at++]!;
    value = ((value + 1) << 7) | (byte & 0x7f);
  }
  return { value, end: at };
}

/**
 * Whether the file, whose stats a stamp holds, is as git recorded it: the same inode, size and
 * times to the nanosecond (as Node makes milliseconds of them), so its content is the entry's blob.
 */
export function matchesStats(entry: GitIndexEntry, stats: StampNumbers): boolean {
  return (
    entry.ino === stats.ino % 2 ** 32 &&
    entry.size === stats.size % 2 ** 32 &&
    stats.mtimeMs === entry.mtimeSeconds * 1000 + entry.mtimeNanoseconds / 1e6 &&
    stats.ctimeMs === entry.ctimeSeconds * 1000 + entry.ctimeNanoseconds / 1e6
  );
}
