/**
 * Project-wide search, side by side: the walk's files are split into one shard a core by a hash of
 * their path (so a file stays in its shard, with what is known of it, as others come and go), each
 * shard searched by a worker thread, and the hits merged in walk order. With one core, or once a
 * worker has died, the main thread searches all files as one shard instead. A server's search has
 * the walk's folders watched, so that a call checks only what changed (see `treeWatcher.ts`).
 */
import { availableParallelism } from 'node:os';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { Languages } from '../definitions/languages.js';
import type { IndexSettings, IndexStore, Warn } from '../index/index.js';
import { remoteKeys, type RemoteKeys, type RemoteSource } from '../remote/remoteCache.js';
import type { RemoteSettings } from '../remote/remoteSettings.js';
import { TreeWatcher } from '../project/treeWatcher.js';
import type { ProjectWalk, WalkedFile } from '../project/walker.js';
import type { ShardUsageAnswer } from '../map/shardUsage.js';
import type { FromSearchWorker, SearchWorkerData, ToSearchWorker } from './searchWorker.js';
import { shardOf } from '../project/shardOf.js';
import { Shard, shardSnapshotName, type Hit, type HitOf, type Progress, type SearchQuery } from './shard.js';

const WORKER_SCRIPT = new URL('./searchWorker.js', import.meta.url);
/**
 * A worker's JavaScript heap holds its shard's word filters and definitions (tens of MB) and the
 * garbage of its parses; capped, V8 collects that garbage before the heap has grown to hundreds of
 * MB. A worker that ran out would die, and the main thread search instead.
 */
const WORKER_HEAP_MB = 128;
/**
 * A server's worker's young generation: small, as nearly all it allocates is either garbage at once
 * (a parse's nodes and captures) or kept for the shard's life. V8's default (up to 48 MB) held some
 * 30 MB more in each worker, for no measurable speed in a search.
 */
const SERVER_WORKER_YOUNG_MB = 4;
/**
 * A one-shot command's (`zumba index`): larger, for speed over memory. A file's tokens and syntax
 * nodes outlive a small young generation and are promoted and collected again: `zumba index` of the
 * kernel took 72-77 s with 32 MB against 82-84 s with 16 MB (two runs each, alternating), its
 * definitions engine 59 s a worker (with 48 MB) against 63-65 s, for 20-30 MB more at its peak (465-469 MB);
 * 48 and 64 MB took as much CPU as 32.
 */
const COMMAND_WORKER_YOUNG_MB = 32;
/**
 * Where a worker's old generation starts (MB). V8 starts it at a few MB and grows it by a full
 * collection at a time, and a fresh worker keeps nearly all it allocates at first (its shard's
 * entries): each worker of a fresh server on a new kernel worktree made some ten full collections
 * before its first answer. A V8 flag, as no option of a Worker sets it: it holds for every isolate
 * made after it is set. From 32 MB, that server's first answer took 1.75 s rather than 2.0 (the
 * median of five each) and 0.57 s less CPU, for 3 MB more at its peak; from 64 MB, 1.67 s and
 * 16 MB more.
 */
const WORKER_INITIAL_OLD_MB = 32;

/**
 * Workers compile their hot functions on their own thread, not on V8's helper threads: three isolates
 * (the main thread's and two workers') had kept the helpers compiling for some 0.6 s of CPU before a
 * fresh server's first answer on a new kernel worktree, on a machine whose cores the workers already
 * fill. With it, seven servers each, alternating: that first answer in 1.66 s rather than 1.85, 0.35 s
 * less CPU; a first find_symbol on the indexed kernel 0.84 s rather than 0.89; `zumba index` of the
 * kernel and warm calls unchanged. A V8 flag, like the one above.
 */
const WORKER_V8_FLAGS = ['--no-concurrent-recompilation'];

/** How long `close` waits for the workers to stop when asked before it terminates them. */
const STOP_GRACE_MS = 2000;

export interface SearchOptions {
  readonly projectRoot: string;
  /** Undefined: no index on disk. */
  readonly index: IndexSettings | undefined;
  /** This thread's store of that index, for the shard it searches itself where there are no workers. */
  readonly store: () => IndexStore;
  /** Says a problem with the index on stderr; called for each, it should say only the first. */
  readonly warn: Warn;
  /** A remote cache to read where the index knows nothing of the project, and where to say its first failure. */
  readonly remote?: { readonly settings: RemoteSettings; readonly warn: Warn };
  /** Whether idle workers bring the project into the index (a server), or only `index()` does. */
  readonly fillWhenIdle: boolean;
  /** Whether to watch the walk's folders, so that a call checks only the files that changed (a server). */
  readonly watch: boolean;
  /** The workers' script: this package's, but for a test of what happens when it fails. */
  readonly workerScript?: URL;
  /** Workers shared with other projects (a shared server's: see daemon.ts); without, the search starts its own. */
  readonly pools?: SharedPools;
}

/**
 * The worker pools a shared server's projects share: one for each set of settings the workers start
 * with, its languages' manifest entries among them. A new worktree's shard then takes what the
 * same worker knows of the repository's other worktrees, the very entries, neither read again nor
 * copied (see `Shard.knownEntries`).
 */
export class SharedPools {
  /** How many calls any of the projects is answering: the fill waits while any is. */
  readonly callsInFlight = new Int32Array(new SharedArrayBuffer(4));
  private readonly pools = new Map<string, SearchPool>();

  poolFor(settings: string, make: () => SearchPool): SearchPool {
    let pool = this.pools.get(settings);
    if (pool === undefined || pool.broken) {
      pool = make();
      this.pools.set(settings, pool);
    }
    return pool;
  }

  /** Stops every pool's workers; resolves once they have ended. */
  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
  }
}

export class ProjectSearch {
  private workers: SearchWorkers | undefined;
  /** How many calls are being answered, shared with the workers, whose fill waits while any is. */
  private readonly callsInFlight: Int32Array;
  private local: { readonly shard: Shard; files?: readonly WalkedFile[] } | undefined;
  /** The walk the last search covered. */
  private walked: readonly WalkedFile[] | undefined;
  private readonly watcher: TreeWatcher | undefined;
  /** Whether a search or index request has come: `start` then leaves the watch to it. */
  private searched = false;
  /** Whether `start` came before any such request, and set the watch in step with the disk. */
  private started = false;
  /** `start`'s setting of the watch in step with the disk, while it goes on. */
  private starting: Promise<void> | undefined;
  /** This build's keys in the remote cache (undefined where they could not be made), once a shard may read it. */
  private remoteKeys: { readonly keys: RemoteKeys | undefined } | undefined;

  constructor(
    private readonly walk: ProjectWalk,
    private readonly languages: Languages,
    private readonly options: SearchOptions,
  ) {
    this.watcher = options.watch ? TreeWatcher.of(options.projectRoot, options.warn) : undefined;
    this.callsInFlight = options.pools?.callsInFlight ?? new Int32Array(new SharedArrayBuffer(4));
  }

  /**
   * The first `limit` hits of the query over every file of the walk as the disk holds them now, in
   * walk order; for a query `checked` by the search before it, as that search found them.
   */
  async search<Q extends SearchQuery>(query: Q, limit: number, progress?: Progress): Promise<HitOf<Q>[]> {
    const files = query.kind === 'symbols' && query.checked === true && this.walked !== undefined ? this.walked : undefined;
    return this.onShards(
      files,
      async (pool, walked, changed) => mergeHits(await pool.search(walked, query, limit, progress, changed), limit) as HitOf<Q>[],
      async (shard) => {
        const hits = await shard.search(query, limit, progress);
        shard.persist();
        return hits;
      },
      (pool, changed) => {
        const listed = pool.searchAsListed(query, limit, progress, changed);
        return { listed: listed.listed, end: async (walked) => mergeHits(await listed.end(walked), limit) as HitOf<Q>[] };
      },
    );
  }

  /**
   * What the map needs of every file of the walk as the disk holds it now (see `ShardUsage`): each
   * shard's (but where `known` names the generation the caller holds of it), and the walk its files'
   * places are in.
   */
  async usage(known: readonly number[] | undefined, progress?: Progress, expected?: readonly Uint8Array[]): Promise<{ readonly walked: readonly WalkedFile[]; readonly shards: readonly ShardUsageAnswer[] }> {
    let walkedNow: readonly WalkedFile[] = [];
    const shards = await this.onShards(
      undefined,
      (pool, walked, changed) => {
        walkedNow = walked;
        return pool.usage(walked, known?.length === pool.count ? known : undefined, expected?.length === pool.count ? expected : undefined, progress, changed);
      },
      async (shard) => {
        walkedNow = this.walked!;
        const usage = await shard.usage(known?.length === 1 ? known[0] : undefined, progress, expected?.length === 1 ? expected[0] : undefined);
        setImmediate(() => shard.persistUsage()); // Once answered, as a worker does.
        return [usage];
      },
    );
    return { walked: walkedNow, shards };
  }

  /** Each shard's count of its files using each of the words, as its last `usage` counted them. */
  async users(words: Uint32Array): Promise<readonly Uint32Array[]> {
    if (this.workers !== undefined && !this.workers.broken) {
      try {
        return await this.workers.users(words);
      } catch (error) {
        if (!this.workers.broken) throw error;
      }
    }
    // A worker died since the usage was asked: the main thread counts every file as one shard.
    const shard = this.localShard(this.walk.current());
    await shard.usage(undefined);
    setImmediate(() => shard.persistUsage());
    return [shard.users(words)];
  }

  /** Brings every file of the walk into the index, on every core; resolves when all are in. */
  async index(progress?: Progress): Promise<void> {
    await this.onShards(
      undefined,
      (pool, walked, changed) => pool.index(walked, progress, changed),
      async (shard) => {
        while (await shard.fill(progress));
      },
    );
  }

  /**
   * Does a piece of work over the walk (the one given, taken as it was found; or the disk's now) on
   * the workers, or on the main thread as one shard where there are none: with one core, or once a
   * worker has died (which is no reason to fail the call). The work is told which files may have
   * changed since the last, where the watcher knows. Where the workers have had no walk yet (a
   * first call), work that can be done `asListed` is given them before the walk, and its files as
   * the walk lists them: on a large tree never walked, they had waited a second for the whole list.
   */
  private async onShards<T>(
    files: readonly WalkedFile[] | undefined,
    onWorkers: (pool: SearchWorkers, walked: readonly WalkedFile[], changed: readonly string[] | undefined) => Promise<T>,
    here: (shard: Shard) => Promise<T>,
    asListed?: (pool: SearchWorkers, changed: readonly string[] | undefined) => ListedWork<T>,
  ): Promise<T> {
    const watchIsNew = !this.searched && !this.started;
    this.searched = true;
    await this.starting;
    // The workers, started at the first search, boot while this thread walks.
    const pool = this.pool();
    const changes = files === undefined ? await this.watcher?.changes() : undefined;
    const known = changes?.known === true ? changes : undefined;
    const changed = files !== undefined ? [] : known?.paths;
    const listing = pool !== undefined && files === undefined && !pool.hasWalk ? asListed?.(pool, changed) : undefined;
    let walked: readonly WalkedFile[];
    try {
      walked = files ?? this.walk.current(known?.folders, listing?.listed);
    } catch (error) {
      void listing?.end(undefined).catch(() => {}); // The workers are not left waiting for the rest.
      throw error;
    }
    this.walked = walked;
    if (pool !== undefined) {
      try {
        const work = listing?.end(walked) ?? onWorkers(pool, walked, changed);
        // Once the workers have the call: a new watch of the kernel's thousands of folders takes tens of ms.
        this.watcher?.follow(this.walk.folders());
        const answer = await work;
        if (watchIsNew && this.watcher !== undefined) this.settleWatch(this.watcher, pool);
        return answer;
      } catch (error) {
        if (!pool.broken) throw error;
      }
    }
    this.watcher?.follow(this.walk.folders());
    const shard = this.localShard(walked);
    shard.mayHaveChanged(changed);
    return here(shard);
  }

  /** Runs a call's work; meanwhile the workers leave the index as it is and the CPU to the call. */
  async answering<T>(work: () => Promise<T>): Promise<T> {
    Atomics.add(this.callsInFlight, 0, 1);
    try {
      return await work();
    } finally {
      Atomics.sub(this.callsInFlight, 0, 1);
    }
  }

  /**
   * Gives the workers the walk as it is now: once idle they fill the index (see `fillWhenIdle`).
   * Where the folders are watched and no call has come yet, the watch is set and heard in step with
   * the disk first (a cookie), and only then are the folders listed again and the files' stamps taken
   * (by the workers, once given the walk): every change after them is heard, so that the first call
   * checks only what changed, as later ones do, rather than every file. A call that comes meanwhile
   * waits for this. Where a call came first, it has done all of that itself: listing the folders and
   * sending the workers every path again, while that call was being answered, had cost a fresh
   * kernel server's main thread some 0.25 s and each worker the paths' message.
   */
  start(): void {
    if (this.searched) return;
    this.started = true;
    const watcher = this.watcher;
    if (watcher === undefined) {
      this.pool()?.send(this.walk.current());
      return;
    }
    const pool = this.pool(); // The workers boot meanwhile.
    this.starting = (async () => {
      this.walk.current();
      watcher.follow(this.walk.folders());
      await watcher.changes(); // Unknown, as for a first call: from now on every change is heard.
      const files = this.walk.current();
      watcher.follow(this.walk.folders()); // A folder new since the first listing: the next call checks every file.
      pool?.send(files);
    })();
  }

  /**
   * After a first call that came before `start` and set the watch itself, once it is answered: what
   * `start` does before a call, the watch heard in step with the disk, the folders listed again and
   * every file's stamp taken again by the idle workers. The next call then checks only what changed,
   * where it had checked every file (a second find_symbol on a new kernel worktree: 0.6 s, against
   * some 40 ms). A call that comes meanwhile waits for the listing, as for `start`'s; where it fails,
   * the next call checks everything.
   */
  private settleWatch(watcher: TreeWatcher, pool: SearchWorkers): void {
    this.starting = (async () => {
      try {
        await watcher.changes();
        const files = this.walk.current();
        watcher.follow(this.walk.folders());
        pool.send(files);
        pool.tell({ type: 'recheck' });
      } catch {
        watcher.doubt();
      }
    })();
  }

  /** The names of the snapshots its shards save in the index: the workers', or this thread's one shard's where there are none. */
  snapshotNames(): string[] {
    const shards = this.workers !== undefined && !this.workers.broken ? this.workers.count : 1;
    return Array.from({ length: shards }, (_, shard) => shardSnapshotName(shard, shards));
  }

  /** Stops the watcher and the workers; resolves once they have ended. */
  async close(): Promise<void> {
    this.watcher?.close();
    await this.workers?.close();
  }

  private pool(): SearchWorkers | undefined {
    if (this.workers !== undefined) return this.workers.broken ? undefined : this.workers;
    const cores = availableParallelism();
    if (cores < 2) return undefined;
    const youngMb = this.options.fillWhenIdle ? SERVER_WORKER_YOUNG_MB : COMMAND_WORKER_YOUNG_MB;
    const script = this.options.workerScript ?? WORKER_SCRIPT;
    const { index, fillWhenIdle, warn, remote: remoteOptions, pools } = this.options;
    const make = () =>
      new SearchPool(script, cores, youngMb, { warn, warnOfRemote: remoteOptions?.warn ?? warn }, (shard) => ({
        languages: this.languages.entries,
        index,
        fillWhenIdle,
        layout: { shard, shards: cores },
        callsInFlight: this.callsInFlight.buffer as SharedArrayBuffer,
      }));
    const pool = pools === undefined ? make() : pools.poolFor(JSON.stringify([script.href, youngMb, index ?? null, fillWhenIdle, this.languages.entries]), make);
    const remote = this.remoteToRead();
    this.workers = new SearchWorkers(pool, this.options.projectRoot, remote?.settings, pools === undefined);
    // Made while the workers start (they would otherwise have waited for them), and sent before anything else.
    if (remote !== undefined) this.workers.tell({ type: 'remote keys', keys: this.keys() });
    return this.workers.broken ? undefined : this.workers;
  }

  /**
   * The remote cache, for shards that may read it: none where the local index has a snapshot of the
   * project's files (its shards never read the remote), so that the keys (every grammar hashed, some
   * 130 ms) are made only for a project new to this machine, once.
   */
  private remoteToRead(): SearchOptions['remote'] {
    const remote = this.options.remote;
    return remote === undefined || this.options.store().snapshotNames('files-').length > 0 ? undefined : remote;
  }

  /** This build's keys in the remote cache; undefined (said once) where a file of the build cannot be read. */
  private keys(): RemoteKeys | undefined {
    if (this.remoteKeys === undefined) {
      try {
        this.remoteKeys = { keys: remoteKeys(this.languages) };
      } catch (error) {
        this.options.remote?.warn(`the remote cache's keys could not be made (${error instanceof Error ? error.message : String(error)}); answering from local work`);
        this.remoteKeys = { keys: undefined };
      }
    }
    return this.remoteKeys.keys;
  }

  /** The remote cache as this thread's one shard reads it: with the word filters at once, as no fill gives them later. */
  private remoteSource(): RemoteSource | undefined {
    const remote = this.remoteToRead();
    return remote && { ...remote, keys: Promise.resolve(this.keys()), wordsWithEntries: true };
  }

  private localShard(files: readonly WalkedFile[]): Shard {
    this.local ??= { shard: new Shard(this.options.projectRoot, this.languages, this.options.store(), undefined, this.remoteSource()) };
    if (this.local.files !== files) {
      this.local.shard.setFiles(files.map((file, order) => ({ relative: file.relative, order })));
      this.local.files = files;
    }
    return this.local.shard;
  }
}

/** Work the workers begin before the walk is listed (see `onShards`): told its files as they are found, then the whole walk (or undefined where the walk failed). */
interface ListedWork<T> {
  readonly listed: (file: WalkedFile) => void;
  readonly end: (walked: readonly WalkedFile[] | undefined) => Promise<T>;
}

/** Files of a walk being listed given to the workers at once (some 2 ms of the kernel's listing). */
const LISTED_BATCH = 256;

/** Every shard's hits in walk order (each file's hits come from one shard, already in order). */
function mergeHits(shards: readonly (readonly Hit[])[], limit: number): Hit[] {
  return shards
    .flat()
    .sort((a, b) => a.order - b.order)
    .slice(0, limit);
}

interface Slot {
  readonly worker: Worker;
  /** Requests sent and not answered. */
  load: number;
  readonly ended: Promise<void>;
}

interface Pending {
  /** With the hits of a search, a shard's usage, or nothing (an index request). */
  readonly resolve: (answer: Hit[] | ShardUsageAnswer | Uint32Array) => void;
  readonly reject: (error: Error) => void;
  /** Told how many of its shard's files the worker has looked at. */
  readonly progress: ((done: number) => void) | undefined;
}

/** A message to the workers about a project, but its name: the project's `SearchWorkers` adds it. */
type AboutProject = ToSearchWorker extends infer M ? (M extends { project: string } ? Omit<M, 'project'> : never) : never;
/** A request to the workers about a project, but its name and its id: the project's `SearchWorkers` adds them. */
type AskedOfProject = ToSearchWorker extends infer M ? (M extends { project: string; id: number } ? Omit<M, 'project' | 'id'> : never) : never;

/** The worker threads, one a core, each with its shard of every project it was told of (see searchWorker.ts). */
export class SearchPool {
  broken = false;
  private readonly slots: Slot[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(script: URL, readonly count: number, youngMb: number, { warn, warnOfRemote }: { readonly warn: Warn; readonly warnOfRemote: Warn }, dataOf: (shard: number) => SearchWorkerData) {
    for (const flag of [`--initial-old-space-size=${WORKER_INITIAL_OLD_MB}`, ...WORKER_V8_FLAGS]) v8.setFlagsFromString(flag);
    for (let i = 0; i < count; i++) {
      const worker = new Worker(script, { workerData: dataOf(i), resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: youngMb } });
      const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      const slot: Slot = { worker, load: 0, ended };
      worker.on('message', (reply: FromSearchWorker) => {
        if (!('warning' in reply)) this.settle(reply);
        else (reply.fromRemote === true ? warnOfRemote : warn)(reply.warning);
      });
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => this.fail(new Error(`search worker exited with code ${code}`)));
      // An idle worker must not keep a one-shot command alive (unref after the listeners: adding one refs again).
      worker.unref();
      this.slots.push(slot);
    }
  }

  /** A request id no other request of the pool has. */
  id(): number {
    return this.nextId++;
  }

  /** Sends worker `i` a message that needs no answer. */
  post(i: number, message: ToSearchWorker): void {
    this.slots[i]!.worker.postMessage(message);
  }

  /** Sends every worker the same message. */
  tell(message: ToSearchWorker): void {
    for (const { worker } of this.slots) worker.postMessage(message);
  }

  ask<Answer extends Hit[] | ShardUsageAnswer | Uint32Array = Hit[]>(i: number, message: ToSearchWorker & { id: number }, progress: Pending['progress']): Promise<Answer> {
    if (this.broken) return Promise.reject(new Error('a search worker died'));
    const slot = this.slots[i]!;
    if (slot.load++ === 0) slot.worker.ref(); // Busy: the process waits for its answer.
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(message.id, { resolve: resolve as Pending['resolve'], reject, progress });
      slot.worker.postMessage(message);
    }).finally(() => {
      if (--slot.load === 0) slot.worker.unref();
    });
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

  private settle(reply: Exclude<FromSearchWorker, { warning: string }>): void {
    const waiting = this.pending.get(reply.id);
    if (waiting === undefined) return;
    if ('done' in reply) return waiting.progress?.(reply.done);
    this.pending.delete(reply.id);
    if ('error' in reply) waiting.reject(new Error(reply.error));
    else waiting.resolve('hits' in reply ? reply.hits : 'usage' in reply ? reply.usage : 'counts' in reply ? reply.counts : []);
  }

  /**
   * A worker that dies breaks the pool: every pending request is rejected (the main thread answers
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
    this.tell({ type: 'stop' });
  }
}

/** One project's search on a pool's workers. */
class SearchWorkers {
  /** The walk the workers were last given their shards of. */
  private sent: readonly WalkedFile[] | undefined;
  /** Whether the workers were given a walk at all. */
  hasWalk = false;

  constructor(
    private readonly pool: SearchPool,
    private readonly project: string,
    remote: RemoteSettings | undefined,
    /** Whether the pool is this project's alone, to stop with it; a shared one is told to forget the project. */
    private readonly ownsPool: boolean,
  ) {
    pool.tell({ type: 'project', project, remote });
  }

  get broken(): boolean {
    return this.pool.broken;
  }

  get count(): number {
    return this.pool.count;
  }

  /** Each shard's first `limit` hits; progress summed over the shards. */
  search(files: readonly WalkedFile[], query: SearchQuery, limit: number, progress: Progress | undefined, changed: readonly string[] | undefined): Promise<Hit[][]> {
    this.send(files);
    const told = this.progressOverShards(progress, () => files.length);
    const message = { type: 'search', query, limit, progress: progress !== undefined, ...(changed !== undefined && { changed }) } as const;
    return Promise.all(this.shards().map((i) => this.ask(i, message, told?.(i))));
  }

  /**
   * A search given to the workers before the walk is listed (see `onShards`): each worker is told
   * its shard's files in batches as they are found, and looks at each as it comes.
   */
  searchAsListed(query: SearchQuery, limit: number, progress: Progress | undefined, changed: readonly string[] | undefined): ListedWork<Hit[][]> {
    let count = 0;
    let last: WalkedFile | undefined;
    const batches = this.shards().map(() => ({ relatives: [] as string[], orders: [] as number[] }));
    const add = (file: WalkedFile) => {
      const batch = batches[shardOf(file.relative, batches.length)]!;
      batch.relatives.push(file.relative);
      batch.orders.push(count++);
    };
    const post = (type: 'files' | 'more files', more: boolean) =>
      this.shards().forEach((i) => {
        this.post(i, { type, ...batches[i]!, ...(more && { more: true }) });
        batches[i] = { relatives: [], orders: [] };
      });
    post('files', true);
    this.sent = undefined;
    this.hasWalk = true;
    const told = this.progressOverShards(progress, () => count);
    const message = { type: 'search', query, limit, progress: progress !== undefined, ...(changed !== undefined && { changed }) } as const;
    const answers = Promise.all(this.shards().map((i) => this.ask(i, message, told?.(i))));
    return {
      listed: (file) => {
        add(file);
        last = file;
        if (count % LISTED_BATCH === 0) post('more files', true);
      },
      end: (walked) => {
        // A walk listed afresh told every file; one kept from before (or restored) told none.
        const whole = walked !== undefined && (count === 0 || (count === walked.length && walked[count - 1] === last));
        if (whole) for (let order = count; order < walked.length; order++) add(walked[order]!);
        post('more files', false);
        if (walked === undefined) return answers;
        if (!whole) {
          void answers.catch(() => {}); // Its hits are not wanted; a worker's death meanwhile is the pool's to tell.
          throw new Error('the walk listed other files than it holds');
        }
        this.sent = walked;
        return answers;
      },
    };
  }

  /** Each shard's usage (see `Shard.usage`); progress summed over the shards. */
  usage(files: readonly WalkedFile[], known: readonly number[] | undefined, expected: readonly Uint8Array[] | undefined, progress: Progress | undefined, changed: readonly string[] | undefined): Promise<ShardUsageAnswer[]> {
    this.send(files);
    const told = this.progressOverShards(progress, () => files.length);
    const message = { type: 'usage', progress: progress !== undefined, ...(changed !== undefined && { changed }) } as const;
    return Promise.all(this.shards().map((i) => this.ask<ShardUsageAnswer>(i, { ...message, ...(known !== undefined && { known: known[i]! }), ...(expected !== undefined && { expected: expected[i]! }) }, told?.(i))));
  }

  users(words: Uint32Array): Promise<Uint32Array[]> {
    return Promise.all(this.shards().map((i) => this.ask<Uint32Array>(i, { type: 'users', words }, undefined)));
  }

  /** Resolves once every shard is in the index. */
  async index(files: readonly WalkedFile[], progress: Progress | undefined, changed: readonly string[] | undefined): Promise<void> {
    this.send(files);
    const told = this.progressOverShards(progress, () => files.length);
    await Promise.all(this.shards().map((i) => this.ask(i, { type: 'index', ...(changed !== undefined && { changed }) }, told?.(i))));
  }

  /** Sends every worker the same message about the project. */
  tell(message: AboutProject): void {
    this.pool.tell({ ...message, project: this.project } as ToSearchWorker);
  }

  /** Gives the workers their shards of the walk, unless they have them. */
  send(files: readonly WalkedFile[]): void {
    if (files === this.sent) return;
    const shards = this.shards().map(() => ({ relatives: [] as string[], orders: [] as number[] }));
    files.forEach((file, order) => {
      const shard = shards[shardOf(file.relative, shards.length)]!;
      shard.relatives.push(file.relative);
      shard.orders.push(order);
    });
    this.shards().forEach((i) => this.post(i, { type: 'files', ...shards[i]! }));
    this.sent = files;
    this.hasWalk = true;
  }

  /** Stops the workers where the pool is the project's own; else they forget the project. */
  async close(): Promise<void> {
    if (this.ownsPool) return this.pool.close();
    if (!this.pool.broken) this.tell({ type: 'forget' });
  }

  private shards(): number[] {
    return Array.from({ length: this.pool.count }, (_, i) => i);
  }

  private post(i: number, message: AboutProject): void {
    this.pool.post(i, { ...message, project: this.project } as ToSearchWorker);
  }

  private ask<Answer extends Hit[] | ShardUsageAnswer | Uint32Array = Hit[]>(i: number, message: AskedOfProject, progress: Pending['progress']): Promise<Answer> {
    return this.pool.ask<Answer>(i, { ...message, project: this.project, id: this.pool.id() } as ToSearchWorker & { id: number }, progress);
  }

  /** For each shard, a function taking its progress, which tells `progress` the sum over shards, of the whole walk's `total` (not the shards' totals summed: a shard yet to tell would be missing from them). */
  private progressOverShards(progress: Progress | undefined, total: () => number): ((shard: number) => (done: number) => void) | undefined {
    if (progress === undefined) return undefined;
    const done = this.shards().map(() => 0);
    return (shard) => (shardDone) => {
      done[shard] = shardDone;
      progress(done.reduce((sum, each) => sum + each, 0), total());
    };
  }
}
