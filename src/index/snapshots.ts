/**
 * A project's snapshots (its walk, what each shard knew of its files): large values, each a file of
 * its own in the cache's `snapshots/` folder rather than a row of the database, where reading tens of
 * megabytes through its overflow pages took a fifth of a second. A snapshot is written whole to a
 * temporary file and renamed into place, so a reader sees an old one or a new one, never half (the
 * temporary files of a writer killed mid-write go at the next write); it starts with a checksum of
 * the project, its name and its bytes, and one that does not match is none.
 */
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { isRunning } from '../project/processes.js';

export const SNAPSHOTS_FOLDER = 'snapshots';
/** Sixteen bytes, then a four-byte checksum. A snapshot of another version of the format is none. */
const MAGIC = Buffer.from('zumba snapshot 3');
const CHECKSUM_BYTES = 4;
/** A snapshot read is marked as used (its modification time) at most this often, for eviction. */
const TOUCH_AFTER_MS = 3600_000;

export class Snapshots {
  private readonly folder: string;
  /** Every file name of this project's snapshots starts with this. */
  private readonly prefix: string;

  constructor(
    cacheFolder: string,
    private readonly root: string,
  ) {
    this.folder = path.join(cacheFolder, SNAPSHOTS_FOLDER);
    this.prefix = createHash('sha256').update(root).digest('hex').slice(0, 32);
  }

  /** The snapshot's bytes, or undefined when there is none or it does not read back whole. Throws on I/O errors but a missing file. */
  read(name: string): Buffer | undefined {
    const file = this.fileOf(name);
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const data = bytes.subarray(MAGIC.length + CHECKSUM_BYTES);
    if (bytes.length < MAGIC.length + CHECKSUM_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
    if (bytes.readUInt32LE(MAGIC.length) !== crc32(data, this.seed(name))) return undefined;
    this.touch(file);
    return data;
  }

  /** The names of this project's snapshots that start with `prefix`. */
  names(prefix: string): string[] {
    const start = `${this.prefix}-${prefix}`;
    return listing(this.folder)
      .filter((file) => file.startsWith(start) && file.endsWith('.snapshot'))
      .map((file) => file.slice(this.prefix.length + 1, -'.snapshot'.length));
  }

  /** Writes a snapshot from its parts, each written as it comes (see `encodeFilesSnapshot`), its checksum last. */
  write(name: string, parts: Iterable<Uint8Array>): void {
    mkdirSync(this.folder, { recursive: true, mode: 0o700 });
    removeAbandoned(this.folder);
    const file = this.fileOf(name);
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}${TEMPORARY}`;
    try {
      const fd = openSync(temporary, 'w', 0o600);
      try {
        let check = this.seed(name);
        let at = MAGIC.length + CHECKSUM_BYTES;
        for (const part of parts) {
          // zlib's CRC-32 of no bytes at a null pointer (a view of an empty ArrayBuffer) is 0, not the value given.
          if (part.length === 0) continue;
          check = crc32(part, check);
          writeAll(fd, part, at);
          at += part.length;
        }
        const header = Buffer.alloc(MAGIC.length + CHECKSUM_BYTES);
        MAGIC.copy(header);
        header.writeUInt32LE(check, MAGIC.length);
        writeAll(fd, header, 0);
      } finally {
        closeSync(fd);
      }
      renameSync(temporary, file);
    } finally {
      rmSync(temporary, { force: true });
    }
  }

  private fileOf(name: string): string {
    return path.join(this.folder, `${this.prefix}-${name}.snapshot`);
  }

  /**
   * Where a snapshot's checksum starts: the CRC-32 of its project's folder and its name, so that one
   * moved to another project or name does not check. zlib's CRC-32 reads the megabytes of a large
   * tree's snapshot several times faster than FNV-1a in JavaScript, as a fresh server needs it.
   */
  private seed(name: string): number {
    return crc32(`${this.root}\0${name}\0`);
  }

  private touch(file: string): void {
    try {
      if (Date.now() - statSync(file).mtimeMs > TOUCH_AFTER_MS) utimesSync(file, new Date(), new Date());
    } catch {
      // Gone since it was read, or not ours to touch: its use is only a hint for eviction.
    }
  }
}

const TEMPORARY = '.tmp';
/** A temporary file this old is its writer's no longer, whatever process has its number now (a write takes seconds). */
const ABANDONED_AFTER_MS = 3600_000;

/**
 * Removes the temporary files that writers killed mid-write left (`<snapshot>.<pid>.<random>.tmp`):
 * those whose process is gone, or that are an hour old. One another process is writing stays.
 */
function removeAbandoned(folder: string): void {
  for (const name of listing(folder)) {
    if (!name.endsWith(TEMPORARY)) continue;
    const pid = Number(name.slice(0, -TEMPORARY.length).split('.').at(-2));
    const file = path.join(folder, name);
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat === undefined || (isRunning(pid) && Date.now() - stat.mtimeMs < ABANDONED_AFTER_MS)) continue;
    rmSync(file, { force: true });
  }
}

/** Writes all the bytes at `position` of the file. */
function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written, position + written);
}

/** Every snapshot in a cache folder, least recently used first, with its size. */
export function snapshotFiles(cacheFolder: string): { readonly file: string; readonly bytes: number; readonly used: number }[] {
  const folder = path.join(cacheFolder, SNAPSHOTS_FOLDER);
  return listing(folder)
    .flatMap((name) => {
      const stat = statSync(path.join(folder, name), { throwIfNoEntry: false });
      return stat === undefined ? [] : [{ file: path.join(folder, name), bytes: stat.size, used: stat.mtimeMs }];
    })
    .sort((a, b) => a.used - b.used);
}

/** The bytes of every snapshot in a cache folder. */
export function snapshotBytes(cacheFolder: string): number {
  return snapshotFiles(cacheFolder).reduce((total, snapshot) => total + snapshot.bytes, 0);
}

function listing(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return []; // No snapshot written yet.
  }
}
