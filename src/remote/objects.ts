/**
 * What a remote cache holds (see FORMAT.md): objects named by the SHA-256 of their bytes, each a
 * bucket's entries, word filters or definitions; and per commit a manifest naming each bucket's
 * objects. Objects are not compressed: unzipping a kernel's took a fresh server's workers 0.4 s
 * each, on the way to its first answer; a server may compress them on the wire (see `http.ts`).
 * Nothing fetched is used before it checks: an object's bytes against its name, a manifest's against
 * the checksum in its first line.
 */
import { createHash } from 'node:crypto';
import { decodeFilesSnapshot, encodeFilesSnapshot, type RecordedEntry } from '../index/filesSnapshot.js';
import { shardOf } from '../project/shardOf.js';

/** Files go to this many buckets by their path in the repository, as to shards (`shardOf`): a worker of n fetches only its own where n divides it. */
export const BUCKETS = 64;
const MANIFEST_MAGIC = 'zumba remote 2';
const CONTENT_BYTES = 32;
const LANGUAGE_BYTES = 16;

export interface Manifest {
  readonly commit: string;
  /** Each bucket's objects' names. */
  readonly entries: readonly string[];
  readonly words: readonly string[];
  readonly definitions: readonly string[];
}

/** One file's definitions record, as a bucket's definitions object holds it. */
export interface RemoteDefinitions {
  /** The file's path in the repository. */
  readonly path: string;
  readonly content: Buffer;
  /** The portable language key (see `portableLanguageKey`). */
  readonly language: Buffer;
  readonly payload: Buffer;
}

export const bucketOf = (repositoryPath: string) => shardOf(repositoryPath, BUCKETS);

/** An object's name: the SHA-256 of its bytes, in hex. */
export const objectName = (body: Buffer) => createHash('sha256').update(body).digest('hex');

export function encodeManifest(manifest: Manifest): Buffer {
  const json = JSON.stringify({ commit: manifest.commit, entries: manifest.entries, words: manifest.words, definitions: manifest.definitions });
  return Buffer.from(`${MANIFEST_MAGIC} ${objectName(Buffer.from(json))}\n${json}`);
}

/** The manifest, or undefined when the body is not one whole (damaged, cut short, another format). */
export function decodeManifest(body: Buffer, commit: string): Manifest | undefined {
  const text = body.toString('utf8');
  const newline = text.indexOf('\n');
  const json = text.slice(newline + 1);
  if (newline < 0 || text.slice(0, newline) !== `${MANIFEST_MAGIC} ${objectName(Buffer.from(json))}`) return undefined;
  try {
    const value = JSON.parse(json) as Manifest;
    const names = (list: unknown) => Array.isArray(list) && list.length === BUCKETS && list.every((name) => typeof name === 'string' && /^[0-9a-f]{64}$/.test(name));
    return value.commit === commit && names(value.entries) && names(value.words) && names(value.definitions) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A bucket's entries object: its files' entries as a snapshot holds them, by their paths in the repository, without stamps or word filters. */
export function encodeEntries(entries: readonly RecordedEntry[]): Buffer {
  // Each part copied as it comes: the encoder writes the next one into the same buffer.
  const parts: Buffer[] = [];
  for (const part of encodeFilesSnapshot(entries)) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

/** The entries of an object whose bytes are `body` and name `name` (paths in the repository); undefined when they do not check. */
export function decodeEntries(body: Buffer, name: string): RecordedEntry[] | undefined {
  return objectName(body) === name ? decodeFilesSnapshot(body) : undefined;
}

/** A bucket's words object: the word filter of each file of its entries object, in that order (empty where it has none). */
export function encodeWords(filters: readonly (Uint8Array | undefined)[]): Buffer {
  const parts: Uint8Array[] = [u32(filters.length)];
  for (const filter of filters) parts.push(u32(filter?.length ?? 0), filter ?? new Uint8Array(0));
  return Buffer.concat(parts);
}

/** The word filters of a words object, views of its bytes (empty where a file has none); undefined when they do not check or read back whole. */
export function decodeWords(data: Buffer, name: string): Buffer[] | undefined {
  return recordsOf(data, name, (take) => take(take(4).readUInt32LE(0)));
}

export function encodeDefinitions(records: readonly RemoteDefinitions[]): Buffer {
  const parts: Buffer[] = [u32(records.length)];
  for (const { path, content, language, payload } of records) {
    const pathBytes = Buffer.from(path, 'utf8');
    parts.push(u32(pathBytes.length), pathBytes, content, language, u32(payload.length), payload);
  }
  return Buffer.concat(parts);
}

/** The records of a definitions object, views of its bytes; undefined when they do not check or read back whole. */
export function decodeDefinitions(data: Buffer, name: string): RemoteDefinitions[] | undefined {
  return recordsOf(data, name, (take) => {
    const path = take(take(4).readUInt32LE(0)).toString('utf8');
    const content = take(CONTENT_BYTES);
    const language = take(LANGUAGE_BYTES);
    const payload = take(take(4).readUInt32LE(0));
    return { path, content, language, payload };
  });
}

/**
 * The records of an object of a 32-bit count and that many records, each read by `read` through
 * `take` (the next bytes, as a view); undefined when its bytes are not its name's, or do not read
 * back whole.
 */
function recordsOf<T>(data: Buffer, name: string, read: (take: (length: number) => Buffer) => T): T[] | undefined {
  if (objectName(data) !== name || data.length < 4) return undefined;
  const count = data.readUInt32LE(0);
  const records: T[] = [];
  let at = 4;
  const take = (length: number) => {
    if (at + length > data.length) throw new RangeError('cut short');
    const bytes = data.subarray(at, at + length);
    at += length;
    return bytes;
  };
  try {
    for (let i = 0; i < count; i++) records.push(read(take));
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
  return at === data.length ? records : undefined;
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value, 0);
  return bytes;
}

/** Where the objects and a commit's manifest are, under the remote's base URL, for records of this namespace (see `remoteNamespace`). */
export const objectPath = (name: string) => `v2/objects/${name}`;
export const manifestPath = (namespace: string, commit: string) => `v2/${namespace}/commits/${commit}`;
