/**
 * Where a user's shared server listens, and which build it is. The socket is in the cache folder
 * (checked to be this user's alone: see cacheFolder.ts), in a folder of its own made 0700, under a
 * name that is the build's: servers of two builds never meet. The build is the engine's scripts and
 * every language's grammar and queries (see languageKey.ts), so that a query edited or a grammar
 * installed anew is never answered by a shared server that loaded the old one.
 */
import { createHash } from 'node:crypto';
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { trustedCacheFolder } from '../index/cacheFolder.js';
import { languageKey } from '../index/languageKey.js';
import type { Languages } from '../definitions/languages.js';

/** The longest socket path Linux and macOS take (`sun_path` holds 108 and 104 bytes with its end). */
const MOST_SOCKET_PATH_BYTES = 103;

export interface DaemonPlace {
  /** The build's key, hex: the daemon and each server check they are the same. */
  readonly build: string;
  readonly socket: string;
  /** What it writes on stderr (problems with the index, a tool's failure), written anew at each start. */
  readonly log: string;
}

export class DaemonPlaceError extends Error {
  override name = 'DaemonPlaceError';
}

/** This build's key, over the engine and each language it loaded. */
export function buildKey(languages: Languages): string {
  const hash = createHash('sha256');
  for (const key of languages.all.map((language) => languageKey(language).toString('hex')).sort()) hash.update(key);
  return hash.digest('hex');
}

/** The shared server's socket for this build, in the cache folder; throws DaemonPlaceError where there can be none. */
export function daemonPlace(cacheFolder: string, build: string): DaemonPlace {
  const folder = trustedCacheFolder(path.join(cacheFolder, 'daemon'));
  const socket = path.join(folder, `${build.slice(0, 16)}.sock`);
  if (Buffer.byteLength(socket) > MOST_SOCKET_PATH_BYTES) throw new DaemonPlaceError(`the cache folder's path is too long for a socket (${socket})`);
  return { build, socket, log: path.join(folder, `${build.slice(0, 16)}.log`) };
}

/**
 * Whether what is at the socket's path may be connected to: nothing yet, or a socket of this user.
 * Anything else (another user's, a file, a link) is refused, never removed.
 */
export function checkSocket(socket: string): void {
  const stat = lstatSync(socket, { throwIfNoEntry: false });
  if (stat === undefined) return;
  if (!stat.isSocket()) throw new DaemonPlaceError(`${socket} is not a socket`);
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) throw new DaemonPlaceError(`${socket} belongs to another user`);
}
