/** A search worker: one shard of the project, searched on its own thread so that shards are searched side by side. */
import { parentPort, workerData } from 'node:worker_threads';
import { Languages } from '../definitions/languages.js';
import type { GrammarEntry } from '../definitions/manifest.js';
import { rootPrefixOf } from '../project/walker.js';
import { Shard, type Hit, type SearchQuery, type ShardFile } from './shard.js';

export interface SearchWorkerData {
  readonly projectRoot: string;
  /** The session's grammars, as the main thread read them: the worker reads no manifest (nor loads zod). */
  readonly grammars: readonly GrammarEntry[];
}

/** The shard's files (relative paths and places in the walk), then queries, each answered by id; or the end. */
export type ToSearchWorker =
  | { readonly type: 'files'; readonly relatives: readonly string[]; readonly orders: readonly number[] }
  | { readonly type: 'search'; readonly id: number; readonly query: SearchQuery; readonly limit: number }
  | { readonly type: 'stop' };

export type FromSearchWorker = { readonly id: number; readonly hits: Hit[] } | { readonly id: number; readonly error: string };

const { projectRoot, grammars } = workerData as SearchWorkerData;
const shard = new Shard(new Languages(grammars));
const port = parentPort!;
const rootPrefix = rootPrefixOf(projectRoot);

port.on('message', (message: ToSearchWorker) => {
  if (message.type === 'stop') process.exit(0);
  if (message.type === 'files') {
    shard.setFiles(message.relatives.map((relative, i): ShardFile => ({ relative, absolute: rootPrefix + relative, order: message.orders[i]! })));
    return;
  }
  shard
    .search(message.query, message.limit)
    .then(
      (hits) => port.postMessage({ id: message.id, hits } satisfies FromSearchWorker),
      (error: unknown) => port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies FromSearchWorker),
    )
    // Idle from here: keep what the search only glanced at, so that the next one finds it in memory.
    .finally(() => shard.fillLater());
});
