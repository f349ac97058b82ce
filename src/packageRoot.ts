/**
 * The package's own folder, found by walking up from this module to the `package.json` named zumba:
 * the same answer from the compiled modules under dist/src/ and from the bundle under dist/bin/.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(from: string): string {
  for (let folder = path.dirname(from); ; folder = path.dirname(folder)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { name?: unknown };
      if (manifest.name === 'zumba') return folder;
    } catch {
      // No package.json here: look further up.
    }
    if (path.dirname(folder) === folder) throw new Error(`no zumba package.json above ${from}`);
  }
}

export const PACKAGE_ROOT = findPackageRoot(fileURLToPath(import.meta.url));
