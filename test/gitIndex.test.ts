/**
 * Git's index as zumba reads it (what it vouches for, and every index it must not trust), and a new
 * worktree's shard that takes from another worktree's snapshot what git vouches is the same content:
 * it reads only the files git cannot vouch for, and answers as a shard that read them all; and its
 * map, which takes another worktree's ranking where its files are the same.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { loadLanguages } from '../src/definitions/manifest.js';
import { gitBlobId } from '../src/index/contentKey.js';
import { indexSettings, openIndexStore } from '../src/index/index.js';
import { readGitIndex } from '../src/project/gitIndex.js';
import { worktreeFamily } from '../src/project/gitWorktrees.js';
import { Shard } from '../src/search/shard.js';
import { openProject, type Project } from '../src/session/project.js';
import { outlineOrMap } from '../src/tools/folderMap.js';
import { fixture } from './helpers.js';
import { temporaryFolder, watchReads } from './hostile.js';

const reads = watchReads();

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=zumba', '-c', 'user.email=zumba@example.com', '-c', 'protocol.file.allow=always', ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * A new worktree of the repository, as a task gets one. Its checkout and its index are written in
 * the same tick of the clock, which makes every entry racily clean; git's next command (a status,
 * a tick later) writes the index anew, and from then on it vouches for the files.
 */
async function addWorktree(main: string, at: string, ...commit: string[]): Promise<void> {
  git(main, 'worktree', 'add', '-q', at, ...commit);
  await delay(20);
  git(at, 'status', '--short');
}

/** An hour ago: files so old are no recent change, to git or to zumba. */
const PAST = Date.now() / 1000 - 3600;

/** A repository of these files, committed, with their times an hour back (as a checkout made earlier). */
function repository(files: Record<string, string>): string {
  const root = realpathSync(temporaryFolder());
  for (const [relative, text] of Object.entries(files)) writeOld(root, relative, text);
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'files');
  return root;
}

function writeOld(root: string, relative: string, text: string): void {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  utimesSync(file, PAST, PAST);
}

/** Changes an index file's bytes, and makes its trailing SHA-1 anew, as git would write it. */
function rewriteIndex(file: string, change: (data: Buffer) => void): void {
  const data = readFileSync(file);
  change(data);
  const body = data.subarray(0, data.length - 20);
  createHash('sha1').update(body).digest().copy(data, body.length);
  writeFileSync(file, data);
}

function vouched(root: string): string[] {
  const index = readGitIndex(path.join(root, '.git', 'index'));
  return index === undefined ? [] : [...index.paths()].filter((name) => index.recordsStats(index.numberOf(name), lstatSync(path.join(root, name))));
}

describe("git's index", () => {
  test("a content's blob id, as zumba makes it from the bytes, is the one git gives them", () => {
    const root = realpathSync(temporaryFolder());
    for (const [name, bytes] of [['empty', Buffer.alloc(0)], ['text', Buffer.from('fn needle() {}\n')], ['utf8', Buffer.from('名前 ünï\r\n')], ['binary', Buffer.from([0, 255, 10, 0, 13])]] as const) {
      writeFileSync(path.join(root, name), bytes);
      assert.equal(gitBlobId(bytes).toString('hex'), git(root, 'hash-object', name).trim(), name);
    }
  });

  test('vouches for each clean file, in versions 2, 3 and 4 alike', () => {
    const root = repository({ 'a.rs': 'fn a() {}\n', 'src/b.rs': 'fn b() {}\n', 'src/deep/c.rs': 'fn c() {}\n' });
    assert.deepEqual(vouched(root), ['a.rs', 'src/b.rs', 'src/deep/c.rs']);
    const blob = git(root, 'rev-parse', 'HEAD:src/b.rs').trim();
    const index = readGitIndex(path.join(root, '.git', 'index'))!;
    const number = index.numberOf('src/b.rs');
    assert.ok(number >= 0 && index.recordsBlob(number, Buffer.from(blob, 'hex')), `src/b.rs is recorded as ${blob}`);
    for (const version of ['3', '4', '2']) {
      git(root, 'update-index', '--index-version', version);
      assert.deepEqual(vouched(root), ['a.rs', 'src/b.rs', 'src/deep/c.rs'], `version ${version}`);
    }
  });

  test('a file changed since, with the same size and the same second: its stats no longer match', () => {
    const root = repository({ 'a.rs': 'fn a() {}\n' });
    const before = statSync(path.join(root, 'a.rs'));
    writeFileSync(path.join(root, 'a.rs'), 'fn z() {}\n');
    utimesSync(path.join(root, 'a.rs'), Math.floor(before.mtimeMs / 1000), Math.floor(before.mtimeMs / 1000));
    assert.deepEqual(vouched(root), []);
  });

  test('an entry added with intent to add, or one not of a regular file, vouches for nothing', () => {
    const root = repository({ 'a.rs': 'fn a() {}\n' });
    writeOld(root, 'later.rs', 'fn later() {}\n');
    git(root, 'add', '-N', 'later.rs');
    execFileSync('ln', ['-s', 'a.rs', path.join(root, 'link.rs')]);
    git(root, 'add', 'link.rs');
    assert.deepEqual(vouched(root), ['a.rs']);
    assert.equal(readGitIndex(path.join(root, '.git', 'index'))!.numberOf('link.rs'), -1);
  });

  test('a racily clean entry (its file changed no earlier than the index was written) vouches for nothing', () => {
    const root = repository({ 'a.rs': 'fn a() {}\n', 'b.rs': 'fn b() {}\n' });
    utimesSync(path.join(root, '.git', 'index'), PAST - 60, PAST - 60);
    assert.deepEqual(vouched(root), []);
  });

  test('an index of an unknown version, a split index, a flipped byte, a short file, or none: no index', () => {
    const root = repository({ 'a.rs': 'fn a() {}\n' });
    const index = path.join(root, '.git', 'index');
    const good = readFileSync(index);
    assert.notEqual(readGitIndex(index), undefined);
    rewriteIndex(index, (data) => data.writeUInt32BE(5, 4));
    assert.equal(readGitIndex(index), undefined);
    writeFileSync(index, Buffer.concat([good.subarray(0, 40), Buffer.from([good[40]! ^ 1]), good.subarray(41)]));
    assert.equal(readGitIndex(index), undefined);
    writeFileSync(index, good.subarray(0, good.length - 1));
    assert.equal(readGitIndex(index), undefined);
    writeFileSync(index, good);
    git(root, 'update-index', '--split-index');
    assert.equal(readGitIndex(index), undefined);
    rmSync(index);
    assert.equal(readGitIndex(index), undefined);
  });

  test('a path a merge left at several stages vouches for nothing; the paths beside it still do', () => {
    const root = repository({ 'a.rs': 'fn a() {}\n', 'b.rs': 'fn b() {}\n', 'c.rs': 'fn c() {}\n' });
    git(root, 'checkout', '-q', '-b', 'other');
    writeOld(root, 'b.rs', 'fn other() {}\n');
    git(root, 'commit', '-qam', 'other');
    git(root, 'checkout', '-q', '-');
    writeOld(root, 'b.rs', 'fn mine() {}\n');
    git(root, 'commit', '-qam', 'mine');
    assert.throws(() => git(root, 'merge', '-q', 'other'));
    assert.match(git(root, 'ls-files', '--stage', 'b.rs'), /^(?:\d+ [0-9a-f]+ [123]\tb\.rs\n){3}$/);
    for (const version of ['2', '4']) {
      git(root, 'update-index', '--index-version', version);
      const index = readGitIndex(path.join(root, '.git', 'index'))!;
      assert.deepEqual([...index.paths()], ['a.rs', 'c.rs'], `version ${version}`);
      assert.equal(index.numberOf('b.rs'), -1);
    }
  });
});

describe('the worktrees of a repository', () => {
  test("a linked worktree's .git is a file naming its git folder; its family is the main worktree and the other linked ones", async () => {
    const main = repository({ 'sub/a.rs': 'fn a() {}\n' });
    const one = path.join(path.dirname(main), `${path.basename(main)}-one`);
    const two = path.join(path.dirname(main), `${path.basename(main)}-two`);
    await addWorktree(main, one);
    await addWorktree(main, two);
    assert.ok(statSync(path.join(one, '.git')).isFile());
    const family = worktreeFamily(path.join(one, 'sub'))!;
    assert.equal(family.own.top, one);
    assert.equal(family.within, 'sub');
    assert.deepEqual(family.others.map((worktree) => worktree.top).sort(), [main, two].sort());
    assert.deepEqual([...readGitIndex(family.own.index)!.paths()], ['sub/a.rs']);
  });

  test('outside git there is no family', () => {
    assert.equal(worktreeFamily(realpathSync(temporaryFolder())), undefined);
  });
});

describe("a new worktree's shard", () => {
  const languages = loadLanguages();
  const files = { 'a.rs': 'fn needle() {}\n', 'b.rs': 'fn other() {}\n', 'c.txt': 'nothing here\n', 'deep/d.rs': 'fn needle_too() { needle(); }\n' };

  /** A shard of the folder's files, with the index of this process's cache. */
  function shardOf(root: string, relatives: readonly string[]): Shard {
    const shard = new Shard(root, languages, openIndexStore(indexSettings({}, assert.fail), root, assert.fail));
    shard.setFiles(relatives.map((relative, order) => ({ relative, order })));
    return shard;
  }

  /** The main worktree, filled into the index and its snapshot saved; then a new worktree of it. */
  async function indexedThenAdded(): Promise<{ main: string; added: string }> {
    const main = repository(files);
    const shard = shardOf(main, Object.keys(files));
    while (await shard.fill());
    const added = `${main}-task`;
    await addWorktree(main, added);
    return { main, added };
  }

  /** A worktree checked out earlier: its files as old as the main worktree's, its index written anew with their stats. */
  async function earlierWorktree(main: string, at: string, ...commit: string[]): Promise<void> {
    await addWorktree(main, at, ...commit);
    for (const relative of Object.keys(files)) utimesSync(path.join(at, relative), PAST, PAST);
    git(at, 'status', '--short');
  }

  /** A worktree checked out earlier, filled into the index. */
  async function filledWorktree(main: string, at: string, ...commit: string[]): Promise<void> {
    await earlierWorktree(main, at, ...commit);
    while (await shardOf(at, Object.keys(files)).fill());
  }

  /** The git indexes read since the last search began, each once, relative to the main worktree. */
  function gitIndexesRead(main: string): string[] {
    return [...new Set(reads.outside().filter((file) => path.basename(file) === 'index'))].map((file) => path.relative(main, file));
  }

  /** The projects (of these) whose snapshots were read since the last search began. */
  function snapshotsRead(...projects: string[]): string[] {
    const snapshots = reads.within(path.join(realpathSync(process.env['ZUMBA_CACHE_DIR']!), 'snapshots')).map((file) => path.basename(file));
    const prefixOf = (project: string) => createHash('sha256').update(realpathSync(project)).digest('hex').slice(0, 32);
    return projects.filter((project) => snapshots.some((file) => file.startsWith(`${prefixOf(project)}-`)));
  }

  async function searched(root: string, relatives: readonly string[]) {
    reads.clear();
    const shard = shardOf(root, relatives);
    const references = await shard.search({ kind: 'references', name: 'needle' }, 81);
    const symbols = await shard.search({ kind: 'symbols', name: 'needle', match: 'exact' }, 41);
    const opened = reads.outside().filter((file) => file.startsWith(root + path.sep) && !file.includes(`${path.sep}.git`));
    return { references: references.map(({ relative, line, text }) => ({ relative, line, text })), symbols: symbols.map(({ relative, definition }) => ({ relative, definition })), opened: [...new Set(opened)].map((file) => path.relative(root, file)).sort() };
  }

  const answers = {
    references: [
      { relative: 'a.rs', line: 1, text: 'fn needle() {}' },
      { relative: 'deep/d.rs', line: 1, text: 'fn needle_too() { needle(); }' },
    ],
    symbols: [{ relative: 'a.rs', definition: { line: 1, kind: 'function', name: 'needle' } }],
  };

  test('reads only the files that hold the name: the others are vouched for by git, known from the other worktree', async () => {
    const { added } = await indexedThenAdded();
    assert.deepEqual(await searched(added, Object.keys(files)), { ...answers, opened: ['a.rs', 'deep/d.rs'] });
  });

  test('a file changed after the checkout, with its size and its second, is read, and answered as it is now', async () => {
    const { added } = await indexedThenAdded();
    const file = path.join(added, 'b.rs');
    const second = Math.floor(statSync(file).mtimeMs / 1000);
    writeFileSync(file, 'fn needle(){}\n');
    utimesSync(file, second, second);
    assert.equal(statSync(file).size, files['b.rs'].length);
    const found = await searched(added, Object.keys(files));
    assert.ok(found.opened.includes('b.rs'));
    assert.deepEqual(found.symbols.map((s) => s.relative), ['a.rs', 'b.rs']);
  });

  test("a file the other worktree changed after its checkout (same size, same second) is not taken from it: its snapshot saved no blob for it", async () => {
    const main = repository(files);
    const file = path.join(main, 'b.rs');
    const second = Math.floor(statSync(file).mtimeMs / 1000);
    writeFileSync(file, 'fn needle(){}\n');
    utimesSync(file, second, second);
    while (await shardOf(main, Object.keys(files)).fill());
    // Checked out earlier: no file of it is a recent change, which would be read again all the same.
    const added = `${main}-task`;
    await earlierWorktree(main, added);
    const found = await searched(added, Object.keys(files));
    assert.ok(found.opened.includes('b.rs'));
    assert.deepEqual(found.symbols, answers.symbols);
  });

  test('a file staged but not committed is read: its blob is not the one the other worktree knew', async () => {
    const { added } = await indexedThenAdded();
    writeOld(added, 'c.txt', 'a needle here\n');
    git(added, 'add', 'c.txt');
    const found = await searched(added, Object.keys(files));
    assert.ok(found.opened.includes('c.txt'));
    assert.deepEqual(found.references.map((r) => r.relative), ['a.rs', 'c.txt', 'deep/d.rs']);
  });

  test('with an index of an unknown version, every file is read, as outside git, and the answers are the same', async () => {
    const { added } = await indexedThenAdded();
    const index = path.join(git(added, 'rev-parse', '--git-dir').trim(), 'index');
    rewriteIndex(path.resolve(added, index), (data) => data.writeUInt32BE(5, 4));
    assert.deepEqual(await searched(added, Object.keys(files)), { ...answers, opened: ['a.rs', 'b.rs', 'c.txt', 'deep/d.rs'] });
  });

  test("where no other worktree has a snapshot, no git index is read, not even the worktree's own", async () => {
    const main = repository(files);
    await addWorktree(main, `${main}-task`);
    assert.deepEqual(await searched(main, Object.keys(files)), { ...answers, opened: ['a.rs', 'b.rs', 'c.txt', 'deep/d.rs'] });
    assert.deepEqual(gitIndexesRead(main), []);
  });

  test("the other worktrees' snapshots are read no further than the first whose entries serve every file git vouches for, and none of their git indexes", async () => {
    const main = repository(files);
    while (await shardOf(main, Object.keys(files)).fill());
    const other = `${main}-other`;
    await filledWorktree(main, other);
    const later = `${main}-later`;
    await addWorktree(main, later);
    assert.deepEqual(await searched(later, Object.keys(files)), { ...answers, opened: ['a.rs', 'deep/d.rs'] });
    assert.deepEqual(snapshotsRead(main, other), [main]);
    assert.deepEqual(gitIndexesRead(main), [path.join('.git', 'worktrees', path.basename(later), 'index')]);
  });

  test("what it took from another worktree it saves with its own files' stamps: its next server reads its own snapshot alone, and only the files that hold the name", async () => {
    const main = repository(files);
    while (await shardOf(main, Object.keys(files)).fill());
    const added = `${main}-task`;
    await earlierWorktree(main, added);
    reads.clear();
    while (await shardOf(added, Object.keys(files)).fill()); // Takes every entry from the main worktree, and saves the shard's snapshot.
    assert.deepEqual(reads.outside().filter((file) => file.startsWith(added + path.sep) && !file.includes(`${path.sep}.git`)), []);
    assert.deepEqual(await searched(added, Object.keys(files)), { ...answers, opened: ['a.rs', 'deep/d.rs'] });
    assert.deepEqual(snapshotsRead(main, added), [added]);
    assert.deepEqual(gitIndexesRead(main), []);
  });

  test('a file with nothing to search (binary) leaves no file unserved: no other worktree is read past the first', async () => {
    const withBinary = { ...files, 'image.bin': 'bytes\0of an image\n' };
    const all = Object.keys(withBinary);
    const main = repository(withBinary);
    while (await shardOf(main, all).fill());
    const other = `${main}-other`;
    await addWorktree(main, other);
    for (const relative of all) utimesSync(path.join(other, relative), PAST, PAST);
    git(other, 'status', '--short');
    while (await shardOf(other, all).fill());
    const later = `${main}-later`;
    await addWorktree(main, later);
    // The binary file is read (git vouches for its blob, which no snapshot names), as it would be after reading every worktree.
    assert.deepEqual(await searched(later, all), { ...answers, opened: ['a.rs', 'deep/d.rs', 'image.bin'] });
    assert.deepEqual(snapshotsRead(main, other), [main]);
  });

  test("a worktree none of whose files git's index vouches for any more (as in a copy) reads no other worktree, and every file", async () => {
    const { main, added } = await indexedThenAdded();
    for (const [relative, text] of Object.entries(files)) {
      rmSync(path.join(added, relative));
      writeOld(added, relative, text); // The same bytes and times, in another inode.
    }
    assert.deepEqual(await searched(added, Object.keys(files)), { ...answers, opened: Object.keys(files).sort() });
    assert.deepEqual(gitIndexesRead(main), [path.join('.git', 'worktrees', path.basename(added), 'index')]);
  });

  test('a file the first other worktree holds in another version is taken from the next one that holds this version', async () => {
    const main = repository(files);
    git(main, 'checkout', '-q', '-b', 'feature');
    writeOld(main, 'b.rs', 'fn other() { changed(); }\n');
    git(main, 'commit', '-qam', 'feature');
    git(main, 'checkout', '-q', '-');
    while (await shardOf(main, Object.keys(files)).fill());
    await filledWorktree(main, `${main}-feature`, 'feature');
    const added = `${main}-task`;
    await addWorktree(main, added, '--detach', 'feature');
    assert.equal(readFileSync(path.join(added, 'b.rs'), 'utf8'), 'fn other() { changed(); }\n');
    assert.deepEqual(await searched(added, Object.keys(files)), { ...answers, opened: ['a.rs', 'deep/d.rs'] });
  });

  test("a submodule's files are read: the repository's index holds the submodule, not them", async () => {
    const library = repository({ 'lib.rs': 'fn needle_lib() {}\n' });
    const main = repository(files);
    git(main, 'submodule', 'add', '-q', library, 'vendor');
    git(main, 'commit', '-qm', 'submodule');
    const all = [...Object.keys(files), 'vendor/lib.rs'];
    const shard = shardOf(main, all);
    while (await shard.fill());
    const added = `${main}-task`;
    await addWorktree(main, added);
    git(added, 'submodule', 'update', '-q', '--init');
    const found = await searched(added, all);
    assert.deepEqual(found.opened, ['a.rs', 'deep/d.rs', 'vendor/lib.rs']);
    assert.deepEqual(found.references, answers.references);
  });
});

describe("a new worktree's map", () => {
  const opened: Project[] = [];
  after(async () => {
    for (const project of opened) await project.search.close();
  });
  const mapOf = (root: string, options: Parameters<typeof openProject>[1]) => {
    const project = openProject(root, options);
    opened.push(project);
    return outlineOrMap(project, { path: '.', budget: 200 });
  };

  /** The map fixture's shop as a repository mapped once, then a new worktree of it checked out earlier; with an index of their own. */
  async function mappedThenAdded(): Promise<{ readonly added: string; readonly cacheDir: string; readonly first: string }> {
    const shop = fixture('map', 'shop');
    const files = Object.fromEntries(
      readdirSync(shop, { recursive: true, encoding: 'utf8' })
        .filter((relative) => statSync(path.join(shop, relative)).isFile())
        .map((relative) => [relative, readFileSync(path.join(shop, relative), 'utf8')]),
    );
    const main = repository(files);
    const cacheDir = temporaryFolder();
    chmodSync(cacheDir, 0o700);
    const first = await mapOf(main, { cacheDir });
    const added = `${main}-task`;
    await addWorktree(main, added);
    for (const relative of Object.keys(files)) utimesSync(path.join(added, relative), PAST, PAST);
    git(added, 'status', '--short');
    return { added, cacheDir, first };
  }
  const countsSaved = (cacheDir: string) => readdirSync(path.join(cacheDir, 'snapshots')).filter((name) => name.includes('-usage-'));

  test("takes the ranking another worktree saved, where its files are the same: it counts nothing, and equals --no-cache's", async () => {
    const { added, cacheDir, first } = await mappedThenAdded();
    const before = countsSaved(cacheDir);
    assert.equal(await mapOf(added, { cacheDir }), first);
    assert.deepEqual(countsSaved(cacheDir), before);
    assert.equal(await mapOf(added, { noCache: true }), first);
  });

  test('where one of its files differs, ranks afresh, and equals --no-cache', async () => {
    const { added, cacheDir, first } = await mappedThenAdded();
    writeFileSync(path.join(added, 'reports.py'), readFileSync(path.join(added, 'reports.py'), 'utf8').replace('def monthly_report', 'def monthly'));
    const edited = await mapOf(added, { cacheDir });
    assert.notEqual(edited, first);
    assert.equal(edited, await mapOf(added, { noCache: true }));
  });
});
