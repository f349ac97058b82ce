/**
 * The tree watcher: once it watches the walk's folders, what it says changed is every change made
 * before the question, and wherever it cannot be sure, it says it does not know.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { makeCookieFolder } from '../src/project/cookieFolder.js';
import { TreeWatcher, type TreeChanges, type WatchFolder } from '../src/project/treeWatcher.js';
import { temporaryFolder, write } from './hostile.js';

const held: WatchFolder = (folder, listener) => watch(folder, { persistent: false }, listener);

/** A watcher of a project with these folders, past its first questions (which cannot know). */
async function watching(folders: readonly string[], watchFolder = held): Promise<{ root: string; watcher: TreeWatcher; warnings: string[] }> {
  const root = temporaryFolder();
  for (const folder of folders) mkdirSync(path.join(root, folder), { recursive: true });
  const warnings: string[] = [];
  const watcher = TreeWatcher.of(root, (warning) => warnings.push(warning), watchFolder)!;
  assert.deepEqual(await watcher.changes(), { known: false }, 'nothing was watched before the first question');
  watcher.follow(folders);
  assert.deepEqual(await watcher.changes(), { known: false }, 'the folders were listed before they were watched');
  return { root, watcher, warnings };
}

const known = (changes: TreeChanges) => {
  assert.ok(changes.known, 'the watcher knows what changed');
  return { folders: [...changes.folders].sort(), paths: [...changes.paths].sort() };
};

describe('a tree watcher', () => {
  test('says nothing changed when nothing did', async () => {
    const { watcher } = await watching(['', 'src']);
    assert.deepEqual(known(await watcher.changes()), { folders: [], paths: [] });
    watcher.close();
  });

  test('hears a write made just before the question, and each change only once', async () => {
    const { root, watcher } = await watching(['', 'src']);
    write(root, 'src/a.rs', 'fn a() {}\n');
    write(root, 'top.md', '# top\n');
    assert.deepEqual(known(await watcher.changes()), { folders: ['', 'src'], paths: ['src/a.rs', 'top.md'] });
    assert.deepEqual(known(await watcher.changes()), { folders: [], paths: [] });
    watcher.close();
  });

  test('hears a rename as both names', async () => {
    const { root, watcher } = await watching(['', 'src']);
    write(root, 'src/a.rs', 'fn a() {}\n');
    await watcher.changes();
    renameSync(path.join(root, 'src/a.rs'), path.join(root, 'src/b.rs'));
    assert.deepEqual(known(await watcher.changes()), { folders: ['src'], paths: ['src/a.rs', 'src/b.rs'] });
    watcher.close();
  });

  test('hears a new folder in its parent, and does not know once it watches it (its listing came first)', async () => {
    const { root, watcher } = await watching(['']);
    write(root, 'lib/c.rs', 'fn c() {}\n');
    assert.deepEqual(known(await watcher.changes()), { folders: [''], paths: ['lib'] });
    watcher.follow(['', 'lib']);
    assert.deepEqual(await watcher.changes(), { known: false });
    write(root, 'lib/c.rs', 'fn c2() {}\n');
    assert.deepEqual(known(await watcher.changes()), { folders: ['lib'], paths: ['lib/c.rs'] });
    watcher.close();
  });

  test('does not know after a watched folder is removed or replaced', async () => {
    const { root, watcher } = await watching(['', 'src']);
    rmSync(path.join(root, 'src'), { recursive: true });
    mkdirSync(path.join(root, 'src'));
    assert.deepEqual(await watcher.changes(), { known: false });
    // Watched anew, it is heard again.
    watcher.follow(['', 'src']);
    await watcher.changes();
    write(root, 'src/new.rs', 'fn n() {}\n');
    assert.deepEqual(known(await watcher.changes()), { folders: ['src'], paths: ['src/new.rs'] });
    watcher.close();
  });

  test('hears 1,000 files written at once', async () => {
    const { root, watcher } = await watching(['', 'many']);
    const names = Array.from({ length: 1000 }, (_, i) => `many/f${String(i).padStart(4, '0')}.ts`);
    for (const name of names) write(root, name, `export const x${name.length} = 1;\n`);
    assert.deepEqual(known(await watcher.changes()), { folders: ['many'], paths: names });
    watcher.close();
  });

  const queue = Number(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8'));
  const files = Math.ceil(queue / 4) + 100;
  test('does not know after more events than the kernel is sure to have queued', { skip: files > 50_000 && `a queue of ${queue} events takes too many files to fill` }, async () => {
    const { root, watcher } = await watching(['', 'burst']);
    // Each file is an event when created and one when written: past half of the kernel's queue.
    for (let i = 0; i < files; i++) writeFileSync(path.join(root, 'burst', `f${i}`), 'x');
    assert.deepEqual(await watcher.changes(), { known: false });
    assert.deepEqual(known(await watcher.changes()), { folders: [], paths: [] });
    watcher.close();
  });

  test('that cannot watch a folder says so once and never knows from then on', async () => {
    const limited: WatchFolder = (folder, listener) => {
      if (folder.endsWith('deep')) throw Object.assign(new Error('no room'), { code: 'ENOSPC' });
      return held(folder, listener);
    };
    const { root, watcher, warnings } = await watching(['', 'src', 'src/deep'], limited);
    write(root, 'src/a.rs', 'fn a() {}\n');
    assert.deepEqual(await watcher.changes(), { known: false });
    watcher.follow(['', 'src']);
    assert.deepEqual(await watcher.changes(), { known: false });
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /^cannot watch the project for changes: the inotify watch limit is reached .*; each call checks every file instead$/);
    watcher.close();
  });

  test('whose cookie is never heard gives up after its timeout, and says so once', async () => {
    // Folders watched, but every event lost (as on a file system whose changes inotify does not report).
    const deaf: WatchFolder = (folder) => held(folder, () => {});
    const { watcher, warnings } = await watching(['', 'src'], deaf);
    assert.deepEqual(await watcher.changes(), { known: false });
    assert.deepEqual(warnings, ['cannot watch the project for changes: no event came in 2000 ms; each call checks every file instead']);
    watcher.close();
  });

  test('once closed, knows nothing', async () => {
    const { root, watcher } = await watching(['']);
    watcher.close();
    assert.deepEqual(await watcher.changes(), { known: false });
    write(root, 'late.rs', 'fn late() {}\n');
    assert.deepEqual(await watcher.changes(), { known: false });
  });
});

describe('cookie folders', () => {
  test('one left by a process that ended without removing it is removed by the next; a running process keeps its own', () => {
    const parent = temporaryFolder();
    const ended = spawnSync(process.execPath, ['-e', '0']).pid!;
    const abandoned = path.join(parent, `zumba-watch-${ended}-AbCdEf`);
    const running = path.join(parent, `zumba-watch-${process.ppid}-GhIjKl`);
    const unrelated = path.join(parent, `zumba-watched-${ended}`);
    for (const folder of [abandoned, running, unrelated]) mkdirSync(folder);
    writeFileSync(path.join(abandoned, 'cookie-1'), '');

    const made = makeCookieFolder(parent);
    assert.match(path.basename(made), new RegExp(`^zumba-watch-${process.pid}-`));
    assert.deepEqual(readdirSync(parent).sort(), [path.basename(made), path.basename(running), path.basename(unrelated)].sort());
  });
});
