/**
 * Definitions of the project's files, for `find_symbol`: made by worker threads (one a core, at most
 * two) so that parses run side by side, and kept per file version, up to a bound on how many
 * entries are held (the least recently used files are dropped first).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SearchableFile } from '../project/searchable.js';
import { stripByteOrderMark } from '../text/lines.js';
import type { Definition } from './definition.js';
import type { DefinitionReply, DefinitionRequest } from './definitionWorker.js';
import { definitionsOf } from './engine.js';
import type { Languages } from './languages.js';

/** Enough for every definition of a large monorepo's hot files; bounds memory on a huge one. */
const MAX_CACHED_DEFINITIONS = 300_000;
const WORKER_SCRIPT = new URL('./definitionWorker.js', import.meta.url);

type Definitions = Definition[] | undefined;

interface Cached {
  readonly version: object;
  readonly definitions: Promise<Definitions>;
  size: number;
}

interface PendingReply {
  readonly resolve: (definitions: Definitions) => void;
  readonly reject: (error: Error) => void;
}

class WorkerPool {
  private readonly workers: { readonly worker: Worker; load: number }[] = [];
  private readonly pending = new Map<number, PendingReply & { readonly worker: Worker }>();
  private nextId = 0;
  broken = false;

  constructor(extraRoots: readonly string[], size: number) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(WORKER_SCRIPT, { workerData: { extraRoots } });
      worker.on('message', (reply: DefinitionReply) => this.settle(reply));
      worker.on('error', (error) => this.fail(worker, error));
      worker.on('exit', (code) => this.fail(worker, new Error(`definition worker exited with code ${code}`)));
      // An idle worker must not keep a one-shot command alive (unref after the listeners: adding one refs again).
      worker.unref();
      this.workers.push({ worker, load: 0 });
    }
  }

  run(file: string, text: string): Promise<Definitions> {
    const slot = this.workers.reduce((least, candidate) => (candidate.load < least.load ? candidate : least));
    const id = this.nextId++;
    if (slot.load++ === 0) slot.worker.ref(); // Busy: the process waits for its answers.
    return new Promise<Definitions>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, worker: slot.worker });
      slot.worker.postMessage({ id, file, text } satisfies DefinitionRequest);
    }).finally(() => {
      if (--slot.load === 0) slot.worker.unref();
    });
  }

  private settle(reply: DefinitionReply): void {
    const waiting = this.pending.get(reply.id);
    if (waiting === undefined) return;
    this.pending.delete(reply.id);
    if ('error' in reply) waiting.reject(new Error(reply.error));
    else waiting.resolve(reply.definitions);
  }

  /** A worker that dies takes its pending requests with it; the pool is then not used again. */
  private fail(worker: Worker, error: Error): void {
    this.broken = true;
    for (const [id, waiting] of this.pending) {
      if (waiting.worker !== worker) continue;
      this.pending.delete(id);
      waiting.reject(error);
    }
  }

  close(): void {
    for (const { worker } of this.workers) void worker.terminate();
  }
}

export class DefinitionsCache {
  private readonly cached = new Map<string, Cached>();
  private held = 0;
  private pool: WorkerPool | undefined;

  constructor(private readonly languages: Languages) {}

  /** The definitions of a searched file, made once per version of its contents. */
  of(file: SearchableFile): Promise<Definitions> {
    const known = this.cached.get(file.relative);
    if (known !== undefined && known.version === file.version) {
      this.cached.delete(file.relative); // Re-inserted: the map's order is the order of use.
      this.cached.set(file.relative, known);
      return known.definitions;
    }
    if (known !== undefined) this.forget(file.relative, known);
    const entry: Cached = { version: file.version, definitions: this.make(file), size: 0 };
    this.cached.set(file.relative, entry);
    void entry.definitions.then((definitions) => {
      if (this.cached.get(file.relative) !== entry) return;
      entry.size = definitions?.length ?? 0;
      this.held += entry.size;
      this.evict();
    }, () => this.forget(file.relative, entry));
    return entry.definitions;
  }

  close(): void {
    this.pool?.close();
  }

  private make(file: SearchableFile): Promise<Definitions> {
    const text = stripByteOrderMark(file.bytes.toString('utf8'));
    const pool = this.workers();
    if (pool === undefined) return definitionsOf(this.languages, file.relative, text);
    // A worker that failed is no reason to fail the call: the main thread parses instead.
    return pool.run(file.relative, text).catch(() => definitionsOf(this.languages, file.relative, text));
  }

  private workers(): WorkerPool | undefined {
    if (this.pool === undefined) {
      const size = Math.min(2, availableParallelism());
      if (size < 2) return undefined;
      this.pool = new WorkerPool(this.languages.extraRoots, size);
    }
    return this.pool.broken ? undefined : this.pool;
  }

  private forget(relative: string, entry: Cached): void {
    if (this.cached.get(relative) === entry) this.cached.delete(relative);
    this.held -= entry.size;
    entry.size = 0;
  }

  private evict(): void {
    for (const [relative, entry] of this.cached) {
      if (this.held <= MAX_CACHED_DEFINITIONS) return;
      this.forget(relative, entry);
    }
  }
}
