/** Shared by the tests: where the repository, its fixtures and the built command are. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { openProject, type Project } from '../src/session/project.js';

/** Tests run from `dist/test/`; the repository is two folders up. */
export const repoRoot = path.resolve(fileURLToPath(new URL('../../', import.meta.url)));
export const fixturesRoot = path.join(repoRoot, 'test', 'fixtures');
/** The command as installed: the bundle `npm run build` makes from dist/src/cli/start.js. */
export const cliPath = path.join(repoRoot, 'dist', 'bin', 'main.js');

export function fixture(...parts: string[]): string {
  return path.join(fixturesRoot, ...parts);
}

/** A project in a new temporary folder holding these files (relative path → content). */
export function temporaryProject(files: Record<string, string>): Project {
  const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-project-'));
  for (const [relative, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), content);
  }
  return openProject(root);
}
