/** The folder a server or command works on, checked once at start-up. */
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';

export interface Project {
  /** Absolute path as the user gave it, normalised. */
  readonly root: string;
  /** The same folder with every symbolic link resolved: containment is checked against this. */
  readonly realRoot: string;
  /** The editor's diagnostics file, when one was given; it may be outside the project. */
  readonly diagnosticsFile?: string;
}

export class ProjectError extends Error {
  override name = 'ProjectError';
}

export function openProject(folder: string, diagnosticsFile?: string): Project {
  const root = path.resolve(folder);
  let isDirectory: boolean;
  try {
    isDirectory = statSync(root).isDirectory();
  } catch {
    throw new ProjectError(`project folder does not exist: ${folder}`);
  }
  if (!isDirectory) throw new ProjectError(`project is not a folder: ${folder}`);
  const project: Project = { root, realRoot: realpathSync(root) };
  return diagnosticsFile === undefined ? project : { ...project, diagnosticsFile: path.resolve(diagnosticsFile) };
}
