/**
 * What a shard with nothing in the local index takes from a remote cache: the entries of its files
 * as the remote recorded them for the nearest commit it has (taken where git's index vouches for the
 * same blob here: see `WorktreeEntries.fromRemote`), and their definitions, fetched a bucket at a time
 * when a search needs them or the fill writes them into the local index.
 *
 * The first failure of the remote (no answer within the timeout, an error, a body that does not
 * check) is said once, and nothing more is asked of it: the shard reads and parses as it would
 * without one. Nothing from the remote changes an answer: an entry serves only a file whose blob git
 * vouches for, and a record is the one the writer made from those very bytes.
 */
import type { RecordedEntry } from '../index/filesSnapshot.js';
import type { IndexChanges } from '../index/store.js';
import { worktreeFamily, type WorktreeFamily } from '../project/gitWorktrees.js';
import { realPath } from '../project/paths.js';
import { getObject, shownUrl, type RemoteEndpoint } from './http.js';
import { BUCKETS, bucketOf, decodeDefinitions, decodeEntries, decodeManifest, manifestPath, objectPath, type Manifest, type RemoteDefinitions } from './objects.js';
import { commitsToTry, endpointOf, keyMap, type RemoteSource } from './remoteCache.js';

/** What a shard gives a remote to read for it. */
export interface RemoteShardSide {
  readonly projectRoot: string;
  readonly layout: { readonly shard: number; readonly shards: number };
  /** Whether a file (by its path relative to the project) is of this shard. */
  readonly inShard: (relative: string) => boolean;
}

/** A bucket's definitions, by the file's path relative to the project, until they are written into the local index. */
type BucketDefinitions = Map<string, RemoteDefinitions>;

/**
 * Buckets of definitions held at once, fetched for searches and not yet written: past it, the least
 * recently fetched is let go (the fill fetches it again). A search for a common name may need every
 * bucket, a kernel's some 2 MB each, and a server whose files have changed since the commit also
 * holds the definitions engine in each worker: with four, such a server had peaked over 400 MB.
 */
const MOST_HELD_BUCKETS = 2;
/**
 * Entries objects downloading at once: each body's pieces are held until it has all come, so that
 * all of a shard's at once had held its megabytes twice over.
 */
const DOWNLOADS_AT_ONCE = 4;

export class RemoteShard {
  /** Buckets whose definitions are not yet in the local index, with their fetch once started (oldest first). */
  private readonly unwritten = new Map<number, Promise<BucketDefinitions> | undefined>();
  /** Buckets fetched and held, least recently fetched first. */
  private readonly held: number[] = [];
  private failed = false;
  /** What the remote recorded of the shard's files, until taken. */
  private entries: Map<string, RecordedEntry> | undefined;

  private constructor(
    private readonly endpoint: RemoteEndpoint,
    private readonly manifest: Manifest,
    /** By a portable language key's hex: the key here. */
    private readonly localKeys: ReadonlyMap<string, Buffer>,
    /** The project folder's git worktrees: its own, with the folder's path in it (followed by `/`, '' at its top). */
    readonly family: WorktreeFamily,
    private readonly side: RemoteShardSide,
    private readonly warn: (message: string) => void,
    entries: Map<string, RecordedEntry>,
    buckets: readonly number[],
  ) {
    this.entries = entries;
    for (const bucket of buckets) this.unwritten.set(bucket, undefined);
  }

  /**
   * The remote's entries of the shard's files, for HEAD or the nearest commit before it that it has
   * a manifest of; undefined outside git, where it has none, or where it fails (said once).
   */
  static async open({ settings, keys, warn }: RemoteSource, side: RemoteShardSide): Promise<RemoteShard | undefined> {
    const endpoint = endpointOf(settings);
    const root = realPath(side.projectRoot);
    const family = root === undefined ? undefined : worktreeFamily(root);
    if (family === undefined) return undefined;
    const prefix = family.prefix;
    const commits = commitsToTry(side.projectRoot);
    const made = await keys;
    if (made === undefined) return undefined;
    try {
      const localKeys = keyMap(made, 'portable');
      const manifest = await nearestManifest(endpoint, made.namespace, commits);
      if (manifest === undefined) {
        if (commits.length > 0) warn(`remote cache ${shownUrl(endpoint)} has no index of HEAD or the ${commits.length - 1} commits before it; answering from local work`);
        return undefined;
      }
      const { buckets, aligned } = bucketsOf(side.layout, prefix);
      const entries = new Map<string, RecordedEntry>();
      // Each object read as it comes, while the next ones download.
      const queue = [...buckets];
      const downloader = async () => {
        for (let bucket = queue.shift(); bucket !== undefined; bucket = queue.shift()) {
          const recorded = await fetched(endpoint, manifest.entries[bucket]!, decodeEntries);
          for (const entry of recorded) {
            const repositoryPath = entry.relative;
            const relative = repositoryPath.startsWith(prefix) ? repositoryPath.slice(prefix.length) : undefined;
            if (relative === undefined || (!aligned && !side.inShard(relative))) continue;
            localizeLanguage(entry, localKeys);
            entries.set(relative, entry);
          }
        }
      };
      await Promise.all(Array.from({ length: DOWNLOADS_AT_ONCE }, downloader));
      return new RemoteShard(endpoint, manifest, localKeys, family, side, warn, entries, buckets);
    } catch (error) {
      warn(failure(endpoint, error));
      return undefined;
    }
  }

  /** What the remote recorded of the shard's files, by their paths relative to the project: once (the shard keeps them from then on). */
  takeEntries(): Map<string, RecordedEntry> {
    const entries = this.entries ?? new Map<string, RecordedEntry>();
    this.entries = undefined;
    return entries;
  }

  /** Whether some bucket's definitions are not yet in the local index. */
  get pending(): boolean {
    return !this.failed && this.unwritten.size > 0;
  }

  /**
   * The definitions payload the remote recorded of this file's content in this language (its key
   * here), fetching its bucket if need be; undefined where it has none, or has failed.
   */
  async definitions(relative: string, content: Buffer, language: Buffer): Promise<Buffer | undefined> {
    const bucket = bucketOf(this.family.prefix + relative);
    if (!this.unwritten.has(bucket)) return undefined;
    const record = (await this.bucket(bucket)).get(relative);
    return record !== undefined && record.content.equals(content) && this.isLanguage(record.language, language) ? record.payload : undefined;
  }

  /** The next bucket's definitions, as records for the local index (with its language keys); undefined once none is left. */
  async nextChanges(): Promise<IndexChanges | undefined> {
    const next = this.unwritten.keys().next();
    if (next.done === true || this.failed) return undefined;
    const records = await this.bucket(next.value);
    this.unwritten.delete(next.value);
    this.forgetHeld(next.value);
    const definitions = [...records.values()].flatMap((record) => {
      const language = this.localKeys.get(record.language.toString('hex'));
      return language === undefined ? [] : [{ content: record.content, language, payload: record.payload }];
    });
    return { words: [], definitions };
  }

  private isLanguage(portable: Buffer, local: Buffer): boolean {
    return this.localKeys.get(portable.toString('hex'))?.equals(local) === true;
  }

  private bucket(bucket: number): Promise<BucketDefinitions> {
    let fetching = this.unwritten.get(bucket);
    if (fetching === undefined) {
      fetching = this.fetchDefinitions(bucket);
      this.unwritten.set(bucket, fetching);
      this.held.push(bucket);
      // The oldest one fetched lets go of its records; the fill fetches it again.
      if (this.held.length > MOST_HELD_BUCKETS) this.unwritten.set(this.held.shift()!, undefined);
    }
    return fetching;
  }

  private forgetHeld(bucket: number): void {
    const at = this.held.indexOf(bucket);
    if (at >= 0) this.held.splice(at, 1);
  }

  private async fetchDefinitions(bucket: number): Promise<BucketDefinitions> {
    const byPath: BucketDefinitions = new Map();
    if (this.failed) return byPath;
    try {
      for (const record of await fetched(this.endpoint, this.manifest.definitions[bucket]!, decodeDefinitions)) {
        const { prefix } = this.family;
        const relative = record.path.startsWith(prefix) ? record.path.slice(prefix.length) : undefined;
        if (relative !== undefined && this.side.inShard(relative)) byPath.set(relative, record);
      }
    } catch (error) {
      this.failed = true;
      this.warn(failure(this.endpoint, error));
    }
    return byPath;
  }
}

/** The manifest of the first of the commits the remote has one of (asked all at once). */
async function nearestManifest(endpoint: RemoteEndpoint, namespace: string, commits: readonly string[]): Promise<Manifest | undefined> {
  const bodies = await Promise.all(commits.map((commit) => getObject(endpoint, manifestPath(namespace, commit))));
  for (const [i, body] of bodies.entries()) {
    const manifest = body === undefined ? undefined : decodeManifest(body, commits[i]!);
    if (manifest !== undefined) return manifest;
  }
  return undefined;
}

/** An object fetched and decoded; throws where the remote has none or it does not check. */
async function fetched<T>(endpoint: RemoteEndpoint, name: string, decode: (body: Buffer, name: string) => T | undefined): Promise<T> {
  const body = await getObject(endpoint, objectPath(name));
  if (body === undefined) throw new Error(`object ${name} is missing`);
  const decoded = decode(body, name);
  if (decoded === undefined) throw new Error(`object ${name} does not check (damaged or cut short)`);
  return decoded;
}

/**
 * The buckets that hold the shard's files: one in `shards` where the project is the repository's
 * top and `shards` divides BUCKETS (`aligned`: a bucket's files are then all of one shard), every
 * one otherwise.
 */
function bucketsOf({ shard, shards }: RemoteShardSide['layout'], prefix: string): { buckets: number[]; aligned: boolean } {
  const all = Array.from({ length: BUCKETS }, (_, bucket) => bucket);
  const aligned = prefix === '' && BUCKETS % shards === 0;
  return { buckets: aligned ? all.filter((bucket) => bucket % shards === shard) : all, aligned };
}

/**
 * Puts the local key of the entry's language in place of the portable one the remote holds (both
 * 16 bytes, in the entry's own bytes); an entry in a language unknown here keeps it, and its names
 * are then never taken as this language's.
 */
function localizeLanguage(entry: RecordedEntry, localKeys: ReadonlyMap<string, Buffer>): void {
  const defined = entry.defined;
  const local = defined === undefined ? undefined : localKeys.get(defined.language.toString('hex'));
  if (defined !== undefined && local !== undefined) local.copy(defined.language);
}

function failure(endpoint: RemoteEndpoint, error: unknown): string {
  return `remote cache ${shownUrl(endpoint)}: ${error instanceof Error ? error.message : String(error)}; answering from local work`;
}
