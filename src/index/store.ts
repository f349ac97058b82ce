/**
 * The index on disk: one SQLite database in the cache folder for the records keyed by content, and
 * the projects' snapshots beside it (`snapshots.ts`); the format is in `FORMAT.md` beside this file.
 * Every process of the user shares them. SQLite gives what several servers writing at once
 * and a server killed mid-write need (transactions, a write-ahead log, locks between processes) and
 * reports a damaged file as an error rather than crashing; each record also carries a checksum of
 * its own, so that bytes changed inside a record are not trusted either.
 *
 * The store is an optimisation only. Whatever fails (a busy lock, a full disk, a damaged or foreign
 * file) makes a lookup miss or a write be dropped, is said once on stderr, and changes no answer.
 */
import type Database from 'better-sqlite3';
import { rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { checksum } from './checksum.js';
import { CONTENT_KEY_BYTES } from './contentKey.js';
import { allDatabaseFiles, currentDatabase, databaseExists, FORMAT_VERSION, removeDatabase } from './databaseFiles.js';
import { snapshotBytes, snapshotFiles, Snapshots, SNAPSHOTS_FOLDER } from './snapshots.js';

/** The size the index is kept under: least recently used records go first (see docs/index.md). */
export const DEFAULT_MAX_BYTES = 2 * 1024 ** 3;
/** The database's page size, where it is made: its definitions rows are of a few KB. */
const PAGE_BYTES = 16 * 1024;
/**
 * The write-ahead log is copied into the database once it holds this much, whatever the pages' size
 * (SQLite's default is 1000 pages): the cache's bound is on the database, and the log is on disk too.
 */
const CHECKPOINT_BYTES = 4 * 1024 ** 2;
/** A writer waits this long for another process's write to end, then drops its own batch. */
const BUSY_TIMEOUT_MS = 1000;
/** A record's last use is written again only once it is this old (seconds): reads do not each write. */
const TOUCH_AFTER_S = 3600;
/**
 * The size is checked against the bound after this many bytes of records are written, and at each
 * snapshot saved: a check reads the folder, which cost more than the write of a file's outline.
 */
const EVICT_CHECK_BYTES = 256 * 1024;

/**
 * better-sqlite3, loaded when a database is first opened: a server answers `initialize` before it
 * needs the index, and loading the module took some 5 ms of its start.
 */
let sqlite: typeof Database | undefined;
const database = () => (sqlite ??= createRequire(import.meta.url)('better-sqlite3') as typeof Database);

/** Content records a batch writes. */
export interface IndexChanges {
  readonly words: { readonly content: Buffer; readonly filter: Uint8Array }[];
  readonly definitions: { readonly content: Buffer; readonly language: Buffer; readonly payload: Buffer }[];
  /** The distinct word hashes of a content, ascending (see `wordsOf`): the words the map counts it as using. */
  readonly uses?: { readonly content: Buffer; readonly hashes: Uint32Array }[];
}

export interface IndexStore {
  /** False for `--no-cache`'s store, which keeps nothing: what a process learns stays in its memory. */
  readonly persistent: boolean;
  /** A snapshot of the project's (what its walk or a shard knew of its files), when one was saved whole. */
  snapshot(name: string): Buffer | undefined;
  /** The names of the project's snapshots that start with `prefix`. */
  snapshotNames(prefix: string): string[];
  /** A snapshot of another project folder's (a real path): another worktree of the project's repository. */
  projectSnapshot(projectRoot: string, name: string): Buffer | undefined;
  saveSnapshot(name: string, parts: Iterable<Uint8Array>): void;
  words(content: Buffer): Uint8Array | undefined;
  /** A content's definitions in one language, as `definitionsRecord.ts` encodes them. */
  definitions(content: Buffer, language: Buffer): Buffer | undefined;
  /** The distinct word hashes of a content, ascending, as `IndexChanges.uses` records them. */
  uses(content: Buffer): Uint32Array | undefined;
  write(changes: IndexChanges): void;
  close(): void;
}

/** The store of `--no-cache`: it knows nothing and keeps nothing. */
export const NO_STORE: IndexStore = {
  persistent: false,
  snapshot: () => undefined,
  snapshotNames: () => [],
  projectSnapshot: () => undefined,
  saveSnapshot: () => {},
  words: () => undefined,
  definitions: () => undefined,
  uses: () => undefined,
  write: () => {},
  close: () => {},
};

/**
 * The tables of records have a rowid and a unique key: their rows (word filters of some 450 bytes,
 * definitions of a few KB) made tables keyed by the content alone (WITHOUT ROWID) up to twice as
 * slow to look up in and to write (`zumba index` of the kernel spent some 5 s a worker there).
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS words (content BLOB NOT NULL UNIQUE, filter BLOB NOT NULL, checksum INTEGER NOT NULL, used INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS definitions (content BLOB NOT NULL, language BLOB NOT NULL, payload BLOB NOT NULL, checksum INTEGER NOT NULL, used INTEGER NOT NULL, UNIQUE (content, language));
CREATE INDEX IF NOT EXISTS words_used ON words (used);
CREATE INDEX IF NOT EXISTS definitions_used ON definitions (used);
CREATE TABLE IF NOT EXISTS uses (content BLOB NOT NULL UNIQUE, hashes BLOB NOT NULL, checksum INTEGER NOT NULL, used INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS uses_used ON uses (used);
`;

export type Warn = (message: string) => void;

const now = () => Math.floor(Date.now() / 1000);

/**
 * The index in a trusted cache folder, for one project. Its database is opened (or made) at its first
 * use, not here: a search of a tree the snapshots hold all of needs none, and opening it took a
 * fresh server's threads some 10 ms each before their first search.
 */
export function openStore(folder: string, projectRoot: string, warn: Warn, maxBytes = DEFAULT_MAX_BYTES): IndexStore {
  return new SqliteStore(new Snapshots(folder, projectRoot), warn, maxBytes, folder);
}

/** Tries to open a database this many times: each time, another process may have removed the one found. */
const OPEN_ATTEMPTS = 3;

/**
 * Opens the folder's database (or makes one; see `databaseFiles.ts`). A file of another format or that
 * is not a database is removed, and the next one opened; one that cannot be opened at all gives none
 * (undefined, with a warning).
 */
function openDatabase(folder: string, warn: Warn): Connection | undefined {
  let file = '';
  for (let attempt = 0; attempt < OPEN_ATTEMPTS; attempt++) {
    let db: Database.Database | undefined;
    try {
      file = currentDatabase(folder);
      // Never made here: a database removed since it was listed fails to open rather than coming back.
      db = new (database())(file, { timeout: BUSY_TIMEOUT_MS, fileMustExist: true });
      if (prepare(db) === 'foreign') {
        db.close();
        removeDatabase(file);
        continue;
      }
      return { db, statements: statementsOf(db), file };
    } catch (error) {
      db?.close();
      if (isDamage(error)) {
        removeDatabase(file);
        continue;
      }
      if (file !== '' && !databaseExists(file)) continue;
      warn(`the index in ${folder} cannot be used (${messageOf(error)}); answering without it`);
      return undefined;
    }
  }
  warn(`the index in ${folder} cannot be used: it was found damaged or removed at each of ${OPEN_ATTEMPTS} openings; answering without it`);
  return undefined;
}

/** Sets the database up for this format: 'foreign' when it holds something else. */
function prepare(db: Database.Database): 'ready' | 'foreign' {
  // Only a new file takes it (before its first page is written). A fresh kernel server's fill wrote
  // its remote cache's definitions (112 MB) in 0.5 s of CPU rather than 0.85 with SQLite's 4 KB, and
  // read them back as fast.
  db.pragma(`page_size = ${PAGE_BYTES}`);
  db.pragma('journal_mode = WAL');
  db.pragma(`wal_autocheckpoint = ${Math.ceil(CHECKPOINT_BYTES / (db.pragma('page_size', { simple: true }) as number))}`);
  // Never synced to the disk: a cache that a crash of the machine damages is found out (SQLite's own
  // checks, each record's checksum) and made again, and waiting on the disk at each checkpoint had
  // made a batch's commit some three times as long (`zumba index` of the kernel: 3 s a worker).
  db.pragma('synchronous = OFF');
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
  if (tables.length > 0) {
    const format = tables.includes('meta') ? (db.prepare("SELECT value FROM meta WHERE key = 'format'").pluck().get() as string | undefined) : undefined;
    return format === String(FORMAT_VERSION) ? 'ready' : 'foreign';
  }
  // A new file: auto_vacuum must be set before the first table, so that eviction can give space back.
  db.pragma('auto_vacuum = INCREMENTAL');
  db.transaction(() => {
    db.exec(SCHEMA);
    db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('format', ?)").run(String(FORMAT_VERSION));
  }).immediate();
  return 'ready';
}

/** The bytes the index takes in a cache folder: its databases (with logs) and every snapshot. */
export function indexBytes(folder: string): number {
  const databases = allDatabaseFiles(folder).reduce((total, file) => total + (statSync(file, { throwIfNoEntry: false })?.size ?? 0), 0);
  return databases + snapshotBytes(folder);
}

/** Empties the index in a cache folder: the databases of every format (an older zumba's is of no use to this one) and the snapshots. */
export function clearIndex(folder: string): void {
  for (const file of allDatabaseFiles(folder)) rmSync(file, { force: true });
  rmSync(path.join(folder, SNAPSHOTS_FOLDER), { recursive: true, force: true });
}

/** A record's hashes, as 32-bit little-endian numbers. */
function bytesOf(hashes: Uint32Array): Buffer {
  const bytes = Buffer.alloc(hashes.length * 4);
  for (let i = 0; i < hashes.length; i++) bytes.writeUInt32LE(hashes[i]!, i * 4);
  return bytes;
}

function hashesOf(bytes: Buffer): Uint32Array {
  const hashes = new Uint32Array(bytes.length / 4);
  for (let i = 0; i < hashes.length; i++) hashes[i] = bytes.readUInt32LE(i * 4);
  return hashes;
}

function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT' || (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The open database and the statements the store runs on it. */
interface Connection {
  readonly db: Database.Database;
  readonly statements: ReturnType<typeof statementsOf>;
  readonly file: string;
}

function statementsOf(db: Database.Database) {
  return {
    words: db.prepare('SELECT filter, checksum FROM words WHERE content = ?'),
    definitions: db.prepare('SELECT payload, checksum FROM definitions WHERE content = ? AND language = ?'),
    uses: db.prepare('SELECT hashes, checksum FROM uses WHERE content = ?'),
    putUses: db.prepare('INSERT OR REPLACE INTO uses (content, hashes, checksum, used) VALUES (?, ?, ?, ?)'),
    touchUses: db.prepare('UPDATE uses SET used = ? WHERE content = ? AND used < ?'),
    putWords: db.prepare('INSERT OR REPLACE INTO words (content, filter, checksum, used) VALUES (?, ?, ?, ?)'),
    putDefinitions: db.prepare('INSERT OR REPLACE INTO definitions (content, language, payload, checksum, used) VALUES (?, ?, ?, ?, ?)'),
    touchWords: db.prepare('UPDATE words SET used = ? WHERE content = ? AND used < ?'),
    touchDefinitions: db.prepare('UPDATE definitions SET used = ? WHERE content = ? AND language = ? AND used < ?'),
  };
}

class SqliteStore implements IndexStore {
  readonly persistent = true;
  /** The database could not be opened, or was found damaged: the store no longer uses it, nor writes snapshots. */
  private broken = false;
  private opened: Connection | undefined;
  private readonly touched = { words: new Set<string>(), definitions: new Set<string>(), uses: new Set<string>() };
  /** Bytes of records written since the size was last checked: the first write checks it. */
  private writtenSinceCheck = Number.POSITIVE_INFINITY;

  constructor(
    private readonly snapshots: Snapshots,
    private readonly warn: Warn,
    private readonly maxBytes: number,
    private readonly folder: string,
  ) {}

  snapshot(name: string): Buffer | undefined {
    return this.guardFiles(() => this.snapshots.read(name));
  }

  snapshotNames(prefix: string): string[] {
    return this.guardFiles(() => this.snapshots.names(prefix)) ?? [];
  }

  projectSnapshot(projectRoot: string, name: string): Buffer | undefined {
    return this.guardFiles(() => new Snapshots(this.folder, projectRoot).read(name));
  }

  /** Written only where the database can be used: the size bound, which it checks next, counts the snapshots. */
  saveSnapshot(name: string, parts: Iterable<Uint8Array>): void {
    if (this.connection() === undefined) return;
    this.guardFiles(() => this.snapshots.write(name, parts));
    this.guard((connection) => this.evictIfOver(connection));
  }

  words(content: Buffer): Uint8Array | undefined {
    return this.guard(({ statements }) => {
      const row = statements.words.get(content) as { filter: Buffer; checksum: number } | undefined;
      if (row === undefined || row.checksum !== checksum(content, row.filter)) return undefined;
      this.touched.words.add(content.toString('latin1'));
      return row.filter;
    });
  }

  definitions(content: Buffer, language: Buffer): Buffer | undefined {
    return this.guard(({ statements }) => {
      const row = statements.definitions.get(content, language) as { payload: Buffer; checksum: number } | undefined;
      if (row === undefined || row.checksum !== checksum(content, language, row.payload)) return undefined;
      this.touched.definitions.add(Buffer.concat([content, language]).toString('latin1'));
      return row.payload;
    });
  }

  uses(content: Buffer): Uint32Array | undefined {
    return this.guard(({ statements }) => {
      const row = statements.uses.get(content) as { hashes: Buffer; checksum: number } | undefined;
      if (row === undefined || row.checksum !== checksum(content, row.hashes) || row.hashes.length % 4 !== 0) return undefined;
      this.touched.uses.add(content.toString('latin1'));
      return hashesOf(row.hashes);
    });
  }

  write(changes: IndexChanges): void {
    this.leaveRemovedDatabase();
    this.guard((connection) => {
      const time = now();
      const { putWords, putDefinitions, putUses } = connection.statements;
      connection.db
        .transaction(() => {
          for (const w of changes.words) putWords.run(w.content, w.filter, checksum(w.content, w.filter), time);
          for (const d of changes.definitions) putDefinitions.run(d.content, d.language, d.payload, checksum(d.content, d.language, d.payload), time);
          for (const u of changes.uses ?? []) {
            const bytes = bytesOf(u.hashes);
            putUses.run(u.content, bytes, checksum(u.content, bytes), time);
          }
          this.touch(connection, time);
        })
        .immediate();
      this.writtenSinceCheck += changes.words.reduce((sum, w) => sum + w.filter.length, 0) + changes.definitions.reduce((sum, d) => sum + d.payload.length, 0) +
        (changes.uses ?? []).reduce((sum, u) => sum + u.hashes.byteLength, 0);
      if (this.writtenSinceCheck >= EVICT_CHECK_BYTES) this.evictIfOver(connection);
    });
  }

  close(): void {
    if (!this.broken) this.opened?.db.close();
  }

  /** The database, opened at the first use; undefined once it could not be opened or was found damaged. */
  private connection(): Connection | undefined {
    if (this.opened === undefined && !this.broken) {
      this.opened = openDatabase(this.folder, this.warn);
      this.broken = this.opened === undefined;
    }
    return this.broken ? undefined : this.opened;
  }

  /**
   * Closes the database where another process removed it (`zumba cache clear`, or one that made a
   * database at the same moment and took the older): the next use opens the folder's current one,
   * rather than writing where no one will read.
   */
  private leaveRemovedDatabase(): void {
    if (this.opened === undefined || this.broken || databaseExists(this.opened.file)) return;
    this.opened.db.close();
    this.opened = undefined;
  }

  /** Renews the last use of the records read since the last write, where it is older than TOUCH_AFTER_S. */
  private touch({ statements }: Connection, time: number): void {
    const stale = time - TOUCH_AFTER_S;
    const { touchWords, touchDefinitions, touchUses } = statements;
    for (const key of this.touched.words) touchWords.run(time, Buffer.from(key, 'latin1'), stale);
    for (const key of this.touched.uses) touchUses.run(time, Buffer.from(key, 'latin1'), stale);
    for (const key of this.touched.definitions) {
      const both = Buffer.from(key, 'latin1');
      touchDefinitions.run(time, both.subarray(0, CONTENT_KEY_BYTES), both.subarray(CONTENT_KEY_BYTES), stale);
    }
    this.touched.words.clear();
    this.touched.definitions.clear();
    this.touched.uses.clear();
  }

  /**
   * Past the bound (the database and the snapshots together), the least recently used go: a tenth of
   * the word filters, of the words used and of the definitions, and the snapshots unused since before the oldest word
   * filter left, until a quarter of the bound is free.
   */
  private evictIfOver({ db }: Connection): void {
    this.writtenSinceCheck = 0;
    // The database's pages in use, not its files: freed pages leave the files only at a checkpoint.
    const size = () => (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number) + snapshotBytes(this.folder);
    for (let round = 0; round < 10 && size() > this.maxBytes; round++) {
      db
        .transaction(() => {
          const tenth = (table: string) => Math.ceil((db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number) / 10);
          db.prepare('DELETE FROM words WHERE content IN (SELECT content FROM words ORDER BY used LIMIT ?)').run(tenth('words'));
          db.prepare('DELETE FROM uses WHERE content IN (SELECT content FROM uses ORDER BY used LIMIT ?)').run(tenth('uses'));
          db
            .prepare('DELETE FROM definitions WHERE (content, language) IN (SELECT content, language FROM definitions ORDER BY used LIMIT ?)')
            .run(tenth('definitions'));
        })
        .immediate();
      db.pragma('incremental_vacuum');
      const oldest = (db.prepare('SELECT min(used) FROM words').pluck().get() as number | null) ?? Number.MAX_SAFE_INTEGER;
      for (const snapshot of snapshotFiles(this.folder)) if (snapshot.used < oldest * 1000) rmSync(snapshot.file, { force: true });
      if (size() <= this.maxBytes * 0.75) return;
    }
  }

  /** Runs a use of the snapshot files; a failure (a full disk, say) makes it a miss, said once. */
  private guardFiles<T>(use: () => T): T | undefined {
    try {
      return use();
    } catch (error) {
      this.warn(`the index could not be used (${messageOf(error)}); answering without it where it failed`);
      return undefined;
    }
  }

  /**
   * Runs a use of the database; a failure makes it a miss. A damaged file is removed (the next
   * process starts a new one) and this process goes on without an index; a busy lock or a full
   * disk only drops what was being written.
   */
  private guard<T>(use: (connection: Connection) => T): T | undefined {
    const connection = this.connection();
    if (connection === undefined) return undefined;
    try {
      return use(connection);
    } catch (error) {
      if (isDamage(error)) {
        this.broken = true;
        this.warn(`the index at ${connection.file} is damaged (${messageOf(error)}); it is removed, and this process answers without it`);
        try {
          connection.db.close();
        } catch {
          // Closing a damaged database may fail too: it is being removed anyway.
        }
        removeDatabase(connection.file);
      } else {
        this.warn(`the index could not be used (${messageOf(error)}); answering without it where it failed`);
      }
      return undefined;
    }
  }
}
