/** The files a project-wide search reads: the walk, less files over the size limit and binary files. */
import type { Project } from './project.js';
import { readRegularFile, SEARCH_SIZE_LIMIT } from './files.js';
import { walkProject, type WalkedFile } from './walker.js';

export interface SearchableFile extends WalkedFile {
  readonly bytes: Buffer;
}

/** Reads one walked file for a search; undefined when it is too large, binary, or gone. */
export function searchableText(file: WalkedFile): SearchableFile | undefined {
  try {
    const read = readRegularFile(file.absolute, SEARCH_SIZE_LIMIT);
    return read.kind === 'text' ? { ...file, bytes: read.bytes } : undefined;
  } catch {
    return undefined; // Deleted or made unreadable since the walk: it is no longer there to search.
  }
}

/** Every searchable file of the project with its contents, in path order. */
export function* searchableFiles(project: Project, keep: (relative: string) => boolean = () => true): Generator<SearchableFile> {
  for (const file of walkProject(project)) {
    if (!keep(file.relative)) continue;
    const searchable = searchableText(file);
    if (searchable !== undefined) yield searchable;
  }
}
