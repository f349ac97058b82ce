/**
 * `outline` of a folder: the map. Golden maps of a fixture project worked out by hand (see
 * test/fixtures/map/README.md), the budget and its trailer, the forms a folder is named in, the
 * errors, freshness after edits, and equality with a project that keeps no index.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { openProject, type Project } from '../src/session/project.js';
import { outlineOrMap, type MapArguments } from '../src/tools/folderMap.js';
import { mergedDistinct, UsageBuilder } from '../src/map/shardUsage.js';
import { decodeUsageSnapshot, encodeUsageSnapshot, type UsageSnapshot } from '../src/map/usageSnapshot.js';
import { WordCounts } from '../src/map/wordCounts.js';
import { decodeRankingSnapshot, encodeRankingSnapshot, type RankingSnapshot } from '../src/map/rankingSnapshot.js';
import { ProjectRanking, type UsageSource } from '../src/map/projectRanking.js';
import { isRefusal } from '../src/tools/toolError.js';
import { cliPath, fixture, temporaryProject } from './helpers.js';

const opened: Project[] = [];
after(async () => {
  for (const project of opened) await project.search.close();
});

function open(root: string, options: Parameters<typeof openProject>[1] = {}): Project {
  const project = openProject(root, options);
  opened.push(project);
  return project;
}

/** A copy of the shop fixture in a new temporary folder, to edit. */
function shopCopy(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-map-'));
  cpSync(fixture('map', 'shop'), root, { recursive: true });
  return root;
}

const golden = (name: string) => readFileSync(fixture('map', name), 'utf8').trimEnd();
const map = (project: Project, args: MapArguments) => outlineOrMap(project, args);

describe('the map of a folder', () => {
  const shop = open(fixture('map', 'shop'));

  test('files in rank order, each with its used definitions nested as in its outline', async () => {
    assert.equal(await map(shop, { path: '.' }), golden('shop.map'));
  });

  test('a budget cuts the map and says how many files it left out', async () => {
    const text = await map(shop, { path: '.', budget: 40 });
    assert.equal(text, golden('shop.budget-40.map'));
    assert.ok(Buffer.byteLength(text) <= 40 * 4, `${Buffer.byteLength(text)} bytes`);
  });

  test('a focus ranks its files and the names they use higher', async () => {
    assert.equal(await map(shop, { path: '.', focus: ['billing.py'] }), golden('shop.focus-billing.map'));
  });

  test('a focus on a name ranks its definers higher', async () => {
    // monthly_report (1) × 10 puts reports.py (10) above models.py (9).
    const text = await map(shop, { path: '.', focus: ['monthly_report'] });
    assert.deepEqual(text.split('\n').slice(0, 3), ['reports.py', '  5 function monthly_report', 'models.py']);
  });

  test('a name in lower case that is an English word weighs a tenth; the same word as a type does not', async () => {
    // Each is used by two other files: number scores 0.2, Number 2.
    const project = temporaryProject({
      'a.py': 'def number():\n    return 1\n',
      'b.py': 'class Number:\n    pass\n',
      'c.py': 'from a import number\nfrom b import Number\n',
      'd.py': 'from a import number\nfrom b import Number\n',
    });
    opened.push(project);
    assert.deepEqual((await map(project, { path: '.' })).split('\n').slice(0, 4), ['b.py', '  1 class Number', 'a.py', '  1 function number']);
  });

  test('a file in a folder aside (tests, examples, tools, vendored copies) ranks a tenth', async () => {
    // Both copies of load_settings are used by the same two files; the one under examples/ comes first by path alone.
    const copy = 'def load_settings():\n    return {}\n';
    const project = temporaryProject({ 'examples/settings.py': copy, 'src/settings.py': copy, 'src/app.py': 'load_settings()\n', 'src/cli.py': 'load_settings()\n' });
    opened.push(project);
    assert.deepEqual((await map(project, { path: '.' })).split('\n').slice(0, 4), ['src/settings.py', '  1 function load_settings', 'examples/settings.py', '  1 function load_settings']);
  });

  test('the project in every form: ".", "./", "" and its absolute path', async () => {
    for (const form of ['.', './', '', shop.root]) assert.equal(await map(shop, { path: form }), golden('shop.map'), form);
  });

  test('a folder with no definitions lists its files', async () => {
    assert.equal(await map(shop, { path: 'docs' }), 'docs/notes.txt');
    assert.equal(await map(shop, { path: 'docs/' }), 'docs/notes.txt');
  });

  test('a file keeps its outline', async () => {
    assert.equal(await map(shop, { path: 'db.py' }), ['4 class Database', '  5 method __init__', '  8 method save', '12 function connect'].join('\n'));
  });

  test('refused: a path outside the project, a focus that names nothing', async () => {
    await assert.rejects(map(shop, { path: '..' }), (error: unknown) => isRefusal(error) && error.message === 'Path is outside the project: ..');
    await assert.rejects(map(shop, { path: '.', focus: ['src/missing.py'] }), (error: unknown) => isRefusal(error) && error.message === 'focus: No such file: src/missing.py');
    await assert.rejects(map(shop, { path: '.', focus: ['two words'] }), (error: unknown) => isRefusal(error) && error.message === 'focus: two words is neither a path in the project nor a name.');
  });

  test('an empty folder', async () => {
    const empty = open(temporaryProject({ 'a.py': 'def a():\n    pass\n' }).root);
    const root = path.join(empty.root, 'empty');
    cpSync(fixture('map', 'shop', 'docs'), root, { recursive: true });
    rmSync(path.join(root, 'notes.txt'));
    assert.equal(await map(empty, { path: 'empty' }), 'No files under empty.');
  });
});

describe('a folder of 10,000 files', () => {
  test('its map keeps within the budget, and says how many files it left out', { timeout: 120_000 }, async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 10_000; i++) files[`pkg/m${i}.py`] = `from pkg.m${(i + 1) % 10_000} import helper_${(i + 1) % 10_000}\n\ndef helper_${i}():\n    return helper_${(i + 1) % 10_000}()\n`;
    files['pkg/core.py'] = 'def shared_core():\n    pass\n';
    for (let i = 0; i < 50; i++) files[`pkg/m${i}.py`] += 'shared_core()\n';
    const big = open(temporaryProject(files).root);
    const text = await map(big, { path: 'pkg', budget: 512 });
    assert.ok(Buffer.byteLength(text) <= 512 * 4, `${Buffer.byteLength(text)} bytes`);
    const lines = text.split('\n');
    // shared_core: used by 50 other files, the most used definition; each helper by one.
    assert.deepEqual(lines.slice(0, 2), ['pkg/core.py', '  1 function shared_core']);
    const shown = lines.filter((line) => line.startsWith('pkg/')).length;
    assert.equal(lines.at(-1), `… ${10_001 - shown} more files; narrow it with path or raise budget`);
  });
});

describe('freshness and the index', () => {
  test('a definition many new files use is on the next map, and gone once they are', async () => {
    const root = shopCopy();
    const project = open(root);
    const before = await map(project, { path: '.' });
    writeFileSync(path.join(root, 'registry.py'), 'class Registry:\n    pass\n');
    // Used by 20 files, Registry scores 20: more than models.py's 9.
    for (let i = 0; i < 20; i++) writeFileSync(path.join(root, `plugin${i}.py`), 'from registry import Registry\n\nREGISTRY = Registry()\n');
    const lines = (await map(project, { path: '.' })).split('\n');
    assert.deepEqual(lines.slice(0, 2), ['registry.py', '  1 class Registry']);
    for (let i = 0; i < 20; i++) rmSync(path.join(root, `plugin${i}.py`));
    rmSync(path.join(root, 'registry.py'));
    assert.equal(await map(project, { path: '.' }), before);
  });

  test('a server that finds the counts as it saved them does not write them again', async () => {
    const root = shopCopy();
    // A binary file: counted as no content, and so never in the saved counts.
    writeFileSync(path.join(root, 'logo.bin'), Buffer.from([0, 1, 2, 0, 255]));
    // Aged: a file changed in the last seconds is looked at again by the next server, which then has news to save.
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const relative of ['', ...readdirSync(root, { recursive: true, encoding: 'utf8' })]) utimesSync(path.join(root, relative), hourAgo, hourAgo);
    await map(open(root), { path: '.' });
    const snapshots = path.join(process.env['ZUMBA_CACHE_DIR']!, 'snapshots');
    const savedAt = () => readdirSync(snapshots).filter((name) => name.includes('-usage-')).map((name) => statSync(path.join(snapshots, name)).mtimeMs);
    const before = savedAt();
    assert.ok(before.length > 0, 'the counts were saved');
    await map(open(root), { path: '.' });
    assert.deepEqual(savedAt(), before);
  });

  test('a map through the index equals one without it, before and after an edit', async () => {
    const root = shopCopy();
    const cached = open(root);
    const uncached = open(root, { noCache: true });
    const args = { path: '.', budget: 200 };
    assert.equal(await map(cached, args), await map(uncached, args));
    // reports.py no longer defines monthly_report: it ranks 0, after db.py and billing.py.
    writeFileSync(path.join(root, 'reports.py'), readFileSync(path.join(root, 'reports.py'), 'utf8').replace('def monthly_report', 'def monthly'));
    const edited = await map(cached, args);
    assert.deepEqual(edited.split('\n').filter((line) => !line.startsWith(' ')).slice(0, 4), ['models.py', 'db.py', 'billing.py', 'README.md']);
    assert.equal(edited, await map(uncached, args));
    // A server started afresh on the index reads the same, from the counts the first saved.
    assert.equal(await map(open(root), args), edited);
    // And with those counts damaged, or gone, the same again.
    const snapshots = path.join(process.env['ZUMBA_CACHE_DIR']!, 'snapshots');
    const saved = readdirSync(snapshots).filter((name) => name.includes('-usage-'));
    assert.ok(saved.length > 0, 'the counts were saved');
    for (const name of saved) writeFileSync(path.join(snapshots, name), readFileSync(path.join(snapshots, name)).subarray(0, 40));
    assert.equal(await map(open(root), args), edited);
    for (const name of saved) rmSync(path.join(snapshots, name), { force: true });
    assert.equal(await map(open(root), args), edited);
  });
});

describe('a map with a focus', () => {
  test('after another, while no shard changed, ranks anew of what the last was ranked of, asking no shard for its usage', async () => {
    const builder = new UsageBuilder();
    builder.add(0, { hashes: Uint32Array.of(10), weights: Float32Array.of(1) });
    builder.add(1, { hashes: Uint32Array.of(20), weights: Float32Array.of(1) });
    const usage = builder.build();
    const walked = [{ relative: 'a.py' }, { relative: 'b.py' }];
    const asked: (number | undefined)[] = [];
    const source: UsageSource = {
      usage: async (known) => {
        asked.push(known?.[0]);
        return { walked, shards: [known?.[0] === 1 ? { generation: 1 } : { generation: 1, usage }] };
      },
      // Each word used by 3 files: 2 besides its definer.
      users: async (words) => [new Uint32Array(words.length).fill(3)],
    };
    const ranking = new ProjectRanking(source);
    const toward = (word: number) => () => ({ words: new Set([word]), file: () => false });
    const first = (await ranking.rank(toward(10))).ranking.ranked();
    const second = (await ranking.rank(toward(20))).ranking.ranked();
    assert.deepEqual([Array.from(first), Array.from(second)], [[0, 1], [1, 0]]);
    assert.deepEqual(asked, [undefined, 1]);
    // And the map without a focus is the one made of the same: asked once more, answered as unchanged.
    assert.deepEqual(Array.from((await ranking.rank(undefined)).ranking.ranked()), [0, 1]);
    assert.deepEqual(asked, [undefined, 1, 1]);
  });

  test('after an edit, equals one without the index', async () => {
    const root = shopCopy();
    const cached = open(root);
    const args = (focus: string) => ({ path: '.', focus: [focus], budget: 200 });
    await map(cached, args('reports.py'));
    writeFileSync(path.join(root, 'reports.py'), readFileSync(path.join(root, 'reports.py'), 'utf8').replace('def monthly_report', 'def monthly'));
    for (const focus of ['reports.py', 'db.py']) assert.equal(await map(cached, args(focus)), await map(open(root, { noCache: true }), args(focus)));
    assert.equal(await map(cached, { path: '.', budget: 200 }), await map(open(root, { noCache: true }), { path: '.', budget: 200 }));
  });
});

describe('the saved ranking', () => {
  /** The shop, aged an hour (a fresh server trusts a file's stamp only once its times are some seconds old), with an index of its own. */
  function agedShop(): { readonly root: string; readonly cacheDir: string } {
    const root = shopCopy();
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const relative of ['', ...readdirSync(root, { recursive: true, encoding: 'utf8' })]) utimesSync(path.join(root, relative), hourAgo, hourAgo);
    return { root, cacheDir: mkdtempSync(path.join(os.tmpdir(), 'zumba-map-cache-')) };
  }
  const named = (cacheDir: string, part: string) => readdirSync(path.join(cacheDir, 'snapshots')).filter((name) => name.includes(part));

  test("a fresh server's first map takes it as saved, counting nothing", async () => {
    const { root, cacheDir } = agedShop();
    const args = { path: '.', budget: 200 };
    const first = await map(open(root, { cacheDir }), args);
    assert.equal(named(cacheDir, '-ranking').length, 1, 'the ranking was saved');
    // Counts a server needs only to rank afresh: were they read, they would be written again.
    const counts = named(cacheDir, '-usage-');
    assert.ok(counts.length > 0, 'the counts were saved');
    for (const name of counts) rmSync(path.join(cacheDir, 'snapshots', name));
    assert.equal(await map(open(root, { cacheDir }), args), first);
    assert.deepEqual(named(cacheDir, '-usage-'), []);
    assert.equal(await map(open(root, { noCache: true }), args), first);
  });

  test('a file changed while no server ran, or a ranking damaged, and the map is made afresh: it equals one without the index', async () => {
    const { root, cacheDir } = agedShop();
    const args = { path: '.', budget: 200 };
    await map(open(root, { cacheDir }), args);
    writeFileSync(path.join(root, 'reports.py'), readFileSync(path.join(root, 'reports.py'), 'utf8').replace('def monthly_report', 'def monthly'));
    const uncached = await map(open(root, { noCache: true }), args);
    assert.equal(await map(open(root, { cacheDir }), args), uncached);
    for (const name of named(cacheDir, '-ranking')) {
      const file = path.join(cacheDir, 'snapshots', name);
      writeFileSync(file, readFileSync(file).subarray(0, 60));
    }
    assert.equal(await map(open(root, { cacheDir }), args), uncached);
  });

  test('a focus is ranked afresh, as without the index', async () => {
    const { root, cacheDir } = agedShop();
    await map(open(root, { cacheDir }), { path: '.' });
    const args = { path: '.', focus: ['reports.py'], budget: 200 };
    assert.equal(await map(open(root, { cacheDir }), args), await map(open(root, { noCache: true }), args));
  });

  test('zumba index saves it: the first map after it counts nothing', () => {
    const { root, cacheDir } = agedShop();
    const zumba = (...args: string[]) => spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8' });
    assert.equal(zumba('index', '--project', root, '--cache-dir', cacheDir).status, 0);
    assert.equal(named(cacheDir, '-ranking').length, 1, 'the ranking was saved');
    for (const name of named(cacheDir, '-usage-')) rmSync(path.join(cacheDir, 'snapshots', name));
    const mapped = zumba('outline', '--budget', '200', '--project', root, '--cache-dir', cacheDir, '.');
    assert.equal(mapped.status, 0, mapped.stderr);
    assert.deepEqual(named(cacheDir, '-usage-'), []);
    assert.equal(mapped.stdout, zumba('outline', '--budget', '200', '--project', root, '--no-cache', '.').stdout);
  });

  test('reads back what was saved; cut short, or of another layout, is not read', () => {
    const snapshot: RankingSnapshot = {
      key: new Uint8Array(32).fill(1),
      digests: [new Uint8Array(32).fill(2), new Uint8Array(32).fill(3)],
      ranking: { fileRanks: Float64Array.of(0, 2.5, 1), words: Uint32Array.of(5, 9), scores: Float32Array.of(0.5, 2) },
    };
    const data = Buffer.concat(encodeRankingSnapshot(snapshot));
    const read = decodeRankingSnapshot(data);
    assert.deepEqual(read && { ...read, digests: read.digests.map((digest) => Array.from(digest)), key: Array.from(read.key) }, { ...snapshot, digests: [Array(32).fill(2), Array(32).fill(3)], key: Array(32).fill(1) });
    assert.equal(decodeRankingSnapshot(data.subarray(0, data.length - 1)), undefined);
    assert.equal(decodeRankingSnapshot(Buffer.concat([Buffer.from('ranking 0\0'), data.subarray(10)])), undefined);
  });
});

describe('the usage snapshot', () => {
  const counts = new WordCounts();
  counts.add(Uint32Array.of(7, 11, 13));
  counts.add(Uint32Array.of(11));
  const snapshot: UsageSnapshot = {
    counts,
    files: [
      { relative: 'a.py', content: Buffer.from('key-a'), language: Buffer.from('py'), linked: { hashes: Uint32Array.of(7), weights: Float32Array.of(1) } },
      { relative: 'b.py', content: Buffer.from('key-b'), language: Buffer.alloc(0), linked: { hashes: new Uint32Array(0), weights: new Float32Array(0) } },
    ],
  };
  const summary = (read: UsageSnapshot | undefined) =>
    read && { counts: Array.from(read.counts.countsOf(Uint32Array.of(7, 11, 13, 17))), files: read.files.map((f) => [f.relative, f.content.toString(), f.language.toString(), Array.from(f.linked.hashes), Array.from(f.linked.weights)]) };

  test('reads back what was saved, its table shared where aligned and copied where not', () => {
    const data = Buffer.concat(encodeUsageSnapshot(snapshot));
    const expected = { counts: [1, 2, 1, 0], files: [['a.py', 'key-a', 'py', [7], [1]], ['b.py', 'key-b', '', [], []]] };
    // At an offset of 1 in a larger buffer, the table's arrays cannot be views of the data.
    const shifted = Buffer.alloc(data.length + 1);
    data.copy(shifted, 1);
    assert.deepEqual(summary(decodeUsageSnapshot(data)), expected);
    assert.deepEqual(summary(decodeUsageSnapshot(shifted.subarray(1))), expected);
  });

  test('a snapshot cut short, or of another layout, is not read', () => {
    const data = Buffer.concat(encodeUsageSnapshot(snapshot));
    assert.equal(decodeUsageSnapshot(data.subarray(0, data.length - 1)), undefined);
    assert.equal(decodeUsageSnapshot(Buffer.concat([Buffer.from('usage 2\0'), data.subarray(8)])), undefined);
  });
});

describe("a shard's usage", () => {
  test('its words once, ascending, with how many files define each, and where among them the words of each file are', () => {
    const builder = new UsageBuilder();
    builder.add(4, { hashes: Uint32Array.of(30, 10), weights: Float32Array.of(1, 0.1) });
    builder.add(9, { hashes: Uint32Array.of(20, 30), weights: Float32Array.of(1, 0.5) });
    const usage = builder.build();
    assert.deepEqual(
      Object.fromEntries(Object.entries(usage).map(([key, array]) => [key, Array.from(array as Uint32Array)])),
      { files: [4, 9], linkStarts: [0, 2, 4], links: [2, 0, 1, 2], defined: [10, 20, 30], definers: [1, 1, 2], weights: [0.10000000149011612, 1, 1] },
    );
  });

  test('two lists merged: each word once, ascending', () => {
    assert.deepEqual(Array.from(mergedDistinct(Uint32Array.of(1, 3, 5, 0xffffffff), Uint32Array.of(2, 3, 6))), [1, 2, 3, 5, 6, 0xffffffff]);
    assert.deepEqual(Array.from(mergedDistinct(new Uint32Array(0), Uint32Array.of(7))), [7]);
  });
});
