/**
 * The database files of a cache folder: which one to open, a new one when there is none, and the
 * removal of a damaged one. No path is ever made twice. SQLite ties a database's shared memory (its
 * `-shm` file, mapped into every process that reads the log) to the database's path, and shares it
 * between the connections of one process by the file's inode: a file removed and made again at the
 * same path, while a thread of a process still reads the old one, had a second connection of that
 * process take the `-shm` as its own, cut it short, and the first thread die of SIGBUS. So each
 * database has a name of its own, made once (`index-v3.<made>-<random>.sqlite`), and is only ever
 * opened as an existing file: a connection to a removed database fails to open instead of making it
 * again, and its process lists the folder once more.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** Bumped whenever what is stored, or how, changes: a file of another format is not read. */
export const FORMAT_VERSION = 3;

const DATABASE_NAME = new RegExp(`^index-v${FORMAT_VERSION}\\.[0-9a-z]+-[0-9a-f]+\\.sqlite$`);
/** Every database file of any format, with its side files: older builds' one-name files (`index-v1.sqlite`) too. */
const ANY_DATABASE_FILE_NAME = /^index-v\d+(\.[0-9a-z]+-[0-9a-f]+)?\.sqlite(-wal|-shm)?$/;
/** The database and its write-ahead log and shared memory: gone together, or a new file would read an old log. */
const DATABASE_SUFFIXES = ['', '-wal', '-shm'];

/** The folder's databases of this format, oldest made first. */
export function databasesOf(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => DATABASE_NAME.test(name))
    .sort()
    .map((name) => path.join(folder, name));
}

/**
 * The database to open: the oldest of this format, the one most likely in use (two processes that
 * each made one at once both take the same); an empty one is made where there is none. Any others
 * are removed: no path is made again, so a process still using one only loses what it writes there.
 * A `-wal` or `-shm` is removed only with its database: one whose database a listing misses (made
 * while the folder was read) may be in use, and a second `-shm` for a database in use would damage it.
 */
export function currentDatabase(folder: string): string {
  let databases = databasesOf(folder);
  if (databases.length === 0) {
    makeDatabase(folder);
    databases = databasesOf(folder);
  }
  const [oldest, ...others] = databases as [string, ...string[]];
  for (const other of others) removeDatabase(other);
  return oldest;
}

/** An empty file with a name never used before (SQLite reads an empty file as an empty database). */
function makeDatabase(folder: string): void {
  // The time first, in a fixed width, so that names sort by when they were made.
  const made = Date.now().toString(36).padStart(9, '0');
  closeSync(openSync(path.join(folder, `index-v${FORMAT_VERSION}.${made}-${randomBytes(8).toString('hex')}.sqlite`), 'wx', 0o600));
}

/** A database with its log and shared memory; the database first, so that no one opens it meanwhile. */
export function removeDatabase(file: string): void {
  for (const suffix of DATABASE_SUFFIXES) rmSync(file + suffix, { force: true });
}

/** Whether a database is still in its folder (another process may have removed it). */
export function databaseExists(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false }) !== undefined;
}

/** Every database file of the folder, of any format, with their logs and shared memories. */
export function allDatabaseFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => ANY_DATABASE_FILE_NAME.test(name))
    .map((name) => path.join(folder, name));
}
