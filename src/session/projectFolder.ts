/**
 * The folder a project is opened on, checked: it exists and is a folder. Checked before anything
 * else is loaded, so that a server given a wrong path says so at once.
 */
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';

export class ProjectError extends Error {
  override name = 'ProjectError';
}

export interface ProjectFolder {
  /** Absolute path as the user gave it, normalised. */
  readonly root: string;
  /** The same folder with every symbolic link resolved: containment is checked against this. */
  readonly realRoot: string;
}

export function projectFolder(folder: string): ProjectFolder {
  const root = path.resolve(folder);
  let isDirectory: boolean;
  try {
    isDirectory = statSync(root).isDirectory();
  } catch {
    throw new ProjectError(`project folder does not exist: ${folder}`);
  }
  if (!isDirectory) throw new ProjectError(`project is not a folder: ${folder}`);
  return { root, realRoot: realpathSync(root) };
}
