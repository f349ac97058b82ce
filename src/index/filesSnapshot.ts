/**
 * What a shard knew of its files, saved whole so that a fresh server takes it in one read (see
 * FORMAT.md): for each file its path, the stamp it had, its content key (none for a file with nothing
 * to search) and, where known, its word filter and the names it defines in a language (by its key).
 * The views it reads back share the snapshot's bytes.
 */

export interface RecordedFile {
  readonly stamp: string;
  /** Zero bytes: too large or binary at that stamp. */
  readonly content: Buffer;
  readonly words: Uint8Array | undefined;
  readonly defined: DefinedNames | undefined;
}

/** The names a file defines in UTF-8, each followed by a NUL, when read as the language of this key. */
export interface DefinedNames {
  readonly language: Buffer;
  readonly names: Buffer;
}

const HEADER = 4 + 1 + 1 + 4 + 1 + 4;

/** The snapshot's bytes are made in parts of about this size, each written as it is made: a large tree's snapshot is tens of megabytes. */
const PART_BYTES = 1 << 20;

/**
 * The snapshot's bytes, in parts: the number of files, then the files' entries. A part is valid until
 * the next one is asked for (its buffer is used again), long enough to write it.
 */
export function* encodeFilesSnapshot(files: readonly (readonly [string, RecordedFile])[]): Generator<Buffer> {
  const count = Buffer.allocUnsafe(4);
  count.writeUInt32LE(files.length, 0);
  yield count;
  let part = Buffer.allocUnsafe(PART_BYTES);
  let at = 0;
  for (const [relative, file] of files) {
    const size = entrySize(relative, file);
    if (at + size > part.length) {
      if (at > 0) yield part.subarray(0, at);
      if (size > part.length) part = Buffer.allocUnsafe(size);
      at = 0;
    }
    at = writeEntry(part, at, relative, file);
  }
  if (at > 0) yield part.subarray(0, at);
}

function entrySize(relative: string, file: RecordedFile): number {
  const defined = file.defined === undefined ? 0 : file.defined.language.length + file.defined.names.length;
  return HEADER + Buffer.byteLength(relative, 'utf8') + file.stamp.length + file.content.length + (file.words?.length ?? 0) + defined;
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
  at += HEADER;
  at += data.write(relative, at, 'utf8');
  at += data.write(file.stamp, at, 'latin1');
  put(file.content);
  if (file.words !== undefined) put(file.words);
  if (file.defined !== undefined) {
    put(file.defined.language);
    put(file.defined.names);
  }
  return at;
}

/** The files a snapshot holds, or undefined when it does not read back whole. */
export function decodeFilesSnapshot(data: Buffer): Map<string, RecordedFile> | undefined {
  const files = new Map<string, RecordedFile>();
  if (data.length < 4) return undefined;
  const count = data.readUInt32LE(0);
  let at = 4;
  for (let i = 0; i < count; i++) {
    if (at + HEADER > data.length) return undefined;
    const pathLength = data.readUInt32LE(at);
    const stampLength = data.readUInt8(at + 4);
    const contentLength = data.readUInt8(at + 5);
    const wordsLength = data.readUInt32LE(at + 6);
    const languageLength = data.readUInt8(at + 10);
    const namesLength = data.readUInt32LE(at + 11);
    at += HEADER;
    if (at + pathLength + stampLength + contentLength + wordsLength + languageLength + namesLength > data.length) return undefined;
    const relative = data.toString('utf8', at, (at += pathLength));
    const stamp = data.toString('latin1', at, (at += stampLength));
    const content = data.subarray(at, (at += contentLength));
    const words = wordsLength === 0 ? undefined : data.subarray(at, (at += wordsLength));
    const language = data.subarray(at, (at += languageLength));
    const names = data.subarray(at, (at += namesLength));
    files.set(relative, { stamp, content, words, defined: languageLength === 0 ? undefined : { language, names } });
  }
  return at === data.length ? files : undefined;
}
