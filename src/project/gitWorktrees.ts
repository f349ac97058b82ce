/**
 * The git worktrees a project folder shares its repository with, found as git finds them: the
 * nearest `.git` above the folder (a folder, or a file `gitdir: …` for a linked worktree or a
 * submodule), its common folder (`commondir`), the main worktree beside that, and the linked ones
 * listed under its `worktrees/`. What is read is git's own metadata, nothing of the worktrees
 * themselves. Each worktree's index is where git vouches for its files' contents (see `gitIndex.ts`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface GitWorktree {
  /** The worktree's top folder. */
  readonly top: string;
  /** Its index file: what git vouches for of its files. */
  readonly index: string;
}

/** The worktree a folder is in, the folder's path within it (`/`, '' at its top), and the repository's other worktrees. */
export interface WorktreeFamily {
  readonly own: GitWorktree;
  readonly within: string;
  /** `within` followed by `/`, '' at the top: what the folder's paths relative to it are prefixed with in the worktree's (and git's index's). */
  readonly prefix: string;
  readonly others: readonly GitWorktree[];
}

/** The worktrees of the repository the folder (a real path) is in; undefined outside git, or where its metadata does not read as git's. */
export function worktreeFamily(folder: string): WorktreeFamily | undefined {
  try {
    return familyOf(folder);
  } catch {
    return undefined; // A folder on the way that may not be looked at: as outside git.
  }
}

function familyOf(folder: string): WorktreeFamily | undefined {
  const top = worktreeTop(folder);
  if (top === undefined) return undefined;
  const gitDir = gitDirOf(top);
  if (gitDir === undefined) return undefined;
  const commonDir = path.resolve(gitDir, firstLine(path.join(gitDir, 'commondir')) ?? '.');
  const own = { top, index: path.join(gitDir, 'index') };
  const others = [mainWorktree(commonDir), ...linkedWorktrees(commonDir)].filter((worktree): worktree is GitWorktree => worktree !== undefined && worktree.top !== top);
  const within = path.relative(top, folder).split(path.sep).join('/');
  return { own, within, prefix: within === '' ? '' : `${within}/`, others };
}

/** The nearest folder at or above `folder` that holds a `.git`. */
function worktreeTop(folder: string): string | undefined {
  for (let at = folder; ; at = path.dirname(at)) {
    if (statSync(path.join(at, '.git'), { throwIfNoEntry: false }) !== undefined) return at;
    if (path.dirname(at) === at) return undefined;
  }
}

/** The git folder of a worktree: its `.git`, or the one its `.git` file names; undefined when it is not one (no `HEAD`). */
function gitDirOf(top: string): string | undefined {
  const dotGit = path.join(top, '.git');
  const stats = statSync(dotGit, { throwIfNoEntry: false });
  let gitDir: string | undefined = dotGit;
  if (stats?.isFile() === true) {
    const line = firstLine(dotGit);
    gitDir = line?.startsWith('gitdir: ') === true ? path.resolve(top, line.slice('gitdir: '.length)) : undefined;
  }
  return gitDir !== undefined && statSync(path.join(gitDir, 'HEAD'), { throwIfNoEntry: false })?.isFile() === true ? gitDir : undefined;
}

/** The main worktree, where the common folder is a `.git` folder (not a bare repository's, nor a submodule's under `.git/modules`). */
function mainWorktree(commonDir: string): GitWorktree | undefined {
  return path.basename(commonDir) === '.git' ? { top: path.dirname(commonDir), index: path.join(commonDir, 'index') } : undefined;
}

/** The linked worktrees: each `worktrees/<name>/gitdir` names the `.git` file at a worktree's top. */
function linkedWorktrees(commonDir: string): GitWorktree[] {
  const folder = path.join(commonDir, 'worktrees');
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const dotGit = firstLine(path.join(folder, name, 'gitdir'));
    return dotGit === undefined ? [] : [{ top: path.dirname(path.resolve(folder, name, dotGit)), index: path.join(folder, name, 'index') }];
  });
}

/** A small metadata file's first line, or undefined when it cannot be read. */
function firstLine(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').split('\n')[0]!.trim();
  } catch {
    return undefined;
  }
}
