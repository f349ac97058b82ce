/** The folder a server or command works on, checked once at start-up. */
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Languages } from '../definitions/languages.js';
import { loadLanguages } from '../definitions/manifest.js';
import { ProjectSearch } from '../search/projectSearch.js';
import { ProjectWalk } from './walker.js';

export interface Project {
  /** Absolute path as the user gave it, normalised. */
  readonly root: string;
  /** The same folder with every symbolic link resolved: containment is checked against this. */
  readonly realRoot: string;
  /** The editor's diagnostics file, when one was given; it may be outside the project. */
  readonly diagnosticsFile?: string;
  /** The languages its outlines are made in: the package's grammars and any the user added. */
  readonly languages: Languages;
  /** The walk, kept between calls and checked against the disk at each. */
  readonly walk: ProjectWalk;
  /** Project-wide search over the walk, by worker threads that keep file contents and definitions. */
  readonly search: ProjectSearch;
}

export interface ProjectOptions {
  readonly diagnosticsFile?: string;
  /** Folders laid out like the package's `grammars/` + `queries/`, adding or overriding languages. */
  readonly languageRoots?: readonly string[];
}

export class ProjectError extends Error {
  override name = 'ProjectError';
}

export function openProject(folder: string, options: ProjectOptions = {}): Project {
  const root = path.resolve(folder);
  let isDirectory: boolean;
  try {
    isDirectory = statSync(root).isDirectory();
  } catch {
    throw new ProjectError(`project folder does not exist: ${folder}`);
  }
  if (!isDirectory) throw new ProjectError(`project is not a folder: ${folder}`);
  const realRoot = realpathSync(root);
  const languages = loadLanguages(options.languageRoots);
  const walk = new ProjectWalk(realRoot);
  return {
    root,
    realRoot,
    walk,
    languages,
    search: new ProjectSearch(walk, languages, realRoot),
    ...(options.diagnosticsFile !== undefined && { diagnosticsFile: path.resolve(options.diagnosticsFile) }),
  };
}
