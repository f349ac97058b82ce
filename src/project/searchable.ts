/**
 * The files a project-wide search reads: the walk's files, less those over the size limit and binary
 * ones, with their contents. Contents are kept between searches; before each use a file is checked
 * against the disk (inode, modification and change times, size) and read again when any differs.
 */
import { readRegularFile, SEARCH_SIZE_LIMIT } from './files.js';
import { stampOf, type WalkedFile } from './walker.js';

export interface SearchableFile extends WalkedFile {
  readonly bytes: Buffer;
  /** One object per version of the file's contents: a key for whatever is derived from them. */
  readonly version: object;
}

interface Cached {
  readonly stamp: string;
  /** Undefined: too large, binary or unreadable. */
  readonly file: SearchableFile | undefined;
}

export class FileContents {
  private readonly cached = new Map<string, Cached>();

  /** The file as it is on disk now; undefined when it is too large, binary, or gone. */
  read(file: WalkedFile): SearchableFile | undefined {
    const known = this.cached.get(file.relative);
    // A file never read is read at once (its open tells its version); a known one is checked first.
    if (known !== undefined && known.stamp === stampOf(file.absolute)) return known.file;
    const fresh = readText(file);
    if (fresh === undefined) this.cached.delete(file.relative);
    else this.cached.set(file.relative, fresh);
    return fresh?.file;
  }

  /** Forgets files that are no longer in the walk. */
  keepOnly(files: readonly WalkedFile[]): void {
    if (this.cached.size <= files.length) return;
    const current = new Set(files.map((file) => file.relative));
    for (const relative of this.cached.keys()) if (!current.has(relative)) this.cached.delete(relative);
  }
}

/** The file read now, with the version it was read at; undefined when it is gone or unreadable. */
function readText(file: WalkedFile): Cached | undefined {
  try {
    // Not through a link: the walk saw a file, and a link put in its place may lead out of the project.
    const read = readRegularFile(file.absolute, SEARCH_SIZE_LIMIT, { followLinks: false });
    return { stamp: read.stamp, file: read.kind === 'text' ? { ...file, bytes: read.bytes, version: {} } : undefined };
  } catch {
    return undefined; // Deleted or made unreadable since the walk: it is no longer there to search.
  }
}
