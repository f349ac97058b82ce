/**
 * The package's own folder, found by walking up from this module to the `package.json` named zumba:
 * the same answer from the compiled modules under dist/src/ and from the bundle under dist/bin/.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface PackageManifest {
  readonly name?: unknown;
  readonly version?: unknown;
}

function findPackage(from: string): { readonly root: string; readonly manifest: PackageManifest } {
  for (let folder = path.dirname(from); ; folder = path.dirname(folder)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as PackageManifest;
      if (manifest.name === 'zumba') return { root: folder, manifest };
    } catch {
      // No package.json here: look further up.
    }
    if (path.dirname(folder) === folder) throw new Error(`no zumba package.json above ${from}`);
  }
}

const found = findPackage(fileURLToPath(import.meta.url));

export const PACKAGE_ROOT = found.root;
/** The package's `package.json`, as read when its folder was found. */
export const PACKAGE_MANIFEST: PackageManifest = found.manifest;
