/**
 * Where the index lives, and whether that folder may be trusted. A cache that someone else can write
 * could be made to lie, so a folder that is a symbolic link, belongs to another user or can be
 * written by others is refused; the folders made here are mode 0700.
 */
import { lstatSync, mkdirSync, type Stats } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The cache folder the environment names: `$ZUMBA_CACHE_DIR`, else `$XDG_CACHE_HOME/zumba`, else `~/.cache/zumba`. */
export function defaultCacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  if (env['ZUMBA_CACHE_DIR']) return path.resolve(env['ZUMBA_CACHE_DIR']);
  if (env['XDG_CACHE_HOME']) return path.resolve(env['XDG_CACHE_HOME'], 'zumba');
  return path.join(os.homedir(), '.cache', 'zumba');
}

export class CacheFolderError extends Error {
  override name = 'CacheFolderError';
}

/**
 * Makes the folder (and any missing folder above it, each 0700) unless it exists, then checks that
 * it is a real folder of this user that no one else can write. Throws CacheFolderError saying why not.
 */
export function trustedCacheFolder(folder: string): string {
  let stat = lstatOf(folder);
  if (stat === undefined) {
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
    } catch (error) {
      throw new CacheFolderError(`cannot make the cache folder ${folder}: ${reason(error)}`);
    }
    stat = lstatOf(folder);
  }
  if (stat === undefined) throw new CacheFolderError(`cannot make the cache folder ${folder}`);
  if (stat.isSymbolicLink()) throw new CacheFolderError(`the cache folder ${folder} is a symbolic link`);
  if (!stat.isDirectory()) throw new CacheFolderError(`the cache folder ${folder} is not a folder`);
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) throw new CacheFolderError(`the cache folder ${folder} belongs to another user`);
  if ((stat.mode & 0o022) !== 0) throw new CacheFolderError(`the cache folder ${folder} can be written by other users`);
  return folder;
}

/** The entry itself (not a link's target); undefined when there is none or it cannot be looked at. */
function lstatOf(folder: string): Stats | undefined {
  try {
    return lstatSync(folder, { throwIfNoEntry: false });
  } catch {
    return undefined; // Below a file (ENOTDIR) or out of reach: making it says why.
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message.replace(/^[A-Z]+: /, '') : String(error);
}
