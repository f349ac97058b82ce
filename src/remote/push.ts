/**
 * `zumba index --push`: what the local index holds of the project, put in the remote cache for the
 * commit checked out, for other machines to start from. Each bucket's entries, word filters and
 * definitions are an object named by its bytes (one the remote has already is not sent again); the
 * commit's manifest, naming them, is put last, so that a reader never finds a manifest whose objects
 * are not all there.
 */
import { realpathSync } from 'node:fs';
import type { Languages } from '../definitions/languages.js';
import { decodeFilesSnapshot, recordEntry, type RecordedEntry } from '../index/filesSnapshot.js';
import type { IndexStore } from '../index/store.js';
import { worktreeFamily } from '../project/gitWorktrees.js';
import { hasObject, putObject, RemoteError, shownUrl } from './http.js';
import { BUCKETS, bucketOf, encodeDefinitions, encodeEntries, encodeManifest, encodeWords, manifestPath, objectName, objectPath, type RemoteDefinitions } from './objects.js';
import { commitsToTry, keyMap, remoteKeys } from './remoteCache.js';
import { endpointOf, type RemoteSettings } from './remoteSettings.js';

export interface PushSource {
  readonly projectRoot: string;
  readonly languages: Languages;
  readonly store: IndexStore;
  /** The names of the snapshots the index just saved of the project's shards. */
  readonly snapshotNames: readonly string[];
}

export interface PushReport {
  readonly commit: string;
  readonly url: string;
  readonly objects: number;
  readonly sent: number;
  readonly sentBytes: number;
}

/** Objects sent at once. */
const PUTS_AT_ONCE = 8;

export async function pushIndex({ projectRoot, languages, store, snapshotNames }: PushSource, settings: RemoteSettings): Promise<PushReport> {
  const endpoint = endpointOf(settings);
  const family = worktreeFamily(realpathSync(projectRoot));
  const [commit] = commitsToTry(projectRoot);
  if (family === undefined || commit === undefined) throw new RemoteError('--push needs the project in a git repository, with a commit checked out');
  const prefix = family.prefix;
  const keys = remoteKeys(languages);
  const portableKeys = keyMap(keys, 'local');
  const buckets = Array.from({ length: BUCKETS }, () => ({ entries: [] as RecordedEntry[], words: [] as (Uint8Array | undefined)[], definitions: [] as RemoteDefinitions[] }));
  for (const name of snapshotNames) {
    // None: a shard with no file, or one whose files all changed too recently for their stamps to be saved. Readers read what is not here.
    const data = store.snapshot(name);
    const recorded = data === undefined ? [] : decodeFilesSnapshot(data);
    if (recorded === undefined) throw new RemoteError(`the index's snapshot ${name} could not be read: run zumba index again`);
    for (const entry of recorded) {
      if (entry.blob === undefined) continue; // Nothing to search in it: a reader reads it, as it would.
      const path = prefix + entry.relative;
      const bucket = buckets[bucketOf(path)]!;
      const { shared, definitions } = portable(entry, path, portableKeys, store);
      bucket.entries.push(shared);
      bucket.words.push(entry.words);
      if (definitions !== undefined) bucket.definitions.push(definitions);
    }
  }
  const objects = buckets.flatMap((bucket) => [encodeEntries(bucket.entries), encodeWords(bucket.words), encodeDefinitions(bucket.definitions)]);
  const names = objects.map(objectName);
  let sent = 0;
  let sentBytes = 0;
  for (let i = 0; i < objects.length; i += PUTS_AT_ONCE) {
    await Promise.all(
      objects.slice(i, i + PUTS_AT_ONCE).map(async (body, j) => {
        const name = names[i + j]!;
        if (await hasObject(endpoint, objectPath(name))) return;
        await putObject(endpoint, objectPath(name), body);
        sent++;
        sentBytes += body.length;
      }),
    );
  }
  const manifest = { commit, entries: names.filter((_, i) => i % 3 === 0), words: names.filter((_, i) => i % 3 === 1), definitions: names.filter((_, i) => i % 3 === 2) };
  await putObject(endpoint, manifestPath(keys.namespace, commit), encodeManifest(manifest));
  return { commit, url: shownUrl(endpoint), objects: objects.length, sent, sentBytes };
}

/**
 * The entry as the remote holds it: by its path in the repository, with no stamp (a stamp is this
 * machine's) and no word filter (sent apart: a first find_symbol needs none), the portable key of its
 * language; and its definitions record, where the index has one.
 */
function portable(entry: RecordedEntry, path: string, portableKeys: ReadonlyMap<string, Buffer>, store: IndexStore): { shared: RecordedEntry; definitions: RemoteDefinitions | undefined } {
  const local = entry.defined?.language;
  const language = local === undefined ? undefined : portableKeys.get(local.toString('hex'));
  const payload = local === undefined || language === undefined ? undefined : store.definitions(entry.content, local);
  // Names in a language this build does not know, or whose definitions the index no longer holds, are not shared: a reader parses that file.
  const defined = language !== undefined && payload !== undefined ? { language, names: entry.defined!.names } : undefined;
  const shared = recordEntry(path, { stamp: '', content: entry.content, words: undefined, defined, blob: entry.blob }, (size) => ({ block: Buffer.allocUnsafe(size), at: 0 }));
  return { shared, definitions: defined === undefined ? undefined : { path, content: entry.content, language: defined.language, payload: payload! } };
}
