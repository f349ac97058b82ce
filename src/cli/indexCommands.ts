/** `zumba index` (the whole project into the index, now) and `zumba cache [clear]` (where it is, how big; empty it). */
import { clearIndex, indexBytes, indexSettings, openIndexStore, type CacheOptions } from '../index/index.js';
import { RemoteError } from '../remote/http.js';
import { pushIndex } from '../remote/push.js';
import type { Project } from '../session/project.js';
import { progressLine } from './progressLine.js';

export async function indexCommand(project: Project, push: boolean): Promise<number> {
  const line = progressLine('indexing', { keep: true });
  await project.search.index(line?.show);
  // The map's ranking too: a server's first map then takes it as saved, with nothing counted.
  await project.ranking.rank(undefined);
  line?.end();
  const snapshotNames = project.search.snapshotNames(); // Before the workers stop: a stopped pool counts as none.
  await project.search.close();
  return push ? pushCommand(project, snapshotNames) : 0;
}

/** Puts what the index now holds of the project in its remote cache; says what it sent on stdout, or why it failed on stderr (exit 1). */
async function pushCommand(project: Project, snapshotNames: readonly string[]): Promise<number> {
  const store = openIndexStore(project.index, project.realRoot, project.warn);
  try {
    const report = await pushIndex({ projectRoot: project.realRoot, languages: project.languages, store, snapshotNames }, project.remote!);
    process.stdout.write(`pushed ${report.sent} of ${report.objects} objects (${megabytes(report.sentBytes)}) and the manifest of ${report.commit} to ${report.url}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof RemoteError)) throw error;
    process.stderr.write(`zumba: remote cache: ${error.message}\n`);
    return 1;
  } finally {
    store.close();
  }
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
