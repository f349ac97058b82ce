/** The package's own version, from its package.json, so that `--version` and `serverInfo` never drift. */
import { PACKAGE_MANIFEST } from './packageRoot.js';

function readVersion(): string {
  const version = PACKAGE_MANIFEST.version;
  if (typeof version !== 'string') throw new Error('package.json has no version');
  return version;
}

export const VERSION = readVersion();
