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

/** Where each vouching entry and its name are, in order, and a table of them by their names' hashes. */
interface Vouching {
  /** Where the entry starts in the index's bytes. */
  readonly entryAt: Int32Array;
  /** Where its name starts in the names' bytes, and how long it is. */
  readonly nameAt: Int32Array;
  readonly nameLength: Int32Array;
  readonly hash: Int32Array;
  /** Open addressing, a power of two long: an entry's number plus one, or 0 for none. */
  readonly slots: Int32Array;
}

/**
 * The entries of an index that vouch for their file's blob, by path (relative to the worktree, `/`),
 * each read from the index's bytes when asked for, found by a hash of its name's bytes: a large
 * tree's index has tens of thousands, and a string and a map entry apiece held 15 MB of heap in each
 * search worker of a new kernel worktree (its index and the other worktree's), where these tables
 * hold 6 MB outside it (an object and a view of the blob apiece had taken 20 MB more).
 */
export class GitIndex {
  constructor(
    private readonly data: Buffer,
    /** The names' bytes: the index's own, or a version 4 index's written out whole (it cuts each to what the one before lacks). */
    private readonly names: Buffer,
    private readonly vouching: Vouching,
  ) {}

  /** How many entries vouch for their file: they are numbered from 0 in the index's order (see `numberOf`). */
  get size(): number {
    return this.vouching.nameAt.length;
  }

  *paths(): IterableIterator<string> {
    for (let i = 0; i < this.size; i++) yield this.pathNumbered(i);
  }

  pathNumbered(number: number): string {
    const { nameAt, nameLength } = this.vouching;
    return this.names.toString('utf8', nameAt[number]!, nameAt[number]! + nameLength[number]!);
  }

  /**
   * Whether the vouching entry of this number (see `numberOf`) records this blob id. Read in place,
   * as `recordsStats`: a new worktree's worker asks both of every file before its first answer, and
   * an entry made into an object for each had taken twice the time (34 ms against 17 for 39,000).
   */
  recordsBlob(number: number, blob: Uint8Array): boolean {
    return blob.length === SHA1_BYTES && sameBytes(this.data, this.vouching.entryAt[number]! + 40, blob, 0, SHA1_BYTES);
  }

  /**
   * Whether the file, whose stats a stamp holds, is as the vouching entry of this number recorded it:
   * the same inode, size and times to the nanosecond (as Node makes milliseconds of them), so its
   * content is the entry's blob.
   */
  recordsStats(number: number, stats: StampNumbers): boolean {
    this.writeStats(number, scratchStats, 0);
    return sameStats(scratchStats, 0, stats);
  }

  /**
   * The stats recorded by the vouching entries of these numbers, apart from the index's bytes: the
   * `i`th of the table is `numbers[i]`'s. A new kernel worktree's index is 8 MB, and each search
   * worker had held it whole for its shard's half of the entries.
   */
  statsOf(numbers: readonly number[]): RecordedStats {
    const table = new Float64Array(STATS_FIELDS * numbers.length);
    numbers.forEach((number, i) => this.writeStats(number, table, STATS_FIELDS * i));
    return new RecordedStats(table);
  }

  /** The entry's inode and size (32 bits each, as git keeps them) and its modification and change times in ms. */
  private writeStats(number: number, table: Float64Array, at: number): void {
    const data = this.data;
    const entry = this.vouching.entryAt[number]!;
    table[at] = uint32At(data, entry + 20);
    table[at + 1] = uint32At(data, entry + 36);
    table[at + 2] = uint32At(data, entry + 8) * 1000 + uint32At(data, entry + 12) / 1e6;
    table[at + 3] = uint32At(data, entry) * 1000 + uint32At(data, entry + 4) / 1e6;
  }

  /** The number of the path's vouching entry, or -1. */
  numberOf(path: string): number {
    const length = encodedPath(path);
    const hash = hashOf(pathBytes, 0, length);
    const { slots, nameAt, nameLength } = this.vouching;
    const mask = slots.length - 1;
    for (let slot = hash & mask; slots[slot] !== 0; slot = (slot + 1) & mask) {
      const i = slots[slot]! - 1;
      if (this.vouching.hash[i] === hash && nameLength[i] === length && sameBytes(pathBytes, 0, this.names, nameAt[i]!, length)) return i;
    }
    return -1;
  }
}

/** Stats as `statsOf` keeps them, some entries' of an index (numbered from 0 in the order they were asked for). */
export class RecordedStats {
  constructor(private readonly table: Float64Array) {}

  /** As GitIndex's `recordsStats`, for the entry of this number in the table. */
  recordsStats(number: number, stats: StampNumbers): boolean {
    return sameStats(this.table, STATS_FIELDS * number, stats);
  }
}

/** Inode, size, modification and change times: see `writeStats`. */
const STATS_FIELDS = 4;
const scratchStats = new Float64Array(STATS_FIELDS);

function sameStats(table: Float64Array, at: number, stats: StampNumbers): boolean {
  return table[at] === stats.ino % 2 ** 32 && table[at + 1] === stats.size % 2 ** 32 && table[at + 2] === stats.mtimeMs && table[at + 3] === stats.ctimeMs;
}

/**
 * The path looked up last, in UTF-8: a new worktree's worker looks up some 80,000 paths before its
 * first answer, and a buffer of its own for each took a sixth of that time.
 */
let pathBytes = Buffer.allocUnsafe(4096);

/** Writes the path into `pathBytes` (grown if it must be); returns its length in bytes. */
function encodedPath(path: string): number {
  const length = Buffer.byteLength(path, 'utf8');
  if (length > pathBytes.length) pathBytes = Buffer.allocUnsafe(2 * length);
  return pathBytes.write(path, 0, 'utf8');
}

/** FNV-1a over the bytes, as a 32-bit signed number (what an Int32Array holds). */
function hashOf(bytes: Uint8Array, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  return hash | 0;
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
  // Every entry's place and name, and whether git would trust its stats.
  const entryAt = new Int32Array(count);
  const nameAt = new Int32Array(count);
  const nameLength = new Int32Array(count);
  const trusted = new Uint8Array(count);
  let names = version === 4 ? Buffer.allocUnsafe(data.length) : data;
  let namesEnd = 0;
  let at = HEADER_BYTES;
  for (let i = 0; i < count; i++) {
    if (at + FIXED_BYTES > body.length) return undefined;
    const flags = data.readUInt16BE(at + 60);
    const extended = (flags & EXTENDED) !== 0;
    if (extended && version < 3) return undefined;
    const extendedFlags = extended ? data.readUInt16BE(at + 62) : 0;
    const nameStart = at + FIXED_BYTES + (extended ? 2 : 0);
    let next: number;
    if (version === 4) {
      const previousLength = i === 0 ? 0 : nameLength[i - 1]!;
      const strip = varintAt(data, nameStart, body.length);
      if (strip === undefined || strip.value > previousLength) return undefined;
      const end = data.indexOf(0, strip.end);
      if (end < 0 || end >= body.length) return undefined;
      const kept = previousLength - strip.value;
      const length = kept + end - strip.end;
      if (namesEnd + length > names.length) names = grown(names, namesEnd, namesEnd + length);
      if (i > 0) names.copy(names, namesEnd, nameAt[i - 1]!, nameAt[i - 1]! + kept);
      data.copy(names, namesEnd + kept, strip.end, end);
      nameAt[i] = namesEnd;
      nameLength[i] = length;
      namesEnd += length;
      next = end + 1;
    } else {
      const end = data.indexOf(0, nameStart);
      if (end < 0 || end >= body.length) return undefined;
      nameAt[i] = nameStart;
      nameLength[i] = end - nameStart;
      // Padded with one to eight NULs to a multiple of eight bytes from the entry's start.
      next = at + ((end - at + 8) & ~7);
    }
    if ((flags & NAME_LENGTH) !== NAME_LENGTH && nameLength[i] !== (flags & NAME_LENGTH)) return undefined;
    const mode = data.readUInt32BE(at + 24);
    trusted[i] = Number(
      (flags & (ASSUME_VALID | STAGE)) === 0 &&
        (extendedFlags & (SKIP_WORKTREE | INTENT_TO_ADD)) === 0 &&
        (mode & TYPE) === REGULAR_FILE &&
        before(data.readUInt32BE(at + 8), data.readUInt32BE(at + 12)),
    );
    entryAt[i] = at;
    at = next;
  }
  if (!extensionsRead(data, at, body.length)) return undefined;
  // Entries are sorted by name, then stage: a path at several stages (a merge's) vouches for none of them.
  const sameName = (a: number, b: number) => nameLength[a] === nameLength[b] && sameBytes(names, nameAt[a]!, names, nameAt[b]!, nameLength[a]!);
  const vouches = (i: number) => trusted[i] === 1 && (i === 0 || !sameName(i, i - 1)) && (i === count - 1 || !sameName(i, i + 1));
  const kept: number[] = [];
  for (let i = 0; i < count; i++) if (vouches(i)) kept.push(i);
  return new GitIndex(data, names, tableOf(kept.map((i) => entryAt[i]!), kept.map((i) => nameAt[i]!), kept.map((i) => nameLength[i]!), names));
}

/**
 * Whether the `length` bytes at `aAt` of `a` and at `bAt` of `b` are the same, compared from the
 * last: paths mostly differ in their last few bytes, and a call to Buffer's compare for each
 * neighbour of a kernel index's 78,000 entries took a fifth of its read.
 */
function sameBytes(a: Uint8Array, aAt: number, b: Uint8Array, bAt: number, length: number): boolean {
  for (let i = length - 1; i >= 0; i--) if (a[aAt + i] !== b[bAt + i]) return false;
  return true;
}

/** The names' bytes in a buffer of at least `needed` bytes, the first `used` of them kept. */
function grown(names: Buffer, used: number, needed: number): Buffer {
  const larger = Buffer.allocUnsafe(Math.max(2 * names.length, needed));
  names.copy(larger, 0, 0, used);
  return larger;
}

/** The vouching entries with a table of them by hash, at most half full. */
function tableOf(entryAt: readonly number[], nameAt: readonly number[], nameLength: readonly number[], names: Buffer): Vouching {
  const hash = new Int32Array(entryAt.length);
  let size = 16;
  while (size < 2 * entryAt.length) size *= 2;
  const slots = new Int32Array(size);
  for (let i = 0; i < entryAt.length; i++) {
    hash[i] = hashOf(names, nameAt[i]!, nameAt[i]! + nameLength[i]!);
    let slot = hash[i]! & (size - 1);
    while (slots[slot] !== 0) slot = (slot + 1) & (size - 1);
    slots[slot] = i + 1;
  }
  return { entryAt: Int32Array.from(entryAt), nameAt: Int32Array.from(nameAt), nameLength: Int32Array.from(nameLength), hash, slots };
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

/** A big-endian 32-bit number (git's), without Buffer's bounds checks. */
function uint32At(data: Uint8Array, at: number): number {
  return data[at]! * 0x1000000 + ((data[at + 1]! << 16) | (data[at + 2]! << 8) | data[at + 3]!);
}
