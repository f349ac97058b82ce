/** `zumba index` (the whole project into the index, now) and `zumba cache [clear]` (where it is, how big; empty it). */
import { clearIndex, indexBytes, indexSettings, type CacheOptions } from '../index/index.js';
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
  if (clear) {
    clearIndex(settings.folder);
    process.stdout.write(`cleared ${settings.folder}\n`);
    return 0;
  }
  process.stdout.write(`${settings.folder}\n${megabytes(indexBytes(settings.folder))} of at most ${megabytes(settings.maxBytes)}\n`);
  return 0;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}
