/**
 * A search worker: one shard of the project, searched on its own thread so that shards are searched
 * side by side. Once idle it brings the rest of its shard into the index, a few files at a time, so
 * that a search that arrives meanwhile waits for one small step at most.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Languages } from '../definitions/languages.js';
import type { ManifestEntries } from '../definitions/manifest.js';
import { openIndexStore, type IndexSettings } from '../index/index.js';
import type { ShardUsageAnswer } from '../map/shardUsage.js';
import type { RemoteKeys } from '../remote/remoteCache.js';
import type { RemoteSettings } from '../remote/remoteSettings.js';
import { Shard, type Hit, type SearchQuery, type ShardFile } from './shard.js';

export interface SearchWorkerData {
  readonly projectRoot: string;
  /** The session's manifests, as the main thread read them: the worker reads none (nor loads zod). */
  readonly languages: ManifestEntries;
  /** Undefined: no index on disk (`--no-cache`, or a cache folder that was refused). */
  readonly index: IndexSettings | undefined;
  /** A remote cache to read where the index knows nothing of the project (this build's keys there come in a message of their own). */
  readonly remote: { readonly settings: RemoteSettings } | undefined;
  /** Whether to index the shard whenever idle (a server), or only when asked (a one-shot command). */
  readonly fillWhenIdle: boolean;
  /** Which shard of how many this worker searches. */
  readonly layout: { readonly shard: number; readonly shards: number };
  /** How many calls the server is answering (one Int32, kept by the main thread): the fill waits while any is. */
  readonly callsInFlight: SharedArrayBuffer;
}

/**
 * Where there is a remote cache, this build's keys there first (made while the worker starts;
 * undefined where they could not be made); then the shard's files (relative paths and places in the
 * walk), queries and index requests, each answered by id; or the end. Files with `more` are the first
 * of a walk still being listed: its next files come in `more files`, up to one without `more`, and
 * nothing else comes in between but the search asked before them (see `Shard.setFiles`).
 */
export type ToSearchWorker =
  | { readonly type: 'remote keys'; readonly keys: RemoteKeys | undefined }
  | { readonly type: 'files' | 'more files'; readonly relatives: readonly string[]; readonly orders: readonly number[]; readonly more?: true }
  | {
      readonly type: 'search';
      readonly id: number;
      readonly query: SearchQuery;
      readonly limit: number;
      readonly progress: boolean;
      /** The only files that may have changed since the last request (see `Shard.mayHaveChanged`); absent, any may have. */
      readonly changed?: readonly string[];
    }
  | { readonly type: 'index'; readonly id: number; readonly changed?: readonly string[] }
  | {
      readonly type: 'usage';
      readonly id: number;
      /** The generation of the shard's usage the main thread holds: the usage is not sent again while it is the same. */
      readonly known?: number;
      /** The digest of the shard's usage that the main thread holds a ranking of (see `Shard.usage`). */
      readonly expected?: Uint8Array;
      readonly progress: boolean;
      readonly changed?: readonly string[];
    }
  | { readonly type: 'users'; readonly id: number; readonly words: Uint32Array }
  | { readonly type: 'stop' };

export type FromSearchWorker =
  | { readonly id: number; readonly hits: Hit[] }
  | { readonly id: number; readonly error: string }
  | { readonly id: number; readonly done: number }
  | { readonly id: number; readonly indexed: true }
  | { readonly id: number; readonly usage: ShardUsageAnswer }
  | { readonly id: number; readonly counts: Uint32Array }
  | { readonly warning: string; readonly fromRemote?: true };

const { projectRoot, languages, index, remote, fillWhenIdle, layout, callsInFlight } = workerData as SearchWorkerData;
const calls = new Int32Array(callsInFlight);
const port = parentPort!;
const store = openIndexStore(index, projectRoot, (warning) => port.postMessage({ warning } satisfies FromSearchWorker));
const warnRemote = (warning: string) => port.postMessage({ warning, fromRemote: true } satisfies FromSearchWorker);
let keysCame: (keys: RemoteKeys | undefined) => void = () => {};
const keys = new Promise<RemoteKeys | undefined>((resolve) => (keysCame = resolve));
const shard = new Shard(projectRoot, new Languages(languages), store, layout, remote && { settings: remote.settings, keys, warn: warnRemote, wordsWithEntries: !fillWhenIdle });
// While the main thread walks the project, this one reads what the index knew of its files.
setImmediate(() => shard.recall());

/** While the server answers a call, the fill looks again this often. */
const PAUSED_MS = 25;

let filling = false;
/**
 * Whether a server's map counted words it has not written yet: written once no call is answered (the
 * count's snapshot of a kernel worker is some 50 MB, which had held up the map's next question to the
 * worker by 0.7 s), with the fill.
 */
let usageToWrite = false;
/** Index requests waiting for the fill to end: each is answered when every file is in the index. */
const indexRequests = new Set<number>();

function fillWhileIdle(): void {
  if (filling || (!fillWhenIdle && indexRequests.size === 0)) return;
  filling = true;
  const step = async (): Promise<unknown> => {
    // Calls have the CPU first; `zumba index`, which answers none, is not held up.
    if (indexRequests.size === 0 && Atomics.load(calls, 0) > 0) return setTimeout(() => void step().catch(fail), PAUSED_MS);
    if (usageToWrite) {
      usageToWrite = false;
      shard.persistUsage();
    }
    const more = await shard.fill((done) => {
      for (const id of indexRequests) port.postMessage({ id, done } satisfies FromSearchWorker);
    });
    if (more) return setImmediate(() => void step().catch(fail));
    // `zumba index` counts the words the files use too, and saves the count: a map's first call then reads it.
    if (indexRequests.size > 0) {
      await shard.usage(undefined);
      shard.persistUsage();
    }
    filling = false;
    for (const id of indexRequests) port.postMessage({ id, indexed: true } satisfies FromSearchWorker);
    indexRequests.clear();
  };
  setImmediate(() => void step().catch(fail));
}

/** A fill that fails is a bug: the worker dies of it, and the main thread takes its searches. */
function fail(error: unknown): void {
  setImmediate(() => {
    throw error;
  });
}

port.on('message', (message: ToSearchWorker) => {
  switch (message.type) {
    case 'remote keys':
      keysCame(message.keys);
      break;
    case 'stop':
      store.close();
      process.exit(0);
      break;
    case 'files':
    case 'more files': {
      const files = message.relatives.map((relative, i): ShardFile => ({ relative, order: message.orders[i]! }));
      const more = message.more === true;
      if (message.type === 'files') shard.setFiles(files, { more });
      else shard.addFiles(files, { more });
      if (!more) fillWhileIdle();
      break;
    }
    case 'index':
      shard.mayHaveChanged(message.changed);
      indexRequests.add(message.id);
      fillWhileIdle();
      break;
    case 'usage': {
      const progress = message.progress ? (done: number) => port.postMessage({ id: message.id, done } satisfies FromSearchWorker) : undefined;
      shard.mayHaveChanged(message.changed);
      shard.usage(message.known, progress, message.expected).then(
        (usage) => {
          // As a search's: a one-shot command, whose process ends with its answer, writes before.
          if (!fillWhenIdle) shard.persistUsage();
          // Moved, not copied: each array is the worker's own, made for this answer.
          const arrays = usage.usage === undefined ? [] : Object.values(usage.usage);
          port.postMessage({ id: message.id, usage } satisfies FromSearchWorker, arrays.map((array) => array.buffer as ArrayBuffer));
          usageToWrite = fillWhenIdle;
          fillWhileIdle();
        },
        (error: unknown) => {
          port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies FromSearchWorker);
          fillWhileIdle();
        },
      );
      break;
    }
    case 'users': {
      const counts = shard.users(message.words);
      port.postMessage({ id: message.id, counts } satisfies FromSearchWorker, [counts.buffer as ArrayBuffer]);
      break;
    }
    case 'search': {
      const progress = message.progress ? (done: number) => port.postMessage({ id: message.id, done } satisfies FromSearchWorker) : undefined;
      shard.mayHaveChanged(message.changed);
      shard.search(message.query, message.limit, progress).then(
        (hits) => {
          // A server writes what the search learnt once it has answered; a one-shot command, whose
          // process ends with its answer, before.
          if (!fillWhenIdle) shard.persist();
          port.postMessage({ id: message.id, hits } satisfies FromSearchWorker);
          if (fillWhenIdle) shard.persist({ fillFollows: true });
          fillWhileIdle();
        },
        (error: unknown) => {
          port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies FromSearchWorker);
          fillWhileIdle();
        },
      );
    }
  }
});
