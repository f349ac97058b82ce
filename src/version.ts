/** The package's own version, read from package.json so that `--version` and `serverInfo` never drift. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from './packageRoot.js';

function readVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8'));
  const version = (manifest as { version?: unknown }).version;
  if (typeof version !== 'string') throw new Error('package.json has no version');
  return version;
}

export const VERSION = readVersion();
