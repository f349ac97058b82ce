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

export function encodeFilesSnapshot(files: Iterable<readonly [string, RecordedFile]>): Buffer {
  const parts: Uint8Array[] = [];
  let count = 0;
  for (const [relative, file] of files) {
    const path = Buffer.from(relative, 'utf8');
    const stamp = Buffer.from(file.stamp, 'latin1');
    const words = file.words ?? new Uint8Array(0);
    const language = file.defined?.language ?? Buffer.alloc(0);
    const names = file.defined?.names ?? Buffer.alloc(0);
    const header = Buffer.alloc(HEADER);
    header.writeUInt32LE(path.length, 0);
    header.writeUInt8(stamp.length, 4);
    header.writeUInt8(file.content.length, 5);
    header.writeUInt32LE(words.length, 6);
    header.writeUInt8(language.length, 10);
    header.writeUInt32LE(names.length, 11);
    parts.push(header, path, stamp, file.content, words, language, names);
    count++;
  }
  const total = Buffer.alloc(4);
  total.writeUInt32LE(count, 0);
  return Buffer.concat([total, ...parts]);
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
