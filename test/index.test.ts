/**
 * The index's pieces on their own: a word filter never hides a whole-word match (and does rule most
 * absent words out), a definitions record reads back what was written and nothing from damaged
 * bytes, a shard's snapshot written in parts reads back whole, a language's key changes with its
 * grammar and queries, and the cache folder is refused where someone else could write it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { KINDS, type Definition } from '../src/definitions/definition.js';
import { CacheFolderError, defaultCacheFolder, trustedCacheFolder } from '../src/index/cacheFolder.js';
import { databasesOf } from '../src/index/databaseFiles.js';
import { decodeDefinitions, encodeDefinitions } from '../src/index/definitionsRecord.js';
import { decodeFilesSnapshot, encodeFilesSnapshot, recordEntry, type RecordedEntry, type RecordedFile, type RestampedEntry } from '../src/index/filesSnapshot.js';
import { Snapshots } from '../src/index/snapshots.js';
import { clearIndex, indexBytes, openStore } from '../src/index/store.js';
import type { LanguageInfo } from '../src/definitions/languages.js';
import { mayContain, wordFilterOf, wordsOfName } from '../src/index/wordFilter.js';
import { ByteArena } from '../src/search/byteArena.js';
import { loadLanguages } from '../src/definitions/manifest.js';
import { symbolTest } from '../src/search/symbolMatch.js';
import { wholeWordLines } from '../src/text/wholeWord.js';
import { seededRandom } from './seededRandom.js';

const LANGUAGE_KEY_MODULE = new URL('../src/index/languageKey.js', import.meta.url).href;

/** Pieces texts are made of: ASCII words, Unicode letters, marks and digits, and what separates them. */
const PIECES = [
  'foo', 'bar', 'x', '_', 'a1', 'Ünï', 'коды', '名前', 'e\u0301', '٣', 'ǅ', '\u200d', '𝒳', '🎉', ' ', '.', '::', '-', '—', '’',
  '\n', '\r\n', '\t', '(', ')', '"', '\u00a0', '\u2028', '$', '@',
];

describe('word filter', () => {
  test('never rules out a file holding the name as a whole word (6,000 seeded texts and names)', () => {
    const random = seededRandom(20261201);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    let matched = 0;
    for (let round = 0; round < 6000; round++) {
      const pieces = Array.from({ length: 1 + Math.floor(random() * 40) }, () => pick(PIECES));
      const text = pieces.join('');
      const bytes = Buffer.from(text, 'utf8');
      // A name from the text itself: a run of its pieces, or a slice of it cut anywhere.
      const from = Math.floor(random() * pieces.length);
      const start = Math.floor(random() * text.length);
      const name = random() < 0.8 ? pieces.slice(from, from + 1 + Math.floor(random() * 3)).join('') : text.slice(start, start + 1 + Math.floor(random() * 8));
      if (name.trim() === '' || /[\r\n]/.test(name) || /[\ud800-\udfff]/.test(name)) continue;
      if (wholeWordLines(bytes, name).next().done) continue;
      matched++;
      assert.ok(mayContain(wordFilterOf(bytes), wordsOfName(name)), `${JSON.stringify(name)} in ${JSON.stringify(text)}`);
    }
    assert.ok(matched > 1000, `only ${matched} texts held their name`);
  });

  test('bytes that are not UTF-8 separate words, as their U+FFFD does', () => {
    const bytes = Buffer.concat([Buffer.from('alpha'), Buffer.from([0xff, 0xc0, 0xe2, 0x82]), Buffer.from('beta\n')]);
    assert.ok(!wholeWordLines(bytes, 'beta').next().done);
    assert.ok(mayContain(wordFilterOf(bytes), wordsOfName('beta')));
    assert.ok(mayContain(wordFilterOf(bytes), wordsOfName('alpha')));
  });

  test('rules out nearly every absent word', () => {
    const words = Array.from({ length: 2000 }, (_, i) => `word${i}`);
    const filter = wordFilterOf(Buffer.from(words.join(' ')));
    const absent = Array.from({ length: 5000 }, (_, i) => `absent${i}`);
    const passed = absent.filter((word) => mayContain(filter, wordsOfName(word))).length;
    assert.ok(passed < 0.03 * absent.length, `${passed} of ${absent.length} absent words passed`);
    assert.ok(words.every((word) => mayContain(filter, wordsOfName(word))));
  });

  test("a file's filter is the same whatever files came before it, a larger one or the same one", () => {
    const small = Buffer.from('static int alpha(void) { return beta; }');
    const first = wordFilterOf(small);
    const large = ['alpha', 'return', ...Array.from({ length: 300_000 }, (_, i) => `w${i}`), 'beta'];
    const largeFilter = wordFilterOf(Buffer.from(large.join('\n')));
    assert.ok(large.every((word) => mayContain(largeFilter, wordsOfName(word))));
    assert.deepEqual(wordFilterOf(small), first);
    assert.deepEqual(wordFilterOf(small), first);
  });

  test('a name without word characters rules nothing out; every word of a name must be there', () => {
    const filter = wordFilterOf(Buffer.from('fn alpha() -> beta'));
    assert.ok(mayContain(filter, wordsOfName('->')));
    assert.ok(mayContain(filter, wordsOfName('alpha()')));
    assert.ok(!mayContain(filter, wordsOfName('alpha.gamma')));
  });
});

describe('definitions record', () => {
  const definitions: Definition[] = [
    ...KINDS.map((kind, i): Definition => ({ kind, line: 1 + i * 70_000, startLine: 1 + i * 69_000, endLine: 2 + i * 70_000, depth: i % 4, name: `${kind}_${i}` })),
    { kind: 'impl', line: 3, startLine: 3, endLine: 3, depth: 0, name: 'Display for Point<T>' },
    { kind: 'heading', line: 5, startLine: 5, endLine: 9, depth: 2, name: 'Ünïcode — “quoted” 🎉' },
    { kind: 'const', line: 7, startLine: 6, endLine: 7, depth: 1, name: '' },
  ];

  test('reads back exactly what was written', () => {
    assert.deepEqual(decodeDefinitions(encodeDefinitions(definitions)), definitions);
    assert.deepEqual(decodeDefinitions(encodeDefinitions([])), []);
  });

  test('a cut, lengthened or nonsensical record is no record', () => {
    const record = encodeDefinitions(definitions);
    assert.equal(decodeDefinitions(record.subarray(0, record.length - 1)), undefined);
    assert.equal(decodeDefinitions(Buffer.concat([record, Buffer.from('x\0')])), undefined);
    assert.equal(decodeDefinitions(record.subarray(0, 2)), undefined);
    const badKind = Buffer.from(record);
    badKind.writeInt32LE(KINDS.length, 4 + 12);
    assert.equal(decodeDefinitions(badKind), undefined);
    const endBeforeLine = Buffer.from(record);
    endBeforeLine.writeInt32LE(0, 4 + 8);
    assert.equal(decodeDefinitions(endBeforeLine), undefined);
    const startAfterLine = Buffer.from(record);
    startAfterLine.writeInt32LE(2, 4 + 4);
    assert.equal(decodeDefinitions(startAfterLine), undefined);
    const badCount = Buffer.from(record);
    badCount.writeInt32LE(1 << 30, 0);
    assert.equal(decodeDefinitions(badCount), undefined);
  });
});

describe('snapshot of a shard', () => {
  const random = seededRandom(7);
  const bytes = (length: number) => Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)));
  /** Files of every shape an entry has: with and without words and names, unsearchable (no blob id), a path in UTF-8. */
  const files: [string, RecordedFile][] = Array.from({ length: 8000 }, (_, i) => [
    `src/${i % 7 === 0 ? 'ünï/名前' : 'dir'}/file${i}.c`,
    {
      stamp: `${1000 + i}:1700000000000.${i}:1700000000000.${i}:${i * 13}`,
      content: i % 11 === 0 ? Buffer.alloc(0) : bytes(32),
      words: i % 5 === 0 ? undefined : bytes(32 << (i % 5)),
      defined: i % 3 === 0 ? undefined : { language: bytes(16), names: Buffer.from(`name${i}\0other${i}\0`) },
      blob: i % 11 === 0 ? undefined : bytes(20),
    },
  ]);

  /** Checks that an entry read back holds what the file was written with. */
  function assertReadsAs(back: RecordedEntry, relative: string, file: RecordedFile): void {
    assert.equal(back.stamp, file.stamp);
    assert.ok(back.content.equals(file.content));
    assert.equal(back.contentLength, file.content.length);
    assert.deepEqual(back.words === undefined ? undefined : Buffer.from(back.words), file.words);
    assert.equal(back.knowsWords, file.words !== undefined);
    assert.deepEqual(back.defined, file.defined);
    assert.deepEqual(back.blob === undefined ? undefined : Buffer.from(back.blob), file.blob);
    // The filter asked in place, where it lies among the entry's other bytes, answers as the filter itself.
    const hashes = [wordsOfName(relative), wordsOfName(`name${relative.length}`), [Math.floor(random() * 2 ** 32)]];
    for (const words of hashes) assert.equal(back.mayContain(words), file.words === undefined || mayContain(file.words, words), relative);
  }

  /** A snapshot's parts, each copied as it comes: a part's buffer is used again for the next. */
  function partsOf(entries: readonly (RecordedEntry | RestampedEntry)[]): Buffer[] {
    const parts: Buffer[] = [];
    for (const part of encodeFilesSnapshot(entries)) parts.push(Buffer.from(part));
    return parts;
  }

  /** The files' entries, each written into an arena. */
  function recorded(from: readonly (readonly [string, RecordedFile])[]): RecordedEntry[] {
    const arena = new ByteArena();
    return from.map(([relative, file]) => recordEntry(relative, file, (size) => arena.room(size)));
  }

  test('an entry recorded in an arena reads back as written; saved with another stamp, it is the file recorded with that one', () => {
    const entries = recorded(files);
    entries.forEach((entry, i) => {
      const [relative, file] = files[i]!;
      assertReadsAs(entry, relative, file);
      assert.equal(entry.relative, relative);
    });
    // Stamps longer and shorter than the entries' own.
    const restamp = (i: number) => (i % 2 === 0 ? `another stamp of file ${i}, longer than its own` : `s${i}`);
    const restamped = entries.map((entry, i) => ({ entry, stamp: restamp(i) }));
    const asRecordedThere = recorded(files.map(([relative, file], i) => [relative, { ...file, stamp: restamp(i) }] as const));
    assert.ok(Buffer.concat(partsOf(restamped)).equals(Buffer.concat(partsOf(asRecordedThere))));
    const read = decodeFilesSnapshot(Buffer.concat(partsOf(restamped)));
    assert.ok(read !== undefined);
    files.forEach(([relative, file], i) => assertReadsAs(read[i]!, relative, { ...file, stamp: restamp(i) }));
  });

  test('read back joined, its parts are the files written, in order', () => {
    // Large enough to need several parts, with an entry larger than a part among them.
    files.push(['big.c', { stamp: '1:2:3:4', content: bytes(32), words: bytes(3 << 20), defined: undefined, blob: bytes(20) }]);
    const parts = partsOf(recorded(files));
    assert.ok(parts.length > 3, `${parts.length} parts`);
    const read = decodeFilesSnapshot(Buffer.concat(parts));
    assert.ok(read !== undefined);
    assert.deepEqual(read.map((entry) => entry.relative), files.map(([relative]) => relative));
    files.forEach(([relative, file], i) => assertReadsAs(read[i]!, relative, file));
  });

  test("a writer killed mid-write leaves a temporary file that the next write removes; a live writer's stays", () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'zumba-snapshot-temporary-'));
    const snapshots = new Snapshots(cache, '/project');
    snapshots.write('walk', [Buffer.from('first')]);
    const folder = path.join(cache, 'snapshots');
    const [snapshot] = fs.readdirSync(folder);
    const gone = spawnSync(process.execPath, ['-e', '']).pid!; // A process that has ended.
    const temporary = (pid: number, tag: string) => path.join(folder, `${snapshot}.${pid}.${tag}.tmp`);
    for (const file of [temporary(gone, 'dead'), temporary(process.pid, 'live'), temporary(process.pid, 'old')]) fs.writeFileSync(file, 'half');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(temporary(process.pid, 'old'), twoHoursAgo, twoHoursAgo);
    snapshots.write('walk', [Buffer.from('second')]);
    assert.deepEqual(fs.readdirSync(folder).sort(), [snapshot, path.basename(temporary(process.pid, 'live'))].sort());
    assert.deepEqual(snapshots.read('walk'), Buffer.from('second'));
  });

  test('an empty part over an empty ArrayBuffer (zlib checksums its null pointer as 0) reads back', () => {
    const snapshots = new Snapshots(fs.mkdtempSync(path.join(os.tmpdir(), 'zumba-snapshot-empty-')), '/project');
    snapshots.write('walk', [Buffer.from('a'), Buffer.from(new Uint32Array(0).buffer), Buffer.from('b')]);
    assert.deepEqual(snapshots.read('walk'), Buffer.from('ab'));
  });

  test('a snapshot written in parts reads back whole; changed, moved or of another project, it is none', () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'zumba-snapshot-parts-'));
    const data = bytes(40_000);
    const snapshots = new Snapshots(cache, '/project');
    // Parts of one byte to a few thousand, empty ones among them, each in one buffer overwritten once taken, as the shard's writer does.
    const scratch = Buffer.alloc(4000);
    function* parts(): Generator<Buffer> {
      for (let at = 0; at < data.length; ) {
        const length = Math.min(data.length - at, Math.floor(random() * 4000));
        data.copy(scratch, 0, at, at + length);
        yield scratch.subarray(0, length);
        scratch.fill(0xa5);
        at += length;
      }
    }
    snapshots.write('files-0-of-2', parts());
    assert.deepEqual(snapshots.read('files-0-of-2'), data);
    const [file] = fs.readdirSync(path.join(cache, 'snapshots')).map((name) => path.join(cache, 'snapshots', name));
    const written = fs.readFileSync(file!);
    // Renamed as the other shard's, or read as another project's: its checksum does not match.
    fs.copyFileSync(file!, file!.replace('files-0-of-2', 'files-1-of-2'));
    assert.equal(snapshots.read('files-1-of-2'), undefined);
    assert.equal(new Snapshots(cache, '/other').read('files-0-of-2'), undefined);
    for (const at of [0, 17, 20, 1000, written.length - 1]) {
      const flipped = Buffer.from(written);
      flipped[at]! ^= 0x10;
      fs.writeFileSync(file!, flipped);
      assert.equal(snapshots.read('files-0-of-2'), undefined, `byte ${at} changed`);
    }
  });
});

describe('language key', () => {
  test('the same for the same grammar and queries; another for an edited query or a replaced grammar', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'zumba-language-key-'));
    const wasm = path.join(folder, 'tree-sitter-x.wasm');
    const query = path.join(folder, 'outline.scm');
    fs.writeFileSync(wasm, 'grammar one');
    fs.writeFileSync(query, '(function_definition) @item');
    const language: LanguageInfo = { name: 'x', engine: 'tree-sitter', fileTypes: ['x'], grammar: { name: 'x', scope: 'source.x', fileTypes: ['x'], wasm, outlineQueries: [query] } };
    // In a process of its own each time, as a new server reads the manifest: a process reads a query file once.
    const keyNow = () => {
      const script = `const { languageKey } = await import(${JSON.stringify(LANGUAGE_KEY_MODULE)}); process.stdout.write(languageKey(${JSON.stringify(language)}).toString('hex'));`;
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr);
      return Buffer.from(result.stdout, 'hex');
    };
    try {
      const first = keyNow();
      assert.ok(keyNow().equals(first));
      fs.writeFileSync(query, '(function_declaration) @item');
      const edited = keyNow();
      assert.ok(!edited.equals(first));
      fs.writeFileSync(query, '(function_definition) @item');
      assert.ok(keyNow().equals(first), 'the key of the query as it was');
      fs.writeFileSync(wasm, 'another grammar');
      assert.ok(!keyNow().equals(first), 'another grammar');
      // Of the same size, installed later (file times are coarser than a test's steps: set as a later install's).
      fs.writeFileSync(wasm, 'grammar one');
      const installed = keyNow();
      fs.writeFileSync(wasm, 'grammar two');
      fs.utimesSync(wasm, new Date(Date.now() + 5000), new Date(Date.now() + 5000));
      assert.ok(!keyNow().equals(installed), 'a grammar of the same size installed later');
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('cache folder', () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'zumba-cache-folder-'));

  test('where the environment says, in this order', () => {
    assert.equal(defaultCacheFolder({ ZUMBA_CACHE_DIR: '/a', XDG_CACHE_HOME: '/b' }), '/a');
    assert.equal(defaultCacheFolder({ XDG_CACHE_HOME: '/b' }), '/b/zumba');
    assert.equal(defaultCacheFolder({}), path.join(os.homedir(), '.cache', 'zumba'));
  });

  test('made with mode 0700, each folder it makes', () => {
    const folder = path.join(base, 'made', 'deeper');
    trustedCacheFolder(folder);
    assert.equal(fs.statSync(folder).mode & 0o777, 0o700);
    assert.equal(fs.statSync(path.dirname(folder)).mode & 0o777, 0o700);
  });

  test('a link, a file, a folder others can write and one of another user are refused', (t) => {
    const target = path.join(base, 'target');
    fs.mkdirSync(target, { mode: 0o700 });
    fs.symlinkSync(target, path.join(base, 'link'));
    fs.writeFileSync(path.join(base, 'file'), '');
    fs.mkdirSync(path.join(base, 'open'));
    fs.chmodSync(path.join(base, 'open'), 0o777);
    const refused = (folder: string, why: RegExp) => assert.throws(() => trustedCacheFolder(path.join(base, folder)), (error: unknown) => error instanceof CacheFolderError && why.test(error.message));
    refused('link', /is a symbolic link/);
    refused('file', /cannot make|is not a folder/);
    refused('file/below', /cannot make/);
    refused('open', /can be written by other users/);
    if (process.getuid?.() !== 0) return t.skip('only root can give a folder to another user');
    fs.mkdirSync(path.join(base, 'theirs'), { mode: 0o700 });
    fs.chownSync(path.join(base, 'theirs'), 65534, 65534);
    refused('theirs', /belongs to another user/);
  });
});

describe('the store on disk', () => {
  test('stays near its bound as records are written one by one, the least recently used leaving first', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'zumba-bound-'));
    const maxBytes = 4 * 1024 ** 2;
    const store = openStore(folder, '/project', assert.fail, maxBytes)!;
    const language = Buffer.from('language');
    const key = (i: number) => Buffer.from(i.toString(16).padStart(64, '0'), 'hex');
    // 6,000 records of 4 KB each, 24 MB in all: six times the bound.
    const payload = (i: number) => Buffer.alloc(4096, i);
    let largest = 0;
    for (let i = 0; i < 6000; i++) {
      store.write({ words: [], definitions: [{ content: key(i), language, payload: payload(i) }] });
      largest = Math.max(largest, indexBytes(folder));
    }
    // The bound is on the database's pages in use, checked every 256 KB written; on disk, its
    // write-ahead log holds up to some 4 MB more until SQLite checkpoints it.
    assert.ok(largest < maxBytes + 5 * 1024 ** 2, `${largest} bytes`);
    assert.equal(store.definitions(key(0), language), undefined);
    assert.deepEqual(store.definitions(key(5999), language), payload(5999));
    store.close();
    fs.rmSync(folder, { recursive: true });
  });

  test('a database removed while a store uses it: the store writes its next records into the one made after', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'zumba-removed-'));
    const record = (i: number) => ({ content: Buffer.alloc(32, i), filter: new Uint8Array([i]) });
    const writer = openStore(folder, '/project', assert.fail);
    writer.write({ words: [record(1)], definitions: [] });
    const [first] = databasesOf(folder);
    clearIndex(folder);
    writer.write({ words: [record(2)], definitions: [] });
    const [second, ...others] = databasesOf(folder);
    assert.deepEqual(others, []);
    assert.notEqual(second, first, 'a new name: no path is made twice');
    const reader = openStore(folder, '/project', assert.fail);
    assert.deepEqual(reader.words(record(2).content), Buffer.from(record(2).filter));
    assert.equal(reader.words(record(1).content), undefined);
    for (const store of [writer, reader]) store.close();
    fs.rmSync(folder, { recursive: true });
  });

  test('a new database keys its tables of records by a unique index on a table with rowids, in pages of 16 KB', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'zumba-new-'));
    const store = openStore(folder, '/project', assert.fail);
    store.write({ words: [{ content: Buffer.alloc(32, 3), filter: new Uint8Array([4]) }], definitions: [] });
    store.close();
    const [file, ...others] = databasesOf(folder);
    assert.deepEqual(others, []);
    const made = new Database(file!, { readonly: true });
    const tables = made.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name IN ('words', 'definitions')").pluck().all() as string[];
    const pageSize = made.pragma('page_size', { simple: true });
    const journal = made.pragma('journal_mode', { simple: true });
    made.close();
    assert.equal(tables.length, 2);
    for (const table of tables) assert.doesNotMatch(table, /WITHOUT ROWID/);
    assert.deepEqual([pageSize, journal], [16384, 'wal']);
    fs.rmSync(folder, { recursive: true });
  });
});

describe("find_symbol's test of a file's defined names", () => {
  test('a name, or a qualified name ending in it, passes; the name inside a longer one does not', () => {
    const names = Buffer.from('print\0Foo.bar\0x::baz\0int\0Ünï\0', 'utf8');
    const passes = (name: string) => symbolTest(name, 'exact').mayName(names);
    assert.deepEqual(['int', 'bar', 'baz', 'Foo.bar', 'x::baz', 'Ünï', 'print'].filter((name) => !passes(name)), []);
    assert.deepEqual(['rint', 'Foo', 'x', 'pr', 'nï'].filter(passes), []);
  });

  test("a name of words (a test's description) may stand in a string, where no language's test of code looks", () => {
    const cpp = loadLanguages().of('x.cpp')!;
    const bytes = Buffer.from('#include <windows.h>\nTEST_CASE("builds with windows.h", "[compile]") {\n}\n');
    assert.equal(symbolTest('builds with windows.h', 'exact').mayHold(bytes, cpp), true);
    assert.equal(symbolTest('h', 'exact').mayHold(bytes, cpp), false);
  });
});
