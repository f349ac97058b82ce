/** The package's own version, read from package.json so that `--version` and `serverInfo` never drift. */
import { readFileSync } from 'node:fs';

function readVersion(): string {
  // From dist/src/version.js the package root is two folders up.
  const manifest: unknown = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const version = (manifest as { version?: unknown }).version;
  if (typeof version !== 'string') throw new Error('package.json has no version');
  return version;
}

export const VERSION = readVersion();
