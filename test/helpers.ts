/** Shared by the tests: where the repository, its fixtures and the built command are. */
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Tests run from `dist/test/`; the repository is two folders up. */
export const repoRoot = path.resolve(fileURLToPath(new URL('../../', import.meta.url)));
export const fixturesRoot = path.join(repoRoot, 'test', 'fixtures');
/** The command as installed: the bundle `npm run build` makes from dist/src/cli/main.js. */
export const cliPath = path.join(repoRoot, 'dist', 'bin', 'main.js');

export function fixture(...parts: string[]): string {
  return path.join(fixturesRoot, ...parts);
}
