/**
 * Path safety for every `path` argument: a path names something inside the project, or it is refused
 * before anything is read. Two stages, as the MCP filesystem server does: the path as written must stay
 * inside, and so must the file it resolves to once symbolic links are followed.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';

/** What a path is checked against: the project folder as given, and with every link resolved. */
export interface ProjectRoots {
  readonly root: string;
  readonly realRoot: string;
}

/** A path argument that names nothing the project may answer about; its message is for the user. */
export class PathError extends Error {
  override name = 'PathError';
}

export interface ProjectPath {
  /** The absolute path to open, with links resolved. */
  readonly absolute: string;
  /** The path relative to the project, with `/`, as tools print it. */
  readonly relative: string;
}

function isInside(folder: string, candidate: string): boolean {
  return candidate === folder || candidate.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep);
}

export function toProjectRelative(project: ProjectRoots, absolute: string): string | undefined {
  for (const root of [project.root, project.realRoot]) {
    if (isInside(root, absolute)) return path.relative(root, absolute).split(path.sep).join('/');
  }
  return undefined;
}

/**
 * Resolves a path argument against the project. Relative paths are taken from the project root;
 * absolute ones must lie inside it. Throws a PathError for a path that leaves the project, directly
 * or through a link, or that does not exist (unless `mayBeMissing`: a filter such as diagnostics'
 * `path` may name a file that is gone; then `absolute` is the path as written).
 */
export function resolveProjectPath(project: ProjectRoots, requested: string, options: { mayBeMissing?: boolean } = {}): ProjectPath {
  if (requested.includes('\0')) throw new PathError('Path contains a NUL byte.');
  if (requested.trim() === '') throw new PathError('Path is empty.');
  const absolute = path.resolve(project.root, requested);
  const relative = toProjectRelative(project, absolute);
  if (relative === undefined) throw new PathError(`Path is outside the project: ${requested}`);
  let real: string;
  try {
    // The C library's: Node's own looks at each folder of the path in turn, ten times slower.
    real = realpathSync.native(absolute);
  } catch (error) {
    if (isMissing(error) && options.mayBeMissing) return { absolute, relative: relative === '' ? '.' : relative };
    if (isMissing(error)) throw new PathError(`No such file: ${requested}`);
    throw new PathError(`Cannot read ${requested}: ${describe(error)}`);
  }
  if (!isInside(project.realRoot, real)) {
    throw new PathError(`Path is outside the project (through a symbolic link): ${requested}`);
  }
  return { absolute: real, relative: relative === '' ? '.' : relative };
}

export function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** The errno code and message of a file-system error, for messages meant for people. */
export function describe(error: unknown): string {
  return error instanceof Error ? error.message.replace(/^[A-Z]+: /, '') : String(error);
}

/** The folder with every symbolic link resolved, or undefined where it cannot be (gone, or not ours to look at). */
export function realPath(folder: string): string | undefined {
  try {
    return realpathSync(folder);
  } catch {
    return undefined;
  }
}

/**
 * The project root with a trailing `/`: a file's absolute path is this and its relative path
 * concatenated (`path.join` would normalise every path of the walk for nothing).
 */
export function rootPrefixOf(projectRoot: string): string {
  return projectRoot.endsWith('/') ? projectRoot : `${projectRoot}/`;
}
