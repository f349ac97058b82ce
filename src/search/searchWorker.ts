/**
 * A search worker: one shard of each project it searches, on its own thread so that shards are
 * searched side by side. Once idle it brings the rest of its shards into the index, a few files at a
 * time, so that a search that arrives meanwhile waits for one small step at most.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Languages } from '../definitions/languages.js';
import type { ManifestEntries } from '../definitions/manifest.js';
import { openIndexStore, type IndexSettings, type IndexStore } from '../index/index.js';
import type { ShardUsageAnswer } from '../map/shardUsage.js';
import type { RemoteKeys } from '../remote/remoteCache.js';
import type { RemoteSettings } from '../remote/remoteSettings.js';
import { Shard, type Hit, type SearchQuery, type ShardFile } from './shard.js';

export interface SearchWorkerData {
  /** The session's manifests, as the main thread read them: the worker reads none (nor loads zod). */
  readonly languages: ManifestEntries;
  /** Undefined: no index on disk (`--no-cache`, or a cache folder that was refused). */
  readonly index: IndexSettings | undefined;
  /** Whether to index the shards whenever idle (a server), or only when asked (a one-shot command). */
  readonly fillWhenIdle: boolean;
  /** Which shard of how many this worker searches, of each project. */
  readonly layout: { readonly shard: number; readonly shards: number };
  /** How many calls the server is answering (one Int32, kept by the main thread): the fill waits while any is. */
  readonly callsInFlight: SharedArrayBuffer;
}

/**
 * A worker searches its shard of each project it is told of (a shared server's workers, of several;
 * a lone server's, of one), named by its real path in every message about it. First a project is
 * told (with a remote cache to read where the index knows nothing of it, whose keys come in a
 * message of their own); then its shard's files (relative paths and places in the walk), queries
 * and index requests, each answered by id; or its end (`forget`), or the worker's (`stop`). Files
 * with `more` are the first of a walk still being listed: its next files come in `more files`, up
 * to one without `more`, and nothing else of that project comes in between but the search asked
 * before them (see `Shard.setFiles`).
 */
export type ToSearchWorker =
  | { readonly type: 'project'; readonly project: string; readonly remote: RemoteSettings | undefined }
  | { readonly type: 'remote keys'; readonly project: string; readonly keys: RemoteKeys | undefined }
  | { readonly type: 'files' | 'more files'; readonly project: string; readonly relatives: readonly string[]; readonly orders: readonly number[]; readonly more?: true }
  | {
      readonly type: 'search';
      readonly project: string;
      readonly id: number;
      readonly query: SearchQuery;
      readonly limit: number;
      readonly progress: boolean;
      /** The only files that may have changed since the last request (see `Shard.mayHaveChanged`); absent, any may have. */
      readonly changed?: readonly string[];
    }
  | { readonly type: 'index'; readonly project: string; readonly id: number; readonly changed?: readonly string[] }
  | {
      readonly type: 'usage';
      readonly project: string;
      readonly id: number;
      /** The generation of the shard's usage the main thread holds: the usage is not sent again while it is the same. */
      readonly known?: number;
      /** The digest of the shard's usage that the main thread holds a ranking of (see `Shard.usage`). */
      readonly expected?: Uint8Array;
      readonly progress: boolean;
      readonly changed?: readonly string[];
    }
  | { readonly type: 'users'; readonly project: string; readonly id: number; readonly words: Uint32Array }
  /** Every file may have changed since its stamp was taken (the watch is newer than the stamps): each is checked again, while idle. */
  | { readonly type: 'recheck'; readonly project: string }
  | { readonly type: 'forget'; readonly project: string }
  | { readonly type: 'stop' };

export type FromSearchWorker =
  | { readonly id: number; readonly hits: Hit[] }
  | { readonly id: number; readonly error: string }
  | { readonly id: number; readonly done: number }
  | { readonly id: number; readonly indexed: true }
  | { readonly id: number; readonly usage: ShardUsageAnswer }
  | { readonly id: number; readonly counts: Uint32Array }
  | { readonly warning: string; readonly fromRemote?: true };

const { languages: manifests, index, fillWhenIdle, layout, callsInFlight } = workerData as SearchWorkerData;
const calls = new Int32Array(callsInFlight);
const port = parentPort!;
const languages = new Languages(manifests);
const warn = (warning: string) => port.postMessage({ warning } satisfies FromSearchWorker);
const warnRemote = (warning: string) => port.postMessage({ warning, fromRemote: true } satisfies FromSearchWorker);

/** While the server answers a call, the fill looks again this often. */
const PAUSED_MS = 25;

/** One project's shard, and its fill. */
class ProjectShard {
  readonly store: IndexStore;
  readonly shard: Shard;
  keysCame: (keys: RemoteKeys | undefined) => void = () => {};
  private filling = false;
  /**
   * Whether a server's map counted words it has not written yet: written once no call is answered (the
   * count's snapshot of a kernel worker is some 50 MB, which had held up the map's next question to the
   * worker by 0.7 s), with the fill.
   */
  usageToWrite = false;
  /**
   * Whether a shared server's search learnt what it has not written yet: written once no call is
   * answered, with the fill, or when the project is forgotten. A shard's first snapshot of a kernel
   * worktree (some 50 MB, 0.3 s) had held up the searches of the other worktrees a shared server
   * was answering at once. A lone server's is written at once: its process may end with its client.
   */
  learntToWrite = false;
  /** Index requests waiting for the fill to end: each is answered when every file is in the index. */
  readonly indexRequests = new Set<number>();
  /** Forgotten: its fill stops at its next step. */
  private forgotten = false;

  constructor(project: string, remote: RemoteSettings | undefined) {
    this.store = openIndexStore(index, project, warn);
    const keys = new Promise<RemoteKeys | undefined>((resolve) => (this.keysCame = resolve));
    const remoteSource = remote && { settings: remote, keys, warn: warnRemote, wordsWithEntries: !fillWhenIdle };
    // A new worktree's shard takes what this worker knows of the repository's other worktrees' files.
    const knownOf = (root: string) => projects.get(root)?.shard.knownEntries();
    this.shard = new Shard(project, languages, this.store, layout, remoteSource, knownOf);
    // While the main thread walks the project, this one reads what the index knew of its files.
    setImmediate(() => this.forgotten || this.shard.recall());
  }

  fillWhileIdle(): void {
    if (this.filling || (!fillWhenIdle && this.indexRequests.size === 0)) return;
    this.filling = true;
    const step = async (): Promise<unknown> => {
      if (this.forgotten) return;
      // Calls have the CPU first; `zumba index`, which answers none, is not held up.
      if (this.indexRequests.size === 0 && Atomics.load(calls, 0) > 0) return setTimeout(() => void step().catch(fail), PAUSED_MS);
      if (this.learntToWrite) {
        this.learntToWrite = false;
        this.shard.persist({ fillFollows: true });
      }
      if (this.usageToWrite) {
        this.usageToWrite = false;
        this.shard.persistUsage();
      }
      const more = await this.shard.fill((done) => {
        for (const id of this.indexRequests) port.postMessage({ id, done } satisfies FromSearchWorker);
      });
      if (more) return setImmediate(() => void step().catch(fail));
      // `zumba index` counts the words the files use too, and saves the count: a map's first call then reads it.
      if (this.indexRequests.size > 0) {
        await this.shard.usage(undefined);
        this.shard.persistUsage();
      }
      this.filling = false;
      for (const id of this.indexRequests) port.postMessage({ id, indexed: true } satisfies FromSearchWorker);
      this.indexRequests.clear();
    };
    setImmediate(() => void step().catch(fail));
  }

  forget(): void {
    this.forgotten = true;
    if (this.learntToWrite) this.shard.persist({ now: true });
    this.store.close();
  }
}

const projects = new Map<string, ProjectShard>();

/** A fill that fails is a bug: the worker dies of it, and the main thread takes its searches. */
function fail(error: unknown): void {
  setImmediate(() => {
    throw error;
  });
}

/** The project a message is about: told first, always (see ToSearchWorker). */
function projectOf(project: string): ProjectShard {
  const found = projects.get(project);
  if (found === undefined) throw new Error(`a search worker was asked of a project it was not told of: ${project}`);
  return found;
}

port.on('message', (message: ToSearchWorker) => {
  switch (message.type) {
    case 'project':
      projects.set(message.project, new ProjectShard(message.project, message.remote));
      break;
    case 'forget':
      projects.get(message.project)?.forget();
      projects.delete(message.project);
      break;
    case 'remote keys':
      projectOf(message.project).keysCame(message.keys);
      break;
    case 'stop':
      for (const project of projects.values()) project.forget();
      process.exit(0);
      break;
    case 'files':
    case 'more files': {
      const project = projectOf(message.project);
      const files = message.relatives.map((relative, i): ShardFile => ({ relative, order: message.orders[i]! }));
      const more = message.more === true;
      if (message.type === 'files') project.shard.setFiles(files, { more });
      else project.shard.addFiles(files, { more });
      if (!more) project.fillWhileIdle();
      break;
    }
    case 'recheck': {
      const project = projectOf(message.project);
      project.shard.recheckAll();
      project.fillWhileIdle();
      break;
    }
    case 'index': {
      const project = projectOf(message.project);
      project.shard.mayHaveChanged(message.changed);
      project.indexRequests.add(message.id);
      project.fillWhileIdle();
      break;
    }
    case 'usage': {
      const project = projectOf(message.project);
      const shard = project.shard;
      const progress = message.progress ? (done: number) => port.postMessage({ id: message.id, done } satisfies FromSearchWorker) : undefined;
      shard.mayHaveChanged(message.changed);
      shard.usage(message.known, progress, message.expected).then(
        (usage) => {
          // As a search's: a one-shot command, whose process ends with its answer, writes before.
          if (!fillWhenIdle) shard.persistUsage();
          // Moved, not copied: each array is the worker's own, made for this answer.
          const arrays = usage.usage === undefined ? [] : Object.values(usage.usage);
          port.postMessage({ id: message.id, usage } satisfies FromSearchWorker, arrays.map((array) => array.buffer as ArrayBuffer));
          project.usageToWrite = fillWhenIdle;
          project.fillWhileIdle();
        },
        (error: unknown) => {
          port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies FromSearchWorker);
          project.fillWhileIdle();
        },
      );
      break;
    }
    case 'users': {
      const counts = projectOf(message.project).shard.users(message.words);
      port.postMessage({ id: message.id, counts } satisfies FromSearchWorker, [counts.buffer as ArrayBuffer]);
      break;
    }
    case 'search': {
      const project = projectOf(message.project);
      const shard = project.shard;
      const progress = message.progress ? (done: number) => port.postMessage({ id: message.id, done } satisfies FromSearchWorker) : undefined;
      shard.mayHaveChanged(message.changed);
      shard.search(message.query, message.limit, progress).then(
        (hits) => {
          // A server writes what the search learnt once it has answered; a one-shot command, whose
          // process ends with its answer, before.
          if (!fillWhenIdle) shard.persist();
          port.postMessage({ id: message.id, hits } satisfies FromSearchWorker);
          if (fillWhenIdle && projects.size > 1) project.learntToWrite = true;
          else if (fillWhenIdle) shard.persist({ fillFollows: true });
          project.fillWhileIdle();
        },
        (error: unknown) => {
          port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies FromSearchWorker);
          project.fillWhileIdle();
        },
      );
    }
  }
});
