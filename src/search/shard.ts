/**
 * One shard of a project's files and the search of it: the part of a project-wide search that one
 * thread does. What a shard knows of a file (its content key, word filter and definitions) holds for
 * one version of it, and every file's version is checked against the disk at each search (but those
 * a watcher vouches for: see `mayHaveChanged`): a file whose version the shard or the index knows is not read
 * to be ruled out; any other file is read.
 * File contents are not kept: a file is read, into one reused buffer, when its bytes are needed.
 *
 * `fill`, run by a worker once idle (or by `zumba index`), brings the rest of the shard's files into
 * the index: their words and definitions, made once per content and shared through the store.
 */
import { lastSegment } from '../definitions/definition.js';
import { definitionSites, keepDefinitions, type DefinitionSite, type KeptDefinitions } from '../definitions/keptDefinitions.js';
import type { Languages } from '../definitions/languages.js';
import { contentKey, gitBlobId } from '../index/contentKey.js';
import { decodeKeptDefinitions, encodeDefinitions } from '../index/definitionsRecord.js';
import { languageKey } from '../index/languageKey.js';
import { decodeFilesSnapshot, encodeFilesSnapshot, recordEntry, RecordedEntry, type DefinedNames, type RecordedFile, type RestampedEntry } from '../index/filesSnapshot.js';
import type { IndexChanges, IndexStore } from '../index/store.js';
import { wordsOf, wordsOfName } from '../index/wordFilter.js';
import { WorktreeEntries } from '../index/worktreeEntries.js';
import { linkedWordsOf, UsageBuilder, type LinkedWords, type ShardUsage, type ShardUsageAnswer } from '../map/shardUsage.js';
import { UsageDigest } from '../map/usageDigest.js';
import { decodeUsageSnapshot, encodeUsageSnapshot, type CountedFile } from '../map/usageSnapshot.js';
import { CountedWords, type ReadWords } from '../map/countedWords.js';
import type { RemoteSource } from '../remote/remoteCache.js';
import { RemoteShard, type EntryGivenWords } from '../remote/remoteShard.js';
import { stampNumbersOf, stampOf, statsOf } from '../project/files.js';
import { rootPrefixOf } from '../project/paths.js';
import { shardOf } from '../project/shardOf.js';
import { pathFilter } from '../project/pathFilter.js';
import { readSearchable, searchBuffer, type SearchRead } from '../project/searchable.js';
import type { WalkedFile } from '../project/walker.js';
import { shownLineAround, splitLines, stripByteOrderMark } from '../text/lines.js';
import { wholeWordLines } from '../text/wholeWord.js';
import { ByteArena } from './byteArena.js';
import { symbolTest, type SymbolMatch } from './symbolMatch.js';

/** A file of the walk, with its place in it: hits from several shards are merged in this order. */
export interface ShardFile extends WalkedFile {
  readonly order: number;
}

export type SearchQuery =
  | { readonly kind: 'references'; readonly name: string; readonly path?: string }
  | {
      readonly kind: 'symbols';
      readonly name: string;
      readonly match: SymbolMatch;
      /**
       * The call's search before this one checked every file against the disk (find_symbol's exact
       * pass, before its pass for names containing the text): the files are taken as it found them.
       */
      readonly checked?: boolean;
    };

export interface ReferenceHit {
  readonly order: number;
  readonly relative: string;
  readonly line: number;
  /** The line as shown: trimmed, and cut around the match when long. */
  readonly text: string;
}

export interface SymbolHit {
  readonly order: number;
  readonly relative: string;
  readonly definition: DefinitionSite;
  /** The whole line the definition's name is on. */
  readonly source: string;
}

export type Hit = ReferenceHit | SymbolHit;

export type HitOf<Q extends SearchQuery> = Q extends { kind: 'references' } ? ReferenceHit : SymbolHit;

/** How far a search or a fill has come: files looked at, of how many. */
export type Progress = (done: number, total: number) => void;

/** Definitions a shard holds in memory at most (some 20 bytes each); past it the least recently used go back to the index. */
const MAX_HELD_DEFINITIONS = 1_000_000;
/** Records written to the index in one transaction. */
const BATCH = 256;
/** How long a fill step goes on taking files: short, so that a call waiting behind it barely notices. */
const FILL_STEP_MS = 20;
/** A snapshot that searches changed is saved again at most this often (its fill's end saves it too). */
const SNAPSHOT_EVERY_MS = 30_000;
/** Progress is told at most this often. */
const PROGRESS_EVERY_MS = 250;

/** The content key of a file that is too large or binary: there is nothing of it to search. */
const UNSEARCHABLE = Buffer.alloc(0);
const isUnsearchable = (state: FileState) => state.entry?.contentLength === 0;
/** The language key of a file that defines nothing, as the usage snapshot holds it. */
const NO_LANGUAGE = Buffer.alloc(0);
/** A shard's usage, and its digest where it can be told (see `Shard.usage`). */
interface CountedUsage {
  readonly usage: ShardUsage;
  readonly digest: Uint8Array | undefined;
}

/** Where a version's linked words come from, in the usage digest (see `linkedSource`). */
const NAMED = Buffer.from('n');
const PARSED = Buffer.from('p');
const UNNAMED = Buffer.from('-');
/** A stamp of a file changed too recently to be told from its next version (see `stampOfStats`): never saved. */
const isRecent = (stamp: string) => stamp.startsWith('recent:');

/**
 * The definitions engine, loaded at the first parse: a worker on a tree the index holds parses
 * nothing for most calls, and loading the engine's code took a fresh worker some 10 ms before its
 * first search.
 */
let engine: Promise<typeof import('../definitions/engine.js')> | undefined;
const definitionsEngine = () => (engine ??= import('../definitions/engine.js'));

/**
 * What a shard knows of one version of a file. What the index records of it (its content key, word
 * filter and the names it defines) is one snapshot entry, read in place: the snapshot's, for a
 * version as the index recorded it, or one the shard wrote into its arena on learning more (see
 * `learn`). A view of each field and an object for the names took some 300 bytes a file more, and
 * a large tree's files are many.
 */
interface FileState {
  readonly stamp: string;
  /** The shard's epoch when the stamp was taken: within it, the stamp holds until the file is said to have changed (see `mayHaveChanged`). */
  checked: number;
  /** Undefined: nothing is known of this version yet. */
  entry: RecordedEntry | undefined;
  /** Null: the file's language is unknown, it defines nothing. Undefined: not held in memory. */
  definitions?: KeptDefinitions | null | undefined;
}

/** What the index records of a version, but its stamp. */
type Learnt = Omit<RecordedFile, 'stamp'>;

const contentOf = (state: FileState) => state.entry?.content;

/** False only when the version cannot hold every one of the words (true when its word filter is not known). */
const mayHoldWords = (state: FileState, words: readonly number[]) => state.entry === undefined || state.entry.mayContain(words);

/** Whether an entry records just what was learnt. */
function records(entry: RecordedEntry, learnt: Learnt): boolean {
  const words = entry.words;
  const defined = entry.defined;
  const sameWords = words === undefined || learnt.words === undefined ? words === learnt.words : Buffer.compare(words, learnt.words) === 0;
  const sameDefined =
    defined === undefined || learnt.defined === undefined
      ? defined === learnt.defined
      : defined.language.equals(learnt.defined.language) && defined.names.equals(learnt.defined.names);
  // The blob id is the content's, as the key is: only whether there is one may differ.
  return sameWords && sameDefined && entry.content.equals(learnt.content) && (entry.blob === undefined) === (learnt.blob === undefined);
}

/** Definitions' names as a snapshot entry records them, for the language of this key. */
const namesOf = (definitions: KeptDefinitions, language: Buffer): DefinedNames => ({ language, names: Buffer.from(definitions.names, 'utf8') });

/** The name of the snapshot of shard `shard` of `shards` in the index. */
export const shardSnapshotName = (shard: number, shards: number) => `files-${shard}-of-${shards}`;

export class Shard {
  private files: readonly ShardFile[] = [];
  /** While the walk is still being listed (see `addFiles`): resolved when more of its files come. */
  private listing: { readonly more: Promise<void>; readonly came: () => void; readonly files: ShardFile[] } | undefined;
  private readonly states = new Map<string, FileState>();
  /** What the index knew of the shard's files that the shard has not looked at yet, by path: trusted while a file's stamp is the same. */
  private recorded: Map<string, RecordedEntry> | undefined;
  /** Where the project has no snapshot yet: what its repository's other worktrees (or a remote cache) recorded of the same contents, until the shard saves its own. */
  private otherWorktrees: WorktreeEntries | undefined;
  /** Where neither this project nor another worktree of it is in the local index: what a remote cache holds of the shard, once fetched. */
  private remote: RemoteShard | undefined;
  private remoteOpening: Promise<void> | undefined;
  /**
   * The versions of files that find_symbol's last exact pass read and found to hold its name in no
   * case: the pass for names containing the text, which follows where no file defines the name and
   * takes the files as the exact pass found them, passes over them unread. On a tree never indexed it
   * had read every file a second time: for a name in no file, a second search as long as the first.
   */
  private notContaining: { readonly name: string; readonly versions: WeakSet<FileState> } | undefined;
  /** Files whose definitions are held, least recently used first, with how many they hold. */
  private readonly held = new Map<string, number>();
  private heldCount = 0;
  private changes: Required<IndexChanges> = { words: [], definitions: [], uses: [] };
  /** How many of the shard's files use each word, as `usage` last counted them. */
  private readonly words: CountedWords;
  /** The words a version's definitions are used by, made from its entry's names once. */
  private readonly linked = new WeakMap<RecordedEntry, LinkedWords>();
  /** Counts every change to a file's entry (learnt or forgotten) and to the files set. */
  private edits = 0;
  private usageSeen = { edits: -1, generation: 0 };
  /** Whether a file may have changed since the last `usage` (told so, or every stamp to be taken again). */
  private usageStale = true;
  /** What the usage snapshot read at the first `usage` holds of each file, until that `usage` has taken it. */
  private savedUsage: Map<string, CountedFile> | undefined;
  /** At which count of edits the usage snapshot was last read or saved, and when this process saved it; undefined before it is first read. */
  private usageSave: { readonly edits: number; readonly at: number | undefined } | undefined;
  /** Whether linked words were made since then that the snapshot does not hold (of a build whose language keys differ, say). */
  private linkedMade = false;
  /** Whether the shard knows files its saved snapshot does not. */
  private unsaved = false;
  private lastSave: number | undefined;
  private readonly scratch = searchBuffer();
  /** Where the entries the shard writes (see `learn`) are kept. */
  private readonly arena = new ByteArena();
  /** Where `fill` goes on from: every file before it is in the index. */
  private filled = 0;
  /** A file's path to open is this and its relative path (made at each use: kept, the kernel's took megabytes a shard). */
  private readonly rootPrefix: string;
  /** Moves on at each search or index request not told what changed: every stamp is then taken again. */
  private epoch = 0;

  constructor(
    private readonly projectRoot: string,
    private readonly languages: Languages,
    private readonly store: IndexStore,
    /** Which shard of how many this is: the name of its snapshot in the index. */
    private readonly layout: { readonly shard: number; readonly shards: number } = { shard: 0, shards: 1 },
    /** A remote cache to read where the local index knows nothing of the project. */
    private readonly remoteCache?: RemoteSource,
    /**
     * What a shard of this layout beside it knows of another project's files (see `knownEntries`),
     * where there is one: a shared server's worker holds a shard of each worktree it serves.
     */
    private readonly knownOf?: (projectRoot: string) => readonly RecordedEntry[] | undefined,
  ) {
    this.rootPrefix = rootPrefixOf(projectRoot);
    this.words = new CountedWords(store);
  }

  /**
   * The shard's files from now on, in walk order; what is known of other files is dropped. With
   * `more`, the walk is still being listed: the rest of its files come with `addFiles`, and a search
   * looks at each file as it comes, ending only once the last has.
   */
  setFiles(files: readonly ShardFile[], { more = false } = {}): void {
    // A list still being listed grows (`addFiles`): the shard's own copy.
    const growing = more ? [...files] : undefined;
    this.files = growing ?? files;
    this.listed(growing);
    this.edits++;
    this.usageStale = true;
    this.filled = 0;
    // A walk listed afresh is one no search has seen: nothing known of any file is kept for it.
    if (more) for (const relative of [...this.states.keys()]) this.forget(relative);
    else this.forgetOthers();
  }

  /** More of the walk being listed (see `setFiles`); without `more`, the last of it. */
  addFiles(files: readonly ShardFile[], { more = false } = {}): void {
    if (this.listing === undefined) throw new Error('files were added to a walk that was not being listed');
    const growing = this.listing.files;
    growing.push(...files);
    this.listed(more ? growing : undefined);
  }

  /** Drops what is known of files that are not the shard's. */
  private forgetOthers(): void {
    if (this.states.size === 0) return; // A fresh shard's: nothing to forget (a set of the kernel's paths is some milliseconds).
    const relatives = new Set(this.files.map((file) => file.relative));
    for (const relative of this.states.keys()) if (!relatives.has(relative)) this.forget(relative);
  }

  /** Wakes what waited for more of the walk; `growing`: the list, while more of it is to come. */
  private listed(growing: ShardFile[] | undefined): void {
    this.listing?.came();
    let came = () => {};
    const next = new Promise<void>((resolve) => (came = resolve));
    this.listing = growing && { more: next, came, files: growing };
  }

  /** Whether the walk has an `i`th file of this shard: where it is still being listed, once it is known (or the whole walk, for Infinity). */
  private async hasFile(i: number): Promise<boolean> {
    while (i >= this.files.length && this.listing !== undefined) await this.listing.more;
    return i < this.files.length;
  }

  /**
   * Told before each search or index request what may have changed since the last: these files only,
   * as a watcher heard it; or (undefined) any file, whose stamp is then taken again at its next look.
   */
  mayHaveChanged(changed: readonly string[] | undefined): void {
    if (changed === undefined) this.epoch++;
    else for (const relative of changed) this.unchecked(relative);
    if (changed === undefined || changed.length > 0) this.usageStale = true;
  }

  /** Takes every file to have changed (see `mayHaveChanged`), and the fill to take each one's stamp again. */
  recheckAll(): void {
    this.mayHaveChanged(undefined);
    this.filled = 0;
  }

  /** The first `limit` hits of the query in this shard, in walk order. */
  async search<Q extends SearchQuery>(query: Q, limit: number, progress?: Progress): Promise<HitOf<Q>[]> {
    this.recordedFiles();
    await this.remoteOpening;
    // Word filters first: without them, every file would be read.
    if (query.kind === 'references' && this.remote?.wordsPending === true) await this.remote.allWords();
    const tell = progressTeller(this.files.length, progress);
    const hits = query.kind === 'references' ? await this.references(query.name, query.path, limit, tell) : await this.symbols(query.name, query.match, limit, tell, query.checked === true);
    // Answered before the walk was all listed (the limit was reached): the shard holds all of it first.
    await this.hasFile(Infinity);
    return hits as HitOf<Q>[];
  }

  /**
   * Writes what searches learnt to the index: the content records at once, the snapshot (the whole
   * shard's, megabytes on a large tree) when it was last saved SNAPSHOT_EVERY_MS ago or more, or
   * never, or when `now`. Where a fill follows (a server's worker, once idle), not while a remote
   * cache's definitions are still to be written: the fill saves it once they are all in, seconds
   * later. Each worker of a fresh kernel server had encoded and written its snapshot (some 53 MB)
   * twice, the first time just after its first answer, while the other worker was still searching.
   */
  persist({ now = false, fillFollows = false } = {}): void {
    this.flush();
    // Not the remote's entries without their word filters: the next server would read those files for them.
    if (this.remote?.wordsPending === true || (fillFollows && this.remote?.pending === true)) return;
    if (now || this.lastSave === undefined || performance.now() - this.lastSave >= SNAPSHOT_EVERY_MS) this.saveSnapshot();
  }

  /** Brings more files into the index, for FILL_STEP_MS or so; true while some remain. */
  async fill(progress?: Progress): Promise<boolean> {
    if (this.listing !== undefined) return false; // Taken up again once the walk is all listed.
    this.recordedFiles();
    await this.remoteOpening;
    // A remote cache's word filters and definitions first, a bucket a step: each file it has is then left with nothing to read.
    if (this.remote?.wordsPending === true && (await this.remote.nextWords())) return true;
    if (this.remote?.pending === true && (await this.remote.writeNext((changes) => this.store.write(changes)))) return true;
    const until = performance.now() + FILL_STEP_MS;
    const from = this.filled;
    while (this.filled < this.files.length && performance.now() < until) {
      const file = this.files[this.filled++]!;
      const looked = this.look(file);
      if (looked === undefined || this.isIndexed(file, looked.state)) continue;
      const read = looked.read ?? this.read(file);
      if (read !== undefined) await this.index(file, read, 'stored');
    }
    progress?.(this.filled, this.files.length);
    if (this.filled < this.files.length) return true;
    this.otherWorktrees = undefined; // Every file has its entry now: the next server starts from this shard's snapshot.
    if (this.remote?.pending !== true) this.remote = undefined;
    // The end of a pass saves the snapshot; a call on a shard filled already only writes its records.
    this.persist({ now: this.filled > from });
    return false;
  }

  /**
   * What the map needs of the shard's files as the disk holds them now (see `ShardUsage`): every file
   * is brought into the index first, and the counts of the words used are brought up to date by what
   * changed since the last call. Where the words of a version counted before can no longer be had
   * (the index dropped them), every file is counted afresh. Where the asker expects a digest (it holds
   * a ranking made of it) and nothing is counted yet, the digest of the files as they are comes
   * first: where it is the one expected, nothing is counted, and the answer holds no usage.
   */
  async usage(known: number | undefined, progress?: Progress, expected?: Uint8Array): Promise<ShardUsageAnswer> {
    if (!this.usageStale && known === this.usageSeen.generation && this.usageEdits === this.usageSeen.edits) return { generation: known };
    if (expected !== undefined && this.usageSave === undefined) {
      const digest = await this.currentDigest(progress);
      if (Buffer.from(digest).equals(expected)) return { generation: this.usageAnswered(), digest };
    }
    const { usage, digest } = await this.countedUsage(progress);
    const generation = this.usageAnswered();
    return generation === known ? { generation } : { generation, usage, ...(digest !== undefined && { digest }) };
  }

  /** The generation of the usage just answered: a new one where it moved since the last answer. */
  private usageAnswered(): number {
    this.usageStale = false;
    if (this.usageEdits !== this.usageSeen.edits) this.usageSeen = { edits: this.usageEdits, generation: this.usageSeen.generation + 1 };
    return this.usageSeen.generation;
  }

  /** Each of the shard's files the disk holds now, with its state, in walk order: each brought into the index first. */
  private async *currentFiles(progress: Progress | undefined): AsyncGenerator<readonly [ShardFile, FileState]> {
    this.recordedFiles();
    await this.remoteOpening;
    const tell = progressTeller(this.files.length, progress);
    for (let i = 0; i < this.files.length; i++) {
      tell(i);
      const file = this.files[i]!;
      const looked = this.look(file);
      if (looked === undefined) continue;
      let state = looked.state;
      if (!this.isIndexed(file, state)) {
        const read = looked.read ?? this.read(file);
        if (read === undefined) continue;
        state = (await this.index(file, read, 'stored')).state;
      }
      yield [file, state];
    }
  }

  /** The digest of the shard's files as they are (see `usageDigest.ts`), counting nothing. */
  private async currentDigest(progress: Progress | undefined): Promise<Uint8Array> {
    const digest = new UsageDigest();
    for await (const [file, state] of this.currentFiles(progress)) digest.add(file.order, file.relative, contentOf(state), this.linkedSource(file, state));
    return digest.digest();
  }

  /** The usage counted, and its digest where every file was counted at the content its entry records. */
  private async countedUsage(progress: Progress | undefined): Promise<CountedUsage> {
    if (this.usageSave === undefined) this.readUsageSnapshot();
    const builder = new UsageBuilder();
    const digest = new UsageDigest();
    let asRecorded = true;
    const present = new Set<string>();
    for await (const [file, state] of this.currentFiles(progress)) {
      present.add(file.relative);
      const content = contentOf(state);
      if (content !== undefined && !this.words.count(file.relative, content, () => this.madeWords(file, state))) return this.recount(progress);
      // Counted as it was read, not as its entry records it: the digest would not tell this count.
      if (content !== undefined && content.length > 0 && this.words.contentOf(file.relative)?.equals(content) !== true) asRecorded = false;
      builder.add(file.order, this.linkedWords(file, state));
      digest.add(file.order, file.relative, content, this.linkedSource(file, state));
    }
    if (!this.words.keepOnly(present)) return this.recount(progress);
    this.savedUsage = undefined;
    return { usage: builder.build(), digest: asRecorded ? digest.digest() : undefined };
  }

  /** Moves on at every change to what `usage` answers: the files, their entries, the words counted. `usage` answers a new generation when it moved. */
  private get usageEdits(): number {
    return this.edits + this.words.changes;
  }

  private usageSnapshotName(): string {
    return `usage-${this.layout.shard}-of-${this.layout.shards}`;
  }

  /** Takes what the usage snapshot holds as counted, where nothing is counted yet: each file is then checked against it as against a count of this process's. */
  private readUsageSnapshot(): void {
    this.usageSave = { edits: this.usageEdits, at: undefined };
    const data = this.store.snapshot(this.usageSnapshotName());
    const saved = data === undefined ? undefined : decodeUsageSnapshot(data);
    if (saved === undefined || !this.words.adopt(saved.counts, saved.files.map((file) => [file.relative, file.content] as const))) return;
    this.savedUsage = new Map(saved.files.map((file) => [file.relative, file]));
    this.usageSave = { edits: this.usageEdits, at: undefined };
  }

  /**
   * Writes what the last `usage` learnt to the index: the records at once, the files' snapshot as
   * `persist` does, and what it counted where that changed since it was last saved (at most once
   * every SNAPSHOT_EVERY_MS, but the first time). Asked once the usage is answered: the count's
   * snapshot of a kernel worker is some 50 MB.
   */
  persistUsage(): void {
    this.persist();
    if (this.usageSave === undefined) return;
    const last = this.usageSave!;
    const changed = last.edits !== this.usageEdits || this.linkedMade;
    if (!this.store.persistent || !changed || (last.at !== undefined && performance.now() - last.at < SNAPSHOT_EVERY_MS)) return;
    const files: CountedFile[] = [];
    for (const file of this.files) {
      const state = this.states.get(file.relative);
      if (state?.entry === undefined || !this.isSnapshotted(file, state.entry)) continue;
      files.push({ relative: file.relative, content: state.entry.content, language: this.linkedLanguage(file, state), linked: this.linkedWords(file, state) });
    }
    this.store.saveSnapshot(this.usageSnapshotName(), encodeUsageSnapshot({ files, counts: this.words.table }));
    this.usageSave = { edits: this.usageEdits, at: performance.now() };
    this.linkedMade = false;
  }

  /** How many of the shard's files use each of the words, as `usage` last counted them. */
  users(words: Uint32Array): Uint32Array {
    return this.words.users(words);
  }

  private recount(progress: Progress | undefined): Promise<CountedUsage> {
    this.words.clear();
    return this.countedUsage(progress);
  }

  /** The words the file uses as it is now, made from its bytes and recorded for the index; with the content they are of. */
  private madeWords(file: ShardFile, state: FileState): ReturnType<ReadWords> {
    const read = this.read(file);
    if (read?.bytes === undefined) return undefined;
    // Changed since its entry was made: counted as it is now, which the next call finds its entry for.
    const content = read.stamp === state.stamp ? contentOf(state)! : contentKey(read.bytes);
    const hashes = wordsOf(read.bytes).hashes;
    this.recordUses(content, hashes);
    return { content, hashes };
  }

  private recordUses(content: Buffer, hashes: Uint32Array): void {
    this.changes.uses.push({ content, hashes });
    this.words.made(content, hashes);
  }

  /** Where the version's linked words come from, as the usage digest tells it: its entry's names in their language, names parsed here, or none. */
  private linkedSource(file: ShardFile, state: FileState): Buffer {
    if (this.definedNames(file, state) !== undefined) return Buffer.concat([NAMED, state.entry!.defined!.language]);
    const language = this.languages.defining(file.relative);
    return state.definitions && language !== undefined ? Buffer.concat([PARSED, languageKey(language)]) : UNNAMED;
  }

  /** The language key of the names a version's linked words are made of, as the usage snapshot holds it. */
  private linkedLanguage(file: ShardFile, state: FileState): Buffer {
    return this.definedNames(file, state) === undefined ? NO_LANGUAGE : state.entry!.defined!.language;
  }

  /**
   * Whether the usage snapshot holds the file at this entry: counted as its entry records it. A file
   * counted as it was read, not as its entry records it, has linked words of another version; a
   * binary file is never counted.
   */
  private isSnapshotted(file: ShardFile, entry: RecordedEntry): boolean {
    return this.words.contentOf(file.relative)?.equals(entry.content) === true;
  }

  /** The words the version's definitions are used by (none where its names are not known). */
  private linkedWords(file: ShardFile, state: FileState): LinkedWords {
    const entry = state.entry;
    if (entry === undefined) return linkedWordsOf(undefined);
    let linked = this.linked.get(entry);
    if (linked === undefined) {
      const names = this.definedNames(file, state);
      const saved = this.savedUsage?.get(file.relative);
      // As the snapshot holds them, where they are of this version's names: its content, in the same language (or none).
      if (saved !== undefined && saved.content.equals(entry.content) && saved.language.equals(this.linkedLanguage(file, state))) linked = saved.linked;
      else {
        linked = linkedWordsOf(names ?? (state.definitions ? Buffer.from(state.definitions.names, 'utf8') : undefined));
        if (this.isSnapshotted(file, entry)) this.linkedMade = true;
      }
      this.linked.set(entry, linked);
    }
    return linked;
  }

  /** Saves what the shard knows of its files as its snapshot, if it knows more than the saved one. */
  private saveSnapshot(): void {
    if (!this.unsaved) return;
    this.unsaved = false;
    this.lastSave = performance.now();
    this.store.saveSnapshot(this.snapshotName(), encodeFilesSnapshot(this.known()));
  }

  /** What its snapshot would hold now: the entry of each file of the walk whose version is known (but one changed too recently to be told apart). */
  private known(): (RecordedEntry | RestampedEntry)[] {
    const known: (RecordedEntry | RestampedEntry)[] = [];
    for (const file of this.files) {
      const state = this.states.get(file.relative);
      if (state?.entry !== undefined && !isRecent(state.stamp)) {
        // With the state's stamp: an entry taken from another worktree's snapshot has that file's.
        known.push(state.entry.stamp === state.stamp ? state.entry : { entry: state.entry, stamp: state.stamp });
      } else if (state === undefined && this.recorded?.has(file.relative)) known.push(this.recorded.get(file.relative)!); // Not looked at since it was read.
    }
    return known;
  }

  /**
   * The entries its snapshot would hold now, as another worktree's shard takes them (see
   * `worktreeEntries.ts`): the very objects, shared, not copies. Undefined while the walk is listed.
   */
  knownEntries(): readonly RecordedEntry[] | undefined {
    if (this.listing !== undefined) return undefined;
    return this.known().map((known) => (known instanceof RecordedEntry ? known : known.entry));
  }

  private snapshotName(): string {
    return shardSnapshotName(this.layout.shard, this.layout.shards);
  }

  /** Whether all the index holds of a file is known for its version: nothing is left to read for it. */
  private isIndexed(file: ShardFile, state: FileState): boolean {
    if (isUnsearchable(state)) return true;
    if (state.entry?.knowsWords !== true) return false;
    return this.languages.defining(file.relative) === undefined || state.definitions !== undefined || this.definedNames(file, state) !== undefined;
  }

  private async references(name: string, path: string | undefined, limit: number, tell: (done: number) => void): Promise<ReferenceHit[]> {
    const keep = pathFilter(path);
    const words = wordsOfName(name);
    const hits: ReferenceHit[] = [];
    for (let i = 0; i < this.files.length || (await this.hasFile(i)); i++) {
      tell(i);
      const file = this.files[i]!;
      if (!keep(file.relative)) continue;
      const looked = this.look(file);
      if (looked === undefined || isUnsearchable(looked.state)) continue;
      if (!mayHoldWords(looked.state, words)) continue;
      const read = looked.read ?? this.read(file);
      if (read?.bytes === undefined) continue;
      for (const match of wholeWordLines(read.bytes, name)) {
        hits.push({ order: file.order, relative: file.relative, line: match.line, text: shownLineAround(match.text, match.column) });
        if (hits.length === limit) return hits;
      }
    }
    return hits;
  }

  /** Only files that may hold a match are parsed, one after another as the walk order reaches them. */
  private async symbols(name: string, match: SymbolMatch, limit: number, tell: (done: number) => void, checked: boolean): Promise<SymbolHit[]> {
    const test = symbolTest(name, match);
    const words = match === 'exact' ? wordsOfName(lastSegment(name)) : [];
    const hits: SymbolHit[] = [];
    const ruledOut = match === 'containing' && checked && this.notContaining?.name === name ? this.notContaining.versions : undefined;
    const ruling = test.mayContain !== undefined ? { name, versions: new WeakSet<FileState>() } : undefined;
    this.notContaining = ruling;
    for (let i = 0; i < this.files.length || (await this.hasFile(i)); i++) {
      tell(i);
      const file = this.files[i]!;
      const language = this.languages.defining(file.relative);
      if (language === undefined) continue;
      const held = checked ? this.states.get(file.relative) : undefined;
      const looked = held !== undefined ? { state: held, read: undefined } : this.look(file);
      if (looked === undefined || isUnsearchable(looked.state)) continue;
      if (!mayHoldWords(looked.state, words)) continue;
      let known = looked.state;
      let parsed: KeptDefinitions | undefined;
      /** The stamp of the version whose bytes passed `test.mayHold` in this look, where it ran. */
      let passed: string | undefined;
      if (this.definedNames(file, known) === undefined && known.definitions === undefined) {
        if (ruledOut?.has(known) === true) continue;
        const read = looked.read ?? this.read(file);
        if (read?.bytes === undefined || test.mayContain?.(read.bytes) === false) {
          // Of this very version only: a file changed since its stamp was taken is read again.
          if (read?.stamp === known.stamp) ruling?.versions.add(known);
          continue;
        }
        if (!test.mayHold(read.bytes, language)) continue;
        passed = read.stamp;
        // Its names, from the index by its content or from a parse: its definitions are held only if it matches.
        ({ state: known, parsed } = await this.index(file, read, 'stored', this.wordsWhen(i)));
      }
      const names = this.definedNames(file, known);
      if (names !== undefined && !test.mayName(names)) continue;
      // A parse's definitions just made are used as they are: their record is not in the index until its batch is written.
      const definitions =
        (parsed !== undefined ? this.hold(file.relative, known, parsed) : this.heldDefinitions(file, known)) ?? (await this.remoteDefinitions(file, known)) ?? (await this.parsedDefinitions(file, this.wordsWhen(i)));
      if (definitions == null) continue;
      const matching = [...definitionSites(definitions)].filter(test.matches);
      if (matching.length === 0) continue;
      // Read again: the reads above were into the scratch buffer, another read's by now.
      const read = this.read(file);
      if (read?.bytes === undefined) continue;
      // Where the bytes may hold a match, as in a file the test above lets be parsed: the index's
      // names are every file's, and the grammar's error recovery makes definitions of words that no
      // definition can be (a macro's call in C), which a search with no index never parses. Not
      // twice of one version: the test of a C file decodes and reads all of it.
      if (read.stamp !== passed && !test.mayHold(read.bytes, language)) continue;
      if (read.stamp === known.stamp) hits.push(...symbolHits(file, read.bytes, matching));
      else {
        // Changed since its definitions were known: these bytes are the file now (its own: a parse waits).
        const bytes = Buffer.from(read.bytes);
        const fresh = (await this.index(file, { stamp: read.stamp, bytes }, 'held', this.wordsWhen(i))).state.definitions;
        if (fresh != null) hits.push(...symbolHits(file, bytes, [...definitionSites(fresh)].filter(test.matches)));
      }
      if (hits.length >= limit) return hits.slice(0, limit);
    }
    return hits;
  }

  /** The definitions of the file as it is now, made by a parse and held (the index did not have them). */
  private async parsedDefinitions(file: ShardFile, words: 'now' | 'later'): Promise<KeptDefinitions | null | undefined> {
    const read = this.read(file);
    if (read?.bytes === undefined) return undefined;
    return (await this.index(file, { stamp: read.stamp, bytes: Buffer.from(read.bytes) }, 'held', words)).state.definitions;
  }

  /** When a search that reads the `i`th file makes its word filter: later, where the fill has that file still to come (see `index`). */
  private wordsWhen(i: number): 'now' | 'later' {
    return i < this.filled ? 'now' : 'later';
  }

  /** Said to have changed: its stamp is taken again at its next look. */
  private unchecked(relative: string): void {
    const state = this.states.get(relative);
    if (state !== undefined) state.checked = -1;
  }

  /**
   * What is known of the file's version on disk now: from memory, or from the index where it
   * recorded this very stamp; a bare state (nothing known yet) otherwise. Undefined when it is gone.
   * A state whose stamp was taken in this epoch is taken as it is (see `mayHaveChanged`).
   */
  private stateOf(file: ShardFile): FileState | undefined {
    const held = this.states.get(file.relative);
    if (held?.checked === this.epoch) return held;
    const stamp = stampOf(this.rootPrefix + file.relative, { followLinks: false });
    if (stamp === '') {
      this.forget(file.relative); // Gone since the walk: what was known of it is of no version now.
      return undefined;
    }
    if (held?.stamp === stamp) {
      held.checked = this.epoch;
      return held;
    }
    if (held !== undefined) this.forget(file.relative);
    // Taken (or found out of date) once: from here on the state is what a snapshot saves of the file.
    const recorded = this.recordedFiles().get(file.relative);
    this.recordedFiles().delete(file.relative);
    // As the index recorded it (its defined names are checked against its language where they are used: see `definedNames`).
    const state: FileState = { stamp, checked: this.epoch, entry: recorded?.stamp === stamp ? recorded : this.fromOtherWorktree(file.relative, stamp) };
    this.states.set(file.relative, state);
    return state;
  }

  /**
   * The file's state (see `stateOf`), and where nothing was known of it, nor can be but from its
   * bytes, those bytes: every caller reads such a file next, and the read's own stamp serves, where a
   * stat of its own cost a kernel worker some 0.25 s of a first search. Undefined when it is gone (or
   * nothing was known of it and it is not a regular file to read).
   */
  private look(file: ShardFile): { readonly state: FileState; readonly read: SearchRead | undefined } | undefined {
    if (this.states.has(file.relative) || this.otherWorktrees !== undefined || this.recordedFiles().has(file.relative)) {
      const state = this.stateOf(file);
      return state && { state, read: undefined };
    }
    const read = this.read(file);
    if (read === undefined) return undefined;
    const state: FileState = { stamp: read.stamp, checked: this.epoch, entry: undefined };
    this.states.set(file.relative, state);
    return { state, read };
  }

  /** What another worktree recorded of the same content as this version's, as this version's entry (see `worktreeEntries.ts`). */
  private fromOtherWorktree(relative: string, stamp: string): RecordedEntry | undefined {
    if (this.otherWorktrees === undefined) return undefined;
    // A stamp too recent to hold its stats (a worktree just checked out): git may vouch for them.
    const stats = stampNumbersOf(stamp) ?? statsOf(this.rootPrefix + relative);
    const other = stats === undefined ? undefined : this.otherWorktrees.entryFor(relative, stats);
    if (other !== undefined) this.unsaved = true;
    // Taken as WorktreeEntries holds it (mostly views of one snapshot: a copy of each took a kernel worker some 50 MB): its stamp is the other file's, and the snapshot saves this one's (see `saveSnapshot`).
    return other;
  }

  /** The names the file defines, where they are known and of the language the file has now (a snapshot's may be of another). */
  private definedNames(file: ShardFile, state: FileState): Buffer | undefined {
    const defined = state.entry?.defined;
    if (defined === undefined) return undefined;
    const language = this.languages.defining(file.relative);
    return language !== undefined && defined.language.equals(languageKey(language)) ? defined.names : undefined;
  }

  /** Reads what the index knew of the shard's files now, rather than at the first search (a worker does so while the walk is made). */
  recall(): void {
    this.recordedFiles();
  }

  /**
   * What the index knew of this shard's files: its own snapshot, or where there is none (a machine
   * with another number of cores wrote them), every shard snapshot of the project.
   */
  private recordedFiles(): Map<string, RecordedEntry> {
    if (this.recorded === undefined) {
      const own = this.store.snapshot(this.snapshotName());
      const names = own !== undefined ? [] : this.store.snapshotNames('files-');
      const snapshots = own !== undefined ? [own] : names.flatMap((name) => this.store.snapshot(name) ?? []);
      this.recorded = new Map();
      for (const data of snapshots) for (const entry of decodeFilesSnapshot(data) ?? []) this.recorded.set(entry.relative, entry);
      // A new worktree's: none of its own, so what the repository's other worktrees hold may serve.
      if (snapshots.length === 0 && this.store.persistent) {
        const { shard, shards } = this.layout;
        const inShard = (relative: string) => shardOf(relative, shards) === shard;
        this.otherWorktrees = WorktreeEntries.of(this.projectRoot, this.snapshotName(), {
          inShard,
          entriesOf: (root, name) => {
            const known = this.knownOf?.(root);
            if (known !== undefined) return known;
            const snapshot = this.store.projectSnapshot(root, name);
            return snapshot === undefined ? undefined : decodeFilesSnapshot(snapshot);
          },
          roomFor: (size) => this.arena.room(size),
        });
        // Nothing of it in the local index at all: a remote cache may have it.
        if (this.otherWorktrees === undefined && this.remoteCache !== undefined) this.remoteOpening = this.openRemote(this.remoteCache, inShard);
      }
    }
    return this.recorded;
  }

  private async openRemote(source: RemoteSource, inShard: (relative: string) => boolean): Promise<void> {
    const givenWords = (given: readonly EntryGivenWords[]) => this.tookWords(given);
    const remote = await RemoteShard.open(source, { projectRoot: this.projectRoot, layout: this.layout, inShard, givenWords });
    if (remote === undefined) return;
    if (source.wordsWithEntries) await remote.allWords();
    this.remote = remote;
    this.otherWorktrees = WorktreeEntries.fromRemote(remote.family, remote.entries);
  }

  /** Entries given their word filters by the remote: where a file's state holds the entry as it was, the one with them. */
  private tookWords(given: readonly EntryGivenWords[]): void {
    for (const [relative, was, now] of given) {
      const state = this.states.get(relative);
      if (state?.entry === was) state.entry = now;
    }
  }

  /** The file's definitions as a remote cache recorded them for its content, held; undefined where it has none. */
  private async remoteDefinitions(file: ShardFile, state: FileState): Promise<KeptDefinitions | undefined> {
    const language = this.languages.defining(file.relative);
    const content = contentOf(state);
    if (this.remote === undefined || language === undefined || content === undefined) return undefined;
    const key = languageKey(language);
    const payload = await this.remote.definitions(file.relative, content, key);
    const remote = payload === undefined ? undefined : decodeKeptDefinitions(payload);
    return remote === undefined ? undefined : this.holdFound(file, state, content, key, remote);
  }

  /** The file's definitions if memory or the index has them for its content; undefined when they must be made. */
  private heldDefinitions(file: ShardFile, state: FileState): KeptDefinitions | null | undefined {
    if (state.definitions !== undefined) {
      this.use(file.relative);
      return state.definitions;
    }
    const language = this.languages.defining(file.relative);
    if (language === undefined) return null;
    const content = contentOf(state);
    if (content === undefined) return undefined;
    const key = languageKey(language);
    const stored = this.storedDefinitions(content, key);
    return stored === undefined ? undefined : this.holdFound(file, state, content, key, stored);
  }

  /** Definitions found for the state's content in the language of this key (in the index, or a remote cache): its entry records their names, and they are held. */
  private holdFound(file: ShardFile, state: FileState, content: Buffer, key: Buffer, found: KeptDefinitions): KeptDefinitions {
    this.learn(file, state, { content, words: state.entry?.words, defined: namesOf(found, key), blob: state.entry?.blob });
    return this.hold(file.relative, state, found);
  }

  /** A content's definitions in a language, as the index holds them; undefined when it holds none it can read. */
  private storedDefinitions(content: Buffer, language: Buffer): KeptDefinitions | undefined {
    const record = this.store.definitions(content, language);
    return record === undefined ? undefined : decodeKeptDefinitions(record);
  }

  /**
   * Reads what is not yet known of a version of the file from its bytes (or from the index, by its
   * content), remembers it for that version, and records it for the index. Its definitions are
   * `held` in memory for a search; a fill only `stored`s them in the index (and keeps their names),
   * so that filling a large tree does not fill memory too, but where there is no index to store them.
   * A search leaves its word filter `later` to a fill that has yet to come to the file, and takes up
   * every file whose entry has none: no answer needs it, and the filters of the files a first
   * find_symbol parses on a tree never indexed (the largest of a kernel's, most often) had cost each
   * worker some 90 ms of the call.
   * With the state come the definitions a parse made, if one ran.
   */
  private async index(
    file: ShardFile,
    read: SearchRead,
    definitions: 'held' | 'stored',
    words: 'now' | 'later' = 'now',
  ): Promise<{ readonly state: FileState; readonly parsed: KeptDefinitions | undefined }> {
    let state = this.states.get(file.relative);
    if (state?.stamp !== read.stamp) {
      if (state !== undefined) this.forget(file.relative);
      state = { stamp: read.stamp, checked: this.epoch, entry: undefined };
      this.states.set(file.relative, state);
    }
    if (read.bytes === undefined) {
      this.learn(file, state, { content: UNSEARCHABLE, words: undefined, defined: undefined, blob: undefined });
      return { state, parsed: undefined };
    }
    const content = contentOf(state) ?? contentKey(read.bytes);
    const blob = state.entry?.blob ?? gitBlobId(read.bytes);
    const filter = state.entry?.words ?? (words === 'now' ? this.wordsOf(content, read.bytes) : undefined);
    let defined = state.entry?.defined;
    let parsed: KeptDefinitions | undefined;
    const language = this.languages.defining(file.relative);
    if (language === undefined) state.definitions = null;
    else if (state.definitions === undefined && (definitions === 'held' || this.definedNames(file, state) === undefined)) {
      const key = languageKey(language);
      const stored = this.storedDefinitions(content, key);
      // The parse takes the bytes before it waits: after it they may be another file's (the scratch buffer's), and nothing below reads them.
      const made = stored === undefined ? await this.parse(file, read.bytes) : undefined;
      parsed = made?.kept;
      const kept = stored ?? made!.kept;
      if (definitions === 'held' || !this.store.persistent) this.hold(file.relative, state, kept);
      if (made?.record !== undefined) this.changes.definitions.push({ content, language: key, payload: made.record });
      // A stand-in's definitions (a grammar that failed, a parse past its budget) serve this process
      // only: neither their record nor their names go into the index.
      defined = made !== undefined && made.record === undefined ? undefined : namesOf(kept, key);
    }
    this.learn(file, state, { content, words: filter, defined, blob });
    return { state, parsed };
  }

  /** The word filter of a content: the index's, or made from its bytes and recorded for the index, with the words it uses. */
  private wordsOf(content: Buffer, bytes: Buffer): Uint8Array {
    const stored = this.store.words(content);
    if (stored !== undefined) return stored;
    const { filter, hashes } = wordsOf(bytes);
    this.changes.words.push({ content, filter });
    this.recordUses(content, hashes);
    return filter;
  }

  /** Parses the file for its definitions, and their record for the index: none where a stand-in made them. */
  private async parse(file: ShardFile, bytes: Buffer): Promise<{ readonly kept: KeptDefinitions; readonly record: Buffer | undefined }> {
    let fallback = false;
    // Decoded before the first wait: the bytes may be the scratch buffer's, another read's after it.
    const text = stripByteOrderMark(bytes.toString('utf8'));
    const { definitionsOf } = await definitionsEngine();
    const made = (await definitionsOf(this.languages, file.relative, text, () => (fallback = true))) ?? [];
    return { kept: keepDefinitions(made), record: fallback ? undefined : encodeDefinitions(made) };
  }

  /**
   * Makes what was learnt of a version its entry (a new one, in the arena, unless its entry records
   * just that), to be saved with the snapshot; and writes content records once a batch is full.
   */
  private learn(file: ShardFile, state: FileState, learnt: Learnt): void {
    if (state.entry === undefined || !records(state.entry, learnt)) {
      state.entry = recordEntry(file.relative, { stamp: state.stamp, ...learnt }, (size) => this.arena.room(size));
      this.edits++;
      if (!isRecent(state.stamp)) this.unsaved = true;
    }
    if (this.changes.words.length + this.changes.definitions.length + this.changes.uses.length >= BATCH) this.flush();
  }

  private flush(): void {
    const { words, definitions, uses } = this.changes;
    if (words.length + definitions.length + uses.length === 0) return;
    this.changes = { words: [], definitions: [], uses: [] };
    this.words.written();
    this.store.write({ words, definitions, uses });
  }

  private read(file: ShardFile): SearchRead | undefined {
    return readSearchable(this.rootPrefix + file.relative, this.scratch);
  }

  private hold(relative: string, state: FileState, definitions: KeptDefinitions): KeptDefinitions {
    state.definitions = definitions;
    this.heldCount -= this.held.get(relative) ?? 0; // Made twice at once (a search and a fill): counted once.
    this.held.delete(relative);
    this.held.set(relative, definitions.linesAndKinds.length);
    this.heldCount += definitions.linesAndKinds.length;
    for (const [oldest, count] of this.held) {
      if (this.heldCount <= MAX_HELD_DEFINITIONS) break;
      this.dropDefinitions(oldest, count);
    }
    return definitions;
  }

  /** Marks the file's definitions as the most recently used. */
  private use(relative: string): void {
    const count = this.held.get(relative);
    if (count === undefined) return;
    this.held.delete(relative);
    this.held.set(relative, count);
  }

  private dropDefinitions(relative: string, count: number): void {
    this.held.delete(relative);
    this.heldCount -= count;
    const state = this.states.get(relative);
    if (state !== undefined) state.definitions = undefined;
  }

  private forget(relative: string): void {
    this.edits++;
    const count = this.held.get(relative);
    if (count !== undefined) this.dropDefinitions(relative, count);
    this.states.delete(relative);
  }
}

/**
 * A function to call with the number of files looked at, which tells `progress` every
 * PROGRESS_EVERY_MS or so. A search shorter than that tells nothing: its answer is as soon (and a
 * client that reads a notification and the answer at once may take the answer first: the MCP SDK's
 * client then no longer knows the token).
 */
function progressTeller(total: number, progress: Progress | undefined): (done: number) => void {
  if (progress === undefined) return () => {};
  let next = performance.now() + PROGRESS_EVERY_MS;
  return (done) => {
    if ((done & 63) !== 0 || performance.now() < next) return;
    next = performance.now() + PROGRESS_EVERY_MS;
    progress(done, total);
  };
}

function symbolHits(file: ShardFile, bytes: Buffer, matching: readonly DefinitionSite[]): SymbolHit[] {
  if (matching.length === 0) return [];
  const lines = splitLines(stripByteOrderMark(bytes.toString('utf8')));
  return matching.map((definition) => ({ order: file.order, relative: file.relative, definition, source: lines[definition.line - 1] ?? '' }));
}
