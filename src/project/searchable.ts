/**
 * The files a project-wide search reads: the walk's files, less those over the size limit and binary
 * ones. Nothing is kept here: a search reads a file when it needs its bytes, into a buffer it reuses
 * (new memory costs about as much as the read), and the index says which files it need not read.
 */
import { readRegularFile, SEARCH_SIZE_LIMIT } from './files.js';

export interface SearchRead {
  /** The version read (see `stampOfStats`). */
  readonly stamp: string;
  /** Undefined: too large or binary. */
  readonly bytes: Buffer | undefined;
}

/**
 * The file as it is on disk now, read into `into` when it fits there (its bytes are then good until
 * the next read into it); undefined when it is gone, unreadable, or not a regular file.
 */
export function readSearchable(absolute: string, into?: Buffer): SearchRead | undefined {
  try {
    // Not through a link: the walk saw a file, and a link put in its place may lead out of the project.
    const read = readRegularFile(absolute, SEARCH_SIZE_LIMIT, { followLinks: false, ...(into !== undefined && { into }) });
    if (read.kind === 'not-a-file') return undefined;
    return { stamp: read.stamp, bytes: read.kind === 'text' ? read.bytes : undefined };
  } catch {
    return undefined; // Deleted or made unreadable since the walk: it is no longer there to search.
  }
}

/** A buffer that holds any file a search reads. */
export function searchBuffer(): Buffer {
  return Buffer.allocUnsafe(SEARCH_SIZE_LIMIT + 1);
}
