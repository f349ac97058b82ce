/**
 * Whatever happens to the index, every answer is the one `--no-cache` gives, nothing crashes, and
 * stderr says at most one line: a server killed while it writes, several servers and a command on one
 * cache at once (on one tree and on two copies of it, while files change), index files damaged,
 * truncated, of another format or not ours, and cache folders that cannot be written, are full, are
 * a file, a link, another user's or open to others.
 *
 * What happens to the index is blind to language, while a server on a tree of every language compiles
 * some 60 outline queries in each worker (about 3 s of CPU each). So a healthy index is tried on a
 * tree of every language, and the rest on three languages whose files define names asked for, whose
 * queries compile fast (C++'s and TypeScript's take some 0.1 s in each worker of each server).
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { databasesOf } from '../src/index/databaseFiles.js';
import { cliPath, fixture } from './helpers.js';
import { canRunAsNobody, NOBODY } from './hostile.js';

const SYMBOLS = ['main', 'Router', 'parse', 'new', 'Point', 'render', 'zumba_absent'];
const REFERENCES = ['return', 'self', 'value', 'name', 'zumba_absent', 'fn', 'class'];

const temporaries: string[] = [];
after(() => {
  for (const folder of temporaries) fs.rmSync(folder, { recursive: true, force: true });
});

function temporary(prefix: string): string {
  const folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `zumba-${prefix}-`)));
  temporaries.push(folder);
  return folder;
}

/** Fixture folders whose files define names asked for (each defines at least one: `main`, `Router`, `new`). */
const FEW_LANGUAGES = ['go', 'python', 'rust'];

/** A project of real code, in every language the fixtures hold or in those given, with its times an hour back. */
function projectCopy(languages?: readonly string[]): string {
  const root = temporary('index-tree');
  const source = fixture('outline');
  const taken = (file: string) => languages === undefined || file === source || languages.includes(path.relative(source, file).split(path.sep)[0]!);
  fs.cpSync(source, root, { recursive: true, filter: taken });
  const hourAgo = (Date.now() - 3600_000) / 1000;
  for (const entry of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) fs.utimesSync(path.join(root, entry), hourAgo, hourAgo);
  fs.utimesSync(root, hourAgo, hourAgo);
  return root;
}

interface Session {
  readonly texts: string[];
  readonly stderr: string;
}

const CALLS = [...SYMBOLS.map((name) => ['find_symbol', name] as const), ...REFERENCES.map((name) => ['find_references', name] as const)];

/** One server on the project: every call of the lists above in turn, then end of input; its answers and stderr. */
function serverSession(root: string, cacheArgs: readonly string[]): Promise<Session> {
  return sessionOf(process.execPath, [cliPath, 'mcp', root, ...cacheArgs]);
}

/** A server started by `command`: the calls written at once, then end of input, and every answer read. */
async function sessionOf(command: string, args: readonly string[]): Promise<Session> {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.on('error', () => {});
  const initialize = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } };
  const calls = CALLS.map(([tool, name], i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: tool, arguments: { name } } }));
  child.stdin.end([initialize, ...calls].map((line) => JSON.stringify(line) + '\n').join(''));
  const exit = await new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  assert.equal(exit.code, 0, `server exit ${JSON.stringify(exit)}; stderr: ${stderr}`);
  const byId = new Map(stdout.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as { id: number; result?: { content: { text: string }[]; isError?: boolean } }).map((response) => [response.id, response.result]));
  const texts = calls.map(({ id }) => {
    const result = byId.get(id);
    assert.ok(result !== undefined, `no answer to call ${id}; stderr: ${stderr}`);
    return `${result.isError === true ? 'error: ' : ''}${result.content[0]!.text}`;
  });
  return { texts, stderr };
}

/** A one-shot command's output: stdout, or the exit code and stderr when it fails. */
function command(args: readonly string[], options: { uid?: number; gid?: number } = {}): { stdout: string; stderr: string; status: number | null } {
  const result = spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8', timeout: 60_000, ...options });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

/** At most one line on stderr, and no stack. */
function assertQuiet(stderr: string): void {
  const lines = stderr.split('\n').filter((line) => line !== '');
  assert.ok(lines.length <= 1, `stderr:\n${stderr}`);
  assert.ok(!/\n\s+at /.test(stderr), `a stack on stderr:\n${stderr}`);
}

/** A project, and what a server with no index answers on it (and on any copy of it). */
interface Tree {
  readonly root: string;
  expected: string[];
}

const every: Tree = { root: projectCopy(), expected: [] };
const few: Tree = { root: projectCopy(FEW_LANGUAGES), expected: [] };

before(async () => {
  for (const tree of [every, few]) {
    tree.expected = (await serverSession(tree.root, ['--no-cache'])).texts;
    // The names do find things: the comparisons below are not of empty answers.
    assert.ok(tree.expected.filter((text) => !/^No (symbol|references)/.test(text)).length >= 8, tree.expected.join('\n---\n'));
  }
  assert.notDeepEqual(few.expected, every.expected);
});

/** A server on a cache, on the tree or a copy of it: its answers equal `--no-cache`'s and it says at most one line. */
async function answersAsWithout(cache: string, tree: Tree, project = tree.root): Promise<Session> {
  const session = await serverSession(project, ['--cache-dir', cache]);
  assert.deepEqual(session.texts, tree.expected);
  assertQuiet(session.stderr);
  return session;
}

/** The cache folder's one database. */
function databaseOf(cache: string): string {
  const databases = databasesOf(cache);
  assert.equal(databases.length, 1, `databases: ${databases.join(', ')}`);
  return databases[0]!;
}

/** A cache folder whose index has been filled by a `zumba index` run on the tree. */
function filledCache(tree: Tree): string {
  const cache = temporary('cache');
  const indexed = command(['index', '--project', tree.root, '--cache-dir', cache]);
  assert.equal(indexed.status, 0, indexed.stderr);
  assert.equal(indexed.stderr, '');
  assert.ok(fs.statSync(databaseOf(cache)).size > 0);
  return cache;
}

describe('a healthy index', () => {
  test('answers as --no-cache does: empty, then filled by zumba index, then by a server, and for a copy at another path', async () => {
    const cache = temporary('cache');
    assert.equal((await answersAsWithout(cache, every)).stderr, '');
    assert.equal(command(['index', '--project', every.root, '--cache-dir', cache]).status, 0);
    await answersAsWithout(cache, every);
    const copy = projectCopy();
    await answersAsWithout(cache, every, copy);
    await answersAsWithout(cache, every, copy);
  });

  test('zumba cache says where the index is and how big; cache clear empties it', () => {
    const cache = filledCache(few);
    const shown = command(['cache', '--cache-dir', cache]);
    assert.equal(shown.status, 0);
    assert.match(shown.stdout, new RegExp(`^${cache}\\n\\d+\\.\\d MB of at most 2048\\.0 MB\\n$`));
    assert.notEqual(shown.stdout.split('\n')[1], '0.0 MB of at most 2048.0 MB');
    assert.equal(command(['cache', 'clear', '--cache-dir', cache]).status, 0);
    assert.deepEqual(databasesOf(cache), []);
    assert.equal(command(['cache', '--cache-dir', cache]).stdout, `${cache}\n0.0 MB of at most 2048.0 MB\n`);
  });
});

describe('a damaged index', () => {
  // One index filled, and each test damages a copy of its own (filling one took some 3 s of CPU).
  let filled: string | undefined;
  const filledCopy = () => {
    filled ??= filledCache(few);
    const cache = temporary('cache');
    fs.cpSync(filled, cache, { recursive: true });
    return cache;
  };
  const damaged = (damage: (file: string) => void) => async () => {
    const cache = filledCopy();
    damage(databaseOf(cache));
    await answersAsWithout(cache, few);
    // And the next server, on what the first left.
    await answersAsWithout(cache, few);
  };

  test('truncated to half', damaged((file) => fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2))));
  test('truncated to 100 bytes', damaged((file) => fs.truncateSync(file, 100)));

  test(
    'with bytes flipped all through it (one in every 97)',
    damaged((file) => {
      const bytes = fs.readFileSync(file);
      for (let at = 200; at < bytes.length; at += 97) bytes[at] = bytes[at]! ^ 0x5a;
      fs.writeFileSync(file, bytes);
    }),
  );

  test(
    'with one byte flipped inside each stored record (only checksums can tell)',
    damaged((file) => {
      // Records are plain blobs: flipping their bytes leaves a database SQLite reads without complaint.
      const bytes = fs.readFileSync(file);
      const pageSize = bytes.readUInt16BE(16);
      for (let page = 1; page * pageSize < bytes.length; page++) {
        const at = page * pageSize + pageSize - 7; // Cell content sits at a page's end.
        bytes[at] = bytes[at]! ^ 0x01;
      }
      fs.writeFileSync(file, bytes);
    }),
  );

  test('of an older format version', damaged((file) => sql(file, "UPDATE meta SET value = '0' WHERE key = 'format'")));
  test('written by something else: another database', damaged((file) => {
    fs.rmSync(file);
    sql(file, 'CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES (\'mine\')');
  }));
  test('written by something else: not a database at all', damaged((file) => fs.writeFileSync(file, 'these are not the droids\n'.repeat(1000))));

  test('whose snapshots were swapped between shards', damaged((file) => {
    const [first, second] = snapshotsOf(path.dirname(file)).filter((name) => /-files-\d+-of-\d+\.snapshot$/.test(name));
    assert.ok(first !== undefined && second !== undefined, 'two shard snapshots');
    const swap = `${first}.swap`;
    fs.renameSync(first, swap);
    fs.renameSync(second, first);
    fs.renameSync(swap, second);
  }));

  test('whose snapshots were replaced by another project\'s', damaged((file) => {
    const cache = path.dirname(file);
    const own = snapshotsOf(cache);
    const other = projectCopy(FEW_LANGUAGES);
    assert.equal(command(['index', '--project', other, '--cache-dir', cache]).status, 0);
    const theirs = snapshotsOf(cache).filter((name) => !own.includes(name));
    // A snapshot's file is named by a hash of its project's folder, then by what it is.
    const kind = (file: string) => path.basename(file).slice(path.basename(file).indexOf('-'));
    for (const name of own) {
      const match = theirs.find((candidate) => kind(candidate) === kind(name));
      assert.ok(match !== undefined, `the other project has no ${kind(name)}`);
      fs.copyFileSync(match, name);
    }
  }));

  test('whose word filters were all emptied', damaged((file) => sql(file, "UPDATE words SET filter = zeroblob(length(filter))")));

  test('found damaged again and again by threads that read and write it: none dies, none reads a record not written', () => {
    // Removing a damaged database and making it again at the same path, while other threads still
    // read the old one, had SQLite's shared memory cut short under them: the process died of SIGBUS.
    const cache = temporary('cache');
    const race = spawnSync(process.execPath, [fileURLToPath(new URL('./damageRace.js', import.meta.url)), cache, '400'], { encoding: 'utf8', timeout: 60_000 });
    assert.deepEqual([race.status, race.signal, race.stderr], [0, null, '']);
    const [, found, wrong] = /^found (\d+) wrong (\d+)\n$/.exec(race.stdout) ?? assert.fail(race.stdout);
    assert.ok(Number(found) > 0, 'records were read back between the damages');
    assert.equal(Number(wrong), 0);
  });
});

/** The snapshot files of a cache folder, by their full paths. */
function snapshotsOf(cache: string): string[] {
  const folder = path.join(cache, 'snapshots');
  return fs.readdirSync(folder).map((name) => path.join(folder, name));
}

/** Runs SQL on an index file with the same library zumba uses, as a damaging tool would. */
function sql(file: string, statements: string): void {
  const script = `const D = require('better-sqlite3'); const db = new D(${JSON.stringify(file)}); db.exec(${JSON.stringify(statements)}); db.close();`;
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', cwd: path.dirname(cliPath) });
  assert.equal(result.status, 0, result.stderr);
}

describe('a server killed while it writes the index', () => {
  test('leaves an index the next server answers from as --no-cache does', { timeout: 120_000 }, async () => {
    const cache = temporary('cache');
    const big = projectCopy(FEW_LANGUAGES);
    // Enough files that the index is still being written when the kill lands.
    for (let i = 0; i < 3000; i++) fs.writeFileSync(path.join(big, `generated_${i}.rs`), `fn generated_${i}(value: u32) -> u32 { value + ${i} }\nstruct Point${i};\n`);
    const without = await serverSession(big, ['--no-cache']);
    for (const delay of [150, 400, 900]) {
      const child = spawn(process.execPath, [cliPath, 'index', '--project', big, '--cache-dir', cache], { stdio: 'ignore' });
      await new Promise((resolve) => setTimeout(resolve, delay));
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      const session = await serverSession(big, ['--cache-dir', cache]);
      assert.deepEqual(session.texts, without.texts);
      assertQuiet(session.stderr);
    }
  });
});

describe('several processes on one cache at once', () => {
  test('four servers and a command, on one tree and on two copies, while files change', { timeout: 120_000 }, async () => {
    const cache = temporary('cache');
    const copies = [projectCopy(FEW_LANGUAGES), projectCopy(FEW_LANGUAGES)];
    const changing = copies.map((copy) => path.join(copy, 'rust', 'changing.rs'));
    let writing = true;
    // Files that come and go with every turn: each server sees some version of them, or none. What they
    // hold is no name the calls ask for, so that every answer is the same whichever it saw (a line of
    // theirs among 80 capped ones would push another out).
    const churn = (async () => {
      for (let turn = 0; writing; turn++) {
        for (const file of changing) {
          if (turn % 3 === 2) fs.rmSync(file, { force: true });
          else fs.writeFileSync(file, `const CHANGING_${turn}: u32 = ${turn};\n`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const sessions = await Promise.all([
      serverSession(few.root, ['--cache-dir', cache]),
      serverSession(few.root, ['--cache-dir', cache]),
      serverSession(copies[0]!, ['--cache-dir', cache]),
      serverSession(copies[1]!, ['--cache-dir', cache]),
      new Promise<Session>((resolve) => {
        const child = spawn(process.execPath, [cliPath, 'index', '--project', copies[0]!, '--cache-dir', cache]);
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('exit', (code) => resolve({ texts: [`exit ${code}`], stderr }));
      }),
    ]);
    writing = false;
    await churn;
    for (const file of changing) fs.rmSync(file, { force: true });
    for (const session of sessions.slice(0, 4)) {
      assert.deepEqual(session.texts, few.expected);
      assertQuiet(session.stderr);
    }
    assert.deepEqual(sessions[4]!.texts, ['exit 0']);
    assertQuiet(sessions[4]!.stderr);
    // And once all is quiet, each tree answers from the shared index as without it.
    for (const project of [few.root, ...copies]) await answersAsWithout(cache, few, project);
  });
});

describe('a cache folder that cannot be used', () => {
  test('is a file: no index, said once', async () => {
    const file = path.join(temporary('cache-file'), 'cache');
    fs.writeFileSync(file, 'not a folder');
    const session = await answersAsWithout(file, few);
    assert.match(session.stderr, /^zumba: the cache folder .* is not a folder: answering without an index\n$/);
  });

  test('lies below a file: no index, said once', async () => {
    const file = path.join(temporary('cache-file'), 'cache');
    fs.writeFileSync(file, 'not a folder');
    const session = await answersAsWithout(path.join(file, 'below'), few);
    assert.match(session.stderr, /^zumba: cannot make the cache folder .*: answering without an index\n$/);
  });

  test('is a symbolic link: refused, said once, and nothing is written through it', async () => {
    const target = temporary('cache-target');
    const link = path.join(temporary('cache-link'), 'cache');
    fs.symlinkSync(target, link);
    const session = await answersAsWithout(link, few);
    assert.match(session.stderr, /is a symbolic link: answering without an index\n$/);
    assert.deepEqual(fs.readdirSync(target), []);
  });

  test('can be written by others: refused, said once', async () => {
    const open = temporary('cache-open');
    fs.chmodSync(open, 0o777);
    const session = await answersAsWithout(open, few);
    assert.match(session.stderr, /can be written by other users: answering without an index\n$/);
    assert.deepEqual(fs.readdirSync(open), []);
  });

  const asNobody = canRunAsNobody();
  const nobodySkip = !asNobody && 'needs root, able to run the command as an unprivileged user';

  test('belongs to another user: refused, said once', { skip: nobodySkip }, () => {
    const theirs = temporary('cache-theirs');
    const project = temporary('cache-theirs-project');
    fs.writeFileSync(path.join(project, 'a.rs'), 'fn needle() {}\n');
    for (const folder of [theirs, project]) fs.chmodSync(folder, 0o755);
    const result = command(['find-symbol', '--project', project, '--cache-dir', theirs, 'needle'], NOBODY);
    assert.equal(result.stdout, 'a.rs:1 function — fn needle() {}\n');
    assert.match(result.stderr, /^zumba: the cache folder .* belongs to another user: answering without an index\n$/);
  });

  test('cannot be written: answers as without, said once', { skip: nobodySkip }, () => {
    const mine = temporary('cache-readonly');
    const project = temporary('cache-readonly-project');
    fs.writeFileSync(path.join(project, 'a.rs'), 'fn needle() {}\n');
    fs.chmodSync(project, 0o755);
    fs.chownSync(mine, NOBODY.uid, NOBODY.gid);
    fs.chmodSync(mine, 0o500);
    const result = command(['find-symbol', '--project', project, '--cache-dir', mine, 'needle'], NOBODY);
    assert.equal(result.stdout, 'a.rs:1 function — fn needle() {}\n');
    assertQuiet(result.stderr);
    assert.match(result.stderr, /^zumba: the index in .* cannot be used/);
  });

  test('is full (a file-size limit): answers as without, said once', async () => {
    const cache = temporary('cache-full');
    // 192 KiB at most per file: the index's first pages fit (eight of 16 KB, in its write-ahead log), its first real write does not.
    const script = `ulimit -f 384; exec "${process.execPath}" "${cliPath}" mcp "${few.root}" --cache-dir "${cache}"`;
    const session = await sessionOf('sh', ['-c', script]);
    assert.deepEqual(session.texts, few.expected);
    assertQuiet(session.stderr);
    assert.match(session.stderr, /^zumba: the index could not be used/);
  });
});
