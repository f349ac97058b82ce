/**
 * Project-wide search, side by side: the walk's files are split into two shards by a hash of their
 * path (so a file stays in its shard, with what is known of it, as others come and go), each shard
 * searched by a worker thread, and the hits merged in walk order. With one core, or once a worker has
 * died, the main thread searches all files as one shard instead.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Languages } from '../definitions/languages.js';
import type { ProjectWalk, WalkedFile } from '../project/walker.js';
import type { FromSearchWorker, SearchWorkerData, ToSearchWorker } from './searchWorker.js';
import { Shard, type Hit, type HitOf, type SearchQuery } from './shard.js';

const WORKER_SCRIPT = new URL('./searchWorker.js', import.meta.url);
const SHARDS = 2;
/**
 * A worker's JavaScript heap holds its definitions (a few tens of MB at most) and the garbage of
 * its parses; file contents live outside it. Capped, V8 collects that garbage before the heap has
 * grown to hundreds of MB. A worker that ran out would die, and the main thread search instead.
 */
const WORKER_HEAP_MB = 256;
/** How long `close` waits for the workers to stop when asked before it terminates them. */
const STOP_GRACE_MS = 2000;

export class ProjectSearch {
  private workers: SearchWorkers | undefined;
  private local: { readonly shard: Shard; files?: readonly WalkedFile[] } | undefined;

  constructor(
    private readonly walk: ProjectWalk,
    private readonly languages: Languages,
    private readonly projectRoot: string,
    /** The workers' script: this package's, but for a test of what happens when it fails. */
    private readonly workerScript: URL = WORKER_SCRIPT,
  ) {}

  /** The first `limit` hits of the query over every file of the walk as the disk holds them now, in walk order. */
  async search<Q extends SearchQuery>(query: Q, limit: number): Promise<HitOf<Q>[]> {
    // The workers, started at the first search, boot while this thread walks.
    const pool = this.pool();
    const files = this.walk.current();
    if (pool !== undefined) {
      try {
        return mergeHits(await pool.search(files, query, limit), limit) as HitOf<Q>[];
      } catch (error) {
        if (!pool.broken) throw error;
        // A worker that died is no reason to fail the call: the main thread searches instead.
      }
    }
    return this.localShard(files).search(query, limit);
  }

  /** Stops the workers; resolves once they have ended. */
  async close(): Promise<void> {
    await this.workers?.close();
  }

  private pool(): SearchWorkers | undefined {
    if (availableParallelism() < SHARDS) return undefined;
    this.workers ??= new SearchWorkers(this.workerScript, { projectRoot: this.projectRoot, grammars: this.languages.grammars });
    return this.workers.broken ? undefined : this.workers;
  }

  private localShard(files: readonly WalkedFile[]): Shard {
    this.local ??= { shard: new Shard(this.languages) };
    if (this.local.files !== files) {
      this.local.shard.setFiles(files.map((file, order) => ({ ...file, order })));
      this.local.files = files;
    }
    return this.local.shard;
  }
}

/** Every shard's hits in walk order (each file's hits come from one shard, already in order). */
function mergeHits(shards: readonly (readonly Hit[])[], limit: number): Hit[] {
  return shards
    .flat()
    .sort((a, b) => a.order - b.order)
    .slice(0, limit);
}

interface Slot {
  readonly worker: Worker;
  /** Searches sent and not answered. */
  load: number;
  readonly ended: Promise<void>;
}

interface PendingSearch {
  readonly resolve: (hits: Hit[]) => void;
  readonly reject: (error: Error) => void;
}

class SearchWorkers {
  broken = false;
  private readonly slots: Slot[] = [];
  private readonly pending = new Map<number, PendingSearch>();
  private nextId = 0;
  /** The walk the workers were last given their shards of. */
  private sent: readonly WalkedFile[] | undefined;

  constructor(script: URL, data: SearchWorkerData) {
    for (let i = 0; i < SHARDS; i++) {
      const worker = new Worker(script, { workerData: data, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
      const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      const slot: Slot = { worker, load: 0, ended };
      worker.on('message', (reply: FromSearchWorker) => this.settle(reply));
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => this.fail(new Error(`search worker exited with code ${code}`)));
      // An idle worker must not keep a one-shot command alive (unref after the listeners: adding one refs again).
      worker.unref();
      this.slots.push(slot);
    }
  }

  /** Each shard's first `limit` hits. */
  search(files: readonly WalkedFile[], query: SearchQuery, limit: number): Promise<Hit[][]> {
    if (files !== this.sent) this.sendShards(files);
    return Promise.all(this.slots.map((slot) => this.ask(slot, { type: 'search', id: this.nextId++, query, limit })));
  }

  /**
   * Asks the workers to stop, and terminates any still running after STOP_GRACE_MS (one busy with a
   * long search). Asked first, because Node aborts the whole process when a termination lands while
   * a worker reports an uncaught exception of its own, as one that is dying does.
   */
  async close(): Promise<void> {
    this.askToStop();
    const ended = Promise.all(this.slots.map((slot) => slot.ended));
    let grace: NodeJS.Timeout | undefined;
    const graceOver = await Promise.race([ended.then(() => false), new Promise<boolean>((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS, true)))]);
    clearTimeout(grace);
    if (graceOver) for (const { worker } of this.slots) void worker.terminate();
    await ended;
  }

  private sendShards(files: readonly WalkedFile[]): void {
    const shards = this.slots.map(() => ({ relatives: [] as string[], orders: [] as number[] }));
    files.forEach((file, order) => {
      const shard = shards[shardOf(file.relative, shards.length)]!;
      shard.relatives.push(file.relative);
      shard.orders.push(order);
    });
    this.slots.forEach((slot, i) => slot.worker.postMessage({ type: 'files', ...shards[i]! } satisfies ToSearchWorker));
    this.sent = files;
  }

  private ask(slot: Slot, message: ToSearchWorker & { type: 'search' }): Promise<Hit[]> {
    if (this.broken) return Promise.reject(new Error('a search worker died'));
    if (slot.load++ === 0) slot.worker.ref(); // Busy: the process waits for its answer.
    return new Promise<Hit[]>((resolve, reject) => {
      this.pending.set(message.id, { resolve, reject });
      slot.worker.postMessage(message);
    }).finally(() => {
      if (--slot.load === 0) slot.worker.unref();
    });
  }

  private settle(reply: FromSearchWorker): void {
    const waiting = this.pending.get(reply.id);
    if (waiting === undefined) return;
    this.pending.delete(reply.id);
    if ('error' in reply) waiting.reject(new Error(reply.error));
    else waiting.resolve(reply.hits);
  }

  /**
   * A worker that dies breaks the pool: every pending search is rejected (the main thread answers
   * it) and the workers are asked to stop, so that the memory of their shards is freed. Asked, not
   * terminated: the others may be dying of the same cause (see close).
   */
  private fail(error: Error): void {
    if (this.broken) return;
    this.broken = true;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    this.askToStop();
  }

  private askToStop(): void {
    for (const { worker } of this.slots) worker.postMessage({ type: 'stop' } satisfies ToSearchWorker);
  }
}

/** A file's shard: FNV-1a of its path, so that it does not move when other files come and go. */
function shardOf(relative: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < relative.length; i++) hash = Math.imul(hash ^ relative.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shards;
}
