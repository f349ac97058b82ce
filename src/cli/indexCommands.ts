/** `zumba index` (the whole project into the index, now) and `zumba cache [clear]` (where it is, how big; empty it). */
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { indexSettings, type CacheOptions } from '../index/index.js';
import { snapshotFiles, SNAPSHOTS_FOLDER } from '../index/snapshots.js';
import { INDEX_FILE, removeIndexFile } from '../index/store.js';
import type { Project } from '../session/project.js';
import { progressLine } from './progressLine.js';

export async function indexCommand(project: Project): Promise<number> {
  const line = progressLine('indexing', { keep: true });
  await project.search.index(line?.show);
  line?.end();
  await project.search.close();
  return 0;
}

export async function cacheCommand(options: CacheOptions, clear: boolean): Promise<number> {
  let refused: string | undefined;
  const settings = indexSettings(options, (message) => (refused = message));
  if (settings === undefined) {
    process.stderr.write(`zumba: ${refused ?? 'no cache with --no-cache'}\n`);
    return 1;
  }
  const file = path.join(settings.folder, INDEX_FILE);
  if (clear) {
    // Every format's file: an older zumba's index is of no use to this one.
    for (const name of readdirSync(settings.folder)) if (/^index-v\d+\.sqlite$/.test(name)) removeIndexFile(path.join(settings.folder, name));
    rmSync(path.join(settings.folder, SNAPSHOTS_FOLDER), { recursive: true, force: true });
    process.stdout.write(`cleared ${settings.folder}\n`);
    return 0;
  }
  const database = ['', '-wal', '-shm'].reduce((total, suffix) => total + (statSync(file + suffix, { throwIfNoEntry: false })?.size ?? 0), 0);
  const bytes = snapshotFiles(settings.folder).reduce((total, snapshot) => total + snapshot.bytes, database);
  process.stdout.write(`${settings.folder}\n${megabytes(bytes)} of at most ${megabytes(settings.maxBytes)}\n`);
  return 0;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}
