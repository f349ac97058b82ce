/**
 * What a shard with nothing in the local index takes from a remote cache: the entries of its files
 * as the remote recorded them for the nearest commit it has (taken where git's index vouches for the
 * same blob here: see `WorktreeEntries.fromRemote`), their word filters, given to the entries a
 * bucket at a time by the fill or before a search for references, and their definitions, fetched a
 * bucket at a time when a search needs them or the fill writes them into the local index.
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
import { BUCKETS, bucketOf, decodeDefinitions, decodeEntries, decodeManifest, decodeWords, manifestPath, objectPath, type Manifest, type RemoteDefinitions } from './objects.js';
import { commitsToTry, keyMap, type RemoteSource } from './remoteCache.js';
import { endpointOf } from './remoteSettings.js';

/** What a shard gives a remote to read for it. */
export interface RemoteShardSide {
  readonly projectRoot: string;
  readonly layout: { readonly shard: number; readonly shards: number };
  /** Whether a file (by its path relative to the project) is of this shard. */
  readonly inShard: (relative: string) => boolean;
  /** Told of the entries given their word filters, as they are (the shard's states may hold them as they were). */
  readonly givenWords: (given: readonly EntryGivenWords[]) => void;
}

/** A bucket's definitions, by the file's path relative to the project, until they are written into the local index. */
type BucketDefinitions = Map<string, RemoteDefinitions>;

/** An entry given its word filter: its file's path relative to the project, the entry it was, the one it is. */
export type EntryGivenWords = readonly [relative: string, was: RecordedEntry, now: RecordedEntry];

/**
 * Buckets of definitions held at once, fetched for searches and not yet written: past it, the least
 * recently fetched is let go (the fill fetches it again). A search for a common name may need every
 * bucket, a kernel's some 2 MB each, and a server whose files have changed since the commit also
 * holds the definitions engine in each worker: with four, such a server had peaked over 400 MB.
 */
const MOST_HELD_BUCKETS = 2;
/**
 * Entries (or words) objects downloading at once: each body's pieces are held until it has all come,
 * so that all of a shard's at once had held its megabytes twice over.
 */
const DOWNLOADS_AT_ONCE = 4;
/** The fill's buffer for definitions objects: a kernel's are some 2 MB each (a larger one comes in a buffer of its own). */
const WRITE_BODY_BYTES = 4 * 1024 ** 2;

export class RemoteShard {
  /** Buckets whose definitions are not yet in the local index, with their fetch once started (oldest first). */
  private readonly unwritten = new Map<number, Promise<BucketDefinitions> | undefined>();
  /** Buckets fetched and held, least recently fetched first. */
  private readonly held: number[] = [];
  private failed = false;
  /** Buckets whose entries have no word filters yet: the path of each file of the bucket's entries object, in its order (undefined for one not of this shard). */
  private readonly wordless = new Map<number, readonly (string | undefined)[]>();
  /** Buckets whose word filters are being fetched. */
  private readonly wordsComing = new Set<Promise<void>>();
  /** The buffer the fill reads definitions objects into, one at a time (see `fetchForWrite`). */
  private writeBody: Buffer | undefined;
  private bodyInUse = false;

  private constructor(
    private readonly endpoint: RemoteEndpoint,
    private readonly manifest: Manifest,
    /** By a portable language key's hex: the key here. */
    private readonly localKeys: ReadonlyMap<string, Buffer>,
    /** The project folder's git worktrees: its own, with the folder's path in it (followed by `/`, '' at its top). */
    readonly family: WorktreeFamily,
    private readonly side: RemoteShardSide,
    private readonly warn: (message: string) => void,
    /** What the remote recorded of the shard's files, by their paths relative to the project (read by the shard's WorktreeEntries; entries given their words replaced). */
    readonly entries: Map<string, RecordedEntry>,
    buckets: ReadonlyMap<number, readonly (string | undefined)[]>,
  ) {
    for (const [bucket, relatives] of buckets) {
      this.unwritten.set(bucket, undefined);
      this.wordless.set(bucket, relatives);
    }
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
      const relativesOf = new Map<number, (string | undefined)[]>();
      // Each object read as it comes, while the next ones download.
      const queue = [...buckets];
      const downloader = async () => {
        for (let bucket = queue.shift(); bucket !== undefined; bucket = queue.shift()) {
          const recorded = await fetched(endpoint, manifest.entries[bucket]!, decodeEntries);
          const relatives = recorded.map((entry) => {
            const repositoryPath = entry.relative;
            const relative = repositoryPath.startsWith(prefix) ? repositoryPath.slice(prefix.length) : undefined;
            if (relative === undefined || (!aligned && !side.inShard(relative))) return undefined;
            localizeLanguage(entry, localKeys);
            entries.set(relative, entry);
            return relative;
          });
          relativesOf.set(bucket, relatives);
        }
      };
      await Promise.all(Array.from({ length: DOWNLOADS_AT_ONCE }, downloader));
      return new RemoteShard(endpoint, manifest, localKeys, family, side, warn, entries, relativesOf);
    } catch (error) {
      warn(failure(endpoint, error));
      return undefined;
    }
  }

  /** Whether some bucket's definitions are not yet in the local index, or its entries have no word filters yet. */
  get pending(): boolean {
    return !this.failed && (this.unwritten.size > 0 || this.wordsPending);
  }

  /** Whether some bucket's entries have no word filters yet (a snapshot of them would leave the next server reading those files for their words). */
  get wordsPending(): boolean {
    return !this.failed && (this.wordless.size > 0 || this.wordsComing.size > 0);
  }

  /**
   * Fetches the next bucket's word filters and gives each to its file's entry in `entries` (the
   * side is told); false once none is left to fetch, or where the remote has failed (the entries
   * then stay without: their files are read for their words, as without a remote).
   */
  async nextWords(): Promise<boolean> {
    const next = this.wordless.entries().next();
    if (next.done === true || this.failed) return false;
    const [bucket, relatives] = next.value;
    this.wordless.delete(bucket);
    const coming = this.giveWords(bucket, relatives);
    this.wordsComing.add(coming);
    await coming;
    this.wordsComing.delete(coming);
    return true;
  }

  /** Every bucket's word filters given to their entries, those another caller fetches waited for. */
  async allWords(): Promise<void> {
    const lane = async () => {
      while (await this.nextWords());
    };
    await Promise.all(Array.from({ length: DOWNLOADS_AT_ONCE }, lane));
    await Promise.all(this.wordsComing);
  }

  private async giveWords(bucket: number, relatives: readonly (string | undefined)[]): Promise<void> {
    try {
      const name = this.manifest.words[bucket]!;
      const filters = await fetched(this.endpoint, name, decodeWords);
      if (filters.length !== relatives.length) throw new Error(`object ${name} does not match its entries (${filters.length} word filters for ${relatives.length} files)`);
      const given: EntryGivenWords[] = [];
      for (const [i, relative] of relatives.entries()) {
        const was = relative === undefined ? undefined : this.entries.get(relative);
        if (relative === undefined || was === undefined || was.knowsWords) continue;
        const now = was.withWords(filters[i]!);
        this.entries.set(relative, now);
        given.push([relative, was, now]);
      }
      this.side.givenWords(given);
    } catch (error) {
      this.fail(error);
    }
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

  /**
   * Gives the next bucket's definitions to `write`, as records for the local index (with its language
   * keys), to be written before it returns: they may be views of a buffer the next bucket is read
   * into. False once none is left.
   */
  async writeNext(write: (changes: IndexChanges) => void): Promise<boolean> {
    const next = this.unwritten.keys().next();
    if (next.done === true || this.failed) return false;
    const bucket = next.value;
    const records = this.unwritten.get(bucket) !== undefined ? await this.bucket(bucket) : await this.fetchForWrite(bucket);
    this.unwritten.delete(bucket);
    this.forgetHeld(bucket);
    const definitions = [...records.values()].flatMap((record) => {
      const language = this.localKeys.get(record.language.toString('hex'));
      return language === undefined ? [] : [{ content: record.content, language, payload: record.payload }];
    });
    write({ words: [], definitions });
    return true;
  }

  /**
   * A bucket's definitions that no search holds, read into the buffer kept for it (where no other
   * fetch is reading into it): a body of its own for each had left a fresh kernel server's workers
   * some 60 MB each to collect, and V8 made a full collection every few megabytes of them (39 in both
   * workers until they were idle; 27 with the buffer).
   */
  private async fetchForWrite(bucket: number): Promise<BucketDefinitions> {
    if (this.bodyInUse) return this.fetchDefinitions(bucket);
    this.bodyInUse = true;
    try {
      return await this.fetchDefinitions(bucket, (this.writeBody ??= Buffer.allocUnsafeSlow(WRITE_BODY_BYTES)));
    } finally {
      this.bodyInUse = false;
    }
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

  /** A bucket's definitions, in a body of their own or read into `into` (see `getObject`). */
  private async fetchDefinitions(bucket: number, into?: Buffer): Promise<BucketDefinitions> {
    const byPath: BucketDefinitions = new Map();
    if (this.failed) return byPath;
    try {
      for (const record of await fetched(this.endpoint, this.manifest.definitions[bucket]!, decodeDefinitions, into)) {
        const { prefix } = this.family;
        const relative = record.path.startsWith(prefix) ? record.path.slice(prefix.length) : undefined;
        if (relative !== undefined && this.side.inShard(relative)) byPath.set(relative, record);
      }
    } catch (error) {
      this.fail(error);
    }
    return byPath;
  }

  /** The first failure is said; from then on the remote is asked nothing more. */
  private fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.warn(failure(this.endpoint, error));
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

/** An object fetched (into `into` where it fits: see `getObject`) and decoded; throws where the remote has none or it does not check. */
async function fetched<T>(endpoint: RemoteEndpoint, name: string, decode: (body: Buffer, name: string) => T | undefined, into?: Buffer): Promise<T> {
  const body = await getObject(endpoint, objectPath(name), into);
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
