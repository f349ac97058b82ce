/** The folder a server or command works on, checked once at start-up. */
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { DefinitionsCache } from '../definitions/definitionsCache.js';
import { Languages } from '../definitions/languages.js';
import { FileContents } from './searchable.js';
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
  /** The walk and the file contents, kept between calls and checked against the disk at each. */
  readonly walk: ProjectWalk;
  readonly contents: FileContents;
  /** Definitions of its files for find_symbol, made by worker threads and kept per file version. */
  readonly definitions: DefinitionsCache;
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
  const languages = Languages.load(options.languageRoots);
  return {
    root,
    realRoot,
    walk: new ProjectWalk(realRoot),
    contents: new FileContents(),
    languages,
    definitions: new DefinitionsCache(languages),
    ...(options.diagnosticsFile !== undefined && { diagnosticsFile: path.resolve(options.diagnosticsFile) }),
  };
}
