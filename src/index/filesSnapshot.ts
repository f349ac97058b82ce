/**
 * What a shard knew of its files, saved whole so that a fresh server takes it in one read (see
 * FORMAT.md): for each file its path, the stamp it had, its content key (none for a file with nothing
 * to search) and its git blob id, and, where known, its word filter and the names it defines in a
 * language (by its key).
 * The views it reads back share the snapshot's bytes. A shard keeps what it learns of a file in the
 * same form (`recordEntry`), so that a version it read and one a snapshot recorded cost the same.
 */
import { mayContainAt } from './wordFilter.js';

export interface RecordedFile {
  readonly stamp: string;
  /** Zero bytes: too large or binary at that stamp. */
  readonly content: Buffer;
  readonly words: Uint8Array | undefined;
  readonly defined: DefinedNames | undefined;
  /** The content's git blob id (see `contentKey.ts`); undefined for a file with nothing to search. */
  readonly blob: Uint8Array | undefined;
}

/** The names a file defines in UTF-8, each followed by a NUL, when read as the language of this key. */
export interface DefinedNames {
  readonly language: Buffer;
  readonly names: Buffer;
}

const HEADER = 4 + 1 + 1 + 4 + 1 + 4 + 1;

/** The snapshot's bytes are made in parts of about this size, each written as it is made: a large tree's snapshot is tens of megabytes. */
const PART_BYTES = 1 << 20;

/**
 * An entry to save with another file's stamp: one taken from another worktree's snapshot, saved as
 * this worktree's file (whose content git vouched is the same).
 */
export interface RestampedEntry {
  readonly entry: RecordedEntry;
  readonly stamp: string;
}

/**
 * The snapshot's bytes, in parts: the number of files, then the files' entries, each copied as it is
 * or with another stamp. A part is valid until the next one is asked for (its buffer is used again),
 * long enough to write it.
 */
export function* encodeFilesSnapshot(files: readonly (RecordedEntry | RestampedEntry)[]): Generator<Buffer> {
  const count = Buffer.allocUnsafe(4);
  count.writeUInt32LE(files.length, 0);
  yield count;
  let part = Buffer.allocUnsafe(PART_BYTES);
  let at = 0;
  for (const saved of files) {
    const entry = saved instanceof RecordedEntry ? saved : saved.entry;
    const stamp = saved instanceof RecordedEntry ? undefined : saved.stamp;
    const size = entry.sizeWithStamp(stamp);
    if (at + size > part.length) {
      if (at > 0) yield part.subarray(0, at);
      if (size > part.length) part = Buffer.allocUnsafe(size);
      at = 0;
    }
    // Its bytes copied, not a view of each field: a shard's snapshot of the kernel, made of views, had held some 20 MB a worker while it was written.
    at = entry.copyTo(part, at, stamp);
  }
  if (at > 0) yield part.subarray(0, at);
}

function entrySize(relative: string, file: RecordedFile): number {
  const defined = file.defined === undefined ? 0 : file.defined.language.length + file.defined.names.length;
  return HEADER + Buffer.byteLength(relative, 'utf8') + file.stamp.length + file.content.length + (file.words?.length ?? 0) + defined + (file.blob?.length ?? 0);
}

/** Writes one file's entry at `at`; returns where it ends. */
function writeEntry(data: Buffer, at: number, relative: string, file: RecordedFile): number {
  const put = (bytes: Uint8Array) => {
    data.set(bytes, at);
    at += bytes.length;
  };
  data.writeUInt32LE(Buffer.byteLength(relative, 'utf8'), at);
  data.writeUInt8(file.stamp.length, at + 4);
  data.writeUInt8(file.content.length, at + 5);
  data.writeUInt32LE(file.words?.length ?? 0, at + 6);
  data.writeUInt8(file.defined?.language.length ?? 0, at + 10);
  data.writeUInt32LE(file.defined?.names.length ?? 0, at + 11);
  data.writeUInt8(file.blob?.length ?? 0, at + 15);
  at += HEADER;
  at += data.write(relative, at, 'utf8');
  at += data.write(file.stamp, at, 'latin1');
  put(file.content);
  if (file.words !== undefined) put(file.words);
  if (file.defined !== undefined) {
    put(file.defined.language);
    put(file.defined.names);
  }
  if (file.blob !== undefined) put(file.blob);
  return at;
}

/** Bytes of a buffer given to write into: from `at` of `block`. */
export interface Room {
  readonly block: Buffer;
  readonly at: number;
}

/** Room of `size` bytes for an entry. */
export type RoomFor = (size: number) => Room;

/** Writes the file's entry into the room `roomFor` gives, and reads it back from there in place. */
export function recordEntry(relative: string, file: RecordedFile, roomFor: RoomFor): RecordedEntry {
  const { block, at } = roomFor(entrySize(relative, file));
  writeEntry(block, at, relative, file);
  return new RecordedEntry(block, at);
}

/**
 * A file's entry in a snapshot, its fields read from the snapshot's bytes each time they are asked
 * for. A large tree's snapshot holds tens of thousands of entries, and a search needs only the stamp
 * and the word filter of most of them: made into views all at once, they took each worker of a fresh
 * kernel server a tenth of a second, and held some 20 MB in each.
 */
export class RecordedEntry implements RecordedFile {
  constructor(
    private readonly data: Buffer,
    /** Where the entry's header is. */
    private readonly at: number,
  ) {}

  /** The file's path, relative to the project. */
  get relative(): string {
    return this.data.toString('utf8', this.at + HEADER, this.at + HEADER + this.pathLength());
  }

  get stamp(): string {
    const from = this.at + HEADER + this.pathLength();
    return this.data.toString('latin1', from, from + this.stampLength());
  }

  /** The entry with the word filter that came apart from it (it has none of its own: see `EntryWithWords`). */
  withWords(filter: Uint8Array): RecordedEntry {
    if (this.knowsWords) throw new Error(`${this.relative}'s entry has a word filter already`);
    return new EntryWithWords(this.data, this.at, filter);
  }

  /** Copies the entry's bytes to `at`, with `stamp` in place of its own if given; returns where they end. */
  copyTo(target: Buffer, at: number, stamp?: string): number {
    return this.copyBytes(target, at, stamp, this.bytesEnd());
  }

  /** `copyTo`, with `filter` as its word filter (it has none of its own: see `EntryWithWords`). */
  protected copyWithWords(target: Buffer, at: number, stamp: string | undefined, filter: Uint8Array): number {
    const wordsFrom = this.contentStart() + this.contentLength;
    let to = this.copyBytes(target, at, stamp, wordsFrom);
    target.writeUInt32LE(filter.length, at + 6);
    target.set(filter, to);
    to += filter.length;
    const end = this.bytesEnd();
    this.data.copy(target, to, wordsFrom, end);
    return to + end - wordsFrom;
  }

  /** Copies the entry's bytes up to `end` (where in its own bytes) to `at`, with `stamp` in place of its own if given; returns where they end. */
  private copyBytes(target: Buffer, at: number, stamp: string | undefined, end: number): number {
    if (stamp === undefined) {
      this.data.copy(target, at, this.at, end);
      return at + end - this.at;
    }
    const stampFrom = this.at + HEADER + this.pathLength();
    const afterStamp = stampFrom + this.stampLength();
    this.data.copy(target, at, this.at, stampFrom);
    target.writeUInt8(stamp.length, at + 4);
    let to = at + stampFrom - this.at;
    to += target.write(stamp, to, 'latin1');
    this.data.copy(target, to, afterStamp, end);
    return to + end - afterStamp;
  }

  /** Where the entry's own bytes end. */
  private bytesEnd(): number {
    return this.contentStart() + this.contentLength + this.wordsLength() + this.languageLength() + this.namesLength() + this.blobLength();
  }

  /** The entry's length in bytes, header included. */
  get size(): number {
    return this.sizeWithStamp(undefined);
  }

  /** Its length with `stamp` in place of its own, if given. */
  sizeWithStamp(stamp: string | undefined): number {
    const stampLength = stamp === undefined ? this.stampLength() : stamp.length;
    return HEADER + this.pathLength() + stampLength + this.contentLength + this.wordsLength() + this.languageLength() + this.namesLength() + this.blobLength();
  }

  /** The content key's length: 0 for a file with nothing to search. */
  get contentLength(): number {
    return this.data[this.at + 5]!;
  }

  get content(): Buffer {
    const from = this.contentStart();
    return this.data.subarray(from, from + this.contentLength);
  }

  /** Whether the entry holds the file's word filter. */
  get knowsWords(): boolean {
    return this.wordsLength() > 0;
  }

  get words(): Uint8Array | undefined {
    const length = this.wordsLength();
    if (length === 0) return undefined;
    const from = this.contentStart() + this.contentLength;
    return this.data.subarray(from, from + length);
  }

  /** Whether the file may hold every one of the words (`mayContain` of its word filter, without a view of it); true when its filter is not known. */
  mayContain(words: readonly number[]): boolean {
    const length = this.wordsLength();
    return length === 0 || mayContainAt(this.data, this.contentStart() + this.contentLength, length, words);
  }

  get defined(): DefinedNames | undefined {
    const languageLength = this.languageLength();
    if (languageLength === 0) return undefined;
    const from = this.contentStart() + this.contentLength + this.wordsLength();
    return { language: this.data.subarray(from, from + languageLength), names: this.data.subarray(from + languageLength, from + languageLength + this.namesLength()) };
  }

  get blob(): Buffer | undefined {
    const length = this.blobLength();
    if (length === 0) return undefined;
    const from = this.contentStart() + this.contentLength + this.wordsLength() + this.languageLength() + this.namesLength();
    return this.data.subarray(from, from + length);
  }

  private contentStart(): number {
    return this.at + HEADER + this.pathLength() + this.stampLength();
  }

  // The header's lengths, as `writeEntry` puts them.
  private pathLength(): number {
    return uint32At(this.data, this.at);
  }

  private stampLength(): number {
    return this.data[this.at + 4]!;
  }

  private wordsLength(): number {
    return uint32At(this.data, this.at + 6);
  }

  private languageLength(): number {
    return this.data[this.at + 10]!;
  }

  private namesLength(): number {
    return uint32At(this.data, this.at + 11);
  }

  private blobLength(): number {
    return this.data[this.at + 15]!;
  }
}

/**
 * An entry read without a word filter, with the filter sent apart from it (a remote cache sends the
 * filters after the entries: see src/remote/FORMAT.md): the entry's bytes are not copied, and it is
 * saved as one entry holding both.
 */
class EntryWithWords extends RecordedEntry {
  constructor(
    data: Buffer,
    at: number,
    private readonly filter: Uint8Array,
  ) {
    super(data, at);
  }

  override get knowsWords(): boolean {
    return this.filter.length > 0;
  }

  override get words(): Uint8Array | undefined {
    return this.filter.length > 0 ? this.filter : undefined;
  }

  override mayContain(words: readonly number[]): boolean {
    return this.filter.length === 0 || mayContainAt(this.filter, 0, this.filter.length, words);
  }

  override sizeWithStamp(stamp: string | undefined): number {
    return super.sizeWithStamp(stamp) + this.filter.length;
  }

  override copyTo(target: Buffer, at: number, stamp?: string): number {
    return this.copyWithWords(target, at, stamp, this.filter);
  }
}

/**
 * A little-endian 32-bit number. Buffer's `readUInt32LE` checks its bounds and wraps itself for
 * its stack traces: a fresh worker reads some 40,000 of these from its snapshot before its first
 * search, and this took half the time.
 */
function uint32At(data: Uint8Array, at: number): number {
  return (data[at]! | (data[at + 1]! << 8) | (data[at + 2]! << 16)) + data[at + 3]! * 0x1000000;
}

/**
 * The files a snapshot holds, in its order, or undefined when it does not read back whole. Every
 * entry's lengths are checked here; its fields are read where they are used (see RecordedEntry).
 * A list, not a map by path: its reader puts them where it keeps them (a map of the kernel's
 * entries made here and copied into another had cost a fresh worker tens of milliseconds).
 */
export function decodeFilesSnapshot(data: Buffer): RecordedEntry[] | undefined {
  if (data.length < 4) return undefined;
  const count = data.readUInt32LE(0);
  const files: RecordedEntry[] = [];
  let at = 4;
  for (let i = 0; i < count; i++) {
    if (at + HEADER > data.length) return undefined;
    const entry = new RecordedEntry(data, at);
    at += entry.size;
    if (at > data.length) return undefined;
    files.push(entry);
  }
  return at === data.length ? files : undefined;
}
