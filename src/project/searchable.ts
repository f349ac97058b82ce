/**
 * The files a project-wide search reads: the walk's files, less those over the size limit and binary
 * ones, with their contents. Contents are kept between searches; before each use a file is checked
 * against the disk (inode, modification and change times, size) and read again when any differs.
 *
 * A search that only glances at a file (most files hold no match) may read it into one scratch
 * buffer instead of keeping it: the first search of a project then touches no new memory for the
 * files it reads, which costs about as much as reading them. What it finds worth keeping it keeps.
 */
import { readRegularFile, SEARCH_SIZE_LIMIT } from './files.js';
import { stampOf, type WalkedFile } from './walker.js';

export interface SearchableFile extends WalkedFile {
  readonly bytes: Buffer;
  /** The version of the contents (see `stampOfStats`): a key for whatever is derived from them. */
  readonly version: string;
}

interface Cached {
  readonly stamp: string;
  /** Undefined: too large, binary or unreadable. */
  readonly file: SearchableFile | undefined;
}

export class FileContents {
  private readonly cached = new Map<string, Cached>();
  private readonly scratch = Buffer.allocUnsafe(SEARCH_SIZE_LIMIT + 1);

  /**
   * The file as it is on disk now; undefined when it is too large, binary, or gone. With `glance`,
   * a file not kept is read into the scratch buffer and not kept: its bytes are good until the next
   * read (see `keep`).
   */
  read(file: WalkedFile, options: { glance?: boolean } = {}): SearchableFile | undefined {
    const known = this.cached.get(file.relative);
    // A file never read is read at once (its open tells its version); a known one is checked first.
    if (known !== undefined && known.stamp === stampOf(file.absolute)) return known.file;
    const fresh = readText(file, options.glance === true ? this.scratch : undefined);
    if (fresh === undefined || (options.glance === true && fresh.file !== undefined)) this.cached.delete(file.relative);
    else this.cached.set(file.relative, fresh);
    return fresh?.file;
  }

  /** Whether the file is known (kept, or known not to be searchable), whatever the disk holds now. */
  has(relative: string): boolean {
    return this.cached.has(relative);
  }

  /** Keeps a file `read` glanced at, so that its bytes outlive the next read; returns the kept file. */
  keep(file: SearchableFile): SearchableFile {
    const known = this.cached.get(file.relative);
    if (known?.file !== undefined && known.stamp === file.version) return known.file;
    const kept = { ...file, bytes: Buffer.from(file.bytes) };
    this.cached.set(file.relative, { stamp: file.version, file: kept });
    return kept;
  }

  /** Forgets the files not in `relatives`. */
  keepOnly(relatives: ReadonlySet<string>): void {
    for (const relative of this.cached.keys()) if (!relatives.has(relative)) this.cached.delete(relative);
  }
}

/** The file read now, with the version it was read at; undefined when it is gone or unreadable. */
function readText(file: WalkedFile, into: Buffer | undefined): Cached | undefined {
  try {
    // Not through a link: the walk saw a file, and a link put in its place may lead out of the project.
    const read = readRegularFile(file.absolute, SEARCH_SIZE_LIMIT, { followLinks: false, ...(into !== undefined && { into }) });
    return { stamp: read.stamp, file: read.kind === 'text' ? { ...file, bytes: read.bytes, version: read.stamp } : undefined };
  } catch {
    return undefined; // Deleted or made unreadable since the walk: it is no longer there to search.
  }
}
