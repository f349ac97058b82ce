/**
 * The user's shared server (src/daemon/): servers on two worktrees of a repository answer through one
 * daemon, as a lone server would; a daemon killed mid-call, a socket path held by something else, a
 * socket left by a dead daemon and a daemon of another build each leave every call answered, and
 * answered right. The servers here run without ZUMBA_ALONE, which the other suites set.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { cliPath } from './helpers.js';
import { committedRepository, git } from './gitRepository.js';
import { killAll, SpawnedServer } from './spawnedServer.js';

after(killAll);
after(() => {
  for (const pid of daemons()) process.kill(pid, 'SIGKILL');
});

const cache = realpathSync(process.env['ZUMBA_CACHE_DIR']!);
/** The servers' environment: shared, their daemons ending soon after their last server. */
const SHARING: NodeJS.ProcessEnv = { ...process.env, ZUMBA_ALONE: '', ZUMBA_DAEMON_LINGER_MS: '500' };
/** The built server's socket (its build key hashes the bundle it runs, not this suite's modules): learnt in `before`. */
let socket = '';

const FILES: Record<string, string> = {
  'src/store.rs': 'pub struct Store {}\n\nimpl Store {\n    pub fn open() -> Store { Store {} }\n}\n',
  'src/main.rs': 'mod store;\n\nfn main() {\n    let s = store::Store::open();\n}\n',
  'web/app.ts': 'export function open(path: string): void {}\nexport class Store {}\n',
  'README.md': '# Stores\n\nOpen a Store.\n',
};

/** A repository of FILES, its files an hour old, and a second worktree of it. */
function repositoryWithWorktree(): { main: string; task: string } {
  const main = committedRepository(FILES);
  const task = `${main}-task`;
  git(main, 'worktree', 'add', '-q', task);
  return { main, task };
}

/** The daemons of this suite's cache running now, by pid. */
function daemons(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return args.includes('daemon') && args.includes(cache);
      } catch {
        return false; // Gone meanwhile.
      }
    })
    .map(Number);
}

/** Waits until `done` holds; the test's timeout is the hang guard. */
async function eventually(done: () => boolean): Promise<void> {
  while (!done()) await delay(20);
}

const CALLS: [string, Record<string, unknown>][] = [
  ['find_symbol', { name: 'Store' }],
  ['find_symbol', { name: 'open' }],
  ['find_references', { name: 'Store' }],
  ['find_references', { name: 'open', path: '*.rs' }],
  ['outline', { path: '.' }],
  ['outline', { path: 'src/store.rs' }],
];

class Client {
  private nextId = 1;
  readonly server: SpawnedServer;

  constructor(project: string, flags: readonly string[] = [], env: NodeJS.ProcessEnv = SHARING) {
    this.server = new SpawnedServer(['mcp', project, ...flags], undefined, env);
  }

  async initialize(): Promise<void> {
    await this.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } });
    await this.server.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  }

  /** Sends a tools/call; the returned promise is its result's text. */
  async call(name: string, args: Record<string, unknown>): Promise<string> {
    const result = (await this.request('tools/call', { name, arguments: args })) as { content: { text: string }[] };
    return result.content[0]!.text;
  }

  /** Every call of CALLS, in order. */
  async answers(): Promise<string[]> {
    const texts = [];
    for (const [name, args] of CALLS) texts.push(await this.call(name, args));
    return texts;
  }

  async close(): Promise<void> {
    this.server.child.stdin.end();
    await this.server.exited;
  }

  private async request(method: string, params: unknown): Promise<unknown> {
    const id = this.nextId++;
    await this.server.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    const find = () => this.server.responses().find((response) => response['id'] === id);
    await this.server.until(() => find() !== undefined, `the answer to ${method}`);
    const response = find()!;
    if (response['error'] !== undefined) throw new Error(JSON.stringify(response['error']));
    return response['result'];
  }
}

/** What a lone server with no index answers to CALLS on the project. */
async function aloneAnswers(project: string): Promise<string[]> {
  const client = new Client(project, ['--alone', '--no-cache']);
  await client.initialize();
  const answers = await client.answers();
  await client.close();
  return answers;
}

/** Ends every daemon of the suite's cache, and removes the socket each leaves (each test starts with none). */
async function noDaemon(): Promise<void> {
  for (const pid of daemons()) process.kill(pid, 'SIGKILL');
  await eventually(() => daemons().length === 0);
  rmSync(socket, { force: true });
}

/**
 * A server on a new repository through a daemon of its own (any other ended first), its first call
 * answered through it: with what a lone server answers to CALLS, and the daemon's pid.
 */
async function answeringThroughNewDaemon(env: NodeJS.ProcessEnv = SHARING): Promise<{ client: Client; expected: string[]; daemon: number }> {
  await noDaemon();
  const { main } = repositoryWithWorktree();
  const expected = await aloneAnswers(main);
  const client = new Client(main, [], env);
  await client.initialize();
  assert.equal(await client.call(...CALLS[0]!), expected[0]);
  const [daemon] = daemons();
  assert.ok(daemon !== undefined);
  return { client, expected, daemon };
}

describe('the shared server', { concurrency: false }, () => {
  before(async () => {
    const client = new Client(repositoryWithWorktree().main);
    await client.initialize();
    await client.call('find_symbol', { name: 'Store' });
    await client.close();
    const folder = path.join(cache, 'daemon');
    const sockets = readdirSync(folder).filter((name) => name.endsWith('.sock'));
    assert.equal(sockets.length, 1);
    socket = path.join(folder, sockets[0]!);
  });

  test('servers on two worktrees answer through one daemon, as a lone server with no index does', { timeout: 60_000 }, async () => {
    await noDaemon();
    const { main, task } = repositoryWithWorktree();
    const expected = await aloneAnswers(task);
    const first = new Client(main);
    await first.initialize();
    assert.deepEqual(await first.answers(), await aloneAnswers(main));
    const second = new Client(task);
    await second.initialize();
    assert.deepEqual(await second.answers(), expected);
    assert.equal(daemons().length, 1);
    assert.ok(lstatSync(socket).isSocket());
    // An edit shows in the very next call, through the daemon as alone.
    writeFileSync(path.join(task, 'web/app.ts'), 'export function open(path: string): void {}\nexport class Store {}\nexport class Shelf {}\n');
    assert.match(await second.call('find_symbol', { name: 'Shelf' }), /web\/app\.ts:3/);
    assert.equal(first.server.stderr + second.server.stderr, '');
    await first.close();
    await second.close();
    // Its last server gone, the daemon ends (after ZUMBA_DAEMON_LINGER_MS) and takes its socket with it.
    await eventually(() => daemons().length === 0 && !existsSync(socket));
  });

  test('--alone, or ZUMBA_ALONE=1, starts no daemon', { timeout: 30_000 }, async () => {
    await noDaemon();
    const { main } = repositoryWithWorktree();
    for (const client of [new Client(main, ['--alone']), new Client(main, [], { ...SHARING, ZUMBA_ALONE: '1' })]) {
      await client.initialize();
      await client.call('find_symbol', { name: 'Store' });
      assert.deepEqual(daemons(), []);
      await client.close();
    }
  });

  test('the daemon killed (SIGKILL) during a call: the call is answered, alone and right, and stderr says so once', { timeout: 60_000 }, async () => {
    const { client, expected, daemon } = await answeringThroughNewDaemon();
    const answering = client.answers();
    process.kill(daemon, 'SIGKILL');
    assert.deepEqual(await answering, expected);
    assert.deepEqual(await client.answers(), expected);
    assert.match(client.server.stderr, /^zumba: the shared server went away; answering alone\n$/);
    await client.close();
  });

  test('the daemon stopped (SIGSTOP) during a call: once nothing came from it for ZUMBA_DAEMON_SILENCE_MS, the call is answered alone and right', { timeout: 60_000 }, async () => {
    const { client, expected, daemon } = await answeringThroughNewDaemon({ ...SHARING, ZUMBA_DAEMON_SILENCE_MS: '1000' });
    process.kill(daemon, 'SIGSTOP');
    try {
      assert.deepEqual(await client.answers(), expected);
    } finally {
      process.kill(daemon, 'SIGCONT');
    }
    assert.match(client.server.stderr, /^zumba: the shared server said nothing for 1 s; answering alone\n$/);
    await client.close();
  });

  test('the daemon stopped for less than ZUMBA_DAEMON_SILENCE_MS: its calls are still answered by it, and nothing is said', { timeout: 60_000 }, async () => {
    const { client, expected, daemon } = await answeringThroughNewDaemon({ ...SHARING, ZUMBA_DAEMON_SILENCE_MS: '3000' });
    process.kill(daemon, 'SIGSTOP');
    const answering = client.answers();
    await delay(1000);
    process.kill(daemon, 'SIGCONT');
    assert.deepEqual(await answering, expected);
    assert.deepEqual(daemons(), [daemon]);
    assert.equal(client.server.stderr, '');
    await client.close();
  });

  test('a socket left by a dead daemon is removed, and a new daemon listens there', { timeout: 60_000 }, async () => {
    await noDaemon();
    const { main } = repositoryWithWorktree();
    // A process listening on the socket, killed: the socket stays, with nothing behind it.
    mkdirSync(path.dirname(socket), { recursive: true, mode: 0o700 });
    const holder = spawn(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(socket)}, () => console.log('up'))`], { stdio: ['ignore', 'pipe', 'ignore'] });
    await new Promise((resolve) => holder.stdout.once('data', resolve));
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    assert.ok(lstatSync(socket).isSocket());
    const client = new Client(main);
    await client.initialize();
    assert.deepEqual(await client.answers(), await aloneAnswers(main));
    assert.equal(daemons().length, 1);
    assert.equal(client.server.stderr, '');
    await client.close();
  });

  test('something at the socket path that is not a socket of this user is refused and left alone: the server answers alone', { timeout: 60_000 }, async (t) => {
    const { main } = repositoryWithWorktree();
    const expected = await aloneAnswers(main);
    mkdirSync(path.dirname(socket), { recursive: true, mode: 0o700 });
    const cases: [string, () => void, RegExp][] = [['a file', () => writeFileSync(socket, 'not a socket'), /is not a socket; answering alone/]];
    if (process.getuid?.() === 0) {
      cases.push([
        "another user's socket",
        () => {
          const made = spawnSync(process.execPath, ['-e', `const s = require('net').createServer().listen(${JSON.stringify(socket)}, () => process.exit(0))`]);
          assert.equal(made.status, 0);
          chownSync(socket, 65534, 65534);
        },
        /belongs to another user; answering alone/,
      ]);
    } else t.diagnostic('not root: a socket of another user cannot be made here');
    for (const [what, make, said] of cases) {
      await noDaemon();
      make();
      const client = new Client(main);
      await client.initialize();
      assert.deepEqual(await client.answers(), expected, what);
      assert.match(client.server.stderr, said, what);
      assert.deepEqual(daemons(), [], what);
      assert.ok(existsSync(socket), what);
      await client.close();
      rmSync(socket, { force: true });
    }
  });

  test('a daemon of another build at the socket: no sharing, and the server answers alone', { timeout: 60_000 }, async () => {
    await noDaemon();
    const { main } = repositoryWithWorktree();
    const expected = await aloneAnswers(main);
    mkdirSync(path.dirname(socket), { recursive: true, mode: 0o700 });
    const other = net.createServer((connection) => {
      connection.on('data', () => connection.write(`${JSON.stringify({ hello: { build: 'another build' } })}\n`));
    });
    await new Promise<void>((resolve) => other.listen(socket, resolve));
    try {
      const client = new Client(main);
      await client.initialize();
      assert.deepEqual(await client.answers(), expected);
      assert.match(client.server.stderr, /^zumba: the shared server at \S+ is another build; answering alone\n$/);
      await client.close();
    } finally {
      other.close();
    }
  });
});

test('the daemon command refuses anything but --cache-dir', () => {
  const run = spawnSync(process.execPath, [cliPath, 'daemon'], { encoding: 'utf8' });
  assert.equal(run.status, 2);
  assert.match(run.stderr, /daemon takes --cache-dir DIR/);
});
