/**
 * A shard's search, as a worker runs it: hits in walk order, and failures as rejections, never as
 * throws; the main thread's search when the workers are gone; and the arena its kept bytes live in.
 */
import assert from 'node:assert/strict';
import fs, { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test, type TestContext } from 'node:test';
import { loadLanguages } from '../src/definitions/manifest.js';
import { ProjectWalk } from '../src/project/walker.js';
import { ProjectSearch } from '../src/search/projectSearch.js';
import { ByteArena } from '../src/search/byteArena.js';
import { Shard } from '../src/search/shard.js';
import { NO_STORE, openStore } from '../src/index/store.js';

/** A search with no index on disk, whose workers run `workerScript`. */
function searchOptions(projectRoot: string, workerScript: URL) {
  return { projectRoot, index: undefined, store: () => NO_STORE, warn: () => {}, fillWhenIdle: false, watch: false, workerScript };
}

/** What `work` resolves to, and the names of the files it opened (every read goes through `openSync`). */
async function filesOpened<T>(t: TestContext, work: () => Promise<T>): Promise<{ readonly result: T; readonly opened: string[] }> {
  const opened: string[] = [];
  const openSync = fs.openSync;
  t.mock.method(fs, 'openSync', (...args: Parameters<typeof fs.openSync>) => {
    opened.push(path.basename(String(args[0])));
    return openSync(...args);
  });
  syncBuiltinESMExports();
  try {
    return { result: await work(), opened };
  } finally {
    t.mock.restoreAll();
    syncBuiltinESMExports();
  }
}

function shardOf(files: Record<string, string>): Shard {
  const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-shard-'));
  const shard = new Shard(root, loadLanguages(), NO_STORE);
  shard.setFiles(
    Object.entries(files).map(([relative, text], i) => {
      writeFileSync(path.join(root, relative), text);
      return { relative, order: 10 * i };
    }),
  );
  return shard;
}

describe('Shard', () => {
  test('references and symbols come with their file and its place in the walk', async () => {
    const shard = shardOf({ 'a.rs': 'fn needle() {}\n', 'b.txt': 'no\nneedle here\n' });
    assert.deepEqual(await shard.search({ kind: 'references', name: 'needle' }, 81), [
      { order: 0, relative: 'a.rs', line: 1, text: 'fn needle() {}' },
      { order: 10, relative: 'b.txt', line: 2, text: 'needle here' },
    ]);
    assert.deepEqual(await shard.search({ kind: 'symbols', name: 'needle', match: 'exact' }, 41), [
      { order: 0, relative: 'a.rs', definition: { line: 1, kind: 'function', name: 'needle' }, source: 'fn needle() {}' },
    ]);
  });

  test('a search begun while the walk is being listed looks at each file as it comes, and answers once the last has come', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-listed-'));
    const files = ['a.rs', 'b.rs', 'c.rs'].map((relative, order) => {
      writeFileSync(path.join(root, relative), `fn needle() {}\nfn ${relative[0]}() { needle() }\n`);
      return { relative, order };
    });
    const shard = new Shard(root, loadLanguages(), NO_STORE);
    shard.setFiles(files.slice(0, 1), { more: true });
    let answered = false;
    // A limit the first file reaches: the answer still waits for the rest of the walk.
    const first = shard.search({ kind: 'symbols', name: 'needle', match: 'exact' }, 1).finally(() => (answered = true));
    const references = shard.search({ kind: 'references', name: 'needle' }, 81);
    shard.addFiles(files.slice(1, 2), { more: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(answered, false);
    shard.addFiles(files.slice(2));
    assert.deepEqual((await first).map((hit) => hit.relative), ['a.rs']);
    assert.deepEqual(
      (await references).map((hit) => `${hit.relative}:${hit.line}`),
      ['a.rs:1', 'a.rs:2', 'b.rs:1', 'b.rs:2', 'c.rs:1', 'c.rs:2'],
    );
    assert.throws(() => shard.addFiles(files), /not being listed/);
  });

  test('a name no file defines: the pass for names containing it reads only the files the exact pass found holding it in some case', async (t) => {
    const files = { 'a.rs': 'fn parse_config() {}\n', 'b.rs': 'fn other() {}\n', 'c.rs': 'fn x() { Parse(); }\n', 'd.rs': 'fn y() {}\n' };
    const shard = shardOf(files);
    assert.deepEqual(await shard.search({ kind: 'symbols', name: 'parse', match: 'exact' }, 41), []);
    const { result: containing, opened } = await filesOpened(t, () => shard.search({ kind: 'symbols', name: 'parse', match: 'containing', checked: true }, 41));
    assert.deepEqual(containing, [{ order: 0, relative: 'a.rs', definition: { line: 1, kind: 'function', name: 'parse_config' }, source: 'fn parse_config() {}' }]);
    // b.rs and d.rs hold no `parse` in any case; a.rs and c.rs are read again, and a.rs parsed.
    assert.deepEqual([...new Set(opened)].sort(), ['a.rs', 'c.rs']);
    // A shard that never searched before reads every file, and finds the same.
    const fresh = shardOf(files);
    assert.deepEqual(await fresh.search({ kind: 'symbols', name: 'parse', match: 'containing' }, 41), await shard.search({ kind: 'symbols', name: 'parse', match: 'containing' }, 41));
  });

  test("a file find_symbol parsed gets its word filter from the fill: the next shard's searches then pass over it unread", async (t) => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-deferred-'));
    writeFileSync(path.join(root, 'a.rs'), 'fn needle() {}\n');
    writeFileSync(path.join(root, 'b.rs'), 'fn other() {}\n');
    // Written a minute ago: a version changed in the last seconds is never recorded (see `stampOfStats`).
    const past = new Date(Date.now() - 60_000);
    for (const name of ['a.rs', 'b.rs']) utimesSync(path.join(root, name), past, past);
    const files = [{ relative: 'a.rs', order: 0 }, { relative: 'b.rs', order: 1 }];
    const store = openStore(mkdtempSync(path.join(os.tmpdir(), 'zumba-deferred-cache-')), root, assert.fail);
    const first = new Shard(root, loadLanguages(), store);
    first.setFiles(files);
    assert.equal((await first.search({ kind: 'symbols', name: 'needle', match: 'exact' }, 41)).length, 1);
    while (await first.fill());
    const next = new Shard(root, loadLanguages(), store);
    next.setFiles(files);
    const { result: references, opened } = await filesOpened(t, () => next.search({ kind: 'references', name: 'absent' }, 81));
    assert.deepEqual(references, []);
    assert.deepEqual(opened.filter((name) => name.endsWith('.rs')), []);
  });

  test('a file changed after the fill passed it: find_symbol that parses it makes its word filter at once, which no fill would', async (t) => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-refilled-'));
    const write = (text: string, minutesAgo: number) => {
      writeFileSync(path.join(root, 'a.rs'), text);
      const then = new Date(Date.now() - minutesAgo * 60_000);
      utimesSync(path.join(root, 'a.rs'), then, then);
    };
    write('fn other() {}\n', 2);
    const files = [{ relative: 'a.rs', order: 0 }];
    const store = openStore(mkdtempSync(path.join(os.tmpdir(), 'zumba-refilled-cache-')), root, assert.fail);
    const first = new Shard(root, loadLanguages(), store);
    first.setFiles(files);
    while (await first.fill());
    write('fn needle() {}\n', 1);
    first.mayHaveChanged(['a.rs']);
    assert.equal((await first.search({ kind: 'symbols', name: 'needle', match: 'exact' }, 41)).length, 1);
    first.persist({ now: true });
    const next = new Shard(root, loadLanguages(), store);
    next.setFiles(files);
    const { result: references, opened } = await filesOpened(t, () => next.search({ kind: 'references', name: 'absent' }, 81));
    assert.deepEqual(references, []);
    assert.deepEqual(opened.filter((name) => name.endsWith('.rs')), []);
  });

  test('a glob that cannot be compiled rejects the search: it does not throw out of the worker', async () => {
    const shard = shardOf({ 'a.rs': 'fn needle() {}\n' });
    const searching = shard.search({ kind: 'references', name: 'needle', path: '*'.repeat(70_000) }, 81);
    await assert.rejects(searching, /Invalid path glob/);
  });
});

describe('ProjectSearch', () => {
  test("a first search, given to the workers as the walk lists the files, answers as a later one and as the main thread's", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-first-'));
    const expected: string[] = [];
    // Several batches of the listing, over nested folders and both shards.
    for (let folder = 0; folder < 6; folder++) {
      mkdirSync(path.join(root, `d${folder}`, 'inner'), { recursive: true });
      for (let i = 0; i < 100; i++) {
        for (const relative of [`d${folder}/f${i}.rs`, `d${folder}/inner/g${i}.rs`]) {
          const defines = (folder * 100 + i) % 37 === 0;
          writeFileSync(path.join(root, relative), defines ? 'fn needle() {}\n' : `fn other() { needle() }\n`);
          if (defines) expected.push(relative);
        }
      }
    }
    expected.sort();
    const worker = new URL('../src/search/searchWorker.js', import.meta.url);
    const answers = async (search: ProjectSearch) => {
      try {
        const symbols = (await search.search({ kind: 'symbols', name: 'needle', match: 'exact' }, 1000)).map((hit) => hit.relative);
        const references = (await search.search({ kind: 'references', name: 'needle' }, 2000)).length;
        return { symbols, references };
      } finally {
        await search.close();
      }
    };
    const first = await answers(new ProjectSearch(new ProjectWalk(root), loadLanguages(), searchOptions(root, worker)));
    assert.deepEqual(first, { symbols: expected, references: 1200 });
    const onMainThread = path.join(root, 'failing-worker.mjs');
    writeFileSync(onMainThread, "throw new Error('no worker');\n");
    assert.deepEqual(await answers(new ProjectSearch(new ProjectWalk(root), loadLanguages(), searchOptions(root, pathToFileURL(onMainThread)))), first);
  });
});

describe('ProjectSearch without its workers', () => {
  test('workers that die at start hand every search to the main thread, which answers the same', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-fallback-'));
    writeFileSync(path.join(root, 'a.rs'), 'fn needle() {}\n');
    writeFileSync(path.join(root, 'b.txt'), 'needle\n');
    const failing = path.join(root, 'failing-worker.mjs');
    writeFileSync(failing, "throw new Error('this worker cannot start');\n");
    const search = new ProjectSearch(new ProjectWalk(root), loadLanguages(), searchOptions(root, pathToFileURL(failing)));
    try {
      for (let call = 0; call < 2; call++) {
        assert.deepEqual(
          (await search.search({ kind: 'references', name: 'needle' }, 81)).map((hit) => `${hit.relative}:${hit.line}`),
          ['a.rs:1', 'b.txt:1'],
        );
        assert.deepEqual((await search.search({ kind: 'symbols', name: 'needle', match: 'exact' }, 41)).map((hit) => hit.definition.kind), ['function']);
      }
    } finally {
      await search.close();
    }
  });

  test('when one worker dies the other is asked to stop, and stops of itself', { timeout: 20_000 }, async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-half-'));
    writeFileSync(path.join(root, 'a.rs'), 'fn needle() {}\n');
    const scripts = mkdtempSync(path.join(os.tmpdir(), 'zumba-half-scripts-'));
    const claim = path.join(scripts, 'claimed');
    const exitCode = path.join(scripts, 'exit-code');
    const halfFailing = path.join(scripts, 'half-failing-worker.mjs');
    // The first worker to claim the file dies at start; the other runs the real worker and records
    // how it ends (a termination runs no exit handler).
    writeFileSync(
      halfFailing,
      [
        "import { openSync, writeFileSync } from 'node:fs';",
        `let first = true; try { openSync(${JSON.stringify(claim)}, 'wx'); } catch { first = false; }`,
        "if (first) throw new Error('this worker cannot start');",
        `process.on('exit', (code) => writeFileSync(${JSON.stringify(exitCode)}, String(code)));`,
        `await import(${JSON.stringify(new URL('../src/search/searchWorker.js', import.meta.url).href)});`,
      ].join('\n'),
    );
    const search = new ProjectSearch(new ProjectWalk(root), loadLanguages(), searchOptions(root, pathToFileURL(halfFailing)));
    try {
      for (let call = 0; call < 2; call++) {
        assert.deepEqual((await search.search({ kind: 'symbols', name: 'needle', match: 'exact' }, 41)).map((hit) => hit.relative), ['a.rs']);
      }
    } finally {
      await search.close();
    }
    assert.equal(readFileSync(exitCode, 'utf8'), '0');
  });
});

describe('byte arena', () => {
  test('gives rooms that no other takes: each holds what was written in it, over many blocks and large rooms', () => {
    const arena = new ByteArena();
    const written: [Buffer, number][] = [];
    for (let i = 0; i < 20_000; i++) {
      const size = i % 1000 === 0 ? 200_000 : (i * 7) % 397;
      const { block, at } = arena.room(size);
      assert.ok(at + size <= block.length);
      const room = block.subarray(at, at + size).fill(i & 0xff);
      written.push([room, i & 0xff]);
    }
    for (const [room, byte] of written) assert.ok(room.every((value) => value === byte));
  });
});

