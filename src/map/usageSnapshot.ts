/**
 * What a shard counted for the map, saved as a snapshot of the index (`usage-<i>-of-<n>`, see
 * src/index/FORMAT.md): for each file counted, the content and language its words and linked words
 * are of; and the table of how many of the files use each word, slot by slot. A fresh server reads
 * it rather than every file's words from the database and every file's names again (on the kernel,
 * 3.5 s a worker), and takes the table as it was saved, with no word inserted again.
 */
import type { LinkedWords } from './shardUsage.js';
import { bytesOf, uint32 } from './snapshotBytes.js';
import { WordCounts } from './wordCounts.js';

/** A file as the snapshot holds it: the version counted, and the words its definitions are used by. */
export interface CountedFile {
  readonly relative: string;
  readonly content: Buffer;
  /** The language key of the names the linked words were made of; empty where the file has none. */
  readonly language: Buffer;
  readonly linked: LinkedWords;
}

export interface UsageSnapshot {
  readonly files: readonly CountedFile[];
  readonly counts: WordCounts;
}

/** What the data starts with: a reader takes no other layout for this one. */
const VERSION = Buffer.from('usage 3\0', 'latin1');
const FILE_HEADER = 10;

/**
 * The counts' table comes first, right after the version and its number of slots, and the linked
 * words after padding, so that their arrays start at a multiple of four bytes into the data: a
 * reader takes them as views of the data rather than copies (on the kernel, 49 MB a worker that would
 * be held twice).
 */
export function encodeUsageSnapshot(snapshot: UsageSnapshot): Buffer[] {
  const { keys, counts, taken } = snapshot.counts.slots();
  const parts: Buffer[] = [VERSION, uint32(keys.length), bytesOf(keys), bytesOf(counts), bytesOf(taken), uint32(snapshot.files.length)];
  let linked = 0;
  for (const file of snapshot.files) {
    const path = Buffer.from(file.relative, 'utf8');
    const header = Buffer.alloc(FILE_HEADER);
    header.writeUInt32LE(path.length, 0);
    header.writeUInt8(file.content.length, 4);
    header.writeUInt8(file.language.length, 5);
    header.writeUInt32LE(file.linked.hashes.length, 6);
    parts.push(header, path, file.content, file.language);
    linked += file.linked.hashes.length;
  }
  const written = parts.reduce((sum, part) => sum + part.length, 0);
  parts.push(Buffer.alloc(paddingAt(written)), uint32(linked));
  for (const file of snapshot.files) parts.push(bytesOf(file.linked.hashes));
  for (const file of snapshot.files) parts.push(bytesOf(file.linked.weights));
  return parts;
}

/** The snapshot, or undefined where it does not read back whole. */
export function decodeUsageSnapshot(data: Buffer): UsageSnapshot | undefined {
  try {
    if (!data.subarray(0, VERSION.length).equals(VERSION)) return undefined;
    let at = VERSION.length;
    const take = (length: number) => {
      if (at + length > data.length) throw new RangeError('cut short');
      const part = data.subarray(at, at + length);
      at += length;
      return part;
    };
    const slots = take(4).readUInt32LE(0);
    const counts = WordCounts.fromSlots(viewOrCopy(Uint32Array, take(slots * 4)), viewOrCopy(Uint32Array, take(slots * 4)), viewOrCopy(Uint8Array, take(slots)));
    const headers: { relative: string; content: Buffer; language: Buffer; linked: number }[] = [];
    for (let count = take(4).readUInt32LE(0); count > 0; count--) {
      const header = take(FILE_HEADER);
      const relative = take(header.readUInt32LE(0)).toString('utf8');
      // Copies: kept as long as their files are, views would hold the whole data after the table has grown out of it.
      headers.push({ relative, content: Buffer.from(take(header.readUInt8(4))), language: Buffer.from(take(header.readUInt8(5))), linked: header.readUInt32LE(6) });
    }
    take(paddingAt(at));
    const linked = take(4).readUInt32LE(0);
    // One array each for every file's hashes and weights, each file's a view of them.
    const hashes = viewOrCopy(Uint32Array, take(linked * 4));
    const weights = viewOrCopy(Float32Array, take(linked * 4));
    let from = 0;
    const files = headers.map(({ relative, content, language, linked: count }): CountedFile => {
      if (from + count > linked) throw new RangeError('more linked words than told');
      const file = { relative, content, language, linked: { hashes: hashes.subarray(from, from + count), weights: weights.subarray(from, from + count) } };
      from += count;
      return file;
    });
    return counts !== undefined && from === linked && at === data.length ? { files, counts } : undefined;
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/** The bytes from `at` to the next multiple of four. */
function paddingAt(at: number): number {
  return (4 - (at % 4)) % 4;
}

type ArrayType<T> = { new (length: number): T; new (buffer: ArrayBufferLike, byteOffset: number, length: number): T; readonly BYTES_PER_ELEMENT: number };

/** The bytes as an array of their own (their offset in the data may not be a multiple of the element's size). */
function copied<T extends Uint32Array | Float32Array | Uint8Array>(type: ArrayType<T>, bytes: Buffer): T {
  const array = new type(bytes.length / type.BYTES_PER_ELEMENT);
  Buffer.from(array.buffer).set(bytes);
  return array;
}

/** The bytes as an array that shares them, where their offset allows; else a copy. */
function viewOrCopy<T extends Uint32Array | Float32Array | Uint8Array>(type: ArrayType<T>, bytes: Buffer): T {
  if (bytes.byteOffset % type.BYTES_PER_ELEMENT !== 0) return copied(type, bytes);
  return new type(bytes.buffer, bytes.byteOffset, bytes.length / type.BYTES_PER_ELEMENT);
}
