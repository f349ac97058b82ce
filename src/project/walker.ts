/**
 * The project walker: the one place that decides which files a project-wide search sees. It skips
 * what git's exclusion rules exclude, every `.git` entry, and anything that is not a regular file or a
 * folder; symbolic links are not followed (as git and ripgrep don't). Size and binary rules are
 * applied when a file is read (see `searchableText`).
 */
import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { Project } from './project.js';
import { IgnoreRules } from './ignoreRules.js';

export interface WalkedFile {
  /** Relative to the project, with `/`. */
  readonly relative: string;
  readonly absolute: string;
}

/** Every file a search covers, in path order (each folder's entries by name). */
export function walkProject(project: Project): WalkedFile[] {
  const files: WalkedFile[] = [];
  visitFolder(project.realRoot, '', IgnoreRules.atRoot(project.realRoot), files);
  return files;
}

function visitFolder(root: string, folder: string, rules: IgnoreRules, files: WalkedFile[]): void {
  const entries = readEntries(path.join(root, folder));
  for (const entry of entries) {
    if (entry.name === '.git') continue;
    const relative = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!rules.excludes(relative, true)) visitFolder(root, relative, rules.enter(root, relative), files);
    } else if (entry.isFile()) {
      if (!rules.excludes(relative, false)) files.push({ relative, absolute: path.join(root, relative) });
    }
  }
}

function readEntries(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return []; // Unreadable or vanished since its parent was read: nothing to search there.
  }
}
